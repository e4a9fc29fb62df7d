// `seqref check` for { "game": "progression", "kind": "play" } (contracts section 2).
import { progression } from '../../rules/progression.js';
import { answer, type CheckAnswer } from './answer.js';
import { isBoolean, objectField, optionalField, ticPlacementsField, type CaseObject } from './case-input.js';

/** Placement legality and points; adds "sequences": the across and down sequences scored. */
export function judgeProgressionPlay(input: CaseObject): CheckAnswer {
  const table = ticPlacementsField(input, 'table');
  const play = ticPlacementsField(input, 'play');
  const options = input.options === undefined ? {} : objectField(input, 'options');
  const reversing = optionalField(options, 'reversing', false, isBoolean, 'true or false');
  const judgement = progression.judgePlay(table, play, { reversing });
  const sequences = [judgement.across, judgement.down].filter((s) => s !== null);
  return answer(judgement.violations, judgement.points, { sequences });
}
