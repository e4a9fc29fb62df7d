// Every `seqref check` case kind, keyed "<game>/<kind>". Each game's file reads its own fields.
import type { CaseJudge } from './answer.js';
import { judgeProgressionPlay } from './progression.js';
import { judgeHuntClaim, judgeHuntSpot } from './sequence-hunt.js';
import { judgeShiftTable, judgeShiftTurn } from './sequence-shift.js';
import { judgeStacksTableCase, judgeStacksTurnCase } from './sequence-stacks.js';
import { judgeSequenceBoard, judgeSequenceMove, judgeSequenceSeries } from './sequence.js';

export const CASE_JUDGES: Record<string, CaseJudge> = {
  'progression/play': judgeProgressionPlay,
  'sequence-hunt/claim': judgeHuntClaim,
  'sequence-hunt/spot': judgeHuntSpot,
  'sequence-shift/table': judgeShiftTable,
  'sequence-shift/turn': judgeShiftTurn,
  'sequence-stacks/table': judgeStacksTableCase,
  'sequence-stacks/turn': judgeStacksTurnCase,
  'sequence/board': judgeSequenceBoard,
  'sequence/move': judgeSequenceMove,
  'sequence/series': judgeSequenceSeries,
};
