// A port that hangs up while bytes are still arriving must close. On Linux such a port reads
// 0 bytes for ever, and serialport alone reads again at once, never closing: the reader of a board
// that went away kept showing its last board as synced (a busy host is mid-read more often).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FirmwareHost } from '../../src/bridge/firmware-host.js';
import { SerialLink } from '../../src/bridge/link.js';
import { describeLive, WAIT_MS } from './live-rig.js';

/** Keeps this process busy for a moment, as a loaded host is when bytes come in. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describeLive('a serial link whose board goes away mid-stream', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('closes when the port hangs up while a busy host is still reading a burst', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqref-hang-up-'));
    const path = join(dir, 'board');
    const board = await FirmwareHost.start({ link: path, snapshotMs: 5000 });
    const link = new SerialLink({ path, retryMs: 60_000 });
    cleanups.push(async () => {
      await link.stop();
      await board.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    let bytes = 0;
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    let closed!: (reason: string) => void;
    const close = new Promise<string>((resolve) => (closed = resolve));
    await link.start({
      data: (chunk) => {
        bytes += chunk.length;
        busy(2);
      },
      opened: () => opened(),
      closed: (reason) => closed(reason),
      status: () => undefined,
      ended: () => undefined,
    });
    await open;
    // 60 kB of line noise ahead of a snapshot, and the cable pulled while it is still coming.
    board.send('fault garbage 60000', 'snapshot', 'wait 20', 'unplug 60000');
    let timer: NodeJS.Timeout | undefined;
    const reason = await Promise.race([close, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_MS)))]);
    clearTimeout(timer);
    expect(bytes).toBeGreaterThan(0);
    expect(reason, `the link did not close within ${WAIT_MS} ms of the board going away`).not.toBeNull();
  });
});
