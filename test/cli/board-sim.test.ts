// `seqref board-sim`: a board for people without one, read by `seqref board`.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildFirmwareHost } from '../../src/bridge/firmware-host.js';
import { InputError } from '../../src/errors.js';
import { seqref } from '../helpers/cli.js';
import { describeLive } from '../bridge/live-rig.js';
import { SeqrefProcess } from './board-process.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-board-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectOneLineError(args: string[], pattern: RegExp): void {
  const result = seqref(args);
  expect(result.status, result.stderr).toBe(2);
  expect(result.stderr).toMatch(/^seqref: [^\n]+\n$/);
  expect(result.stderr).toMatch(pattern);
}

describe('seqref board-sim on bad input', () => {
  it('says what is wrong, in one line, exit 2', () => {
    expectOneLineError(['board-sim'], /needs --link PATH/);
    expectOneLineError(['board-sim', '--link', join(dir, 'x'), '--faults', 'crc,boom'], /unknown fault "boom"/);
    expectOneLineError(['board-sim', '--link', join(dir, 'x'), '--interval', '5'], /--interval takes a whole number from 100/);
    expectOneLineError(['board-sim', '--link', join(dir, 'x'), '--teams', '4'], /--teams takes a whole number from 2 to 3/);
    expectOneLineError(['board-sim', '--link', join(dir, 'x'), '--log', 'a', '--script', 'b'], /not both/);
    expectOneLineError(['board-sim', '--link', join(dir, 'x'), '--log', join(dir, 'none.log')], /cannot read the serial log/);
  });

  it('names the bad line of a sensor script', () => {
    const script = join(dir, 'bad.script');
    writeFileSync(script, 'wait 10\nchip 1 2 X\n');
    expectOneLineError(['board-sim', '--link', join(dir, 'x'), '--script', script], /bad\.script line 2: chip takes ROW COL STATE/);
  });

  it('refuses to replace a file that is not a link', () => {
    const file = join(dir, 'precious.txt');
    writeFileSync(file, 'keep me');
    expectOneLineError(['board-sim', '--link', file, '--moves', '1', '--exit'], /exists and is not a symbolic link/);
    expect(existsSync(file)).toBe(true);
  });

  it('says in one line that make or g++ is missing when the firmware must be built', () => {
    expect(() => buildFirmwareHost({ make: 'no-such-make-seqref' })).toThrow(InputError);
    expect(() => buildFirmwareHost({ make: 'no-such-make-seqref' })).toThrow(/"no-such-make-seqref" is not installed/);
    // A make that always finds the binary out of date, so the compiler is needed.
    const make = join(dir, 'stale-make');
    writeFileSync(make, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    expect(() => buildFirmwareHost({ make, cxx: 'no-such-g++-seqref' })).toThrow(/builds the firmware with g\+\+, and "no-such-g\+\+-seqref" is not installed/);
  });
});

describeLive('seqref board-sim read by seqref board', () => {
  const running: SeqrefProcess[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.signal('SIGKILL')));
  });
  const start = (args: string[]): SeqrefProcess => {
    const p = new SeqrefProcess(args);
    running.push(p);
    return p;
  };

  it('plays a seeded game with faults, and the reader ends synced on the board the firmware holds', async () => {
    const link = join(dir, 'game');
    // The reader first, waiting for the port; the game does not wait for it, so it may still come
    // in late, and the board stays up (no --exit) until the reader has caught up.
    const reader = start(['board', '--port', link, '--json', '--wait', '--resync-ms', '100', '--retry-ms', '20']);
    await reader.until(() => /waiting for/.test(reader.stderr));
    const sim = start(['board-sim', '--link', link, '--seed', '4', '--moves', '12', '--interval', '100', '--faults', 'crc,flip,drop,dup,split,garbage,overlong', '--fault-every', '2', '--snapshot-ms', '300', '--json']);
    // Moves come on standard output, "stays up" on standard error: two pipes, read in no set order.
    await sim.until(() => /stays up/.test(sim.stderr) && sim.json().length >= 12, 20_000);
    const moves = sim.json();
    expect(moves.map((m) => m.move)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(sim.stderr).toMatch(/move 12\/12/);
    const truth = JSON.stringify(moves.at(-1)!.board);
    // (On a loaded machine a snapshot may take several tries through the faults: measured past 10 s once.)
    await reader.until(() => reader.json().some((v) => v.synced === true && JSON.stringify(v.board) === truth), 20_000);
    // Nothing invented: every board the reader called synced is one the firmware held, before the
    // first move or after one (a move is one debounced change).
    const held = new Set([JSON.stringify(Array(10).fill('..........')), ...moves.map((m) => JSON.stringify(m.board))]);
    const synced = reader.json().filter((v) => v.synced === true);
    expect(synced.filter((v) => !held.has(JSON.stringify(v.board)))).toEqual([]);
    expect(await sim.signal('SIGTERM')).toBe(0);
    expect(existsSync(link)).toBe(false);
    // The board gone, the reader says it no longer knows the board.
    await reader.until(() => reader.json().at(-1)?.synced === false);
    expect(await reader.signal('SIGTERM')).toBe(0);
  }, 60_000);

  it('exits 0 by itself with --exit once its game is over, and removes its link', async () => {
    const link = join(dir, 'short');
    const sim = start(['board-sim', '--link', link, '--seed', '2', '--moves', '2', '--interval', '100', '--json', '--exit']);
    expect(await sim.exited).toBe(0);
    expect(sim.json().map((m) => m.move)).toEqual([1, 2]);
    expect(existsSync(link)).toBe(false);
  });

  it('stays up after its game until SIGTERM, then exits 0 and removes its link', async () => {
    const link = join(dir, 'idle');
    const sim = start(['board-sim', '--link', link, '--seed', '2', '--moves', '2', '--interval', '100']);
    await sim.until(() => /stays up/.test(sim.stderr));
    expect(existsSync(link)).toBe(true);
    expect(await sim.signal('SIGTERM')).toBe(0);
    expect(existsSync(link)).toBe(false);
  });

  it('replays a recorded log on its port', async () => {
    const link = join(dir, 'replay');
    const sim = start(['board-sim', '--link', link, '--log', 'fixtures/serial/faulty-game.log']);
    await sim.until(() => /a board is on/.test(sim.stderr));
    // The replay starts when the reader opens the port, however long the reader takes to start.
    const reader = start(['board', '--port', link, '--json', '--retry-ms', '20', '--resync-ms', '100']);
    await sim.until(() => /replayed/.test(sim.stderr), 20_000);
    await reader.until(() => reader.json().some((v) => v.synced === true && (v.board as string[])[2] === 'GG........'));
    expect(await sim.signal('SIGINT')).toBe(0);
    expect(await reader.signal('SIGINT')).toBe(0);
  });
});

