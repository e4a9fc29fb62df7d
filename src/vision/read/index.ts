// The card reader: rectified cards in, CardReadings out, in one batch. Each card is read as cut and
// turned 180 degrees and the two averaged, so disagreement lowers confidence on its own. Confidence
// is the identity's probability times that of a face at all; below the threshold a card is unknown.
import { STACKS_CARDS } from '../../cards/stacks.js';
import { COLOURS, NUMBERS, SHAPES, ticDeck } from '../../cards/tic.js';
import { quarterTurned } from '../detect/geometry.js';
import type { Quad, RgbaImage } from '../image.js';
import type { CardReading, PropertyRead } from '../types.js';
import { cardFeatures, FEATURE_SIZE } from './features.js';
import { HEADS, ORIENT_SIDEWAYS, ORIENT_TURNED, ORIENT_UP, OUTPUTS, type Head } from './heads.js';
import { inference, loadModel, modelFromFiles, modelInputs, tf, useWasmBackend, type SavedModelJson } from './model.js';
import { READ } from './params.js';

/** The deck a batch of faces is read as. */
export type ReadDeck = 'tic' | 'stacks';

/** How to make a card reader. */
export interface CardReaderOptions {
  /** Folder holding model.json and weights.bin (default: the committed models/card-reader). */
  readonly modelDir?: string;
  /** The two files' contents instead of a folder (an enrolled deck carries its reader so). */
  readonly model?: { readonly json: SavedModelJson; readonly weights: Uint8Array };
  /** Below this confidence a card is unknown (card null). */
  readonly threshold?: number;
  /** Read each card both ways up and average (default true). */
  readonly bothWays?: boolean;
}

/** A loaded card reader; dispose() frees its model. */
export interface CardReader {
  read(cards: readonly RgbaImage[], deck: ReadDeck): CardReading[];
  /** What model.json says about how it was trained. */
  readonly meta: Readonly<Record<string, unknown>>;
  readonly threshold: number;
  dispose(): void;
}


const DECK = ticDeck();

function softmax(logits: Float32Array, head: Head, temperature: number, into: Float64Array, weight: number, turned = false): void {
  let max = -Infinity;
  for (let k = 0; k < head.size; k++) max = Math.max(max, logits[head.start + k]! / temperature);
  let sum = 0;
  const e = new Float64Array(head.size);
  for (let k = 0; k < head.size; k++) sum += e[k] = Math.exp(logits[head.start + k]! / temperature - max);
  for (let k = 0; k < head.size; k++) {
    // A card read turned round is upright where the turned read says turned, and the other way.
    const to = turned && head === HEADS.orient && k !== ORIENT_SIDEWAYS ? 1 - k : k;
    into[to]! += (weight * e[k]!) / sum;
  }
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

function agree(whole: Float64Array, index: Float64Array): Float64Array {
  let sum = 0;
  for (let k = 0; k < whole.length; k++) sum += whole[k] = whole[k]! * Math.pow(index[k]!, READ.indexWeight);
  for (let k = 0; k < whole.length; k++) whole[k] = sum > 0 ? whole[k]! / sum : 1 / whole.length;
  return whole;
}

function best(p: ArrayLike<number>): [index: number, probability: number] {
  let index = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[index]!) index = k;
  return [index, p[index]!];
}

function property<T>(values: readonly T[], p: Float64Array, cardP: number, threshold: number): PropertyRead<T> {
  const [index, probability] = best(p);
  const confidence = probability * cardP;
  return { value: confidence >= threshold ? values[index]! : null, confidence };
}

