// A Sequence Stacks scan hit half over a card found and half over open table is no card: in a
// held-out-style recorded game at seed 10102 such a hit beside the card-steal (on a pale table,
// in an arm's shade) made the frame's one extra card in 21 of its 54 frames. Judged on its whole
// face it passed, a fifth of it open table; on its part over no card found, two fifths are.
import { describe, expect, it } from 'vitest';
import { foundInSight, recordedFrame } from './detect-helpers.js';

describe('a Stacks scan hit half over open table', () => {
  it('is no card: the cards in sight are found, and nothing else', async () => {
    const { image, truth } = await recordedFrame('sequence-stacks', 'heldout', 10102, 20);
    const { cards, errors, extra } = await foundInSight(image, truth, 'stacks');
    expect(cards.sort()).toEqual(['card-steal', 'red-2', 'red-5']);
    errors.forEach((e, i) => expect(e, cards[i]).toBeLessThan(8));
    expect(extra).toBe(0);
  }, 60_000);
});
