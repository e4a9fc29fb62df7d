// Sequence Shift (rules/sequence-shift.txt): the rules engine as one plain object of pure functions.
// The solver that plays turns lives in shift-solver.ts.
import { judgeTable, tableRuns } from './sequence-shift/table.js';
import { judgeTurn, mayUseTable, SHIFT_VARIANTS, isShiftVariant } from './sequence-shift/turn.js';
import { attemptTurn, currentMayUseTable, drawAndPass, isOver, setup } from './sequence-shift/game.js';

export type { Direction, TableJudgement, TableRun, TableSequence } from './sequence-shift/table.js';
export type { ShiftTurn, ShiftVariant, TurnJudgement } from './sequence-shift/turn.js';
export type { ShiftPlayer, ShiftSetup, ShiftState, TurnOutcome } from './sequence-shift/game.js';

export const sequenceShift = {
  variants: SHIFT_VARIANTS,
  isVariant: isShiftVariant,
  /** Table legality: violations and the legal sequences on it. */
  judgeTable,
  /** The maximal runs of 2+ touching cards, legal or not. */
  tableRuns,
  /** Turn legality: violations and the hand cards played. */
  judgeTurn,
  mayUseTable,
  setup,
  moves: { attemptTurn, drawAndPass },
  currentMayUseTable,
  isOver,
} as const;
