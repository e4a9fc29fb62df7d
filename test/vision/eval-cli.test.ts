// `seqref eval` in a child process (built command: npx tsc -p tsconfig.build.json first).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultModelDir, MODEL_FILE, WEIGHTS_FILE } from '../../src/vision/read/model.js';
import { seqref } from '../helpers/cli.js';

const HAS_MODEL = existsSync(join(defaultModelDir(), MODEL_FILE)) && existsSync(join(defaultModelDir(), WEIGHTS_FILE));
/** Under CI the model is part of the commit: its absence fails the identity test, never skips it. */
const MUST_HAVE_MODEL = process.env.CI === 'true' || HAS_MODEL;

/** A fixture folder with two frames of the dev Sequence Shift fixture. */
function tinyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seqref-eval-'));
  const source = join('fixtures', 'dev', 'sequence-shift');
  const fixture = JSON.parse(readFileSync(join(source, 'fixture.json'), 'utf8')) as { frames: { image: string }[] };
  const frames = [fixture.frames[7]!, fixture.frames[13]!];
  mkdirSync(join(dir, 'shift'));
  for (const f of frames) copyFileSync(join(source, f.image), join(dir, 'shift', f.image));
  writeFileSync(join(dir, 'shift', 'fixture.json'), JSON.stringify({ ...fixture, frames }));
  return dir;
}

const CONTRACT_FIELDS = ['frames', 'cards_truth', 'cards_detected', 'card_precision', 'card_recall', 'identity_accuracy', 'number_accuracy', 'shape_accuracy', 'colour_accuracy', 'position_accuracy', 'ms_per_frame_median'];

