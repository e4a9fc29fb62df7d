// An event from its pairing list to its results, in a real browser: `seqref serve --event FILE`
// names each table's players from the round in play, a replayed game that ends becomes its
// pairing's result (on /event, in the standings and in the results CSV), the organiser renames a
// player, records a result by hand and starts the next round, and a restart keeps all of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seqref } from '../helpers/cli.js';
import { launchChromium, serve, SKIP_BROWSER, tempDir, waitFor } from './rig.js';

const PROGRESSION = join('fixtures', 'dev', 'progression-game');
const HUNT = join('fixtures', 'dev', 'sequence-hunt-game');
const TOKEN = 'organiser-secret';

/** How the recording's own events end the game: the winners' seats and the scores. */
function recordedResult(dir: string): { winners: number[]; scores: number[] } {
  const log = JSON.parse(readFileSync(join(dir, 'events.json'), 'utf8')) as { events: { events: { kind: string; winners?: number[]; scores?: number[] }[] }[] };
  const result = log.events.flatMap((s) => s.events).find((e) => e.kind === 'result')!;
  return { winners: result.winners!, scores: result.scores! };
}

const PAIRINGS = `# event: Tuesday league
round,table,player 1,player 2
1,1,Ana,Ben
1,2,Cleo,Dan
2,1,Ben,Cleo
2,2,"Dan, Jr.",Ana
`;

