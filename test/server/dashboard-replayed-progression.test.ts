// The dashboard in a real browser, replaying the bundled recorded Progression session: final
// scores, the warning of the deliberately illegal last play, and organiser actions refused
// without the token.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serve, SKIP_BROWSER, tableSummary, tempDir, waitFor, type Served } from './rig.js';

const SESSION = join('fixtures', 'dev', 'progression-session');
const TABLE = 'progression-session-dev';

/** The scores the recording's own events give (the engine's truth when it was rendered). */
function expectedScores(): number[] {
  const log = JSON.parse(readFileSync(join(SESSION, 'events.json'), 'utf8')) as { events: { events: { kind: string; player: number; points: number }[] }[] };
  const scores = [0, 0];
  for (const e of log.events.flatMap((x) => x.events)) if (e.kind === 'play') scores[e.player - 1]! += e.points;
  return scores;
}

describe.skipIf(SKIP_BROWSER)('dashboard: a replayed Progression game', () => {
  let browser: Browser;
  let server: Served;
  const dir = tempDir();

  beforeAll(async () => {
    browser = await launchChromium();
    server = await serve(['--session', SESSION, '--truth', '--speed', '4', '--db', join(dir.path, 'events.sqlite'), '--token', 'organiser-secret']);
  });
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
    dir.remove();
  });

  it('shows the right final scores once the recording ends', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?table=${TABLE}`);
    await page.locator('[data-testid=status]', { hasText: 'ENDED' }).waitFor({ timeout: 20_000 });
    const scores = expectedScores();
    expect(scores.some((s) => s > 0)).toBe(true);
    for (const [i, score] of scores.entries()) expect(await page.locator(`[data-testid=score-${i}]`).textContent()).toBe(String(score));
    expect(await page.locator('[data-testid=turn-count]').textContent()).toBe('3 turns');
    // Honest about where the cards came from: --truth reads the recording's own positions.
    expect(await page.locator('[data-testid=source-kind]').textContent()).toBe('RECORDED TRUTH');
    await page.close();
  });

  it('a replayed illegal play raises its warning, with the rule sentence it breaks', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/?table=${TABLE}`);
    const warning = page.locator('[data-testid=warning][data-rule=no-step-at-contact]').first();
    await warning.waitFor({ timeout: 20_000 });
    expect(await warning.textContent()).toContain('2-circle-violet');
    expect(await warning.textContent()).toContain('Every edge-to-edge connection created by the newly played cards');
    await page.close();
  });

  it('an organiser action without the token is refused, and the table is unchanged', async () => {
    await waitFor('the replay to end', async () => (await tableSummary(server.url, TABLE))?.status === 'ended');
    const page = await browser.newPage();
    await page.goto(`${server.url}/organiser`);
    const card = page.locator(`[data-testid=table-${TABLE}]`);
    await card.waitFor();
    await card.locator('button[data-act=undo]').click();
    await expect(page.locator('[data-testid=toast]').textContent()).resolves.toMatch(/refused|token/);
    expect((await tableSummary(server.url, TABLE))!.turns).toBe(3);
    await page.close();

    // The same over a raw socket: a wrong token, then malformed messages, each answered; then the right token works.
    const socket = connect(server.url, { transports: ['websocket'] });
    const ask = (event: string, payload: unknown): Promise<{ ok: boolean; error?: string }> => socket.timeout(5000).emitWithAck(event, payload);
    expect(await ask('action', { token: 'guess', table: TABLE, type: 'undo' })).toMatchObject({ ok: false, error: expect.stringMatching(/token/) });
    expect(await ask('action', 'undo')).toMatchObject({ ok: false });
    expect(await ask('action', { token: 'organiser-secret', table: TABLE, type: 'correct', row: 'x', col: 0, card: 'zzz' })).toMatchObject({ ok: false, error: expect.stringMatching(/row/) });
    expect(await ask('capture:frame', { table: TABLE, jpeg: 'not binary' })).toMatchObject({ ok: false, error: expect.stringMatching(/binary/) });
    expect(await ask('capture:frame', { table: TABLE, jpeg: Buffer.from('GIF89a-not-a-jpeg') })).toMatchObject({ ok: false, error: expect.stringMatching(/JPEG/) });
    expect((await tableSummary(server.url, TABLE))!.turns).toBe(3);
    expect(await ask('action', { token: 'organiser-secret', table: TABLE, type: 'undo' })).toEqual({ ok: true, changed: true, message: 'turn 3 undone by the organiser' });
    expect((await tableSummary(server.url, TABLE))!.turns).toBe(2);
    socket.close();
  });
});
