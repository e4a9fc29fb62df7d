// Progression invariants over seeded mid-game layouts and generated plays (fast-check).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ticDeck, ticValues } from '../../src/cards/tic.js';
import type { Placement } from '../../src/rules/layout.js';
import { progression, type PlayJudgement } from '../../src/rules/progression.js';
import { playout, randomPolicy } from '../../src/rules/progression/simulate.js';
import { maskSize, oneStepMask, sequencingMask, typeSize } from '../../src/rules/tic-sequence.js';
import { extremeBonus } from '../../src/cards/tic.js';
import { randomInt, seededRandom, type Random } from '../../src/rules/random.js';

const tables = new Map<string, readonly Placement[]>();
/** The layout of a seeded game of random single cards when it reaches `size` cards (memoised). */
function layoutOf(seed: number, size: number): readonly Placement[] {
  const key = `${seed}/${size}`;
  let table = tables.get(key);
  if (!table) {
    table = playout(progression.setup({ players: 2, seed }), randomPolicy, seededRandom(seed), (s) => s.table.length >= size).table;
    tables.set(key, table);
  }
  return table;
}

/**
 * A play of 1-4 cards in a line from a cell next to the layout, each card chosen (when it can
 * be) to step with what it touches, so that many plays are legal; sometimes any card at all.
 */
function linePlay(table: readonly Placement[], random: Random): Placement[] {
  const taken = new Map(table.map((p) => [`${p.row},${p.col}`, p.card]));
  const spare = ticDeck().filter((card) => !table.some((p) => p.card === card));
  const anchor = table[randomInt(random, table.length)]!;
  const steps = [[0, 1], [1, 0], [0, -1], [-1, 0]] as const;
  const [dr, dc] = steps[randomInt(random, 4)]!;
  const length = 1 + randomInt(random, 4);
  const play: Placement[] = [];
  let [row, col] = [anchor.row, anchor.col];
  while (play.length < length) {
    [row, col] = [row + dr, col + dc];
    if (taken.has(`${row},${col}`)) continue;
    const touching = steps.flatMap(([r, c]) => taken.get(`${row + r},${col + c}`) ?? []);
    const fitting = spare.filter((card) => touching.every((t) => oneStepMask(ticValues(card), ticValues(t)) !== 0));
    const pool = fitting.length > 0 && random() < 0.9 ? fitting : spare;
    const card = pool[randomInt(random, pool.length)]!;
    spare.splice(spare.indexOf(card), 1);
    play.push({ card, row, col });
    taken.set(`${row},${col}`, card);
  }
  return play;
}

const situation = fc
  .record({ seed: fc.integer({ min: 0, max: 40 }), size: fc.integer({ min: 1, max: 45 }), playSeed: fc.integer(), reversing: fc.boolean() })
  .map(({ seed, size, playSeed, reversing }) => {
    const table = layoutOf(seed, size);
    return { table, play: linePlay(table, seededRandom(playSeed)), reversing };
  });

const mirrored = (layout: readonly Placement[]) => layout.map((p) => ({ ...p, col: -p.col }));
const transposed = (layout: readonly Placement[]) => layout.map((p) => ({ card: p.card, row: p.col, col: p.row }));
const strip = (j: PlayJudgement) => ({ legal: j.violations.length === 0, points: j.points });

