// The camera page with Chromium's fake camera playing fixture frames (a .y4m made here with
// sharp): frames go over Socket.IO to the server, through the table's browser-camera source and
// the recogniser, and the dashboard shows them.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { y4mFrom } from '../helpers/y4m.js';
import { launchChromium, serve, SKIP_BROWSER, tempDir, waitFor, type Served } from './rig.js';

const W = 640, H = 360;

describe.skipIf(SKIP_BROWSER)('capture page with a fake camera', () => {
  let browser: Browser;
  let server: Served;
  const dir = tempDir();

  beforeAll(async () => {
    const video = join(dir.path, 'table.y4m');
    const frame = join('fixtures', 'dev', 'progression-session', 'frame-026.jpg');
    await y4mFrom([frame, frame, frame, frame], video, W, H);
    browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
    server = await serve(['--camera', 'browser', '--db', join(dir.path, 'events.sqlite'), '--token', 't', '--steady', '2']);
  });
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
    dir.remove();
  });

  it('sends camera frames through the server and the recogniser to the dashboard', async () => {
    const capture = await browser.newPage();
    await capture.goto(`${server.url}/capture?table=camera&auto=1`);
    await waitFor('frames read by the server', async () => /([1-9]\d*) read/.test((await capture.locator('[data-testid=capture-stats]').textContent()) ?? ''));
    const dashboard = await browser.newPage();
    await dashboard.goto(`${server.url}/?table=camera`);
    await dashboard.locator('#frame-img').waitFor({ timeout: 10_000 });
    expect(await dashboard.locator('#frame-info').textContent()).toContain(`${W}×${H}`);
    // The still table is read off the camera: recognised cards on cells reach the dashboard.
    expect(server.output()).toMatch(/seqref: recogniser src\/vision/);
    await waitFor('cards recognised from the camera', async () => Number(await capture.locator('[data-testid=capture-seen]').getAttribute('data-cards')) > 0, 30_000);
    const seen = (await (await fetch(`${server.url}/api/tables/camera`)).json()) as { seen: { card: string; row: number; col: number }[]; status: string };
    expect(seen.status).toBe('live');
    expect(seen.seen.every((c) => /^[1-5]-[a-z]+-[a-z]+$/.test(c.card) && Number.isInteger(c.row) && Number.isInteger(c.col))).toBe(true);
    await dashboard.locator('#frame-svg polygon').first().waitFor({ timeout: 10_000 });
    await capture.close();
    await dashboard.close();
  });
});
