// Bytes in, frames out: resynchronises on every `$`, bounds a line's length, and does not care
// how the bytes were split into reads.
import { type BoardFrame, decodeBoardLine, type Rejection } from './protocol.js';

/** Longer than any frame the contract describes (a snapshot is 113 bytes); an `E` text may be long. */
export const MAX_LINE = 256;

export interface ParserStats {
  frames: number;
  badCrc: number;
  malformed: number;
  /** Lines dropped because they ran past MAX_LINE without ending. */
  overlong: number;
  /** Lines cut short by a new `$` before their end. */
  unterminated: number;
  /** Bytes outside any line (before a `$`). */
  garbageBytes: number;
}

export interface ParserSink {
  frame(frame: BoardFrame): void;
}

const DOLLAR = 0x24;
const LF = 0x0a;
const CR = 0x0d;

export class FrameParser {
  readonly stats: ParserStats = { frames: 0, badCrc: 0, malformed: 0, overlong: 0, unterminated: 0, garbageBytes: 0 };
  private readonly line = Buffer.alloc(MAX_LINE);
  private length = 0;
  private inLine = false;
  private overflow = false;

  constructor(private readonly sink: ParserSink) {}

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === DOLLAR) {
        // A line is read from its last `$`: whatever came before is dropped.
        if (this.inLine) this.reject(this.overflow ? 'overlong' : 'unterminated');
        this.inLine = true;
        this.overflow = false;
        this.length = 0;
      } else if (!this.inLine) {
        if (byte !== LF && byte !== CR) this.stats.garbageBytes++;
      } else if (byte === LF) {
        this.inLine = false;
        if (this.overflow) {
          this.reject('overlong');
        } else {
          this.decode();
        }
      } else if (this.length < MAX_LINE) {
        this.line[this.length++] = byte;
      } else {
        this.overflow = true;  // keep reading to the line's end, keep nothing
      }
    }
  }

  private decode(): void {
    const end = this.length > 0 && this.line[this.length - 1] === CR ? this.length - 1 : this.length;
    const result = decodeBoardLine(this.line.toString('latin1', 0, end));
    if (typeof result === 'string') {
      this.reject(result);
      return;
    }
    this.stats.frames++;
    this.sink.frame(result);
  }

  private reject(reason: Rejection | 'overlong' | 'unterminated'): void {
    if (reason === 'bad-crc') this.stats.badCrc++;
    else if (reason === 'malformed') this.stats.malformed++;
    else if (reason === 'overlong') this.stats.overlong++;
    else this.stats.unterminated++;
  }
}
