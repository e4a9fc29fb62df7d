// The committed calibration set (fixtures/calibration) is what its schedule says: every TIC game
// and Stacks, tilted 30-45 degrees under strong warm and cool casts, each frame naming its
// marker rectangle; and the manifest lists it. (Its bytes are remade by `seqref render --fixtures`.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CALIBRATION_FRAMES, calibrationConditions } from '../../src/render/fixtures.js';
import { readFixture } from '../../src/render/fixture-io.js';
import { TABLE_GAMES } from '../../src/render/scene.js';

test.each(TABLE_GAMES)('fixtures/calibration/%s: tilted 30-45 degrees, strongly tinted both ways, markers named', (game) => {
  const fixture = readFixture(join('fixtures', 'calibration', game));
  expect(fixture.game).toBe(game);
  expect(fixture.frames).toHaveLength(CALIBRATION_FRAMES);
  const balances = new Set<string>();
  fixture.frames.forEach((frame, i) => {
    const c = frame.conditions as Record<string, unknown>;
    expect(c.tilt_deg).toBeGreaterThanOrEqual(30);
    expect(c.tilt_deg).toBeLessThanOrEqual(45);
    expect(c.wb_strength).toBeGreaterThanOrEqual(0.9);
    expect(['warm', 'cool']).toContain(c.white_balance);
    balances.add(c.white_balance as string);
    const markers = (frame as unknown as { markers: { region_mm: number[]; ids: number[] } }).markers;
    expect(markers.ids).toEqual([0, 1, 2, 3]);
    expect(markers.region_mm.every((v) => v > 100 && v % 10 === 0)).toBe(true);
    // The schedule in src/render/fixtures.ts says the same.
    const planned = calibrationConditions(game, i, CALIBRATION_FRAMES);
    expect(Math.abs((planned.tiltDeg ?? 0) - (c.tilt_deg as number))).toBeLessThan(0.1);
    expect(planned.whiteBalance).toBe(c.white_balance);
    expect(frame.cards.length).toBeGreaterThan(3);
  });
  expect([...balances].sort()).toEqual(['cool', 'warm']);
});

test('the manifest lists the calibration set apart from dev and heldout', () => {
  const manifest = JSON.parse(readFileSync(join('fixtures', 'manifest.json'), 'utf8')) as { fixtures: { path: string; split: string; frames: number }[] };
  const listed = manifest.fixtures.filter((f) => f.split === 'calibration');
  expect(listed.map((f) => f.path).sort()).toEqual(TABLE_GAMES.map((g) => `calibration/${g}`).sort());
  expect(listed.every((f) => f.frames === CALIBRATION_FRAMES)).toBe(true);
});