describe('Progression invariants', () => {
  it('generates legal multi-card plays often enough to mean something', () => {
    const samples = fc.sample(situation, { numRuns: 200, seed: 7 });
    const legalMulti = samples.filter(({ table, play, reversing }) => play.length > 1 && progression.judgePlay(table, play, { reversing }).violations.length === 0);
    expect(legalMulti.length).toBeGreaterThan(20);
  });

  it('points are never negative, 0 when illegal, and across + down when legal', () => {
    fc.assert(
      fc.property(situation, ({ table, play, reversing }) => {
        const j = progression.judgePlay(table, play, { reversing });
        expect(j.points).toBeGreaterThanOrEqual(0);
        if (j.violations.length > 0) {
          expect(j.points).toBe(0);
          expect([j.across, j.down]).toEqual([null, null]);
        } else {
          expect(j.points).toBe((j.across?.points ?? 0) + (j.down?.points ?? 0));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('each scored sequence is 3+ cards in one line holding a placed card, worth length x type + bonus', () => {
    fc.assert(
      fc.property(situation, ({ table, play, reversing }) => {
        const j = progression.judgePlay(table, play, { reversing });
        for (const s of [j.across, j.down]) {
          if (!s) continue;
          expect(s.length).toBeGreaterThanOrEqual(3);
          expect(s.cards.some((card) => play.some((p) => p.card === card))).toBe(true);
          const mask = sequencingMask(s.cards.map(ticValues), { reversing });
          expect(maskSize(mask)).toBe(typeSize(s.type));
          expect(s.points).toBe(s.length * typeSize(s.type) + extremeBonus(s.cards));
          const along = s.direction === 'across' ? 'row' : 'col';
          const across = s.direction === 'across' ? 'col' : 'row';
          expect(new Set(s.placements.map((p) => p[along])).size).toBe(1);
          s.placements.forEach((p, i) => expect(p[across]).toBe(s.placements[0]![across] + i));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('mirroring the layout left-right keeps legality and points; transposing swaps across and down', () => {
    fc.assert(
      fc.property(situation, ({ table, play, reversing }) => {
        const j = progression.judgePlay(table, play, { reversing });
        expect(strip(progression.judgePlay(mirrored(table), mirrored(play), { reversing }))).toEqual(strip(j));
        const t = progression.judgePlay(transposed(table), transposed(play), { reversing });
        expect(strip(t)).toEqual(strip(j));
        expect(t.across?.points ?? 0).toBe(j.down?.points ?? 0);
        expect(t.down?.points ?? 0).toBe(j.across?.points ?? 0);
      }),
      { numRuns: 200 },
    );
  });

  it('the order the placed cards are listed in changes nothing; reversing never lowers the points', () => {
    fc.assert(
      fc.property(situation, ({ table, play }) => {
        const j = progression.judgePlay(table, play);
        expect(strip(progression.judgePlay(table, [...play].reverse()))).toEqual(strip(j));
        const r = progression.judgePlay(table, play, { reversing: true });
        expect(r.violations.length === 0).toBe(j.violations.length === 0);
        expect(r.points).toBeGreaterThanOrEqual(j.points);
      }),
      { numRuns: 200 },
    );
  });

  it('a legal play exists iff a legal single-card play exists: some card of every legal play is legal alone, and the search lists it', () => {
    fc.assert(
      fc.property(situation, ({ table, play }) => {
        fc.pre(play.length > 1 && progression.judgePlay(table, play).violations.length === 0);
        const hand = play.map((p) => p.card);
        const singles = progression.legalPlays(table, hand);
        const alone = play.filter((p) => progression.judgePlay(table, [p]).violations.length === 0);
        expect(alone.length).toBeGreaterThan(0);
        for (const p of alone) expect(singles).toContainEqual(p);
        expect(progression.hasLegalPlay(table, hand)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('every listed single-card play is legal by judgePlay, and a hand without one has no legal play of any card alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 45 }), fc.integer(), (seed, size, handSeed) => {
        const table = layoutOf(seed, size);
        const spare = ticDeck().filter((card) => !table.some((p) => p.card === card));
        const random = seededRandom(handSeed);
        const hand = Array.from({ length: 6 }, () => spare[randomInt(random, spare.length)]!);
        const plays = progression.legalPlays(table, hand);
        for (const p of plays) expect(progression.judgePlay(table, [p]).violations).toEqual([]);
        expect(progression.hasLegalPlay(table, hand)).toBe(plays.length > 0);
      }),
      { numRuns: 150 },
    );
  });
});
