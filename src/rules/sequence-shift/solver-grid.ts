// The solver's fast layer: cards as ids 0..124, cells as numbers, and a depth-first search that
// adds hand cards to a layout that stays where it is (extending runs, crossing through table
// cards, new separate sequences), each step keeping the table legal.
//
// Why stepwise legality loses nothing: take any legal final table F that holds the layout L.
// Add F's new cards one at a time, each touching a card already down, except that a group of
// new cards touching nothing of L starts with two touching cards laid together. Every maximal
// run along the way is a contiguous piece of a run of F (removing cards only splits runs), so it
// is a Duo or Tripo whenever it has 2+ cards, and every card touches another. So every legal
// final table is reached through legal tables, and the search over these steps is complete.
import { ticId, ticName, ticValues } from '../../cards/tic.js';
import type { Placement } from '../layout.js';
import { NEIGHBOUR_STEPS } from '../layout.js';
import { oneStepMask, maskSize } from '../tic-sequence.js';

export const CARD_COUNT = 125;
/** A Duo can be at most 5 cards long: values run 1..5 and never wrap. */
export const MAX_RUN = 5;

/** VALUES[id * 3 + p]: the card's rank 1..5 on property p. */
export const VALUES = new Int8Array(CARD_COUNT * 3);
/** DUO[a * 125 + b] = 1 when a and b may touch on a legal table (two properties one step apart). */
export const DUO = new Uint8Array(CARD_COUNT * CARD_COUNT);
for (let a = 0; a < CARD_COUNT; a++) {
  const va = ticValues(ticName(a));
  for (let p = 0; p < 3; p++) VALUES[a * 3 + p] = va[p]!;
  for (let b = 0; b < CARD_COUNT; b++) DUO[a * CARD_COUNT + b] = maskSize(oneStepMask(va, ticValues(ticName(b)))) >= 2 ? 1 : 0;
}

export function duo(a: number, b: number): boolean {
  return DUO[a * CARD_COUNT + b] === 1;
}

/** Whether the ordered run of card ids is a Duo or Tripo (2+ properties stepping by one, one way each). */
export function runIsDuo(run: readonly number[]): boolean {
  const n = run.length;
  if (n < 2 || n > MAX_RUN) return false;
  let mask = 0;
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  const a = run[0]! * 3;
  const b = run[1]! * 3;
  d0 = VALUES[b]! - VALUES[a]!;
  d1 = VALUES[b + 1]! - VALUES[a + 1]!;
  d2 = VALUES[b + 2]! - VALUES[a + 2]!;
  if (d0 === 1 || d0 === -1) mask |= 1;
  if (d1 === 1 || d1 === -1) mask |= 2;
  if (d2 === 1 || d2 === -1) mask |= 4;
  for (let i = 2; i < n && mask !== 0; i++) {
    const x = run[i - 1]! * 3;
    const y = run[i]! * 3;
    if (mask & 1 && VALUES[y]! - VALUES[x]! !== d0) mask &= ~1;
    if (mask & 2 && VALUES[y + 1]! - VALUES[x + 1]! !== d1) mask &= ~2;
    if (mask & 4 && VALUES[y + 2]! - VALUES[x + 2]! !== d2) mask &= ~4;
  }
  return mask === 3 || mask === 5 || mask === 6 || mask === 7;
}

// Cells as one number: row and col each within +-2^20 of the origin.
const OFFSET = 1 << 20;
const SPAN = 1 << 21;
export function cell(row: number, col: number): number {
  return (row + OFFSET) * SPAN + (col + OFFSET);
}
export function rowOf(key: number): number {
  return Math.floor(key / SPAN) - OFFSET;
}
export function colOf(key: number): number {
  return (key % SPAN) - OFFSET;
}
export const COORDINATE_LIMIT = OFFSET / 2;

const STEPS = NEIGHBOUR_STEPS.map(([dr, dc]) => dr * SPAN + dc);

/** A layout of card ids on cells. */
export type Grid = Map<number, number>;

export function gridOf(placements: readonly Placement[]): Grid {
  const grid: Grid = new Map();
  for (const p of placements) grid.set(cell(p.row, p.col), ticId(p.card));
  return grid;
}

export function placementsOf(grid: Grid): Placement[] {
  return [...grid.entries()]
    .map(([key, id]) => ({ card: ticName(id), row: rowOf(key), col: colOf(key) }))
    .sort((a, b) => a.row - b.row || a.col - b.col);
}

const scratch: number[] = [];

/** The cards touching `key` in a line: `step` is one of the cell steps; returned nearest first. */
function collect(grid: Grid, key: number, step: number, out: number[]): void {
  out.length = 0;
  for (let k = key + step, id = grid.get(k); id !== undefined; k += step, id = grid.get(k)) {
    out.push(id);
    if (out.length > MAX_RUN) return;
  }
}

/** The four lines around an empty cell, so many cards can be tried there cheaply. */
export interface CellContext {
  readonly key: number;
  readonly left: number[];
  readonly right: number[];
  readonly up: number[];
  readonly down: number[];
}

