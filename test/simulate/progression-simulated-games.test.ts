import { describe, expect, it } from 'vitest';
import { progression } from '../../src/rules/progression.js';
import type { ProgressionRecord, SimulateOptions } from '../../src/simulate/index.js';
import { before, ensure, expectReplays, GAMES_PER_TEST, playGames, scoresBefore } from './run-games.js';

const CODES = ['no-step-at-contact', 'cell-occupied'];

/** 2-4 players, a fifth Shedding, a third with a reduced 60-card deck, every 25th greedy, every 4th with illegal turns. */
function configOf(seed: number): Omit<SimulateOptions, 'seed'> {
  return {
    players: 2 + (seed % 3),
    variant: seed % 5 === 0 ? 'shedding' : 'standard',
    policy: seed % 25 === 0 ? 'greedy' : 'random',
    illegalEvery: seed % 4 === 0 ? 3 + (seed % 5) : 0,
    options: { reversing: seed % 7 === 0, ...(seed % 3 === 1 ? { deckSize: 60 } : {}) },
  };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('Progression simulated games', () => {
  it(`plays ${GAMES_PER_TEST} seeded games where scores rise by exactly the points judgePlay gives each play`, () => {
    const tally = playGames('progression', configOf, CODES, (any, t) => {
      const r = any as ProgressionRecord;
      const at = (i: number): string => `seed ${r.seed} entry ${i}`;
      const deckSize = r.config.options.deckSize ?? 125;
      r.turns.forEach((e, i) => {
        const prev = before(r, i);
        const prevScores = scoresBefore(r, i);
        const after = e.stateAfter;
        ensure(t, after.layout.length + after.deck + sum(after.hands) === deckSize, () => `${at(i)}: cards not conserved`);
        if (e.legal && e.move.type === 'play') {
          const judged = progression.judgePlay(prev.layout, e.move.placements, { reversing: r.config.options.reversing === true });
          const points = r.config.variant === 'standard' ? judged.points : 0;
          ensure(t, e.scores[e.player]! - prevScores[e.player]! === points, () => `${at(i)}: score rose by ${e.scores[e.player]! - prevScores[e.player]!}, judgePlay gave ${points}`);
          ensure(t, e.scores.every((s, p) => p === e.player || s === prevScores[p]), () => `${at(i)}: another player's score changed`);
          ensure(t, after.layout.length === prev.layout.length + e.move.placements.length, () => `${at(i)}: layout did not grow by the play`);
        } else {
          ensure(t, e.scores.every((s, p) => s === prevScores[p]), () => `${at(i)}: a ${e.move.type} changed the scores`);
          ensure(t, after.layout.length === prev.layout.length, () => `${at(i)}: a ${e.move.type} changed the layout`);
        }
        if (e.deliberate) {
          // Rejected, then the same player goes on with a legal move in the same turn.
          const next = r.turns[i + 1];
          ensure(t, next !== undefined && next.player === e.player && next.turn === e.turn && next.legal, () => `${at(i)}: no legal move after the rejected play`);
        }
      });
      ensure(t, r.result.over, () => `seed ${r.seed}: stopped by the turn cap`);
      const final = r.turns.at(-1)!;
      if (r.config.variant === 'standard') {
        const best = Math.max(...final.scores);
        ensure(t, JSON.stringify(r.result.winners) === JSON.stringify(final.scores.flatMap((s, p) => (s === best ? [p] : []))), () => `seed ${r.seed}: winners ${r.result.winners} for scores ${final.scores}`);
      } else if (r.result.reason === 'won') {
        ensure(t, final.stateAfter.hands[r.result.winners[0]!] === 0, () => `seed ${r.seed}: the Shedding winner still holds cards`);
      }
    });
    expect(tally.problems).toEqual([]);
    expect(tally.games).toBe(GAMES_PER_TEST);
    expect(tally.policies.greedy).toBe(GAMES_PER_TEST / 25);
    expect(tally.events.win).toBe(GAMES_PER_TEST);
    expect(tally.events.play).toBeGreaterThan(GAMES_PER_TEST * 20);
    expect(tally.events.draw).toBeGreaterThan(0);
    expect(tally.deliberate).toBeGreaterThan(1000);
    expect(tally.codes['no-step-at-contact']).toBeGreaterThan(1000);
  });

  it('rejects a card with no one-step contact ("no-step-at-contact") and lets the player make a legal move instead', () => {
    const r = expectReplays('progression', { seed: 42, illegalEvery: 2 }) as ProgressionRecord;
    const attempts = r.turns.filter((e) => e.deliberate);
    expect(attempts.length).toBeGreaterThan(10);
    for (const attempt of attempts) {
      expect(attempt.violations.map((v) => v.rule)).toContain('no-step-at-contact');
      expect(attempt.events).toEqual([{ kind: 'rejected', player: attempt.player, cards: attempt.move.type === 'play' ? attempt.move.placements.map((p) => p.card) : [] }]);
      expect(r.turns[attempt.index + 1]).toMatchObject({ player: attempt.player, turn: attempt.turn, legal: true, deliberate: false });
    }
    expect(r.turns.filter((e) => e.turn % 2 === 0 && !e.deliberate).length).toBeGreaterThan(0);
  });

  it('replays the identical record from the same seed, for both policies and both variants', () => {
    for (const options of [
      { seed: 7, policy: 'random' as const },
      { seed: 7, policy: 'greedy' as const, illegalEvery: 5 },
      { seed: 8, players: 4, variant: 'shedding', illegalEvery: 3 },
      { seed: 9, options: { reversing: true, deckSize: 40 } },
    ]) {
      const r = expectReplays('progression', options);
      expect(r.turns.length).toBeGreaterThan(10);
    }
  });

  it('records the table as dealt: one starting card, full hands, the rest in the deck', () => {
    const r = expectReplays('progression', { seed: 3, players: 3 }) as ProgressionRecord;
    expect(r.start.stateAfter.layout).toHaveLength(1);
    expect(r.start.stateAfter.hands).toEqual([6, 6, 6]);
    expect(r.start.stateAfter.deck).toBe(125 - 18 - 1);
    expect(r.config).toMatchObject({ players: 3, policy: 'random', variant: 'standard', sides: 'players', scores: 'points' });
  });
});