describe.skipIf(SKIP_BROWSER)('an event: pairings in, results out', () => {
  let browser: Browser;
  const dir = tempDir();
  const file = join(dir.path, 'league.csv');
  const args = ['--session', PROGRESSION, '--session', HUNT, '--event', file, '--truth', '--speed', '12', '--db', join(dir.path, 'events.sqlite'), '--token', TOKEN];

  beforeAll(async () => {
    writeFileSync(file, PAIRINGS);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    dir.remove();
  });

  it('names the players, records the game that ends, takes the organiser\'s edits and keeps them over a restart', async () => {
    const progression = recordedResult(PROGRESSION);
    const names = ['Ana', 'Ben'];
    const winner = progression.winners.map((w) => names[w]).join(' and ');
    const server = await serve(args);
    try {
      await waitFor('the event line', async () => /event "Tuesday league" at .*\/event: 4 pairings, round 1 in play/.test(server.output()));
      const table = await browser.newPage();
      await table.goto(`${server.url}/table/progression-game-dev`);
      await expect.poll(() => table.locator('[data-testid=players]').textContent(), { timeout: 10_000 }).toBe('Round 1 · Ana vs Ben');
      expect(await table.locator('[data-testid=player-0]').textContent()).toContain('Ana');

      // The replayed game ends: its result is the pairing's, with the recording's winner and scores.
      const event = await browser.newPage();
      await event.goto(`${server.url}/event`);
      await expect.poll(() => event.locator('[data-testid=event-name]').textContent()).toBe('Tuesday league');
      const firstResult = event.locator('[data-testid=round-1] [data-testid=pairing]').first().locator('[data-testid=result]');
      await expect.poll(() => firstResult.textContent(), { timeout: 30_000 }).toContain(`${winner} won`);
      expect(await firstResult.textContent()).toContain(progression.scores.join(' – '));
      const csv = await (await fetch(`${server.url}/api/event/results.csv`)).text();
      const line = csv.split('\r\n').find((l) => l.startsWith('1,1,'))!;
      expect(line).toContain(`progression,Ana,Ben,${winner},${progression.scores.join('-')},points`);
      expect(line).toMatch(/,referee,round-1-table-1$/);
      // The game is kept: its page steps through it, and its record says the same result.
      const kept = (await (await fetch(`${server.url}/api/games/round-1-table-1`)).json()) as { winner: string; turns: { scores: number[] }[] };
      expect(kept.winner).toBe(winner);
      expect(kept.turns.at(-1)!.scores).toEqual(progression.scores);

      // The table's own page lists it among the games kept there.
      await expect.poll(() => table.locator('[data-testid=kept-games]').textContent()).toBe(`Games kept at this table: round 1: Ana vs Ben, ${winner} won`);

      // The organiser renames a player of table 2 and records its result by hand.
      const organiser = await browser.newPage();
      await organiser.goto(`${server.url}/organiser?token=${TOKEN}`);
      const dan = organiser.getByLabel('Round 1, table 2, seat 2');
      await dan.fill('Dana');
      await organiser.locator('[data-testid=save-pairings]').click();
      await expect.poll(() => organiser.locator('[data-testid=toast]').textContent()).toBe('4 pairings saved');
      await table.locator('[data-testid=table-picker]').selectOption('sequence-hunt-game-dev');
      await expect.poll(() => table.locator('[data-testid=players]').textContent(), { timeout: 10_000 }).toBe('Round 1 · Cleo vs Dana');
      await organiser.getByLabel('Result of round 1, table 2').selectOption({ label: 'Cleo won' });
      await expect.poll(() => organiser.locator('[data-testid=toast]').textContent()).toBe('round 1, table 2: Cleo won');

      // The standings: the two winners share first place; everyone paired is listed.
      await expect.poll(async () => (await event.locator('[data-testid=standing]').allTextContents()).length).toBe(5);
      const rows = await event.locator('[data-testid=standing]').allTextContents();
      expect(rows.filter((r) => r.startsWith('1')).map((r) => r.replace(/^1/, '').match(/^\D+/)![0]).sort()).toEqual(['Cleo', winner].sort());
      const byHand = (await (await fetch(`${server.url}/api/event/results.csv`)).text()).split('\r\n').find((l) => l.startsWith('1,2,'))!;
      expect(byHand).toMatch(/^1,2,sequence-hunt,Cleo,Dana,Cleo,.*,organiser,$/);

      // The next round: the tables' players change at once.
      await organiser.locator('[data-testid=round-input]').fill('2');
      await organiser.locator('[data-testid=round-set]').click();
      await expect.poll(() => table.locator('[data-testid=players]').textContent(), { timeout: 10_000 }).toBe('Round 2 · Dan, Jr. vs Ana');
    } finally {
      await server.stop();
    }

    // A restart on the same log and file: the edits, the round and the results are all there.
    const again = await serve(args);
    try {
      const event = await waitFor('the event', async () => {
        const e = (await (await fetch(`${again.url}/api/event`)).json()) as { round: number; results: { table: string; by: string }[]; pairings: { players: string[] }[] };
        return e.round === 2 ? e : null;
      });
      expect(event.results.map((r) => `${r.table}:${r.by}`).sort()).toEqual(['1:referee', '2:organiser']);
      expect(event.pairings.flatMap((p) => p.players)).toContain('Dana');
    } finally {
      await again.stop();
    }
  }, 90_000);

  it('refuses organiser edits without the token, and a pairing list the tables cannot seat', async () => {
    const server = await serve(args);
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/organiser`);
      await page.locator('[data-testid=round-input]').fill('1');
      await page.locator('[data-testid=round-set]').click();
      await expect.poll(() => page.locator('[data-testid=toast]').textContent()).toMatch(/token/);
      await page.fill('#token', TOKEN);
      await page.locator('[data-testid=event-editor] summary').click();
      await page.locator('[data-testid=pairings-csv]').fill('round,table,player 1,player 2,player 3\n1,1,Ana,Ben,Cleo\n');
      await page.locator('[data-testid=load-csv]').click();
      await expect.poll(() => page.locator('[data-testid=toast]').textContent()).toBe('the pasted list: round 1, table 1: table 1 (progression-game-dev, progression) seats 2, the pairing names 3');
      await page.close();
    } finally {
      await server.stop();
    }
  });
});

describe('seqref serve --event: a bad pairing list is one line, exit 2', () => {
  const dir = tempDir();
  afterAll(() => dir.remove());
  const cases: [string, string, RegExp][] = [
    ['no table', 'round,table,player 1,player 2\n1,9,Ana,Ben\n', /^seqref: bad\.csv: round 1, table 9: no table "9" \(tables 1-1, or their ids\)\n$/],
    ['a name twice in a round', 'round,table,player 1,player 2\n1,1,Ana,Ben\n1,2,Ana,Cleo\n', /^seqref: bad\.csv line 3: "Ana" already plays at table 1 in round 1 \(line 2\)\n$/],
    ['no such file', '', /^seqref: --event .*missing\.csv: cannot read it \(ENOENT\)\n$/],
    ['one table by number and by id', 'round,table,player 1,player 2\n1,1,Ana,Ben\n1,progression-game-dev,Cleo,Dan\n', /^seqref: bad\.csv: round 1, table progression-game-dev: table 1 is paired twice in round 1 \(as "1" and "progression-game-dev"\)\n$/],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => {
      const file = join(dir.path, text ? 'bad.csv' : 'missing.csv');
      if (text) writeFileSync(file, text);
      const result = seqref(['serve', '--session', PROGRESSION, '--truth', '--event', file, '--port', '0', '--db', join(dir.path, 'e.sqlite')]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(message);
    });
  }
});
