import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fullStacksDeck } from '../../src/cards/stacks.js';
import { seededRandom, randomInt } from '../../src/rules/random.js';
import { allCards, sequenceStacks, type StacksAction, type StacksState } from '../../src/rules/sequence-stacks/index.js';

const FULL_DECK = fullStacksDeck().sort();

/**
 * A random legal game: at each moment one of the legal actions, chosen by a seeded generator. An eager
 * game favours using cards over discarding (short games); a lazy one discards a lot, so the draw pile
 * runs out and the set-aside sequences are reshuffled.
 */
function* randomGame(players: number, seed: number, eagerness = 0.8, maxActions = 1500): Generator<{ before: StacksState; action: StacksAction; after: StacksState; violations: readonly unknown[] }> {
  const random = seededRandom(seed ^ 0x5bd1e995);
  let state = sequenceStacks.setup({ players, seed });
  for (let i = 0; i < maxActions && !sequenceStacks.result(state).over; i++) {
    const legal = sequenceStacks.moves(state);
    expect(legal.length, 'a game that is not over always offers an action').toBeGreaterThan(0);
    const uses = legal.filter((a) => a.type !== 'discard');
    const pool = uses.length > 0 && random() < eagerness ? uses : legal;
    const action = pool[randomInt(random, pool.length)]!;
    const { state: after, violations } = sequenceStacks.step(state, action);
    yield { before: state, action, after, violations };
    state = after;
  }
}

const games = fc.record({
  players: fc.integer({ min: 2, max: 6 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  eagerness: fc.constantFrom(0.9, 0.5, 0.1),
});

describe('Sequence Stacks invariants over seeded random legal games', () => {
  it('a legal action offered by moves() never raises a violation', () => {
    fc.assert(
      fc.property(games, ({ players, seed, eagerness }) => {
        for (const { action, violations } of randomGame(players, seed, eagerness)) expect(violations, JSON.stringify(action)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('conserves the 120 cards (draw pile + hands + piles + discards + set aside + box) through every move', () => {
    fc.assert(
      fc.property(games, ({ players, seed, eagerness }) => {
        for (const { after } of randomGame(players, seed, eagerness)) expect(allCards(after).sort()).toEqual(FULL_DECK);
      }),
      { numRuns: 8 },
    );
  });

  it('changes chips only by a completion (+1 to the completer) or a Chip Steal (one chip moves between players)', () => {
    fc.assert(
      fc.property(games, ({ players, seed, eagerness }) => {
        for (const { before, action, after } of randomGame(players, seed, eagerness)) {
          const changes = before.chips.flatMap((c, p) => (['red', 'blue'] as const).map((colour) => ({ p, colour, d: after.chips[p]![colour] - c[colour] }))).filter((x) => x.d !== 0);
          if (changes.length === 0) continue;
          if (changes.length === 1) {
            // A completion's chip, collected explicitly or as the game moved on.
            expect(changes[0]!.d).toBe(1);
            expect(before.pending?.player).toBe(changes[0]!.p);
            expect(before.pending?.colour).toBe(changes[0]!.colour);
            expect(action.type).not.toBe('wait');
          } else {
            expect(action.type).toBe('chip-steal');
            expect(changes.map((x) => x.d).sort()).toEqual([-1, 1]);
            expect(changes[0]!.colour).toBe(changes[1]!.colour);
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it('never holds a completed pile, nor more than 4 sequences in progress', () => {
    fc.assert(
      fc.property(games, ({ players, seed, eagerness }) => {
        for (const { after } of randomGame(players, seed, eagerness)) {
          for (const pile of Object.values(after.piles)) {
            expect(pile.length).toBeLessThan(5);
            pile.forEach((c, i) => expect(c.as).toBe(i + 1));
          }
        }
      }),
      { numRuns: 6 },
    );
  });

  it('judges every turn of a random game legal when replayed from the table the camera saw', () => {
    fc.assert(
      fc.property(games, ({ players, seed, eagerness }) => {
        let start: StacksState | null = null;
        let turn: StacksAction[] = [];
        for (const { before, action, after } of randomGame(players, seed, eagerness, 600)) {
          start ??= before;
          // Record the resolved action (the steal's card, the cards drawn) as a camera log would.
          turn.push(sequenceStacks.step(before, action).action);
          if (action.type === 'refill' || after.winner !== null) {
            const table = sequenceStacks.toTable(start);
            expect(sequenceStacks.judgeTable(table).violations).toEqual([]);
            const judged = sequenceStacks.judgeTurn(sequenceStacks.fromTable(table, { current: start.current }), turn);
            expect(judged.violations).toEqual([]);
            expect(judged.state.current).toBe(after.current);
            expect(judged.state.chips).toEqual(after.chips);
            start = null;
            turn = [];
          }
        }
      }),
      // The example: a long lazy game of 5 where every blue chip ends up held before the end.
      { numRuns: 8, examples: [[{ players: 5, seed: 405446046, eagerness: 0.1 }]] },
    );
  });

  it('ends most games with a winner who has 5+ chips with at least 2 of each colour', () => {
    let won = 0;
    for (let seed = 1; seed <= 10; seed++) {
      let last: StacksState | null = null;
      for (const { after } of randomGame(3, seed, 0.8, 5000)) last = after;
      const result = sequenceStacks.result(last!);
      if (result.over && result.winner !== null) {
        won += 1;
        expect(sequenceStacks.hasWon(last!.chips[result.winner]!)).toBe(true);
      }
    }
    expect(won).toBeGreaterThan(5);
  });
});
