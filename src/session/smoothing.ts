// Temporal smoothing: a camera sees a table many times a second, and most of those frames show
// a hand, a card in flight or a misread. A table state counts once it has been seen steadily:
// the same cards on the same cells for `steadyFrames` frames in a row, none of them busy. A hand
// over the table (a busy frame) breaks the run, so it is never taken for a move. Pure: frames in,
// settled states out; time comes from the frames themselves.
import type { Placement } from '../rules/layout.js';
import type { TableObservation } from './types.js';

export interface SmootherOptions {
  /** Frames in a row showing the same table before it counts (default 3). */
  readonly steadyFrames?: number;
  /** ...and at least this long between the first and the last of them (default 0). */
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

export class Smoother {
  private readonly steadyFrames: number;
  private readonly steadyMs: number;
  private runKey: string | null = null;
  private runCount = 0;
  private runStartMs = 0;
  private settledKey: string | null;

  /** `settled`: the state already believed (after a restart, the last one in the log). */
  constructor(options: SmootherOptions = {}, settled: readonly Placement[] | null = null) {
    this.steadyFrames = Math.max(1, options.steadyFrames ?? 3);
    this.steadyMs = Math.max(0, options.steadyMs ?? 0);
    this.settledKey = settled ? tableKey(settled) : null;
  }

  /** Takes one frame; returns the table when a new state has just settled, else null. */
  push(observation: TableObservation): Placement[] | null {
    if (observation.busy) {
      this.runKey = null;
      this.runCount = 0;
      return null;
    }
    const key = tableKey(observation.cards);
    if (key === this.runKey) {
      this.runCount++;
    } else {
      this.runKey = key;
      this.runCount = 1;
      this.runStartMs = observation.tMs;
    }
    const steady = this.runCount >= this.steadyFrames && observation.tMs - this.runStartMs >= this.steadyMs;
    if (!steady || key === this.settledKey) return null;
    this.settledKey = key;
    return plain(observation.cards);
  }

  /** Frames in the current steady run (0 after a busy frame). */
  get running(): number {
    return this.runCount;
  }

  /** Forget the believed state (after a reset or an undo the next steady state counts again). */
  rebase(settled: readonly Placement[] | null): void {
    this.settledKey = settled ? tableKey(settled) : null;
  }
}
