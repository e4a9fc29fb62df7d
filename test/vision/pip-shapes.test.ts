// The pips' shapes as a second opinion on an enrolled deck: fitted on one drawing of a design's
// faces (turned a degree or two, as photographed), they name the shape of the same cards drawn at
// another scale, turned more and cut a little off, and turn a reader's wrong circle-or-square round.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SHAPES, ticDeck, ticId } from '../../src/cards/tic.js';
import { deckDesign } from '../../src/deck/designs.js';
import { facePixels } from '../../src/deck/faces.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { pipModel, shapeEvidence, weighedByPips } from '../../src/vision/read/enrolled-faces.js';
import { pipMeasures } from '../../src/vision/read/pip-shapes.js';
import { RECTIFIED } from '../../src/vision/rectify.js';
import type { CardReading } from '../../src/vision/types.js';

const design = deckDesign('square-rows-frame').profile;

/** A face drawn at `pxPerMm`, turned `deg` and cut `shift` px off, at the reader's size. */
async function cut(card: string, pxPerMm: number, deg = 0, shift = 0): Promise<RgbaImage> {
  const face = facePixels(card, pxPerMm, design);
  const turned = await sharp(face.data, { raw: { width: face.width, height: face.height, channels: 4 } })
    .rotate(deg, { background: design.paper })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = turned.info;
  const data = await sharp(turned.data, { raw: { width, height, channels: 4 } })
    .extract({ left: Math.round((width - face.width) / 2) + shift, top: Math.round((height - face.height) / 2) + shift, width: face.width, height: face.height })
    .resize(RECTIFIED.width, RECTIFIED.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { width: RECTIFIED.width, height: RECTIFIED.height, data: new Uint8Array(data) };
}

const shapeOf = (card: string): string => card.split('-')[1]!;
const likeliest = (evidence: Float64Array): string => SHAPES[evidence.indexOf(Math.max(...evidence))]!;

describe('pip shapes', () => {
  it('tell the shapes of a design apart from how its pips fill their boxes and hulls', async () => {
    const deck = ticDeck();
    const model = pipModel(await Promise.all(deck.map((card, k) => cut(card, 4, k % 3 - 1.5))))!;
    expect(model).not.toBeNull();
    let right = 0;
    const circleOrSquare: boolean[] = [];
    for (const [k, card] of deck.entries()) {
      const turned = await cut(card, 3, k % 2 === 0 ? 3 : -3, 2);
      const pips = pipMeasures(turned);
      expect(pips.length).toBeGreaterThan(0);
      const named = likeliest(shapeEvidence(model, pips));
      if (named === shapeOf(card)) right++;
      if (shapeOf(card) === 'circle' || shapeOf(card) === 'square') circleOrSquare.push(named === shapeOf(card));
    }
    expect(right / deck.length).toBeGreaterThanOrEqual(0.95);
    expect(circleOrSquare.filter(Boolean).length).toBeGreaterThanOrEqual(circleOrSquare.length - 1);
  });

  it('turn a reader that leans to the square round to the circle its pips show', async () => {
    const model = pipModel(await Promise.all(ticDeck().map((card, k) => cut(card, 4, k % 3 - 1.5))))!;
    const odds = new Float32Array(125);
    odds[ticId('3-square-cyan')] = 0.55;
    odds[ticId('3-circle-cyan')] = 0.4;
    const reading: CardReading = { deck: 'tic', card: '3-square-cyan', confidence: 0.55, ticProbabilities: odds };
    const circle = await cut('3-circle-cyan', 3, 2, 1);
    const weighed = weighedByPips(reading, shapeEvidence(model, pipMeasures(circle)), 1, 0.5);
    expect(weighed.card).toBe('3-circle-cyan');
    // The odds of a face at all stay the reader's.
    expect(weighed.ticProbabilities!.reduce((a, p) => a + p, 0)).toBeCloseTo(0.95, 5);
    // With no weight the reader's call stands.
    expect(weighedByPips(reading, shapeEvidence(model, pipMeasures(circle)), 0, 0.5).card).toBe('3-square-cyan');
  });
});
