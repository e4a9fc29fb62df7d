// The Sequence Shift solver: a legal turn that sheds as many hand cards as it can find in a time
// budget, and whether any legal play exists (for an organiser). Deterministic: no randomness,
// ties broken by card and cell order; with `nodeLimit` the answer does not depend on the clock.
//
// `exhaustive` is only ever true when it is proven:
// - a play that sheds every hand card that could possibly be played (a card is playable at all
//   only if some card it could touch is available: another hand card, or a table card the player
//   may use), or no such card at all;
// - where the table stays put (before opening, and Simple Shift), the step search is complete
//   (see solver-grid.ts), so a search that ran to its end is proof;
// - for "is there any legal play" where the table stays put: there is one exactly when two hand
//   cards make a Duo (a separate new sequence) or one hand card can join the table as it is,
//   because any group of new cards that makes a legal table either touches another new card
//   (so contains such a pair) or is a single card added to the table as it is.
import { InputError } from '../errors.js';
import { repeatedCards, type Placement } from './layout.js';
import { judgeTable } from './sequence-shift/table.js';
import { judgeTurn, mayUseTable, tableStays, type ShiftVariant } from './sequence-shift/turn.js';
import { ticId, ticName } from '../cards/tic.js';
import { Budget, cell, colOf, COORDINATE_LIMIT, duo, grow, gridOf, placementsOf, rowOf, type Grid } from './sequence-shift/solver-grid.js';
import { hasCrossingGroups, packHandChains, rebuild } from './sequence-shift/solver-rebuild.js';

export const DEFAULT_BUDGET_MS = 1000;
/** Steps tried on top of the packed hand chains before the full search. */
const SEED_NODES = 200;

export interface ShiftSolveInput {
  /** The table at the start of the turn; it must be legal (or empty). */
  readonly table: readonly Placement[];
  readonly hand: readonly string[];
  readonly opened: boolean;
  readonly variant: ShiftVariant;
  /** Time budget in milliseconds (default 1000). */
  readonly budgetMs?: number;
  /** Optional cap on search nodes, for answers that do not depend on the machine's speed. */
  readonly nodeLimit?: number;
}

export interface ShiftPlay {
  /** The table to leave: every table card and the played hand cards. */
  readonly after: Placement[];
  /** Hand cards played. */
  readonly played: string[];
}

export interface ShiftSearch {
  /** The best legal play found, or null when none was found. */
  readonly play: ShiftPlay | null;
  /** Proven best: no legal play sheds more cards (with play null: no legal play exists). */
  readonly exhaustive: boolean;
}

export interface LegalPlayReport {
  readonly exists: boolean;
  /** Proven: when exists is false and exhaustive is true, no legal play existed. */
  readonly exhaustive: boolean;
  readonly play: ShiftPlay | null;
}

type Mode = 'hand-only' | 'fixed' | 'rearrange';

interface Prepared {
  readonly mode: Mode;
  readonly grid: Grid;
  readonly hand: number[];
  readonly forbidden: Set<number>;
  /** Table cells whose neighbours hand cards may take. */
  readonly openKeys: number[];
  readonly origin: { readonly row: number; readonly col: number };
  /** The most hand cards any play could shed. */
  readonly target: number;
}

