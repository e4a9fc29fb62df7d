// The solver's rearranging layer, for a player who has opened (standard or Open Table): take the
// table apart and lay it again as separate chains (each one Duo or Tripo run of 2-5 cards, a row
// of its own) that cover every table card and as many hand cards as possible, then let the fast
// layer add the rest (crossings, extensions, new sequences). Exact-cover style depth-first search,
// most constrained table card first, within the time budget; the best arrangement found wins.
import { cell, colOf, duo, grow, MAX_RUN, rowOf, runIsDuo, type Budget, type Grid } from './solver-grid.js';

/** Empty rows between stacked chains: room for a crossing card above and below each. */
const GAP_ROWS = 2;
/** Tries of the fast layer on each complete cover. */
const ATTACH_NODES = 40;
/** Hands up to this size are packed into hand-only chains exactly (2^size states). */
const EXACT_PACK_LIMIT = 16;

export interface RebuildInput {
  /** The legal table. */
  readonly grid: Grid;
  readonly hand: readonly number[];
  readonly budget: Budget;
  /** The most hand cards any play could shed: the search stops when it gets there. */
  readonly target: number;
  /** Keep every component that is not a single straight line as it is (moved whole) instead of rebuilding it. */
  readonly keepCrossings: boolean;
  /** Only rebuilds shedding more than this many hand cards count. */
  readonly floor: number;
}

export interface Rebuilt {
  readonly grid: Grid;
  /** Hand card ids on the rebuilt table. */
  readonly played: readonly number[];
}

export interface RebuildResult {
  /** The rebuilt table shedding the most hand cards (at least one), if any. */
  readonly best: Rebuilt | null;
  /** Whether any cover of the table cards was found at all. */
  readonly covered: boolean;
}

type Block = ReadonlyArray<{ card: number; row: number; col: number }>;

