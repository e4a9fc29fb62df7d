// The bridge: bytes from a link, through the parser and the board model, to views of the board;
// asks the board again whenever it has lost track, and drives the board's LEDs.
import { EventEmitter } from 'node:events';
import { type BoardView, BoardModel, type ModelNote, type ModelStats } from './board-model.js';
import { FrameParser, type ParserStats } from './frame-parser.js';
import { faultSpace, LedState, ledPlan, type SequenceLighting } from './leds.js';
import type { Link } from './link.js';
import { type BoardFrame, COLS, hostCommand } from './protocol.js';
import type { SerialLogWriter } from './serial-log.js';

export interface BridgeOptions {
  /** No valid frame for this long means the board stopped talking (it must snapshot every 5 s). */
  readonly silenceMs?: number;
  /** While not synced, ask for a snapshot again this often. */
  readonly resyncMs?: number;
  /** Send $L frames for completed sequences and faulty spaces (default true). */
  readonly leds?: boolean;
  readonly lighting?: SequenceLighting;
  /** Record every byte read and written. */
  readonly record?: SerialLogWriter;
}

export type BridgeStats = Readonly<ParserStats & ModelStats & {
  reconnects: number;
  silences: number;
  snapshotRequests: number;
  ledCommands: number;
}>;

export interface BridgeEvents {
  /** The view changed (cells or synced); tMs on the link's clock. */
  view: [view: BoardView, tMs: number];
  /** The board lost track (a seq gap, a lost link, silence): tMs when the bridge noticed. */
  lost: [reason: string, tMs: number];
  button: [button: number, tMs: number];
  fault: [code: string, text: string, tMs: number];
  frame: [frame: BoardFrame, tMs: number];
  /** One line for a person. */
  status: [message: string];
  /** A recorded log has no more bytes. */
  ended: [];
}

export class BoardBridge extends EventEmitter<BridgeEvents> {
  private readonly model = new BoardModel();
  private readonly parser: FrameParser;
  private readonly leds = new LedState();
  private readonly faults = new Set<number>();
  private readonly silenceMs: number;
  private readonly resyncMs: number;
  private connected = false;
  private everConnected = false;
  private lastFrameAt = 0;
  private silent = false;
  private snapshotAskedAt: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private counters = { reconnects: 0, silences: 0, snapshotRequests: 0, ledCommands: 0 };

  constructor(private readonly link: Link, private readonly options: BridgeOptions = {}) {
    super();
    this.silenceMs = options.silenceMs ?? 12_000;
    this.resyncMs = options.resyncMs ?? 1000;
    this.parser = new FrameParser({ frame: (frame) => this.onFrame(frame) });
  }

  view(): BoardView {
    return this.model.view();
  }

  stats(): BridgeStats {
    return { ...this.parser.stats, ...this.model.stats, ...this.counters };
  }

