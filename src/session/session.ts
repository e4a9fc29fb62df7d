// One table's session: a source's observations through the smoother into the referee, every
// input appended to the log before it counts, and a view of the table for the dashboard after
// each change. After a restart the log is folded again and a recorded source resumes where the
// log says it had got to, so nothing is lost and nothing counts twice. A table with a calibration
// profile has its camera watched for bumps (camera-watch.ts); a switch of profile is logged too.
import { EventEmitter } from 'node:events';
import type { CalibrationProfile } from '../calibration/profile.js';
import type { Placement } from '../rules/layout.js';
import { apply, corrected, initialState, judge, playerAt, type Judged, type RefereeConfig, type RefereeState } from './referee.js';
import { alignToTable } from './align.js';
import { stacksFit } from './games/stacks.js';
import { cellOf, placedOf, resultWords } from './games/common.js';
import { CameraWatch, type CalibrationEvent, type CameraWatchOptions } from './camera-watch.js';
import { Smoother, type SmootherOptions } from './smoothing.js';
import { HandWatch } from './hands.js';
import { changedUnder, type Thumbnail } from './motion.js';
import type { FrameImage, Source, SourceSink } from './sources/source.js';
import type { EventStore } from './store.js';
import { gameRecord, type GameRecord } from './record.js';
import { DECK_DOUBT_TEXT, DeckDoubt } from './deck-doubt.js';
import type { BoardObservation, SeenCard, SessionInput, TableObservation, TableView } from './types.js';

export interface TableOptions {
  readonly id: string;
  readonly name?: string;
  readonly config: RefereeConfig;
  readonly playerNames?: readonly string[];
  readonly smoothing?: SmootherOptions;
  /** The camera's calibration profile: recognition uses it, and the markers are watched for a bumped camera. */
  readonly profile?: CalibrationProfile;
  readonly cameraWatch?: CameraWatchOptions;
}

/** What an organiser (or a board's button) may ask of a table. */
export type Command = Extract<SessionInput, { kind: 'end-turn' | 'correct' | 'undo' | 'reset' | 'credit' | 'merge' | 'assign' | 'dismiss' }>;

export interface TableEvents {
  update: [view: TableView];
  frame: [image: FrameImage];
  /** The source has nothing more (a recording's end). */
  ended: [];
  /** The camera's calibration changed (a bump noticed: recalibrated, or could not be). */
  calibration: [event: CalibrationEvent];
}

const TEAM_NAMES = ['Green', 'Blue', 'Red'];

/**
 * The hands over the table since it last settled, from the edge each hand frame saw one cross:
 * runs of at least two frames naming one edge (an arm in a sleeve the table's colour shows only its
 * fingers, which may touch the far edge for a frame), in order, each with the index of its first
 * frame in `edges`.
 */
function handRuns(edges: readonly (number | null)[]): { edge: number; from: number }[] {
  const seen = edges.flatMap((edge, at) => (edge === null ? [] : [{ edge, at }]));
  const runs: { edge: number; from: number }[] = [];
  for (let start = 0; start < seen.length; ) {
    let end = start + 1;
    while (end < seen.length && seen[end]!.edge === seen[start]!.edge) end++;
    if (end - start >= 2) runs.push({ edge: seen[start]!.edge, from: seen[start]!.at });
    start = end;
  }
  return runs;
}

/** The edge the last hand came in across (several may come before the table settles: the last made the change). */
export function lastHandEdge(edges: readonly (number | null)[]): number | null {
  return handRuns(edges).at(-1)?.edge ?? null;
}

/** Whether two points of the frame are close enough to be one card's place. */
type Near = (a: readonly [number, number], b: readonly [number, number]) => boolean;

/** A card's place in the picture that changed less than this share since the table settled shows the same card. */
const UNCHANGED_SHARE = 0.15;

/**
 * The cards of the last settled table that a frame misses (the reader lost them to glare or a
 * shadow) while their place in the picture looks as it did then: they still lie there.
 */
function stillLying(settled: { thumb: Thumbnail; cards: readonly SeenCard[] }, thumb: Thumbnail, seen: readonly SeenCard[], close: Near): SeenCard[] {
  return settled.cards.filter((c) => {
    const centre = centreOf(c.corners!);
    if (seen.some((o) => (o.row === c.row && o.col === c.col) || (o.corners && close(centreOf(o.corners), centre)))) return false;
    return changedUnder(settled.thumb, thumb, c.corners!) < UNCHANGED_SHARE;
  });
}

