// A card under fingers: its paper shows in pieces between them, as checked cloth's light squares
// do. The scan's find is a card where its largest piece holds half its paper or more and nothing
// in it looks like open table (the cloth's dark squares are the table itself); tentatively, kept
// only where the reader names a card in it (a hand on a table the colour of paper shows no table
// either). And any find the scan placed is a card only where the reader sees a card face in it.
import { describe, expect, it } from 'vitest';
import { cardFinds, keptOf } from '../../src/vision/read/cards.js';
import type { Quad } from '../../src/vision/image.js';
import type { CardReading } from '../../src/vision/types.js';
import { detect, devFrame, exampleSessionFrame, recordedFrame } from './detect-helpers.js';
import { MUST_HAVE_MODEL, recognised } from './read-helpers.js';

describe('finds the reader judges', () => {
  it('are cards where the reader named one in a tentative find, or sees a face in a find the scan placed', () => {
    const quad = (x: number): Quad => [[x, 0], [x + 63, 0], [x + 63, 88], [x, 88]] as unknown as Quad;
    const read = (card: string | null, face = card !== null): CardReading => ({ deck: face ? 'tic' : 'unknown', card, confidence: card ? 0.8 : 0.1 });
    const outline = { evidence: 'outline' as const };
    const scan = { evidence: 'scan' as const };
    const tentative = { evidence: 'scan' as const, tentative: true as const };
    const found = [outline, tentative, tentative, outline, scan, scan];
    const readings = [read(null), read('1-star-red'), read(null, true), read('2-star-red'), read(null), read(null, true)];
    const cards = { corners: found.map((_, k) => quad(100 * k)), readings };
    const kept = cardFinds(found, cards);
    // An outlined find read as no card stays (a card under a hand, unread); a tentative one named
    // none goes, face or not; a scan find goes where the reader sees no face in it.
    expect(kept).toEqual([0, 1, 3, 5]);
    const left = keptOf(cards, kept);
    expect(left.corners.map((q) => q[0][0])).toEqual([0, 100, 300, 500]);
    expect(left.readings.map((r) => r.card)).toEqual([null, '1-star-red', '2-star-red', null]);
  });
});

describe.skipIf(!MUST_HAVE_MODEL)('a card whose paper fingers part', () => {
  it('is found and named where nothing in it looks like open table', async () => {
    // Frame 5 of the Progression game filmed as the held-out recorded game films it (seed 8181): a
    // hand over a 5-square-violet, two thirds of it in sight, its paper in pieces between the
    // fingers (the largest 0.64 of it); turned down as checked cloth before.
    const { card, truth } = await recognised(await recordedFrame('progression', 'heldout', 8181, 5), 'progression', '5-square-violet');
    expect(truth.visible).toBeLessThan(0.8);
    expect(card?.reading.card).toBe('5-square-violet');
    expect(card?.partial).toBe(true);
    expect(card?.reading.confidence).toBeLessThan(0.9);
  }, 60_000);

  it('leaves the light squares of checked cloth alone', async () => {
    // Frame 8 of the dev Hunt table, on red gingham: card-sized patches of its squares pass every
    // other test and are paper in pieces; their dark squares are the table. (Without the table
    // test, 11 such patches were found, tentatively.)
    const frame = await devFrame('sequence-hunt', 8);
    expect((await detect(frame.image)).filter((d) => d.tentative)).toEqual([]);
    const { extra } = await recognised(frame, 'sequence-hunt', frame.truth[0]!.card);
    // (One patch, cut by the frame's bottom edge, is found as part of a card as before, read as none.)
    expect(extra).toBeLessThanOrEqual(1);
  }, 60_000);

  it('reports no light square of checked cloth the scan placed where one card lies', async () => {
    // Frame 1 of the Progression session filmed as the held-out one is, from seed 178: one card on
    // brown gingham. The plane from that one card had the scan place 75 card-sized patches of the
    // cloth, held on all sides or in part, each read as no card face at all (0.00-0.01).
    const frame = await exampleSessionFrame('heldout', 178, 0);
    const { card, extra } = await recognised(frame, 'progression', '2-triangle-yellow');
    expect(card.reading.card).toBe('2-triangle-yellow');
    expect(extra).toBe(0);
  }, 60_000);
});
