import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InputError } from '../../src/errors.js';
import { cellKey, type Placement } from '../../src/rules/layout.js';
import { seededRandom, shuffled, type Random } from '../../src/rules/random.js';
import { sequenceShift, type ShiftVariant } from '../../src/rules/sequence-shift.js';
import { randomShiftTable } from '../../src/rules/sequence-shift/random-table.js';
import { duo } from '../../src/rules/sequence-shift/solver-grid.js';
import { hasLegalPlay, searchTurn, solveTurn, type ShiftSolveInput } from '../../src/rules/shift-solver.js';
import { ticId } from '../../src/cards/tic.js';
import { layout } from '../helpers/picture.js';

const legal = (input: ShiftSolveInput, after: readonly Placement[]) =>
  sequenceShift.judgeTurn({ before: input.table, after, hand: input.hand, opened: input.opened, variant: input.variant }).violations;

const VARIANTS: ReadonlyArray<[boolean, ShiftVariant]> = [
  [true, 'standard'],
  [false, 'standard'],
  [true, 'simple'],
  [false, 'simple'],
  [true, 'open-table'],
  [false, 'open-table'],
];

/** Hand cards, half of them picked to touch some table card legally (so plays are neither always nor never there). */
function pickHand(random: Random, rest: readonly string[], table: readonly Placement[], size: number): string[] {
  const near = rest.filter((c) => table.some((p) => duo(ticId(c), ticId(p.card))));
  const hand: string[] = [];
  for (const card of [...shuffled(near, random), ...shuffled(rest, random)]) {
    if (hand.length >= size) break;
    if (hand.includes(card)) continue;
    if (random() < 0.5 || near.length === 0) hand.push(card);
  }
  return hand;
}

/**
 * Every way to lay the hand's cards (and, when the table may be rearranged, the table's) in a
 * window of cells, judged by the turn judge: the most hand cards a legal turn sheds there.
 */
function bruteForceMostShed(input: ShiftSolveInput): number {
  const rearrange = sequenceShift.mayUseTable(input.opened, input.variant) && input.variant !== 'simple' && input.table.length > 0;
  const rows = input.table.map((p) => p.row);
  const cols = input.table.map((p) => p.col);
  const margin = rearrange ? 0 : 2;
  const [r0, r1, c0, c1] = rearrange
    ? [0, 2, 0, 3]
    : input.table.length === 0
      ? [0, 2, 0, 3]
      : [Math.min(...rows) - margin, Math.max(...rows) + margin, Math.min(...cols) - margin, Math.max(...cols) + margin];
  const window: Array<[number, number]> = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) window.push([r, c]);
  const fixed = rearrange ? [] : input.table;
  const movable = rearrange ? input.table.map((p) => p.card) : [];
  const taken = new Set(fixed.map((p) => cellKey(p.row, p.col)));
  const placed: Placement[] = [];
  let best = 0;

  const touching = (): boolean => {
    const all = new Set([...taken]);
    return placed.every((p) => [[-1, 0], [1, 0], [0, -1], [0, 1]].some(([dr, dc]) => all.has(cellKey(p.row + dr!, p.col + dc!))));
  };
  const layCards = (cards: readonly string[], i: number, optional: boolean, then: () => void): void => {
    if (i === cards.length) return then();
    if (optional) layCards(cards, i + 1, optional, then);
    for (const [row, col] of window) {
      const key = cellKey(row, col);
      if (taken.has(key)) continue;
      taken.add(key);
      placed.push({ card: cards[i]!, row, col });
      layCards(cards, i + 1, optional, then);
      placed.pop();
      taken.delete(key);
    }
  };
  layCards(movable, 0, false, () =>
    layCards(input.hand, 0, true, () => {
      const shed = placed.length - movable.length;
      if (shed <= best || !touching()) return;
      if (legal(input, [...fixed, ...placed]).length === 0) best = shed;
    }),
  );
  return best;
}

const tinyCase = fc.record({ seed: fc.integer(), variant: fc.integer({ min: 0, max: VARIANTS.length - 1 }) }).map(({ seed, variant }) => {
  const random = seededRandom(seed);
  const [opened, v] = VARIANTS[variant]!;
  const rearrange = opened && v !== 'simple';
  const size = [0, 2, 2, 3][Math.floor(random() * 4)]!;
  const { table, rest } = randomShiftTable(random, { size, extraShare: 0 });
  const hand = pickHand(random, rest, table, rearrange ? 1 + Math.floor(random() * 2) : 1 + Math.floor(random() * 3));
  return { table, hand, opened, variant: v, nodeLimit: 50_000 } satisfies ShiftSolveInput;
});

describe('Sequence Shift solver: every answer is a legal turn', () => {
  it('on seeded tables built from legal chains, with random hands, for every variant and opening state', () => {
    let plays = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: VARIANTS.length - 1 }), (seed, size, handSize, v) => {
        const random = seededRandom(seed);
        const { table, rest } = randomShiftTable(random, { size });
        const [opened, variant] = VARIANTS[v]!;
        const input = { table, hand: pickHand(random, rest, table, handSize), opened, variant, nodeLimit: 300 };
        const play = solveTurn(input);
        if (play) {
          plays++;
          expect(legal(input, play.after)).toEqual([]);
          expect(play.played.length).toBeGreaterThan(0);
        }
        const report = hasLegalPlay(input);
        if (report.play) expect(legal(input, report.play.after)).toEqual([]);
        expect(report.exists).toBe(report.play !== null);
        // Where a play exists, the best search finds one too.
        if (report.exists) expect(play).not.toBeNull();
      }),
      { numRuns: 60 },
    );
    expect(plays).toBeGreaterThan(30);
  });

  it('with the full 1 s budget on a 40-card table and a 12-card hand', () => {
    const random = seededRandom(2024);
    const { table, rest } = randomShiftTable(random, { size: 40 });
    const input = { table, hand: rest.slice(0, 12), opened: true, variant: 'standard' as const };
    const play = solveTurn(input);
    expect(play).not.toBeNull();
    expect(legal(input, play!.after)).toEqual([]);
  });
});

