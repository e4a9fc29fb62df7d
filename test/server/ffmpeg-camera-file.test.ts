// The ffmpeg camera source with real ffmpeg: a video of a fixture frame is played as the
// camera (`--camera FILE`), split into JPEGs, recognised, and the table's cards reach the API. The
// same code reads a webcam (`--camera /dev/video0`), which no CI machine has. Without ffmpeg the
// test skips locally and FAILS under CI=true (.ci/run installs it).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../src/render/fixture-io.js';
import { serve, tempDir, waitFor, type Served } from './rig.js';

const HAVE_FFMPEG = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

describe.skipIf(!HAVE_FFMPEG && process.env.CI !== 'true')('a video file played as the camera through ffmpeg', () => {
  let server: Served;
  const dir = tempDir();
  // A settled table of seven cards from the recorded Progression game.
  const session = join('fixtures', 'dev', 'progression-game');
  const still = readFixture(session).frames.find((f) => f.image === 'frame-022.jpg')!;

  beforeAll(async () => {
    const video = join(dir.path, 'table.y4m');
    // Three seconds of that frame at 4 frames a second, made by ffmpeg.
    const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-i', join(session, still.image), '-t', '3', '-r', '4', '-pix_fmt', 'yuv420p', video]);
    expect(made.status).toBe(0);
    server = await serve(['--camera', video, '--game', 'progression', '--db', join(dir.path, 'events.sqlite'), '--token', 't', '--steady', '2']);
  });
  afterAll(async () => {
    await server?.stop();
    dir.remove();
  });

  it('recognises the table in the video and shows its cards on their cells', async () => {
    expect(HAVE_FFMPEG).toBe(true);
    const tables = (await (await fetch(`${server.url}/api/tables`)).json()) as { id: string }[];
    const id = tables.find((t) => t.id.startsWith('webcam-'))?.id;
    expect(id).toBeDefined();
    // Once the table has settled, most of its cards are named right on their cells.
    const truth = new Set(still.cards.filter((c) => !c.hidden).map((c) => c.card));
    const enough = Math.ceil(truth.size * 0.75);
    let seen: { card: string; row: number; col: number }[] = [];
    await waitFor(`${enough} of the ${truth.size} cards read from the video`, async () => {
      seen = ((await (await fetch(`${server.url}/api/tables/${id}`)).json()) as { seen: typeof seen }).seen;
      return seen.filter((c) => truth.has(c.card)).length >= enough;
    }, 20_000);
    expect(seen.filter((c) => truth.has(c.card)).length).toBeGreaterThanOrEqual(enough);
    expect(seen.every((c) => Number.isInteger(c.row) && Number.isInteger(c.col))).toBe(true);
    expect(server.output()).not.toMatch(/ffmpeg exit [1-9]/);
  });
});
