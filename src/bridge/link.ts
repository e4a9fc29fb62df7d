// Where the board's bytes come from: a live serial port (which may vanish and come back) or a
// recorded log. The bridge sees only this interface.
import { read } from 'node:fs';
import { promisify } from 'node:util';
import { autoDetect, type BindingInterface, DarwinPortBinding, LinuxPortBinding } from '@serialport/bindings-cpp';
import { unixRead } from '@serialport/bindings-cpp/dist/unix-read.js';
import { SerialPortStream } from '@serialport/stream';
import { SerialPort } from 'serialport';
import { InputError } from '../errors.js';
import { type LogEntry, readSerialLog } from './serial-log.js';

export interface LinkHandlers {
  data(chunk: Buffer): void;
  /** The link is up (again): the board may have done anything meanwhile. */
  opened(description: string): void;
  /** The link went away; a live link keeps trying to come back. */
  closed(reason: string): void;
  /** A line for a person: retries, waits. */
  status(message: string): void;
  /** A recorded log has no more bytes. */
  ended(): void;
}

export interface Link {
  /** A live link can be asked things ($Q, $V, $L); a recording cannot. */
  readonly live: boolean;
  /** Resolves when the link first opened; rejects (InputError) when it cannot be opened at all. */
  start(handlers: LinkHandlers): Promise<void>;
  write(bytes: string): void;
  stop(): Promise<void>;
  /** Milliseconds since start (a recording's own clock when replayed). */
  now(): number;
}

export interface SerialLinkOptions {
  readonly path: string;
  readonly baudRate?: number;
  /** First wait before reopening a port that went away; doubles up to maxRetryMs. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** Keep trying when the port is not there at start, instead of failing. */
  readonly waitForPort?: boolean;
}

/** A serialport error as one line (its messages start "Error: "). */
export function portProblem(path: string, error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/^Error: /, '');
  if (/No such file or directory/i.test(message)) return `no serial port at ${path}`;
  if (/Permission denied/i.test(message)) return `cannot open ${path}: permission denied (is your user in the dialout group?)`;
  if (/Inappropriate ioctl/i.test(message)) return `${path} is not a serial port`;
  return `cannot open ${path}: ${message}`;
}

const detectedBinding = autoDetect() as BindingInterface;
const readAsync = promisify(read);

/**
 * serialport's Unix read, except that 0 bytes read is the port hanging up. serialport reads again
 * at once after 0 bytes, for ever (serialport/bindings-cpp#162), so a port whose other end went
 * away while bytes were arriving (a board's pseudo-terminal closed, a USB adapter pulled) never
 * closed and a core spun. A port open non-blocking reads "would block", not 0, when merely idle.
 */
const hangUpAwareBinding: BindingInterface = {
  list: () => detectedBinding.list(),
  async open(options) {
    const port = await detectedBinding.open(options);
    if (port instanceof LinuxPortBinding || port instanceof DarwinPortBinding) {
      port.read = (buffer, offset, length) => unixRead({ binding: port, buffer, offset, length, fsReadAsync: readOrHangUp as typeof readAsync });
    }
    return port;
  },
};

async function readOrHangUp(fd: number, buffer: Buffer, offset: number, length: number, position: number | null): Promise<{ bytesRead: number; buffer: Buffer }> {
  const result = await readAsync(fd, buffer, offset, length, position);
  if (result.bytesRead === 0) throw Object.assign(new Error('the port hung up'), { code: 'EIO' });
  return result;
}

export class SerialLink implements Link {
  readonly live = true;
  private port: SerialPortStream | null = null;
  private handlers: LinkHandlers | null = null;
  private retry: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopping = false;
  private readonly started = performance.now();
  private readonly retryMs: number;
  private readonly maxRetryMs: number;

  constructor(private readonly options: SerialLinkOptions) {
    this.retryMs = options.retryMs ?? 250;
    this.maxRetryMs = Math.max(this.retryMs, options.maxRetryMs ?? 5000);
  }

  now(): number {
    return performance.now() - this.started;
  }

