// `seqref verify` in a child process (built command: npx tsc -p tsconfig.build.json first).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { defaultModelDir, MODEL_FILE, WEIGHTS_FILE } from '../../src/vision/read/model.js';
import { progressionLayoutViolations } from '../../src/cli/verify.js';
import { layout } from '../helpers/picture.js';
import { seqref } from '../helpers/cli.js';

const HAS_MODEL = existsSync(join(defaultModelDir(), MODEL_FILE)) && existsSync(join(defaultModelDir(), WEIGHTS_FILE));
/** Under CI the model is part of the commit: its absence fails these tests, never skips them. */
const MUST_HAVE_MODEL = process.env.CI === 'true' || HAS_MODEL;

describe('seqref verify', () => {
  it.skipIf(!MUST_HAVE_MODEL)('recognises a Sequence Shift photo, prints the verdict and writes the annotated picture', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'seqref-verify-')), 'shift.png');
    const image = join('fixtures', 'dev', 'sequence-shift', 'frame-007.jpg');
    const result = seqref(['verify', image, '--game', 'sequence-shift', '--out', out]);
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^sequence-shift: (legal|illegal, \d+ violations?|no verdict \(\d+ violations? that a card out of sight could mend\))$/);
    expect(result.stdout).toContain(out);
    const png = readFileSync(out);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const meta = await sharp(png).metadata();
    const source = await sharp(image).metadata();
    expect([meta.width, meta.height]).toEqual([source.width, source.height]);
  });

  it.skipIf(!MUST_HAVE_MODEL)('answers in JSON with the cards read and their cells', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'seqref-verify-')), 'hunt.png');
    const result = seqref(['verify', join('fixtures', 'dev', 'sequence-hunt', 'frame-004.jpg'), '--game', 'sequence-hunt', '--out', out, '--json']);
    expect(result.status).toBe(0);
    const verdict = JSON.parse(result.stdout) as { cards: { card: string | null; row: number | null }[]; counts: Record<string, number>; picture: string };
    expect(verdict.cards.length).toBeGreaterThanOrEqual(12);
    expect(verdict.cards.filter((c) => c.card !== null).length).toBeGreaterThanOrEqual(10);
    expect(verdict.cards.every((c) => Number.isInteger(c.row))).toBe(true);
    expect(Object.keys(verdict.counts)).toContain('tripo-3');
    expect(verdict.picture).toBe(out);
  });

  it('refuses a missing game or an unreadable image in one line, exit 2', () => {
    const noGame = seqref(['verify', join('fixtures', 'dev', 'sequence-shift', 'frame-007.jpg')]);
    expect(noGame.status).toBe(2);
    expect(noGame.stderr).toMatch(/--game/);
    const badGame = seqref(['verify', 'x.jpg', '--game', 'chess']);
    expect(badGame.status).toBe(2);
    const missing = seqref(['verify', 'no-such-photo.jpg', '--game', 'progression']);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/no-such-photo\.jpg/);
  });
});

describe('Progression layout legality (what verify judges)', () => {
  it('passes a layout where every contact steps a property by one', () => {
    expect(progressionLayoutViolations(layout(`
      1-circle-violet 2-circle-violet
      .               2-crescent-violet`))).toEqual([]);
  });

  it('flags a contact where no property steps by one, naming both cards', () => {
    const violations = progressionLayoutViolations(layout(`
      1-circle-violet 3-star-red`));
    expect(violations.map((v) => v.rule)).toEqual(['no-step-at-contact']);
    expect(violations[0]!.cards).toEqual(['1-circle-violet', '3-star-red']);
  });

  it('flags a card that touches no other card of the layout', () => {
    const violations = progressionLayoutViolations(layout(`
      1-circle-violet 2-circle-violet . 5-star-red`));
    expect(violations.map((v) => v.rule)).toEqual(['not-touching-layout']);
    expect(violations[0]!.cards).toEqual(['5-star-red']);
  });
});
