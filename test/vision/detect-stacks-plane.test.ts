// Sequence Stacks detection on tables where it went wrong: the plane from too few cards, and a
// tan wood table taken for cards.
//
// The table plane from a card or two (Sequence Stacks tables of piles often show one or two lone
// cards): four corners a pixel or two off fix a card's size near it, not how the size changes
// across the frame, and the perspective they give may run far off a few card widths away. The
// plane without perspective (TablePlane.flat) is tried too, and kept where its cards' sides hold
// more of the frame's edges. The frame below (tuning set seed 5151, Stacks table 20) showed one
// lone card to go by: half its pile tops were missed and two more cut to the wrong size. The plane
// with perspective is the one a camera sees, from one card too (src/vision/detect/camera.ts).
import { describe, expect, it } from 'vitest';
import { planShot, renderShot } from '../../src/render/shot.js';
import { hashSeed } from '../../src/render/scene.js';
import { decodeImage } from '../../src/vision/image.js';
import { applyHomography, dist, fitAffine, insidePolygon, type Vec } from '../../src/vision/detect/geometry.js';
import { tablePlane } from '../../src/vision/detect/table.js';
import { PLANE } from '../../src/vision/detect/snap-params.js';
import { cornerError, detect, matchTruth, recordedFrame } from './detect-helpers.js';

const SIZE = { widthMm: 63, heightMm: 88 };

/** A card's corners (portrait, clockwise) under a perspective view of the table: x' = (x, y) / (1 + y / 900), scaled. */
function viewed(x0: number, y0: number): Vec[] {
  const view = ([x, y]: Vec): Vec => [(3 * x) / (1 + y / 900) + 200, (3 * y) / (1 + y / 900) + 50];
  const corners: Vec[] = [[x0, y0], [x0 + 63, y0], [x0 + 63, y0 + 88], [x0, y0 + 88]];
  return corners.map(view);
}

describe('table plane from few cards', () => {
  it('fits an affine map exactly where one exists', () => {
    const from: Vec[] = [[0, 0], [10, 0], [10, 20], [0, 20], [5, 7]];
    const map = ([x, y]: Vec): Vec => [2 * x - 0.5 * y + 3, 0.3 * x + 1.5 * y - 7];
    const h = fitAffine(from, from.map(map))!;
    for (const p of [[40, -3], [-12, 9]] as Vec[]) {
      const [u, v] = applyHomography(h, p);
      expect(Math.hypot(u - map(p)[0], v - map(p)[1])).toBeLessThan(1e-6);
    }
  });

  it('offers the flat plane only with a card or two to go by', () => {
    const cards = [viewed(0, 0), viewed(150, 40), viewed(40, 300), viewed(260, 320)];
    expect(tablePlane(cards.slice(0, 1), SIZE)!.flat).toBeDefined();
    expect(tablePlane(cards.slice(0, PLANE.fewCards), SIZE)!.flat).toBeDefined();
    const many = tablePlane(cards, SIZE)!;
    expect(many.flat).toBeUndefined();
    // With more cards the perspective is found: every card its own size, near and far.
    for (const q of cards) {
      const t = q.map((p) => applyHomography(many.toTable, p));
      expect(Math.abs(dist(t[0]!, t[1]!) - 63)).toBeLessThan(1);
      expect(Math.abs(dist(t[1]!, t[2]!) - 88)).toBeLessThan(1);
    }
    // The flat plane from one card keeps that card's size exactly.
    const one = tablePlane(cards.slice(0, 1), SIZE)!.flat!;
    const t = cards[0]!.map((p) => applyHomography(one, p));
    expect(Math.abs(dist(t[0]!, t[1]!) - 63)).toBeLessThan(3);
    expect(Math.abs(dist(t[1]!, t[2]!) - 88)).toBeLessThan(3);
  });

  it('finds the pile tops of a Stacks table with one lone card', async () => {
    const rendered = await renderShot(planShot('sequence-stacks', hashSeed('5151|sequence-stacks|20'), { conditions: {}, style: {} }));
    const image = await decodeImage(rendered.jpeg);
    const whole = rendered.truth.filter((t) => !t.hidden && (t.visible ?? 1) >= 0.999);
    expect(whole.length).toBe(8);
    const found = await detect(image, 'stacks');
    const match = matchTruth(whole, found);
    // Under the one card's perspective, 4 of the 8 were missed and 2 more cut 30-50 px short.
    expect(match.filter((k) => k >= 0).length).toBe(8);
    const errors = match.map((k, i) => cornerError(found[k]!.corners, whole[i]!.corners));
    errors.sort((a, b) => a - b);
    expect(errors[errors.length >> 1]!).toBeLessThan(8);
    expect(errors[errors.length - 1]!).toBeLessThan(20);
  }, 30_000);

  it('finds a pile top far from the one lone card, on the plane a camera sees from it', async () => {
    // Frame 29 of the Stacks game filmed as the held-out recorded game films it (seed 10112): white
    // cards on a cream table, a jump the one lone card. From its corners a few pixels off, a free
    // homography made a card at the near edge 39 x 54 mm (the camera's: 57 x 84), and the scan
    // there came to nothing: the red-wild on the near side was missed.
    const { image, truth } = await recordedFrame('sequence-stacks', 'heldout', 10112, 29);
    const found = await detect(image, 'stacks');
    const k = truth.findIndex((t) => t.card === 'red-wild' && !t.hidden);
    const match = matchTruth(truth, found);
    expect(match[k]).toBeGreaterThanOrEqual(0);
    expect(cornerError(found[match[k]!]!.corners, truth[k]!.corners)).toBeLessThan(8);
  }, 60_000);
});

