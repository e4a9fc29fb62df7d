import { describe, expect, it } from 'vitest';
import { huntKind, type HuntSet } from '../../src/rules/hunt-finder.js';
import { sequenceHunt } from '../../src/rules/sequence-hunt.js';
import type { HuntRecord, SimulateOptions } from '../../src/simulate/index.js';
import { before, ensure, expectReplays, GAMES_PER_TEST, playGames } from './run-games.js';

const CODES = ['not-a-set', 'card-not-on-grid'];

/** 1-6 players, race and For Points in turn, the Competitive Rule in every 3rd, every 4th greedy, every 5th with a wrong call each 10 turns. */
function configOf(seed: number): Omit<SimulateOptions, 'seed'> {
  return {
    players: 1 + (seed % 6),
    variant: seed % 2 === 0 ? 'race' : 'for-points',
    policy: seed % 4 === 0 ? 'greedy' : 'random',
    illegalEvery: seed % 5 === 0 ? 10 : 0,
    options: { penalty: seed % 3 === 0 },
  };
}

const key = (s: HuntSet): string => `${s.type}-${s.size}:${s.cards.join(',')}`;
/** The same sets in the same order (checked by identity first: most entries change no one's sets). */
const sameSets = (a: readonly HuntSet[], b: readonly HuntSet[]): boolean => a.length === b.length && a.every((s, k) => s === b[k] || key(s) === key(b[k]!));

describe('Sequence Hunt simulated games', () => {
  it(`plays ${GAMES_PER_TEST} seeded games where collected sets only grow, except by the Competitive Rule's penalty`, () => {
    const tally = playGames('sequence-hunt', configOf, CODES, (any, t) => {
      const r = any as HuntRecord;
      const at = (i: number): string => `seed ${r.seed} entry ${i}`;
      r.turns.forEach((e, i) => {
        const prev = before(r, i);
        const after = e.stateAfter;
        const cardsHeld = after.layout.length + after.stacks.reduce((a, b) => a + b, 0) + after.sets.flat().reduce((n, s) => n + s.size, 0);
        ensure(t, cardsHeld === 125, () => `${at(i)}: ${cardsHeld} cards in play`);
        const penalty = e.events.find((ev) => ev.kind === 'penalty');
        const claim = e.events.find((ev) => ev.kind === 'claim');
        after.sets.forEach((sets, p) => {
          if (sameSets(prev.sets[p]!, sets)) return;
          const was = prev.sets[p]!.map(key);
          const now = sets.map(key);
          if (penalty && penalty.kind === 'penalty' && p === penalty.player) {
            // The penalised caller lost exactly one of their largest sets.
            const largest = Math.max(...prev.sets[p]!.map((s) => s.size));
            ensure(t, penalty.surrendered.size === largest, () => `${at(i)}: surrendered a ${penalty.surrendered.size}-card set, the largest was ${largest}`);
            ensure(t, now.length === was.length - 1 && was.filter((k) => k !== key(penalty.surrendered)).join('|') === now.join('|'), () => `${at(i)}: the penalty took more than the surrendered set`);
          } else if (claim && claim.kind === 'claim' && p === claim.player) {
            ensure(t, now.length === was.length + 1 && now.slice(0, -1).join('|') === was.join('|') && now.at(-1) === key(claim.set), () => `${at(i)}: a claim changed more than one new set`);
          } else {
            ensure(t, false, () => `${at(i)}: player ${p}'s sets changed without a claim or a penalty`);
          }
        });
        if (penalty && penalty.kind === 'penalty') ensure(t, after.sets[penalty.player]!.length === prev.sets[penalty.player]!.length - 1, () => `${at(i)}: a penalty took no set`);
        if (claim && claim.kind === 'claim') {
          ensure(t, after.sets[claim.player]!.length === prev.sets[claim.player]!.length + 1, () => `${at(i)}: a claim added no set`);
          const grid = new Set(prev.layout.map((c) => c.card));
          ensure(t, claim.set.cards.every((c) => grid.has(c)), () => `${at(i)}: a claimed card was not face up`);
          ensure(t, sequenceHunt.judgeClaim(claim.set, claim.set.cards).violations.length === 0, () => `${at(i)}: the claimed set is not a ${claim.set.size}-card ${claim.set.type}`);
          if (r.config.variant === 'race') {
            ensure(t, !prev.sets[claim.player]!.some((s) => huntKind(s.type, s.size) === huntKind(claim.set.type, claim.set.size)), () => `${at(i)}: a kind collected twice in the race`);
          }
        }
        if (e.deliberate) ensure(t, JSON.stringify(after.layout) === JSON.stringify(prev.layout), () => `${at(i)}: a wrong call took cards`);
      });
      const final = r.turns.at(-1)!;
      if (r.result.reason === 'won') {
        const kinds = new Set(final.stateAfter.sets[r.result.winners[0]!]!.map((s) => huntKind(s.type, s.size)));
        ensure(t, kinds.size === 9, () => `seed ${r.seed}: the winner holds ${kinds.size} kinds`);
      }
      if (r.config.variant === 'for-points' && r.result.over) {
        const best = Math.max(...final.scores);
        ensure(t, r.result.winners.every((w) => final.scores[w] === best), () => `seed ${r.seed}: winners ${r.result.winners} for points ${final.scores}`);
      }
      // Without the penalty nothing goes back under the stacks: 125 cards, so at most 125 turns.
      if (!r.config.options.penalty) ensure(t, r.result.over && r.result.turns <= 125, () => `seed ${r.seed}: ${r.result.turns} turns, over ${r.result.over}`);
    });
    expect(tally.problems).toEqual([]);
    expect(tally.games).toBe(GAMES_PER_TEST);
    expect(tally.events.claim).toBeGreaterThan(GAMES_PER_TEST * 10);
    expect(tally.events['wrong-claim']).toBe(tally.deliberate);
    expect(tally.events.penalty).toBeGreaterThan(50);
    expect(tally.events.win).toBeGreaterThan(0);
    expect(tally.codes['not-a-set']).toBeGreaterThan(500);
  });

  it('refuses a wrong claim ("not-a-set"); with the Competitive Rule the caller gives up their largest set, and play goes on', () => {
    const r = expectReplays('sequence-hunt', { seed: 21, players: 3, illegalEvery: 10, options: { penalty: true } }) as HuntRecord;
    const attempts = r.turns.filter((e) => e.deliberate);
    expect(attempts.length).toBeGreaterThan(5);
    let penalised = 0;
    for (const attempt of attempts) {
      expect(attempt.move.type).toBe('call');
      expect(attempt.violations.map((v) => v.rule)).toEqual(expect.arrayContaining(['not-a-set']));
      const had = before(r, attempt.index).sets[attempt.player]!;
      const penalty = attempt.events.find((ev) => ev.kind === 'penalty');
      if (had.length > 0) {
        expect(penalty).toBeDefined();
        penalised += 1;
      } else {
        expect(penalty).toBeUndefined();
      }
    }
    expect(penalised).toBeGreaterThan(0);
    expect(r.turns.at(-1)!.index).toBeGreaterThan(attempts.at(-1)!.index);
  });

  it('replays the identical record from the same seed', () => {
    for (const options of [{ seed: 31 }, { seed: 32, policy: 'greedy' as const, variant: 'for-points', players: 4 }, { seed: 33, players: 1, illegalEvery: 7, options: { penalty: true } }]) {
      expectReplays('sequence-hunt', options);
    }
  });
});
