import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ticDeck, ticValues } from '../../src/cards/tic.js';
import { anyLeft, countSets, HUNT_KINDS, kindParts, listSets, type HuntCounts, type HuntKind } from '../../src/rules/hunt-finder.js';
import { sequenceHunt } from '../../src/rules/sequence-hunt.js';
import { maskSize, sequencingMask, SEQUENCE_TYPES } from '../../src/rules/tic-sequence.js';

const DECK = ticDeck();

/** The definition, literally: every k-subset, every order of it, which types some order makes. */
function bruteForceCounts(cards: readonly string[]): HuntCounts {
  const counts = Object.fromEntries(HUNT_KINDS.map((kind) => [kind, 0])) as HuntCounts;
  const values = cards.map(ticValues);
  for (const k of [3, 4, 5]) {
    const orders = permutations(k);
    for (const subset of combinations(cards.length, k)) {
      let types = 0;
      for (const order of orders) types |= 1 << maskSize(sequencingMask(order.map((i) => values[subset[i]!]!)));
      SEQUENCE_TYPES.forEach((type, t) => {
        if (types & (1 << (t + 1))) counts[`${type}-${k}` as HuntKind]++;
      });
    }
  }
  return counts;
}

function* combinations(n: number, k: number): Generator<number[]> {
  if (n < k) return;
  const idx = Array.from({ length: k }, (_, i) => i);
  while (true) {
    yield idx;
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

function permutations(k: number): number[][] {
  if (k === 0) return [[]];
  return permutations(k - 1).flatMap((p) => Array.from({ length: k }, (_, i) => [...p.slice(0, i), k - 1, ...p.slice(i)]));
}

/**
 * Small grids where sets are common: uniform cards, cards from a 4x4x4 corner, diagonals plus
 * noise, or "transversals" (five cards with every number, shape and colour once, so all three
 * properties are consecutive) plus noise.
 */
const smallGrid = fc.oneof(
  fc.shuffledSubarray(DECK, { minLength: 8, maxLength: 14 }),
  fc
    .record({ offsets: fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 1 })), seedCards: fc.shuffledSubarray([...Array(64).keys()], { minLength: 8, maxLength: 14 }) })
    .map(({ offsets, seedCards }) => seedCards.map((i) => card(offsets[0] + (i >> 4), offsets[1] + ((i >> 2) & 3), offsets[2] + (i & 3)))),
  fc
    .record({
      lines: fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: -1, max: 1 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: -1, max: 1 })), { minLength: 1, maxLength: 3 }),
      noise: fc.shuffledSubarray(DECK, { minLength: 0, maxLength: 4 }),
    })
    .map(({ lines, noise }) => {
      const cards = new Set<string>(noise);
      for (const [s0, ds, c0, dc] of lines) {
        for (let n = 0; n < 5; n++) {
          const s = s0 + ds * n;
          const c = c0 + dc * n;
          if (s >= 0 && s < 5 && c >= 0 && c < 5) cards.add(card(n, s, c));
        }
      }
      return [...cards].slice(0, 14);
    }),
  fc
    .record({
      transversals: fc.array(fc.tuple(fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5 }), fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5 })), { minLength: 1, maxLength: 2 }),
      noise: fc.shuffledSubarray(DECK, { minLength: 0, maxLength: 4 }),
    })
    .map(({ transversals, noise }) => {
      const cards = new Set<string>(noise);
      for (const [shapes, colours] of transversals) for (let n = 0; n < 5; n++) cards.add(card(n, shapes[n]!, colours[n]!));
      return [...cards].slice(0, 14);
    }),
);

function card(n: number, s: number, c: number): string {
  return DECK[n * 25 + s * 5 + c]!;
}

