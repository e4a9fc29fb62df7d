// A whole game of Sequence as plain data: setup, the legal moves of the player to move, and play.
import { InputError } from '../../errors.js';
import { isJack, isOneEyedJack, isTwoEyedJack, playingDeck } from '../../cards/playing.js';
import { seededRandom, shuffled } from '../random.js';
import { violation, type Violation } from '../violation.js';
import { LAYOUT, spacesOf } from '../sequence-board-layout.js';
import {
  CELL_COUNT,
  CHIP_SUPPLY,
  type Cells,
  type Chip,
  type Team,
  TEAM_ORDER,
  cellsOf,
  chipCounts,
  emptyBoard,
  isCorner,
  rowsOf,
  sequencesNeeded,
  spaceName,
  teamName,
} from './board.js';
import { type HeldLine, type Sequence, type SequenceOptions, completedBy, fromSequence, heldCells, toSequence } from './lines.js';

/** Cards dealt to each player, by the number of players (rulebook, Setup). */
export const HAND_SIZES: Readonly<Record<number, number>> = { 2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3 };

export interface SequenceConfig {
  /** 2, 3, 4, 6, 8, 9, 10 or 12. */
  readonly players: number;
  /** 2 or 3 teams; by default 3 for 3 or 9 players, else 2. */
  readonly teams?: 2 | 3;
  readonly nineCountsTwice?: boolean;
  /** When the draw deck runs out, shuffle the discard piles into a new one (default true; the rulebook is silent). */
  readonly reshuffle?: boolean;
}

export interface SequenceState {
  readonly players: number;
  readonly teams: 2 | 3;
  readonly options: { readonly nineCountsTwice: boolean; readonly reshuffle: boolean };
  /** The setup seed: reshuffles of the discards are seeded from it, so a game replays exactly. */
  readonly seed: number;
  readonly reshuffles: number;
  /** Contracts section 1: 10 strings of 10 characters. */
  readonly board: readonly string[];
  /** Each seat's hand; seat i plays for team i mod teams, so teammates alternate round the table. */
  readonly hands: readonly (readonly string[])[];
  /** The draw pile, next card first. */
  readonly deck: readonly string[];
  /** Each seat's discard pile, latest last. */
  readonly discards: readonly (readonly string[])[];
  /** The seat to move. */
  readonly current: number;
  /** A dead card was already exchanged this turn (once per turn). */
  readonly exchanged: boolean;
  /** Completed sequences in the order made; their chips are locked. */
  readonly sequences: readonly Sequence[];
  readonly winner: Team | null;
  /** Won, or nobody can move any more. */
  readonly over: boolean;
  /** Passes in a row (a pass only when no move is possible). */
  readonly passes: number;
  /** Turns completed. */
  readonly turn: number;
}

export type SequenceMove =
  /** Exchange a dead card (both its spaces covered) for a new one; the turn goes on. */
  | { readonly type: 'exchange'; readonly card: string }
  /** Play a card and put a chip on a space showing it (any open space for a two-eyed Jack). */
  | { readonly type: 'place'; readonly card: string; readonly row: number; readonly col: number; readonly draw?: boolean }
  /** Play a one-eyed Jack and take an opponent's chip off. */
  | { readonly type: 'remove'; readonly card: string; readonly row: number; readonly col: number; readonly draw?: boolean }
  /** Only when the player can do nothing else (an empty hand after lost draws, say). */
  | { readonly type: 'pass' };
// `draw: false`: the player failed to draw in time and loses that card for the rest of the game.

export interface PlayResult {
  readonly state: SequenceState;
  /** Empty when the move was made; otherwise why not (and `state` is unchanged). */
  readonly violations: Violation[];
  /** Sequences this move completed. */
  readonly completed: Sequence[];
}

export function handSize(players: number): number {
  const size = HAND_SIZES[players];
  if (size === undefined) throw new InputError(`Sequence is played by 2, 3, 4, 6, 8, 9, 10 or 12 players, not ${players}`);
  return size;
}

