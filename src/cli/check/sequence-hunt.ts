// `seqref check` cases of Sequence Hunt (contracts section 2): one claim, and spotting every set.
import { InputError, shown } from '../../errors.js';
import { countSets, listSets } from '../../rules/hunt-finder.js';
import { repeatedCards } from '../../rules/layout.js';
import { sequenceHunt } from '../../rules/sequence-hunt.js';
import { SEQUENCE_TYPES, type SequenceType } from '../../rules/tic-sequence.js';
import { violation } from '../../rules/violation.js';
import { answer, type CheckAnswer } from './answer.js';
import { integerField, objectField, stringField, ticCardsField, type CaseObject } from './case-input.js';

const DEFAULT_SPOT_LIMIT = 1000;
/** The most sets one answer lists (the whole deck holds some 300,000; past this the answer is hundreds of megabytes). */
const MAX_SPOT_LIMIT = 100_000;

/** sequence-hunt / claim: legal when some order makes exactly the claimed type; points its For Points value. */
export function judgeHuntClaim(input: CaseObject): CheckAnswer {
  const claim = objectField(input, 'claim');
  const type = stringField(claim, 'type', 'case: claim').toLowerCase();
  if (!isSequenceType(type)) throw new InputError(`case: claim: field "type" must be "mono", "duo" or "tripo", got ${shown(type)}`);
  const size = integerField(claim, 'size', 'case: claim');
  const cards = ticCardsField(input, 'cards');
  const { violations, set } = sequenceHunt.judgeClaim({ type, size }, cards);
  return answer(violations, set ? sequenceHunt.setPoints(set.cards) : 0, { set });
}

/** sequence-hunt / spot: how many of each of the nine sets lie on the grid, and up to `limit` of them. */
export function judgeHuntSpot(input: CaseObject): CheckAnswer {
  const cards = ticCardsField(input, 'cards');
  const limit = input.limit === undefined ? DEFAULT_SPOT_LIMIT : integerField(input, 'limit');
  if (limit < 0 || limit > MAX_SPOT_LIMIT) throw new InputError(`case: field "limit" must be from 0 to ${MAX_SPOT_LIMIT}, not ${limit}`);
  const violations = repeatedCards(cards).map((card) => violation('card-named-twice', `${card} is named more than once`, [card]));
  return answer(violations, null, { counts: countSets(cards), sets: [...listSets(cards, limit)] });
}

function isSequenceType(type: string): type is SequenceType {
  return (SEQUENCE_TYPES as readonly string[]).includes(type);
}
