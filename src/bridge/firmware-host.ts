// The board firmware built for this computer (firmware-bridge/): built on demand with make, run on a
// pseudo-terminal, driven through its sensor script on standard input.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';

/** The repository root: the first folder above this module holding firmware-bridge/Makefile. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'firmware-bridge', 'Makefile'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new InputError('cannot find firmware-bridge/ above the seqref installation');
    dir = parent;
  }
}

export const FIRMWARE_TARGET = 'build/seqboard-host';

export interface BuildOptions {
  readonly make?: string;
  readonly cxx?: string;
  /** Called before a (re)build starts, so a person knows why they wait. */
  readonly onBuild?: () => void;
}

function missing(command: string): boolean {
  const probe = spawnSync(command, ['--version'], { stdio: 'ignore' });
  return (probe.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Builds firmware-bridge/build/seqboard-host when it is missing or older than its sources. */
export function buildFirmwareHost(options: BuildOptions = {}): string {
  const make = options.make ?? 'make';
  const cxx = options.cxx ?? process.env.CXX ?? 'g++';
  const dir = join(repoRoot(), 'firmware-bridge');
  const binary = join(dir, FIRMWARE_TARGET);
  if (missing(make)) throw new InputError(`the board simulator builds the firmware with make and g++, and "${make}" is not installed (apt-get install make g++)`);
  const upToDate = spawnSync(make, ['-q', '-C', dir, FIRMWARE_TARGET, `CXX=${cxx}`], { stdio: 'ignore' });
  if (upToDate.status === 0 && existsSync(binary)) return binary;
  if (missing(cxx)) throw new InputError(`the board simulator builds the firmware with g++, and "${cxx}" is not installed (apt-get install g++)`);
  options.onBuild?.();
  const build = spawnSync(make, ['-s', '-C', dir, FIRMWARE_TARGET, `CXX=${cxx}`], { encoding: 'utf8' });
  if (build.status !== 0) {
    const last = `${build.stderr ?? ''}`.trim().split('\n').filter(Boolean).slice(-1)[0] ?? `exit status ${build.status}`;
    throw new InputError(`building the board firmware (make -C ${dir}) failed: ${last}`);
  }
  return binary;
}

export interface FirmwareHostOptions {
  readonly link: string;
  readonly snapshotMs?: number;
  readonly debounceMs?: number;
  readonly faultMs?: number;
  readonly seqStart?: number;
  readonly seed?: number;
  readonly noise?: number;
  readonly leds?: boolean;
  /** Print every frame the firmware writes, before the fault layer (`tx` lines). */
  readonly echoTx?: boolean;
  /** No firmware: only `wire` commands reach the line (recorded logs). */
  readonly wireOnly?: boolean;
}

export interface Truth {
  /** The seq of the last frame the firmware wrote. */
  readonly seq: number;
  readonly cells: string;
}

/** A running seqboard-host: what it prints comes back line by line. */
export class FirmwareHost {
  /** Every line printed so far, in order. */
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly listeners = new Set<(line: string) => void>();
  private stderr = '';

  private constructor(private readonly child: ChildProcessWithoutNullStreams, keepLines: boolean) {
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      partial += text;
      let end: number;
      while ((end = partial.indexOf('\n')) >= 0) {
        const line = partial.slice(0, end);
        partial = partial.slice(end + 1);
        if (keepLines) this.lines.push(line);
        for (const listener of [...this.listeners]) listener(line);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      this.stderr += text;
    });
    child.stdin.on('error', () => undefined);  // the board may already be gone
    this.exited = new Promise((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.on('error', (error) => {
        this.stderr += error.message;
        resolve(null);
      });
    });
  }

  /** Builds if needed, starts the firmware, and resolves once its pseudo-terminal is linked. */
  static async start(options: FirmwareHostOptions, keepLines = true): Promise<FirmwareHost> {
    const binary = buildFirmwareHost();
    const args = ['--link', options.link, '--sensors', '-'];
    const numbers: Array<[string, number | undefined]> = [
      ['--snapshot-ms', options.snapshotMs], ['--debounce-ms', options.debounceMs], ['--fault-ms', options.faultMs],
      ['--seq-start', options.seqStart], ['--seed', options.seed], ['--noise', options.noise],
    ];
    for (const [flag, value] of numbers) if (value !== undefined) args.push(flag, String(value));
    if (options.leds) args.push('--leds');
    if (options.echoTx) args.push('--echo-tx');
    if (options.wireOnly) args.push('--wire-only');
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const host = new FirmwareHost(child, keepLines);
    const ready = host.waitForLine((line) => line.startsWith('ready '), 10_000);
    let started = false;
    void ready.then(() => (started = true), () => undefined);
    const failed = host.exited.then((code) => {
      if (started) return;
      throw new InputError(host.stderr.trim().split('\n')[0] || `the board firmware exited (status ${code})`);
    });
    ready.catch(() => undefined);
    failed.catch(() => undefined);  // a board that exits later, after it was ready, is no failure to start
    await Promise.race([ready, failed]);
    return host;
  }

  onLine(listener: (line: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sensor-script commands (see `seqboard-host --help`). */
  send(...commands: string[]): void {
    if (this.child.stdin.writable) this.child.stdin.write(commands.map((c) => `${c}\n`).join(''));
  }

  waitForLine(predicate: (line: string) => boolean, timeoutMs = 5000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`the board firmware printed no matching line within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();  // waiting must not keep a finished program alive
      const off = this.onLine((line) => {
        if (!predicate(line)) return;
        clearTimeout(timer);
        off();
        resolve(line);
      });
    });
  }

  /** The firmware's own board once every command sent so far has run. */
  async truth(timeoutMs = 10_000): Promise<Truth> {
    const line = this.waitForLine((l) => l.startsWith('truth '), timeoutMs);
    this.send('truth');
    const [, seq, cells] = (await line).split(' ');
    return { seq: Number(seq), cells: cells ?? '' };
  }

  /** Powers the board off (SIGTERM) and waits for it to go. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }
}
