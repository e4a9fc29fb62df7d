// tablePlane weighs every lone card's shape under every other card's plane; it does so without
// mapping the quad into new arrays (cardShapeErrorUnder), and must come to the very same number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyHomography, homography, type Vec } from '../../src/vision/detect/geometry.js';
import { cardRectangle, cardShapeError, cardShapeErrorUnder } from '../../src/vision/detect/table.js';

const SIZE = { widthMm: 63, heightMm: 88 };
const point = fc.tuple(fc.double({ min: 0, max: 1920, noNaN: true }), fc.double({ min: 0, max: 1080, noNaN: true }));
const quad = fc.tuple(point, point, point, point) as fc.Arbitrary<Vec[]>;

describe('a quad\'s card-shape error under a plane', () => {
  it('is cardShapeError of the quad mapped onto the table, to the last bit', () => {
    fc.assert(
      fc.property(quad, quad, (card, other) => {
        const h = homography(card, cardRectangle(SIZE));
        if (!h) return;
        const mapped = other.map((p) => applyHomography(h, p));
        expect(Object.is(cardShapeErrorUnder(h, other, SIZE), cardShapeError(mapped, SIZE))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is 0 for the card that made the plane, and grows as another is stretched', () => {
    const card: Vec[] = [[100, 100], [163, 104], [160, 190], [98, 186]];
    const h = homography(card, cardRectangle(SIZE))!;
    expect(cardShapeErrorUnder(h, card, SIZE)).toBeLessThan(1e-9);
    const stretched: Vec[] = card.map(([x, y]) => [x, 100 + (y - 100) * 1.2]);
    expect(cardShapeErrorUnder(h, stretched, SIZE)).toBeGreaterThan(5);
  });
});
