// The Sequence Hunt set finder: counts, lists and spots the sets lying among face-up TIC cards.
//
// Counting never lists groups (a 60-card grid holds hundreds of thousands of 5-card Monos).
// It rests on one fact. Sorting a group by a property p is the only order (up to reversal) in
// which p can sequence, and p can sequence only when the group's p values are k distinct
// consecutive values ("p is consecutive"). In that order p steps by +1 from card to card, so
// another property q sequences too exactly when q - p or q + p is the same on every card: the
// cards lie on one diagonal of the (p, q) plane. Call such p and q "linked". Linked is
// symmetric and transitive, so a group's consecutive properties fall into classes (a class is
// the set of properties that sequence in one order), and the group is a Mono, Duo or Tripo for
// each class of size 1, 2 or 3 it has. Each count below is then a sum over value buckets:
// products of card counts along diagonals, and permanents of small count matrices for
// "these values are consecutive too", put together by inclusion-exclusion.
import { ticName } from '../cards/tic.js';
import { maskSize, type SequenceType } from './tic-sequence.js';

/** The nine sets of Sequence Hunt, in the contract's order. */
export const HUNT_KINDS = ['mono-3', 'duo-3', 'tripo-3', 'mono-4', 'duo-4', 'tripo-4', 'mono-5', 'duo-5', 'tripo-5'] as const;
export type HuntKind = (typeof HUNT_KINDS)[number];
export type HuntCounts = Record<HuntKind, number>;

/** A set: its type, its size and its cards in sequence order. */
export interface HuntSet {
  readonly type: SequenceType;
  readonly size: number;
  readonly cards: readonly string[];
}

export const SET_SIZES = [3, 4, 5] as const;

export function huntKind(type: SequenceType, size: number): HuntKind {
  const kind = `${type}-${size}`;
  if (!isHuntKind(kind)) throw new RangeError(`no Sequence Hunt set is a ${size}-card ${type}`);
  return kind;
}

export function isHuntKind(kind: string): kind is HuntKind {
  return (HUNT_KINDS as readonly string[]).includes(kind);
}

export function kindParts(kind: HuntKind): { type: SequenceType; size: number } {
  const [type, size] = kind.split('-') as [SequenceType, string];
  return { type, size: Number(size) };
}

// A card's id is ticId: number-major, then shape, then colour, each value 0..4 here.
const STRIDE = [25, 5, 1] as const;
const VALUE = new Int8Array(125 * 3);
for (let id = 0; id < 125; id++) {
  VALUE[id * 3] = Math.floor(id / 25);
  VALUE[id * 3 + 1] = Math.floor(id / 5) % 5;
  VALUE[id * 3 + 2] = id % 5;
}
const NAME: readonly string[] = Array.from({ length: 125 }, (_, id) => ticName(id));
const ID = new Map(NAME.map((name, id) => [name, id]));

/** The three pairs of properties with the third one: [a, b, c]. */
const PAIRS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 2, 0],
] as const;

/** Diagonals of length k through the 5 values: start and step (+1 or -1). */
function lines(k: number): Array<readonly [number, number]> {
  const result: Array<readonly [number, number]> = [];
  for (let start = 0; start <= 5 - k; start++) result.push([start, 1]);
  for (let start = k - 1; start <= 4; start++) result.push([start, -1]);
  return result;
}
const LINES: Record<number, Array<readonly [number, number]>> = { 3: lines(3), 4: lines(4), 5: lines(5) };

/** Every permutation of 0..k-1, flattened. */
function permutations(k: number): Int8Array {
  const out: number[] = [];
  const walk = (prefix: number[], rest: number[]): void => {
    if (rest.length === 0) out.push(...prefix);
    rest.forEach((x, i) => walk([...prefix, x], [...rest.slice(0, i), ...rest.slice(i + 1)]));
  };
  walk([], Array.from({ length: k }, (_, i) => i));
  return Int8Array.from(out);
}
const PERMS: Record<number, Int8Array> = { 3: permutations(3), 4: permutations(4), 5: permutations(5) };

