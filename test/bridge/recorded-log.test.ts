// A recorded session and a live port are one interface: replaying what was recorded shows the
// same boards the live bridge showed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { type BoardView } from '../../src/bridge/board-model.js';
import { BoardBridge } from '../../src/bridge/bridge.js';
import { LogLink } from '../../src/bridge/link.js';
import { readSerialLog, SerialLogWriter } from '../../src/bridge/serial-log.js';
import { describeLive, printed, useRigs } from './live-rig.js';

describeLive('recorded serial logs', () => {
  const rig = useRigs();

  it('replay to the same views the live bridge showed, faults and all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqref-record-'));
    const path = join(dir, 'session.log');
    const r = await rig({}, { record: new SerialLogWriter(path) });
    r.board.send('chip 1 1 G', 'wait 20', 'fault crc', 'chip 1 2 B', 'wait 20', 'fault garbage 50', 'chip 1 3 R', 'wait 20', 'fault drop', 'chip 1 4 G', 'wait 20', 'chip 1 5 B');
    await r.settle();
    r.board.send('unplug 100', 'wait 20', 'chip 6 6 G');
    await r.lines((lines) => printed(lines, 'plugged ') === 1);
    await r.settle();
    await r.bridge.stop();
    const live = r.views.map(({ cells, synced }) => ({ cells, synced }));

    const entries = readSerialLog(path);
    expect(entries.some((entry) => entry.direction === '>' && entry.bytes.toString() === '$Q*B0\r\n')).toBe(true);
    const replayed: BoardView[] = [];
    const replay = new BoardBridge(new LogLink({ path, speed: 0 }));
    replay.on('view', (view) => replayed.push(view));
    await replay.start();
    await replay.stop();
    expect(replayed.map(({ cells, synced }) => ({ cells, synced }))).toEqual(live);
    expect(replay.stats().badCrc).toBe(1);
    expect(replayed.filter((view) => !view.synced).length).toBeGreaterThanOrEqual(2);
    rmSync(dir, { recursive: true, force: true });
  });
});
