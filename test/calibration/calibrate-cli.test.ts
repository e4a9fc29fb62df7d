// `seqref calibrate`, run as a user would (build first: npx tsc -p tsconfig.build.json).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { parseProfile } from '../../src/calibration/profile.js';
import { SEQREF, seqref } from '../helpers/cli.js';

const FRAME = fileURLToPath(new URL('../../calibration/example-frame.jpg', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'seqref-calibrate-'));

test('calibrate --image finds the four markers, prints px/mm, the tilt and the white point, and saves a readable profile', () => {
  const out = join(dir, 'profile.json');
  const result = seqref(['calibrate', '--image', FRAME, '--region', '570x460', '--out', out]);
  expect(result.stderr).toContain('finding the markers');
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/markers: 4 of 4/);
  expect(result.stdout).toMatch(/px\/mm at the centre/);
  // The example frame was rendered at 40 degrees.
  const tilt = Number(/tilt: about (\d+) degrees/.exec(result.stdout)?.[1]);
  expect(Math.abs(tilt - 40)).toBeLessThanOrEqual(5);
  expect(result.stdout).toMatch(/white point: rgb\(\d+, \d+, \d+\)/);
  const profile = parseProfile(readFileSync(out, 'utf8'), out);
  expect(profile.markers.seen.map((m) => m.id)).toEqual([0, 1, 2, 3]);
  expect(profile.residualMm).toBeLessThan(1.5);
});

test('calibrate --check on the same frame says the markers are steady (exit 0)', () => {
  const out = join(dir, 'check.json');
  expect(seqref(['calibrate', '--image', FRAME, '--region', '570x460', '--out', out]).status).toBe(0);
  const result = seqref(['calibrate', '--image', FRAME, '--check', out]);
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/^markers steady/);
});

test('calibrate --sheet writes the A4 sheet as PNG and PDF', () => {
  const result = seqref(['calibrate', '--sheet', dir]);
  expect(result.status).toBe(0);
  expect(readFileSync(join(dir, 'sheet-a4.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  expect(readFileSync(join(dir, 'sheet-a4.png')).subarray(1, 4).toString()).toBe('PNG');
});

test.each([
  [['--image', '/nonexistent.jpg'], /^seqref: \/nonexistent\.jpg: cannot read the image/],
  [['--image', FRAME, '--region', '30x400'], /--region "30x400" must be WIDTHxHEIGHT/],
  [['--image', FRAME, '--camera', '/dev/video0'], /exactly one of --image FILE or --camera DEV/],
  [['--image', FRAME, '--check', '/nonexistent.json'], /\/nonexistent\.json: cannot read the calibration profile/],
  [['--bogus'], /unknown option "--bogus"/],
])('calibrate %j exits 2 with one line', (args, message) => {
  const result = seqref(['calibrate', ...args]);
  expect(result.status).toBe(2);
  expect(result.stderr.trim().split('\n').at(-1)).toMatch(message);
});

test('calibrate --camera without ffmpeg says so in one line and exits 2', () => {
  // A PATH with no ffmpeg on it (node itself is called by its full path).
  const result = spawnSync(process.execPath, [SEQREF, 'calibrate', '--camera', '/dev/video0'], { encoding: 'utf8', env: { ...process.env, PATH: dir } });
  expect(result.status).toBe(2);
  expect(result.stderr.trim()).toBe('seqref: calibrate: --camera needs ffmpeg, which is not installed here; save a frame and use --image FILE');
});

// Without ffmpeg this skips locally and FAILS under CI=true (.ci/run installs it).
const HAVE_FFMPEG = spawnSync('ffmpeg', ['-version']).status === 0;
test.skipIf(!HAVE_FFMPEG && process.env.CI !== 'true')('calibrate --camera grabs a frame through ffmpeg (a video file standing in for the camera)', () => {
  const video = join(dir, 'camera.y4m');
  expect(spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-i', FRAME, '-t', '1', '-r', '2', '-pix_fmt', 'yuv420p', video]).status).toBe(0);
  const out = join(dir, 'from-camera.json');
  const result = seqref(['calibrate', '--camera', video, '--region', '570x460', '--out', out]);
  expect(result.stderr).not.toMatch(/needs ffmpeg/);
  expect(result.status).toBe(0);
  const profile = parseProfile(readFileSync(out, 'utf8'), out);
  expect(profile.source).toBe(video);
  expect(profile.markers.seen).toHaveLength(4);
  expect(profile.residualMm).toBeLessThan(1.5);
});

test('a frame without markers exits 2 saying how many were found', async () => {
  const blank = join(dir, 'blank.png');
  await sharp({ create: { width: 320, height: 240, channels: 3, background: '#808070' } }).png().toFile(blank);
  const result = seqref(['calibrate', '--image', blank]);
  expect(result.status).toBe(2);
  expect(result.stderr.trim().split('\n').at(-1)).toMatch(/found 0 of the 4 table markers; at least 2 are needed/);
});
