// The scan on tables where cards hardly stand out: it looks at the lone cards' own turn (not the
// turn of whichever card made the plane).
import { describe, expect, it } from 'vitest';
import { applyHomography, insidePolygon, type Homography, type Vec } from '../../src/vision/detect/geometry.js';
import { scanAngles } from '../../src/vision/detect/scan.js';
import { detect, devFrame, matchTruth } from './detect-helpers.js';

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
