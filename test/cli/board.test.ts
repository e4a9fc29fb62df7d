// `seqref board` (contracts section 5), run as a user runs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FirmwareHost } from '../../src/bridge/firmware-host.js';
import { seqref } from '../helpers/cli.js';
import { cellsWith, describeLive, FAST_BOARD } from '../bridge/live-rig.js';
import { SeqrefProcess } from './board-process.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-board-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FIXTURE = 'fixtures/serial/faulty-game.log';

function expectOneLineError(args: string[], pattern: RegExp): void {
  const result = seqref(args);
  expect(result.status, result.stderr).toBe(2);
  expect(result.stderr).toMatch(/^seqref: [^\n]+\n$/);
  expect(result.stderr).toMatch(pattern);
}

/** A line as contracts section 5 writes it. */
function expectContractLine(line: Record<string, unknown>): void {
  expect(Object.keys(line).sort()).toEqual(['board', 'synced', 't_ms']);
  expect(typeof line.t_ms).toBe('number');
  expect(typeof line.synced).toBe('boolean');
  expect(line.board).toHaveLength(10);
  for (const row of line.board as string[]) expect(row).toMatch(/^[.GBR]{10}$/);
}

describe('seqref board on bad input', () => {
  it('says what is missing, in one line, exit 2', () => {
    expectOneLineError(['board'], /needs --port PATH/);
    expectOneLineError(['board', '--port'], /--port needs a value/);
    expectOneLineError(['board', '--port', 'x', '--baud', 'fast'], /--baud takes a number/);
    expectOneLineError(['board', '--port', 'x', '--baud', '0'], /--baud takes a whole number from 1/);
    expectOneLineError(['board', '--port', 'x', '--colour'], /board does not take "--colour"/);
    expectOneLineError(['board', '--port', 'x', '--replay', FIXTURE], /needs --port PATH \(or --replay FILE\)/);
    expectOneLineError(['board', '--replay', join(dir, 'none.log')], /cannot read the serial log/);
  });

  it('names a port that is not there, and why it cannot list the others', () => {
    const udevadm = spawnSync('udevadm', ['--version']).error === undefined;
    expectOneLineError(['board', '--port', join(dir, 'ttyNONE')], udevadm ? /no serial port at .*ttyNONE/ : /no serial port at .*ttyNONE; cannot list serial ports: udevadm is missing/);
  });

  it('refuses a file that is not a serial port', () => {
    const file = join(dir, 'plain.txt');
    writeFileSync(file, 'not a port');
    expectOneLineError(['board', '--port', file], /is not a serial port/);
  });

  it('lists ports, or says in one line why it cannot, and goes on', () => {
    const result = seqref(['board', '--list']);
    expect(result.status).toBe(0);
    if (spawnSync('udevadm', ['--version']).error) expect(result.stderr).toBe('seqref board: cannot list serial ports: udevadm is missing (install udev, or name the port with --port)\n');
  });

  it('explains itself with --help', () => {
    const result = seqref(['board', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--port PATH');
    expect(seqref(['--help']).stdout).toContain('seqref board --port PATH');
  });
});

describe('seqref board --replay', () => {
  it('replays a recorded session with lost frames and a lost link to the board it ended on', () => {
    const result = seqref(['board', '--replay', FIXTURE, '--speed', '0', '--json']);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    lines.forEach(expectContractLine);
    expect(lines.filter((line) => line.synced === false).length).toBeGreaterThanOrEqual(3);
    const lastSynced = lines.filter((line) => line.synced === true).at(-1)!;
    // The true board at the end of that game (board-sim --seed 17 --moves 16), as its firmware printed it.
    expect(lastSynced.board).toEqual(['....B.....', '..........', 'GG........', '.B........', 'B.......G.', '....B.....', 'G..G..B.G.', '....B.....', '..........', '..........']);
    expect(result.stderr).toMatch(/lost 1 frame/);
  });
});

describeLive('seqref board reading the host-built firmware', () => {
  const running: Array<{ stop: () => Promise<unknown> }> = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((thing) => thing.stop()));
  });

  async function boardAndCommand(extra: string[] = []): Promise<{ board: FirmwareHost; command: SeqrefProcess; link: string }> {
    const link = join(dir, `board-${Math.random().toString(36).slice(2)}`);
    const board = await FirmwareHost.start({ ...FAST_BOARD, link });
    running.push(board);
    const command = new SeqrefProcess(['board', '--port', link, '--json', '--silence-ms', '800', '--resync-ms', '100', '--retry-ms', '20', ...extra]);
    running.push({ stop: () => command.signal('SIGKILL') });
    return { board, command, link };
  }

  it('prints one contract line per change, survives an unplug, and exits 0 on SIGTERM', async () => {
    const { board, command } = await boardAndCommand();
    await command.until(() => command.json().some((line) => line.synced === true));
    board.send('chip 2 2 G', 'wait 20', 'unplug 200', 'wait 40', 'chip 7 7 B', 'wait 250', 'chip 3 3 R', 'wait 30');
    const truth = await board.truth();
    expect(truth.cells).toBe(cellsWith('2,2,G', '7,7,B', '3,3,R'));
    const want = ['..........', '..........', '..G.......', '...R......', '..........', '..........', '..........', '.......B..', '..........', '..........'];
    await command.until(() => {
      const last = command.json().at(-1);
      return last?.synced === true && JSON.stringify(last.board) === JSON.stringify(want);
    });
    expect(await command.signal('SIGTERM')).toBe(0);
    const lines = command.json();
    lines.forEach(expectContractLine);
    expect(lines.some((line) => line.synced === false)).toBe(true);
    const times = lines.map((line) => line.t_ms as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(command.stderr).toMatch(/link lost/);
  });

  it('exits 0 on SIGINT', async () => {
    const { command } = await boardAndCommand(['--no-leds']);
    await command.until(() => command.json().some((line) => line.synced === true));
    expect(await command.signal('SIGINT')).toBe(0);
  });

  it('waits for a port that is not there yet with --wait', async () => {
    const link = join(dir, 'late-board');
    const command = new SeqrefProcess(['board', '--port', link, '--json', '--wait', '--retry-ms', '20']);
    running.push({ stop: () => command.signal('SIGKILL') });
    await command.until(() => /waiting for/.test(command.stderr));
    const board = await FirmwareHost.start({ ...FAST_BOARD, link });
    running.push(board);
    await command.until(() => command.json().some((line) => line.synced === true));
    expect(await command.signal('SIGTERM')).toBe(0);
  });
});

