// Shared by the card reader tests: the committed model (a missing model FAILS under CI, skips
// only on a developer's machine that has not trained yet) and a few dev-fixture cards.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createCardReader, type CardReader } from '../../src/vision/read/index.js';
import { defaultModelDir, MODEL_FILE, WEIGHTS_FILE } from '../../src/vision/read/model.js';
import type { FixtureCard } from '../../src/render/fixture-io.js';
import type { Quad, RgbaImage } from '../../src/vision/image.js';
import { openCv, type OpenCv } from '../../src/vision/opencv.js';
import { recogniseWith, type VisionGame } from '../../src/vision/recognise.js';
import { readCards, type ReadLooks } from '../../src/vision/read/cards.js';
import { rectifyMat, toMat } from '../../src/vision/rectify.js';
import type { CardReading, RecognisedCard } from '../../src/vision/types.js';
import { detect, matchTruth } from './detect-helpers.js';

export const MODEL_DIR = defaultModelDir();
export const HAS_MODEL = existsSync(join(MODEL_DIR, MODEL_FILE)) && existsSync(join(MODEL_DIR, WEIGHTS_FILE));
/** Under CI the model is part of the commit: its absence is a failure, never a skip. */
export const MUST_HAVE_MODEL = process.env.CI === 'true' || HAS_MODEL;

let reader: Promise<CardReader> | undefined;
export function sharedReader(): Promise<CardReader> {
  reader ??= createCardReader();
  return reader;
}

export const DEV = (game: string): string => join('fixtures', 'dev', game);

/**
 * A frame recognised with the shared reader: the card found where the truth card named lies, that
 * truth card, every card found, and how many of them lie in no truth card.
 */
export async function recognised(frame: { image: RgbaImage; truth: FixtureCard[] }, game: VisionGame, name: string): Promise<{ card: RecognisedCard; truth: FixtureCard; found: readonly RecognisedCard[]; extra: number }> {
  const found = recogniseWith(await openCv(), await sharedReader(), frame.image, { game }).cards;
  const at = matchTruth(frame.truth, found);
  const k = frame.truth.findIndex((t) => t.card === name);
  return { card: found[at[k]!]!, truth: frame.truth[k]!, found, extra: found.length - at.filter((i) => i >= 0).length };
}

/**
 * The TIC detector's cards in a frame read by readCards with the second looks `looks` gives (none
 * by default), and the reading of the one found where the truth card named lies (outlined by
 * `outline` instead, where given).
 */
export async function readDetected(frame: { image: RgbaImage; truth: FixtureCard[] }, name: string, looks: (cv: OpenCv, image: RgbaImage) => ReadLooks = () => ({}), outline?: Quad): Promise<CardReading> {
  const cv = await openCv();
  const detections = await detect(frame.image);
  const i = matchTruth(frame.truth, detections)[frame.truth.findIndex((t) => t.card === name)]!;
  const source = toMat(cv, frame.image);
  try {
    const cut = (q: Quad, size?: { width: number; height: number }): RgbaImage => rectifyMat(cv, source, q, size);
    const quads = detections.map((d, k) => (k === i && outline ? outline : d.corners));
    return readCards(await sharedReader(), quads, cut, 'tic', detections.map((d) => d.partial), looks(cv, frame.image)).readings[i]!;
  } finally {
    source.delete();
  }
}
