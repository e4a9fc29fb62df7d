// The table plane as a camera sees it (src/vision/detect/camera.ts): cards in one band of the frame
// fix their size there, and a free homography's perspective, from their corners a pixel or so off,
// runs off further away; the camera's, its focal length held near a usual lens's, runs on nearer.
// (At the near edge of these three views, the free plane puts points 7, 16 and 25 mm off; the
// camera's 3, 6 and 13.)
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/rules/random.js';
import { fitCameraPlane } from '../../src/vision/detect/camera.js';
import { applyHomography, fitHomography, type Vec } from '../../src/vision/detect/geometry.js';
import { tablePlane } from '../../src/vision/detect/table.js';

const frame = { width: 1280, height: 720 };

/** A 1280 x 720 camera (focal length `focal` px) tilted `tiltDeg` from straight down, `heightMm` over the table. */
function camera(focal: number, tiltDeg: number, heightMm: number): (p: Vec) => Vec {
  const tilt = (tiltDeg * Math.PI) / 180;
  return ([x, y]) => {
    // Table y runs away from the camera; the frame's y runs down.
    const depth = heightMm / Math.cos(tilt) + y * Math.sin(tilt);
    return [frame.width / 2 + (focal * x) / depth, frame.height / 2 - (focal * y * Math.cos(tilt)) / depth];
  };
}

/** The corners of a row of cards across the far part of the table, each a pixel or so off. */
function farCards(project: (p: Vec) => Vec, seed: number): { table: Vec[]; seen: Vec[] } {
  const random = seededRandom(seed);
  const table: Vec[] = [];
  const seen: Vec[] = [];
  for (let x = -210; x <= 150; x += 72) {
    for (const corner of [[0, 0], [63, 0], [63, 88], [0, 88]] as const) {
      const t: Vec = [x + corner[0], 160 + corner[1]];
      const p = project(t);
      table.push(t);
      seen.push([p[0] + 2 * (random() - 0.5), p[1] + 2 * (random() - 0.5)]);
    }
  }
  return { table, seen };
}

describe('the table plane as a camera sees it', () => {
  it('runs on from cards in the far band to the near edge nearer than a free homography', () => {
    const near: Vec[] = [[0, -250], [-250, -300], [250, -300]];
    for (const [focalWidths, tiltDeg, seed] of [[0.7, 38, 1], [0.85, 30, 2], [0.65, 42, 3]] as const) {
      const project = camera(focalWidths * frame.width, tiltDeg, 900);
      const { table, seen } = farCards(project, seed);
      const free = fitHomography(seen, table)!;
      const fitted = fitCameraPlane(seen, table, frame, free)!;
      const off = (h: readonly number[]): number => Math.max(...near.map((t) => Math.hypot(...(applyHomography(h, project(t)).map((v, i) => v - t[i]!) as [number, number]))));
      // Where the cards lie, both hold them to a few millimetres (a pixel there is one or two).
      for (const h of [free, fitted]) expect(Math.max(...table.map((t, i) => Math.hypot(applyHomography(h, seen[i]!)[0] - t[0], applyHomography(h, seen[i]!)[1] - t[1])))).toBeLessThan(4);
      expect(off(fitted), `focal ${focalWidths}, tilt ${tiltDeg}`).toBeLessThan(0.6 * off(free));
    }
  });

  it('runs on from one card alone, whose corners a free homography holds exactly however they lie', () => {
    // One card in the far band, its corners 1.5 px off at most: the free plane's perspective is
    // whatever those pixels make it; the camera's is held near a usual lens's.
    const near: Vec[] = [[0, -250], [-250, -300], [250, -300]];
    for (const [focalWidths, tiltDeg, seed] of [[0.7, 38, 1], [0.85, 30, 2], [0.65, 42, 3]] as const) {
      const project = camera(focalWidths * frame.width, tiltDeg, 900);
      const random = seededRandom(seed);
      const quad = ([[0, 88], [63, 88], [63, 0], [0, 0]] as const).map(([x, y]) => {
        const p = project([x - 30, 160 + y]);
        return [p[0] + 3 * (random() - 0.5), p[1] + 3 * (random() - 0.5)] as Vec;
      });
      const size = { widthMm: 63, heightMm: 88 };
      const free = tablePlane([quad], size)!.toTable;
      const seen = tablePlane([quad], size, undefined, frame, true)!.toTable;
      // How far off each plane measures the near points' distances from the card's centre.
      const centre = applyHomography(seen, project([1.5, 204]));
      const centreFree = applyHomography(free, project([1.5, 204]));
      const off = (h: readonly number[], c: Vec): number => Math.max(...near.map((t) => Math.abs(Math.hypot(...(applyHomography(h, project(t)).map((v, i) => v - c[i]!) as [number, number])) - Math.hypot(t[0] - 1.5, t[1] - 204))));
      // (Here 8 to 15 mm off, about 45 cm from the card, where the free plane is 11 to 20 cm off.)
      expect(off(seen, centre), `focal ${focalWidths}, tilt ${tiltDeg}`).toBeLessThan(0.2 * off(free, centreFree));
    }
  });
});