/** Loads the model and warms it up. */
export async function createCardReader(options: CardReaderOptions = {}): Promise<CardReader> {
  await useWasmBackend();
  const { model, meta } = options.model ? await modelFromFiles(options.model.json, options.model.weights) : await loadModel(options.modelDir);
  // Fitted by the trainer on held-out frames; 1 keeps the network's own odds.
  const temperatures = (meta.temperatures ?? {}) as Partial<Record<string, number>>;
  const threshold = options.threshold ?? READ.threshold;
  const bothWays = options.bothWays ?? true;
  const views = bothWays ? 2 : 1;
  const forward = inference(model);
  // Warm-up: the first call compiles the kernels.
  tf.tidy(() => forward(modelInputs(new Float32Array(views * FEATURE_SIZE), views)));

  const read = (cards: readonly RgbaImage[], deck: ReadDeck): CardReading[] => {
    if (cards.length === 0) return [];
    const rows = cards.length * views;
    const x = new Float32Array(rows * FEATURE_SIZE);
    cards.forEach((card, i) => cardFeatures(card, x, i * views * FEATURE_SIZE, bothWays ? (i * views + 1) * FEATURE_SIZE : undefined));
    // The tensor out of tidy, its numbers after: tidy walks whatever its function returns, and a
    // typed array is thousands of keys to walk.
    const y = tf.tidy(() => forward(modelInputs(x, rows)));
    const out = y.dataSync() as Float32Array;
    y.dispose();
    return cards.map((_, i) => interpret(out, i, views, deck, threshold, temperatures));
  };

  return { read, meta, threshold, dispose: () => model.dispose() };
}

/** Card `i`'s odds on one head, averaged over its views (at module level: docs/vision.md). */
function headProbs(out: Float32Array, i: number, views: number, head: Head, temperatures: Partial<Record<string, number>>): Float64Array {
  const w = 1 / views;
  const p = new Float64Array(head.size);
  for (let v = 0; v < views; v++) softmax(out.subarray((i * views + v) * OUTPUTS, (i * views + v + 1) * OUTPUTS), head, temperatures[head.name] ?? 1, p, w, v === 1);
  return p;
}

function interpret(out: Float32Array, i: number, views: number, deck: ReadDeck, threshold: number, temperatures: Partial<Record<string, number>>): CardReading {
  const w = 1 / views;
  const probs = (head: Head): Float64Array => headProbs(out, i, views, head, temperatures);
  let cardP = 0;
  let visible = 0;
  for (let v = 0; v < views; v++) {
    const row = (i * views + v) * OUTPUTS;
    cardP += w * sigmoid(out[row + HEADS.card.start]!);
    visible += w * sigmoid(out[row + HEADS.visible.start]!);
  }
  const orient = probs(HEADS.orient);
  const [way] = best(orient);
  if (way === ORIENT_SIDEWAYS) {
    // Cut across the card: the caller should cut it again.
    return { deck: 'unknown', card: null, confidence: 0, sideways: true, visible };
  }
  let upsideDown = orient[ORIENT_TURNED]! > orient[ORIENT_UP]!;
  // A face at all: then its deck is the one asked for, even where its identity stays unknown.
  const face = cardP >= READ.face ? deck : 'unknown';
  if (deck === 'stacks') {
    const p = probs(HEADS.stacks);
    const [index, probability] = best(p);
    const confidence = probability * cardP;
    const named = confidence >= threshold;
    return { deck: face, card: named ? STACKS_CARDS[index]! : null, confidence, upsideDown, visible };
  }
  // The pips' reading and the corner index's as two experts: surer where they agree, less where not.
  const pn = agree(probs(HEADS.number), probs(HEADS.indexNumber));
  const ps = agree(probs(HEADS.shape), probs(HEADS.indexShape));
  const pc = probs(HEADS.colour);
  const ticProbabilities = new Float32Array(DECK.length);
  // ticDeck() is number-major, then shape, then colour.
  for (let n = 0; n < 5; n++) for (let s = 0; s < 5; s++) for (let c = 0; c < 5; c++) ticProbabilities[n * 25 + s * 5 + c] = pn[n]! * ps[s]! * pc[c]! * cardP;
  const [n] = best(pn);
  const [s] = best(ps);
  const [c] = best(pc);
  const confidence = ticProbabilities[n * 25 + s * 5 + c]!;
  const named = confidence >= threshold;
  // Circles and squares look the same turned round: no way is up.
  if (SHAPES[s] === 'circle' || SHAPES[s] === 'square') upsideDown = false;
  return {
    deck: face,
    card: named ? DECK[n * 25 + s * 5 + c]! : null,
    confidence,
    number: property(NUMBERS, pn, cardP, threshold),
    shape: property(SHAPES, ps, cardP, threshold),
    colour: property(COLOURS, pc, cardP, threshold),
    ticProbabilities,
    upsideDown,
    visible,
  };
}

