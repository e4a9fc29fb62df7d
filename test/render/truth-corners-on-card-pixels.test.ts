// The truth is the renderer's geometry; this checks it against the pixels the renderer drew:
// a card with a wide pink border on a dark table, at several turns and camera tilts.
import { describe, expect, it } from 'vitest';
import { plainConditions } from '../../src/render/conditions.js';
import { STANDARD_DECK, type DeckProfile } from '../../src/deck/profile.js';
import { cameraFor, renderFrame } from '../../src/render/photo.js';
import { placeCards, type LayoutStyle } from '../../src/render/scene.js';
import { centroid, decode, inQuad, isDarkTable, isMagenta, pixel, type Decoded, type Pt } from './pixels.js';

const BORDERED: DeckProfile = { ...STANDARD_DECK, border: '#FF60FF', borderMm: 5 };
const still = (angleDeg: number): LayoutStyle => ({ gapMm: 25, jitterDeg: 0, slideMm: 0, flipShare: 0, angleDeg, wanderMm: 0 });

async function photograph(angleDeg: number, tiltDeg: number, yawDeg: number, distortion: number) {
  const cards = placeCards('progression', [{ card: '3-star-orange', row: 0, col: 0 }, { card: '4-square-red', row: 0, col: 1 }], still(angleDeg), 7, BORDERED);
  const conditions = plainConditions({ tiltDeg, yawDeg, rollDeg: 3, distortion, fill: 0.7 });
  const camera = cameraFor(cards, conditions);
  const frame = await renderFrame({ scene: { game: 'progression', cards, objects: [] }, conditions, camera, seed: 1, profile: BORDERED });
  return { truth: frame.truth, image: await decode(frame.jpeg) };
}

const unit = (x: number, y: number): [number, number] => {
  const l = Math.hypot(x, y);
  return [x / l, y / l];
};

/** Where, along the inward normal at an edge point, the pixels turn from table to magenta (px from the truth edge). */
function borderCrossing(img: Decoded, p: Pt, inward: Pt): number {
  const magentaness = (d: number): number => {
    const [r, g, b] = pixel(img, p[0] + inward[0] * d, p[1] + inward[1] * d);
    return (r + b) / 2 - g;
  };
  const outside = magentaness(-5);
  const inside = magentaness(4);
  const half = (outside + inside) / 2;
  for (let d = -5; d <= 4; d += 0.25) if (magentaness(d) >= half) return d;
  return Number.POSITIVE_INFINITY;
}

describe('truth corners land on the card pixels', () => {
  const cases = [
    { angle: 0, tilt: 0, yaw: 0, k: 0 },
    { angle: 93, tilt: 22, yaw: 40, k: 0.03 },
    { angle: 211, tilt: 38, yaw: -70, k: 0.05 },
  ];
  for (const { angle, tilt, yaw, k } of cases) {
    it(`layout turned ${angle} deg, camera tilted ${tilt} deg: just inside each corner is card, just outside is table`, async () => {
      const { truth, image } = await photograph(angle, tilt, yaw, k);
      expect(truth).toHaveLength(2);
      for (const card of truth) {
        const c = card.corners as Pt[];
        // 2 mm in from each corner along both edges (past the 3 mm rounding), and 3 mm out.
        const [sIn, tIn, sOut, tOut] = [2 / 63, 2 / 88, -3 / 63, -3 / 88];
        [
          [0, 0, 1, 1],
          [1, 0, -1, 1],
          [1, 1, -1, -1],
          [0, 1, 1, -1],
        ].forEach(([s, t, ds, dt]) => {
          expect(isMagenta(pixel(image, ...inQuad(c, s! + ds! * sIn, t! + dt! * tIn)))).toBe(true);
          expect(isDarkTable(pixel(image, ...inQuad(c, s! + ds! * sOut, t! + dt! * tOut)))).toBe(true);
        });
      }
    });

    it(`layout turned ${angle} deg, camera tilted ${tilt} deg: along every edge the border starts within a pixel of the truth`, async () => {
      const { truth, image } = await photograph(angle, tilt, yaw, k);
      for (const card of truth) {
        const c = card.corners as Pt[];
        const mid = centroid(c);
        for (let e = 0; e < 4; e++) {
          const a = c[e]!;
          const b = c[(e + 1) % 4]!;
          let [nx, ny] = unit(-(b[1] - a[1]), b[0] - a[0]);
          const p0: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
          if ((mid[0] - p0[0]) * nx + (mid[1] - p0[1]) * ny < 0) [nx, ny] = [-nx, -ny];
          for (const t of [0.2, 0.5, 0.8]) {
            const p: Pt = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
            // Lens distortion bends edges slightly between corners; the truth is the straight chord.
            expect(Math.abs(borderCrossing(image, p, [nx, ny]))).toBeLessThan(k > 0 ? 1.6 : 1.1);
          }
        }
      }
    });
  }
});
