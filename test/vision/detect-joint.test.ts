// A scan hit straddling two cards (glare hiding the outline of one) has the joint between them
// across its face; a card's own face, its ink, or a hand across it do not.
import { describe, expect, it } from 'vitest';
import { insidePolygon, type Vec } from '../../src/vision/detect/geometry.js';
import { crossedByJoint } from '../../src/vision/detect/joint.js';
import type { GreyImage } from '../../src/vision/detect/refine.js';
import { detect, devFrame, matchTruth } from './detect-helpers.js';

const W = 400;
const H = 400;

function paint(background: number, shapes: readonly { quad: readonly Vec[]; grey: number }[]): GreyImage {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let g = background;
      for (const s of shapes) if (insidePolygon(s.quad, [x, y])) g = s.grey;
      data[y * W + x] = g;
    }
  }
  return { width: W, height: H, data };
}

const rect = (x0: number, y0: number, x1: number, y1: number): Vec[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

describe('a quad across the joint of two cards', () => {
  // Two cards 120 x 84 px one above the other, 3 px of table between them.
  const upper = rect(100, 80, 220, 164);
  const lower = rect(100, 167, 220, 251);
  const table = paint(120, [
    { quad: upper, grey: 225 },
    { quad: lower, grey: 225 },
  ]);

  it('is told by the dark line across its middle, even a few degrees off its sides', () => {
    expect(crossedByJoint(table, rect(100, 122, 220, 206))).toBe(true);
    const turned: Vec[] = [
      [100, 120],
      [220, 126],
      [220, 210],
      [100, 204],
    ];
    expect(crossedByJoint(table, turned)).toBe(true);
  });

  it('is not a card\'s own face, with ink on it or a hand across it', () => {
    expect(crossedByJoint(table, upper)).toBe(false);
    // A row of three dark pips across the face.
    const inked = paint(120, [{ quad: upper, grey: 225 }, ...[0, 1, 2].map((k) => ({ quad: rect(115 + 35 * k, 110, 140 + 35 * k, 135), grey: 60 }))]);
    expect(crossedByJoint(inked, upper)).toBe(false);
    // A hand (wide and dark) across the lower half.
    const hand = paint(120, [
      { quad: upper, grey: 225 },
      { quad: rect(60, 130, 260, 190), grey: 150 },
    ]);
    expect(crossedByJoint(hand, upper)).toBe(false);
  });

  it('no longer makes a false card between two dev cards, one of them under glare', async () => {
    const { image, truth } = await devFrame('sequence-shift-game', 24);
    const found = await detect(image);
    // Every detection lies on some card.
    expect(found.length).toBeGreaterThanOrEqual(5);
    for (const f of found) expect(truth.some((t) => insidePolygon(t.corners as unknown as Vec[], f.centre))).toBe(true);
    // The card below the glare is still found.
    const below = truth.findIndex((t) => t.card === '3-crescent-orange');
    expect(matchTruth(truth, found)[below]).toBeGreaterThanOrEqual(0);
  });
});
