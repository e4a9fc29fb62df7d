// An unknown TIC card partly covered, outlined by the part in sight, is read from the card-sized
// rectangles that hold that part; one outlined at a card's size but off it, from that outline slid
// along its sides; one named unsurely, from those rectangles where one reads surely (src/vision/covered.ts).
import { describe, expect, it } from 'vitest';
import { quadCentre } from '../../src/vision/detect/geometry.js';
import { cornerError, devFrame, exampleSessionFrame, recordedFrame, stillFrame } from './detect-helpers.js';
import { MUST_HAVE_MODEL, readDetected, recognised } from './read-helpers.js';

/** `name`, in `frame`, is read as itself, not sure (its place was searched for), and placed within `px` (6) of its corners. */
async function expectReadInPlace(frame: Parameters<typeof recognised>[0], game: Parameters<typeof recognised>[1], name: string, px = 6): Promise<void> {
  const { card, truth } = await recognised(frame, game, name);
  expect(card.reading.card).toBe(name);
  expect(card.reading.confidence).toBeLessThan(0.9);
  expect(cornerError(card.corners, truth.corners)).toBeLessThan(px);
}

describe.skipIf(!MUST_HAVE_MODEL)('a card partly under a sleeve, outlined by the part in sight', () => {
  it('is read from its card-sized outline slid along its sides, where that outline lies off it', async () => {
    // A still Hunt table scheduled as the dev ones are (seed 8181), frame 9: a 4-square-red was
    // outlined at a card's size a third of a card up from it, half on the table, and read nothing.
    await expectReadInPlace(await stillFrame('sequence-hunt', 'dev', 8181, 9), 'sequence-hunt', '4-square-red');
  }, 60_000);

  it('is read from its card-sized outline slid along its sides, with the side snapped into a neighbour moved back out', async () => {
    // Frames 8 and 36 of the Progression game filmed as the held-out recorded game films it (seed
    // 6061): fingers over a card at the layout's edge, its outline card-sized but a seventh of a
    // card off it, reading nothing. Slid back a quarter of a card, the side next to the card beside
    // it snapped onto that card's edge, a few px into it, and read unsure (0.66) or nothing; moved
    // back out of the neighbour, it reads the card.
    await expectReadInPlace(await recordedFrame('progression', 'heldout', 6061, 7), 'progression', '5-star-orange');
    await expectReadInPlace(await recordedFrame('progression', 'heldout', 6061, 35), 'progression', '3-crescent-violet');
  }, 60_000);

  it('is read where every card read surely is partial, their outlines setting the plane', async () => {
    // Frame 22 of the dev Progression session: a hand over a 4-star-orange, and the one card read
    // surely beside it outlined as partial too; with no whole card to set the plane, the covered
    // card's rectangles were never tried.
    const { card, found } = await recognised(await devFrame('progression-session', 22), 'progression', '4-star-orange');
    expect(card.reading.card).toBe('4-star-orange');
    expect(card.reading.confidence).toBeLessThan(0.9);
    expect(found.every((f) => f.partial)).toBe(true);
  }, 60_000);

  it('is read from rectangles laid on a plane from the cards named as surely as a partly seen one may be, where none is sure', async () => {
    // Frame 12 of the Progression session filmed as the held-out one is (seed 6061): a card held
    // under fingers over the far ends of a 2-triangle-yellow and a 3-square-red, the held card's
    // face run into the yellow card's outline, which read unknown (0.22). The 3-square-red, the
    // other card, read 0.85: no card was sure, so no rectangle was laid.
    await expectReadInPlace(await exampleSessionFrame('heldout', 6061, 11), 'progression', '2-triangle-yellow');
  }, 60_000);

  it('is read from rectangles laid on the plane as a camera sees the table', async () => {
    // Frame 41 of the Progression game filmed as the held-out recorded game films it (seed 6061): a
    // hand over a 1-star-yellow. On the free plane of the cards read surely no rectangle read
    // (it stayed unknown, 0.29); on the camera's, one reads it, lying within a few px of the card.
    await expectReadInPlace(await recordedFrame('progression', 'heldout', 6061, 41), 'progression', '1-star-yellow');
  }, 60_000);

  it('is read on the plane a camera sees, where the cards read surely were all taken the wrong way round', async () => {
    // Frame 31 of the same held-out-style Progression game (seed 6061): three cards read surely,
    // all turned alike, gave a plane that took each the wrong way round (stretched along one axis,
    // which a free homography holds as well). The 1-crescent-cyan under a sleeve got rectangles a
    // quarter turn off, and stayed unknown (0.02).
    await expectReadInPlace(await recordedFrame('progression', 'heldout', 6061, 31), 'progression', '1-crescent-cyan');
  }, 60_000);

  it('is read from its outline with the corner under a finger put back, where no card is read surely', async () => {
    // Frame 37 of the Hunt game filmed as the held-out recorded game films it (seed 9191): a
    // finger over the top-left corner of a 5-square-yellow, the only other card in sight mostly
    // under the hand. Its outline ran along the finger, and with no card read surely there was no
    // plane to lay rectangles on: it read unknown (0.44). The parallelogram of its three corners
    // in sight, snapped to the card's sides, reads it.
    await expectReadInPlace(await recordedFrame('sequence-hunt', 'heldout', 9191, 37), 'sequence-hunt', '5-square-yellow');
  }, 60_000);

  it('is read from its outline with the side that ran across it laid again, where no card is read surely', async () => {
    // Frame 7 of the Progression game filmed as the held-out recorded game films it (seed 7373): a
    // 3-triangle-red wholly in sight, its outline's far side run across its face (a third of a
    // card short), the hand over the two cards below it, none read surely. It read unknown (0.06).
    // That side laid again along the other two, at the length a card shows there, reads it.
    await expectReadInPlace(await recordedFrame('progression', 'heldout', 7373, 6), 'progression', '3-triangle-red');
  }, 60_000);

  it('is read from its outline with the side an arm cut short laid again under the arm, where no card is read surely', async () => {
    // Frame 48 of the Hunt game filmed as the held-out recorded game films it (seed 7373): an arm
    // across the near end of a row, over a fifth of a 1-triangle-violet, the only card outlined.
    // Its outline ran along the arm's edge and read unknown (0.21). That side laid further out
    // lies under the arm and finds no edge; held on the other three sides, it reads the card.
    await expectReadInPlace(await recordedFrame('sequence-hunt', 'heldout', 7373, 47), 'sequence-hunt', '1-triangle-violet');
  }, 60_000);
});