  start(handlers: LinkHandlers): Promise<void> {
    this.handlers = handlers;
    return new Promise((resolve, reject) => {
      this.open((error) => {
        if (!error) return resolve();
        if (!this.options.waitForPort) return reject(new InputError(portProblem(this.options.path, error)));
        handlers.status(`waiting for ${this.options.path} (${portProblem(this.options.path, error)})`);
        this.scheduleRetry();
        resolve();
      });
    });
  }

  private open(done?: (error: Error | null) => void): void {
    const port = new SerialPortStream({ binding: hangUpAwareBinding, path: this.options.path, baudRate: this.options.baudRate ?? 115200, autoOpen: false });
    port.on('error', (error: Error) => this.handlers?.status(`serial error: ${error.message.replace(/^Error: /, '')}`));
    port.open((error) => {
      if (error || this.stopping) {
        done?.(error ?? null);
        if (!error) port.close(() => undefined);
        return;
      }
      this.port = port;
      this.failures = 0;
      port.on('data', (chunk: Buffer) => this.handlers?.data(chunk));
      port.on('close', (closeError: Error | null) => {
        this.port = null;
        if (this.stopping) return;
        this.handlers?.closed(closeError ? closeError.message.replace(/^Error: /, '') : 'port closed');
        this.scheduleRetry();
      });
      done?.(null);
      this.handlers?.opened(this.options.path);
    });
  }

  private scheduleRetry(): void {
    if (this.stopping || this.retry) return;
    const delay = Math.min(this.maxRetryMs, this.retryMs * 2 ** Math.min(this.failures, 20));
    this.retry = setTimeout(() => {
      this.retry = null;
      this.open((error) => {
        if (!error) return;
        this.failures++;
        // A person waiting sees each attempt once the waits are long; short ones would flood the screen.
        if (delay >= 1000) this.handlers?.status(`${portProblem(this.options.path, error)}; trying again`);
        this.scheduleRetry();
      });
    }, delay);
  }

  write(bytes: string): void {
    if (this.port?.isOpen) this.port.write(Buffer.from(bytes, 'latin1'));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const port = this.port;
    this.port = null;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }
}

export interface LogLinkOptions {
  readonly path: string;
  /** 1 plays at the recorded pace, 2 twice as fast; 0 as fast as possible. */
  readonly speed?: number;
}

/**
 * Plays back what a board sent in a recorded session, and the link closing and opening again where
 * it did; the host's own writes are not replayed.
 */
export class LogLink implements Link {
  readonly live = false;
  private readonly entries: LogEntry[];
  private clock = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: LogLinkOptions) {
    this.entries = readSerialLog(options.path).filter((entry) => entry.direction !== '>');
  }

  now(): number {
    return this.clock;
  }

  async start(handlers: LinkHandlers): Promise<void> {
    const description = `recorded log ${this.options.path}`;
    handlers.opened(description);
    let open = true;
    const play = (entry: LogEntry): void => {
      this.clock = entry.tMs;
      if (entry.direction === '<') return handlers.data(entry.bytes);
      const event = entry.bytes.toString('latin1');
      if (event.startsWith('closed') && open) handlers.closed(event.replace(/^closed ?/, '') || 'port closed');
      if (event.startsWith('opened') && !open) handlers.opened(description);
      open = event.startsWith('opened');
    };
    const speed = this.options.speed ?? 1;
    if (speed <= 0) {
      for (const entry of this.entries) play(entry);
      handlers.ended();
      return;
    }
    const origin = performance.now();
    const next = (index: number): void => {
      if (this.stopped) return;
      const entry = this.entries[index];
      if (!entry) return handlers.ended();
      const wait = entry.tMs / speed - (performance.now() - origin);
      this.timer = setTimeout(() => {
        play(entry);
        next(index + 1);
      }, Math.max(0, wait));
    };
    next(0);
  }

  write(): void {}

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/** Every serial port the system knows, or why it cannot say (serialport needs udevadm on Linux). */
export async function listPorts(): Promise<{ ports: string[]; problem: string | null }> {
  try {
    const ports = await SerialPort.list();
    return { ports: ports.map((port) => port.path), problem: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/udevadm/.test(message)) return { ports: [], problem: 'cannot list serial ports: udevadm is missing (install udev, or name the port with --port)' };
    return { ports: [], problem: `cannot list serial ports: ${message}` };
  }
}
