// A recorded session from fixtures/: its frames at their recorded pace (or faster), and for
// Sequence the board's serial log through src/bridge's recorded-log link.
//
// Two honest modes for camera games: "recognise" runs the recogniser on each frame (what a live
// camera gets); "truth" reads the cards from the fixture's truth instead (the renderer's geometry:
// cards in a moving hand make the frame busy, cards more than half hidden are not seen). The
// dashboard names the mode, so nobody takes truth for recognition.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { BoardBridge } from '../../bridge/bridge.js';
import { LogLink } from '../../bridge/link.js';
import { readFixture, type Fixture } from '../../render/fixture-io.js';
import type { TableObservation } from '../types.js';
import type { FrameImage, Recogniser, Source, SourceKind, SourceSink } from './source.js';

export interface RecordedOptions {
  /** The fixture folder (or its fixture.json). */
  readonly path: string;
  /** 1: the recorded pace; 2: twice as fast. */
  readonly speed?: number;
  /** Null: read the fixture's truth ("recorded truth"). */
  readonly recogniser?: Recogniser | null;
}

/** The game's setup as the recording's events.json says it (players, Sequence teams), where it says. */
export interface RecordedSetup {
  readonly players?: number;
  readonly teams?: 2 | 3;
  /** Sequence Shift's variant, Sequence Hunt's ('race' or 'for-points'). */
  readonly variant?: string;
  /** The result the recording ends with: scores per player or team. */
  readonly scores?: readonly number[];
  /** Progression: the cards the game was played with (the rulebook's reduced deck), Variation 2. */
  readonly deckSize?: number;
  readonly reversing?: boolean;
}

export function recordedSetup(dir: string, fixture: Fixture): RecordedSetup {
  const file = join(dir, fixture.events ?? 'events.json');
  if (!existsSync(file)) return {};
  try {
    const log = JSON.parse(readFileSync(file, 'utf8')) as { events?: { events?: { kind?: string; config?: { players?: unknown; variant?: unknown; options?: { teams?: unknown; deckSize?: unknown; reversing?: unknown } }; scores?: unknown }[] }[] };
    const all = (log.events ?? []).flatMap((e) => e.events ?? []);
    const start = all.find((e) => e.kind === 'start');
    const result = all.find((e) => e.kind === 'result');
    const players = start?.config?.players;
    const teams = start?.config?.options?.teams;
    const variant = start?.config?.variant;
    const scores = result?.scores;
    const deckSize = start?.config?.options?.deckSize;
    return {
      ...(typeof players === 'number' && Number.isInteger(players) && players > 0 ? { players } : {}),
      ...(teams === 2 || teams === 3 ? { teams } : {}),
      ...(typeof variant === 'string' ? { variant } : {}),
      ...(Array.isArray(scores) && scores.every((n) => typeof n === 'number') ? { scores: scores as number[] } : {}),
      ...(typeof deckSize === 'number' && Number.isInteger(deckSize) && deckSize > 0 ? { deckSize } : {}),
      ...(start?.config?.options?.reversing === true ? { reversing: true } : {}),
    };
  } catch {
    // events.json is for people and tests; a recording plays without it.
    return {};
  }
}

export function truthObservation(frame: Fixture['frames'][number]): TableObservation {
  const busy = frame.cards.some((c) => c.moving === true);
  const cards = frame.cards
    .filter((c) => c.moving !== true && c.hidden !== true)
    .map((c) => ({ card: c.card, row: c.row, col: c.col, corners: c.corners.map((p) => [p[0], p[1]] as const) }));
  return { tMs: frame.t_ms, cards, busy };
}

export class RecordedSessionSource implements Source {
  readonly kind: SourceKind;
  readonly description: string;
  readonly fixture: Fixture;
  readonly setup: RecordedSetup;
  private readonly dir: string;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  constructor(private readonly options: RecordedOptions) {
    this.fixture = readFixture(options.path, { checkImages: false });
    this.dir = options.path.endsWith('.json') ? dirname(options.path) : options.path;
    this.setup = recordedSetup(this.dir, this.fixture);
    const where = relative(process.cwd(), this.dir) || this.dir;
    if (this.fixture.game === 'sequence' || (this.fixture.frames.length === 0 && this.fixture.serial)) {
      this.kind = 'recorded-board';
      this.description = `recorded board log: ${where}`;
    } else if (options.recogniser) {
      this.kind = 'recorded-frames';
      this.description = `recorded frames, recognised by ${options.recogniser.name}: ${where}`;
    } else {
      this.kind = 'recorded-truth';
      this.description = `recorded truth (the fixture's own card positions, not recognition): ${where}`;
    }
  }

