import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ticDeck } from '../../src/cards/tic.js';
import type { Placement } from '../../src/rules/layout.js';
import { seededRandom } from '../../src/rules/random.js';
import { sequenceShift } from '../../src/rules/sequence-shift.js';
import { randomShiftTable } from '../../src/rules/sequence-shift/random-table.js';

const legalTable = fc.record({ seed: fc.integer(), size: fc.integer({ min: 2, max: 40 }) }).map(({ seed, size }) => randomShiftTable(seededRandom(seed), { size }).table);

/** Any table at all: a few cards near each other, legal or not. */
const anyTable = fc
  .uniqueArray(fc.constantFrom(...ticDeck()), { minLength: 1, maxLength: 12 })
  .chain((cards) =>
    fc.tuple(fc.constant(cards), fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })), { minLength: cards.length, maxLength: cards.length })),
  )
  .map(([cards, cells]) => cards.map((card, i) => ({ card, row: cells[i]![0], col: cells[i]![1] })));

const codes = (table: readonly Placement[]) => sequenceShift.judgeTable(table).violations.map((v) => v.rule).sort();

const mirrorLeftRight = (t: readonly Placement[]) => t.map((p) => ({ ...p, col: -p.col }));
const mirrorTopBottom = (t: readonly Placement[]) => t.map((p) => ({ ...p, row: -p.row }));
const transpose = (t: readonly Placement[]) => t.map((p) => ({ card: p.card, row: p.col, col: p.row }));

describe('Sequence Shift table legality: invariants', () => {
  it('the seeded table builder makes legal tables', () => {
    fc.assert(
      fc.property(legalTable, (table) => {
        expect(sequenceShift.judgeTable(table).violations).toEqual([]);
      }),
    );
  });

  it('a legal table stays legal mirrored left-right, top-bottom, and transposed', () => {
    fc.assert(
      fc.property(legalTable, (table) => {
        for (const turned of [mirrorLeftRight(table), mirrorTopBottom(table), transpose(table)]) {
          expect(sequenceShift.judgeTable(turned).violations).toEqual([]);
        }
      }),
    );
  });

  it('any table breaks the same rules mirrored or transposed (a reversed run sequences the same properties)', () => {
    fc.assert(
      fc.property(anyTable, (table) => {
        const expected = codes(table);
        expect(codes(mirrorLeftRight(table))).toEqual(expected);
        expect(codes(mirrorTopBottom(table))).toEqual(expected);
        expect(codes(transpose(table))).toEqual(expected);
      }),
    );
  });

  it('a table judges the same translated anywhere on the grid', () => {
    // Same rules broken with the same cards, same sequences (messages may name cells).
    const judged = (table: readonly Placement[]) => {
      const { violations, sequences } = sequenceShift.judgeTable(table);
      return { broken: violations.map((v) => [v.rule, v.cards]), sequences };
    };
    fc.assert(
      fc.property(anyTable, fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1_000_000, max: 1_000_000 }), (table, dr, dc) => {
        expect(judged(table.map((p) => ({ ...p, row: p.row + dr, col: p.col + dc })))).toEqual(judged(table));
      }),
    );
  });

  it('a card lies in one run across when it has a neighbour left or right, one run down when it has one above or below, and in no other', () => {
    fc.assert(
      fc.property(anyTable, (table) => {
        const cells = new Set(table.map((p) => `${p.row},${p.col}`));
        const has = (row: number, col: number) => cells.has(`${row},${col}`);
        const runs = sequenceShift.tableRuns(table);
        for (const p of table) {
          const mine = runs.filter((r) => r.placements.some((q) => q.row === p.row && q.col === p.col));
          expect(mine.filter((r) => r.direction === 'across').length).toBe(has(p.row, p.col - 1) || has(p.row, p.col + 1) ? 1 : 0);
          expect(mine.filter((r) => r.direction === 'down').length).toBe(has(p.row - 1, p.col) || has(p.row + 1, p.col) ? 1 : 0);
        }
      }),
    );
  });

  it('legal means every card is in a Duo or Tripo run and every run is one', () => {
    fc.assert(
      fc.property(anyTable, (table) => {
        const { violations } = sequenceShift.judgeTable(table);
        const cells = new Set(table.map((p) => `${p.row},${p.col}`));
        const runs = sequenceShift.tableRuns(table);
        const covered = new Set(runs.flatMap((r) => r.placements.map((p) => `${p.row},${p.col}`)));
        const expectLegal =
          new Set(table.map((p) => p.card)).size === table.length &&
          cells.size === table.length &&
          [...cells].every((c) => covered.has(c)) &&
          runs.every((r) => (r.mask & 1) + ((r.mask >> 1) & 1) + ((r.mask >> 2) & 1) >= 2);
        expect(violations.length === 0).toBe(expectLegal);
      }),
    );
  });
});
