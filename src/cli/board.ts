// `seqref board`: read an electronic Sequence board (contracts section 5).
import { type BoardView } from '../bridge/board-model.js';
import { BoardBridge } from '../bridge/bridge.js';
import { type Link, listPorts, LogLink, SerialLink } from '../bridge/link.js';
import { boardRows } from '../bridge/protocol.js';
import { SerialLogWriter } from '../bridge/serial-log.js';
import { InputError } from '../errors.js';

export const BOARD_USAGE = `Usage: seqref board --port PATH [--baud N] [--json] [options]
       seqref board --replay FILE [--speed X] [--json]
       seqref board --list

Reads an electronic Sequence board and prints the board each time the view of it changes: with
--json one object a line, { "t_ms": 1234, "board": [10 rows], "synced": true }, else a picture.
"synced" is false from a detected loss (lost frames, a lost port, a silent board) until the next
snapshot. It survives the port going away and coming back, and exits 0 on Ctrl-C or SIGTERM.

  --port PATH        the board's serial port (/dev/ttyACM0, /dev/ttyUSB0, or a board-sim --link)
  --baud N           115200 unless told
  --json             one JSON object a line on standard output
  --wait             wait for the port to appear instead of failing
  --record FILE      write every byte read and written to a serial log
  --replay FILE      read a recorded serial log instead of a port
  --speed X          replay pace: 1 as recorded (default), 0 as fast as possible
  --no-leds          send no LED commands (completed sequences, faulty spaces)
  --silence-ms N     a board silent this long has stopped talking (default 12000)
  --resync-ms N      while not synced, ask again for a snapshot this often (default 1000)
  --retry-ms N       first wait before reopening a lost port, doubling up to 5 s (default 250)
  --list             list serial ports

Lost links, lost frames, board faults and button presses are reported on standard error.`;

type FlagKind = 'string' | 'number' | 'boolean';

/** Parses --flag value / --flag; every problem is one InputError line naming the flag. */
export function parseFlags(command: string, args: readonly string[], spec: Readonly<Record<string, FlagKind>>): Map<string, string | number | true> {
  const flags = new Map<string, string | number | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = arg.replace(/^--/, '');
    const kind = arg.startsWith('--') ? spec[name] : undefined;
    if (!kind) throw new InputError(`${command} does not take "${arg}"; see seqref ${command} --help`);
    if (flags.has(name)) throw new InputError(`${arg} is given twice`);
    if (kind === 'boolean') {
      flags.set(name, true);
      continue;
    }
    const value = args[++i];
    if (value === undefined || value.startsWith('--')) throw new InputError(`${arg} needs a value; see seqref ${command} --help`);
    if (kind === 'number') {
      if (!/^\d+(\.\d+)?$/.test(value)) throw new InputError(`${arg} takes a number, not "${value}"`);
      flags.set(name, Number(value));
    } else {
      flags.set(name, value);
    }
  }
  return flags;
}

export function wholeNumber(flags: Map<string, string | number | true>, name: string, fallback: number, min: number, max: number): number {
  const value = flags.get(name) ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`--${name} takes a whole number from ${min} to ${max}, not "${String(value)}"`);
  }
  return value;
}

/** Resolves on the first SIGINT or SIGTERM (and then stops listening for them). */
export function untilSignal(): { promise: Promise<NodeJS.Signals>; cancel: () => void } {
  let cancel = (): void => undefined;
  const promise = new Promise<NodeJS.Signals>((resolve) => {
    const on = (signal: NodeJS.Signals): void => {
      cancel();
      resolve(signal);
    };
    const onInt = (): void => on('SIGINT');
    const onTerm = (): void => on('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    cancel = () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    };
  });
  return { promise, cancel };
}

/** Resolves when standard output is closed by its reader (`seqref board --json | head`). */
export function untilOutputClosed(): Promise<void> {
  return new Promise((resolve) => {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') resolve();
    });
  });
}

function picture(view: BoardView, tMs: number): string {
  const rows = boardRows(view.cells).map((row, r) => `${r}  ${[...row].join(' ')}`);
  const state = view.synced ? 'synced' : 'NOT SYNCED (last known board)';
  return `t=${(tMs / 1000).toFixed(3)} s  ${state}\n   0 1 2 3 4 5 6 7 8 9\n${rows.join('\n')}\n`;
}

export async function runBoard(args: readonly string[]): Promise<number> {
  const flags = parseFlags('board', args, {
    port: 'string', baud: 'number', json: 'boolean', wait: 'boolean', record: 'string', replay: 'string',
    speed: 'number', 'no-leds': 'boolean', 'silence-ms': 'number', 'resync-ms': 'number', 'retry-ms': 'number',
    list: 'boolean',
  });
  const say = (message: string): void => void process.stderr.write(`seqref board: ${message}\n`);
  if (flags.has('list')) {
    const { ports, problem } = await listPorts();
    if (problem) say(problem);
    for (const port of ports) process.stdout.write(`${port}\n`);
    return 0;
  }
  const port = flags.get('port') as string | undefined;
  const replay = flags.get('replay') as string | undefined;
  if ((port === undefined) === (replay === undefined)) throw new InputError('board needs --port PATH (or --replay FILE); see seqref board --help');
  const baudRate = wholeNumber(flags, 'baud', 115200, 1, 4_000_000);
  const silenceMs = wholeNumber(flags, 'silence-ms', 12_000, 10, 3_600_000);
  const resyncMs = wholeNumber(flags, 'resync-ms', 1000, 10, 600_000);
  const retryMs = wholeNumber(flags, 'retry-ms', 250, 1, 600_000);
  const speed = (flags.get('speed') as number | undefined) ?? 1;
  const link: Link = replay !== undefined
    ? new LogLink({ path: replay, speed })
    : new SerialLink({ path: port!, baudRate, retryMs, waitForPort: flags.has('wait') });
  const record = typeof flags.get('record') === 'string' ? new SerialLogWriter(flags.get('record') as string) : undefined;
  const bridge = new BoardBridge(link, { silenceMs, resyncMs, leds: !flags.has('no-leds'), ...(record ? { record } : {}) });
  const json = flags.has('json');
  bridge.on('view', (view, tMs) => {
    process.stdout.write(json
      ? `${JSON.stringify({ t_ms: Math.round(tMs), board: boardRows(view.cells), synced: view.synced })}\n`
      : picture(view, tMs));
  });
  bridge.on('status', say);
  bridge.on('button', (button) => say(`button ${button} pressed`));
  bridge.on('fault', (code, text) => say(`the board reports a fault: ${code} ${text}`));
  const signal = untilSignal();
  const ended = new Promise<void>((resolve) => bridge.once('ended', resolve));
  try {
    await bridge.start();
  } catch (error) {
    signal.cancel();
    record?.close();
    if (error instanceof InputError && /^no serial port/.test(error.message)) {
      const { ports, problem } = await listPorts();
      throw new InputError(`${error.message}; ${problem ?? (ports.length ? `ports: ${ports.join(', ')}` : 'no serial ports found')}`);
    }
    throw error;
  }
  await Promise.race([signal.promise, ended, untilOutputClosed()]);
  signal.cancel();
  await bridge.stop();
  return 0;
}
