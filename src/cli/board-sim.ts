// `seqref board-sim`: an electronic Sequence board on a pseudo-terminal, for people without one.
// It runs the board's own firmware (built for this computer) and moves chips under its sensors.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildFirmwareHost, FirmwareHost } from '../bridge/firmware-host.js';
import { boardRows } from '../bridge/protocol.js';
import { playGame, randomGame } from '../bridge/random-game.js';
import { readSerialLog } from '../bridge/serial-log.js';
import { InputError } from '../errors.js';
import { randomInt, seededRandom } from '../rules/random.js';
import { parseFlags, untilOutputClosed, untilSignal, wholeNumber } from './board.js';

export const BOARD_SIM_USAGE = `Usage: seqref board-sim --link PATH [--log FILE | --script FILE | --seed N] [options]

Plays an electronic Sequence board on a pseudo-terminal linked at PATH, for people without the
hardware; read it with "seqref board --port PATH". The board is the real firmware logic
(firmware-bridge/, built with make and g++ on first use) reading sensors that a game moves.

  --link PATH        where the board's port appears (a symbolic link to a pseudo-terminal)
  --log FILE         replay what a board sent in a recorded serial log (seqref board --record)
  --script FILE      a sensor script (see firmware-bridge/README.md) instead of a game
  --seed N           the random game's seed (default 1): one seed replays the same game
  --moves N          moves in the random game (default 60)
  --teams 2|3        teams in the random game (default 2)
  --interval MS      time between moves (default 1000)
  --faults LIST      damage the line now and then, comma-separated or "all":
                     crc flip garbage overlong drop dup split unplug powercycle silence
  --fault-every N    one fault every N moves (default 4)
  --snapshot-ms N    the board's snapshot period (default 5000, the most the contract allows)
  --leds             the board has LEDs: report what they show on standard error
  --json             after each move, the board's own board: { "move", "of", "seq", "board" }
  --exit             exit when the game, script or log is over (default: the board stays up)

Progress goes to standard error. Exits 0 on Ctrl-C or SIGTERM.`;

