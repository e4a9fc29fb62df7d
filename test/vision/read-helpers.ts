// Shared by the card reader tests: the committed model (a missing model FAILS under CI, skips
// only on a developer's machine that has not trained yet) and a few dev-fixture cards.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createCardReader, type CardReader } from '../../src/vision/read/index.js';
import { defaultModelDir, MODEL_FILE, WEIGHTS_FILE } from '../../src/vision/read/model.js';

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
