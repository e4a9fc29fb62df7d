// Dense layouts on a table as light as the paper: a card's side that ran on across the gap to the
// neighbour's border moves back in to the card's own border; a side on its own border, a faint
// outline, or ink inside the card leave it where it is.
import { describe, expect, it } from 'vitest';
import { insidePolygon, type Vec } from '../../src/vision/detect/geometry.js';
import { ownBorders } from '../../src/vision/detect/joint.js';
import type { GreyImage, RefinedQuad } from '../../src/vision/detect/refine.js';
import { refinedAs } from './detect-helpers.js';

const W = 300;
const H = 360;

const rect = (x0: number, y0: number, x1: number, y1: number): Vec[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

/** Cards of paper (grey 230) with a 1 px border of `border` on a table of `table`, and blobs of ink. */
function paint(table: number, border: number, cards: readonly Vec[][], ink: readonly Vec[][] = []): GreyImage {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let g = table;
      for (const c of cards) {
        if (!insidePolygon(c, [x + 0.5, y + 0.5])) continue;
        const [x0, y0] = c[0]!;
        const [x1, y1] = c[2]!;
        g = x - x0 < 1 || x1 - x < 1.5 || y - y0 < 1 || y1 - y < 1.5 ? border : 230;
      }
      for (const q of ink) if (insidePolygon(q, [x + 0.5, y + 0.5])) g = 90;
      data[y * W + x] = g;
    }
  }
  return { width: W, height: H, data };
}

const refined = (quad: readonly Vec[]): RefinedQuad => refinedAs(quad, [1, 1, 1, 1], [20, 20, 20, 20]);

describe('a card whose side ran on to the neighbour below', () => {
  // Two cards 120 x 160 px one above the other, 12 px of table (as light as the paper) between.
  const upper = rect(90, 20, 210, 180);
  const lower = rect(90, 192, 210, 352);
  const image = paint(229, 200, [upper, lower]);

  it('has that side moved back in to its own border', () => {
    // Snapped to the lower card's border: 12 px too long.
    const own = ownBorders(image, refined(rect(90, 20, 210, 192)));
    expect(own).not.toBeNull();
    for (let i = 0; i < 4; i++) expect(Math.hypot(own!.quad[i]![0] - upper[i]![0], own!.quad[i]![1] - upper[i]![1])).toBeLessThan(1.5);
  });

  it('is left alone where every side is on its own border', () => {
    expect(ownBorders(image, refined(upper))).toBeNull();
  });

  it('is left alone where the neighbour\'s border is too faint to tell by', () => {
    const faint = paint(229, 222, [upper, lower]);
    expect(ownBorders(faint, refined(rect(90, 20, 210, 192)))).toBeNull();
  });
});

describe('a card with ink near a side', () => {
  it('keeps its side: a row of shapes is not a border (thick and dark, and broken along the side)', () => {
    const card = rect(90, 20, 210, 180);
    // Three blobs in a row 14 px in from the bottom side, and a bar the whole width.
    const blobs = [rect(100, 150, 125, 164), rect(138, 150, 163, 164), rect(176, 150, 201, 164)];
    expect(ownBorders(paint(229, 200, [card], blobs), refined(card))).toBeNull();
    expect(ownBorders(paint(229, 200, [card], [rect(92, 150, 208, 160)]), refined(card))).toBeNull();
  });
});
