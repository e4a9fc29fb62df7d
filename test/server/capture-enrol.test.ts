// Learning a deck from the phone: /capture shows the guide over Chromium's fake camera, takes photo
// 1 from it and photos 2 to 5 as pictures chosen, sends them, and the server runs seqref enrol on
// them (--enrol-quick); the deck written is a deck, the browser-camera table then reads with it, and
// the organiser's page shows that and switches it back.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeckFile } from '../../src/deck/deck-file.js';
import { STANDARD_DECK } from '../../src/deck/profile.js';
import { planEnrolmentShots } from '../../src/render/enrolment.js';
import { renderShot } from '../../src/render/shot.js';
import { y4mFrom } from '../helpers/y4m.js';
import { launchChromium, serve, SKIP_BROWSER, tempDir, waitFor, type Served } from './rig.js';

describe.skipIf(SKIP_BROWSER)('learning a deck on the capture page', () => {
  let browser: Browser;
  let server: Served;
  const dir = tempDir();
  const photos: string[] = [];

  beforeAll(async () => {
    for (const [k, shot] of planEnrolmentShots(STANDARD_DECK, 4907).entries()) {
      photos.push(join(dir.path, `photo-${k + 1}.jpg`));
      writeFileSync(photos[k]!, (await renderShot(shot)).jpeg);
    }
    const video = join(dir.path, 'photo-1.y4m');
    await y4mFrom([photos[0]!, photos[0]!], video, 1280, 720);
    browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
    server = await serve(['--camera', 'browser', '--db', join(dir.path, 'events.sqlite'), '--decks', join(dir.path, 'decks'), '--enrol-quick', '--token', 't']);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
    dir.remove();
  });

  it('guides, sends the five photos, learns the deck and reads the table with it', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/capture?table=camera&auto=1`);
    await waitFor('the camera to start', async () => !(await page.locator('#enrol-take').isDisabled()));
    await page.click('#enrol-guide');
    // The guide is drawn over the camera: a 5 x 5 grid of card outlines.
    const inkedPixels = `(() => {
      const overlay = document.getElementById('overlay');
      if (overlay.hidden || overlay.width === 0) return 0;
      const pixels = overlay.getContext('2d').getImageData(0, 0, overlay.width, overlay.height).data;
      let drawn = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) drawn++;
      return drawn;
    })()`;
    await waitFor('the guide drawn', async () => (await page.evaluate<number>(inkedPixels)) > 1000);
    expect(await page.locator('[data-testid=enrol-next]').textContent()).toContain('number 1');
    expect(await page.locator('#enrol-send').isDisabled()).toBe(true);
    await page.click('#enrol-take');
    await waitFor('photo 1 kept', async () => (await page.locator('[data-testid=enrol-shots] img').count()) === 1);
    for (const photo of photos.slice(1)) {
      const before = await page.locator('[data-testid=enrol-shots] img').count();
      await page.setInputFiles('#enrol-file', photo);
      await waitFor('the photo kept', async () => (await page.locator('[data-testid=enrol-shots] img').count()) === before + 1);
    }
    expect(await page.locator('[data-testid=enrol-next]').textContent()).toContain('five photos taken');
    await page.fill('#enrol-name', 'Test deck');
    await page.click('#enrol-send');
    await waitFor('the deck learnt', async () => (await page.locator('[data-testid=enrol-result]').getAttribute('data-deck')) !== null || /Not learnt/.test((await page.locator('[data-testid=enrol-result]').textContent()) ?? ''), 240_000);
    const log = (await page.locator('[data-testid=enrol-log]').textContent()) ?? '';
    expect(await page.locator('[data-testid=enrol-result]').textContent()).toContain('Learnt: test-deck.json');
    // The progress reached the page line by line, and the photos were read as grids.
    expect(log).toMatch(/photo 1 \(.*\): 2[0-5] of 25 cards/);
    expect(log).toMatch(/told apart: /);
    const deck = join(dir.path, 'decks', 'test-deck.json');
    expect(existsSync(deck)).toBe(true);
    expect(readDeckFile(deck).file.card.size).toBe('poker');
    expect(readdirSync(join(dir.path, 'decks'))).toEqual(['test-deck.json']);
    await page.click('#enrol-use');
    await waitFor('the table switched', async () => /now reads its cards as the deck test-deck\.json/.test((await page.locator('[data-testid=enrol-result]').textContent()) ?? ''), 60_000);
    const deckOfTable = async (): Promise<string | null> => ((await (await fetch(`${server.url}/api/tables`)).json()) as { id: string; deck: string | null }[]).find((t) => t.id === 'camera')!.deck;
    expect(await deckOfTable()).toBe('test-deck.json');
    await page.close();

    // The organiser sees the table's deck and may switch it back to the deck of cards.md.
    const organiser = await browser.newPage();
    await organiser.goto(`${server.url}/organiser?token=t`);
    const choice = organiser.locator('[data-testid=deck-camera]');
    await waitFor('the deck choice', async () => (await choice.count()) === 1 && (await choice.inputValue()) === 'test-deck.json');
    await choice.selectOption('');
    await waitFor('back to the deck of cards.md', async () => (await deckOfTable()) === null, 30_000);
    expect(await organiser.locator('[data-testid=toast]').textContent()).toContain('now reads its cards as the deck of cards.md');
    await organiser.close();
  }, 360_000);
});
