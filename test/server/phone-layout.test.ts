// Every page on a phone, in a real browser: 360 to 430 px wide, nothing scrolls sideways, the
// header stays under 160 px, and on a table's page its picture (camera frame or board) is in the
// first screen. The first screen says what seqref is, what to do, and that the demo's tables are
// replays.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servedWithBrowser, SKIP_BROWSER } from './rig.js';

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
];
const PAGES = ['/', '/table/progression-game', '/table/sequence-game', '/table/sequence-stacks-game', '/table/sequence-hunt-game', '/event', '/overview', '/organiser', '/capture'];

/** Runs in the page: its width, the header's height and where the table's picture (frame, else the layout or board) starts. */
const MEASURE = `(() => {
  const frame = document.getElementById('frame');
  const shown = frame && frame.style.display !== 'none' ? frame : document.getElementById('layout');
  return {
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
    header: document.querySelector('header.top').getBoundingClientRect().height,
    picture: shown ? shown.getBoundingClientRect().top : null,
  };
})()`;

async function measure(page: Page): Promise<{ scrollWidth: number; width: number; header: number; picture: number | null }> {
  return page.evaluate(MEASURE);
}

describe.skipIf(SKIP_BROWSER)('phones first: every page fits a phone', () => {
  const served = servedWithBrowser((dir) => ['--speed', '12', '--truth', '--db', join(dir, 'events.sqlite'), '--token', 't']);

  for (const phone of PHONES) {
    it(`${phone.width} x ${phone.height}: no sideways scroll, a short header, the table's picture in the first screen`, async () => {
      const context = await served.browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      try {
        for (const path of PAGES) {
          await page.goto(`${served.server.url}${path}`);
          // Wait for the page's content (the socket's first message), then for the table's picture.
          await page.locator('main').getByText(/\w/).first().waitFor();
          if (path.startsWith('/table/')) await page.locator('#layout > *').first().waitFor({ timeout: 20_000 });
          else await page.waitForTimeout(300);
          const m = await measure(page);
          expect(m.scrollWidth, `${path} is ${m.scrollWidth} px wide on a ${m.width} px screen`).toBeLessThanOrEqual(m.width);
          expect(m.header, `${path}: header`).toBeLessThanOrEqual(160);
          if (path.startsWith('/table/')) {
            expect(m.picture, `${path}: the picture's top`).not.toBeNull();
            expect(m.picture!, `${path}: the picture starts below the first half of the screen`).toBeLessThan(phone.height / 2);
          }
        }
      } finally {
        await context.close();
      }
    });
  }

  it('the first screen says what seqref is, the three things to do, and that the tables are replays', async () => {
    const page = await served.browser.newPage({ viewport: PHONES[1] });
    await page.goto(served.server.url);
    await expect.poll(() => page.locator('[data-testid=table-link]').count(), { timeout: 10_000 }).toBe(7);
    expect(await page.locator('h1').textContent()).toMatch(/referee/i);
    for (const choice of ['watch', 'camera', 'organise']) expect(await page.locator(`[data-testid=choice-${choice}]`).isVisible()).toBe(true);
    expect(await page.locator('[data-testid=choice-camera]').getAttribute('href')).toBe('/capture');
    expect(await page.locator('[data-testid=replay-note]').textContent()).toMatch(/6 of these 7 tables are replays/);
    // Each table links to its own page, named by number, game and the pairing's players.
    const first = page.locator('[data-testid=table-link]').first();
    expect(await first.textContent()).toMatch(/Table 1 · Progression[\s\S]*Ana vs Ben/);
    await first.click();
    await page.waitForURL(/\/table\/progression-game$/);
    expect(await page.locator('[data-testid=replay-note]').textContent()).toMatch(/Replay/);
    await page.close();
  });

  it('an old link to one table (/?table=ID) still opens it', async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.server.url}/?table=sequence-game`);
    await page.waitForURL(/\/table\/sequence-game$/);
    await page.locator('.board .space').first().waitFor({ timeout: 10_000 });
    await page.close();
  });
});