describe('seqref eval', () => {
  it('scores a fixture folder and writes every contract field, the confusion matrices, worst frames and by_game', () => {
    const dir = tinyFixture();
    const out = join(dir, 'report.json');
    const result = seqref(['eval', dir, '--json', out, '--no-read']);
    expect(result.stderr).toContain('eval:'); // progress
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/recall/);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Record<string, any>;
    for (const field of CONTRACT_FIELDS) expect(report, field).toHaveProperty(field);
    expect(report.frames).toBe(2);
    expect(report.cards_truth).toBeGreaterThan(15);
    expect(report.card_recall).toBeGreaterThanOrEqual(0.95);
    expect(report.card_precision).toBeGreaterThanOrEqual(0.9);
    expect(report.position_accuracy).toBeGreaterThanOrEqual(0.9);
    expect(report.by_game['sequence-shift'].frames).toBe(2);
    expect(report.confusion.colour.labels).toEqual(['violet', 'cyan', 'yellow', 'orange', 'red']);
    expect(Array.isArray(report.worst_frames)).toBe(true);
    expect(report.stage_ms_median).toHaveProperty('detect');
  });

  it('lists every card in sight it missed, with the share of its face in sight, and counts them by that share', () => {
    const dir = tinyFixture();
    // A truth card in the frame's top-left corner, where no card lies: it must come back missed.
    const file = join(dir, 'shift', 'fixture.json');
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as { frames: { image: string; cards: unknown[] }[] };
    fixture.frames[0]!.cards.push({ card: '5-star-red', row: 9, col: 9, corners: [[2, 2], [12, 2], [12, 16], [2, 16]], visible: 0.7 });
    writeFileSync(file, JSON.stringify(fixture));
    const out = join(dir, 'report.json');
    const result = seqref(['eval', dir, '--json', out, '--no-read']);
    expect(result.status).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Record<string, any>;
    const failures = report.failures as { fixture: string; image: string; card: string; visible: number; found: boolean; read: string | null }[];
    expect(failures).toContainEqual(expect.objectContaining({ image: fixture.frames[0]!.image, card: '5-star-red', visible: 0.7, found: false, read: null }));
    // Without the reader only missed cards fail, and each is one recall lost.
    expect(failures.every((f) => !f.found)).toBe(true);
    expect(failures.length).toBe(Math.round(report.cards_truth * (1 - report.card_recall)));
    const missedInBand = failures.filter((f) => f.visible >= 0.6 && f.visible < 0.8).length;
    expect(result.stdout).toMatch(new RegExp(`failures by share of the face in sight \\(${failures.length} cards`));
    expect(result.stdout).toMatch(new RegExp(`0\\.6 to 0\\.8\\s+${missedInBand}\\s+0\\s+0`));
  });

  it('--diff compares two reports of the same fixtures card by card: put right, lost; refuses what is no report', () => {
    const dir = tinyFixture();
    const before = join(dir, 'before.json');
    expect(seqref(['eval', dir, '--json', before, '--no-read']).status).toBe(0);
    // The same fixtures with one truth card moved to the frame's corner, where no card lies: lost.
    const file = join(dir, 'shift', 'fixture.json');
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as { frames: { image: string; cards: { card: string; corners: number[][] }[] }[] };
    const moved = fixture.frames[1]!.cards[0]!;
    moved.corners = [[2, 2], [12, 2], [12, 16], [2, 16]];
    writeFileSync(file, JSON.stringify(fixture));
    const after = join(dir, 'after.json');
    expect(seqref(['eval', dir, '--json', after, '--no-read']).status).toBe(0);
    const worse = seqref(['eval', '--diff', before, after]);
    expect(worse.status).toBe(0);
    expect(worse.stdout).toMatch(/\(0 put right, 1 lost\)/);
    expect(worse.stdout).toContain(`lost (1):\n  shift/${fixture.frames[1]!.image} ${moved.card}: now not found`);
    const better = seqref(['eval', '--diff', after, before]);
    expect(better.stdout).toMatch(/\(1 put right, 0 lost\)/);
    expect(better.stdout).toContain(`put right (1):\n  shift/${fixture.frames[1]!.image} ${moved.card}: was not found`);
    for (const args of [['eval', '--diff', before, file], ['eval', '--diff', before, join(dir, 'nope.json')], ['eval', '--diff', before]]) {
      const bad = seqref(args);
      expect(bad.status).toBe(2);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
      expect(bad.stderr).toMatch(/^seqref: eval --diff/);
    }
  });

  it.skipIf(!MUST_HAVE_MODEL)('reads the cards with the committed model: identity and per-property accuracy', () => {
    const dir = tinyFixture();
    const out = join(dir, 'report.json');
    const result = seqref(['eval', dir, '--json', out]);
    expect(result.status).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Record<string, any>;
    expect(report.identity_accuracy).toBeGreaterThanOrEqual(0.8);
    expect(report.number_accuracy).toBeGreaterThanOrEqual(0.8);
    expect(report.wrong_identity_at_0_9).toBe(0);
    // verify's verdict on each of the two Shift photos, by its truth table's legality.
    const verdicts = report.verify_verdicts as Record<'legal' | 'illegal', Record<'legal' | 'illegal' | 'none', number>>;
    expect(Object.values(verdicts).flatMap((said) => Object.values(said)).reduce((a, b) => a + b, 0)).toBe(2);
    expect(verdicts.legal.illegal).toBe(0);
    expect(result.stdout).toMatch(/verify's verdicts \(Progression and Shift photos\): on legal tables \d+ legal/);
  });

  it('stops on a malformed fixture with one line naming the file and field, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqref-eval-bad-'));
    writeFileSync(join(dir, 'fixture.json'), JSON.stringify({ version: 1, game: 'progression', description: 'x', frames: [{ image: 'nope.jpg', t_ms: 0, cards: [] }] }));
    const result = seqref(['eval', dir]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/fixture\.json: frames\[0\]\.image/);
    expect(result.stderr).not.toMatch(/\bat\b.*\.js:\d+/);
  });

  it('refuses a folder without fixtures, and unknown options, in one line', () => {
    const empty = mkdtempSync(join(tmpdir(), 'seqref-eval-empty-'));
    const none = seqref(['eval', empty]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/no fixture\.json/);
    const bad = seqref(['eval', empty, '--frobnicate']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
