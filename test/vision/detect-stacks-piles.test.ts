// Sequence Stacks: the top card of each pile outlined on its own corners, not round the cards
// peeking out below it (dev frames 4, 6 and 10 are tables of piles with few lone cards, where a
// plane taken from the piles' outlines made every top card look too small on the table), and the
// yellow specials found on a light table, where they are darker than the table.
import { describe, expect, it } from 'vitest';
import { insidePolygon, quadCentre, type Vec } from '../../src/vision/detect/geometry.js';
import { yellowness } from '../../src/vision/detect/complete.js';
import { cornerError, detect, devFrame, matchTruth } from './detect-helpers.js';

describe('Sequence Stacks pile tops', () => {
  it('finds every pile top in sight and puts most within a few pixels of its corners', async () => {
    const errors: number[] = [];
    for (const index of [4, 6, 10]) {
      const { image, truth, deck } = await devFrame('sequence-stacks', index);
      const tops = truth.filter((t, i) => !t.hidden && (t.visible ?? 1) >= 0.999 && truth.some((o, k) => k !== i && o.hidden && insidePolygon(o.corners as unknown as Vec[], quadCentre(t.corners as unknown as Vec[]))));
      expect(tops.length).toBeGreaterThan(0);
      const found = await detect(image, deck);
      const match = matchTruth(tops, found);
      expect(match.every((k) => k >= 0)).toBe(true);
      match.forEach((k, i) => errors.push(cornerError(found[k]!.corners, tops[i]!.corners)));
    }
    errors.sort((a, b) => a - b);
    // Round the whole pile instead, the median top was 7.4 px off here.
    expect(errors[errors.length >> 1]!).toBeLessThan(6);
  }, 30_000);

  it('makes a special card stand out above a light table and white paper in yellowness', () => {
    // Colours measured on a rendered frame: a special's face, a warm plain table, card paper.
    const pixels = [[228, 174, 66], [211, 195, 162], [225, 205, 170], [40, 90, 50]];
    const frame = { width: 4, height: 1, data: new Uint8Array(pixels.flatMap((p) => [...p, 255])) };
    const [special, table, paper, felt] = yellowness(frame).data;
    expect(special! - table!).toBeGreaterThan(150);
    expect(special! - paper!).toBeGreaterThan(150);
    expect(special! - felt!).toBeGreaterThan(150);
  });

  it('finds a yellow special on a plain table', async () => {
    const { image, truth, deck } = await devFrame('sequence-stacks', 8);
    const special = truth.find((t) => t.card === 'card-steal' && !t.hidden)!;
    const found = await detect(image, deck);
    expect(found.some((f) => insidePolygon(special.corners as unknown as Vec[], f.centre))).toBe(true);
  }, 30_000);
});