export function cellContext(grid: Grid, key: number): CellContext {
  const ctx = { key, left: [] as number[], right: [] as number[], up: [] as number[], down: [] as number[] };
  collect(grid, key, -1, ctx.left);
  collect(grid, key, 1, ctx.right);
  collect(grid, key, -SPAN, ctx.up);
  collect(grid, key, SPAN, ctx.down);
  return ctx;
}

/** Whether the card may go on the (empty) cell and leave a legal table, given the table around is legal. */
export function fits(ctx: CellContext, card: number): boolean {
  const { left, right, up, down } = ctx;
  if (left.length + right.length + up.length + down.length === 0) return false;
  if (left.length > 0 && !duo(card, left[0]!)) return false;
  if (right.length > 0 && !duo(card, right[0]!)) return false;
  if (up.length > 0 && !duo(card, up[0]!)) return false;
  if (down.length > 0 && !duo(card, down[0]!)) return false;
  return lineOk(left, right, card) && lineOk(up, down, card);
}

function lineOk(before: readonly number[], after: readonly number[], card: number): boolean {
  const n = before.length + after.length + 1;
  if (n === 1) return true;
  if (n > MAX_RUN) return false;
  scratch.length = 0;
  for (let i = before.length - 1; i >= 0; i--) scratch.push(before[i]!);
  scratch.push(card);
  for (const id of after) scratch.push(id);
  return runIsDuo(scratch);
}

/** Shared stopping rule for every phase of one search: a deadline and an optional node cap. */
export class Budget {
  nodes = 0;
  private readonly deadline: number;
  constructor(
    ms: number,
    private readonly nodeLimit = Number.POSITIVE_INFINITY,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.deadline = now() + ms;
  }
  /** Counts a node; true when the search must stop. Checks the clock every 16 nodes. */
  spent(): boolean {
    this.nodes++;
    if (this.nodes >= this.nodeLimit) return true;
    return (this.nodes & 15) === 0 && this.now() >= this.deadline;
  }
  expired(): boolean {
    return this.nodes >= this.nodeLimit || this.now() >= this.deadline;
  }
  /** A budget for a sub-phase: `share` of the time and nodes left, and at most `nodeCap` nodes. */
  part(share: number, nodeCap = Number.POSITIVE_INFINITY): Budget {
    const left = Math.max(0, this.deadline - this.now());
    const nodesLeft = Number.isFinite(this.nodeLimit) ? Math.max(1, Math.floor((this.nodeLimit - this.nodes) * share)) : this.nodeLimit;
    return new Budget(left * share, Math.min(nodesLeft, nodeCap), this.now);
  }
  /** Counts a finished sub-phase's nodes as spent here too. */
  absorb(sub: Budget): void {
    this.nodes += sub.nodes;
  }
}

export interface GrowInput {
  /** The layout that stays; must be legal (or empty). */
  readonly grid: Grid;
  readonly hand: readonly number[];
  /** Cells where no hand card may go (next to the table, for a player who has not opened). */
  readonly forbidden: ReadonlySet<number>;
  /**
   * The layout cells whose neighbours hand cards may take: all of them once the player may use
   * the table; before opening, none of the table's (hand-only sequences), though sequences of
   * hand cards already laid this turn stay open.
   */
  readonly openKeys: Iterable<number>;
  readonly budget: Budget;
  /** Stop as soon as this many cards are placed (nothing can do better). */
  readonly target: number;
  /** Stop at the first legal addition. */
  readonly firstOnly?: boolean;
  /** Only additions of more than this many cards count (a play already in hand elsewhere). */
  readonly floor?: number;
}

export interface GrowResult {
  /** Hand cards placed, with their cells, in the best addition found. */
  readonly placed: ReadonlyArray<{ card: number; key: number }>;
  /** The search finished: nothing placing more cards exists. */
  readonly complete: boolean;
}

interface Move {
  readonly a: number;
  readonly keyA: number;
  readonly b: number; // -1 for a single card
  readonly keyB: number;
  readonly rank: number;
}

// States already searched, by a 53-bit Zobrist key of the placed cards: two different states
// share a key with odds near 2^-53 a pair, negligible beside what a time budget can search.
// Past the limit new states are no longer remembered (the search stays right, only slower).
const VISITED_LIMIT = 2_000_000;

