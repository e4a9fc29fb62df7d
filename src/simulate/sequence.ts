// Sequence (the board game) games through the engine's legalMoves and play.
//   random: a random legal move (each distinct card once per space, as legalMoves lists them);
//   greedy: a dead card exchanged first; then the chip that makes the longest open line of the
//           team's colour (five: a sequence), a one-eyed Jack against an opponent's line of four,
//           Jacks kept for when they matter.
//
// Moves:  the engine's SequenceMove: { type: 'place' | 'remove', card, row, col },
//         { type: 'exchange', card } (a dead card; the turn goes on), { type: 'pass' };
//         and, only as a deliberate illegal attempt, { type: 'two-chips', cards, spaces }.
// Events: { kind: 'sequence', team, direction, cells }   a sequence completed
//         { kind: 'draw', player, card }                   the replacement card
//         { kind: 'exchange', player, dead, card }
//         { kind: 'reshuffle' }                            the discards became the deck
//         { kind: 'rejected', player }                     a deliberate illegal attempt taken back
//         { kind: 'win', winners, team }                   winners: the team's index (0 green, 1 blue, 2 red)
//         { kind: 'blocked' }                              nobody could move
// Deliberate illegal attempts alternate: a chip on a covered space (the engine's "space-covered"),
// then two chips in one turn (judged as a series of two boards: "several-changes"); each falls
// back on the other when the hand cannot make it. The attempt is rejected and a legal move made.
import { isJack, isTwoEyedJack } from '../cards/playing.js';
import { InputError } from '../errors.js';
import type { Random } from '../rules/random.js';
import { spacesOf } from '../rules/sequence-board-layout.js';
import { sequence, TEAM_ORDER, type Cells, type Chip, type Sequence, type SequenceMove, type SequenceState, type Team } from '../rules/sequence.js';
import { allFives } from '../rules/sequence/lines.js';
import type { Violation } from '../rules/violation.js';
import type { SequenceRecord } from './index.js';
import { isIllegalTurn, pick, policyRandom, RecordBuilder, type Resolved } from './shared.js';

export type SequenceMoveRecord =
  | SequenceMove
  | { readonly type: 'two-chips'; readonly cards: readonly [string, string]; readonly spaces: readonly [{ readonly row: number; readonly col: number }, { readonly row: number; readonly col: number }] };

export interface SequenceView {
  /** Contracts section 1: 10 strings of 10 characters. */
  readonly board: readonly string[];
  readonly deck: number;
  /** Cards in each seat's hand. */
  readonly hands: readonly number[];
  /** The top card of each seat's discard pile. */
  readonly discards: readonly (string | null)[];
}

export type SequenceEvent =
  | { readonly kind: 'sequence'; readonly team: Team; readonly direction: Sequence['direction']; readonly cells: Sequence['cells'] }
  | { readonly kind: 'draw'; readonly player: number; readonly card: string }
  | { readonly kind: 'exchange'; readonly player: number; readonly dead: string; readonly card: string }
  | { readonly kind: 'reshuffle' }
  | { readonly kind: 'rejected'; readonly player: number }
  | { readonly kind: 'win'; readonly winners: readonly number[]; readonly team: Team }
  | { readonly kind: 'blocked' };

function view(state: SequenceState): SequenceView {
  return {
    board: state.board,
    deck: state.deck.length,
    hands: state.hands.map((h) => h.length),
    discards: state.discards.map((pile) => pile.at(-1) ?? null),
  };
}

function teamsOf(state: SequenceState): readonly Team[] {
  return TEAM_ORDER.slice(0, state.teams);
}

function sequencesByTeam(state: SequenceState): number[] {
  return teamsOf(state).map((t) => state.sequences.filter((s) => s.team === t).length);
}

function chipsByTeam(state: SequenceState): number[] {
  return teamsOf(state).map((t) => state.board.reduce((n, row) => n + [...row].filter((c) => c === t).length, 0));
}

