// Recorded serial sessions: every chunk read (<) and written (>) with its time, one a line, the
// bytes as a JSON string of latin1 characters, so garbage and control bytes survive exactly;
// and the link opening and closing (!), so a replay loses track where the live bridge did.
//
//   # seqref serial log 1
//   0 ! "opened"
//   3 > "$V*A5\r\n"
//   11 < "$H,8229,SEQB,1.0.0,10x10*93\r\n"
//   2056 ! "closed bad file descriptor"
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { InputError } from '../errors.js';

export const LOG_HEADER = '# seqref serial log 1';

export interface LogEntry {
  readonly tMs: number;
  /** `<` from the board, `>` to the board, `!` the link opened or closed (the bytes say which). */
  readonly direction: '<' | '>' | '!';
  readonly bytes: Buffer;
}

/** The file is plain ASCII: bytes above 0x7E are written as \u00XX escapes. */
export function formatLogEntry(entry: LogEntry): string {
  const json = JSON.stringify(entry.bytes.toString('latin1')).replace(/[\u007f-\u00ff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${Math.round(entry.tMs)} ${entry.direction} ${json}\n`;
}

export function parseSerialLog(text: string, name: string): LogEntry[] {
  const lines = text.split('\n');
  if (lines[0]?.trim() !== LOG_HEADER) throw new InputError(`${name} is not a seqref serial log (its first line must be "${LOG_HEADER}")`);
  const entries: LogEntry[] = [];
  lines.forEach((line, i) => {
    if (i === 0 || line.trim() === '' || line.startsWith('#')) return;
    const match = /^(\d+) ([<>!]) (".*")$/.exec(line);
    let bytes: string | null = null;
    try {
      bytes = match ? (JSON.parse(match[3]!) as string) : null;
    } catch {
      bytes = null;
    }
    if (!match || typeof bytes !== 'string') throw new InputError(`${name} line ${i + 1}: expected <t_ms> <|>|! "bytes"`);
    entries.push({ tMs: Number(match[1]), direction: match[2] as LogEntry['direction'], bytes: Buffer.from(bytes, 'latin1') });
  });
  return entries;
}

export function readSerialLog(path: string): LogEntry[] {
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch (error) {
    throw new InputError(`cannot read the serial log ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return parseSerialLog(text, path);
}

/** Appends entries as they happen (synchronously, so a killed process leaves a whole log). */
export class SerialLogWriter {
  private fd: number | null;

  constructor(readonly path: string) {
    try {
      this.fd = openSync(path, 'w');
    } catch (error) {
      throw new InputError(`cannot write the serial log ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    writeSync(this.fd, `${LOG_HEADER}\n`);
  }

  write(entry: LogEntry): void {
    if (this.fd !== null) writeSync(this.fd, formatLogEntry(entry));
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
