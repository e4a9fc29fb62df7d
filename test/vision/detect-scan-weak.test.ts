// Scan hits on tables where cards hardly stand out, on frames of a rendered tuning set (replayed
// from their seeds): a card with one small pip, its outline held all round, is a card though the
// working scale blurs its ink below the usual share; a stronger peak a third of a card along a
// row, held on only some sides, does not shut out the card's own hit (nor do two such, either
// side of it); a card's own peak outscored close by (by a peak on ink, its own sides faint) is
// still looked at, in Sequence Stacks too.
import { describe, expect, it } from 'vitest';
import { planShot, renderShot } from '../../src/render/shot.js';
import type { TableGame } from '../../src/render/scene.js';
import { decodeImage } from '../../src/vision/image.js';
import { cornerError, detect, matchTruth, stillFrame } from './detect-helpers.js';

async function replay(game: TableGame, seed: number) {
  const rendered = await renderShot(planShot(game, seed));
  return { image: await decodeImage(rendered.jpeg), truth: rendered.truth };
}

async function expectFound(game: TableGame, seed: number, card: string): Promise<void> {
  const { image, truth } = await replay(game, seed);
  const t = truth.find((c) => c.card === card)!;
  expect(t.visible).toBe(1);
  const found = await detect(image);
  const [m] = matchTruth([t], found);
  expect(m).toBeGreaterThanOrEqual(0);
  const d = found[m!]!;
  expect(cornerError(d.corners, t.corners)).toBeLessThan(5);
  expect(d.partial).toBe(false);
}

describe('scan hits on tables nearly the paper colour', () => {
  // Sequence Shift, wood table, blur 1.8 px: the single violet star is ink on 1.1% of the face at
  // the working scale (the test asks 1.5%), the card's four sides all found.
  it('keeps a one-pip card whose outline is held all round', async () => {
    await expectFound('sequence-shift', 1602492351, '1-star-violet');
  }, 60_000);

  // Sequence Hunt, light plain table, blur 1.7 px: a peak half a card up the column, held on two
  // sides, came first; the card's own hit was then thrown out as inside it.
  it('weighs a card\'s own hit against a weakly held peak it lies inside', async () => {
    await expectFound('sequence-hunt', 482899921, '4-star-orange');
  }, 60_000);

  // Sequence Shift, plain table, 1920 x 1080: the card's own peak lies within a third of a card of
  // a stronger one, which the scan's peak search used to drop.
  it('looks at a card\'s own peak outscored close by: held all round, it is the card', async () => {
    await expectFound('sequence-shift', 437328981, '4-crescent-red');
  }, 60_000);

  // Sequence Hunt, plain table: the stronger peak close by came to a card held on three sides, 60 px
  // off; the minor peak, held all round, replaces it.
  it('weighs a minor peak against the weakly held card it lies inside', async () => {
    await expectFound('sequence-hunt', 3310631616, '4-triangle-violet');
  }, 60_000);

  // The same frame: a weakly held card 38 px off across the card (of 80), the minor peak's centre
  // outside it; a third of the minor peak over it is enough to weigh the two.
  it('weighs a minor peak against a weakly held card lying a third over it', async () => {
    await expectFound('sequence-hunt', 3310631616, '3-square-red');
  }, 60_000);

  // Sequence Hunt, plain light-blue table: two scan cards a third of a card up and down the column,
  // each held on some sides only, with the card's own hit between them.
  it('takes a card\'s own hit lying between two weakly held scan cards', async () => {
    await expectFound('sequence-hunt', 516455159, '5-crescent-cyan');
  }, 60_000);

  // Sequence Stacks, a still table scheduled as the held-out ones are (seed 10107, table 1): a
  // blue-3's own peak outscored within a third of a card (minor peaks were looked at in TIC
  // layouts only), and the card missed.
  it('looks at a Stacks card\'s own peak outscored close by', async () => {
    const { image, truth } = await stillFrame('sequence-stacks', 'heldout', 10107, 1);
    const t = truth.find((c) => c.card === 'blue-3' && !c.hidden)!;
    const found = await detect(image, 'stacks');
    const [m] = matchTruth([t], found);
    expect(m).toBeGreaterThanOrEqual(0);
    // (One corner 9 px off: the bottom side snapped at one end to an edge just below the card.)
    expect(cornerError(found[m!]!.corners, t.corners)).toBeLessThan(12);
  }, 60_000);
});
