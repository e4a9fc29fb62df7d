// `seqref serve` with no source (what `npm start` runs) replays the bundled dev recordings, one
// table each: the five games and the camera page's table, never the heldout split. In a real
// browser: the Sequence board log raises its two-chips warning with the rule it breaks, and the
// Progression game ends on the scores its events.json records.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedWithBrowser, SKIP_BROWSER } from './rig.js';

/** The final scores the recording's own events give (read, never typed here). */
function resultScores(game: string): number[] {
  const log = JSON.parse(readFileSync(join('fixtures', 'dev', `${game}-game`, 'events.json'), 'utf8')) as { events: { events: { kind: string; scores?: number[] }[] }[] };
  return log.events.flatMap((s) => s.events).find((e) => e.kind === 'result')!.scores!;
}

describe.skipIf(SKIP_BROWSER)('the demo: every bundled recorded game replayed', () => {
  // --truth: the recordings' own card positions, so the scores are the recorded game's whatever the recogniser reads.
  const served = servedWithBrowser((dir) => ['--speed', '12', '--truth', '--db', join(dir, 'events.sqlite'), '--token', 't']);

  it('has one table a game from fixtures/dev (never heldout), and the camera page\'s table', async () => {
    const tables = (await (await fetch(`${served.server.url}/api/tables`)).json()) as { id: string; game: string; source: string }[];
    expect(tables.map((t) => t.id)).toEqual(['progression-game', 'sequence-game', 'sequence-shift-game', 'sequence-hunt-game', 'sequence-stacks-game', 'progression-session', 'camera']);
    expect(new Set(tables.map((t) => t.game))).toEqual(new Set(['progression', 'sequence', 'sequence-shift', 'sequence-hunt', 'sequence-stacks']));
    expect(tables.filter((t) => t.id !== 'camera').every((t) => t.source.includes(join('fixtures', 'dev')))).toBe(true);
    expect(tables.some((t) => t.source.includes('heldout'))).toBe(false);
  });

  it('a replayed Sequence game raises its two-chips warning (several-changes) with the rule it breaks', async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.server.url}/?table=sequence-game`);
    const warning = page.locator('[data-testid=warning][data-rule=several-changes]').first();
    await warning.waitFor({ timeout: 20_000 });
    expect(await warning.textContent()).toContain('2 spaces changed in one turn');
    expect(await warning.textContent()).toContain('On your turn: play one card from your hand');
    // The board it judges is on the page, chips and all.
    expect(await page.locator('.board .chip').count()).toBeGreaterThan(0);
    await page.close();
  });

  it("the Progression game ends on the final scores of its events.json", async () => {
    const page = await served.browser.newPage();
    await page.goto(`${served.server.url}/?table=progression-game`);
    await page.locator('[data-testid=status]', { hasText: 'ENDED' }).waitFor({ timeout: 20_000 });
    const scores = resultScores('progression');
    expect(scores.some((s) => s > 0)).toBe(true);
    for (const [i, score] of scores.entries()) expect(await page.locator(`[data-testid=score-${i}]`).textContent()).toBe(String(score));
    // Its illegal play was taken back, and the warning stays.
    expect(await page.locator('[data-testid=warning][data-rule=no-step-at-contact]').textContent()).toContain('TAKEN BACK');
    expect(await page.locator('[data-testid=source-kind]').textContent()).toBe('RECORDED TRUTH');
    await page.close();
  });
});