/**
 * Two reads of one TIC card as one, their odds averaged. Two cuts of one photo are not two looks at
 * the card, so the second may name or rename it but raises no confidence to sure.
 */
export function averagedTicRead(a: CardReading, b: CardReading, threshold: number, most: number): CardReading {
  if (!a.ticProbabilities || !b.ticProbabilities) return a;
  const p = new Float32Array(DECK.length);
  for (let k = 0; k < DECK.length; k++) p[k] = (a.ticProbabilities[k]! + b.ticProbabilities[k]!) / 2;
  const read = fromTicOdds(a, p, threshold, most);
  return a.visible !== undefined && b.visible !== undefined ? { ...read, visible: (a.visible + b.visible) / 2 } : read;
}

/**
 * A TIC read named from new odds over the 125 cards, no confidence raised above `most` or the first
 * read's if higher; the first read's deck and way up are kept.
 */
export function fromTicOdds(a: CardReading, p: Float32Array, threshold: number, most: number): CardReading {
  const pn = new Float64Array(5);
  const ps = new Float64Array(5);
  const pc = new Float64Array(5);
  for (let k = 0; k < DECK.length; k++) {
    pn[Math.floor(k / 25)]! += p[k]!;
    ps[Math.floor(k / 5) % 5]! += p[k]!;
    pc[k % 5]! += p[k]!;
  }
  const [k, odds] = best(p);
  const confidence = Math.min(odds, Math.max(a.confidence, most));
  const shape = SHAPES[best(ps)[0]]!;
  const atMost = <T>(read: PropertyRead<T>, first: PropertyRead<T> | undefined): PropertyRead<T> => {
    const cap = first ? Math.max(first.confidence, most) : 1;
    return read.confidence > cap ? { value: cap >= threshold ? read.value : null, confidence: cap } : read;
  };
  return {
    ...a,
    upsideDown: shape !== 'circle' && shape !== 'square' && a.upsideDown === true,
    card: confidence >= threshold ? DECK[k]! : null,
    confidence,
    number: atMost(property(NUMBERS, pn, 1, threshold), a.number),
    shape: atMost(property(SHAPES, ps, 1, threshold), a.shape),
    colour: atMost(property(COLOURS, pc, 1, threshold), a.colour),
    ticProbabilities: p,
  };
}

/** Reads the cards cut from `quads`, cutting again a quarter turned and rereading any read sideways. */
export function readTurningSideways(
  reader: CardReader,
  quads: readonly Quad[],
  cut: (quad: Quad) => RgbaImage,
  deck: ReadDeck,
): { quads: Quad[]; faces: RgbaImage[]; readings: CardReading[]; sideways: number[] } {
  const asRead = [...quads];
  const faces = asRead.map((q) => cut(q));
  const readings = reader.read(faces, deck);
  const sideways = readings.flatMap((r, i) => (r.sideways ? [i] : []));
  if (sideways.length > 0) {
    for (const i of sideways) {
      asRead[i] = quarterTurned(asRead[i]!);
      faces[i] = cut(asRead[i]!);
    }
    const again = reader.read(sideways.map((i) => faces[i]!), deck);
    sideways.forEach((i, k) => (readings[i] = again[k]!));
  }
  return { quads: asRead, faces, readings, sideways };
}

/**
 * A reader that reads nothing, for `seqref eval --no-read` and the bench without a model: every find a
 * face named none, so the recogniser keeps each find it would keep for a face.
 */
export const blindReader: CardReader = {
  read: (cards, deck) => cards.map(() => ({ deck, card: null, confidence: 0 })),
  meta: {},
  threshold: 1,
  dispose: () => undefined,
};
