// The table plane from lone cards: where the cards fit either way round (one card, or a few at one
// angle), the plane that foreshortens down the frame, as a camera above a table does, is taken.
import { describe, expect, it } from 'vitest';
import { applyHomography, dist, type Vec } from '../../src/vision/detect/geometry.js';
import { tablePlane } from '../../src/vision/detect/table.js';

const SIZE = { widthMm: 63, heightMm: 88 };
/** A camera tilted 30 degrees: 2 px a mm across the frame, 2 cos 30 down it. */
const toFrame = ([x, y]: Vec): Vec => [300 + 2 * x, 100 + 2 * Math.cos(Math.PI / 6) * y];

/** A card lying upright on the table at (x, y) mm, its quad in the frame starting at `start`. */
function cardAt(x: number, y: number, start: number): Vec[] {
  const corners: Vec[] = [[x, y], [x + 63, y], [x + 63, y + 88], [x, y + 88]];
  return [0, 1, 2, 3].map((i) => toFrame(corners[(i + start) % 4]!));
}

describe('the table plane from lone cards', () => {
  it('takes the cards upright on the table whichever corner their quads start at', () => {
    for (const start of [0, 1, 2, 3]) {
      const plane = tablePlane([cardAt(0, 0, start), cardAt(100, 0, start)], SIZE)!;
      expect(plane.cards).toBe(2);
      // Down the frame (foreshortened) runs the cards' long side, across it their short side.
      const onTable = (p: Vec): Vec => applyHomography(plane.toTable, toFrame(p));
      expect(dist(onTable([0, 0]), onTable([0, 88]))).toBeCloseTo(88, 1);
      expect(dist(onTable([0, 0]), onTable([63, 0]))).toBeCloseTo(63, 1);
    }
  });
});
