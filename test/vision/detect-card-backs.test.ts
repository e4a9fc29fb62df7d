// A card's back is no face. Its navy is near-neutral to the paper's idea of colour, and a quad
// around it is as light all over as its own navy: counted as paper by the face test, the draw pile
// and a face-down deck passed for cards (a held-out-style Stacks game at seed 10118, on a pale
// table: two extra cards a frame) and, outlined cleanly, set the table plane, under which the
// real cards beside them were turned down. Paper is never as dark as a back against the light
// around it.
import { describe, expect, it } from 'vitest';
import { foundInSight, recordedFrame } from './detect-helpers.js';

describe('card backs', () => {
  it('are not cards, and the cards beside them are found', async () => {
    const { image, truth } = await recordedFrame('sequence-stacks', 'heldout', 10118, 20);
    const { cards, errors, extra } = await foundInSight(image, truth, 'stacks');
    expect(cards.sort()).toEqual(['blue-2', 'jump', 'red-5']);
    errors.forEach((e, i) => expect(e, cards[i]).toBeLessThan(8));
    expect(extra).toBe(0);
  }, 60_000);
});
