// The arbiter's corrections on the dashboard, in a real browser: with the organiser token, a card
// clicked on the table picture is corrected by name (not by typing grid coordinates), a turn is
// merged with the next or given to another player, a warning dismissed with a reason. Each is
// logged, judged again at once, and answered in the referee's words; one that changes nothing
// says so. Hostile messages to the server are refused with one short line and change nothing.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serve, SKIP_BROWSER, tempDir, waitFor, type Served } from './rig.js';

const SESSION = join('fixtures', 'dev', 'progression-session');
const TABLE = 'progression-session-dev';
const TOKEN = 'organiser-secret';

interface View {
  status: string;
  turns: { player: number; legal: boolean; added: { card: string }[] }[];
  table: { card: string; row: number; col: number }[];
  warnings: { rule: string; standing: boolean; dismissed?: string }[];
  notices: string[];
}

describe.skipIf(SKIP_BROWSER)('dashboard: the organiser corrects a table', () => {
  let browser: Browser;
  let server: Served;
  let page: Page;
  const dir = tempDir();
  const view = async (): Promise<View> => (await (await fetch(`${server.url}/api/tables/${TABLE}`)).json()) as View;
  const toast = async (): Promise<string> => {
    const text = (await page.locator('[data-testid=toast]').textContent({ timeout: 10_000 })) ?? '';
    await page.locator('[data-testid=toast]').evaluate((el) => el.remove());
    return text;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    server = await serve(['--session', SESSION, '--truth', '--speed', '8', '--db', join(dir.path, 'events.sqlite'), '--token', TOKEN]);
    await waitFor('the replay to end', async () => (await view()).status === 'ended');
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/?table=${TABLE}&token=${TOKEN}`);
    await page.locator('[data-testid=turn]').first().waitFor();
  });
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
    dir.remove();
  });

  it('a card clicked on the table picture is corrected by its name, and the play judged again', async () => {
    const before = await view();
    expect(before.table.some((p) => p.card === '4-star-orange')).toBe(true);
    await page.locator('#layout [data-cell] [data-card="4-star-orange"]').click();
    await page.locator('[data-testid=correct-dialog]').waitFor();
    await page.fill('#correct-card', '4-star-violet');
    await page.click('[data-testid=correct-dialog] button[type=submit]');
    expect(await toast()).toMatch(/4-star-orange at \(1,1\) corrected to 4-star-violet by the organiser/);
    const after = await view();
    expect(after.table.some((p) => p.card === '4-star-violet')).toBe(true);
    expect(after.turns[1]!.added.map((p) => p.card)).toContain('4-star-violet');
    await page.locator('#layout [data-card="4-star-violet"]').waitFor();
  });

  it('a warning is dismissed with a reason: shown as dismissed, no longer standing', async () => {
    page.once('dialog', (dialog) => void dialog.accept('agreed at the table: a house rule'));
    await page.locator('[data-testid=warning][data-standing=true] button.dismiss').first().click();
    expect(await toast()).toMatch(/warning of turn 3 dismissed by the organiser: agreed at the table: a house rule/);
    const v = await view();
    expect(v.warnings.filter((w) => w.rule === 'no-step-at-contact').every((w) => !w.standing && w.dismissed === 'agreed at the table: a house rule')).toBe(true);
    await page.locator('[data-testid=warning][data-standing=false]', { hasText: 'DISMISSED' }).first().waitFor();
  });

  it('turns merged and given to another player; an action that changes nothing says so', async () => {
    const turns = (await view()).turns.length;
    await page.locator(`[data-testid=turn][data-index="${turns - 1}"] button[data-merge]`).click();
    expect(await toast()).toMatch(/^nothing merged: turn \d+ has no turn after it/);
    await page.locator('[data-testid=turn][data-index="0"] button[data-merge]').click();
    expect(await toast()).toMatch(/turn 1 and the turn after it merged into one by the organiser/);
    expect((await view()).turns).toHaveLength(turns - 1);
    await page.locator('[data-testid=turn][data-index="0"] select[data-assign]').selectOption('1');
    expect(await toast()).toMatch(/turn 1 given to Player 2 by the organiser/);
    expect((await view()).turns[0]!.player).toBe(1);
  });

  it('hostile messages are refused with one short line and change nothing', async () => {
    const socket = connect(server.url, { transports: ['websocket'] });
    const ask = (payload: unknown): Promise<{ ok: boolean; error?: string }> => socket.timeout(5000).emitWithAck('action', payload);
    const before = JSON.stringify((await view()).turns);
    // A card nested 5,000 deep is sent as raw Socket.IO text from the browser (the Node client's encoder recurses on it).
    const deep = await page.evaluate(
      ({ url, text }) =>
        new Promise<{ ok: boolean; error?: string }>((resolve, reject) => {
          const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
          ws.onmessage = (e) => {
            const data = String(e.data);
            if (data.startsWith('0')) ws.send('40');
            else if (data.startsWith('40')) ws.send(`421["action",${text}]`);
            else if (data.startsWith('431')) resolve((JSON.parse(data.slice(3)) as [{ ok: boolean; error?: string }])[0]);
          };
          ws.onerror = () => reject(new Error('websocket failed'));
        }),
      { url: server.url, text: `{"token":"${TOKEN}","table":"${TABLE}","type":"correct","row":0,"col":0,"card":${'['.repeat(5000)}"x"${']'.repeat(5000)}}` },
    );
    const answers = [
      deep,
      await ask({ token: TOKEN, table: TABLE, type: 'correct', row: 2 ** 53 + 1, col: 0, card: '1-circle-red' }),
      await ask({ token: TOKEN, table: TABLE, type: 'correct', row: 0, col: 0, card: 'x'.repeat(1_000_000) }),
      await ask({ token: TOKEN, table: TABLE, type: 'dismiss', turn: 1e9, rule: 'no-step-at-contact', reason: 'x' }),
      await ask({ token: TOKEN, table: TABLE, type: 'dismiss', turn: 0, rule: 'no-step-at-contact', reason: 'y'.repeat(100_000) }),
      await ask({ token: TOKEN, table: 'z'.repeat(100_000), type: 'undo' }),
    ];
    for (const a of answers) {
      expect(a.ok).toBe(false);
      expect(a.error!.length).toBeLessThanOrEqual(120);
      expect(a.error).not.toMatch(/\n/);
    }
    expect(JSON.stringify((await view()).turns)).toBe(before);
    socket.close();
    const res = await fetch(`${server.url}/api/tables/${'q'.repeat(5000)}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error.length).toBeLessThanOrEqual(80);
  });
});