/** Depth-first search over legal additions of hand cards to a fixed layout (see the file comment). */
export function grow(input: GrowInput): GrowResult {
  const { grid, hand, forbidden, budget, target } = input;
  const floor = input.floor ?? 0;
  const n = hand.length;
  const remaining = new Uint8Array(n).fill(1);
  const placedCards: number[] = [];
  const placedKeys: number[] = [];
  let best: Array<{ card: number; key: number }> = [];
  let aborted = false;
  let done = false;
  const visited = new Set<number>();
  let h1 = 0;
  let h2 = 0;

  let maxRow = Number.NEGATIVE_INFINITY;
  let minCol = Number.POSITIVE_INFINITY;
  for (const key of grid.keys()) {
    maxRow = Math.max(maxRow, rowOf(key));
    minCol = Math.min(minCol, colOf(key));
  }
  const maxRows: number[] = [];

  // Cells next to the fixed layout, computed once.
  const layoutFrontier: number[] = [];
  {
    const seen = new Set<number>();
    for (const key of input.openKeys) {
      for (const s of STEPS) {
        const k = key + s;
        if (!grid.has(k) && !forbidden.has(k) && !seen.has(k)) {
          seen.add(k);
          layoutFrontier.push(k);
        }
      }
    }
    layoutFrontier.sort((x, y) => x - y);
  }

  // placedCards holds hand indexes; the grid holds card ids.
  const place = (index: number, key: number): void => {
    grid.set(key, hand[index]!);
    placedCards.push(index);
    placedKeys.push(key);
    h1 ^= zobrist(index, key, 0x9e3779b1);
    h2 ^= zobrist(index, key, 0x85ebca77);
  };
  const unplace = (): void => {
    const card = placedCards.pop()!;
    const key = placedKeys.pop()!;
    grid.delete(key);
    h1 ^= zobrist(card, key, 0x9e3779b1);
    h2 ^= zobrist(card, key, 0x85ebca77);
  };

  const moves = (): { list: Move[]; usable: number } => {
    const cells: number[] = [...layoutFrontier];
    const seen = new Set<number>();
    for (const key of placedKeys) {
      for (const s of STEPS) {
        const k = key + s;
        if (!grid.has(k) && !forbidden.has(k) && !seen.has(k)) {
          seen.add(k);
          cells.push(k);
        }
      }
    }
    const singles: Move[] = [];
    const options = new Int32Array(n);
    const checked = new Set<number>();
    for (const key of cells) {
      if (grid.has(key) || checked.has(key)) continue;
      checked.add(key);
      const ctx = cellContext(grid, key);
      for (let i = 0; i < n; i++) {
        if (remaining[i] && fits(ctx, hand[i]!)) {
          singles.push({ a: i, keyA: key, b: -1, keyB: 0, rank: 0 });
          options[i]!++;
        }
      }
    }
    const pairs: Move[] = [];
    const hasPartner = new Uint8Array(n);
    // A new group of two starts far below everything: each group grows at most one cell per card
    // still in hand, so groups started this far apart can never meet (and, before opening, never
    // reach the table). Its own orientation is no loss: a group alone may be mirrored or turned.
    const leftCount = remaining.reduce((s, x) => s + x, 0);
    const farRow = (maxRow === Number.NEGATIVE_INFINITY ? 0 : maxRow + 2 * leftCount + 3);
    const farCol = minCol === Number.POSITIVE_INFINITY ? 0 : minCol;
    for (let i = 0; i < n; i++) {
      if (!remaining[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (remaining[j] && duo(hand[i]!, hand[j]!)) {
          hasPartner[i] = 1;
          hasPartner[j] = 1;
          pairs.push({ a: i, keyA: cell(farRow, farCol), b: j, keyB: cell(farRow, farCol + 1), rank: 0 });
        }
      }
    }
    let usable = 0;
    for (let i = 0; i < n; i++) if (remaining[i] && (options[i]! > 0 || hasPartner[i])) usable++;
    // Most constrained card first: the flexible ones still find room later.
    const ranked = singles.map((m) => ({ ...m, rank: options[m.a]! }));
    ranked.sort((x, y) => x.rank - y.rank || x.a - y.a || x.keyA - y.keyA);
    return { list: [...ranked, ...pairs], usable };
  };

  const visit = (): void => {
    if (budget.spent()) {
      aborted = true;
      return;
    }
    if (placedCards.length > Math.max(best.length, floor)) {
      best = placedCards.map((card, i) => ({ card: hand[card]!, key: placedKeys[i]! }));
      if (best.length >= target || input.firstOnly) {
        done = true;
        return;
      }
    }
    const { list, usable } = moves();
    if (placedCards.length + usable <= Math.max(best.length, floor)) return;
    for (const m of list) {
      remaining[m.a] = 0;
      maxRows.push(maxRow);
      place(m.a, m.keyA);
      maxRow = Math.max(maxRow, rowOf(m.keyA));
      if (m.b >= 0) {
        remaining[m.b] = 0;
        place(m.b, m.keyB);
      }
      const stateKey = (h1 >>> 0) * 2097152 + (h2 >>> 11);
      if (!visited.has(stateKey)) {
        if (visited.size < VISITED_LIMIT) visited.add(stateKey);
        visit();
      }
      if (m.b >= 0) {
        unplace();
        remaining[m.b] = 1;
      }
      unplace();
      maxRow = maxRows.pop()!;
      remaining[m.a] = 1;
      if (aborted || done) return;
    }
  };

  visit();
  const stoppedEarly = done && best.length < target;
  return { placed: best, complete: !aborted && !stoppedEarly };
}

function zobrist(card: number, key: number, salt: number): number {
  let x = Math.imul(card + 1, 0x27d4eb2d) ^ salt;
  x ^= Math.imul((key / 4294967296) | 0, 0x165667b1);
  x ^= Math.imul(key | 0, 0x2545f491);
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d);
  x ^= x >>> 12;
  x = Math.imul(x, 0x297a2d39);
  x ^= x >>> 15;
  return x;
}
