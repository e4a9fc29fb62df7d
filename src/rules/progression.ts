// Progression (shared/rules/progression.txt): one engine, a plain object of pure functions.
//
//   progression.judgePlay(table, play, { reversing })  -> { violations, points, across, down }
//   progression.legalPlays(table, hand) / hasLegalPlay  -> where a hand can go
//   progression.setup({ players, seed, variant, reversing })
//   progression.moves.play / drawForNoPlay / pass      -> { state } | { violations }
import { drawForNoPlay, pass, play, setup } from './progression/game.js';
import { judgePlay } from './progression/judge.js';
import { hasLegalPlay, legalPlays } from './progression/search.js';

export type { Direction, PlayJudgement, ScoredSequence } from './progression/judge.js';
export type { MoveResult, ProgressionState, SetupOptions, TurnRecord, Variant } from './progression/game.js';
export { HAND_SIZE } from './progression/game.js';

export const progression = {
  judgePlay,
  legalPlays,
  hasLegalPlay,
  setup,
  moves: { play, drawForNoPlay, pass },
} as const;
