// Sequence Stacks (rules: shared/rules/sequence-stacks.txt): a plain object of pure functions over JSON state.
import { drawable, fromTable, hasWon, nextPlayer, setup, toTable, type StacksState } from './state.js';
import { moves } from './moves.js';
import { step } from './step.js';
import { judgeTable, judgeTurn } from './judge.js';

export type { Chips, Completion, Direction, PileCard, PileSpace, SetupOptions, StacksState, StacksTable, TablePileCard, TurnProgress } from './state.js';
export { CHIPS_PER_COLOUR, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, PILE_SPACES, allCards, isPileSpace, spaceColour } from './state.js';
export type { CardSource, StacksAction, StepResult } from './step.js';
export type { TableJudgement, TurnJudgement } from './judge.js';

/** How a game stands: still going, won, or stuck because no card is left to draw or hold. */
export type StacksResult = { readonly over: false } | { readonly over: true; readonly winner: number | null };

/**
 * The end condition. "If one player has collected a total of 5 or more Sequence chips, including at
 * least 2 red chips and at least 2 blue chips, the game ends immediately and that player wins."
 * The rulebook has no other end; a game where nothing is left to draw and every hand is empty ends
 * without a winner (see docs/rules-decisions.md).
 */
function result(state: StacksState): StacksResult {
  if (state.winner !== null) return { over: true, winner: state.winner };
  if (!state.pending && drawable(state) === 0 && state.hands.every((hand) => hand.length === 0)) return { over: true, winner: null };
  return { over: false };
}

export const sequenceStacks = {
  /** A new game: shuffled (seeded), five cards dealt to each of 2-6 players. */
  setup,
  /** Every legal action for whoever acts next. */
  moves,
  /** Checks and carries out one action: { state, violations, action }. */
  step,
  result,
  /** Who plays after the current turn, given its Jumps and Reverses. */
  nextPlayer,
  hasWon,
  /** A state for judging what the camera sees. */
  fromTable,
  toTable,
  judgeTurn,
  judgeTable,
} as const;
