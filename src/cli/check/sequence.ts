// `seqref check` for { "game": "sequence", "kind": "board" | "move" | "series" }.
import { InputError } from '../../errors.js';
import { parsePlayingCard } from '../../cards/playing.js';
import { type Team, sequence, type SequenceOptions } from '../../rules/sequence.js';
import { answer, type CheckAnswer } from './answer.js';
import { arrayField, field, integerField, isBoolean, objectField, optionalField, type CaseObject } from './case-input.js';

/** Contracts section 2: the sequences each team can hold at once, the winner, unreachable states. */
export function judgeSequenceBoard(input: CaseObject): CheckAnswer {
  const teams = teamsField(input);
  const cells = sequence.parseBoard(field(input, 'board'), 'board');
  const judged = sequence.judgeBoard(cells, teams, { ...optionsField(input), ...firstField(input) });
  return answer(judged.violations, null, { sequences: judged.sequences, winner: judged.winner, counts: judged.counts, next: judged.next });
}

/** One move (card and space) by one team on a board. */
export function judgeSequenceMove(input: CaseObject): CheckAnswer {
  const teams = teamsField(input);
  const cells = sequence.parseBoard(field(input, 'board'), 'board');
  const team = teamField(input, 'team');
  const card = cardField(input, 'card');
  const row = spaceIndexField(input, 'row');
  const col = spaceIndexField(input, 'col');
  const exchanged = input.exchanged === undefined ? [] : arrayField(input, 'exchanged').map((c, i) => cardValue(c, `exchanged[${i}]`));
  const locked = input.locked === undefined ? undefined : arrayField(input, 'locked').map((p, i) => positionValue(p, `locked[${i}]`));
  const judged = sequence.judgeMove(cells, teams, { team, card, index: row * 10 + col, exchanged, ...(locked ? { locked } : {}) }, { ...optionsField(input), ...firstField(input) });
  return answer(judged.violations, null, { board: sequence.rowsOf(judged.after), completed: judged.completed, winner: judged.winner });
}

/** A series of boards, one per turn: the move between each two inferred and checked. */
export function judgeSequenceSeries(input: CaseObject): CheckAnswer {
  const teams = teamsField(input);
  const boards = arrayField(input, 'boards').map((b, i) => sequence.parseBoard(b, `boards[${i}]`));
  if (boards.length === 0) throw new InputError('case: field "boards" must hold at least one board');
  let cards: (string | null)[] | undefined;
  if (input.cards !== undefined) {
    const raw = arrayField(input, 'cards');
    if (raw.length > boards.length - 1) {
      throw new InputError(`case: field "cards" has ${raw.length} entries for ${boards.length - 1} turns (one per turn between boards)`);
    }
    cards = raw.map((c, i) => (c === null ? null : cardValue(c, `cards[${i}]`)));
  }
  const judged = sequence.judgeSeries({ teams, boards, ...(cards ? { cards } : {}), ...firstField(input), options: optionsField(input) });
  return answer(judged.violations, null, { moves: judged.moves, sequences: judged.sequences, winner: judged.winner });
}

function teamsField(input: CaseObject): 2 | 3 {
  const teams = optionalField(input, 'teams', 2, (v): v is number => v === 2 || v === 3, '2 or 3');
  return teams === 3 ? 3 : 2;
}

/** The colour that moved first (the rulebook does not say; where the case does not either, both are allowed). */
function firstField(input: CaseObject): { first?: Team } {
  return input.first === undefined ? {} : { first: teamField(input, 'first') };
}

function optionsField(input: CaseObject): SequenceOptions {
  if (input.options === undefined) return {};
  const options = objectField(input, 'options');
  return { nineCountsTwice: optionalField(options, 'nineCountsTwice', false, isBoolean, 'true or false (options.nineCountsTwice)') };
}

const TEAMS: Record<string, Team> = { G: 'G', B: 'B', R: 'R', GREEN: 'G', BLUE: 'B', RED: 'R' };

function teamField(input: CaseObject, name: string): Team {
  const value = field(input, name);
  const team = typeof value === 'string' ? TEAMS[value.trim().toUpperCase()] : undefined;
  if (!team) throw new InputError(`case: field "${name}" must be a team colour: "G", "B" or "R"`);
  return team;
}

function cardField(input: CaseObject, name: string): string {
  return cardValue(field(input, name), name);
}

function cardValue(value: unknown, place: string): string {
  try {
    return parsePlayingCard(value);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`case: ${place}: ${error.message}`);
    throw error;
  }
}

function spaceIndexField(input: CaseObject, name: string): number {
  const value = integerField(input, name);
  if (value < 0 || value > 9) throw new InputError(`case: field "${name}" must be 0..9, got ${value}`);
  return value;
}

function positionValue(value: unknown, place: string): number {
  if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => Number.isInteger(v) && v >= 0 && v <= 9)) {
    throw new InputError(`case: ${place} must be a space [row, col] with both 0..9`);
  }
  return (value[0] as number) * 10 + (value[1] as number);
}

