// Sequence Stacks on a calibrated table: the spaces are fixed cells, and the calibrated path
// numbers them from the face-down draw pile (cell 0,2) as the plain one does, so the cards come out
// on the game's own spaces, not on a grid relative to themselves (src/vision/recognise.ts anchorStacks).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { calibrateFrame } from '../../src/calibration/calibrate.js';
import type { CalibrationProfile } from '../../src/calibration/profile.js';
import { matchFrame } from '../../src/cli/eval.js';
import type { PhotoConditions } from '../../src/render/conditions.js';
import type { TablePlacement } from '../../src/render/scene.js';
import { quadCentre } from '../../src/vision/detect/geometry.js';
import { openCv } from '../../src/vision/opencv.js';
import { defaultModelDir, MODEL_FILE, WEIGHTS_FILE } from '../../src/vision/read/model.js';
import { createRecogniser, type Recogniser } from '../../src/vision/recognise.js';
import { markedShot, type MarkedShot } from './helpers.js';

const HAS_MODEL = existsSync(join(defaultModelDir(), MODEL_FILE)) && existsSync(join(defaultModelDir(), WEIGHTS_FILE));
/** Under CI the model is part of the commit: its absence fails these tests, never skips them. */
const RUN = process.env.CI === 'true' || HAS_MODEL;

const CONDITIONS: Partial<PhotoConditions> = { width: 1280, height: 720, jpegQuality: 85, glare: 0 };
/** The first discard of a game: the draw pile (a few backs) and one card on red's discard pile. */
const FIRST_DISCARD: TablePlacement[] = [...[0, 1, 2].map((level) => ({ card: 'back', row: 0, col: 2, level, faceDown: true })), { card: 'red-2', row: 1, col: 0 }];

let recogniser: Recogniser;
const shots: { table?: { shot: MarkedShot; profile: CalibrationProfile }; discard?: { shot: MarkedShot; profile: CalibrationProfile } } = {};
beforeAll(async () => {
  if (!RUN) return;
  const cv = await openCv();
  recogniser = await createRecogniser();
  const table = await markedShot(4715, { ...CONDITIONS, tiltDeg: 25, background: 'wood' }, 'sequence-stacks');
  const discard = await markedShot(4721, { ...CONDITIONS, tiltDeg: 30, background: 'felt' }, 'sequence-stacks', FIRST_DISCARD);
  shots.table = { shot: table, profile: calibrateFrame(cv, table.frame, { layout: table.placed.layout }).profile };
  shots.discard = { shot: discard, profile: calibrateFrame(cv, discard.frame, { layout: discard.placed.layout }).profile };
}, 60_000);
afterAll(() => recogniser?.dispose());

test.skipIf(!RUN)('a calibrated Stacks table: the draw pile is found and every named card lies on its own space', () => {
  const { shot, profile } = shots.table!;
  const recognition = recogniser.recognise(shot.frame, { game: 'sequence-stacks', calibration: profile });
  expect(recognition.drawPile).toBeDefined();
  const inSight = shot.truth.filter((t) => t.hidden !== true);
  const named = matchFrame(inSight, recognition.cards).outcomes.filter((o) => o.found?.reading.card === o.truth.card);
  expect(named.length).toBeGreaterThanOrEqual(inSight.length - 1);
  // Numbered relative to the cards alone, none of them was on its space here.
  for (const o of named) expect([o.found!.row, o.found!.col]).toEqual([o.truth.row, o.truth.col]);
  // Found in the top-down view, the pile is reported in frame pixels: where the plain recogniser sees it.
  const plain = recogniser.recognise(shot.frame, { game: 'sequence-stacks' });
  expect(plain.drawPile).toBeDefined();
  const [a, b] = [quadCentre(recognition.drawPile!), quadCentre(plain.drawPile!)];
  expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(4);
}, 60_000);

test.skipIf(!RUN)('a calibrated first discard lands on its player\'s discard pile (row 1, col 0), not on red-a', () => {
  const { shot, profile } = shots.discard!;
  const recognition = recogniser.recognise(shot.frame, { game: 'sequence-stacks', calibration: profile });
  expect(recognition.cards.map((c) => [c.reading.card, c.row, c.col])).toEqual([['red-2', 1, 0]]);
}, 60_000);
