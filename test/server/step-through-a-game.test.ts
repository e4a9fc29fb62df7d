// Stepping through a game in a real browser: the replayed Progression game, once it has ended, is
// stepped back to each of its recorded plays (by the turn list, the arrow keys and the slider) and
// shows the table as it was then, the starting card and the legal plays so far, with the scores
// the recording's events give; End goes live again; the game downloads as JSON and as CSV.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { servedWithBrowser, SKIP_BROWSER } from './rig.js';

const SESSION = join('fixtures', 'dev', 'progression-game');
const TABLE = 'progression-game-dev';

interface TruthTurn {
  turn: number;
  legal: boolean;
  move: { placements?: { card: string }[] };
  scores: number[];
}

/** The recording's own turns (what the engine judged when it was rendered). */
function truthTurns(): TruthTurn[] {
  const log = JSON.parse(readFileSync(join(SESSION, 'events.json'), 'utf8')) as { events: { events: ({ kind: string } & TruthTurn)[] }[] };
  return log.events.flatMap((s) => s.events).filter((e) => e.kind === 'turn');
}

const cardsShown = async (page: Page): Promise<string[]> => (await page.locator('#layout .tile[data-card]').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-card')!))).sort();
const scoresShown = async (page: Page): Promise<number[]> => (await page.locator('[data-testid^=score-]').allTextContents()).map(Number);

describe.skipIf(SKIP_BROWSER)('stepping through a game', () => {
  const served = servedWithBrowser((dir) => ['--session', SESSION, '--truth', '--speed', '12', '--db', join(dir, 'events.sqlite'), '--token', 't']);

  it('shows the table and the scores as they were after each play, and goes live again', async () => {
    const page = await served.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${served.server.url}/table/${TABLE}`);
    await page.locator('[data-testid=status]', { hasText: 'ENDED' }).waitFor({ timeout: 30_000 });
    const live = await cardsShown(page);
    const record = (await (await fetch(`${served.server.url}/api/tables/${TABLE}/game`)).json()) as { table: { card: string }[]; turns: { number: number; added: { card: string }[]; legal: boolean; withdrawn?: boolean }[] };
    const start = record.table.map((p) => p.card);
    expect(start).toHaveLength(1);

    // Each recorded legal play: its turn in the list shows the start and every legal play so far.
    let expected = [...start];
    for (const truth of truthTurns()) {
      if (!truth.legal || !truth.move.placements) continue;
      const placed = truth.move.placements.map((p) => p.card);
      expected = [...expected, ...placed].sort();
      const index = record.turns.findIndex((t) => t.legal && !t.withdrawn && t.added.map((p) => p.card).sort().join() === [...placed].sort().join());
      expect(index, `turn ${truth.turn} is in the referee's list`).toBeGreaterThanOrEqual(0);
      await page.locator(`button[data-show="${index + 1}"]`).click();
      await expect.poll(() => cardsShown(page)).toEqual(expected);
      expect(await scoresShown(page)).toEqual(truth.scores);
      expect(await page.locator('[data-testid=step-text]').textContent()).toMatch(new RegExp(`^Turn ${record.turns[index]!.number} of \\d+: `));
      // The play's own cards carry the last-turn mark in words, not only a colour.
      expect((await page.locator('#layout .tile.last .mark').allTextContents()).length).toBe(placed.length);
    }

    // The arrow keys step one turn; Home is before the first turn; the slider goes anywhere.
    await page.keyboard.press('Home');
    await expect.poll(() => cardsShown(page)).toEqual(start);
    expect(await page.locator('[data-testid=step-text]').textContent()).toMatch(/^Before the first turn/);
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('[data-testid=step-text]').textContent()).toMatch(/^Turn 1 of /);
    await page.locator('[data-testid=step]').fill('0');
    await expect.poll(() => cardsShown(page)).toEqual(start);

    // The Live button (or End, away from the slider) is the table as it is now, with its picture.
    await page.locator('[data-testid=live]').click();
    await expect.poll(() => cardsShown(page)).toEqual(live);
    await page.locator('h2').first().click();
    await page.keyboard.press('Home');
    await expect.poll(() => cardsShown(page)).toEqual(start);
    await page.keyboard.press('End');
    await expect.poll(() => cardsShown(page)).toEqual(live);
    expect(await page.locator('[data-testid=step-text]').textContent()).toMatch(/^Live: /);
    expect(await page.locator('#frame').isVisible()).toBe(true);
    await page.close();
  });

  it('downloads the game as a JSON record and one CSV line a turn', async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.server.url}/table/${TABLE}`);
    await page.locator('[data-testid=status]', { hasText: 'ENDED' }).waitFor({ timeout: 30_000 });
    const [json] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-json]').click()]);
    expect(json.suggestedFilename()).toBe(`${TABLE}-game.json`);
    const record = JSON.parse(readFileSync(await json.path(), 'utf8')) as { format: string; turns: { number: number }[]; playerNames: string[] };
    expect(record.format).toBe('seqref-game');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-csv]').click()]);
    expect(csv.suggestedFilename()).toBe(`${TABLE}-game.csv`);
    const lines = readFileSync(await csv.path(), 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(`turn,player,kind,summary,legal,withdrawn,points,warnings,${record.playerNames.map((n) => `score ${n}`).join(',')}`);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(record.turns.map((t) => t.number));
    // The last line ends on the recording's final scores.
    expect(lines.at(-1)!.endsWith(`,${truthTurns().at(-1)!.scores.join(',')}`)).toBe(true);
    await page.close();
  });
});