describe('counting sets (the Sequence Hunt "perft")', () => {
  it('finds the known counts in the whole 125-card deck: mono-3 115461, duo-3 6426, tripo-3 108', () => {
    const counts = countSets(DECK);
    expect([counts['mono-3'], counts['duo-3'], counts['tripo-3']]).toEqual([115461, 6426, 108]);
  });

  it('pins the 4- and 5-card counts of the whole deck', () => {
    // Confirmed by brute force outside the suite: every 4- and 5-subset of the deck (9.7 million
    // and 234 million), every order of it, in C; and by listing every set with listSets.
    expect(countSets(DECK)).toEqual({
      'mono-3': 115461, 'duo-3': 6426, 'tripo-3': 108,
      'mono-4': 2154478, 'duo-4': 14904, 'tripo-4': 32,
      'mono-5': 28168241, 'duo-5': 18738, 'tripo-5': 4,
    });
  });

  it('equals brute force (every k-subset, every order) on small grids', () => {
    fc.assert(
      fc.property(smallGrid, (cards) => {
        expect(countSets(cards)).toEqual(bruteForceCounts(cards));
      }),
      { numRuns: 60 },
    );
  });

  it('counts nothing on an empty grid or one of two cards', () => {
    expect(Object.values(countSets([])).every((n) => n === 0)).toBe(true);
    expect(Object.values(countSets(['1-circle-violet', '2-crescent-cyan'])).every((n) => n === 0)).toBe(true);
  });
});

describe('listing sets', () => {
  it('lists every set once per type it is legal as, each one a legal claim in sequence order', () => {
    fc.assert(
      fc.property(smallGrid, (cards) => {
        const sets = [...listSets(cards)];
        const counts = countSets(cards);
        for (const kind of HUNT_KINDS) {
          const { type, size } = kindParts(kind);
          const ofKind = sets.filter((s) => s.type === type && s.size === size);
          expect(ofKind.length).toBe(counts[kind]);
          expect(new Set(ofKind.map((s) => [...s.cards].sort().join(' '))).size).toBe(ofKind.length);
        }
        for (const set of sets) {
          expect(set.cards.every((c) => cards.includes(c))).toBe(true);
          const judged = sequenceHunt.judgeClaim(set, set.cards);
          expect(judged.violations).toEqual([]);
          // Listed in sequence order already: the same order the judge puts them in.
          expect(judged.set?.cards).toEqual(set.cards);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keeps a set\'s type when its order is reversed', () => {
    fc.assert(
      fc.property(smallGrid, (cards) => {
        for (const set of listSets(cards, 200)) {
          const run = set.cards.map(ticValues);
          const mask = sequencingMask(run);
          expect(sequencingMask([...run].reverse())).toBe(mask);
          expect(SEQUENCE_TYPES[maskSize(mask) - 1]).toBe(set.type);
          expect(sequenceHunt.judgeClaim(set, [...set.cards].reverse()).violations).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('stops at the limit, keeps to the kinds asked for, and yields lazily', () => {
    expect([...listSets(DECK, 1000)]).toHaveLength(1000);
    expect([...listSets(DECK, 0)]).toEqual([]);
    const tripos = [...listSets(DECK, Infinity, ['tripo-5', 'tripo-4'])];
    expect(tripos.map((s) => `${s.type}-${s.size}`)).toEqual([...Array(4).fill('tripo-5'), ...Array(32).fill('tripo-4')]);
    // The first set of all 28 million 5-card Monos comes without listing the rest.
    const first = listSets(DECK, Infinity, ['mono-5']).next();
    expect(first.value?.cards).toHaveLength(5);
  });
});

describe('any left', () => {
  it('agrees with the counts', () => {
    fc.assert(
      fc.property(smallGrid, (cards) => {
        const counts = countSets(cards);
        for (const kind of HUNT_KINDS) expect(anyLeft(cards, kind)).toBe(counts[kind] > 0);
      }),
      { numRuns: 60 },
    );
  });

  it('finds the four 5-card Tripos of the deck and none once their middle cards are gone', () => {
    expect(anyLeft(DECK, 'tripo-5')).toBe(true);
    // Every 5-card Tripo runs through 3-triangle-yellow.
    expect(anyLeft(DECK.filter((c) => c !== '3-triangle-yellow'), 'tripo-5')).toBe(false);
    expect(anyLeft(DECK.filter((c) => c !== '3-triangle-yellow'), 'tripo-4')).toBe(true);
  });
});
