// A recogniser numbers the grid its own way each frame (one shift and one quarter turn away from
// the table's); the session puts each frame back on the cells of the table it believes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticDeck } from '../../src/cards/tic.js';
import { alignToTable } from '../../src/session/align.js';

const DECK = ticDeck();
const turns = [(r: number, c: number) => [r, c], (r: number, c: number) => [c, -r], (r: number, c: number) => [-r, -c], (r: number, c: number) => [-c, r]] as const;
const key = (p: { card: string; row: number; col: number }): string => `${p.card}@${p.row},${p.col}`;

const layout = fc
  .uniqueArray(fc.tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 })), { minLength: 1, maxLength: 12, selector: ([r, c]) => `${r},${c}` })
  .chain((cells) => fc.shuffledSubarray(DECK, { minLength: cells.length, maxLength: cells.length }).map((cards) => cells.map(([row, col], i) => ({ card: cards[i]!, row, col }))));

describe('aligning a recognised grid with the believed table', () => {
  it('property: a table seen shifted and turned by a quarter comes back on its own cells', () => {
    fc.assert(
      fc.property(layout, fc.integer({ min: 0, max: 3 }), fc.integer({ min: -9, max: 9 }), fc.integer({ min: -9, max: 9 }), (table, k, dr, dc) => {
        const seen = table.map((p) => {
          const [r, c] = turns[k]!(p.row, p.col);
          return { ...p, row: r! + dr, col: c! + dc };
        });
        // Quarter turns of a one-card table are all the same; the cells still come back.
        expect(alignToTable(seen, table).map(key).sort()).toEqual(table.map(key).sort());
      }),
    );
  });

  it('a card just played is put where it lies relative to the cards already there', () => {
    const table = [{ card: '2-triangle-yellow', row: 0, col: 0 }, { card: '3-square-red', row: 0, col: 1 }];
    // The recogniser numbered from the new card's corner and turned the grid by a half.
    const seen = [{ card: '3-square-red', row: 1, col: 1 }, { card: '2-triangle-yellow', row: 1, col: 2 }, { card: '4-star-orange', row: 1, col: 0 }];
    expect(alignToTable(seen, table)).toEqual([{ card: '3-square-red', row: 0, col: 1 }, { card: '2-triangle-yellow', row: 0, col: 0 }, { card: '4-star-orange', row: 0, col: 2 }]);
  });

  it('with no card in common (or nothing believed yet) the frame keeps its own cells', () => {
    const seen = [{ card: '1-circle-violet', row: 3, col: 4 }];
    expect(alignToTable(seen, [{ card: '5-star-red', row: 0, col: 0 }])).toEqual(seen);
    expect(alignToTable(seen, [])).toEqual(seen);
  });
});
