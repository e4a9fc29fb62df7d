import { describe, expect, it } from 'vitest';
import { sequenceStacks, type Chips } from '../../src/rules/sequence-stacks/index.js';
import type { SimulateOptions, StacksRecord, StacksView } from '../../src/simulate/index.js';
import { before, ensure, expectReplays, GAMES_PER_TEST, playGames } from './run-games.js';

const CODES = ['not-one-higher', 'start-with-one-or-wild', 'missing-discard'];

/** 2-6 players, every 3rd greedy, every 4th with an illegal action opening every 2nd-4th turn. */
function configOf(seed: number): Omit<SimulateOptions, 'seed'> {
  return {
    players: 2 + (seed % 5),
    policy: seed % 3 === 0 ? 'greedy' : 'random',
    illegalEvery: seed % 4 === 0 ? 2 + (seed % 3) : 0,
  };
}

function cardsIn(view: StacksView): number {
  const piles = Object.values(view.piles).reduce((n, pile) => n + (pile?.length ?? 0), 0);
  return piles + view.discards.flat().length + view.hands.reduce((a, b) => a + b, 0) + view.drawPile + view.setAside.length + view.box.length;
}

const chipsOf = (view: StacksView): readonly Chips[] => view.chips;

describe('Sequence Stacks simulated games', () => {
  it(`plays ${GAMES_PER_TEST} seeded games where chips change only by +1 at a completion or by a Chip Steal`, () => {
    const tally = playGames('sequence-stacks', configOf, CODES, (any, t) => {
      const r = any as StacksRecord;
      const at = (i: number): string => `seed ${r.seed} entry ${i}`;
      const deck = r.config.players === 2 ? 112 : 120;
      // The completion whose chip is still to be collected (from the last legal entry).
      let pending: { player: number; colour: 'red' | 'blue' } | null = null;
      r.turns.forEach((e, i) => {
        const prev = before(r, i);
        const after = e.stateAfter;
        ensure(t, cardsIn(after) === deck, () => `${at(i)}: ${cardsIn(after)} cards, not ${deck}`);
        ensure(t, JSON.stringify(e.chips) === JSON.stringify(after.chips), () => `${at(i)}: chips and the table disagree`);
        const was = chipsOf(prev);
        const now = chipsOf(after);
        const gained: string[] = [];
        now.forEach((c, p) => {
          for (const colour of ['red', 'blue'] as const) {
            const d = c[colour] - was[p]![colour];
            if (d !== 0) gained.push(`${p}:${colour}:${d}`);
          }
        });
        if (e.deliberate) {
          // Rejected: the table as it was, then the same player acts legally in the same turn.
          ensure(t, JSON.stringify(after) === JSON.stringify(prev), () => `${at(i)}: a rejected action changed the table`);
          const next = r.turns[i + 1];
          ensure(t, next !== undefined && next.player === e.player && next.turn === e.turn && next.legal, () => `${at(i)}: no legal action after the rejected one`);
          return;
        }
        const move = e.move;
        if (move.type === 'chip-steal') {
          const expected = [`${move.target}:${move.colour}:-1`, `${e.player}:${move.colour}:1`].sort();
          ensure(t, JSON.stringify(gained.sort()) === JSON.stringify(expected), () => `${at(i)}: Chip Steal moved ${gained.join(', ')}`);
        } else if (pending && move.type !== 'wait') {
          // The chip of the completion before is collected now: +1 for the completer in its colour.
          ensure(t, JSON.stringify(gained) === JSON.stringify([`${pending.player}:${pending.colour}:1`]), () => `${at(i)}: collected ${gained.join(', ')} for a ${pending!.colour} completion by ${pending!.player}`);
        } else {
          ensure(t, gained.length === 0, () => `${at(i)}: chips changed (${gained.join(', ')}) on a ${move.type}`);
        }
        if (move.type === 'wait' || (pending && move.type !== 'chip-steal')) pending = null;
        for (const ev of e.events) {
          if (ev.kind !== 'completion') continue;
          // A completed pile is set aside at once: its five cards end the set-aside cards.
          ensure(t, JSON.stringify(after.setAside.slice(-5)) === JSON.stringify(ev.cards), () => `${at(i)}: the completed cards are not set aside`);
          ensure(t, ev.player === e.player, () => `${at(i)}: completed by ${ev.player}, played by ${e.player}`);
          pending = { player: ev.player, colour: ev.colour };
        }
      });
      const final = r.turns.at(-1)!.stateAfter;
      if (r.result.reason === 'won') {
        const w = r.result.winners[0]!;
        ensure(t, sequenceStacks.hasWon(final.chips[w]!), () => `seed ${r.seed}: the winner holds ${JSON.stringify(final.chips[w])}`);
      }
      ensure(t, final.chips.filter((c) => sequenceStacks.hasWon(c)).length <= 1, () => `seed ${r.seed}: two players hold winning chips`);
    });
    expect(tally.problems).toEqual([]);
    expect(tally.games).toBe(GAMES_PER_TEST);
    expect(tally.reasons.won).toBeGreaterThan(GAMES_PER_TEST * 0.9);
    expect(tally.events.completion).toBeGreaterThan(GAMES_PER_TEST * 5);
    expect(tally.events.chip).toBeGreaterThan(GAMES_PER_TEST * 5);
    expect(tally.events['chip-steal']).toBeGreaterThan(100);
    expect(tally.events.wait).toBeGreaterThan(100);
    expect(tally.events.reshuffle).toBeGreaterThan(0);
    expect(tally.codes['not-one-higher']).toBeGreaterThan(500);
  });

  it('rejects a card that is not one higher ("not-one-higher") and lets the player go on with a legal action', () => {
    const r = expectReplays('sequence-stacks', { seed: 4, players: 3, illegalEvery: 2 }) as StacksRecord;
    const attempts = r.turns.filter((e) => e.deliberate);
    expect(attempts.length).toBeGreaterThan(3);
    expect(attempts.some((e) => e.violations.some((v) => v.rule === 'not-one-higher'))).toBe(true);
    for (const attempt of attempts) {
      expect(attempt.stateAfter).toEqual(before(r, attempt.index));
      expect(r.turns[attempt.index + 1]).toMatchObject({ player: attempt.player, turn: attempt.turn, legal: true });
    }
  });

  it('replays the identical record from the same seed, including blind steals and reshuffles', () => {
    for (const options of [{ seed: 41 }, { seed: 42, policy: 'greedy' as const, players: 5, illegalEvery: 3 }, { seed: 43, players: 6 }]) {
      expectReplays('sequence-stacks', options);
    }
  });

  it('shows the table in the sequence-stacks table notation, hands and draw pile as counts', () => {
    const r = expectReplays('sequence-stacks', { seed: 2, players: 2 }) as StacksRecord;
    expect(r.start.stateAfter).toMatchObject({ players: 2, hands: [5, 5], drawPile: 102, discards: [[], []], chips: [{ red: 0, blue: 0 }, { red: 0, blue: 0 }], box: [], direction: 'clockwise' });
    // The notation is what `seqref check` reads: the engine takes it back as a table.
    const judged = sequenceStacks.judgeTable(r.turns.at(-1)!.stateAfter);
    expect(judged.violations).toEqual([]);
  });
});
