import { describe, expect, it } from 'vitest';
import { plainConditions } from '../../src/render/conditions.js';
import { planShot, renderShot } from '../../src/render/shot.js';
import type { TablePlacement } from '../../src/render/scene.js';
import { decodeImage } from '../../src/vision/image.js';
import { cornerError, detect, matchTruth, recordedFrame, recordedTable, wholeCardErrors } from './detect-helpers.js';

const CARDS = ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow', '4-square-orange', '5-star-red', '2-star-cyan'];

async function photograph(placements: readonly TablePlacement[], seed: number, conditions: Parameters<typeof plainConditions>[0], style: Record<string, number>) {
  const shot = planShot('progression', seed, { placements, conditions: plainConditions({ width: 1280, height: 720, ...conditions }), style });
  const rendered = await renderShot(shot);
  return { image: await decodeImage(rendered.jpeg), truth: rendered.truth };
}

describe('cards that touch, and cards cut by the frame', () => {
  it('splits a 2 x 3 block of cards laid edge to edge (gap 0) into six cards', async () => {
    const placements = CARDS.map((card, i) => ({ card, row: Math.floor(i / 3), col: i % 3 }));
    const { image, truth } = await photograph(placements, 7101, { background: 'wood', tiltDeg: 15, fill: 0.7 }, { gapMm: 0, jitterDeg: 0.5, slideMm: 0.2, flipShare: 0.5, angleDeg: 12 });
    expect(truth).toHaveLength(6);
    const found = await detect(image);
    const match = matchTruth(truth, found);
    expect(match.every((m) => m >= 0)).toBe(true);
    expect(found).toHaveLength(6);
    // Each outline hugs its own card: every corner within a few pixels of the true one.
    truth.forEach((t, i) => {
      const d = found[match[i]!]!;
      for (const [x, y] of t.corners) expect(Math.min(...d.corners.map(([u, v]) => Math.hypot(u - x!, v - y!)))).toBeLessThan(6);
    });
  });

  it('finds a card cut by the edge of the frame and says it is partial', async () => {
    const placements = CARDS.slice(0, 4).map((card, i) => ({ card, row: 0, col: i }));
    // The layout pushed right, so that its last card runs off the frame.
    const { image, truth } = await photograph(placements, 7102, { background: 'felt', fill: 0.75, offset: [-0.27, 0] }, { gapMm: 6, jitterDeg: 0, slideMm: 0, angleDeg: 0 });
    const cut = truth.filter((t) => t.visible > 0.3 && t.visible < 0.9);
    expect(cut.length).toBeGreaterThanOrEqual(1);
    const found = await detect(image);
    const match = matchTruth(cut, found);
    for (const m of match) {
      expect(m).toBeGreaterThanOrEqual(0);
      expect(found[m]!.partial).toBe(true);
    }
    // The whole cards in the frame are found and not marked partial.
    const whole = truth.filter((t) => t.visible >= 0.999);
    const wholeMatch = matchTruth(whole, found);
    expect(wholeMatch.every((m) => m >= 0 && !found[m]!.partial)).toBe(true);
  });

  it('finds a Stacks card the frame\'s edge cuts straight across, run on past the edge to its length', async () => {
    // A Stacks game filmed as the held-out recorded game films it (seed 3141), its fifth table: the
    // blue-5 close to the camera, its lower sixth out of the frame, on a light table. Its three
    // sides in sight were held, but as seen it is no card's shape, and it was missed (in 32 frames
    // of that game).
    const { image, truth } = await recordedTable('sequence-stacks', 'heldout', 3141, 4);
    const cut = truth.find((t) => t.card === 'blue-5')!;
    expect(cut.visible).toBeGreaterThan(0.8);
    expect(cut.visible).toBeLessThan(0.9);
    const found = await detect(image, 'stacks');
    const [m] = matchTruth([cut], found);
    expect(m).toBeGreaterThanOrEqual(0);
    expect(found[m!]!.partial).toBe(true);
    // Its hidden corners too, where the card runs on out of the frame.
    expect(cornerError(found[m!]!.corners, cut.corners)).toBeLessThan(6);
  }, 60_000);
});

describe('small cards on a table nearly the colour of their paper', () => {
  it('finds them with a finer look when the working scale finds no lone card', async () => {
    // A warm light plain table, cards small in a 1920 x 1080 frame: at the usual working scale
    // (640 px wide) their faint outlines do not close and nothing at all was found.
    const placements = CARDS.map((card, i) => ({ card, row: Math.floor(i / 3), col: i % 3 }));
    const { image, truth } = await photograph(
      placements,
      7103,
      { width: 1920, height: 1080, background: 'plain', backgroundVariant: 3, whiteBalance: 'warm', wbStrength: 0.89, tiltDeg: 32, fill: 0.3, noise: 3.8, jpegQuality: 78 },
      { gapMm: 4.8, jitterDeg: 2, slideMm: 0.2, angleDeg: 0 },
    );
    expect(truth).toHaveLength(6);
    const found = await detect(image);
    const match = matchTruth(truth, found);
    expect(match.filter((m) => m >= 0).length).toBeGreaterThanOrEqual(5);
  });
});

describe('small cards that the working scale outlines poorly', () => {
  it('keeps the finer look where it finds as many cards, more of them by their own outlines', async () => {
    // Sequence Stacks, small cards on a dark table: the working scale found 6 cards, one of them by
    // its own outline (a plane from one card), 2 of the 6 whole cards within 5 px; the finer look
    // found 6 too, 5 of them by their own outlines, and was thrown away.
    const errors = await wholeCardErrors('sequence-stacks', 807, { conditions: { tiltDeg: 30, fill: 0.35, glare: 1, distractors: [], width: 1280, height: 720 } });
    expect(errors).toHaveLength(6);
    expect(errors.filter((error) => error < 5).length).toBeGreaterThanOrEqual(5);
  });

  it('adds the cards the finer look outlined whole where that look is not kept', async () => {
    // Frame 16 of the Stacks game filmed as the held-out recorded game films it (seed 1717): a glare
    // spot over the red-2's end and onto the table breaks its outline at the working scale, which
    // finds the red-4 the frame's edge cuts; the finer look outlines the red-2 whole but misses the
    // red-4. Each found one card, and the red-2 was missed (here and in the next frame).
    const { image, truth } = await recordedFrame('sequence-stacks', 'heldout', 1717, 15);
    const inSight = truth.filter((t) => !t.hidden);
    expect(inSight.map((t) => t.card).sort()).toEqual(['red-2', 'red-4']);
    const found = await detect(image, 'stacks');
    const match = matchTruth(inSight, found);
    expect(match.every((m) => m >= 0)).toBe(true);
    const red2 = inSight.findIndex((t) => t.card === 'red-2');
    expect(found[match[red2]!]!.partial).toBe(false);
    // (Its side under the glare spot lies a few px out.)
    expect(cornerError(found[match[red2]!]!.corners, inSight[red2]!.corners)).toBeLessThan(8);
  }, 60_000);
});