  get game(): string {
    return this.fixture.game;
  }

  async start(sink: SourceSink, resumeAfter: number | null = null): Promise<void> {
    if (this.kind === 'recorded-board') return this.startBoard(sink, resumeAfter);
    const speed = this.options.speed ?? 1;
    const frames = this.fixture.frames.filter((f) => resumeAfter === null || f.t_ms > resumeAfter);
    if (resumeAfter !== null) sink.status(`resuming the recording after ${(resumeAfter / 1000).toFixed(1)} s`);
    let size: [number, number] | null = null;
    const origin = performance.now();
    const firstMs = frames[0]?.t_ms ?? 0;
    const play = async (index: number): Promise<void> => {
      if (this.stopped) return;
      const frame = frames[index];
      if (!frame) return sink.ended();
      const jpeg = readFileSync(join(this.dir, frame.image));
      if (!size) {
        const meta = await sharp(jpeg).metadata();
        size = [meta.width ?? 0, meta.height ?? 0];
      }
      const image: FrameImage = { tMs: frame.t_ms, jpeg, width: size[0], height: size[1] };
      await sink.inspect(image);
      if (this.stopped) return;
      const observation = this.options.recogniser ? await this.options.recogniser.recognise(image, this.fixture.game, sink.calibration()) : truthObservation(frame);
      if (this.stopped) return;
      sink.table(observation, image);
      sink.position(frame.t_ms);
      // Every frame is read, even when reading falls behind the recording's pace: a recording
      // then plays slower rather than lose the frames a turn settles on.
      const nextIndex = index + 1;
      const next = frames[nextIndex];
      if (!next) return sink.ended();
      const wait = speed > 0 ? (next.t_ms - firstMs) / speed - (performance.now() - origin) : 0;
      this.timer = setTimeout(() => void play(nextIndex).catch((error: unknown) => sink.status(`replay stopped: ${String(error)}`)), Math.max(0, wait));
    };
    await play(0);
  }

  private async startBoard(sink: SourceSink, resumeAfter: number | null): Promise<void> {
    const log = this.fixture.serial ?? this.fixture.frames[0]?.serial;
    if (!log) throw new Error(`${this.dir}: a recorded Sequence session needs its serial log`);
    const source = new RecordedBoardSource(join(this.dir, log), this.options.speed ?? 1);
    await source.start(sink, resumeAfter);
    this.stopBoard = () => source.stop();
  }

  private stopBoard: (() => Promise<void>) | null = null;

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.stopBoard?.();
  }
}

/**
 * A board's recorded serial log (the bridge's own format) played through the bridge, exactly as
 * a live port's bytes would be. On resume the bytes before the cursor are played at once (the
 * bridge must see them to know the board), and only the later views reach the session.
 */
export class RecordedBoardSource implements Source {
  readonly kind: SourceKind = 'recorded-board';
  readonly description: string;
  private bridge: BoardBridge | null = null;

  constructor(private readonly path: string, private readonly speed = 1) {
    this.description = `recorded board log: ${relative(process.cwd(), path) || path}`;
  }

  async start(sink: SourceSink, resumeAfter: number | null = null): Promise<void> {
    const link = new LogLink({ path: this.path, speed: this.speed });
    const bridge = new BoardBridge(link, { leds: false, silenceMs: 1e9 });
    this.bridge = bridge;
    bridge.on('view', (view, tMs) => {
      if (resumeAfter !== null && tMs <= resumeAfter) return;
      sink.board({ tMs, cells: view.cells, synced: view.synced });
      sink.position(tMs);
    });
    bridge.on('button', (button, tMs) => {
      if (resumeAfter === null || tMs > resumeAfter) sink.button(button, tMs);
    });
    bridge.on('status', (text) => sink.status(text));
    bridge.on('ended', () => sink.ended());
    if (resumeAfter !== null) sink.status(`resuming the board log after ${(resumeAfter / 1000).toFixed(1)} s`);
    await bridge.start();
  }

  async stop(): Promise<void> {
    await this.bridge?.stop();
  }
}
