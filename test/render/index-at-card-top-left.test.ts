// Corner 0 of the truth is the card's own top-left: the index sits there (and, turned, at corner 2),
// never at corners 1 and 3, and the card's pips point the card's own way up from it. Measured on
// the photograph, in the card's own frame as the truth corners span it.
import { describe, expect, it } from 'vitest';
import { plainConditions } from '../../src/render/conditions.js';
import { cameraFor, renderFrame } from '../../src/render/photo.js';
import { placeCards } from '../../src/render/scene.js';
import { decode, inQuad, pixel, type Decoded, type Pt, type Rgb } from './pixels.js';

const isRed = ([r, g, b]: Rgb): boolean => r - g > 50 && r - b > 50;

/** Red samples in a patch of the card's own frame (s across from corner 0 to 1, t down from 0 to 3). */
function redIn(img: Decoded, c: readonly Pt[], s0: number, s1: number, t0: number, t1: number): number {
  let red = 0;
  for (let i = 0; i <= 12; i++) {
    for (let j = 0; j <= 12; j++) {
      if (isRed(pixel(img, ...inQuad(c, s0 + ((s1 - s0) * i) / 12, t0 + ((t1 - t0) * j) / 12)))) red++;
    }
  }
  return red;
}

describe('the index sits at the top-left corner of the card', () => {
  // Flipped cards (dealt facing the other player), turned layouts, tilted cameras.
  const cases = [
    { angle: 0, flip: 0, tilt: 0 },
    { angle: 0, flip: 1, tilt: 15 },
    { angle: 71, flip: 0, tilt: 30 },
    { angle: 250, flip: 1, tilt: 38 },
  ];
  for (const { angle, flip, tilt } of cases) {
    it(`layout at ${angle} deg${flip ? ', card turned 180' : ''}, tilt ${tilt}: ink at corners 0 and 2 only, the triangle points from 3 to 0`, async () => {
      const cards = placeCards('progression', [{ card: '1-triangle-red', row: 0, col: 0 }], { gapMm: 0, jitterDeg: 0, slideMm: 0, flipShare: flip, angleDeg: angle, wanderMm: 0 }, 3);
      const conditions = plainConditions({ width: 640, height: 640, tiltDeg: tilt, yawDeg: 30, fill: 0.85 });
      const frame = await renderFrame({ scene: { game: 'progression', cards, objects: [] }, conditions, camera: cameraFor(cards, conditions), seed: 1 });
      const img = await decode(frame.jpeg);
      const c = frame.truth[0]!.corners as Pt[];
      // Index: numeral 4-10 mm in, 8 mm tall, and a 5 mm shape under it: within 3-16 mm of the corner.
      const near = [3 / 63, 11 / 63];
      const down = [3 / 88, 17 / 88];
      const far = (r: number[]): number[] => [1 - r[1]!, 1 - r[0]!];
      expect(redIn(img, c, near[0]!, near[1]!, down[0]!, down[1]!)).toBeGreaterThan(8);
      expect(redIn(img, c, far(near)[0]!, far(near)[1]!, far(down)[0]!, far(down)[1]!)).toBeGreaterThan(8);
      expect(redIn(img, c, far(near)[0]!, far(near)[1]!, down[0]!, down[1]!)).toBe(0);
      expect(redIn(img, c, near[0]!, near[1]!, far(down)[0]!, far(down)[1]!)).toBe(0);
      // The centre pip, a triangle pointing up: wider (more red) in its lower half.
      const upper = redIn(img, c, 0.38, 0.62, 0.5 - 6.5 / 88, 0.5);
      const lower = redIn(img, c, 0.38, 0.62, 0.5, 0.5 + 6.5 / 88);
      expect(lower).toBeGreaterThan(upper * 1.5);
    });
  }
});
