import type { Violation } from '../../rules/violation.js';
import type { CaseObject } from './case-input.js';

/** What `seqref check` prints (contracts section 2); kinds may add fields. */
export interface CheckAnswer {
  readonly legal: boolean;
  readonly points: number | null;
  readonly violations: readonly Violation[];
  readonly [extra: string]: unknown;
}

/** Judges one parsed case of one game and kind; throws InputError on input it cannot read. */
export type CaseJudge = (input: CaseObject) => CheckAnswer;

export function answer(violations: readonly Violation[], points: number | null, extra: Record<string, unknown> = {}): CheckAnswer {
  return { legal: violations.length === 0, points, violations, ...extra };
}