const FAULT_KINDS = ['crc', 'flip', 'garbage', 'overlong', 'drop', 'dup', 'split', 'unplug', 'powercycle', 'silence'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

/** The sensor-script line that causes one fault of this kind. */
function faultCommand(kind: FaultKind, snapshotMs: number): string {
  switch (kind) {
    case 'garbage': return 'fault garbage 64';
    case 'overlong': return 'fault overlong 2048';
    case 'split': return 'fault split 2 3';
    case 'unplug': return 'unplug 500';
    case 'powercycle': return 'powercycle 500';
    case 'silence': return `fault silence ${Math.max(1000, Math.round(2.5 * snapshotMs))}`;
    default: return `fault ${kind}`;
  }
}

function parseFaults(text: string | undefined): FaultKind[] {
  if (text === undefined) return [];
  if (text === 'all') return [...FAULT_KINDS];
  return text.split(',').map((kind) => {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new InputError(`--faults: unknown fault "${kind}" (${FAULT_KINDS.join(' ')}, or all)`);
    return kind as FaultKind;
  });
}

interface Plan {
  readonly commands: string[];
  /** How many `truth` lines mark progress, and what each means. */
  readonly steps: string[];
  readonly wireOnly: boolean;
}

function gamePlan(flags: Map<string, string | number | true>, snapshotMs: number): Plan {
  const seed = wholeNumber(flags, 'seed', 1, 0, 2 ** 31 - 1);
  const moves = wholeNumber(flags, 'moves', 60, 1, 10_000);
  const teams = wholeNumber(flags, 'teams', 2, 2, 3) as 2 | 3;
  // A chip must settle (debounce) before the next move: well under 100 ms on the board.
  const interval = wholeNumber(flags, 'interval', 1000, 100, 3_600_000);
  const faults = parseFaults(flags.get('faults') as string | undefined);
  const faultEvery = wholeNumber(flags, 'fault-every', 4, 1, 10_000);
  const random = seededRandom(seed);
  const played = playGame(randomGame({ teams }), random, moves);
  const commands: string[] = [];
  const steps: string[] = [];
  played.forEach(({ move }, i) => {
    if (faults.length > 0 && i > 0 && i % faultEvery === 0) {
      const kind = faults[randomInt(random, faults.length)]!;
      commands.push(faultCommand(kind, snapshotMs));
      steps.push(`fault ${kind}, then `);
    } else {
      steps.push('');
    }
    commands.push(`bounce ${move.row} ${move.col} ${move.chip}`, `wait ${interval}`, 'truth');
    const what = move.chip === '.' ? `${move.team} takes the chip off ${move.row},${move.col}` : `${move.team} on ${move.row},${move.col}`;
    steps[i] += `move ${i + 1}/${played.length}: ${what}`;
  });
  return { commands, steps, wireOnly: false };
}

function scriptPlan(path: string, binary: string): Plan {
  const check = spawnSync(binary, ['--check', path], { encoding: 'utf8' });
  if (check.status !== 0) throw new InputError(`--script ${(check.stderr || 'is not a sensor script').trim().split('\n')[0]}`);
  return { commands: [...readFileSync(path, 'utf8').split('\n'), 'truth'], steps: [`script ${path} played`], wireOnly: false };
}

function logPlan(path: string): Plan {
  const commands: string[] = [];
  let t = 0;
  const entries = readSerialLog(path).filter((entry) => entry.direction !== '>');
  entries.forEach((entry, i) => {
    if (entry.tMs > t) commands.push(`wait ${entry.tMs - t}`);
    t = Math.max(t, entry.tMs);
    if (entry.direction === '<') {
      commands.push(`wire ${entry.bytes.toString('hex')}`);
    } else if (entry.bytes.toString('latin1').startsWith('closed')) {
      // Where the recorded link went away, the simulated cable is pulled until it came back.
      const back = entries.slice(i + 1).find((later) => later.direction === '!' && later.bytes.toString('latin1').startsWith('opened'));
      if (back) commands.push(`unplug ${Math.max(1, back.tMs - entry.tMs)}`);
    }
  });
  commands.push('truth');
  return { commands, steps: [`log ${path} replayed`], wireOnly: true };
}

export async function runBoardSim(args: readonly string[]): Promise<number> {
  const flags = parseFlags('board-sim', args, {
    link: 'string', log: 'string', script: 'string', seed: 'number', moves: 'number', teams: 'number',
    interval: 'number', faults: 'string', 'fault-every': 'number', 'snapshot-ms': 'number', leds: 'boolean',
    json: 'boolean', exit: 'boolean',
  });
  const link = flags.get('link');
  if (typeof link !== 'string') throw new InputError('board-sim needs --link PATH; see seqref board-sim --help');
  if (flags.has('log') && flags.has('script')) throw new InputError('board-sim plays --log or --script, not both');
  const snapshotMs = wholeNumber(flags, 'snapshot-ms', 5000, 1, 5000);
  const say = (message: string): void => void process.stderr.write(`seqref board-sim: ${message}\n`);

  const binary = buildFirmwareHost({ onBuild: () => say('building the board firmware (firmware-bridge/, once)') });
  const plan = flags.has('log') ? logPlan(flags.get('log') as string)
    : flags.has('script') ? scriptPlan(flags.get('script') as string, binary)
    : gamePlan(flags, snapshotMs);

  const signal = untilSignal();
  let board: FirmwareHost;
  try {
    board = await FirmwareHost.start({ link, snapshotMs, leds: flags.has('leds'), wireOnly: plan.wireOnly }, false);
  } catch (error) {
    signal.cancel();
    throw error;
  }
  say(`a board is on ${link}; read it with: seqref board --port ${link}`);
  const json = flags.has('json');
  let step = 0;
  const done = new Promise<void>((resolve) => {
    if (plan.steps.length === 0) resolve();
    board.onLine((line) => {
      const [word, ...rest] = line.split(' ');
      if (word === 'led' && flags.has('leds')) say(`LED ${rest[0]},${rest[1]} shows ${rest[2]}`);
      if (word === 'unplugged') say('the board is unplugged');
      if (word === 'plugged') say('the board is plugged in again');
      if (word !== 'truth' || step >= plan.steps.length) return;
      say(plan.steps[step]!);
      step++;
      if (json && !plan.wireOnly) {
        process.stdout.write(`${JSON.stringify({ move: step, of: plan.steps.length, seq: Number(rest[0]), board: boardRows(rest[1] ?? '') })}\n`);
      }
      if (step === plan.steps.length) resolve();
    });
  });
  board.send(...plan.commands);
  // The board exiting 0 was powered off (a Ctrl-C reaches the whole process group); else it failed.
  const gone = board.exited.then((code) => (code === 0 ? 'signal' as const : 'crashed' as const));
  const stopped = Promise.race([signal.promise, untilOutputClosed()]).then(() => 'signal' as const);
  let outcome = await Promise.race([done.then(() => 'done' as const), stopped, gone]);
  if (outcome === 'done' && !flags.has('exit')) {
    say('done; the board stays up until Ctrl-C');
    outcome = await Promise.race([stopped, gone]);
  }
  signal.cancel();
  await board.stop();
  if (outcome === 'crashed') throw new InputError('the board firmware stopped unexpectedly');
  return 0;
}
