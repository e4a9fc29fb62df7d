// The replayed session whose camera is knocked mid-game, served with its calibration profile: the
// dashboard shows the table calibrated, then the warning that the camera moved and was
// recalibrated; the organiser's view shows it on the table's card; a restart on the same log
// still shows it (the switch of profile is in the log).
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serve, SKIP_BROWSER, tableSummary, tempDir, waitFor } from './rig.js';

const SESSION = join('test', 'session', 'fixtures', 'bumped-camera');
const TABLE = 'bumped-camera-fixtures';

describe.skipIf(SKIP_BROWSER)('dashboard: a camera bumped mid-game', () => {
  let browser: Browser;
  const dir = tempDir();
  const args = ['--profile', join(SESSION, 'calibration.json'), '--session', SESSION, '--truth', '--speed', '3', '--db', join(dir.path, 'events.sqlite'), '--token', 't'];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    dir.remove();
  });

  it('warns on the dashboard and the organiser view that the camera moved and was recalibrated', async () => {
    const server = await serve(args);
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/?table=${TABLE}`);
      const pill = page.locator('[data-testid=calibration]');
      await pill.waitFor({ timeout: 10_000 });
      expect(await pill.textContent()).toMatch(/^CALIBRATED · \d+° · \d\.\d\d px\/mm$/);
      const warning = page.locator('[data-testid=camera-warning]');
      await warning.waitFor({ timeout: 20_000 });
      expect(await warning.textContent()).toMatch(/camera moved \d+ mm: recalibrated$/);
      expect(await warning.getAttribute('data-kind')).toBe('recalibrated');
      // The game goes on through the knock to its recorded end.
      await page.locator('[data-testid=status]', { hasText: 'ENDED' }).waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-testid=score-1]').textContent()).toBe('5');
      expect(await page.locator('[data-testid=turn-count]').textContent()).toBe('2 turns');
      await page.close();
      expect(server.output()).toMatch(new RegExp(`table ${TABLE} calibrated \\(frame-000\\.jpg: tilt 28 deg`));

      const organiser = await browser.newPage();
      await organiser.goto(`${server.url}/organiser`);
      const card = organiser.locator(`[data-testid=table-${TABLE}]`);
      await card.locator('[data-testid=camera-warning]').waitFor({ timeout: 10_000 });
      expect(await card.locator('[data-testid=camera-warning]').textContent()).toMatch(/camera moved \d+ mm: recalibrated/);
      expect(await card.locator('[data-testid=calibration]').textContent()).toBe('CALIBRATED');
      await organiser.close();
    } finally {
      await server.stop();
    }
  });

  it('after a restart on the same log the table still has the new profile and its warning', async () => {
    const server = await serve(args);
    try {
      const view = await waitFor('the table', async () => {
        const res = await fetch(`${server.url}/api/tables/${TABLE}`);
        return res.ok ? ((await res.json()) as { calibration: { recalibrations: number; source: string; warning: { text: string } | null } }) : null;
      });
      expect(view.calibration.recalibrations).toBe(1);
      expect(view.calibration.source).toMatch(/recalibrated in play/);
      expect(view.calibration.warning?.text).toMatch(/camera moved \d+ mm: recalibrated/);
      expect((await tableSummary(server.url, TABLE))?.turns).toBe(2);
    } finally {
      await server.stop();
    }
  });
});
