// A look that outlined no lone card has no plane to judge its finds by. Two cards laid edge to edge
// under a glare spot (a held-out-style Progression game at seed 9191) came out, at the working
// scale, as three shapes of no card's size; the finer look outlined both cards whole, each on all
// four sides, but was dropped for finding fewer. A finer look with a plane, its cards holding more
// of the frame's edges, is kept over a look without one.
import { describe, expect, it } from 'vitest';
import { foundInSight, recordedFrame } from './detect-helpers.js';

describe('a finer look with a plane', () => {
  it('is kept over a look that outlined no lone card', async () => {
    const { image, truth } = await recordedFrame('progression', 'heldout', 9191, 4);
    const { cards, errors, extra } = await foundInSight(image, truth, 'tic');
    expect(cards.sort()).toEqual(['5-square-violet', '5-triangle-red']);
    errors.forEach((e, i) => expect(e, cards[i]).toBeLessThan(8));
    expect(extra).toBe(0);
  }, 60_000);
});