/** The best legal turn found: the play shedding the most hand cards, and whether that is proven best. */
export function searchTurn(input: ShiftSolveInput): ShiftSearch {
  const prepared = prepare(input);
  const { mode, target } = prepared;
  if (target === 0) return { play: null, exhaustive: true };
  const budget = new Budget(input.budgetMs ?? DEFAULT_BUDGET_MS, input.nodeLimit);
  const candidates: Array<{ grid: Grid; count: number }> = [];
  const keep = (grid: Grid, count: number): void => {
    if (count > 0) candidates.push({ grid, count });
  };
  const bestCount = (): number => Math.max(0, ...candidates.map((c) => c.count));

  // A quick strong start: the hand's own cards packed into as many chains as they allow (exact),
  // laid apart from the table, then whatever else fits.
  const seed = packedStart(prepared, budget);
  keep(seed.grid, seed.count);

  // Then the step search from the table as it is: the only kind of play before opening and in
  // Simple Shift (where running to its end is proof), and often the whole answer after.
  let exhaustive = bestCount() >= target;
  if (!exhaustive) {
    const phase = mode === 'rearrange' ? budget.part(0.3) : budget.part(1);
    const kept = grow({ grid: new Map(prepared.grid), hand: prepared.hand, forbidden: prepared.forbidden, openKeys: prepared.openKeys, budget: phase, target, floor: bestCount() });
    budget.absorb(phase);
    keep(withCards(prepared.grid, kept.placed), kept.placed.length);
    exhaustive = bestCount() >= target || (mode !== 'rearrange' && kept.complete);
  }

  if (mode === 'rearrange' && !exhaustive) {
    // Rebuild everything; where the table has crossings that may not come apart into chains, also
    // try rebuilding only the straight groups and moving the others whole.
    const tries = hasCrossingGroups(prepared.grid) ? [false, true] : [false];
    for (const keepCrossings of tries) {
      const part = budget.part(keepCrossings || tries.length === 1 ? 1 : 0.5);
      const { best } = rebuild({ grid: prepared.grid, hand: prepared.hand, budget: part, target, keepCrossings, floor: bestCount() });
      budget.absorb(part);
      if (best) keep(best.grid, best.played.length);
      if (bestCount() >= target) {
        exhaustive = true;
        break;
      }
    }
  }

  candidates.sort((a, b) => b.count - a.count);
  for (const candidate of candidates) {
    const play = finish(input, prepared, candidate.grid);
    // A candidate the judge refused (which would be a solver bug) costs the proof.
    if (play) return { play, exhaustive: exhaustive && candidate === candidates[0] };
  }
  return { play: null, exhaustive: exhaustive && candidates.length === 0 };
}

/** The hand's chains packed exactly, laid below the table, then a short step search on top. */
function packedStart(prepared: Prepared, budget: Budget): { grid: Grid; count: number } {
  const packed = packHandChains(prepared.hand);
  if (packed.count === 0) return { grid: prepared.grid, count: 0 };
  const grid = new Map(prepared.grid);
  const rows = [...grid.keys()].map(rowOf);
  let row = rows.length === 0 ? 0 : Math.max(...rows) + 2 * prepared.hand.length + 3;
  const laid: number[] = [];
  for (const chain of packed.chains) {
    chain.forEach((card, col) => {
      grid.set(cell(row, col), card);
      laid.push(cell(row, col));
    });
    row += 2 * prepared.hand.length + 3;
  }
  const inChains = new Set(packed.chains.flat());
  const rest = prepared.hand.filter((h) => !inChains.has(h));
  if (rest.length === 0) return { grid, count: packed.count };
  const part = budget.part(0.1, SEED_NODES);
  const more = grow({ grid: new Map(grid), hand: rest, forbidden: prepared.forbidden, openKeys: [...prepared.openKeys, ...laid], budget: part, target: rest.length });
  budget.absorb(part);
  return { grid: withCards(grid, more.placed), count: packed.count + more.placed.length };
}

function withCards(grid: Grid, placed: ReadonlyArray<{ card: number; key: number }>): Grid {
  const out = new Map(grid);
  for (const p of placed) out.set(p.key, p.card);
  return out;
}

/** The best legal turn found, with `exhaustive`, or null when none was found (see hasLegalPlay for a proof of none). */
export function solveTurn(input: ShiftSolveInput): (ShiftPlay & { readonly exhaustive: boolean }) | null {
  const { play, exhaustive } = searchTurn(input);
  return play ? { ...play, exhaustive } : null;
}

/** Whether the player had any legal play, found as fast as possible; `exhaustive` says whether a "no" is proven. */
export function hasLegalPlay(input: ShiftSolveInput): LegalPlayReport {
  const prepared = prepare(input);
  if (prepared.target === 0) return { exists: false, exhaustive: true, play: null };
  const budget = new Budget(input.budgetMs ?? DEFAULT_BUDGET_MS, input.nodeLimit);
  const first = grow({
    grid: new Map(prepared.grid),
    hand: prepared.hand,
    forbidden: prepared.forbidden,
    openKeys: prepared.openKeys,
    budget,
    target: prepared.target,
    firstOnly: true,
  });
  if (first.placed.length > 0) {
    const play = finish(input, prepared, withCards(prepared.grid, first.placed));
    if (play) return { exists: true, exhaustive: true, play };
  } else if (prepared.mode !== 'rearrange') {
    // The first step of the search tried every pair and every single card on the table as it
    // is, which settles it where the table stays put (see the file comment).
    return { exists: false, exhaustive: first.complete, play: null };
  }
  const { play, exhaustive } = searchTurn(input);
  return { exists: play !== null, exhaustive: play !== null || exhaustive, play };
}

export const shiftSolver = { searchTurn, solveTurn, hasLegalPlay } as const;

