import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticDeck, ticId } from '../../src/cards/tic.js';
import type { CardReading } from '../../src/vision/types.js';
import { SETTLE } from '../../src/vision/read/params.js';
import { assignMinCost, settleTicTable } from '../../src/vision/settle.js';

const DECK = ticDeck();

/** A TIC reading whose probabilities put `mass` on each named card (the rest spread evenly). */
function reading(mass: Record<string, number>): CardReading {
  const p = new Float32Array(DECK.length);
  const named = Object.values(mass).reduce((a, b) => a + b, 0);
  p.fill((1 - named) / (DECK.length - Object.keys(mass).length));
  for (const [card, m] of Object.entries(mass)) p[ticId(card)] = m;
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
  const confidence = p[best]!;
  return { deck: 'tic', card: confidence >= 0.5 ? DECK[best]! : null, confidence, ticProbabilities: p };
}

describe('settling a TIC table: each card is on the table at most once', () => {
  it('gives a duplicated identity to the better candidate and moves the weaker read to its next choice, less sure', () => {
    const strong = reading({ '3-star-orange': 0.95 });
    const weak = reading({ '3-star-orange': 0.6, '3-star-red': 0.35 });
    const other = reading({ '1-circle-violet': 0.97 });
    const [a, b, c] = settleTicTable([strong, weak, other]);
    expect(a!.card).toBe('3-star-orange');
    expect(b!.card).toBe('3-star-red');
    expect(b!.confidence).toBeLessThanOrEqual(weak.confidence);
    expect(b!.confidence).toBeLessThanOrEqual(SETTLE.cap);
    expect(b!.colour?.value).toBe('red');
    // The winner is less sure too: the other read says its card may be this one.
    expect(a!.confidence).toBeLessThan(strong.confidence);
    expect(a!.confidence).toBeGreaterThan(0.5);
    // A card nobody else claims is left as it was read.
    expect(c).toBe(other);
  });

  it('settles a conflict by the product of probabilities, not by each read alone', () => {
    // Read alone, both want cyan; jointly, yellow for the first and cyan for the second is far likelier.
    const first = reading({ '2-square-cyan': 0.55, '2-square-yellow': 0.44 });
    const second = reading({ '2-square-cyan': 0.97 });
    const settled = settleTicTable([first, second]);
    expect(settled.map((r) => r.card)).toEqual(['2-square-yellow', '2-square-cyan']);
    expect(settled[0]!.confidence).toBeLessThanOrEqual(first.confidence);
    expect(settled[1]!.confidence).toBeGreaterThan(0.9);
  });

  it('leaves a table with no shared candidates untouched, and passes unknown and Stacks reads through', () => {
    const table = [reading({ '1-circle-violet': 0.99 }), reading({ '5-star-red': 0.98 })];
    const unknown: CardReading = { deck: 'unknown', card: null, confidence: 0.1 };
    const settled = settleTicTable([...table, unknown]);
    expect(settled[0]).toBe(table[0]);
    expect(settled[1]).toBe(table[1]);
    expect(settled[2]).toBe(unknown);
  });

  it('never names a card twice, never raises a confidence and never settles a changed read at 0.9 or above', () => {
    const card = fc.constantFrom(...DECK.slice(0, 12));
    const table = fc.array(fc.dictionary(card, fc.double({ min: 0.02, max: 0.3, noNaN: true }), { minKeys: 1, maxKeys: 3 }), { minLength: 2, maxLength: 10 });
    fc.assert(
      fc.property(table, (masses) => {
        const reads = masses.map((m) => {
          const total = Object.values(m).reduce((a, b) => a + b, 0);
          // Scale so the named candidates hold most of the mass.
          return reading(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, (v / total) * 0.97])));
        });
        const settled = settleTicTable(reads);
        const named = settled.map((r) => r.card).filter((c): c is string => c !== null);
        expect(new Set(named).size).toBe(named.length);
        settled.forEach((r, i) => {
          expect(r.confidence).toBeLessThanOrEqual(reads[i]!.confidence + 1e-9);
          if (r.card !== null && r.card !== reads[i]!.card) expect(r.confidence).toBeLessThan(0.9);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('the assignment under the settlement', () => {
  it('finds the cheapest assignment of rows to distinct columns (against trying every one)', () => {
    const matrix = fc.integer({ min: 1, max: 5 }).chain((n) =>
      fc.integer({ min: n, max: 6 }).chain((m) => fc.array(fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: m, maxLength: m }), { minLength: n, maxLength: n })),
    );
    fc.assert(
      fc.property(matrix, (rows) => {
        const m = rows[0]!.length;
        const cost = rows.map((r) => Float64Array.from(r));
        const columns = assignMinCost(cost, m);
        expect(new Set(columns).size).toBe(rows.length);
        const total = columns.reduce((s, c, i) => s + rows[i]![c]!, 0);
        let best = Infinity;
        const search = (i: number, used: Set<number>, sum: number): void => {
          if (i === rows.length) {
            best = Math.min(best, sum);
            return;
          }
          for (let c = 0; c < m; c++) {
            if (used.has(c)) continue;
            used.add(c);
            search(i + 1, used, sum + rows[i]![c]!);
            used.delete(c);
          }
        };
        search(0, new Set(), 0);
        expect(total).toBeCloseTo(best, 9);
      }),
      { numRuns: 200 },
    );
  });
});
