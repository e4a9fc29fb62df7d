// Every `seqref check` case kind, keyed "<game>/<kind>". Each game's file reads its own fields.
import type { CaseJudge } from './answer.js';

export const CASE_JUDGES: Record<string, CaseJudge> = {
};
