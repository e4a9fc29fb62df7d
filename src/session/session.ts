// One table's session: a source's observations through the smoother into the referee, every
// input appended to the log before it counts, and a view of the table for the dashboard after
// each change. After a restart the log is folded again and a recorded source resumes where the
// log says it had got to, so nothing is lost and nothing counts twice.
import { EventEmitter } from 'node:events';
import type { Placement } from '../rules/layout.js';
import { apply, corrected, initialState, judge, type Judged, type RefereeConfig, type RefereeState } from './referee.js';
import { Smoother, type SmootherOptions } from './smoothing.js';
import type { FrameImage, Source, SourceSink } from './sources/source.js';
import type { EventStore } from './store.js';
import type { BoardObservation, SeenCard, SessionInput, TableObservation, TableView } from './types.js';

export interface TableOptions {
  readonly id: string;
  readonly name?: string;
  readonly config: RefereeConfig;
  readonly playerNames?: readonly string[];
  readonly smoothing?: SmootherOptions;
}

export interface TableEvents {
  update: [view: TableView];
  frame: [image: FrameImage];
  /** The source has nothing more (a recording's end). */
  ended: [];
}

const TEAM_NAMES = ['Green', 'Blue', 'Red'];

export class TableSession extends EventEmitter<TableEvents> {
  readonly id: string;
  private state: RefereeState;
  private judged: Judged;
  private readonly smoother: Smoother;
  private seen: readonly SeenCard[] = [];
  private frameSize: [number, number] | null = null;
  private busy = false;
  private status: TableView['status'] = 'waiting';
  private statusText = 'waiting for the first frame';
  private boardLost = false;
  private lastPosition: number | null = null;
  private safePosition: number | null = null;
  private updatedMs = performance.timeOrigin + performance.now();
  private started = false;

  constructor(readonly options: TableOptions, private readonly store: EventStore | null, private source: Source | null) {
    super();
    this.id = options.id;
    let state = initialState(options.config);
    for (const input of store?.inputs(options.id) ?? []) state = apply(state, input);
    this.state = state;
    this.judged = judge(state);
    // What the log last believed is what the camera is taken to show until it settles elsewhere.
    this.smoother = new Smoother(options.smoothing, state.seen?.cards ?? state.after.at(-1)?.cards ?? state.start?.cards ?? null);
  }

  get sourceDescription(): string {
    return this.source?.description ?? 'no source';
  }

  /** Starts the source; a recorded one resumes after the log's cursor. */
  async start(): Promise<void> {
    if (!this.source || this.started) return;
    this.started = true;
    const cursor = this.store?.cursor(this.id);
    const resume = cursor && cursor.source === this.source.description ? cursor.position : null;
    this.safePosition = resume;
    this.lastPosition = resume;
    this.status = 'live';
    this.statusText = resume !== null ? 'resumed from the log' : 'live';
    await this.source.start(this.sink(), resume);
    this.changed();
  }

  async stop(): Promise<void> {
    await this.source?.stop();
    this.started = false;
  }

  /** Swaps the source (the demo loop restarts its recording; a browser camera takes over). */
  async replaceSource(source: Source | null, fromStart: boolean): Promise<void> {
    await this.stop();
    this.source = source;
    if (fromStart && source) this.store?.moveCursor(this.id, source.description, -1);
    if (fromStart) {
      this.safePosition = null;
      this.lastPosition = null;
    }
  }

  get currentSource(): Source | null {
    return this.source;
  }

  private sink(): SourceSink {
    return {
      table: (observation, image) => this.observeTable(observation, image),
      board: (view) => this.observeBoard(view),
      button: () => this.command({ kind: 'end-turn', by: 'button' }),
      status: (text) => {
        this.statusText = text;
        this.changed();
      },
      ended: () => {
        this.status = 'ended';
        this.statusText = 'the recording has ended';
        this.changed();
        this.emit('ended');
      },
      position: (position) => this.moveTo(position),
    };
  }

