// The tables the renderer lays out are ones the games could show: Shift tables legal, Progression
// layouts grown by legal single-card plays, no card twice, no cell twice; Stacks piles in their spaces.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticValues } from '../../src/cards/tic.js';
import { cellKey, NEIGHBOUR_STEPS, type Placement } from '../../src/rules/layout.js';
import { seededRandom } from '../../src/rules/random.js';
import { oneStepMask } from '../../src/rules/tic-sequence.js';
import { huntTable, isLegalShiftTable, progressionTable, shiftTable, stacksPlacements, stacksTable, STACKS_SPACES } from '../../src/render/scene.js';
import { check } from '../helpers/cli.js';
import { layout } from '../helpers/picture.js';

const seeds = fc.integer({ min: 0, max: 2 ** 31 });

function unique(table: readonly Placement[]): boolean {
  return new Set(table.map((p) => p.card)).size === table.length && new Set(table.map((p) => cellKey(p.row, p.col))).size === table.length;
}

describe('table layouts', () => {
  it('Sequence Shift tables are legal: every run Duo or Tripo, every card in a run', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const table = shiftTable(seededRandom(seed), 12);
        return table.length >= 4 && unique(table) && isLegalShiftTable(table);
      }),
      { numRuns: 60 },
    );
  });

  it('the Shift legality used is the rulebook\'s: a Mono run is refused, a lone card is refused', () => {
    expect(isLegalShiftTable(layout('1-circle-violet 2-crescent-cyan 3-triangle-yellow'))).toBe(true);
    expect(isLegalShiftTable(layout('1-circle-violet 2-circle-cyan 3-circle-red'))).toBe(false);
    expect(isLegalShiftTable(layout('1-circle-violet 2-crescent-cyan . 5-star-red'))).toBe(false);
  });

  it('the seqref referee agrees the Shift tables are legal (contracts section 2, sequence-shift / table)', () => {
    for (const seed of [1, 2, 3]) {
      const table = shiftTable(seededRandom(seed), 12);
      const { status, answer } = check({ game: 'sequence-shift', kind: 'table', table });
      expect(status).toBe(0);
      expect(answer.legal).toBe(true);
    }
  });

  it('Progression layouts: every pair of touching cards has a property stepping by one', () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 2, max: 18 }), (seed, size) => {
        const table = progressionTable(seededRandom(seed), size);
        const cells = new Map(table.map((p) => [cellKey(p.row, p.col), p]));
        return (
          unique(table) &&
          table.every((p) =>
            NEIGHBOUR_STEPS.every(([dr, dc]) => {
              const n = cells.get(cellKey(p.row + dr, p.col + dc));
              return !n || oneStepMask(ticValues(p.card), ticValues(n.card)) !== 0;
            }),
          )
        );
      }),
      { numRuns: 60 },
    );
  });

  it('Hunt grids hold the asked number of different cards', () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 1, max: 40 }), (seed, size) => {
        const table = huntTable(seededRandom(seed), size);
        return table.length === size && unique(table);
      }),
    );
  });

  it('Stacks piles sit in their spaces, levels counting up from 0, the draw pile face down', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const t = stacksTable(seededRandom(seed));
        const placements = stacksPlacements(t);
        const spaces = new Map<string, number[]>();
        for (const p of placements) spaces.set(cellKey(p.row, p.col), [...(spaces.get(cellKey(p.row, p.col)) ?? []), p.level ?? 0]);
        const draw = placements.filter((p) => p.row === STACKS_SPACES.draw.row && p.col === STACKS_SPACES.draw.col);
        return [...spaces.values()].every((levels) => levels.every((l, i) => l === i)) && draw.every((p) => p.faceDown === true) && placements.filter((p) => !p.faceDown).length === t.sequences.flat().length + t.specials.length + t.discards.flat().length;
      }),
    );
  });
});
