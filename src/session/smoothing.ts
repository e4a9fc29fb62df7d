// Temporal smoothing: a camera sees a table many times a second, and most of those frames show
// a hand, a card in flight or a misread. A table state counts once it has been seen steadily:
// the same cards on the same cells for `steadyFrames` frames in a row, none of them busy. A hand
// over the table (a busy frame) breaks the run, so it is never taken for a move. Each frame's
// cards are first put to the vote of the frames before it with the same cells taken (a few at
// most, none before the last hand): each cell holds the card most of them read there, so one card
// misread in one frame does not break the run of a table of twenty cards. A change of the cells
// taken is a change of the table and starts a new vote at once; with clean frames the vote
// changes nothing. One exception:
// the table seen from the very first frame, before any hand has come over it, is the table the
// game starts from, however briefly it was shown (a recording may hold it for a second only), so
// the first busy frame settles it. Pure: frames in, settled states out; time comes from the frames.
import type { Placement } from '../rules/layout.js';
import type { TableObservation } from './types.js';

export interface SmootherOptions {
  /** Frames in a row showing the same table before it counts (default DEFAULT_STEADY.frames)... */
  readonly steadyFrames?: number;
  /** ...and at least this long between the first and the last of them (default DEFAULT_STEADY.ms). */
  readonly steadyMs?: number;
}

export function tableKey(cards: readonly Placement[]): string {
  return cards
    .map((c) => `${c.card}@${c.row},${c.col}`)
    .sort()
    .join(' ');
}

function plain(cards: readonly Placement[]): Placement[] {
  return cards.map((c) => ({ card: c.card, row: c.row, col: c.col })).sort((a, b) => a.row - b.row || a.col - b.col || (a.card < b.card ? -1 : 1));
}

/**
 * A table counts once it has been seen clear of hands in two frames in a row, at least 0.4 s
 * apart: a recording at 2 frames a second holds a settled table for two frames, a live camera
 * sees it still for a dozen.
 */
export const DEFAULT_STEADY = { frames: 2, ms: 400 } as const;

export class Smoother {
  private readonly steadyFrames: number;
  private readonly steadyMs: number;
  private runKey: string | null = null;
  private runCount = 0;
  private runStartMs = 0;
  private settledKey: string | null;
  /** No busy frame yet and nothing settled: the run so far is the opening table. */
  private opening: boolean;
  private runCards: readonly Placement[] = [];
  /** The frames since the last busy one (the most recent few): the vote. */
  private window: Map<string, string>[] = [];
  private voted: Map<string, string> | null = null;

  /** `settled`: the state already believed (after a restart, the last one in the log). */
  constructor(options: SmootherOptions = {}, settled: readonly Placement[] | null = null) {
    this.steadyFrames = Math.max(1, options.steadyFrames ?? DEFAULT_STEADY.frames);
    this.steadyMs = Math.max(0, options.steadyMs ?? DEFAULT_STEADY.ms);
    this.settledKey = settled ? tableKey(settled) : null;
    this.opening = settled === null;
  }

  /** Takes one frame; returns the table when a new state has just settled, else null. */
  push(observation: TableObservation): Placement[] | null {
    if (observation.busy) {
      // Two frames at least, so one misread first frame is not taken for the opening table.
      const opened = this.opening && this.runKey !== null && this.runCount >= Math.min(2, this.steadyFrames) && this.runKey !== this.settledKey;
      this.opening = false;
      const key = this.runKey;
      this.runKey = null;
      this.runCount = 0;
      this.window = [];
      this.voted = null;
      if (!opened) return null;
      this.settledKey = key;
      return plain(this.runCards);
    }
    const cards = this.vote(observation.cards);
    const key = tableKey(cards);
    if (key === this.runKey) {
      this.runCount++;
    } else {
      // A change before any hand came over the table: not the opening table after all.
      if (this.runKey !== null) this.opening = false;
      this.runKey = key;
      this.runCount = 1;
      this.runStartMs = observation.tMs;
      this.runCards = cards;
    }
    const steady = this.runCount >= this.steadyFrames && observation.tMs - this.runStartMs >= this.steadyMs;
    if (!steady || key === this.settledKey) return null;
    this.opening = false;
    this.settledKey = key;
    return plain(cards);
  }

  /**
   * The frame's cards as the frames before it with the same cells taken read them: each cell
   * holds the cards most of them read there (a tie: the last vote's, else the newest).
   */
  private vote(cards: readonly Placement[]): Placement[] {
    const frame = new Map<string, string>();
    for (const c of cards) {
      const cell = `${c.row},${c.col}`;
      frame.set(cell, frame.has(cell) ? `${frame.get(cell)}\n${c.card}` : c.card);
    }
    const cells = [...frame.keys()].sort().join(' ');
    const last = this.window.at(-1);
    if (!last || [...last.keys()].sort().join(' ') !== cells) {
      this.window = [];
      this.voted = null;
    }
    this.window.push(frame);
    if (this.window.length > this.steadyFrames + 2) this.window.shift();
    const before = this.voted;
    const voted = new Map<string, string>();
    for (const cell of frame.keys()) {
      const seen = this.window.map((f) => f.get(cell)!);
      const counts = new Map<string, number>();
      for (const v of seen) counts.set(v, (counts.get(v) ?? 0) + 1);
      const most = Math.max(...counts.values());
      const tied = [...counts].filter(([, c]) => c === most).map(([v]) => v);
      const previous = before?.get(cell);
      voted.set(cell, previous !== undefined && tied.includes(previous) ? previous : seen.filter((v) => tied.includes(v)).at(-1)!);
    }
    this.voted = voted;
    return [...voted].flatMap(([cell, content]) => {
      const [row, col] = cell.split(',').map(Number) as [number, number];
      return content.split('\n').map((card) => ({ card, row, col }));
    });
  }

  /** Frames in the current steady run (0 after a busy frame). */
  get running(): number {
    return this.runCount;
  }

  /** Forget the believed state (after a reset or an undo the next steady state counts again). */
  rebase(settled: readonly Placement[] | null): void {
    this.settledKey = settled ? tableKey(settled) : null;
    this.window = [];
    this.voted = null;
    // After a reset a new game starts: its opening table counts again.
    this.opening = settled === null;
  }
}
