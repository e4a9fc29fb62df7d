import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Smoother } from '../../src/session/smoothing.js';
import type { TableObservation } from '../../src/session/types.js';

const card = (name: string, row: number, col: number) => ({ card: name, row, col });
const frame = (tMs: number, cards: ReturnType<typeof card>[], busy = false): TableObservation => ({ tMs, cards, busy });

describe('temporal smoothing', () => {
  it('a card counts once it has been seen steadily for the steady frames', () => {
    const s = new Smoother({ steadyFrames: 3 });
    const table = [card('2-triangle-yellow', 0, 0)];
    expect(s.push(frame(0, table))).toBeNull();
    expect(s.push(frame(333, table))).toBeNull();
    expect(s.push(frame(667, table))).toEqual(table);
    // Seen again: nothing new settles.
    expect(s.push(frame(1000, table))).toBeNull();
  });

  it('a hand over the table is not a move: busy frames break the run, whatever cards they show', () => {
    const s = new Smoother({ steadyFrames: 3 }, [card('2-triangle-yellow', 0, 0)]);
    const withNew = [card('2-triangle-yellow', 0, 0), card('3-square-red', 0, 1)];
    expect(s.push(frame(0, withNew, true))).toBeNull();
    expect(s.push(frame(333, withNew, true))).toBeNull();
    expect(s.push(frame(667, withNew, true))).toBeNull();
    expect(s.push(frame(1000, withNew))).toBeNull();
    expect(s.push(frame(1333, withNew))).toBeNull();
    expect(s.push(frame(1667, withNew))).toEqual([card('2-triangle-yellow', 0, 0), card('3-square-red', 0, 1)]);
  });

  it('a card flickering in and out (a misread frame) never settles as a removal', () => {
    const base = [card('2-triangle-yellow', 0, 0), card('3-square-red', 0, 1)];
    const s = new Smoother({ steadyFrames: 3 }, base);
    const missing = [base[0]!];
    for (let i = 0; i < 10; i++) expect(s.push(frame(i * 100, i % 2 ? missing : base))).toBeNull();
  });

  it('steadyMs asks for the run to last that long as well', () => {
    const s = new Smoother({ steadyFrames: 2, steadyMs: 500 });
    const table = [card('1-circle-violet', 0, 0)];
    expect(s.push(frame(0, table))).toBeNull();
    expect(s.push(frame(100, table))).toBeNull();
    expect(s.push(frame(600, table))).toEqual(table);
  });

  it('property: a state settles only after steadyFrames identical non-busy frames in a row', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ which: fc.integer({ min: 0, max: 2 }), busy: fc.boolean() }), { maxLength: 40 }), fc.integer({ min: 1, max: 5 }), (frames, steady) => {
        const tables = [[card('1-circle-violet', 0, 0)], [card('1-circle-violet', 0, 0), card('2-circle-violet', 0, 1)], []];
        const s = new Smoother({ steadyFrames: steady });
        let run = 0;
        let last = -1;
        frames.forEach((f, i) => {
          const settled = s.push(frame(i, tables[f.which]!, f.busy));
          if (f.busy) run = 0;
          else if (f.which === last) run++;
          else run = 1;
          last = f.busy ? -1 : f.which;
          if (settled) expect(run).toBeGreaterThanOrEqual(steady);
        });
      }),
    );
  });
});