export function simulateSequence(options: Resolved): SequenceRecord {
  const players = options.players ?? 2;
  const variant = options.variant ?? 'standard';
  if (variant !== 'standard') throw new InputError(`variant: Sequence has only "standard" (see options teams, nineCountsTwice), got "${variant}"`);
  const nineCountsTwice = options.options?.nineCountsTwice === true;
  // The engine checks players and teams (InputError).
  let state = sequence.setup({ players, ...(options.options?.teams !== undefined ? { teams: options.options.teams } : {}), nineCountsTwice }, options.seed);
  const random = policyRandom(options.seed);
  const rec = new RecordBuilder<'sequence', SequenceMoveRecord, SequenceView, SequenceEvent, readonly number[]>(
    'sequence',
    options.seed,
    { players, policy: options.policy, variant, illegalEvery: options.illegalEvery, maxTurns: options.maxTurns, options: { teams: state.teams, nineCountsTwice }, sides: 'teams', scores: 'sequences' },
    { stateAfter: view(state), scores: sequencesByTeam(state), chips: chipsByTeam(state) },
  );

  let attempts = 0;
  let attemptedTurn = -1;
  let refused = false;
  while (!state.over && state.turn < options.maxTurns) {
    const seat = state.current;
    const team = sequence.teamOfSeat(seat, state.teams);
    const turn = state.turn + 1;
    if (attemptedTurn !== turn && !state.exchanged && isIllegalTurn(options, turn)) {
      attemptedTurn = turn;
      const attempt = illegalAttempt(state, attempts % 2 === 0 ? 'covered' : 'two-chips', random);
      if (attempt) {
        attempts += 1;
        rec.add({ turn, player: seat, team, move: attempt.move, deliberate: true, violations: attempt.violations, stateAfter: view(state), scores: sequencesByTeam(state), chips: chipsByTeam(state), events: [{ kind: 'rejected', player: seat }] });
      }
    }
    const legal = sequence.legalMoves(state);
    const move = options.policy === 'greedy' ? greedyMove(state, legal, random) : pick(random, legal);
    const result = sequence.play(state, move);
    const after = result.violations.length === 0 ? result.state : state;
    rec.add({ turn, player: seat, team, move, violations: result.violations, stateAfter: view(after), scores: sequencesByTeam(after), chips: chipsByTeam(after), events: eventsOf(state, after, move, result.completed) });
    // A listed move the engine refused is a bug: recorded (not deliberate), and the game stops.
    if (result.violations.length > 0) {
      refused = true;
      break;
    }
    state = after;
  }
  const winners = state.winner ? [TEAM_ORDER.indexOf(state.winner)] : [];
  return rec.finish({
    over: state.over,
    reason: refused ? 'refused' : !state.over ? 'turn-cap' : state.winner ? 'won' : 'blocked',
    winners,
    scores: sequencesByTeam(state),
    turns: state.turn,
  });
}

function eventsOf(before: SequenceState, after: SequenceState, move: SequenceMove, completed: readonly Sequence[]): SequenceEvent[] {
  const seat = before.current;
  const events: SequenceEvent[] = completed.map((s) => ({ kind: 'sequence', team: s.team, direction: s.direction, cells: s.cells }));
  if (after.reshuffles > before.reshuffles) events.push({ kind: 'reshuffle' });
  const hand = after.hands[seat]!;
  if (move.type === 'exchange') {
    events.push({ kind: 'exchange', player: seat, dead: move.card, card: hand.at(-1)! });
  } else if (move.type !== 'pass' && hand.length === before.hands[seat]!.length) {
    // The hand kept its size: a replacement was drawn (it is the last card).
    events.push({ kind: 'draw', player: seat, card: hand.at(-1)! });
  }
  if (after.winner) events.push({ kind: 'win', winners: [TEAM_ORDER.indexOf(after.winner)], team: after.winner });
  else if (after.over) events.push({ kind: 'blocked' });
  return events;
}

// ---- greedy

/** The five-space windows through each space. */
const WINDOWS: readonly (readonly number[])[][] = (() => {
  const through: number[][][] = Array.from({ length: 100 }, () => []);
  for (const five of allFives()) for (const i of five.cells) through[i]!.push(five.cells);
  return through;
})();
const CORNERS = new Set([0, 9, 90, 99]);

/** The most chips of `team` (corners count) in a window through `index` holding no other colour. */
function openLine(cells: Cells, index: number, team: Team): number {
  let best = 0;
  for (const window of WINDOWS[index]!) {
    let mine = 0;
    let blocked = false;
    for (const i of window) {
      const chip = cells[i]!;
      if (CORNERS.has(i) || chip === team) mine++;
      else if (chip !== '.') {
        blocked = true;
        break;
      }
    }
    if (!blocked && mine > best) best = mine;
  }
  return best;
}

