import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridAgreement } from '../../src/cli/eval.js';
import { assignGrid } from '../../src/vision/grid.js';
import type { Quad } from '../../src/vision/image.js';

const W = 63;
const H = 88;

interface Layout {
  readonly rows: number;
  readonly cols: number;
  readonly present: readonly boolean[];
  readonly gap: number;
  readonly angle: number;
  readonly tilt: number;
  readonly yaw: number;
  readonly wobble: readonly { dx: number; dy: number; turn: number; flip: boolean; wander: number }[];
}

/** A camera over the table: tilted about the image x axis, turned (yaw) about the vertical. */
function camera(tiltDeg: number, yawDeg: number): (x: number, y: number) => [number, number] {
  const t = (tiltDeg * Math.PI) / 180;
  const yaw = (yawDeg * Math.PI) / 180;
  const f = 1000;
  const height = 700;
  return (x, y) => {
    const xr = x * Math.cos(yaw) - y * Math.sin(yaw);
    const yr = x * Math.sin(yaw) + y * Math.cos(yaw);
    // Camera at (0, -height*sin t, height*cos t) looking at the origin.
    const yc = yr * Math.cos(t);
    const zc = height + yr * Math.sin(t);
    return [640 + (f * xr) / zc, 360 + (f * yc) / zc];
  };
}

/** Card quads (image pixels, clockwise from each card's own top-left) and their true cells. */
function photograph(l: Layout): { quads: Quad[]; cells: { row: number; col: number }[] } {
  const project = camera(l.tilt, l.yaw);
  const a = (l.angle * Math.PI) / 180;
  const turn = (x: number, y: number, ang: number): [number, number] => [x * Math.cos(ang) - y * Math.sin(ang), x * Math.sin(ang) + y * Math.cos(ang)];
  const quads: Quad[] = [];
  const cells: { row: number; col: number }[] = [];
  for (let r = 0; r < l.rows; r++) {
    for (let c = 0; c < l.cols; c++) {
      const k = r * l.cols + c;
      if (!l.present[k]) continue;
      const w = l.wobble[k]!;
      const cx = (c - (l.cols - 1) / 2) * (W + l.gap) + w.dx;
      const cy = (r - (l.rows - 1) / 2) * (H + l.gap) + w.dy + w.wander;
      const own = a + ((w.turn + (w.flip ? 180 : 0)) * Math.PI) / 180;
      const corners = [
        [-W / 2, -H / 2],
        [W / 2, -H / 2],
        [W / 2, H / 2],
        [-W / 2, H / 2],
      ].map(([x, y]) => {
        const [tx, ty] = turn(x!, y!, own);
        const [px, py] = turn(cx, cy, a);
        return project(px + tx, py + ty);
      });
      quads.push(corners as unknown as Quad);
      cells.push({ row: r, col: c });
    }
  }
  return { quads, cells };
}

const layouts = fc
  .record({
    rows: fc.integer({ min: 1, max: 5 }),
    cols: fc.integer({ min: 1, max: 6 }),
    gap: fc.double({ min: 0, max: 16, noNaN: true }),
    angle: fc.double({ min: 0, max: 360, noNaN: true }),
    tilt: fc.double({ min: 0, max: 35, noNaN: true }),
    yaw: fc.double({ min: -20, max: 20, noNaN: true }),
    seed: fc.array(fc.record({ keep: fc.double({ min: 0, max: 1, noNaN: true }), dx: fc.double({ min: -2, max: 2, noNaN: true }), dy: fc.double({ min: -2, max: 2, noNaN: true }), turn: fc.double({ min: -4, max: 4, noNaN: true }), flip: fc.boolean(), wander: fc.double({ min: -1, max: 1, noNaN: true }) }), { minLength: 30, maxLength: 30 }),
  })
  .map((g): Layout => ({
    rows: g.rows,
    cols: g.cols,
    gap: g.gap,
    angle: g.angle,
    tilt: g.tilt,
    yaw: g.yaw,
    // About one cell in five left empty (claimed Hunt cards, a growing layout).
    present: g.seed.map((s) => s.keep > 0.2),
    // Loose grids: rows wander by up to 2 mm plus a third of the gap.
    wobble: g.seed.map((s) => ({ dx: s.dx, dy: s.dy, turn: s.turn, flip: s.flip, wander: s.wander * (2 + g.gap / 3) })),
  }))
  // A layout holds together: 3+ cards, each reachable from the others through neighbouring cells
  // (two lone cards five cells apart could as well be four cells of a wider gap apart).
  .filter((l) => connected(l));

