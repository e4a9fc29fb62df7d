// The dashboard without colour, without a mouse and in daylight, in a real browser: chips differ
// by shape and letter as well as colour and are named to a screen reader; the last move is marked
// in words; a new warning is announced in an aria-live region; a card is corrected from the
// keyboard; the light theme is chosen with one button and kept.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serve, servedWithBrowser, SKIP_BROWSER } from './rig.js';

/** The browser's, inside evaluate (the tests are typed without the DOM). */
declare const getComputedStyle: (element: unknown) => { borderRadius: string; clipPath: string };

describe.skipIf(SKIP_BROWSER)('an accessible dashboard', () => {
  // Slow enough that the Sequence game's warnings come while the page is open.
  const served = servedWithBrowser((dir) => ['--truth', '--speed', '4', '--db', join(dir, 'events.sqlite'), '--token', 'secret']);

  it('tells chips apart by shape and letter, names every space, marks the last move in words and announces each new warning', async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.server.url}/table/sequence-game`);
    const announced = page.locator('[data-testid=announce]');
    expect(await announced.getAttribute('aria-live')).toBe('assertive');
    await expect.poll(() => announced.textContent(), { timeout: 40_000 }).toMatch(/^Warning, turn \d+, Team \w+: .+/);
    const warning = page.locator('[data-testid=warning][data-standing=true]').first();
    expect(await warning.textContent()).toMatch(/ILLEGAL · TURN \d+/);

    // The shapes come from the stylesheet: measure once it is in force.
    await page.waitForFunction('[...document.styleSheets].some((s) => s.href?.endsWith("/style.css") && s.cssRules.length > 0)', null, { timeout: 20_000 });
    // The board is drawn afresh on every update: read in one evaluation, so that no chip is
    // replaced (and its style lost) between finding it and measuring it.
    const { looks, labels } = await page.locator('.board').evaluate((board) => ({
      looks: [...board.querySelectorAll('.chip')].map((c) => ({ letter: c.textContent, shape: `${getComputedStyle(c).borderRadius}|${getComputedStyle(c).clipPath}` })),
      labels: [...board.querySelectorAll('.space')].map((s) => s.getAttribute('aria-label')),
    }));
    expect(looks.length).toBeGreaterThan(2);
    const shapeOf = new Map<string, Set<string>>();
    for (const { letter, shape } of looks) shapeOf.set(letter!, (shapeOf.get(letter!) ?? new Set()).add(shape));
    expect([...shapeOf.keys()].sort()).toEqual(['B', 'G']);
    // One shape a team, and the teams' shapes differ.
    const shapes = JSON.stringify(Object.fromEntries([...shapeOf].map(([team, s]) => [team, [...s]])));
    expect([...shapeOf.values()].every((s) => s.size === 1), shapes).toBe(true);
    expect(new Set([...shapeOf.values()].map((s) => [...s][0])).size, shapes).toBe(2);
    expect(labels).toHaveLength(100);
    expect(labels.filter((l) => /: (green|blue) chip/.test(l!)).length).toBe(looks.length);
    expect(labels.some((l) => /last move/.test(l!))).toBe(true);
    await page.close();
  });

  it('corrects a card from the keyboard alone', async () => {
    // A recording that is not looped: its last table stays on the page.
    const game = await serve(['--session', join('fixtures', 'dev', 'progression-game'), '--truth', '--speed', '12', '--db', join(served.dir, 'game.sqlite'), '--token', 'secret']);
    try {
      const page = await served.browser.newPage();
      await page.goto(`${game.url}/table/progression-game-dev?token=secret`);
      await page.locator('[data-testid=status]', { hasText: 'ENDED' }).waitFor({ timeout: 30_000 });
      const card = page.locator('#layout [data-cell][role=button]').first();
      expect(await card.getAttribute('tabindex')).toBe('0');
      await card.focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-testid=correct-dialog]').waitFor({ state: 'visible' });
      expect(await page.evaluate('document.activeElement.id')).toBe('correct-card');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid=correct-dialog]').waitFor({ state: 'hidden' });
      await page.close();
    } finally {
      await game.stop();
    }
  });

  it('switches to the light theme with one button, and keeps it', async () => {
    const context = await served.browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${served.server.url}/overview`);
    const background = (): Promise<string> => page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
    const dark = await background();
    const button = page.locator('[data-testid=theme]');
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await button.click();
    expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('light');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    const light = await background();
    expect(light).not.toBe(dark);
    await page.goto(`${served.server.url}/event`);
    expect(await background()).toBe(light);
    await context.close();
  });
});
