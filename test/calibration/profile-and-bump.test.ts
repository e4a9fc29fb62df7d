// Calibration profiles on disk, and noticing a camera bumped mid-game through the markers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkBump, compareMarkers } from '../../src/calibration/bump.js';
import { calibrateFrame } from '../../src/calibration/calibrate.js';
import { correctColour } from '../../src/calibration/light.js';
import { parseProfile, readProfile, writeProfile, type CalibrationProfile } from '../../src/calibration/profile.js';
import { InputError } from '../../src/errors.js';
import { Camera } from '../../src/render/camera.js';
import { renderFrame } from '../../src/render/photo.js';
import { decodeImage } from '../../src/vision/image.js';
import { openCv, type OpenCv } from '../../src/vision/opencv.js';
import { markedShot, type MarkedShot } from './helpers.js';

let cv: OpenCv;
let marked: MarkedShot;
let profile: CalibrationProfile;
const dir = mkdtempSync(join(tmpdir(), 'seqref-calibration-'));

beforeAll(async () => {
  cv = await openCv();
  // A warm lamp, strongly tinted, at 35 degrees.
  marked = await markedShot(5, { tiltDeg: 35, width: 1280, height: 720, whiteBalance: 'warm', wbStrength: 1, unevenLight: 0, shadows: 0, glare: 0, vignetting: 0 });
  profile = calibrateFrame(cv, marked.frame, { layout: marked.placed.layout, created: new Date('2025-01-01T00:00:00Z'), source: 'test' }).profile;
});

describe('profiles', () => {
  test('a profile written and read back is the same profile', () => {
    const path = join(dir, 'round-trip.json');
    writeProfile(path, profile);
    expect(readProfile(path)).toEqual(profile);
  });

  test.each([
    ['the version is not this seqref\'s', (p: Record<string, unknown>) => ({ ...p, version: 2 }), /"version" is 2; this seqref reads version 1/],
    ['the homography is short', (p: Record<string, unknown>) => ({ ...p, homography: [1, 0, 0] }), /"homography" must be 9 numbers/],
    ['a marker corner is not a point', (p: Record<string, unknown>) => ({ ...p, markers: { ...(p.markers as object), seen: [{ id: 0, corners: [[1, 2], [3], [4, 5], [6, 7]] }] } }), /"markers\.seen\[0\]\.corners\[1\]" must be 2 numbers/],
    ['the white point is missing', (p: Record<string, unknown>) => ({ ...p, light: { ...(p.light as object), white: undefined } }), /"light\.white" is missing/],
    ['px/mm is zero', (p: Record<string, unknown>) => ({ ...p, pxPerMm: { centre: 0, min: 1, max: 2 } }), /"pxPerMm\.centre" must be a positive number/],
  ])('a profile where %s is refused in one line naming the file and the field', (_, spoil, message) => {
    const path = join(dir, 'bad.json');
    writeFileSync(path, JSON.stringify(spoil(JSON.parse(JSON.stringify(profile)) as Record<string, unknown>)));
    let error: unknown;
    try {
      readProfile(path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message.startsWith(path)).toBe(true);
    expect((error as Error).message).not.toContain('\n');
  });

  test('text that is not JSON is refused naming the file', () => {
    expect(() => parseProfile('{ nope', 'p.json')).toThrow(/^p\.json: not JSON/);
  });
});

describe('the light', () => {
  test("under a warm cast the markers' paper reads warm, and the gains bring it back to neutral", () => {
    const [r, , b] = profile.light.white;
    expect(r - b).toBeGreaterThan(25);
    const corrected = correctColour(profile.light, profile.light.white);
    expect(Math.max(...corrected) - Math.min(...corrected)).toBeLessThanOrEqual(2);
  });
});

describe('a bumped camera', () => {
  test('the frame the profile was made from is steady', () => {
    const check = checkBump(cv, marked.frame, profile);
    expect(check.status).toBe('steady');
    expect(check.unseen).toEqual([]);
  });

  test('a camera turned by 2 degrees and shifted 15 mm is noticed as moved', async () => {
    const { shot } = marked;
    const camera = new Camera({ ...shot.camera.spec, yawDeg: shot.camera.spec.yawDeg + 2, target: [shot.camera.spec.target[0] + 15, shot.camera.spec.target[1]] });
    const rendered = await renderFrame({ scene: shot.scene, conditions: shot.conditions, camera, seed: shot.seed + 1 });
    const check = checkBump(cv, await decodeImage(rendered.jpeg), profile);
    expect(check.status).toBe('moved');
    expect(check.worstMm).toBeGreaterThan(5);
  });

  test('markers out of sight are not a bump, but fewer than two leaves it unknown', () => {
    const seen = profile.markers.seen.map((m) => ({ ...m, centre: m.corners[0] }));
    expect(compareMarkers(seen.slice(0, 2), profile).status).toBe('steady');
    const one = compareMarkers(seen.slice(0, 1), profile);
    expect(one.status).toBe('unknown');
    expect(one.unseen).toEqual([1, 2, 3]);
  });

  test('a frame of another size is a different camera mode: moved', () => {
    expect(checkBump(cv, { width: 640, height: 360, data: new Uint8Array(640 * 360 * 4) }, profile).status).toBe('moved');
  });
});