describe('Sequence Shift solver: "exhaustive" is only claimed when true', () => {
  it('on tiny cases, brute force never sheds more than a play the solver calls the best, and finds nothing where it says there is nothing', () => {
    fc.assert(
      fc.property(tinyCase, (input) => {
        const brute = bruteForceMostShed(input);
        const search = searchTurn(input);
        if (search.exhaustive) expect(search.play?.played.length ?? 0).toBeGreaterThanOrEqual(brute);
        const report = hasLegalPlay(input);
        if (!report.exists && report.exhaustive) expect(brute).toBe(0);
        if (brute > 0) expect(report.exists).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('where the table stays put (before opening, Simple Shift), "is there a legal play" is always settled', () => {
    fc.assert(
      fc.property(tinyCase, (input) => {
        const rearrange = sequenceShift.mayUseTable(input.opened, input.variant) && input.variant !== 'simple';
        fc.pre(!rearrange || input.table.length === 0);
        const report = hasLegalPlay(input);
        expect(report.exhaustive).toBe(true);
        expect(report.exists).toBe(bruteForceMostShed(input) > 0);
      }),
      { numRuns: 40 },
    );
  });
});

describe('Sequence Shift solver: plays the rulebook describes', () => {
  const block = layout(`
    1-square-cyan 1-star-yellow
    2-star-red    4-square-orange
  `);

  it('"Don\'t Become Attached to Existing Sequences": a closed block has no room until it is taken apart', () => {
    const hand = ['2-triangle-orange'];
    // Kept as it is, no cell takes the card (Simple Shift, or opened but not rearranging).
    expect(hasLegalPlay({ table: block, hand, opened: true, variant: 'simple' })).toEqual({ exists: false, exhaustive: true, play: null });
    const input = { table: block, hand, opened: true, variant: 'standard' as const };
    const play = solveTurn(input)!;
    expect(play.played).toEqual(['2-triangle-orange']);
    expect(play.exhaustive).toBe(true);
    expect(legal(input, play.after)).toEqual([]);
  });

  it('"Opening Play": before opening the solver lays sequences from the hand only, apart from the table', () => {
    const table = layout('1-circle-violet 2-crescent-cyan 3-triangle-yellow');
    const input = { table, hand: ['4-square-orange', '5-star-red', '2-circle-red'], opened: false, variant: 'standard' as const };
    const play = solveTurn(input)!;
    expect(play.played.sort()).toEqual(['4-square-orange', '5-star-red']);
    expect(play.after.filter((p) => table.some((t) => t.card === p.card))).toEqual(table);
    expect(legal(input, play.after)).toEqual([]);
    // Once open, the same cards extend the table's Tripo, and 2-circle-red still has nowhere to go.
    const open = solveTurn({ ...input, opened: true })!;
    expect(open.played.sort()).toEqual(['4-square-orange', '5-star-red']);
    expect(open.exhaustive).toBe(true);
  });

  it('"Creating an Intersection": one hand card crossing a table card is enough', () => {
    const table = layout('1-circle-violet 2-crescent-cyan 3-triangle-yellow 4-square-orange 5-star-red');
    const input = { table, hand: ['3-triangle-cyan'], opened: true, variant: 'simple' as const };
    const play = solveTurn(input)!;
    expect(play).toMatchObject({ played: ['3-triangle-cyan'], exhaustive: true });
    expect(sequenceShift.judgeTable(play.after).sequences.some((s) => s.direction === 'down')).toBe(true);
  });

  it('says so, proven, when no hand card could touch any card', () => {
    const input = { table: layout('1-circle-violet 2-crescent-cyan'), hand: ['5-star-red'], opened: true, variant: 'standard' as const };
    expect(searchTurn(input)).toEqual({ play: null, exhaustive: true });
    expect(hasLegalPlay(input)).toEqual({ exists: false, exhaustive: true, play: null });
  });

  it('gives the same answer for the same input (no randomness; a node limit makes it independent of the clock)', () => {
    const { table, rest } = randomShiftTable(seededRandom(5), { size: 25 });
    const input = { table, hand: rest.slice(0, 10), opened: true, variant: 'standard' as const, budgetMs: 60_000, nodeLimit: 2000 };
    expect(solveTurn(input)).toEqual(solveTurn(input));
  });

  it('refuses an illegal table and cards named twice', () => {
    expect(() => solveTurn({ table: layout('1-circle-violet 5-star-red'), hand: ['3-star-orange'], opened: true, variant: 'standard' })).toThrow(InputError);
    expect(() => solveTurn({ table: layout('1-circle-violet 2-crescent-cyan'), hand: ['2-crescent-cyan'], opened: true, variant: 'standard' })).toThrow(InputError);
  });
});
