// Sequence Shift solver figures: "shift solver: 12-card hand, 40-card table, legal play found" (goal <= 1 s).
import { measure } from './harness.js';
import { seededRandom } from '../src/rules/random.js';
import { randomShiftTable } from '../src/rules/sequence-shift/random-table.js';
import { hasLegalPlay, solveTurn, type ShiftSolveInput } from '../src/rules/shift-solver.js';
import type { ShiftVariant } from '../src/rules/sequence-shift.js';

const SAMPLES = 20;
const WARMUP = 2;

/** Seeded deals: a legal 40-card table built from chains dealt from the deck, and 12 cards from the rest. */
function deal(i: number, opened: boolean, variant: ShiftVariant): ShiftSolveInput {
  const { table, rest } = randomShiftTable(seededRandom(1000 + i), { size: 40 });
  return { table, hand: rest.slice(0, 12), opened, variant };
}

export function run(): void {
  for (const [label, opened, variant] of [
    ['opened', true, 'standard'],
    ['Simple Shift', true, 'simple'],
    ['before opening', false, 'standard'],
  ] as const) {
    // Only the timed deals are counted (the warm-up ones come first).
    let found = 0;
    measure(
      `shift solver: 12-card hand, 40-card table, legal play found (${label})`,
      (i) => ({ i, input: deal(i, opened, variant) }),
      ({ i, input }) => {
        const report = hasLegalPlay(input);
        if (report.exists && i >= WARMUP) found++;
        return report;
      },
      { samples: SAMPLES, warmup: WARMUP, goal: '<= 1 s' },
    );
    console.log(`  a legal play found in ${found} of ${SAMPLES} deals`);

    let shed = 0;
    let proven = 0;
    measure(
      `shift solver: best play within the 1 s budget (${label})`,
      (i) => ({ i, input: deal(i, opened, variant) }),
      ({ i, input }) => {
        const play = solveTurn(input);
        if (i >= WARMUP) {
          shed += play?.played.length ?? 0;
          if (play?.exhaustive) proven++;
        }
        return play;
      },
      { samples: SAMPLES, warmup: WARMUP, goal: '<= 1 s' },
    );
    console.log(`  ${(shed / SAMPLES).toFixed(1)} of 12 cards shed on average; proven best in ${proven} of ${SAMPLES}`);
  }
}