/** A card lying where the camera saw a cell's card still is on that cell, whatever one frame's grid says (a pile's new top card, a discard a column over). */
function onSeenCell(c: SeenCard, cellCentres: ReadonlyMap<string, readonly [number, number]>, close: Near): SeenCard {
  if (!c.corners) return c;
  const centre = centreOf(c.corners);
  let best: { cell: string; d: number } | null = null;
  for (const [cell, where] of cellCentres) {
    const d = Math.hypot(where[0] - centre[0], where[1] - centre[1]);
    if (close(where, centre) && (!best || d < best.d)) best = { cell, d };
  }
  if (!best) return c;
  const [row, col] = best.cell.split(',').map(Number) as [number, number];
  return { ...c, row, col };
}

function centreOf(corners: readonly (readonly [number, number])[]): [number, number] {
  return [corners.reduce((s, p) => s + p[0], 0) / corners.length, corners.reduce((s, p) => s + p[1], 0) / corners.length];
}

/**
 * Board changes closer together than this (on the board's own clock) are one move: a player who
 * puts two chips down at once reaches the board as two space changes a few hundred milliseconds
 * apart, and a move is what the referee judges. Turns take seconds.
 */
export const BOARD_SETTLE_MS = 700;

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
  /** A board view not yet judged: more spaces may still change with it. */
  private pendingBoard: { view: BoardObservation; resync: boolean } | null = null;
  private boardTimer: NodeJS.Timeout | null = null;
  private boardCommittedMs: number | null = null;
  /** The last recognised frame's cards on the believed cells (the reference before anything settles). */
  private lastAligned: readonly SeenCard[] = [];
  /** The last recognised frame's named cards (on the believed cells) and where they lay. */
  private lastNamed: readonly { card: SeenCard; centre: readonly [number, number] }[] = [];
  /** The first frame that read any card, where it read one alone: the game's first card, maybe (undefined: no card read yet). */
  private firstSeen: SeenCard | null | undefined;
  /** Where in the frame each cell's card lay when last seen still (a fixed camera sees a cell in one place). */
  private readonly cellCentres = new Map<string, readonly [number, number]>();
  /** Null without a profile. */
  private readonly camera: CameraWatch | null;
  private readonly hands = new HandWatch();
  private readonly deckDoubt = new DeckDoubt();
  /** The last settled table's outlined cards and the frame then (thumbnail). */
  private settledSight: { thumb: Thumbnail; cards: readonly SeenCard[] } | null = null;
  /** The last frame's cards as read (none kept from before), and that frame. */
  private lastRead: { thumb: Thumbnail; cards: readonly SeenCard[] } | null = null;
  /** Since the table last settled: the frames seen, the edge each hand frame saw an arm cross (and which frame), and the frame each card was first seen in (by name: one frame's grid may put it a cell over). */
  private framesSinceSettled = 0;
  private handEdges: { edge: number | null; frame: number }[] = [];
  private readonly cardSeenAt = new Map<string, number>();
  /** The players' (teams') names, where the event or the organiser gave them. */
  private names: readonly string[] | null;

  constructor(readonly options: TableOptions, private readonly store: EventStore | null, private source: Source | null) {
    super();
    this.id = options.id;
    this.names = options.playerNames ?? null;
    let state = initialState(options.config);
    for (const input of store?.inputs(options.id) ?? []) state = apply(state, input);
    this.state = state;
    this.judged = judge(state);
    // What the log last believed is what the camera is taken to show until it settles elsewhere.
    this.smoother = new Smoother(options.smoothing, state.seen?.cards ?? state.after.at(-1)?.cards ?? state.start?.cards ?? null);
    // A restart carries on with the profile the log last switched to (for the same starting profile).
    this.camera = options.profile ? new CameraWatch(options.profile, options.cameraWatch, (store?.ofType(options.id, 'calibration') ?? []) as CalibrationEvent[]) : null;
  }

  /** The profile recognition uses now (null: none, or the camera moved and could not be recalibrated). */
  get calibration(): CalibrationProfile | null {
    return this.camera?.current ?? null;
  }

  /**
   * A camera frame before it is read: every few frames its markers are checked against the
   * profile, and a bumped camera is recalibrated (logged, and told to the dashboard) before the
   * frame is recognised with the new profile.
   */
  async inspectFrame(image: FrameImage): Promise<void> {
    if (!this.camera) return;
    let event: CalibrationEvent | null;
    try {
      event = await this.camera.inspect(image);
    } catch (error) {
      // A frame that cannot be checked (undecodable) is no reason to stop reading the table.
      this.statusText = `the camera check failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      this.changed();
      return;
    }
    if (!event) return;
    // The camera moved: where it saw each cell no longer holds, nor what the table looked like.
    this.cellCentres.clear();
    this.hands.reset();
    this.settledSight = null;
    this.lastRead = null;
    this.firstSeen = undefined;
    this.store?.note(this.id, 'calibration', event);
    this.emit('calibration', event);
    this.changed();
  }

  get sourceDescription(): string {
    return this.source?.description ?? 'no source';
  }

  /** Starts the source; a recorded one resumes after the log's cursor. */
  async start(): Promise<void> {
    if (!this.source || this.started) return;
    this.started = true;
    const cursor = this.store?.cursor(this.id);
    // A cursor before the first position means "from the start" (a looped recording).
    const resume = cursor && cursor.source === this.source.description && cursor.position >= 0 ? cursor.position : null;
    this.safePosition = resume;
    this.lastPosition = resume;
    this.status = 'live';
    this.statusText = resume !== null ? 'resumed from the log' : 'live';
    await this.source.start(this.sink(), resume);
    this.changed();
  }

  async stop(): Promise<void> {
    await this.source?.stop();
    this.commitBoard();
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
        this.commitBoard();
        this.status = 'ended';
        this.statusText = 'the recording has ended';
        this.changed();
        this.emit('ended');
      },
      position: (position) => this.moveTo(position),
      inspect: (image) => this.inspectFrame(image),
      calibration: () => this.calibration,
    };
  }

  /** One camera frame (recognised, or from a recording's truth). */
  observeTable(given: TableObservation, image: FrameImage | null): void {
    if (image) {
      this.frameSize = [image.width, image.height];
      this.emit('frame', image);
    }
    // Recognised frames only: a recording's truth names every card.
    if (given.thumbnail && this.deckDoubt.add(given)) this.changed();
    // Between a check that saw the markers moved and the one that confirms or clears it, what the
    // camera shows may be shifting: nothing settles on those frames.
    let observation = this.camera?.suspect && !given.busy ? { ...given, busy: true } : given;
    // A hand over the table: nothing settles until it has gone.
    if (given.thumbnail) {
      const sight = this.hands.push(given.thumbnail, given.tMs, given.cards.flatMap((c) => (c.corners ? [c.corners] : [])));
      if (sight.hand) {
        observation = { ...observation, busy: true };
        this.handEdges.push({ edge: sight.edge, frame: this.framesSinceSettled });
      }
    }
    const near = this.frameSize ? this.frameSize[0] * 0.03 : 30;
    const close = (a: readonly [number, number], b: readonly [number, number]): boolean => Math.hypot(a[0] - b[0], a[1] - b[1]) <= near;
    if (given.relativeCells) {
      // The recogniser's own grid, put on the cells of the table believed (or the last frame's).
      observation = { ...observation, cards: alignToTable(given.cards, this.believedTable(), this.lastAligned) };
    } else if (given.anchor) {
      // The table's own cells, or the same turned half round the anchor: whichever agrees more
      // with the table believed, the last frame and where the fixed camera saw each cell's card.
      const [ar, ac] = given.anchor;
      const turned = given.cards.map((c) => ({ ...c, row: 2 * ar - c.row, col: 2 * ac - c.col }));
      const agreement = (cards: readonly SeenCard[]): number =>
        cards.reduce((sum, c) => {
          const at = (list: readonly Placement[]): boolean => list.some((p) => p.card === c.card && p.row === c.row && p.col === c.col);
          const where = this.cellCentres.get(`${c.row},${c.col}`);
          return sum + (at(this.believedTable()) ? 2 : 0) + (at(this.lastAligned) ? 1 : 0) + (where && c.corners && close(where, centreOf(c.corners)) ? 1 : 0);
        }, 0);
      const [kept, other] = [agreement(given.cards), agreement(turned)];
      // Nothing seen before to go by (a lone first card, maybe laid the other way round): the way
      // the game's spaces fit it better, for the player whose hand came (or whose turn it is).
      const actor = playerAt(this.state.config, lastHandEdge(this.handEdges.map((h) => h.edge)) ?? undefined) ?? this.judged.current;
      const fit = (cards: readonly SeenCard[]): number => (this.state.config.game === 'sequence-stacks' ? stacksFit(cards, actor, this.state.config.players) : 0);
      if (other > kept || (other === kept && fit(turned) > fit(given.cards))) observation = { ...observation, cards: turned };
    }
    if (this.cellCentres.size > 0) observation = { ...observation, cards: observation.cards.map((c) => onSeenCell(c, this.cellCentres, close)) };
    if (this.firstSeen === undefined && given.cards.length > 0) this.firstSeen = given.cards.length === 1 && given.cards[0]!.corners ? given.cards[0]! : null;
    if (given.unread) {
      // A face the reader cannot name where the last frame had a card is that card read worse
      // (glare, blur, a hand over part of it): it keeps its name.
      const kept: SeenCard[] = [];
      for (const u of given.unread) {
        const named = this.lastNamed.find((c) => close(c.centre, u));
        if (named && !observation.cards.some((c) => c.row === named.card.row && c.col === named.card.col)) kept.push(named.card);
      }
      observation = { ...observation, cards: [...observation.cards, ...kept] };
    }
    // Cards the reader misses in this frame while their place looks as it did when the table
    // settled, or in the last frame that read them (a face read in every other frame).
    const read = observation.cards.filter((c) => c.corners);
    if (given.thumbnail && !observation.busy) {
      for (const sight of [this.settledSight, this.lastRead]) {
        const kept = sight ? stillLying(sight, given.thumbnail, observation.cards, close) : [];
        if (kept.length > 0) observation = { ...observation, cards: [...observation.cards, ...kept] };
      }
    }
    this.lastRead = given.thumbnail ? { thumb: given.thumbnail, cards: read } : null;
    if (given.relativeCells || given.anchor) {
      if (!observation.busy) {
        this.lastAligned = observation.cards;
        // Anchored frames only: a relative grid aligned by names can put two copies of a card
        // (Stacks has several) on each other's cells.
        if (given.anchor) for (const c of observation.cards) if (c.corners) this.cellCentres.set(`${c.row},${c.col}`, centreOf(c.corners));
      }
      this.lastNamed = observation.cards.filter((c) => c.corners).map((c) => ({ card: c, centre: centreOf(c.corners!) }));
    }
    const settled = this.smoother.push(observation);
    // A restart replays from the first frame of the run that has not settled yet.
    if (observation.busy) this.safePosition = this.lastPosition;
    else if (this.smoother.running === 1) this.safePosition = this.lastPosition;
    this.busy = observation.busy;
    this.seen = corrected(this.state, observation.cards).map((p, i) => ({ ...p, ...(observation.cards[i]?.corners ? { corners: observation.cards[i]!.corners! } : {}) }));
    if (this.status !== 'ended') this.status = 'live';
    const frame = this.framesSinceSettled++;
    for (const c of observation.cards) if (!this.cardSeenAt.has(c.card)) this.cardSeenAt.set(c.card, frame);
    if (settled) {
      const runs = handRuns(this.handEdges.map((h) => h.edge));
      const edge = runs.at(-1)?.edge ?? null;
      const earlier = this.earlierTurn(settled, observation.tMs, runs);
      this.handEdges = [];
      this.cardSeenAt.clear();
      this.framesSinceSettled = 0;
      if (earlier) this.input(earlier);
      if (given.thumbnail) for (const reread of this.readAgain(settled, given.thumbnail)) this.input(reread);
      const outlined = observation.cards.filter((c) => c.corners);
      if (given.thumbnail) this.settledSight = { thumb: given.thumbnail, cards: outlined };
      const dealt = this.state.start === null ? this.dealtCard(outlined, given.thumbnail, close) : null;
      this.input({ kind: 'settled-table', tMs: observation.tMs, cards: corrected(this.state, settled), ...(edge !== null ? { edge } : {}), ...(dealt !== null ? { dealt } : {}) });
    } else this.changed();
  }

  /** The table the referee believes now: the last settled one, else the last turn's, else the start. */
  private believedTable(): readonly Placement[] {
    return this.state.seen?.cards ?? this.state.after.at(-1)?.cards ?? this.state.start?.cards ?? [];
  }

  /**
   * TIC cards of the last settled table whose cell now shows another name while their place in the
   * picture looks as it did: the same card read better (a card is never replaced unseen there: a
   * claim or a take-back shows the table), corrected as the organiser would.
   */
  private readAgain(settled: readonly Placement[], thumb: Thumbnail): SessionInput[] {
    const sight = this.settledSight;
    const table = this.state.seen?.cards ?? this.state.start?.cards;
    if (!sight || !table || this.state.config.game === 'sequence-stacks') return [];
    const now = new Set(settled.map((p) => p.card));
    const was = new Set(table.map((p) => p.card));
    return table.flatMap((p) => {
      const there = settled.find((q) => q.row === p.row && q.col === p.col);
      const place = sight.cards.find((c) => c.row === p.row && c.col === p.col);
      if (!there || !place || now.has(p.card) || was.has(there.card)) return [];
      if (changedUnder(sight.thumb, thumb, place.corners!) >= UNCHANGED_SHARE) return [];
      return [{ kind: 'correct', row: p.row, col: p.col, card: there.card, reread: true } as const];
    });
  }

  /**
   * Before the game's start is known, the card that lay there since the first frame: the one read
   * first, alone, where it lies now; else the one whose place changed least since (hands.ts).
   */
  private dealtCard(outlined: readonly SeenCard[], thumb: Thumbnail | undefined, close: Near): string | null {
    const first = this.firstSeen;
    const stayed = first && outlined.find((c) => c.card === first.card && close(centreOf(c.corners!), centreOf(first.corners!)));
    if (stayed) return stayed.card;
    const oldest = thumb ? this.hands.oldest(thumb, outlined.map((c) => c.corners!)) : null;
    return oldest === null ? null : outlined[oldest]!.card;
  }

  /**
   * Two hands from different seats before the table settled, and cards that came before the last
   * hand and after it: two turns the camera saw settle as one. The earlier turn's table (the cards
   * that came before the last hand) is its own settled state, from its own seat.
   */
  private earlierTurn(settled: readonly Placement[], tMs: number, runs: readonly { edge: number; from: number }[]): SessionInput | null {
    const [before, last] = runs.slice(-2);
    if (!before || !last || this.state.start === null) return null;
    const seat = (edge: number): number | undefined => playerAt(this.state.config, edge);
    if (seat(before.edge) === undefined || seat(last.edge) === undefined || seat(before.edge) === seat(last.edge)) return null;
    const split = this.handEdges[last.from]!.frame;
    const was = this.believedTable();
    const had = new Set(was.map(placedOf));
    const late = settled.filter((p) => !had.has(placedOf(p)) && (this.cardSeenAt.get(p.card) ?? split) >= split);
    const early = settled.filter((p) => !had.has(placedOf(p)) && !late.includes(p));
    if (early.length === 0 || late.length === 0) return null;
    // Where a late card covers a pile, the earlier table shows what lay there.
    const lateCells = new Set(late.map(cellOf));
    const now = new Set(settled.map(placedOf));
    const cards = [...settled.filter((p) => !late.includes(p)), ...was.filter((p) => lateCells.has(cellOf(p)) && !now.has(placedOf(p)))];
    return { kind: 'settled-table', tMs: tMs - 1, cards: corrected(this.state, cards), edge: before.edge };
  }

  /** One board view from the bridge; judged once the spaces that change with it have changed. */
  observeBoard(view: BoardObservation): void {
    if (!view.synced) {
      this.commitBoard();
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
    const pending = this.pendingBoard;
    if (pending && view.tMs - pending.view.tMs >= BOARD_SETTLE_MS) this.commitBoard();
    this.pendingBoard = { view, resync: resync || (this.pendingBoard?.resync ?? false) };
    if (this.boardTimer) clearTimeout(this.boardTimer);
    // A live board may say nothing more for a while: judge the move once it has been still.
    this.boardTimer = setTimeout(() => this.commitBoard(), BOARD_SETTLE_MS);
    this.boardTimer.unref();
    this.changed();
  }

  /** Judges the board view waiting for its move to finish. */
  private commitBoard(): void {
    if (this.boardTimer) clearTimeout(this.boardTimer);
    this.boardTimer = null;
    const pending = this.pendingBoard;
    if (!pending) return;
    this.pendingBoard = null;
    this.boardCommittedMs = pending.view.tMs;
    this.input({ kind: 'settled-board', tMs: pending.view.tMs, cells: pending.view.cells, ...(pending.resync ? { resync: true } : {}) });
    if (this.source?.kind === 'recorded-board' && this.store) this.store.moveCursor(this.id, this.source.description, pending.view.tMs);
  }

  private moveTo(position: number): void {
    this.lastPosition = position;
    if (this.source?.kind.startsWith('recorded') && this.store) {
      // Camera recordings: the cursor stays before any run not settled yet. Board logs: before any
      // move still waiting for its spaces.
      const safe = this.source.kind === 'recorded-board' ? (this.pendingBoard ? this.boardCommittedMs : position) : this.safePosition;
      if (safe !== null) this.store.moveCursor(this.id, this.source.description, safe);
    }
  }

  /**
   * An organiser's or a player's command (already checked by the server), logged and judged at
   * once: whether it changed what the referee says, and the referee's words on it.
   */
  command(input: Command): { changed: boolean; message: string } {
    if (input.kind === 'reset') this.smoother.rebase(null);
    const outcome = (): string => JSON.stringify([this.judged.turns, this.judged.scores, this.judged.table, this.judged.board, this.judged.result, this.judged.current]);
    const before = outcome();
    const notices = this.state.notices;
    this.input(input);
    const said = this.state.notices !== notices ? (this.state.notices.at(-1) ?? '') : '';
    const changed = input.kind === 'reset' || outcome() !== before;
    return { changed, message: said || (changed ? 'the table was judged again' : 'nothing changed') };
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

  /** The camera reads another deck from now on: its doubt starts afresh, and the dashboard hears. */
  deckChanged(): void {
    this.deckDoubt.clear();
    this.changed();
  }

  private changed(): void {
    this.updatedMs = performance.timeOrigin + performance.now();
    this.emit('update', this.view());
  }

  /** How many seats the game has: players, or Sequence teams. */
  get seats(): number {
    const { config } = this.state;
    return config.game === 'sequence' ? (config.teams ?? 2) : config.players;
  }

  /** Names the seats (the event's pairing, the organiser's edit); null: the default names. */
  setPlayerNames(names: readonly string[] | null): void {
    if (names && names.length !== this.seats) throw new Error(`table ${this.id} seats ${this.seats}, not ${names.length}`);
    if (JSON.stringify(names) === JSON.stringify(this.names)) return;
    this.names = names;
    this.changed();
  }

  private playerNames(): readonly string[] {
    return this.names ?? Array.from({ length: this.seats }, (_, i) => (this.state.config.game === 'sequence' ? TEAM_NAMES[i]! : `Player ${i + 1}`));
  }

  /** Which game at this table is in play: 1, then one more at each reset (the same after a restart). */
  get gameNumber(): number {
    return this.state.game;
  }

  /** The game at this table so far (since the last reset), turn by turn with the table as it was. */
  record(): GameRecord {
    return gameRecord(this.state, { id: this.id, name: this.options.name ?? this.id, playerNames: this.playerNames() });
  }

  /** What any viewer may see of this table. */
  view(): TableView {
    const { config } = this.state;
    const j = this.judged;
    const players = this.seats;
    const playerNames = this.playerNames();
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
      deck: this.source?.deck ?? null,
      deckDoubt: this.deckDoubt.doubtful ? DECK_DOUBT_TEXT : null,
      // The game's own end outranks the source's state: a won game is over while its camera runs on.
      status: j.result ? 'ended' : this.status,
      statusText: j.result ? `game over: ${resultWords(j.result, (p) => playerNames[p] ?? `Player ${p + 1}`)}` : this.statusText,
      table: j.table as Placement[],
      lastTurnCells,
      board: j.board,
      sequences: j.sequences,
      scores: j.scores,
      scoreUnit: j.scoreUnit,
      scoreNotes: j.scoreNotes,
      info: j.info,
      current: j.current,
      turns: j.turns,
      warnings: j.turns.flatMap((t, index) => t.warnings.map((w) => ({ ...w, turn: t.number, index, player: t.player, ...(t.withdrawn ? { withdrawn: true } : {}), standing: !t.withdrawn && w.dismissed === undefined }))),
      winner: j.result && j.result.winners.length > 0 ? j.result.winners.map((p) => playerNames[p] ?? `Player ${p + 1}`).join(' and ') : null,
      result: j.result,
      seen: this.seen,
      frameSize: this.frameSize,
      busy: this.busy,
      notices: this.state.notices,
      updatedMs: this.updatedMs,
      pending: j.pending,
      turnEnds: config.turnEnds,
      calibration: this.camera?.view() ?? null,
    };
  }

  /** The whole log of this table (inputs, judged turns, warnings, notes). */
  exportLog(): unknown {
    return { format: 'seqref-session-export', version: 1, table: this.id, config: this.state.config, view: this.view(), events: this.store?.events(this.id) ?? [] };
  }
}