describe('Stacks scan hits on open table', () => {
  // A tan wood table passes for a special's yellow face, its grain for ink: card-sized cuts of
  // bare table were kept as unknown cards (13 on this table, seed 6262 Stacks table 16). A card's
  // face is never a third open table (what is hidden lies under a cover, not on the table).
  it('keeps no card-sized patch of bare wood', async () => {
    const rendered = await renderShot(planShot('sequence-stacks', hashSeed('6262|sequence-stacks|16'), { conditions: {}, style: {} }));
    const image = await decodeImage(rendered.jpeg);
    const found = await detect(image, 'stacks');
    const onTruth = (c: readonly [number, number]): boolean => rendered.truth.some((t) => insidePolygon(t.corners as unknown as Vec[], c));
    expect(found.filter((f) => !onTruth(f.centre)).length).toBeLessThanOrEqual(1);
    // And the cards in sight are still all found.
    const inSight = rendered.truth.filter((t) => !t.hidden && (t.visible ?? 1) >= 0.999);
    expect(inSight.length).toBe(4);
    expect(matchTruth(inSight, found).every((k) => k >= 0)).toBe(true);
  }, 30_000);
});

describe('the paper from few Stacks cards', () => {
  // Frame 34 of the Stacks game filmed as the dev recorded game films it (seed 7373): a card-steal
  // and a blue-5 alone on green felt. The two cards' median colour, taken for the paper's, was the
  // special's yellow, and the blue-5's white face was turned down as ink.
  it('is the white cards\' paper, not a special\'s yellow', async () => {
    const { image, truth } = await recordedFrame('sequence-stacks', 'dev', 7373, 33);
    const found = await detect(image, 'stacks');
    const inSight = truth.filter((t) => !t.hidden && (t.visible ?? 1) === 1);
    expect(inSight.map((t) => t.card).sort()).toEqual(['blue-5', 'card-steal']);
    const at = matchTruth(inSight, found);
    inSight.forEach((t, k) => expect(at[k], t.card).toBeGreaterThanOrEqual(0));
    expect(cornerError(found[at[inSight.findIndex((t) => t.card === 'blue-5')]!]!.corners, inSight.find((t) => t.card === 'blue-5')!.corners)).toBeLessThan(3);
  }, 60_000);
});
