// Cards whose evidence is faint, on rendered frames replayed from their seeds: a light
// card's far side shows only as a thin faint line, which the usual search for an edge misses and
// the scan then places by the plane (off by a tenth of a card there); and a plane set by a few lone
// cards in one corner of the frame, which cuts a covered card elsewhere a side too long, is set
// again by all the cards the scan outlined. Where glare washes a card's ink out, its paper
// outlined all round against a dark table is still a card, as is a face washed out entirely,
// outlined firmly at a card's size; and where a glare spot is the brightest
// neutral thing in a warm-lit frame, the paper's colour is still found, as it is where the outlines
// the edges alone close show it. On a table the paper's own
// colour, or in a deep shadow, a card's outline is a line a few grey levels deep: a look for faint
// edges finds it (in Stacks, at the finer scale too, where a card far off is small).
import { describe, expect, it } from 'vitest';
import { planShot, renderShot, type ShotOptions } from '../../src/render/shot.js';
import { hashSeed, type TableGame } from '../../src/render/scene.js';
import { CALIBRATION_FRAMES, calibrationConditions, stillTablePlan } from '../../src/render/fixtures.js';
import { markersAroundCards } from '../../src/calibration/scene-markers.js';
import type { PhotoConditions } from '../../src/render/conditions.js';
import { decodeImage } from '../../src/vision/image.js';
import { insidePolygon, quadPoint, type Vec } from '../../src/vision/detect/geometry.js';
import { cornerError, detect, devFrame, exampleSessionFrame, foundCornerError, matchTruth, recordedFrame, stillFrame, wholeCardErrors } from './detect-helpers.js';

async function detectedCorners(game: TableGame, seed: number, card: string, options?: ShotOptions): Promise<{ error: number; visible: number }> {
  const rendered = await renderShot(planShot(game, seed, options));
  const truth = rendered.truth.find((c) => c.card === card)!;
  const error = await foundCornerError(await decodeImage(rendered.jpeg), truth, game === 'sequence-stacks' ? 'stacks' : 'tic');
  return { error, visible: truth.visible };
}

/** Whole cards found, of those wholly in sight, on a frame planned from the seed under these conditions. */
async function wholeFound(game: TableGame, seed: number, conditions: Partial<PhotoConditions>): Promise<{ found: number; whole: number }> {
  const errors = await wholeCardErrors(game, seed, { conditions });
  return { found: errors.filter(Number.isFinite).length, whole: errors.length };
}

/** A cream table under warm light: paper and table a few grey levels apart. */
const CREAM_TABLE = { background: 'plain', backgroundVariant: 3, whiteBalance: 'warm', wbStrength: 0.8, glare: 0, distractors: [], width: 1280, height: 720 } as const;

