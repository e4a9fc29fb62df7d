// The scan on tables where cards hardly stand out: it looks at the lone cards' own turn (not the
// turn of whichever card made the plane), and a card held by two opposite sides only is slid
// along them to where its other two sides show.
import { describe, expect, it } from 'vitest';
import { applyHomography, insidePolygon, type Homography, type Vec } from '../../src/vision/detect/geometry.js';
import { slideAlong, type GreyImage, type RefinedQuad } from '../../src/vision/detect/refine.js';
import { scanAngles } from '../../src/vision/detect/scan.js';
import { detect, devFrame, matchTruth, refinedAs } from './detect-helpers.js';

const deg = Math.PI / 180;

/** A 63 x 88 card's corners (clockwise from its top-left) centred at (x, y), turned by `turn` rad. */
function card(x: number, y: number, turn: number, scale = 1): Vec[] {
  const c = Math.cos(turn);
  const s = Math.sin(turn);
  return [
    [-31.5, -44],
    [31.5, -44],
    [31.5, 44],
    [-31.5, 44],
  ].map(([u, v]) => [x + scale * (u! * c - v! * s), y + scale * (u! * s + v! * c)] as Vec);
}

describe('the turn the scan looks at', () => {
  // Frame pixels to table mm: two pixels a millimetre.
  const toTable: Homography = [0.5, 0, 0, 0, 0.5, 0, 0, 0, 1];

  it('is the lone cards mean turn, whichever corner each quad starts at', () => {
    const quads = [card(200, 200, 4 * deg, 2), card(400, 200, 8 * deg, 2), card(600, 200, 6 * deg, 2)];
    // The third quad started at its top-right corner: its first side a long one (a quarter turn on).
    const q = quads[2]!;
    quads[2] = [q[1]!, q[2]!, q[3]!, q[0]!];
    const [turn, ...more] = scanAngles(quads, toTable);
    expect(more).toEqual([]);
    expect(turn! / deg).toBeCloseTo(6, 1);
  });

  it('averages across the quarter-turn seam', () => {
    const [turn] = scanAngles([card(200, 200, 44 * deg, 2), card(400, 200, -44 * deg, 2)], toTable);
    // 44 and -44 degrees are 2 degrees apart by quarter turns: the mean is at the seam, not 0.
    expect(Math.abs(Math.abs(turn! / deg) - 45)).toBeLessThan(0.5);
  });

  it('is the plane own axes without lone cards', () => {
    expect(scanAngles([], toTable)).toEqual([0]);
  });

  it('follows the plane: turned 10 degrees by it, the same cards lie 10 degrees less askew', () => {
    const c = Math.cos(10 * deg);
    const s = Math.sin(10 * deg);
    const turned: Homography = [0.5 * c, -0.5 * s, 0, 0.5 * s, 0.5 * c, 0, 0, 0, 1];
    const quads = [card(200, 200, 5 * deg, 2)];
    const [turn] = scanAngles(quads, turned);
    const onTable = quads[0]!.map((p) => applyHomography(turned, p));
    expect(turn! / deg).toBeCloseTo(15, 1);
    expect(Math.atan2(onTable[1]![1] - onTable[0]![1], onTable[1]![0] - onTable[0]![0]) / deg).toBeCloseTo(15, 1);
  });
});

const W = 420;
const H = 360;

/** A light table (grey `table`) with one card of paper (grey `paper`) on it. */
function paint(table: number, paper: number, quad: readonly Vec[]): GreyImage {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = insidePolygon(quad, [x + 0.5, y + 0.5]) ? paper : table;
  return { width: W, height: H, data };
}

/** A refined quad whose sides 0 and 2 held (found by the edge search) and 1 and 3 did not. */
const heldBy02 = (quad: readonly Vec[]): RefinedQuad => refinedAs(quad, [0.9, 0.2, 0.9, 0.2], [12, 0, 12, 0]);

describe('a card held by two opposite sides only', () => {
  // A card 176 px wide, turned 3 degrees, on a table a little lighter than its paper.
  const truth = card(210, 180, 3 * deg, 2).map(([x, y]) => [x, y] as Vec);
  // Wider than tall: the long sides (top and bottom here) are the ones that held.
  const wide = truth.map(([x, y]) => [210 + (y - 180), 180 - (x - 210)] as Vec);
  const quad = [wide[1]!, wide[2]!, wide[3]!, wide[0]!];
  const image = paint(214, 206, quad);
  const shift = (q: readonly Vec[], by: number): Vec[] => {
    const a = q[0]!;
    const b = q[1]!;
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return q.map(([x, y]) => [x + ((b[0] - a[0]) / l) * by, y + ((b[1] - a[1]) / l) * by] as Vec);
  };

  it('is slid along them to where its other two sides show', () => {
    const off = shift(quad, 40);
    const slid = slideAlong(image, heldBy02(off));
    expect(slid).not.toBeNull();
    for (let i = 0; i < 4; i++) expect(Math.hypot(slid!.quad[i]![0] - quad[i]![0], slid!.quad[i]![1] - quad[i]![1])).toBeLessThan(1.5);
    // Still only two sides seen: the card stays reported as such.
    expect(slid!.support).toEqual([0.9, 0.2, 0.9, 0.2]);
  });

  it('stays put when already in place, or when held by more than two sides', () => {
    expect(slideAlong(image, heldBy02(quad))).toBeNull();
    const held = heldBy02(shift(quad, 30));
    expect(slideAlong(image, { ...held, support: [0.9, 0.8, 0.9, 0.2] })).toBeNull();
  });

  it('is left where the scan put it when nothing shows along the way', () => {
    const blank = paint(210, 210, quad);
    expect(slideAlong(blank, heldBy02(shift(quad, 40)))).toBeNull();
  });
});

describe('a dev frame (Progression, felt, 27 degrees tilt)', () => {
  it('finds the card whose outline did not close, on its corners, and no false card beside it', async () => {
    const { image, truth, deck } = await devFrame('progression', 9);
    const found = await detect(image, deck);
    const match = matchTruth(truth, found);
    const k = truth.findIndex((t) => t.card === '2-star-red');
    expect(k).toBeGreaterThanOrEqual(0);
    expect(match[k]).toBeGreaterThanOrEqual(0);
    const corners = found[match[k]!]!.corners.map(([x, y]) => [x + 0.5, y + 0.5] as Vec);
    const t = truth[k]!.corners;
    // Corner to corner, whichever corner the detection starts at.
    const worst = Math.min(...[0, 1, 2, 3].map((s) => Math.max(...[0, 1, 2, 3].map((i) => Math.hypot(corners[(i + s) % 4]![0] - t[i]![0]!, corners[(i + s) % 4]![1] - t[i]![1]!)))));
    expect(worst).toBeLessThan(2.5);
    // Every detection lies on a card (before: a quad straddling this card and the table).
    expect(found.every((f) => truth.some((c) => insidePolygon(c.corners as unknown as Vec[], f.centre)))).toBe(true);
  });
});
