// A server killed in the middle of a game (SIGKILL: no chance to tidy up) and started again on
// the same SQLite log resumes the game: the turns before the kill are there once, the recording
// carries on, and the final scores are those of an uninterrupted game.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium, serve, SKIP_BROWSER, tableSummary, tempDir, waitFor } from './rig.js';

const TABLE = 'progression-session-dev';
const SESSION = join('fixtures', 'dev', 'progression-session');

/** The scores of the uninterrupted game, from the recording's own events. */
function recordedScores(): number[] {
  const log = JSON.parse(readFileSync(join(SESSION, 'events.json'), 'utf8')) as { events: { events: { kind: string; player: number; points: number }[] }[] };
  const scores = [0, 0];
  for (const e of log.events.flatMap((x) => x.events)) if (e.kind === 'play') scores[e.player - 1]! += e.points;
  return scores;
}

describe.skipIf(SKIP_BROWSER)('restart in the middle of a game', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());

  it('resumes from the SQLite log with nothing lost', async () => {
    const db = join(dir.path, 'events.sqlite');
    const args = ['--session', SESSION, '--truth', '--speed', '3', '--db', db, '--token', 't'];
    const first = await serve(args);
    const mid = await waitFor('the first turn', async () => {
      const t = await tableSummary(first.url, TABLE);
      return t && t.turns >= 1 ? t : null;
    });
    await first.stop('SIGKILL');
    expect(mid.turns).toBeLessThan(3);

    const second = await serve(args);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${second.url}/?table=${TABLE}`);
      // Right after the restart the dashboard already shows what the log holds.
      await page.locator('[data-testid=turn]').first().waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-testid=turn]').count()).toBeGreaterThanOrEqual(mid.turns);
      await page.locator('[data-testid=status]', { hasText: 'ENDED' }).waitFor({ timeout: 20_000 });
      const scores = recordedScores();
      expect(scores.some((s) => s > 0)).toBe(true);
      for (const [i, score] of scores.entries()) expect(await page.locator(`[data-testid=score-${i}]`).textContent()).toBe(String(score));
      expect(await page.locator('[data-testid=turn]').count()).toBe(3);
    } finally {
      await browser.close();
      await second.stop();
    }
    // The log holds each turn exactly once, in order.
    const log = new Database(db, { readonly: true });
    const turns = (log.prepare(`SELECT data FROM events WHERE table_id = ? AND type = 'turn' ORDER BY id`).all(TABLE) as { data: string }[]).map((r) => (JSON.parse(r.data) as { number: number }).number);
    log.close();
    expect(turns).toEqual([1, 2, 3]);
  });
});