  /** Resolves once the link is open (or waiting for its port); rejects when it cannot be opened. */
  async start(): Promise<void> {
    await this.link.start({
      data: (chunk) => this.onData(chunk),
      opened: (description) => this.onOpened(description),
      closed: (reason) => this.onClosed(reason),
      status: (message) => this.emit('status', message),
      ended: () => this.emit('ended'),
    });
    if (this.link.live) {
      const period = Math.max(10, Math.min(this.resyncMs, this.silenceMs) / 4);
      this.timer = setInterval(() => this.tick(), period);
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.link.stop();
    this.options.record?.close();
  }

  /** Spaces a referee wants shown as faulty (white), besides those the board reports. */
  setFaults(spaces: Iterable<number>): void {
    this.faults.clear();
    for (const space of spaces) this.faults.add(space);
    this.updateLeds();
  }

  private onData(chunk: Buffer): void {
    this.options.record?.write({ tMs: this.link.now(), direction: '<', bytes: chunk });
    this.parser.push(chunk);
  }

  private write(bytes: string): void {
    if (!this.link.live || !this.connected) return;
    this.options.record?.write({ tMs: this.link.now(), direction: '>', bytes: Buffer.from(bytes, 'latin1') });
    this.link.write(bytes);
  }

  private onOpened(description: string): void {
    const now = this.link.now();
    this.options.record?.write({ tMs: now, direction: '!', bytes: Buffer.from('opened') });
    if (this.everConnected) this.counters.reconnects++;
    this.everConnected = true;
    this.connected = true;
    this.lastFrameAt = now;
    this.silent = false;
    this.leds.unknown();
    this.emit('status', `reading ${description}`);
    // Whatever the board said before the port opened is gone: ask who it is and what it holds.
    this.write(hostCommand.hello());
    this.askSnapshot(now);
  }

  private onClosed(reason: string): void {
    this.connected = false;
    this.snapshotAskedAt = null;
    const now = this.link.now();
    this.options.record?.write({ tMs: now, direction: '!', bytes: Buffer.from(`closed ${reason}`, 'latin1') });
    this.emit('status', `link lost (${reason})`);
    this.emit('lost', 'link', now);
    if (this.model.lose(true)) this.emit('view', this.model.view(), now);
  }

  private onFrame(frame: BoardFrame): void {
    const now = this.link.now();
    this.lastFrameAt = now;
    this.silent = false;
    this.emit('frame', frame, now);
    if (frame.type === 'D' && this.faults.delete(frame.row * COLS + frame.col)) this.updateLeds();
    const outcome = this.model.receive(frame);
    for (const note of outcome.notes) this.onNote(note, now);
    if (outcome.changed) {
      const view = this.model.view();
      if (view.synced) this.snapshotAskedAt = null;
      this.emit('view', view, now);
      this.updateLeds();
    }
    if (outcome.wantSnapshot) this.askSnapshot(now);
  }

  private onNote(note: ModelNote, now: number): void {
    switch (note.kind) {
      case 'gap':
        this.emit('status', `lost ${note.lost} frame${note.lost === 1 ? '' : 's'} (seq ${note.expected} expected, ${note.got} came); asking for a snapshot`);
        this.emit('lost', 'gap', now);
        break;
      case 'hello':
        if (note.restart) this.leds.allOff();  // a board that has just powered up shows no LEDs
        this.emit('status', `board ${note.product} ${note.version} ${note.size}`);
        break;
      case 'corrected':
        this.emit('status', `a snapshot corrected ${note.spaces} space${note.spaces === 1 ? '' : 's'}`);
        break;
      case 'button':
        this.emit('button', note.button, now);
        break;
      case 'fault': {
        this.emit('fault', note.code, note.text, now);
        const space = faultSpace(note.text);
        if (space !== null) {
          this.faults.add(space);
          this.updateLeds();
        }
        break;
      }
      case 'duplicate':
        break;
    }
  }

  /** Asks for a snapshot unless one was asked for lately and may still be on its way. */
  private askSnapshot(now: number): void {
    if (this.snapshotAskedAt !== null && now - this.snapshotAskedAt < this.resyncMs) return;
    this.snapshotAskedAt = now;
    this.counters.snapshotRequests++;
    this.write(hostCommand.snapshot());
  }

  private tick(): void {
    if (!this.connected) return;
    const now = this.link.now();
    if (!this.silent && now - this.lastFrameAt > this.silenceMs) {
      this.silent = true;
      this.counters.silences++;
      this.emit('status', `the board has said nothing for ${((now - this.lastFrameAt) / 1000).toFixed(1)} s; asking again`);
      this.emit('lost', 'silence', now);
      if (this.model.lose(false)) this.emit('view', this.model.view(), now);
      this.write(hostCommand.hello());
    }
    if (!this.model.isSynced) this.askSnapshot(now);
  }

  private updateLeds(): void {
    if (this.options.leds === false || !this.connected || !this.model.isSynced) return;
    const plan = ledPlan(this.model.view().cells, this.faults, this.options.lighting);
    for (const { row, col, colour } of this.leds.commands(plan)) {
      this.counters.ledCommands++;
      this.write(hostCommand.led(row, col, colour));
    }
  }
}
