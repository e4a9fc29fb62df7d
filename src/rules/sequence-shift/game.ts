// Sequence Shift game flow: the deal, a turn attempted, a draw, going out. State in, state out.
import { ticDeck } from '../../cards/tic.js';
import { InputError } from '../../errors.js';
import type { Placement } from '../layout.js';
import { seededRandom, shuffled } from '../random.js';
import type { Violation } from '../violation.js';
import { isShiftVariant, judgeTurn, mayUseTable, type ShiftVariant } from './turn.js';

export const HAND_SIZE = 12;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;

export interface ShiftPlayer {
  readonly hand: readonly string[];
  /** Made an opening sequence (any legal turn made before opening is one). */
  readonly opened: boolean;
}

export interface ShiftState {
  readonly variant: ShiftVariant;
  readonly players: readonly ShiftPlayer[];
  readonly table: readonly Placement[];
  /** Face down; the next card drawn is drawPile[0]. */
  readonly drawPile: readonly string[];
  /** Whose turn it is. */
  readonly current: number;
  /** Turns completed. */
  readonly turn: number;
  /** The player who went out, once someone has. */
  readonly winner: number | null;
  /** Turns in a row that ended with nothing played and nothing drawn (the draw pile is empty). */
  readonly idleTurns: number;
}

export interface ShiftSetup {
  readonly players: number;
  readonly seed: number;
  readonly variant?: ShiftVariant;
  /** "Choose a starting player by any agreed method" (default 0). */
  readonly startingPlayer?: number;
}

export interface TurnOutcome {
  readonly state: ShiftState;
  readonly legal: boolean;
  readonly violations: readonly Violation[];
  /** Hand cards the turn put on the table (none when it was undone). */
  readonly played: readonly string[];
  /** The card drawn when the attempt was undone, if the pile had one. */
  readonly drawn: string | null;
}

export function setup({ players, seed, variant = 'standard', startingPlayer = 0 }: ShiftSetup): ShiftState {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new InputError(`players: Sequence Shift is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, got ${players}`);
  }
  if (!isShiftVariant(variant)) throw new InputError(`variant: expected standard, simple or open-table, got ${JSON.stringify(variant)}`);
  if (!Number.isInteger(startingPlayer) || startingPlayer < 0 || startingPlayer >= players) {
    throw new InputError(`startingPlayer: expected 0 to ${players - 1}, got ${startingPlayer}`);
  }
  const deck = shuffled(ticDeck(), seededRandom(seed));
  // Dealt one at a time, clockwise, as at a table.
  const hands = Array.from({ length: players }, (_, p) => deck.filter((_, i) => i < players * HAND_SIZE && i % players === p));
  return {
    variant,
    players: hands.map((hand) => ({ hand, opened: false })),
    table: [],
    drawPile: deck.slice(players * HAND_SIZE),
    current: startingPlayer,
    turn: 0,
    winner: null,
    idleTurns: 0,
  };
}

/** True once a player has gone out, or when nobody can play or draw any more. */
export function isOver(state: ShiftState): boolean {
  return state.winner !== null || (state.drawPile.length === 0 && state.idleTurns >= state.players.length);
}

/** Whether the current player may use and rearrange table cards this turn. */
export function currentMayUseTable(state: ShiftState): boolean {
  return mayUseTable(state.players[state.current]!.opened, state.variant);
}

/**
 * The current player leaves `after` on the table. A legal turn takes the played cards from the
 * hand (and wins if it empties it); an illegal one is undone: the table is returned to its
 * arrangement at the start of the turn, the player draws one card and the turn ends.
 */
export function attemptTurn(state: ShiftState, after: readonly Placement[]): TurnOutcome {
  assertNotOver(state);
  const player = state.players[state.current]!;
  const { violations, played } = judgeTurn({
    before: state.table,
    after,
    hand: player.hand,
    opened: player.opened,
    variant: state.variant,
  });
  if (violations.length > 0) {
    const { state: next, drawn } = drawAndEnd(state);
    return { state: next, legal: false, violations, played: [], drawn };
  }
  const playedSet = new Set(played);
  const hand = player.hand.filter((c) => !playedSet.has(c));
  const players = state.players.map((p, i) => (i === state.current ? { hand, opened: true } : p));
  const next: ShiftState = {
    ...state,
    players,
    table: after.map((p) => ({ card: p.card, row: p.row, col: p.col })),
    winner: hand.length === 0 ? state.current : null,
    current: hand.length === 0 ? state.current : (state.current + 1) % state.players.length,
    turn: state.turn + 1,
    idleTurns: 0,
  };
  return { state: next, legal: true, violations: [], played, drawn: null };
}

/** The player cannot or will not play: they draw one card (not playable this turn) and the turn ends. */
export function drawAndPass(state: ShiftState): ShiftState {
  assertNotOver(state);
  return drawAndEnd(state).state;
}

function drawAndEnd(state: ShiftState): { state: ShiftState; drawn: string | null } {
  const drawn = state.drawPile[0] ?? null;
  const players = state.players.map((p, i) => (i === state.current && drawn !== null ? { ...p, hand: [...p.hand, drawn] } : p));
  return {
    state: {
      ...state,
      players,
      drawPile: state.drawPile.slice(1),
      current: (state.current + 1) % state.players.length,
      turn: state.turn + 1,
      idleTurns: drawn === null ? state.idleTurns + 1 : 0,
    },
    drawn,
  };
}

function assertNotOver(state: ShiftState): void {
  if (isOver(state)) throw new Error(state.winner !== null ? `the game is over: player ${state.winner} went out` : 'the game is over: nobody can play or draw');
}