export function teamOfSeat(seat: number, teams: number): Team {
  return TEAM_ORDER[seat % teams]!;
}

/** A new game: the two decks shuffled by `seed`, hands dealt one card at a time, seat 0 (green) to move. */
export function setup(config: SequenceConfig, seed: number): SequenceState {
  const players = config.players;
  const size = handSize(players);
  const teams = config.teams ?? (players % 3 === 0 && players % 2 !== 0 ? 3 : 2);
  if (teams !== 2 && teams !== 3) throw new InputError(`Sequence is played by 2 or 3 players or teams, not ${String(teams)}`);
  if (players % teams !== 0) throw new InputError(`${players} players cannot make ${teams} teams of equal size`);
  const deck = shuffled([...playingDeck(), ...playingDeck()], seededRandom(seed));
  const hands: string[][] = Array.from({ length: players }, () => []);
  for (let k = 0; k < size; k++) for (const hand of hands) hand.push(deck.shift()!);
  return {
    players,
    teams,
    options: { nineCountsTwice: config.nineCountsTwice === true, reshuffle: config.reshuffle !== false },
    seed,
    reshuffles: 0,
    board: emptyBoard(),
    hands,
    deck,
    discards: hands.map(() => []),
    current: 0,
    exchanged: false,
    sequences: [],
    winner: null,
    over: false,
    passes: 0,
    turn: 0,
  };
}

/** Whether a card is dead on this board: it is not a Jack and both its spaces are covered. */
export function isDeadCard(cells: Cells, card: string): boolean {
  return !isJack(card) && spacesOf(card).every((i) => cells[i] !== '.');
}

/**
 * Why `team` may not play `card` on space `index` (empty when it may). Shared by the engine and
 * the `move` check: `locked(i)` says whether the chip on i belongs to a completed sequence.
 */
export function actionViolations(cells: Cells, team: Team, card: string, index: number, locked: (index: number) => boolean): Violation[] {
  const where = spaceName(index);
  if (isCorner(index)) return [violation('corner-space', `${where} is a free space for every team: no chip goes on or comes off it`, [card])];
  const chip = cells[index]!;
  if (isOneEyedJack(card)) {
    if (chip === '.') return [violation('nothing-to-remove', `${card} removes an opponent's chip, but ${where} is empty`, [card])];
    if (chip === team) return [violation('own-chip', `${card} removes an opponent's chip, but the chip on ${where} is ${teamName(team)}'s own`, [card])];
    if (locked(index)) {
      return [violation('locked-chip', `the ${teamName(chip)} chip on ${where} is part of a completed Sequence and cannot be removed`, [card])];
    }
    return [];
  }
  const out: Violation[] = [];
  if (chip !== '.') out.push(violation('space-covered', `${where} is already covered by a ${teamName(chip)} chip`, [card]));
  const printed = LAYOUT[index]!;
  if (!isTwoEyedJack(card) && printed !== card) {
    out.push(violation('card-not-on-space', `${card} may only go on a space showing ${card}; ${where} shows ${printed}`, [card, printed]));
  }
  if (chipCounts(cells)[team] >= CHIP_SUPPLY[team]) {
    out.push(violation('no-chips-left', `${teamName(team)} has used all ${CHIP_SUPPLY[team]} of its chips`, [card]));
  }
  return out;
}

function heldOf(state: SequenceState): HeldLine[] {
  return state.sequences.flatMap((s) => {
    const held = fromSequence(s);
    return held ? [held] : [];
  });
}

function lockedOf(held: readonly HeldLine[]): Uint8Array {
  const locked = new Uint8Array(CELL_COUNT);
  for (const h of held) for (const i of heldCells(h)) locked[i] = 1;
  return locked;
}

