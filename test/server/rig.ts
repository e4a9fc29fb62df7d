// The browser test rig: the built `seqref serve` in a child process, and Debian's Chromium driven
// by playwright-core. Without Chromium the tests skip locally and FAIL under CI=true.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SEQREF } from '../helpers/cli.js';

export const CHROMIUM = process.env.SEQREF_CHROMIUM ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** Under CI a missing browser is a failure, not a skip. */
export const SKIP_BROWSER = !HAVE_CHROMIUM && process.env.CI !== 'true';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];

export async function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  if (!HAVE_CHROMIUM) throw new Error(`Chromium is not installed at ${CHROMIUM} (apt-get install chromium); the browser tests need it`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extra] });
}

export interface Served {
  readonly url: string;
  readonly process: ChildProcess;
  readonly output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `seqref serve --port 0 --host 127.0.0.1 ARGS` and resolves with its URL. */
export function serve(args: readonly string[]): Promise<Served> {
  const child = spawn(process.execPath, [SEQREF, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`seqref serve did not start: ${out}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      const match = /dashboard at (https?:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          process: child,
          output: () => out,
          stop: (signal = 'SIGTERM') =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill(signal);
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`seqref serve exited ${code}: ${out}`));
    });
  });
}

export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'seqref-serve-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function tableSummary(url: string, id: string): Promise<{ turns: number; scores: number[]; status: string; warnings: number } | null> {
  const res = await fetch(`${url}/api/tables`);
  const list = (await res.json()) as { id: string; turns: number; scores: number[]; status: string; warnings: number }[];
  return list.find((t) => t.id === id) ?? null;
}

/**
 * For a describe block: Chromium and `seqref serve ARGS` (given the block's own temp folder, for
 * its --db), started before its tests and stopped after them.
 */
export function servedWithBrowser(args: (dir: string) => readonly string[]): { readonly browser: Browser; readonly server: Served; readonly dir: string } {
  const dir = tempDir();
  let browser: Browser | undefined;
  let server: Served | undefined;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchChromium(), serve(args(dir.path))]);
  });
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
    dir.remove();
  });
  return {
    get browser() {
      return browser!;
    },
    get server() {
      return server!;
    },
    dir: dir.path,
  };
}
