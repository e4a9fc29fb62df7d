// A card's back is no face. Its navy is near-neutral to the paper's idea of colour, and a quad
// around it is as light all over as its own navy: counted as paper by the face test, the draw pile
// and a face-down deck passed for cards (a held-out-style Stacks game at seed 10118, on a pale
// table: two extra cards a frame) and, outlined cleanly, set the table plane, under which the
// real cards beside them were turned down. Paper is never as dark as a back against the light
// around it.
import { describe, expect, it } from 'vitest';
import { cornerError, detect, matchTruth, recordedFrame } from './detect-helpers.js';

describe('card backs', () => {
  it('are not cards, and the cards beside them are found', async () => {
    const { image, truth } = await recordedFrame('sequence-stacks', 'heldout', 10118, 20);
    const inSight = truth.filter((t) => !t.hidden);
    expect(inSight.map((t) => t.card).sort()).toEqual(['blue-2', 'jump', 'red-5']);
    const found = await detect(image, 'stacks');
    const match = matchTruth(inSight, found);
    inSight.forEach((t, i) => {
      expect(match[i], t.card).toBeGreaterThanOrEqual(0);
      expect(cornerError(found[match[i]!]!.corners, t.corners), t.card).toBeLessThan(8);
    });
    expect(found).toHaveLength(3);
  }, 60_000);
});