/** Every legal move for the player to move (each distinct card once); `pass` only when nothing else is. */
export function legalMoves(state: SequenceState): SequenceMove[] {
  if (state.over) return [];
  const cells = cellsOf(state.board);
  const team = teamOfSeat(state.current, state.teams);
  const locked = lockedOf(heldOf(state));
  const hasChips = chipCounts(cells)[team] < CHIP_SUPPLY[team];
  const moves: SequenceMove[] = [];
  for (const card of new Set(state.hands[state.current])) {
    if (isOneEyedJack(card)) {
      for (let i = 0; i < CELL_COUNT; i++) {
        const chip = cells[i]!;
        if (chip !== '.' && chip !== team && !isCorner(i) && locked[i] === 0) moves.push({ type: 'remove', card, row: Math.floor(i / 10), col: i % 10 });
      }
      continue;
    }
    const spaces = isTwoEyedJack(card) ? allSpaces() : spacesOf(card);
    if (hasChips) for (const i of spaces) if (cells[i] === '.') moves.push({ type: 'place', card, row: Math.floor(i / 10), col: i % 10 });
    if (!state.exchanged && canDraw(state) && isDeadCard(cells, card)) moves.push({ type: 'exchange', card });
  }
  return moves.length > 0 ? moves : [{ type: 'pass' }];
}

const SPACES: readonly number[] = Array.from({ length: CELL_COUNT }, (_, i) => i).filter((i) => !isCorner(i));
function allSpaces(): readonly number[] {
  return SPACES;
}

/** Makes a move for the player to move: the new state, or the violations and the state unchanged. */
export function play(state: SequenceState, move: SequenceMove): PlayResult {
  const refused = (violations: Violation[]): PlayResult => ({ state, violations, completed: [] });
  if (state.over) return refused([violation('game-over', state.winner ? `the game is over: ${teamName(state.winner)} has won` : 'the game is over: nobody can move')]);
  const seat = state.current;
  const team = teamOfSeat(seat, state.teams);
  const hand = state.hands[seat]!;
  const cells = cellsOf(state.board);

  if (move.type === 'pass') {
    const others = legalMoves(state).filter((m) => m.type !== 'pass');
    if (others.length > 0) return refused([violation('cannot-pass', `${teamName(team)} can still play, so may not pass`)]);
    const passes = state.passes + 1;
    return { state: { ...state, ...nextTurn(state), passes, over: passes >= state.players }, violations: [], completed: [] };
  }

  if (!hand.includes(move.card)) return refused([violation('card-not-in-hand', `${move.card} is not in the hand of the player to move`, [move.card])]);

  if (move.type === 'exchange') {
    const out: Violation[] = [];
    if (state.exchanged) out.push(violation('second-exchange', 'a dead card may be exchanged only once per turn', [move.card]));
    if (!isDeadCard(cells, move.card)) {
      out.push(violation('not-dead', `${move.card} is not dead: ${isJack(move.card) ? 'a Jack always has a use' : 'one of its spaces is open'}`, [move.card]));
    }
    if (!canDraw(state)) out.push(violation('deck-empty', 'the draw deck is empty, so there is no replacement for a dead card', [move.card]));
    if (out.length > 0) return refused(out);
    const drawn = drawCard({ ...state, discards: pushed(state.discards, seat, move.card) });
    return {
      state: { ...state, ...drawn.piles, hands: replaced(state.hands, seat, [...without(hand, move.card), drawn.card!]), exchanged: true },
      violations: [],
      completed: [],
    };
  }

  if (move.row < 0 || move.row > 9 || move.col < 0 || move.col > 9 || !Number.isInteger(move.row) || !Number.isInteger(move.col)) {
    return refused([violation('off-board', `row ${move.row}, col ${move.col} is not a space of the board`, [move.card])]);
  }
  const index = move.row * 10 + move.col;
  if (move.type === 'remove' && !isOneEyedJack(move.card)) {
    return refused([violation('card-cannot-remove', `only a one-eyed Jack (JH, JS) removes a chip, not ${move.card}`, [move.card])]);
  }
  if (move.type === 'place' && isOneEyedJack(move.card)) {
    return refused([violation('card-cannot-place', `${move.card} is a one-eyed Jack: it removes an opponent's chip and places none`, [move.card])]);
  }
  let held = heldOf(state);
  const locked = lockedOf(held);
  const out = actionViolations(cells, team, move.card, index, (i) => locked[i] === 1);
  if (out.length > 0) return refused(out);

  const after: Chip[] = [...cells];
  after[index] = move.type === 'place' ? team : '.';
  let completed: HeldLine[] = [];
  if (move.type === 'place') {
    completed = completedBy(after, team, index, held, state.options);
    held = [...held, ...completed];
  }
  const discarded = { ...state, discards: pushed(state.discards, seat, move.card) };
  const drawn = move.draw !== false ? drawCard(discarded) : { card: null, piles: pilesOf(discarded) };
  const newHand = without(hand, move.card);
  if (drawn.card !== null) newHand.push(drawn.card);
  const won = held.filter((h) => h.team === team).length >= sequencesNeeded(state.teams);
  return {
    state: {
      ...state,
      ...nextTurn(state),
      board: rowsOf(after),
      hands: replaced(state.hands, seat, newHand),
      ...drawn.piles,
      sequences: [...state.sequences, ...completed.map(toSequence)],
      winner: won ? team : null,
      over: won,
      passes: 0,
    },
    violations: [],
    completed: completed.map(toSequence),
  };
}