  /** One camera frame (recognised, or from a recording's truth). */
  observeTable(observation: TableObservation, image: FrameImage | null): void {
    if (image) {
      this.frameSize = [image.width, image.height];
      this.emit('frame', image);
    }
    const settled = this.smoother.push(observation);
    // A restart replays from the first frame of the run that has not settled yet.
    if (observation.busy) this.safePosition = this.lastPosition;
    else if (this.smoother.running === 1) this.safePosition = this.lastPosition;
    this.busy = observation.busy;
    this.seen = corrected(this.state, observation.cards).map((p, i) => ({ ...p, ...(observation.cards[i]?.corners ? { corners: observation.cards[i]!.corners! } : {}) }));
    if (this.status !== 'ended') this.status = 'live';
    if (settled) this.input({ kind: 'settled-table', tMs: observation.tMs, cards: corrected(this.state, settled) });
    else this.changed();
  }

  /** One board view from the bridge. */
  observeBoard(view: BoardObservation): void {
    if (!view.synced) {
      this.boardLost = true;
      this.status = 'lost';
      this.statusText = 'the board is out of touch; waiting for its snapshot';
      this.changed();
      return;
    }
    const resync = this.boardLost;
    this.boardLost = false;
    if (this.status === 'lost' || this.status === 'waiting') {
      this.status = 'live';
      this.statusText = 'live';
    }
    this.input({ kind: 'settled-board', tMs: view.tMs, cells: view.cells, ...(resync ? { resync: true } : {}) });
  }

  private moveTo(position: number): void {
    this.lastPosition = position;
    if (this.source?.kind.startsWith('recorded') && this.store) {
      // Camera recordings: the cursor stays before any run not settled yet. Board logs: each view counts.
      const safe = this.source.kind === 'recorded-board' ? position : this.safePosition;
      if (safe !== null) this.store.moveCursor(this.id, this.source.description, safe);
    }
  }

  /** An organiser's or a player's command (already checked by the server). */
  command(input: Extract<SessionInput, { kind: 'end-turn' | 'correct' | 'undo' | 'reset' }>): void {
    if (input.kind === 'reset') this.smoother.rebase(null);
    this.input(input);
  }

  private input(input: SessionInput): void {
    const before = this.judged.turns.length;
    const next = apply(this.state, input);
    const judged = judge(next);
    const derived: { type: string; data: unknown }[] = judged.turns.slice(before).flatMap((t) => [{ type: 'turn', data: t }, ...t.warnings.map((w) => ({ type: 'warning', data: { turn: t.number, ...w } }))]);
    if (next.notices !== this.state.notices && next.notices.length > 0) derived.push({ type: 'note', data: next.notices.at(-1)! });
    this.store?.append(this.id, input, derived);
    this.state = next;
    this.judged = judged;
    this.changed();
  }

  private changed(): void {
    this.updatedMs = performance.timeOrigin + performance.now();
    this.emit('update', this.view());
  }

  /** What any viewer may see of this table. */
  view(): TableView {
    const { config } = this.state;
    const j = this.judged;
    const players = config.game === 'sequence' ? (config.teams ?? 2) : config.players;
    const playerNames = this.options.playerNames ?? Array.from({ length: players }, (_, i) => (config.game === 'sequence' ? TEAM_NAMES[i]! : `Player ${i + 1}`));
    const lastTurn = j.turns.at(-1);
    const lastTurnCells = lastTurn ? [...lastTurn.added, ...lastTurn.moved.map((m) => ({ row: m.to[0], col: m.to[1] }))].map((p) => [p.row, p.col] as const) : [];
    return {
      id: this.id,
      name: this.options.name ?? this.id,
      game: config.game,
      players,
      playerNames,
      source: this.sourceDescription,
      sourceKind: this.source?.kind ?? 'none',
      status: this.status,
      statusText: this.statusText,
      table: j.table as Placement[],
      lastTurnCells,
      board: j.board,
      sequences: j.sequences,
      scores: j.scores,
      current: j.current,
      turns: j.turns,
      warnings: j.turns.flatMap((t) => t.warnings.map((w) => ({ ...w, turn: t.number, player: t.player }))),
      winner: j.winner,
      seen: this.seen,
      frameSize: this.frameSize,
      busy: this.busy,
      notices: this.state.notices,
      updatedMs: this.updatedMs,
      pending: j.pending,
      turnEnds: config.turnEnds,
    };
  }

  /** The whole log of this table (inputs, judged turns, warnings, notes). */
  exportLog(): unknown {
    return { format: 'seqref-session-export', version: 1, table: this.id, config: this.state.config, view: this.view(), events: this.store?.events(this.id) ?? [] };
  }
}
