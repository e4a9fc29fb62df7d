// `seqref check` for Sequence Shift: kinds "table" and "turn" (contracts section 2).
import { InputError } from '../../errors.js';
import { sequenceShift } from '../../rules/sequence-shift.js';
import { answer, type CaseJudge } from './answer.js';
import { isBoolean, optionalField, ticCardsField, ticPlacementsField } from './case-input.js';

export const judgeShiftTable: CaseJudge = (input) => {
  const { violations, sequences } = sequenceShift.judgeTable(ticPlacementsField(input, 'table'));
  return answer(violations, null, { sequences });
};

export const judgeShiftTurn: CaseJudge = (input) => {
  const variant = optionalField(input, 'variant', 'standard', isString, 'a string');
  if (!sequenceShift.isVariant(variant)) {
    throw new InputError(`case: field "variant" must be one of ${sequenceShift.variants.join(', ')}, got ${JSON.stringify(variant)}`);
  }
  const { violations, played } = sequenceShift.judgeTurn({
    before: ticPlacementsField(input, 'before'),
    after: ticPlacementsField(input, 'after'),
    hand: ticCardsField(input, 'hand'),
    opened: optionalField(input, 'opened', false, isBoolean, 'true or false'),
    variant,
  });
  return answer(violations, null, { played });
};

function isString(v: unknown): v is string {
  return typeof v === 'string';
}