export function greedyMove(state: SequenceState, legal: readonly SequenceMove[], random: Random): SequenceMove {
  const exchange = legal.find((m) => m.type === 'exchange');
  if (exchange) return exchange;
  const cells = sequence.cellsOf(state.board);
  const team = sequence.teamOfSeat(state.current, state.teams);
  const value = (m: SequenceMove): number => {
    if (m.type === 'pass' || m.type === 'exchange') return 0;
    const index = m.row * 10 + m.col;
    if (m.type === 'remove') {
      const threat = openLine(cells, index, cells[index] as Team);
      return threat >= 4 ? 45 : threat * 10 - 15;
    }
    // The chip itself joins the line: an open window already holding four makes five.
    const line = openLine(cells, index, team) + 1;
    return line * 10 + (line >= 5 ? 100 : 0) - (isTwoEyedJack(m.card) ? 3 : 0);
  };
  let best: SequenceMove[] = [];
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const m of legal) {
    const v = value(m);
    if (v > bestValue) [best, bestValue] = [[m], v];
    else if (v === bestValue) best.push(m);
  }
  return pick(random, best);
}

// ---- deliberate illegal attempts

interface Attempt {
  readonly move: SequenceMoveRecord;
  readonly violations: readonly Violation[];
}

function illegalAttempt(state: SequenceState, first: 'covered' | 'two-chips', random: Random): Attempt | null {
  const order = first === 'covered' ? [coveredSpace, twoChips] : [twoChips, coveredSpace];
  for (const make of order) {
    const attempt = make(state, random);
    if (attempt) return attempt;
  }
  return null;
}

/** A card played onto a space that already holds a chip (a space showing that card when the hand has one). */
function coveredSpace(state: SequenceState, random: Random): Attempt | null {
  const cells = sequence.cellsOf(state.board);
  const hand = state.hands[state.current]!;
  const options: { card: string; index: number }[] = [];
  for (const card of new Set(hand)) {
    if (isJack(card)) continue;
    for (const i of spacesOf(card)) if (cells[i] !== '.') options.push({ card, index: i });
  }
  if (options.length === 0) {
    const jack = hand.find(isTwoEyedJack);
    if (jack) for (let i = 0; i < 100; i++) if (cells[i] !== '.' && !CORNERS.has(i)) options.push({ card: jack, index: i });
  }
  if (options.length === 0) return null;
  const { card, index } = pick(random, options);
  const move: SequenceMove = { type: 'place', card, row: Math.floor(index / 10), col: index % 10 };
  return { move, violations: sequence.play(state, move).violations };
}

/** Two chips put down in one turn, on spaces two hand cards could each take, judged as two boards. */
function twoChips(state: SequenceState, random: Random): Attempt | null {
  const places = sequence.legalMoves(state).filter((m): m is Extract<SequenceMove, { type: 'place' }> => m.type === 'place');
  if (places.length < 2) return null;
  const hand = state.hands[state.current]!;
  const a = pick(random, places);
  const rest = places.filter((m) => (m.row !== a.row || m.col !== a.col) && (m.card !== a.card || hand.filter((c) => c === a.card).length > 1));
  if (rest.length === 0) return null;
  const b = pick(random, rest);
  const cells = sequence.cellsOf(state.board);
  const options = { nineCountsTwice: state.options.nineCountsTwice };
  // A series reads its first board alone: where that board shows more sequences than were marked
  // in play (a five marked inside what later became nine or ten in a row), it may call the game
  // won already and add "move-after-win". Such a board gets the covered-space attempt instead.
  if (sequence.judgeBoard(cells, state.teams, options).winner !== null) return null;
  const team = sequence.teamOfSeat(state.current, state.teams);
  const after: Chip[] = [...cells];
  after[a.row * 10 + a.col] = team;
  after[b.row * 10 + b.col] = team;
  const judged = sequence.judgeSeries({ teams: state.teams, boards: [cells, after], cards: [a.card], first: team, options });
  return {
    move: { type: 'two-chips', cards: [a.card, b.card], spaces: [{ row: a.row, col: a.col }, { row: b.row, col: b.col }] },
    violations: judged.violations,
  };
}
