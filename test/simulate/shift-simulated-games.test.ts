import { describe, expect, it } from 'vitest';
import { sequenceShift } from '../../src/rules/sequence-shift.js';
import type { ShiftRecord, SimulateOptions } from '../../src/simulate/index.js';
import { before, ensure, expectReplays, GAMES_PER_TEST, playGames } from './run-games.js';

const CODES = ['run-not-duo-or-tripo', 'lone-card'];
const VARIANTS = ['standard', 'simple', 'open-table'] as const;

/** 2-5 players, the three variants in turn, every 4th greedy, every 3rd with illegal turns, every 100th on the solver. */
function configOf(seed: number): Omit<SimulateOptions, 'seed'> {
  return {
    players: 2 + (seed % 4),
    variant: VARIANTS[seed % 3]!,
    policy: seed % 4 === 0 ? 'greedy' : 'random',
    illegalEvery: seed % 3 === 0 ? 2 + (seed % 4) : 0,
    options: seed % 100 === 0 ? { solverNodes: 300 } : {},
  };
}

describe('Sequence Shift simulated games', () => {
  it(`plays ${GAMES_PER_TEST} seeded games that leave a legal table after every turn`, () => {
    const tally = playGames('sequence-shift', configOf, CODES, (any, t) => {
      const r = any as ShiftRecord;
      const at = (i: number): string => `seed ${r.seed} entry ${i}`;
      r.turns.forEach((e, i) => {
        const prev = before(r, i);
        const after = e.stateAfter;
        ensure(t, sequenceShift.judgeTable(after.layout).violations.length === 0 || after.layout.length === 0, () => `${at(i)}: the table left is illegal`);
        ensure(t, e.turn === i + 1, () => `${at(i)}: a Shift turn is one entry`);
        const drew = prev.drawPile > 0 ? 1 : 0;
        if (e.move.type === 'play' && e.legal) {
          const n = e.move.placements.length;
          ensure(t, n > 0 && after.layout.length === prev.layout.length + n, () => `${at(i)}: the table did not grow by the cards played`);
          ensure(t, after.hands[e.player] === prev.hands[e.player]! - n, () => `${at(i)}: the hand did not shrink by the cards played`);
          ensure(t, after.opened[e.player] === true, () => `${at(i)}: a legal turn did not open the player`);
        } else {
          // A draw, or an illegal turn undone: the table as it was, one card drawn, the turn over.
          ensure(t, JSON.stringify(after.layout) === JSON.stringify(prev.layout), () => `${at(i)}: the table changed without a legal play`);
          ensure(t, after.hands[e.player] === prev.hands[e.player]! + drew && after.drawPile === prev.drawPile - drew, () => `${at(i)}: no card drawn`);
          if (e.deliberate) ensure(t, e.events.some((ev) => ev.kind === 'undone') && e.events.some((ev) => ev.kind === 'draw'), () => `${at(i)}: undone and draw not recorded`);
        }
        ensure(t, after.hands.every((h, p) => p === e.player || h === prev.hands[p]), () => `${at(i)}: another player's hand changed`);
      });
      ensure(t, r.result.over, () => `seed ${r.seed}: stopped by the turn cap`);
      const final = r.turns.at(-1)!.stateAfter;
      if (r.result.reason === 'won') ensure(t, final.hands[r.result.winners[0]!] === 0, () => `seed ${r.seed}: the winner still holds cards`);
      else ensure(t, final.drawPile === 0, () => `seed ${r.seed}: blocked with cards left to draw`);
    });
    expect(tally.problems).toEqual([]);
    expect(tally.games).toBe(GAMES_PER_TEST);
    expect(tally.events.win).toBeGreaterThan(GAMES_PER_TEST / 2);
    expect(tally.events.open).toBeGreaterThan(GAMES_PER_TEST);
    expect(tally.events.undone).toBe(tally.deliberate);
    expect(tally.deliberate).toBeGreaterThan(300);
    expect(tally.codes['run-not-duo-or-tripo']).toBeGreaterThan(200);
  });

  it('undoes a turn that leaves a Mono on the table ("run-not-duo-or-tripo"): the table returns, the player draws, the turn ends', () => {
    const r = expectReplays('sequence-shift', { seed: 5, players: 3, illegalEvery: 2 }) as ShiftRecord;
    const attempts = r.turns.filter((e) => e.deliberate);
    expect(attempts.length).toBeGreaterThan(2);
    for (const attempt of attempts) {
      expect(attempt.legal).toBe(false);
      expect(attempt.violations.map((v) => v.rule)).toEqual(expect.arrayContaining([expect.stringMatching(/^(run-not-duo-or-tripo|lone-card)$/)]));
      expect(attempt.stateAfter.layout).toEqual(before(r, attempt.index).layout);
      expect(attempt.events.map((ev) => ev.kind)).toEqual(expect.arrayContaining(['undone', 'draw']));
      const next = r.turns[attempt.index + 1];
      if (next) expect(next.player).not.toBe(attempt.player);
    }
  });

  it('plays whole games with the solver as the greedy player, every turn legal', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const r = expectReplays('sequence-shift', { seed, players: 2 + (seed % 4), variant: VARIANTS[seed % 3]!, policy: 'greedy', options: { solverNodes: 500 } }) as ShiftRecord;
      expect(r.turns.filter((e) => !e.legal)).toEqual([]);
      expect(r.result.over).toBe(true);
    }
  });

  it('replays the identical record from the same seed', () => {
    for (const options of [{ seed: 11 }, { seed: 12, policy: 'greedy' as const, variant: 'simple', illegalEvery: 3 }, { seed: 13, players: 5, variant: 'open-table' }]) {
      expectReplays('sequence-shift', options);
    }
  });
});