export function rebuild(input: RebuildInput): RebuildResult {
  const { grid, hand, budget, target } = input;
  const components = componentsOf(grid);
  const rigid: Block[] = [];
  const must: number[] = [];
  for (const component of components) {
    if (input.keepCrossings && !isStraight(component)) rigid.push(component);
    else for (const p of component) must.push(p.card);
  }
  const m = must.length;
  const cards = [...must, ...hand];
  const n = cards.length;
  const partners: number[][] = cards.map((a, i) => cards.flatMap((b, j) => (i !== j && duo(a, b) ? [j] : [])));
  // A card with no possible neighbour among these cards cannot be in any chain.
  if (partners.slice(0, m).some((list) => list.length === 0)) return { best: null, covered: false };
  // A hand card could be played at all only if it has some possible neighbour (a table card in a
  // kept block counts: a crossing may use it).
  const rigidCards = rigid.flatMap((block) => block.map((p) => p.card));
  const playable = hand.map((h, i) => partners[m + i]!.length > 0 || rigidCards.some((r) => duo(h, r)));

  const used = new Uint8Array(n);
  const chains: number[][] = [];
  let best: Rebuilt | null = null;
  let bestPlayed = input.floor;
  let covered = false;
  let stop = false;
  const packs = new Map<string, { count: number; chains: number[][] }>();

  const chainsThrough = (c: number): number[][] => {
    const out: number[][] = [];
    const run = [c];
    const extend = (rightPhase: boolean): void => {
      if (run.length >= 2) {
        if (!runIsDuo(run.map((i) => cards[i]!))) return;
        // Each chain once, in one reading direction.
        const at = run.indexOf(c);
        const keep = at === 0 || (at < run.length - 1 && run[at + 1]! < run[at - 1]!);
        if (keep) out.push([...run]);
      }
      if (run.length >= MAX_RUN) return;
      if (rightPhase) {
        for (const y of partners[run[run.length - 1]!]!) {
          if (used[y] || run.includes(y)) continue;
          run.push(y);
          extend(true);
          run.pop();
        }
      }
      for (const z of partners[run[0]!]!) {
        if (used[z] || run.includes(z)) continue;
        run.unshift(z);
        extend(false);
        run.shift();
      }
    };
    extend(true);
    const handIn = (chain: readonly number[]): number => chain.reduce((s, i) => s + (i >= m ? 1 : 0), 0);
    return out
      .map((chain) => ({ chain, hand: handIn(chain) }))
      .sort((a, b) => b.hand - a.hand || a.chain.length - b.chain.length)
      .map((x) => x.chain);
  };

  const leaf = (): void => {
    covered = true;
    let inCover = 0;
    const leftover: number[] = [];
    for (let i = m; i < n; i++) {
      if (used[i]) inCover++;
      else if (playable[i - m]) leftover.push(cards[i]!);
    }
    if (inCover + leftover.length <= bestPlayed) return;
    const packKey = leftover.join(',');
    let packed = packs.get(packKey);
    if (!packed) {
      packed = packHandChains(leftover);
      packs.set(packKey, packed);
    }
    const layoutChains = [...chains.map((chain) => chain.map((i) => cards[i]!)), ...packed.chains];
    const laid = layout(layoutChains, rigid);
    const packedSet = new Set(packed.chains.flat());
    const rest = leftover.filter((h) => !packedSet.has(h));
    let attached: ReadonlyArray<{ card: number; key: number }> = [];
    if (rest.length > 0) {
      const part = budget.part(1, ATTACH_NODES);
      attached = grow({ grid: laid, hand: rest, forbidden: new Set(), openKeys: [...laid.keys()], budget: part, target: rest.length }).placed;
      budget.absorb(part);
      if (budget.expired()) stop = true;
    }
    for (const p of attached) laid.set(p.key, p.card);
    const total = inCover + packed.count + attached.length;
    if (total > bestPlayed) {
      bestPlayed = total;
      const handSet = new Set(hand);
      best = { grid: laid, played: [...laid.values()].filter((id) => handSet.has(id)) };
      if (bestPlayed >= target) stop = true;
    }
  };

  const search = (): void => {
    if (stop) return;
    if (budget.spent()) {
      stop = true;
      return;
    }
    let pick = -1;
    let fewest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < m; i++) {
      if (used[i]) continue;
      let free = 0;
      for (const j of partners[i]!) if (!used[j]) free++;
      if (free < fewest) {
        fewest = free;
        pick = i;
        if (free === 0) return; // this table card can no longer join any chain
      }
    }
    if (pick < 0) {
      leaf();
      return;
    }
    for (const chain of chainsThrough(pick)) {
      for (const i of chain) used[i] = 1;
      chains.push(chain);
      search();
      chains.pop();
      for (const i of chain) used[i] = 0;
      if (stop) return;
    }
  };

  search();
  return { best, covered };
}