describe.skipIf(!MUST_HAVE_MODEL)('a card partly under a hand, named unsurely from its outline', () => {
  it('is named again from the card-sized rectangle holding its part in sight, where that reads surely', async () => {
    // Frame 19 of the Progression game filmed as the held-out recorded game films it (seed 7373):
    // fingers over the right of a 5-crescent-cyan. Its outline, cut to a card's shape, read
    // 3-crescent-cyan (0.63); the rectangle laid from its corners in sight reads it (1.00).
    await expectReadInPlace(await recordedFrame('progression', 'heldout', 7373, 19), 'progression', '5-crescent-cyan');
  }, 60_000);

  it('is named again from its outline with the side the hand cut short laid again, where no card is read surely', async () => {
    // Frame 14 of the Hunt game filmed as the held-out recorded game films it (seed 8181): a palm
    // over the left third of a 4-circle-red, the other two cards outlined under the fingers read
    // unknown, so there is no plane for rectangles. Its outline read 1-square-red (0.69); that
    // side laid further out, under the palm, with the other three sides held, reads it surely.
    await expectReadInPlace(await recordedFrame('sequence-hunt', 'heldout', 8181, 13), 'sequence-hunt', '4-circle-red');
  }, 60_000);

  it('is named again where it was outlined whole, cut short by a card laid over its end, and named barely', async () => {
    // Frame 3 of the Progression game filmed as the held-out recorded game films it (seed 7373): a
    // card held in the hand over the near end of a 5-crescent-cyan. Its outline ran along that
    // card's edge, taken for the whole card, and read 2-crescent-cyan (0.53); laid again, it reads
    // the card surely. (Its near corners lie under the held card: within 10 px.)
    await expectReadInPlace(await recordedFrame('progression', 'heldout', 7373, 2), 'progression', '5-crescent-cyan', 10);
  }, 60_000);

  it('is named again from the parallelogram of three of its corners, where its outline took the edge of a deck over its end', async () => {
    // Frame 22 of the dev Progression session: the deck lies over the far end of a 5-star-red, and
    // the outline's far side ran along the deck's edge, 17 degrees from parallel to the near side.
    // Cut so, it reads 5-triangle-red (0.94). The parallelogram of its other three corners reads it
    // surely (within 8 px: its far corners lie under the deck).
    const frame = await devFrame('progression-session', 22);
    expect((await readDetected(frame, '5-star-red')).card).not.toBe('5-star-red');
    await expectReadInPlace(frame, 'progression', '5-star-red', 8);
    // Its centre is its new outline's, not the detector's.
    const { card } = await recognised(frame, 'progression', '5-star-red');
    const [x, y] = quadCentre(card.corners);
    expect(Math.hypot(card.centre[0] - x, card.centre[1] - y)).toBeLessThan(0.01);
  }, 60_000);

  it('keeps its name where it was named more than barely, though a side laid again under a cover reads another card surely', async () => {
    // Frame 19 of the Shift game filmed as the held-out recorded game films it (seed 3131): a
    // 2-circle-yellow at the frame's left edge, outlined as partial, named rightly (0.80). Its
    // outline's far side laid further out, where no edge held it, squeezes its face: it read
    // 2-square-yellow (0.96).
    const { card } = await recognised(await recordedFrame('sequence-shift', 'heldout', 3131, 18), 'sequence-shift', '2-circle-yellow');
    expect(card.reading.card).toBe('2-circle-yellow');
  }, 60_000);

  it('keeps its name where no rectangle reads surely', async () => {
    // Frame 17 of the dev Progression game: a hand over most of a 1-triangle-violet, named rightly
    // (0.55). A rectangle holding its part in sight reads 1-star-violet (0.75): not sure, not taken.
    const { card } = await recognised(await devFrame('progression-game', 17), 'progression', '1-triangle-violet');
    expect(card.reading.card).toBe('1-triangle-violet');
    expect(card.reading.confidence).toBeLessThan(0.9);
  }, 60_000);

  it('is named from a rectangle read with the sleeve over it painted out as paper', async () => {
    // A still Progression table scheduled as the held-out ones are (seed 6061), frame 6: a navy
    // sleeve over the lower half of a 2-star-cyan. The rectangle holding its part in sight read
    // 2-triangle (0.65), cyan (0.74): unknown. With the sleeve painted as the card's paper, it
    // reads the card surely.
    await expectReadInPlace(await stillFrame('progression', 'heldout', 6061, 6), 'progression', '2-star-cyan');
  }, 60_000);
});