/** The permanent of a k x k matrix (row-major): sum over permutations of the products. */
function permanent(m: Float64Array, k: number): number {
  const perms = PERMS[k]!;
  let total = 0;
  for (let start = 0; start < perms.length; start += k) {
    let product = 1;
    for (let i = 0; i < k && product !== 0; i++) product *= m[i * k + perms[start + i]!]!;
    total += product;
  }
  return total;
}

/** Which of the 125 cards are face up; names the finder does not know are an error upstream. */
function presence(cards: readonly string[]): Uint8Array {
  const present = new Uint8Array(125);
  for (const card of cards) {
    const id = ID.get(card);
    if (id === undefined) throw new RangeError(`unknown TIC card "${card}"`);
    present[id] = 1;
  }
  return present;
}

/**
 * How many groups of the cards are legal claims of each of the nine sets (a group legal as two
 * types counts under each). Exact; see the header for the method.
 */
export function countSets(cards: readonly string[]): HuntCounts {
  const present = presence(cards);
  // Card counts by one property's value, and by a pair of properties' values.
  const single = [new Float64Array(5), new Float64Array(5), new Float64Array(5)];
  const pair = PAIRS.map(() => new Float64Array(25));
  for (let id = 0; id < 125; id++) {
    if (!present[id]) continue;
    for (let p = 0; p < 3; p++) single[p]![VALUE[id * 3 + p]!]!++;
    PAIRS.forEach(([a, b], i) => pair[i]![VALUE[id * 3 + a]! * 5 + VALUE[id * 3 + b]!]!++);
  }
  const counts = {} as HuntCounts;
  for (const k of SET_SIZES) {
    const c = countsOfSize(present, single, pair, k);
    counts[`mono-${k}` as HuntKind] = c.mono;
    counts[`duo-${k}` as HuntKind] = c.duo;
    counts[`tripo-${k}` as HuntKind] = c.tripo;
  }
  return counts;
}

function countsOfSize(present: Uint8Array, single: Float64Array[], pair: Float64Array[], k: number): { mono: number; duo: number; tripo: number } {
  const starts = 6 - k;
  const diagonals = LINES[k]!;
  const m = new Float64Array(k * k);

  // Tripo: all three linked, so the cards lie on one diagonal of all three values.
  let tripo = 0;
  for (let v = 0; v < starts; v++) {
    for (const [s0, ds] of diagonals) {
      for (const [c0, dc] of diagonals) {
        let all = 1;
        for (let i = 0; i < k && all; i++) all = present[(v + i) * 25 + (s0 + ds * i) * 5 + (c0 + dc * i)]!;
        tripo += all;
      }
    }
  }

  // consecutive[p]: groups whose p values are k consecutive values (one card on each).
  const consecutive = single.map((counts) => {
    let total = 0;
    for (let v = 0; v < starts; v++) {
      let product = 1;
      for (let i = 0; i < k; i++) product *= counts[v + i]!;
      total += product;
    }
    return total;
  });

  // linked[i]: groups in which the pair PAIRS[i] = (a, b) is linked (lies on an (a, b) diagonal).
  // linkedThirdConsecutive[i]: those whose third property's values are also consecutive.
  // bothConsecutive[i]: groups whose a and b values are both consecutive (a permanent).
  const linked: number[] = [];
  const linkedThirdConsecutive: number[] = [];
  const bothConsecutive: number[] = [];
  PAIRS.forEach(([a, b, c], i) => {
    const counts = pair[i]!;
    let onDiagonal = 0;
    let withThird = 0;
    for (let v = 0; v < starts; v++) {
      for (const [b0, db] of diagonals) {
        let product = 1;
        for (let r = 0; r < k; r++) product *= counts[(v + r) * 5 + b0 + db * r]!;
        if (product === 0) continue;
        onDiagonal += product;
        for (let w = 0; w < starts; w++) {
          for (let r = 0; r < k; r++) {
            for (let col = 0; col < k; col++) {
              m[r * k + col] = present[(v + r) * STRIDE[a] + (b0 + db * r) * STRIDE[b] + (w + col) * STRIDE[c]]!;
            }
          }
          withThird += permanent(m, k);
        }
      }
    }
    let both = 0;
    for (let v = 0; v < starts; v++) {
      for (let w = 0; w < starts; w++) {
        for (let r = 0; r < k; r++) for (let col = 0; col < k; col++) m[r * k + col] = counts[(v + r) * 5 + w + col]!;
        both += permanent(m, k);
      }
    }
    linked.push(onDiagonal);
    linkedThirdConsecutive.push(withThird);
    bothConsecutive.push(both);
  });

  // All three consecutive: for each matching of number to shape values, a permanent for colour.
  let allConsecutive = 0;
  const perms = PERMS[k]!;
  for (let v = 0; v < starts; v++) {
    for (let w = 0; w < starts; w++) {
      for (let u = 0; u < starts; u++) {
        for (let sigma = 0; sigma < perms.length; sigma += k) {
          for (let r = 0; r < k; r++) {
            const base = (v + r) * 25 + (w + perms[sigma + r]!) * 5 + u;
            for (let col = 0; col < k; col++) m[r * k + col] = present[base + col]!;
          }
          allConsecutive += permanent(m, k);
        }
      }
    }
  }

  // A Duo has one class of two (a group cannot have two), the third property not linked to it.
  const duo = linked.reduce((sum, x) => sum + x - tripo, 0);

  // A Mono has at least one lone consecutive property: inclusion-exclusion over the three.
  // Any two links in a group make the third, so each pairwise overlap of link events is a Tripo.
  const [l01, l02, l12] = linked as [number, number, number];
  const [y01, y02, y12] = linkedThirdConsecutive as [number, number, number];
  const lone = [consecutive[0]! - l01 - l02 + tripo, consecutive[1]! - l01 - l12 + tripo, consecutive[2]! - l02 - l12 + tripo];
  // Two lone properties: both consecutive, and none of the three links (p~q; p~r with q
  // consecutive; q~r with p consecutive).
  const lonePairs = [
    bothConsecutive[0]! - l01 - y02 - y12 + 2 * tripo,
    bothConsecutive[1]! - l02 - y01 - y12 + 2 * tripo,
    bothConsecutive[2]! - l12 - y01 - y02 + 2 * tripo,
  ];
  const loneAll = allConsecutive - y01 - y02 - y12 + 2 * tripo;
  const mono = lone[0]! + lone[1]! + lone[2]! - lonePairs[0]! - lonePairs[1]! - lonePairs[2]! + loneAll;
  return { mono, duo, tripo };
}

