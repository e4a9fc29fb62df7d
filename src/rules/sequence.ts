// Sequence, the board game with chips (shared/rules/sequence.txt): one engine, a plain object of
// pure functions over plain data (boards as contracts section 1 writes them).
//
//   sequence.parseBoard(rows)                        -> cells (throws InputError on a bad board)
//   sequence.judgeBoard(cells, teams, options)       -> sequences, winner, warnings (the board alone)
//   sequence.judgeMove(cells, teams, move, options)  -> one move on a board
//   sequence.inferMove(before, after)                -> what changed between two boards
//   sequence.judgeSeries({ teams, boards, cards })   -> every move of a series of boards, checked
//   sequence.setup(config, seed) / legalMoves(state) / play(state, move)   -> a whole game
//   sequence.randomPlayout(config, seed)             -> a seeded random legal game (tests, benches)
import { cellsOf, parseBoard, rowsOf } from './sequence/board.js';
import { handSize, legalMoves, play, randomPlayout, setup, teamOfSeat } from './sequence/game.js';
import { judgeBoard } from './sequence/judge-board.js';
import { maxSequences } from './sequence/lines.js';
import { inferMove, judgeMove, judgeSeries } from './sequence/series.js';

export type { BoardRows, Cells, Chip, Team } from './sequence/board.js';
export { CHIP_SUPPLY, TEAM_ORDER, sequencesNeeded, teamName } from './sequence/board.js';
export type { PlayResult, SequenceConfig, SequenceMove, SequenceState } from './sequence/game.js';
export { HAND_SIZES } from './sequence/game.js';
export type { BoardJudgement, BoardOptions } from './sequence/judge-board.js';
export type { Direction, Sequence, SequenceOptions } from './sequence/lines.js';
export type { InferredMove, MoveJudgement, MoveOnBoard, SeriesInput, SeriesJudgement } from './sequence/series.js';

export const sequence = {
  parseBoard,
  cellsOf,
  rowsOf,
  judgeBoard,
  maxSequences,
  judgeMove,
  inferMove,
  judgeSeries,
  setup,
  legalMoves,
  play,
  randomPlayout,
  handSize,
  teamOfSeat,
} as const;
