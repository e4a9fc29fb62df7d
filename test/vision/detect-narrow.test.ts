// Cards narrower than a card's proportions: seen steeply from their side at the far end of the
// table, a card's outline is a third as deep as it is long, and was not taken for a lone card (no
// plane, few cards found). A strip of a card between a sleeve and its neighbours is as narrow, and
// among cards of a card's proportions it stays part of a card.
import { describe, expect, it } from 'vitest';
import { cornerError, detect, devFrame, matchTruth, wholeCardErrors } from './detect-helpers.js';

describe('narrow outlines', () => {
  // Sequence Stacks at 40 degrees, the piles at the far end of a wide view, turned across it: two
  // of the four whole cards were found.
  it('finds cards seen steeply from their side', async () => {
    const errors = await wholeCardErrors('sequence-stacks', 311, {
      conditions: { tiltDeg: 40, hfovDeg: 76, fill: 0.4, offset: [0, 0.4], background: 'plain', backgroundVariant: 1, whiteBalance: 'warm', wbStrength: 0.8, glare: 0, distractors: [], width: 1280, height: 720 },
      style: { angleDeg: 90 },
    });
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).toBeLessThan(8);
  }, 60_000);

  // Progression: a sleeve over the top row leaves a strip of 5-triangle-orange between it and the
  // cards below, outlined all round; taken for a lone card, it was reported as the card, its
  // corners 64 px off.
  it('keeps a strip of a card between a sleeve and its neighbours part of the card', async () => {
    const { image, truth, deck } = await devFrame('progression', 3);
    const found = await detect(image, deck);
    const matched = matchTruth(truth, found);
    expect(matched.filter((m) => m >= 0).length).toBeGreaterThanOrEqual(7);
    truth.forEach((t, i) => {
      if (matched[i]! >= 0) expect(cornerError(found[matched[i]!]!.corners, t.corners), t.card).toBeLessThan(25);
    });
  }, 60_000);
});