/**
 * Property p's class in a group: 0 when p's values are not k consecutive values, else the mask
 * (bit i for property i) of p and the properties linked with it, i.e. those that sequence in the
 * order sorted by p.
 */
function linkMask(ids: ArrayLike<number>, k: number, p: number): number {
  let seen = 0;
  let low = 5;
  for (let i = 0; i < k; i++) {
    const x = VALUE[ids[i]! * 3 + p]!;
    if (seen & (1 << x)) return 0;
    seen |= 1 << x;
    if (x < low) low = x;
  }
  if (seen !== ((1 << k) - 1) << low) return 0;
  let mask = 1 << p;
  for (let q = 0; q < 3; q++) {
    if (q === p) continue;
    const minus = VALUE[ids[0]! * 3 + q]! - VALUE[ids[0]! * 3 + p]!;
    const plus = VALUE[ids[0]! * 3 + q]! + VALUE[ids[0]! * 3 + p]!;
    let sameMinus = true;
    let samePlus = true;
    for (let i = 1; i < k; i++) {
      const xq = VALUE[ids[i]! * 3 + q]!;
      const xp = VALUE[ids[i]! * 3 + p]!;
      if (xq - xp !== minus) sameMinus = false;
      if (xq + xp !== plus) samePlus = false;
    }
    if (sameMinus || samePlus) mask |= 1 << q;
  }
  return mask;
}

/** Face-up cards indexed by value buckets, built once per search. */
interface Grid {
  readonly present: Uint8Array;
  /** byValue[p][x]: ids whose property p has value x. */
  readonly byValue: number[][][];
  /** byPair[i][x * 5 + y]: ids with PAIRS[i]'s a = x and b = y. */
  readonly byPair: number[][][];
}

