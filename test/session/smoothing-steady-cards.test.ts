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

  it('the table seen from the first frame, before any hand came over it, is the opening table however briefly it was shown', () => {
    const s = new Smoother({ steadyFrames: 3 });
    const start = [card('4-star-orange', 0, 0)];
    expect(s.push(frame(0, start))).toBeNull();
    expect(s.push(frame(500, start))).toBeNull();
    // The first hand: what lay there before it is the table the game starts from.
    expect(s.push(frame(1000, start, true))).toEqual(start);
    // ...once only, and later short runs still do not settle.
    const next = [...start, card('5-crescent-red', -1, 0)];
    expect(s.push(frame(1500, next))).toBeNull();
    expect(s.push(frame(2000, next))).toBeNull();
    expect(s.push(frame(2500, next, true))).toBeNull();
  });

  it('one misread first frame is not taken for the opening table', () => {
    const s = new Smoother({ steadyFrames: 3 });
    expect(s.push(frame(0, [card('4-star-orange', 0, 0)]))).toBeNull();
    expect(s.push(frame(500, [card('4-star-orange', 0, 0)], true))).toBeNull();
  });

  it('a table already believed (after a restart) is not settled again as an opening', () => {
    const start = [card('4-star-orange', 0, 0)];
    const s = new Smoother({ steadyFrames: 3 }, start);
    expect(s.push(frame(0, start))).toBeNull();
    expect(s.push(frame(500, start))).toBeNull();
    expect(s.push(frame(1000, start, true))).toBeNull();
  });

  it('one card misread in one frame does not break the run: each cell holds what most frames read there', () => {
    const s = new Smoother({ steadyFrames: 3 });
    const table = [card('1-circle-yellow', 2, 0), card('3-crescent-orange', 2, 1), card('5-triangle-red', 2, 2)];
    const misread = [card('1-square-yellow', 2, 0), table[1]!, table[2]!];
    expect(s.push(frame(0, table))).toBeNull();
    expect(s.push(frame(500, misread))).toBeNull();
    expect(s.push(frame(1000, table))).toEqual(table);
  });

  it('a change in the cells taken is a change of the table: it is not outvoted by the frames before it', () => {
    const s = new Smoother({ steadyFrames: 3 });
    const before = [card('1-circle-yellow', 2, 0)];
    const after = [...before, card('2-circle-violet', 3, 1)];
    for (let i = 0; i < 5; i++) s.push(frame(i * 500, before));
    expect(s.push(frame(2500, after))).toBeNull();
    expect(s.push(frame(3000, after))).toBeNull();
    expect(s.push(frame(3500, after))).toEqual(after);
  });

  it('property: every cell of a settled table holds the cards read there most often in the frames since its cells were taken', () => {
    const names = ['1-circle-violet', '2-circle-violet', '3-star-red'];
    fc.assert(
      fc.property(fc.array(fc.record({ cells: fc.integer({ min: 0, max: 2 }), reads: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2, maxLength: 2 }), busy: fc.boolean() }), { maxLength: 40 }), (frames) => {
        const s = new Smoother({ steadyFrames: 3 });
        const shapes = [[[0, 0]], [[0, 0], [0, 1]], []] as const;
        let since: { cells: number; read: Map<string, string>[] } | null = null;
        frames.forEach((f, i) => {
          const cards = shapes[f.cells]!.map(([row, col], k) => card(names[f.reads[k]!]!, row, col));
          const settled = s.push(frame(i, cards, f.busy));
          if (f.busy) {
            since = null;
            return;
          }
          if (!since || since.cells !== f.cells) since = { cells: f.cells, read: [] };
          since.read.push(new Map(cards.map((c) => [`${c.row},${c.col}`, c.card])));
          for (const p of settled ?? []) {
            const counts = new Map<string, number>();
            for (const m of since.read.slice(-5)) counts.set(m.get(`${p.row},${p.col}`)!, (counts.get(m.get(`${p.row},${p.col}`)!) ?? 0) + 1);
            expect(counts.get(p.card)).toBe(Math.max(...counts.values()));
          }
        });
      }),
    );
  });

  it('steadyMs asks for the run to last that long as well', () => {
    const s = new Smoother({ steadyFrames: 2, steadyMs: 500 });
    const table = [card('1-circle-violet', 0, 0)];
    expect(s.push(frame(0, table))).toBeNull();
    expect(s.push(frame(100, table))).toBeNull();
    expect(s.push(frame(600, table))).toEqual(table);
  });

  it('property: a state settles only after steadyFrames identical non-busy frames in a row, or as the opening table at the first hand', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ which: fc.integer({ min: 0, max: 2 }), busy: fc.boolean() }), { maxLength: 40 }), fc.integer({ min: 1, max: 5 }), (frames, steady) => {
        const tables = [[card('1-circle-violet', 0, 0)], [card('1-circle-violet', 0, 0), card('2-circle-violet', 0, 1)], []];
        const s = new Smoother({ steadyFrames: steady });
        let run = 0;
        let last = -1;
        // No busy frame yet, the same table since the first frame, nothing settled.
        let opening = true;
        let settledBefore = false;
        frames.forEach((f, i) => {
          const settled = s.push(frame(i, tables[f.which]!, f.busy));
          if (f.busy) {
            if (settled) {
              expect(opening && !settledBefore).toBe(true);
              expect(run).toBeGreaterThanOrEqual(Math.min(2, steady));
              expect(settled).toEqual(tables[last]);
            }
            opening = false;
            run = 0;
          } else if (f.which === last) run++;
          else {
            if (last !== -1) opening = false;
            run = 1;
          }
          last = f.busy ? -1 : f.which;
          if (settled && !f.busy) expect(run).toBeGreaterThanOrEqual(steady);
          if (settled) settledBefore = true;
        });
      }),
    );
  });
});