function connected(l: Layout): boolean {
  const cells: [number, number][] = [];
  for (let r = 0; r < l.rows; r++) for (let c = 0; c < l.cols; c++) if (l.present[r * l.cols + c]) cells.push([r, c]);
  if (cells.length < 3) return false;
  const seen = new Set([0]);
  const queue = [0];
  while (queue.length) {
    const [r, c] = cells[queue.pop()!]!;
    cells.forEach(([r2, c2], j) => {
      if (!seen.has(j) && Math.abs(r2 - r) <= 1 && Math.abs(c2 - c) <= 1) {
        seen.add(j);
        queue.push(j);
      }
    });
  }
  return seen.size === cells.length;
}

describe('grid rows and columns from card outlines', () => {
  it('recovers every card\'s row and column, up to one shift and quarter turn, at any layout angle, gap, tilt and with missing cells', () => {
    fc.assert(
      fc.property(layouts, (layout) => {
        const { quads, cells } = photograph(layout);
        const found = assignGrid(quads.map((corners) => ({ corners })));
        const agree = gridAgreement(cells.map((truth, i) => ({ truth, found: found[i]! })));
        expect(agree.every(Boolean)).toBe(true);
      }),
      { numRuns: 300, seed: 20260601 },
    );
  });

  it('keeps cards apart: no two cards of a layout share a cell', () => {
    fc.assert(
      fc.property(layouts, (layout) => {
        const { quads } = photograph(layout);
        const found = assignGrid(quads.map((corners) => ({ corners })));
        expect(new Set(found.map((c) => `${c.row},${c.col}`)).size).toBe(found.length);
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('reads a single row of Sequence Stacks piles with their wider spacing', () => {
    // Piles 81 mm + a gap apart (cards.md leaves the spacing to the table): columns 0, 1, 3, 4.
    const pitch = W + 18 + 4;
    const project = camera(20, 0);
    const quads = [0, 1, 3, 4].map((col) => [
      project(col * pitch - W / 2, -H / 2),
      project(col * pitch + W / 2, -H / 2),
      project(col * pitch + W / 2, H / 2),
      project(col * pitch - W / 2, H / 2),
    ] as unknown as Quad);
    const found = assignGrid(quads.map((corners) => ({ corners })), { game: 'sequence-stacks' });
    expect(found.map((c) => c.col)).toEqual([0, 1, 3, 4]);
    expect(new Set(found.map((c) => c.row)).size).toBe(1);
  });

  it('keeps a few far-apart Stacks piles within the 5 columns and 3 rows of its spaces', () => {
    // A sequence pile and discard piles out at the corners (set 30 mm further out, 25 mm further
    // up or down): with so few piles, 370 mm across is 4 steps of 92 mm or 5 of 74, and only the
    // first fits the spaces.
    const tables = [
      [[0, 0], [-1, 4]],
      [[0, 0], [1, 0], [-1, 4]],
      [[0, 4], [1, 0]],
    ] as const;
    for (const table of tables) {
      for (const gap of [0, 4, 8]) {
        const pitch = W + 18 + gap;
        const rowPitch = H + 30 + gap;
        const piles = table.map(([row, col]) => ({ row, col, x: col * pitch + (row !== 0 ? (col < 2 ? -30 : 30) : 0), y: row * rowPitch + (row > 0 ? 25 : row < 0 ? -25 : 0) }));
        const project = camera(15, 10);
        const quads = piles.map(({ x, y }) => [project(x - W / 2, y - H / 2), project(x + W / 2, y - H / 2), project(x + W / 2, y + H / 2), project(x - W / 2, y + H / 2)] as unknown as Quad);
        const found = assignGrid(quads.map((corners) => ({ corners })), { game: 'sequence-stacks' });
        const agree = gridAgreement(piles.map((p, i) => ({ truth: { row: p.row, col: p.col }, found: found[i]! })));
        expect(agree, `${JSON.stringify(table)} gap ${gap}: ${JSON.stringify(found)}`).toEqual(piles.map(() => true));
      }
    }
  });

  it('a lone Stacks card seen steeply (wider than long in the image) gives the layout its own way round', () => {
    // Table mm to image px: 3 px/mm across, 1.5 down (a steep camera). The card's own top-left
    // first; the draw pile (outlined roughly, not sized) 100 mm to its right in the same row.
    const seen = (x: number, y: number, w: number, h: number): Quad => [[3 * x, 1.5 * y], [3 * (x + w), 1.5 * y], [3 * (x + w), 1.5 * (y + h)], [3 * x, 1.5 * (y + h)]] as unknown as Quad;
    const [card, pile] = assignGrid([{ corners: seen(0, 0, W, H), ownTop: true }, { corners: seen(100, 0, W, H), sized: false }], { game: 'sequence-stacks' });
    expect(pile!.row - card!.row).toBe(0);
    expect(pile!.col - card!.col).toBe(1);
  });
});
