// A phone on the network as a table's camera: a browser lets only a secure page use a camera, and
// a phone reaches the server by a name or address other than localhost. Served with --https (a
// certificate made for this machine, kept beside the log and reused), the camera page at such a
// name sends frames the server reads; over plain http there it says at once what to do instead.
import { readFileSync } from 'node:fs';
import { get } from 'node:https';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serve, SKIP_BROWSER, tempDir, waitFor } from './rig.js';

/** A name for this machine that is not localhost, as a phone would use (Chromium maps it to loopback). */
const NETWORK_NAME = 'seqref-table.test';

/** GET `url` trusting only `ca`: the certificate must name the host. */
function getTrusting(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => get(url, { ca }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', reject));
}

describe.skipIf(SKIP_BROWSER)('the camera page from a phone on the network', () => {
  let browser: Browser;
  const dir = tempDir();

  beforeAll(async () => {
    browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--host-resolver-rules=MAP ${NETWORK_NAME} 127.0.0.1`]);
  });
  afterAll(async () => {
    await browser?.close();
    dir.remove();
  });

  it('over --https: a certificate for this machine, kept and reused, and the camera sends frames', async () => {
    const args = ['--https', '--camera', 'browser', '--db', join(dir.path, 'events.sqlite'), '--token', 't'];
    const server = await serve(args);
    let cert: string;
    try {
      expect(server.url).toMatch(/^https:\/\/localhost:\d+$/);
      cert = readFileSync(join(dir.path, 'self-signed-cert.pem'), 'utf8');
      expect(await getTrusting(`${server.url}/capture`, cert)).toBe(200);
      const port = new URL(server.url).port;
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(`https://${NETWORK_NAME}:${port}/capture?table=camera&auto=1`);
      expect(await page.evaluate('window.isSecureContext')).toBe(true);
      await waitFor('frames read by the server', async () => /([1-9]\d*) read/.test((await page.locator('[data-testid=capture-stats]').textContent()) ?? ''));
      await context.close();
    } finally {
      await server.stop();
    }
    const again = await serve(args);
    try {
      expect(readFileSync(join(dir.path, 'self-signed-cert.pem'), 'utf8')).toBe(cert);
      await waitFor('the HTTPS line', async () => /HTTPS with .*self-signed-cert\.pem \(self-signed\)\n/.test(again.output()));
    } finally {
      await again.stop();
    }
  });

  it('over plain http at a network name: says that the camera needs --https, and does not start', async () => {
    const server = await serve(['--camera', 'browser', '--db', join(dir.path, 'plain.sqlite'), '--token', 't']);
    try {
      const page = await browser.newPage();
      await page.goto(`http://${NETWORK_NAME}:${new URL(server.url).port}/capture`);
      expect(await page.evaluate('window.isSecureContext')).toBe(false);
      expect(await page.locator('[data-testid=capture-status]').textContent()).toMatch(/only over https .*seqref serve --https/);
      expect(await page.locator('#start').isDisabled()).toBe(true);
      await page.close();
    } finally {
      await server.stop();
    }
  });

  it('refuses a certificate without its key in one line', async () => {
    const result = await serve(['--cert', join(dir.path, 'self-signed-cert.pem'), '--camera', 'browser', '--db', join(dir.path, 'x.sqlite')]).catch((error: Error) => error);
    expect(result).toBeInstanceOf(Error);
    expect((result as Error).message).toMatch(/seqref: --cert and --key come together/);
  });
});
