// `seqref eval --compare-calibration`, `eval --profile` and `verify --profile`, run as a user would
// (build first: npx tsc -p tsconfig.build.json): both columns in one run, and bad or mismatched
// profiles refused in one line.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { calibrateFrame } from '../../src/calibration/calibrate.js';
import { writeProfile } from '../../src/calibration/profile.js';
import { openCv } from '../../src/vision/opencv.js';
import { seqref } from '../helpers/cli.js';
import { markedShot } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-calibrated-eval-'));
const fixtures = join(dir, 'fixtures');
const profilePath = join(dir, 'profile.json');
const CONTRACT_FIELDS = ['frames', 'cards_truth', 'cards_detected', 'card_precision', 'card_recall', 'identity_accuracy', 'number_accuracy', 'shape_accuracy', 'colour_accuracy', 'position_accuracy', 'ms_per_frame_median'];

beforeAll(async () => {
  const shot = await markedShot(8101, { width: 1280, height: 720, jpegQuality: 85, glare: 0, tiltDeg: 35, whiteBalance: 'warm', wbStrength: 1.1, background: 'felt' });
  const game = join(fixtures, 'progression');
  mkdirSync(game, { recursive: true });
  writeFileSync(join(game, 'frame-000.jpg'), shot.jpeg);
  // The same photo twice: once naming its marker rectangle (calibrated from its markers), once not (left uncalibrated, and said).
  const frame = { image: 'frame-000.jpg', t_ms: 0, cards: shot.truth };
  writeFileSync(join(game, 'fixture.json'), JSON.stringify({ version: 1, game: 'progression', description: 'one marker frame', frames: [{ ...frame, markers: { region_mm: [shot.placed.widthMm, shot.placed.heightMm] } }, frame] }));
  const cv = await openCv();
  writeProfile(profilePath, calibrateFrame(cv, shot.frame, { layout: shot.placed.layout, source: 'frame-000.jpg' }).profile);
}, 60_000);

test('eval --compare-calibration prints recall, identity and grid position without and with calibration, and adds them to the JSON', () => {
  const out = join(dir, 'compare.json');
  const result = seqref(['eval', fixtures, '--compare-calibration', '--json', out]);
  expect(result.status).toBe(0);
  expect(result.stderr).toMatch(/frame-000\.jpg: not calibrated \(the frame names no marker rectangle/);
  const lines = result.stdout.split('\n');
  expect(lines[0]).toMatch(/without and with calibration \(profile: each frame from its own markers; 1 of 2 frames calibrated/);
  expect(lines.some((l) => /recall\s+identity\s+grid position/.test(l))).toBe(true);
  expect(lines.some((l) => /without\s+with\s+without\s+with\s+without\s+with/.test(l))).toBe(true);
  const row = lines.find((l) => l.startsWith('all'))!;
  // frames, cards, then recall, identity and position, each without then with, then ms each.
  expect(row.trim().split(/\s+/)).toHaveLength(11);
  expect(lines.some((l) => l.startsWith('progression'))).toBe(true);
  const report = JSON.parse(readFileSync(out, 'utf8')) as Record<string, any>;
  for (const field of CONTRACT_FIELDS) {
    expect(report, field).toHaveProperty(field);
    expect(report.calibrated, `calibrated.${field}`).toHaveProperty(field);
  }
  expect(report.frames).toBe(2);
  expect(report.calibrated.frames).toBe(2);
  expect(report.calibrated.by_game.progression.frames).toBe(2);
  expect(report.calibration).toMatchObject({ mode: 'compare', frames_calibrated: 1 });
  expect(report.calibration.frames_not_calibrated).toHaveLength(1);
  expect(report.calibrated.card_recall).toBeGreaterThanOrEqual(0.9);
});

test('eval --profile recognises every frame under that profile, and says so', () => {
  const out = join(dir, 'profile-report.json');
  const result = seqref(['eval', fixtures, '--profile', profilePath, '--json', out]);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/^calibrated with .*profile\.json/);
  const report = JSON.parse(readFileSync(out, 'utf8')) as Record<string, any>;
  expect(report.calibration).toMatchObject({ mode: 'profile' });
  expect(report.card_recall).toBeGreaterThanOrEqual(0.9);
});

test('verify --profile judges the photo on the calibrated table', () => {
  const result = seqref(['verify', join(fixtures, 'progression', 'frame-000.jpg'), '--game', 'progression', '--profile', profilePath, '--json', '--out', join(dir, 'v.png')]);
  expect(result.status).toBe(0);
  const verdict = JSON.parse(result.stdout) as { cards: unknown[]; profile: string };
  expect(verdict.profile).toBe(profilePath);
  expect(verdict.cards.length).toBeGreaterThanOrEqual(9);
});

test('a bad or mismatched profile stops eval and verify with one line, exit 2', () => {
  const other = JSON.parse(readFileSync(profilePath, 'utf8')) as Record<string, any>;
  const mismatched = join(dir, 'other-size.json');
  writeFileSync(mismatched, JSON.stringify({ ...other, image: { width: 1920, height: 1080 } }));
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, JSON.stringify({ ...other, homography: [1, 2, 3] }));
  const image = join(fixtures, 'progression', 'frame-000.jpg');
  const runs = [
    { args: ['eval', fixtures, '--profile', mismatched], want: /frame-000\.jpg: the calibration profile \(frame-000\.jpg\) was made on 1920 x 1080 frames, this frame is 1280 x 720/ },
    { args: ['eval', fixtures, '--compare-calibration', '--profile', broken], want: /broken\.json: calibration profile field "homography" must be 9 numbers/ },
    { args: ['eval', fixtures, '--profile', join(dir, 'missing.json')], want: /missing\.json: cannot read the calibration profile \(ENOENT\)/ },
    { args: ['verify', image, '--game', 'progression', '--profile', mismatched], want: /made on 1920 x 1080 frames, this frame is 1280 x 720/ },
    { args: ['verify', image, '--game', 'progression', '--profile'], want: /--profile needs a value/ },
  ];
  for (const { args, want } of runs) {
    const result = seqref(args);
    expect(result.status, args.join(' ')).toBe(2);
    expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    expect(result.stderr).toMatch(want);
  }
});