describe('faint sides, the plane, and ink washed out', () => {
  // Progression, light plain table: the card's far long side is a line 10 grey levels deep; it was
  // left where the scan put it, 20 px out on the table.
  it('finds a light card\'s faint far side', async () => {
    const { error, visible } = await detectedCorners('progression', 512246427, '4-crescent-orange');
    expect(visible).toBe(1);
    expect(error).toBeLessThan(5);
  }, 60_000);

  // Sequence Hunt: a card a quarter under a hand, completed on the plane; the lone cards' plane put
  // its hidden corner 11 px off, the plane of every card outlined puts it within 2.
  it('completes a covered card on the plane of every card outlined', async () => {
    const { error, visible } = await detectedCorners('sequence-hunt', 449197588, '2-circle-red');
    expect(visible).toBeLessThan(1);
    expect(error).toBeLessThan(3);
  }, 60_000);

  // Sequence Shift, wood table, strong glare: the two cyan crescents show only their lower halves
  // (no ink core left at the working scale), and the card was turned down as no face.
  it('keeps a card whose ink glare washed out, outlined all round on a dark table', async () => {
    const { error, visible } = await detectedCorners('sequence-shift', 300003, '4-crescent-cyan');
    expect(visible).toBe(1);
    expect(error).toBeLessThan(2);
  }, 60_000);

  // Progression on checked cloth, photographed steeply for the calibration set: glare over most of
  // a card with neighbours at two sides set the level its paper was judged by (0.79 of it paper,
  // under the 0.8 asked), and with its ink washed out the card was turned down as no face.
  it('keeps a card mostly under a glare spot, its neighbours at two sides', async () => {
    const { error, visible } = await detectedCorners('progression', hashSeed('3141|calibration|progression|1'), '1-crescent-cyan', {
      conditions: calibrationConditions('progression', 1, CALIBRATION_FRAMES),
      markers: (cards) => markersAroundCards(cards).markers,
    });
    expect(visible).toBe(1);
    expect(error).toBeLessThan(3);
  }, 60_000);

  // Sequence Shift on dark wood, scheduled as the held-out frames are (seed 4242): a glare spot
  // over a card outlined all round set the level its paper was judged by (beside the spot's white,
  // under a tenth of the card passed for paper), and the card was turned down as no face. Judged
  // beside the spot, it is paper with its ink.
  it('keeps a card outlined all round with a glare spot over it', async () => {
    const plan = stillTablePlan('sequence-shift', 'heldout', 4242, 4);
    const { error, visible } = await detectedCorners('sequence-shift', plan.seed, '2-square-orange', plan);
    expect(visible).toBe(1);
    expect(error).toBeLessThan(3);
  }, 60_000);

  // The bundled dev Sequence Shift game, frame 25: a glare spot over the one pip of a
  // 1-circle-yellow (a quarter of its face washed out) left only its indices as ink, and on a light
  // grey table its sides fall strongly nowhere. Outlined firmly all round, it was turned down as no
  // face.
  it('keeps a card held all round whose lone pip a glare spot washed out', async () => {
    const { image, truth } = await devFrame('sequence-shift-game', 24);
    expect(await foundCornerError(image, truth.find((t) => t.card === '1-circle-yellow' && !t.hidden)!)).toBeLessThan(3);
  }, 60_000);

  // A Sequence Shift game on a tan table filmed as the dev recorded game films it (seed 6061),
  // frame 56: a glare spot over most of a 1-star-red washed its face out to white (86% of it),
  // its star and indices with it, and the table is too light for its sides to fall strongly to it.
  // Outlined firmly all round at a card's size, it was still turned down as no face, in 9 frames.
  it('keeps a card whose face a glare spot washed out entirely, outlined all round on a light table', async () => {
    const { image, truth } = await recordedFrame('sequence-shift', 'dev', 6061, 55);
    expect(await foundCornerError(image, truth.find((t) => t.card === '1-star-red')!)).toBeLessThan(3);
  }, 60_000);

  // A Sequence Stacks table scheduled as the held-out still tables are (seed 8181): a glare spot
  // over a blue-4 washed its numeral out (39% of its face white), and the card, outlined all round,
  // was turned down as no face.
  it('keeps a Stacks card whose numeral a glare spot washed out, outlined all round', async () => {
    const plan = stillTablePlan('sequence-stacks', 'heldout', 8181, 5);
    const { error } = await detectedCorners('sequence-stacks', plan.seed, 'blue-4', plan);
    expect(error).toBeLessThan(3);
  }, 60_000);

  // A Sequence Stacks game on a grey table filmed as the held-out recorded game films it (seed
  // 6061), frame 31: a blue-wild in an arm's shade, its paper as grey as the table, was turned down
  // as open table though outlined firmly all round at a card's size.
  it('keeps a Stacks card in an arm\'s shade, its paper as grey as the table', async () => {
    const { image, truth } = await recordedFrame('sequence-stacks', 'heldout', 6061, 30);
    expect(await foundCornerError(image, truth.find((t) => t.card === 'blue-wild' && !t.hidden)!, 'stacks')).toBeLessThan(3);
  }, 60_000);

  // A Sequence Shift game on red felt under warm light filmed as the held-out recorded game films
  // it (seed 7373): glare spots over two cards made their white the paper's colour. In frame 33
  // only they and one other card matched it, and the warm paper of the 9 others was turned down;
  // in frame 32, 6 matched and 3 of the 10 in sight were lost. The edges alone outline them all,
  // and their paper's colour finds them.
  it('finds the paper in the outlines where a glare spot\'s white passed for it', async () => {
    for (const index of [32, 31]) {
      const { image, truth } = await recordedFrame('sequence-shift', 'heldout', 7373, index);
      const inSight = truth.filter((t) => t.visible === 1);
      const at = matchTruth(inSight, await detect(image));
      expect(inSight.length).toBeGreaterThanOrEqual(10);
      expect(at.filter((k) => k >= 0).length, `frame ${index + 1}`).toBe(inSight.length);
    }
  }, 60_000);

  // Frame 5 of the same game (seed 7373): one card on the table, a 4-star-cyan under a glare spot
  // washing out three fifths of its face and its pale pips with it, the other card in sight under
  // the hand. Its outline was held all round, but it showed too little ink to pass for a face, and
  // with no lone card there was no plane to scan by: nothing was found.
  it('finds a lone card a glare spot washed out, outlined firmly against a dark table', async () => {
    const { image, truth } = await recordedFrame('sequence-shift', 'heldout', 7373, 4);
    expect(await foundCornerError(image, truth.find((t) => t.card === '4-star-cyan')!)).toBeLessThan(3);
  }, 60_000);

  // Sequence Hunt under strong warm light with a glare spot, cards touching in columns: the glare
  // was taken for the paper's colour, the cream paper for something else, and no card was found.
  it('finds the paper under warm light where a glare spot is the brightest neutral thing', async () => {
    const { found, whole } = await wholeFound('sequence-hunt', 2103680, { whiteBalance: 'warm', wbStrength: 1.1, glare: 0.95, distractors: [], width: 1280, height: 720 });
    expect(whole).toBeGreaterThan(10);
    expect(found).toBe(whole);
  }, 60_000);

  // Progression on a noisy cream table: no card was found. Canny's usual thresholds leave the
  // outlines open, low ones break the table's grain into edges unless the grey is blurred first.
  it('finds cards on a table the paper\'s colour, their outlines faint lines, the table grainy', async () => {
    const { found, whole } = await wholeFound('progression', 7101, CREAM_TABLE);
    expect(whole).toBe(10);
    expect(found).toBe(whole);
  }, 60_000);

  // Sequence Hunt on a cream table under warm light, blurred and noisy, each card turned up to 7.5
  // degrees from the layout's angle (seed 5353, scheduled as the held-out frames are): the scan's
  // hits at the layout's angle sat half a card off cards found already, and 12 of the 35 cards
  // reported were not there. TIC cards never lie over each other's faces.
  it('reports no two cards a third or more over each other in a TIC layout', async () => {
    const found = await detect((await stillFrame('sequence-hunt', 'heldout', 5353, 2)).image);
    const over = (a: readonly Vec[], b: readonly Vec[]): number => {
      let inside = 0;
      for (let j = 0; j < 5; j++) for (let i = 0; i < 5; i++) if (insidePolygon(b, quadPoint(a, 0.1 + 0.2 * i, 0.1 + 0.2 * j))) inside++;
      return inside / 25;
    };
    const pairs = found.flatMap((a, i) => found.slice(i + 1).filter((b) => Math.max(over(a.corners, b.corners), over(b.corners, a.corners)) >= 1 / 3));
    expect(found.length).toBeGreaterThan(15);
    expect(pairs).toHaveLength(0);
  }, 60_000);

  // Sequence Stacks on the same table: 2 of its 7 cards were found.
  it('finds Sequence Stacks cards on a table the paper\'s colour', async () => {
    const { found, whole } = await wholeFound('sequence-stacks', 7101, CREAM_TABLE);
    expect(whole).toBe(7);
    expect(found).toBe(whole);
  }, 60_000);

  // Frame 16 of the Stacks game filmed as the held-out recorded game films it (seed 10114): a
  // red-wild far off on a cream table, 63 px wide. Its outline is a line a few grey levels deep
  // that closes at the finer look's scale only, with the faint edges; it was missed in 7 frames.
  it('finds a small Stacks card far off on a table the paper\'s colour, by faint edges at the finer scale', async () => {
    const { image, truth } = await recordedFrame('sequence-stacks', 'heldout', 10114, 16);
    const card = truth.find((t) => t.card === 'red-wild' && !t.hidden)!;
    expect(await foundCornerError(image, card, 'stacks')).toBeLessThan(6);
  }, 60_000);

  // Dev Stacks frame 8: a pale blue table under cool light, a hand by the one lone card (a
  // special's yellow face). The faint look outlined red-3 and blue-3 whole, and red-4 by a
  // phone, but found no more lone cards than the usual look, and was not kept: all three were
  // missed, the blue-3 outlined half.
  // Progression stills rendered as the held-out set renders them: a pale blue table under cool
  // light (seed 3131, frame 4), and a steep 1920x1080 view with a sleeve over the layout (seed
  // 4242, frame 6). The usual edges closed three or four lone cards, enough to skip the faint
  // looks, and left the rest open: the scan placed a third of the cards or more, partly, and
  // missed others. Whole cards missed: 2-circle-cyan, 2-crescent-orange; 1-circle-cyan, 1-star-cyan.
  it('looks for faint edges where the scan placed a third of the cards, partly, beside lone cards enough', async () => {
    for (const [seed, index, names] of [[3131, 4, ['2-circle-cyan', '2-crescent-orange']], [4242, 6, ['1-circle-cyan', '1-star-cyan']]] as const) {
      const { image, truth } = await stillFrame('progression', 'heldout', seed, index);
      for (const name of names) expect(await foundCornerError(image, truth.find((t) => t.card === name)!)).toBeLessThan(10);
    }
  }, 60_000);

  it('keeps the faint look that outlines more cards whole beside as many lone cards', async () => {
    const { image, truth, deck } = await devFrame('sequence-stacks', 8);
    for (const name of ['red-3', 'blue-3', 'red-4']) {
      const card = truth.find((t) => t.card === name && !t.hidden)!;
      expect(await foundCornerError(image, card, deck)).toBeLessThan(8);
    }
  }, 60_000);

  // Sequence Shift, two cards on red felt under strong warm light, a glare spot on each: the spots
  // are the brightest neutral things, the cream paper too warm for any idea of neutral, and
  // nothing was found. The paper's colour inside the outlines the edges alone close finds both.
  it('finds the paper\'s colour inside closed outlines where no idea of neutral passes it', async () => {
    const rendered = await renderShot(planShot('sequence-shift', 11, {
      placements: [{ card: '5-circle-violet', row: 0, col: 0 }, { card: '4-star-cyan', row: 1, col: 0 }],
      conditions: { background: 'felt', backgroundVariant: 2, whiteBalance: 'warm', wbStrength: 0.9, glare: 1, distractors: [], width: 1280, height: 720, fill: 0.3 },
      style: { gapMm: 6 },
    }));
    const found = await detect(await decodeImage(rendered.jpeg));
    const match = matchTruth(rendered.truth, found);
    expect(match.every((m) => m >= 0)).toBe(true);
    rendered.truth.forEach((t, i) => expect(cornerError(found[match[i]!]!.corners, t.corners), t.card).toBeLessThan(4));
  }, 60_000);

  // Progression, a grey table under a deep shadow: the two cards in it stand a few grey levels
  // above the shaded table, their sides too faint for the usual search, and the scan's hits on
  // them were turned down (held on no side). The lone cards' own faint sides show the table is
  // like that: the hits are looked at for faint sides too, kept where all four are held at a
  // card's size.
  it('finds cards in a shadow by their faint sides, where the lone cards show faint sides too', async () => {
    for (const card of ['4-circle-yellow', '2-crescent-cyan']) {
      const { error, visible } = await detectedCorners('progression', 1487239988, card);
      expect(visible, card).toBeGreaterThan(0.98);
      expect(error, card).toBeLessThan(5);
    }
  }, 60_000);
  it('parts two cards a finger apart, and finds a card under a hand once', async () => {
    // Frame 22 of the Progression session as a held-out-style set films it from seed 1212: a
    // 5-star-red in full sight a finger's width above a 4-star-orange, a hand over the cards below.
    // The usual edges join the two into one patch of paper, and the scan may place the covered
    // 3-square-red as two halves.
    const { image, truth } = await exampleSessionFrame('heldout', 1212, 22);
    const red = truth.find((t) => t.card === '5-star-red')!;
    const found = await detect(image, 'tic');
    const [match] = matchTruth([red], found);
    expect(match).toBeGreaterThanOrEqual(0);
    expect(cornerError(found[match!]!.corners, red.corners)).toBeLessThan(4);
    // The covered card is one find, not two.
    const square = truth.find((t) => t.card === '3-square-red')!;
    expect(found.filter((f) => insidePolygon(square.corners as unknown as Vec[], f.centre as unknown as Vec))).toHaveLength(1);
  });
});
