// Seeded legal Sequence Shift tables, for tests, benchmarks and simulations: chains dealt from a
// shuffled deck, laid in rows, then a few cards added where they fit (crossings, extensions).
import { ticDeck, ticId, ticName } from '../../cards/tic.js';
import type { Placement } from '../layout.js';
import { randomInt, shuffled, type Random } from '../random.js';
import { cell, cellContext, fits, MAX_RUN, placementsOf, rowOf, colOf, runIsDuo, type Grid } from './solver-grid.js';

export interface RandomTableOptions {
  /** Cards on the table (exactly, when the deck allows). */
  readonly size: number;
  /** The cards to deal from (default the whole deck). */
  readonly deck?: readonly string[];
  /** Share of the cards added after the chains, where they fit (default 0.2). */
  readonly extraShare?: number;
}

export interface RandomDeal {
  readonly table: Placement[];
  /** The deck's other cards, still shuffled. */
  readonly rest: string[];
}

/** A legal table of about `size` cards (exactly `size` unless the deck runs out of fitting cards). */
export function randomShiftTable(random: Random, options: RandomTableOptions): RandomDeal {
  const pool = shuffled(options.deck ?? ticDeck(), random).map(ticId);
  const used = new Set<number>();
  const grid: Grid = new Map();
  const extras = Math.floor(options.size * (options.extraShare ?? 0.2) * random());
  let row = 0;
  let attempts = 0;
  while (grid.size <= options.size - extras - 2 && attempts++ < 2000) {
    const length = Math.min(2 + randomInt(random, MAX_RUN - 1), options.size - extras - grid.size);
    const chain = randomChain(random, pool, used, length);
    if (chain.length < 2 || options.size - grid.size - chain.length === 1) continue;
    const col = randomInt(random, 3);
    chain.forEach((id, i) => grid.set(cell(row, col + i), id));
    for (const id of chain) used.add(id);
    row += 3;
  }
  // Extras where they fit, then chains again if nothing fits.
  while (grid.size < options.size && attempts++ < 4000) {
    if (!addWhereItFits(random, grid, pool, used)) {
      const chain = randomChain(random, pool, used, Math.min(options.size - grid.size, 2 + randomInt(random, 2)));
      if (chain.length < 2) continue;
      chain.forEach((id, i) => grid.set(cell(row, i), id));
      for (const id of chain) used.add(id);
      row += 3;
    }
  }
  return { table: placementsOf(grid), rest: pool.filter((id) => !used.has(id)).map(ticName) };
}

/** A Duo or Tripo run of up to `length` unused cards, grown from a random start. */
function randomChain(random: Random, pool: readonly number[], used: ReadonlySet<number>, length: number): number[] {
  const free = pool.filter((id) => !used.has(id));
  if (free.length === 0) return [];
  const chain = [free[randomInt(random, free.length)]!];
  while (chain.length < length) {
    const next = free.filter((id) => !chain.includes(id) && runIsDuo([...chain, id]));
    if (next.length === 0) break;
    chain.push(next[randomInt(random, next.length)]!);
  }
  return chain;
}

function addWhereItFits(random: Random, grid: Grid, pool: readonly number[], used: Set<number>): boolean {
  const cells = new Set<number>();
  for (const key of grid.keys()) {
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
      const next = cell(rowOf(key) + dr, colOf(key) + dc);
      if (!grid.has(next)) cells.add(next);
    }
  }
  const order = shuffled([...cells].sort((a, b) => a - b), random);
  const free = pool.filter((id) => !used.has(id));
  for (const key of order) {
    const ctx = cellContext(grid, key);
    const card = free.find((id) => fits(ctx, id));
    if (card !== undefined) {
      grid.set(key, card);
      used.add(card);
      return true;
    }
  }
  return false;
}
