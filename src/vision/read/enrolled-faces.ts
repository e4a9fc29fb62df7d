// An enrolled deck's own faces as a second opinion on shape beside its reader: the pips of the 125
// faces as photographed teach how each shape measures in this printing (pip-shapes.ts), and every
// card read is weighed by how its own pips measure against that.
import { SHAPES } from '../../cards/tic.js';
import type { RgbaImage } from '../image.js';
import type { CardReading } from '../types.js';
import { fromTicOdds, type CardReader, type ReadDeck } from './index.js';
import { pipMeasures, type PipMeasures } from './pip-shapes.js';

/** The shape of card `k` of ticDeck(), which is number-major, then shape, then colour. */
const shapeOf = (k: number): number => Math.floor(k / 5) % 5;
/** A blob's log-likelihood under a shape counts at most this far below its likeliest shape's. */
const FLOOR = 4;
/** Spread never taken narrower than this (measures are shares). */
const LEAST_SPREAD = 0.05;

/** Each shape's pips in this printing: every measure's mean and spread. */
export interface PipModel {
  readonly mean: readonly (readonly number[])[];
  readonly spread: readonly (readonly number[])[];
}

/** The pip model of a deck's faces (ticDeck() order, null where none), or null where a shape shows no pips. */
export function pipModel(faces: readonly (RgbaImage | null)[]): PipModel | null {
  const byShape = SHAPES.map((): PipMeasures[] => []);
  faces.forEach((face, k) => {
    if (face) byShape[shapeOf(k)]!.push(...pipMeasures(face));
  });
  if (byShape.some((m) => m.length < 5)) return null;
  const mean = byShape.map((m) => m[0]!.map((_, i) => m.reduce((a, v) => a + v[i]!, 0) / m.length));
  const spread = byShape.map((m, s) => m[0]!.map((_, i) => Math.max(LEAST_SPREAD, Math.sqrt(m.reduce((a, v) => a + (v[i]! - mean[s]![i]!) ** 2, 0) / m.length))));
  return { mean, spread };
}

/** Log-likelihood of the card's pips under each shape, each pip floored below its likeliest shape. */
export function shapeEvidence(model: PipModel, pips: readonly PipMeasures[]): Float64Array {
  const total = new Float64Array(SHAPES.length);
  for (const pip of pips) {
    const ll = model.mean.map((mean, s) => pip.reduce((a, v, i) => a - 0.5 * ((v - mean[i]!) / model.spread[s]![i]!) ** 2 - Math.log(model.spread[s]![i]!), 0));
    const best = Math.max(...ll);
    ll.forEach((v, s) => (total[s]! += Math.max(v, best - FLOOR)));
  }
  return total;
}

/** The reader's odds with each card's shape weighed by exp(weight x its pips' evidence); renamed from those odds. */
export function weighedByPips(reading: CardReading, evidence: Float64Array, weight: number, threshold: number): CardReading {
  const p = reading.ticProbabilities;
  if (!p) return reading;
  const max = Math.max(...evidence);
  const factor = [...evidence].map((e) => Math.exp(weight * (e - max)));
  let faceP = 0;
  let sum = 0;
  const odds = new Float32Array(p.length);
  for (let k = 0; k < p.length; k++) {
    faceP += p[k]!;
    sum += odds[k] = p[k]! * factor[shapeOf(k)]!;
  }
  if (!(sum > 0)) return reading;
  for (let k = 0; k < p.length; k++) odds[k] = (odds[k]! * faceP) / sum;
  return fromTicOdds(reading, odds, threshold, 1);
}

/** `reader` with the deck's own faces' pips weighed in on every TIC read (unchanged where the faces show too few pips). */
export function withEnrolledFaces(reader: CardReader, faces: readonly (RgbaImage | null)[], weight: number): CardReader {
  const model = pipModel(faces);
  if (!model) return reader;
  return {
    ...reader,
    read(cards: readonly RgbaImage[], deck: ReadDeck): CardReading[] {
      const readings = reader.read(cards, deck);
      return deck === 'tic' ? readings.map((r, i) => weighedByPips(r, shapeEvidence(model, pipMeasures(cards[i]!)), weight, reader.threshold)) : readings;
    },
  };
}