type Piles = Pick<SequenceState, 'deck' | 'discards' | 'reshuffles'>;

function pilesOf(state: SequenceState): Piles {
  return { deck: state.deck, discards: state.discards, reshuffles: state.reshuffles };
}

/** A card can be drawn: the deck holds one, or the discards can be shuffled into a new deck. */
function canDraw(state: SequenceState): boolean {
  return state.deck.length > 0 || (state.options.reshuffle && state.discards.some((pile) => pile.length > 0));
}

/** Draws the top card (null when there is none), shuffling the discard piles into a new deck first if it is empty. */
function drawCard(state: SequenceState): { card: string | null; piles: Piles } {
  let piles = pilesOf(state);
  if (piles.deck.length === 0 && state.options.reshuffle && piles.discards.some((pile) => pile.length > 0)) {
    const reshuffles = piles.reshuffles + 1;
    const deck = shuffled(piles.discards.flat(), seededRandom((state.seed + reshuffles * 0x9e3779b1) >>> 0));
    piles = { deck, discards: piles.discards.map(() => []), reshuffles };
  }
  if (piles.deck.length === 0) return { card: null, piles };
  return { card: piles.deck[0]!, piles: { ...piles, deck: piles.deck.slice(1) } };
}

function nextTurn(state: SequenceState): Pick<SequenceState, 'current' | 'exchanged' | 'turn'> {
  return { current: (state.current + 1) % state.players, exchanged: false, turn: state.turn + 1 };
}

function without(hand: readonly string[], card: string): string[] {
  const copy = [...hand];
  copy.splice(copy.indexOf(card), 1);
  return copy;
}

function replaced<T>(items: readonly T[], at: number, item: T): T[] {
  return items.map((x, i) => (i === at ? item : x));
}

function pushed(piles: readonly (readonly string[])[], at: number, card: string): string[][] {
  return piles.map((pile, i) => (i === at ? [...pile, card] : [...pile]));
}

export type { SequenceOptions };

/**
 * A whole game with a uniformly random legal move each turn (seeded): the states from setup to
 * the end, and the moves between them. For tests and benches; simulators bring their own policies.
 */
export function randomPlayout(config: SequenceConfig, seed: number, maxMoves = 1000): { states: SequenceState[]; moves: SequenceMove[] } {
  const random = seededRandom(seed ^ 0x5eed);
  let state = setup(config, seed);
  const states = [state];
  const moves: SequenceMove[] = [];
  while (!state.over && moves.length < maxMoves) {
    const options = legalMoves(state);
    const move = options[Math.floor(random() * options.length)]!;
    const result = play(state, move);
    if (result.violations.length > 0) throw new Error(`legalMoves offered an illegal move: ${result.violations[0]!.message}`);
    state = result.state;
    states.push(state);
    moves.push(move);
  }
  return { states, moves };
}