function gridOf(cards: readonly string[]): Grid {
  const present = presence(cards);
  const byValue = [0, 1, 2].map(() => Array.from({ length: 5 }, (): number[] => []));
  const byPair = PAIRS.map(() => Array.from({ length: 25 }, (): number[] => []));
  for (let id = 0; id < 125; id++) {
    if (!present[id]) continue;
    for (let p = 0; p < 3; p++) byValue[p]![VALUE[id * 3 + p]!]!.push(id);
    PAIRS.forEach(([a, b], i) => byPair[i]![VALUE[id * 3 + a]! * 5 + VALUE[id * 3 + b]!]!.push(id));
  }
  return { present, byValue, byPair };
}

/** Every choice of one id from each layer, in order (an odometer); the yielded array is reused. */
function* choices(layers: readonly (readonly number[])[]): Generator<Int32Array> {
  const k = layers.length;
  if (layers.some((layer) => layer.length === 0)) return;
  const pick = new Int32Array(k);
  const chain = new Int32Array(k);
  for (;;) {
    for (let i = 0; i < k; i++) chain[i] = layers[i]![pick[i]!]!;
    yield chain;
    let i = k - 1;
    while (i >= 0) {
      if (++pick[i]! < layers[i]!.length) break;
      pick[i] = 0;
      i--;
    }
    if (i < 0) return;
  }
}

function setOf(type: SequenceType, chain: Int32Array): HuntSet {
  return { type, size: chain.length, cards: Array.from(chain, (id) => NAME[id]!) };
}

/**
 * The sets of one kind, each group once, its cards in sequence order (ascending along the first
 * property that sequences). With `once` false a Mono may come more than once (faster to start).
 */
function* setsOfKind(grid: Grid, type: SequenceType, k: number, once = true): Generator<HuntSet> {
  const starts = 6 - k;
  const diagonals = LINES[k]!;
  if (type === 'tripo') {
    const chain = new Int32Array(k);
    for (let v = 0; v < starts; v++) {
      for (const [s0, ds] of diagonals) {
        for (const [c0, dc] of diagonals) {
          let all = true;
          for (let i = 0; i < k && all; i++) {
            chain[i] = (v + i) * 25 + (s0 + ds * i) * 5 + (c0 + dc * i);
            all = grid.present[chain[i]!] === 1;
          }
          if (all) yield setOf('tripo', chain);
        }
      }
    }
    return;
  }
  if (type === 'duo') {
    for (let i = 0; i < PAIRS.length; i++) {
      const a = PAIRS[i]![0];
      for (let v = 0; v < starts; v++) {
        for (const [b0, db] of diagonals) {
          const layers = Array.from({ length: k }, (_, r) => grid.byPair[i]![(v + r) * 5 + b0 + db * r]!);
          for (const chain of choices(layers)) {
            if (linkMask(chain, k, a) === 0b111) continue; // a Tripo, not a Duo
            yield setOf('duo', chain);
          }
        }
      }
    }
    return;
  }
  for (let p = 0; p < 3; p++) {
    for (let v = 0; v < starts; v++) {
      const layers = Array.from({ length: k }, (_, r) => grid.byValue[p]![v + r]!);
      next: for (const chain of choices(layers)) {
        if (linkMask(chain, k, p) !== 1 << p) continue;
        if (once) {
          // Listed under the first property that is alone in its class.
          for (let q = 0; q < p; q++) if (maskSize(linkMask(chain, k, q)) === 1) continue next;
        }
        yield setOf('mono', chain);
      }
    }
  }
}

/**
 * The sets among the cards, lazily: kinds in the order given (default HUNT_KINDS), at most
 * `limit` sets, each group once per type it is legal as.
 */
export function* listSets(cards: readonly string[], limit = Infinity, kinds: readonly HuntKind[] = HUNT_KINDS): Generator<HuntSet> {
  if (limit <= 0) return;
  const grid = gridOf(cards);
  let listed = 0;
  for (const kind of kinds) {
    const { type, size } = kindParts(kind);
    for (const set of setsOfKind(grid, type, size)) {
      yield set;
      if (++listed >= limit) return;
    }
  }
}

/** Whether any set of the kind lies among the cards; stops at the first one found. */
export function anyLeft(cards: readonly string[], kind: HuntKind): boolean {
  const { type, size } = kindParts(kind);
  return !setsOfKind(gridOf(cards), type, size, false).next().done;
}