function prepare(input: ShiftSolveInput): Prepared {
  const { table, hand, opened, variant } = input;
  const handCards = hand.map((c) => ticName(ticId(c)));
  const repeated = repeatedCards([...table.map((p) => p.card), ...handCards]);
  if (repeated.length > 0) throw new InputError(`solver: ${repeated.join(', ')} named twice across the table and the hand`);
  const problems = judgeTable(table).violations;
  if (table.length > 0 && problems.length > 0) throw new InputError(`solver: the table is not legal (${problems[0]!.message})`);

  const origin = table.length === 0 ? { row: 0, col: 0 } : { row: Math.min(...table.map((p) => p.row)), col: Math.min(...table.map((p) => p.col)) };
  const local = table.map((p) => ({ card: p.card, row: p.row - origin.row, col: p.col - origin.col }));
  if (local.some((p) => p.row > COORDINATE_LIMIT || p.col > COORDINATE_LIMIT)) throw new InputError('solver: the table is spread too wide');
  const grid = gridOf(local);
  const ids = handCards.map(ticId);
  // Nothing to rearrange on an empty table: the step search alone is complete there.
  const mode: Mode = !mayUseTable(opened, variant) ? 'hand-only' : tableStays(opened, variant) || table.length === 0 ? 'fixed' : 'rearrange';

  const forbidden = new Set<number>();
  if (mode === 'hand-only') {
    for (const key of grid.keys()) {
      for (const next of [key - 1, key + 1, cell(rowOf(key) - 1, colOf(key)), cell(rowOf(key) + 1, colOf(key))]) forbidden.add(next);
    }
  }
  // An upper bound on what any play sheds: a card can be played only beside a card it may touch.
  const tableIds = [...grid.values()];
  const target = ids.filter((h) => ids.some((o) => o !== h && duo(h, o)) || (mode !== 'hand-only' && tableIds.some((t) => duo(h, t)))).length;
  const openKeys = mode === 'hand-only' ? [] : [...grid.keys()];
  return { mode, grid, hand: ids, forbidden, openKeys, origin, target };
}

/** The grid as the table to leave, hand-only groups moved close to the rest; null if the judge disagrees. */
function finish(input: ShiftSolveInput, prepared: Prepared, grid: Grid): ShiftPlay | null {
  const handSet = new Set(prepared.hand);
  const compacted = compactNewGroups(grid, handSet);
  const after = placementsOf(compacted).map((p) => ({ card: p.card, row: p.row + prepared.origin.row, col: p.col + prepared.origin.col }));
  const played = after.filter((p) => handSet.has(ticId(p.card))).map((p) => p.card);
  const judged = judgeTurn({ before: input.table, after, hand: input.hand.map((c) => ticName(ticId(c))), opened: input.opened, variant: input.variant });
  return judged.violations.length === 0 ? { after, played } : null;
}

/**
 * New sequences made of hand cards alone are searched far from the table (so they cannot get in
 * each other's way); lay them just below it instead, one empty row apart, which keeps every run.
 */
function compactNewGroups(grid: Grid, handIds: ReadonlySet<number>): Grid {
  const seen = new Set<number>();
  const fixed: number[] = [];
  const movable: number[][] = [];
  for (const start of [...grid.keys()].sort((a, b) => a - b)) {
    if (seen.has(start)) continue;
    const group: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const key = stack.pop()!;
      group.push(key);
      for (const next of [key - 1, key + 1, cell(rowOf(key) - 1, colOf(key)), cell(rowOf(key) + 1, colOf(key))]) {
        if (grid.has(next) && !seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    if (group.every((key) => handIds.has(grid.get(key)!))) movable.push(group);
    else fixed.push(...group);
  }
  if (movable.length === 0) return grid;
  const out: Grid = new Map();
  for (const key of fixed) out.set(key, grid.get(key)!);
  let row = fixed.length === 0 ? 0 : Math.max(...fixed.map(rowOf)) + 2;
  const left = fixed.length === 0 ? 0 : Math.min(...fixed.map(colOf));
  movable.sort((a, b) => Math.min(...a) - Math.min(...b));
  for (const group of movable) {
    const top = Math.min(...group.map(rowOf));
    const groupLeft = Math.min(...group.map(colOf));
    for (const key of group) out.set(cell(rowOf(key) - top + row, colOf(key) - groupLeft + left), grid.get(key)!);
    row += Math.max(...group.map(rowOf)) - top + 2;
  }
  return out;
}