/** The most hand cards laid as separate chains of their own, and those chains. */
export function packHandChains(hand: readonly number[]): { count: number; chains: number[][] } {
  const k = hand.length;
  const partners = hand.map((a, i) => hand.flatMap((b, j) => (i !== j && duo(a, b) ? [j] : [])));
  // Chains by their lowest index, as bitmasks over `hand`.
  const byLowest: Array<Array<{ mask: number; chain: number[] }>> = hand.map(() => []);
  const run: number[] = [];
  const extend = (): void => {
    if (run.length >= 2) {
      if (!runIsDuo(run.map((i) => hand[i]!))) return;
      if (run[0]! < run[run.length - 1]!) {
        const lowest = Math.min(...run);
        byLowest[lowest]!.push({ mask: run.reduce((s, i) => s | (1 << i), 0), chain: [...run] });
      }
    }
    if (run.length >= MAX_RUN) return;
    for (const y of partners[run[run.length - 1]!]!) {
      if (run.includes(y)) continue;
      run.push(y);
      extend();
      run.pop();
    }
  };
  if (k > 30) return { count: 0, chains: [] }; // bitmasks below hold 30 cards
  for (let i = 0; i < k; i++) {
    run.push(i);
    extend();
    run.pop();
  }
  const all = k === 0 ? 0 : (1 << k) - 1;
  const chains: number[][] = [];
  if (k > EXACT_PACK_LIMIT) {
    // Too many subsets to try: the longest chain through each lowest card, greedily.
    for (const list of byLowest) list.sort((a, b) => b.chain.length - a.chain.length);
    let set = all;
    let count = 0;
    while (set !== 0) {
      const lowest = 31 - Math.clz32(set & -set);
      const choice = byLowest[lowest]!.find(({ mask }) => (mask & set) === mask);
      set &= choice ? ~choice.mask : ~(1 << lowest);
      if (choice) {
        chains.push(choice.chain.map((i) => hand[i]!));
        count += choice.chain.length;
      }
    }
    return { count, chains };
  }
  const memo = new Int8Array(1 << k).fill(-1);
  const value = (set: number): number => {
    if (set === 0) return 0;
    if (memo[set]! >= 0) return memo[set]!;
    const lowest = 31 - Math.clz32(set & -set);
    let bestValue = value(set & ~(1 << lowest));
    for (const { mask, chain } of byLowest[lowest]!) {
      if ((mask & set) === mask) bestValue = Math.max(bestValue, chain.length + value(set & ~mask));
    }
    memo[set] = bestValue;
    return bestValue;
  };
  const count = value(all);
  // Walk the choices again to read the chains out.
  let set = all;
  while (set !== 0) {
    const lowest = 31 - Math.clz32(set & -set);
    const target = value(set);
    if (value(set & ~(1 << lowest)) === target) {
      set &= ~(1 << lowest);
      continue;
    }
    const choice = byLowest[lowest]!.find(({ mask, chain }) => (mask & set) === mask && chain.length + value(set & ~mask) === target)!;
    chains.push(choice.chain.map((i) => hand[i]!));
    set &= ~choice.mask;
  }
  return { count, chains };
}

/** Chains across, one a row, and kept blocks, stacked with empty rows between them. */
function layout(chains: readonly (readonly number[])[], rigid: readonly Block[]): Grid {
  const grid: Grid = new Map();
  let row = 0;
  for (const block of rigid) {
    const top = Math.min(...block.map((p) => p.row));
    const left = Math.min(...block.map((p) => p.col));
    const bottom = Math.max(...block.map((p) => p.row));
    for (const p of block) grid.set(cell(row + p.row - top, p.col - left), p.card);
    row += bottom - top + 1 + GAP_ROWS;
  }
  for (const chain of chains) {
    chain.forEach((card, col) => grid.set(cell(row, col), card));
    row += 1 + GAP_ROWS;
  }
  return grid;
}

/** Whether some group of touching cards is not one straight line (it holds a crossing or a corner). */
export function hasCrossingGroups(grid: Grid): boolean {
  return componentsOf(grid).some((block) => !isStraight(block));
}

function isStraight(block: Block): boolean {
  return block.every((p) => p.row === block[0]!.row) || block.every((p) => p.col === block[0]!.col);
}

/** Connected groups of touching cards. */
function componentsOf(grid: Grid): Block[] {
  const seen = new Set<number>();
  const blocks: Block[] = [];
  const keys = [...grid.keys()].sort((a, b) => a - b);
  for (const start of keys) {
    if (seen.has(start)) continue;
    const block: Array<{ card: number; row: number; col: number }> = [];
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const key = stack.pop()!;
      block.push({ card: grid.get(key)!, row: rowOf(key), col: colOf(key) });
      for (const next of [key - 1, key + 1, cell(rowOf(key) - 1, colOf(key)), cell(rowOf(key) + 1, colOf(key))]) {
        if (grid.has(next) && !seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    blocks.push(block);
  }
  return blocks;
}
