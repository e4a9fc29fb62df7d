import { describe, expect, it } from 'vitest';
import { readStacksTable, readStacksTurn } from '../../src/cli/check/sequence-stacks.js';
import { sequenceStacks } from '../../src/rules/sequence-stacks/index.js';

const NO_CHIPS = { red: 0, blue: 0 };

/** One player's turn from a table written as in a `seqref check` case (2 players unless it says otherwise). */
function judge(table: Record<string, unknown>, turn: Record<string, unknown>[], player = 0) {
  const t = readStacksTable({ discards: [[], []], chips: [NO_CHIPS, NO_CHIPS], ...table });
  return sequenceStacks.judgeTurn(sequenceStacks.fromTable(t, { current: player }), readStacksTurn(turn, t.players));
}

function rules(judged: { violations: readonly { rule: string }[] }): string[] {
  return judged.violations.map((v) => v.rule);
}

const NEARLY_RED = { 'red-a': ['red-1', 'red-2', 'red-3', 'red-4'] };

describe('the end of the game', () => {
  it('"Win by collecting 5 Sequence chips! However, you must make the 5 chips including at least 2 red chips and at least 2 blue chips."', () => {
    expect(sequenceStacks.hasWon({ red: 2, blue: 3 })).toBe(true);
    expect(sequenceStacks.hasWon({ red: 3, blue: 2 })).toBe(true);
    expect(sequenceStacks.hasWon({ red: 2, blue: 2 })).toBe(false);
    expect(sequenceStacks.hasWon({ red: 5, blue: 0 })).toBe(false);
    expect(sequenceStacks.hasWon({ red: 4, blue: 1 })).toBe(false);
    expect(sequenceStacks.hasWon({ red: 7, blue: 2 })).toBe(true);
  });

  it('"If one player has collected a total of 5 or more Sequence chips, including at least 2 red chips and at least 2 blue chips, the game ends immediately and that player wins."', () => {
    const judged = judge({ piles: NEARLY_RED, chips: [{ red: 1, blue: 3 }, NO_CHIPS], hands: [['red-5', 'blue-4'], 5] }, [{ play: 'red-5', pile: 'red-a' }]);
    // No discard and no refill: the game is over.
    expect(rules(judged)).toEqual([]);
    expect(judged.state.winner).toBe(0);
    expect(sequenceStacks.result(judged.state)).toEqual({ over: true, winner: 0 });
    expect(sequenceStacks.moves(judged.state)).toEqual([]);
    expect(rules(judge({ piles: NEARLY_RED, chips: [{ red: 1, blue: 3 }, NO_CHIPS], hands: [['red-5', 'blue-4'], 5] }, [{ play: 'red-5', pile: 'red-a' }, { discard: 'blue-4' }]))).toEqual([
      'game-over',
    ]);
  });

  it('"Even if you have collected 5 or more chips in total, you cannot win unless you have at least 2 red chips and at least 2 blue chips."', () => {
    const judged = judge({ piles: NEARLY_RED, chips: [{ red: 4, blue: 1 }, NO_CHIPS], hands: [['red-5', 'blue-4'], 5] }, [
      { play: 'red-5', pile: 'red-a' },
      { discard: 'blue-4' },
      { refill: true },
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.chips[0]).toEqual({ red: 5, blue: 1 });
    expect(judged.state.winner).toBeNull();
    expect(sequenceStacks.result(judged.state)).toEqual({ over: false });
  });

  it('a Wait! at the winning completion keeps the game going', () => {
    const judged = judge({ piles: NEARLY_RED, chips: [{ red: 1, blue: 3 }, NO_CHIPS], hands: [['red-5', 'blue-4'], ['wait']] }, [
      { play: 'red-5', pile: 'red-a' },
      { wait: 1 },
      { discard: 'blue-4' },
      { refill: true },
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.winner).toBeNull();
    expect(judged.state.chips[0]).toEqual({ red: 1, blue: 3 });
  });

  it('a table judged after the game ended allows no further turn', () => {
    const after = judge({ chips: [NO_CHIPS, { red: 2, blue: 3 }], hands: [['blue-4'], 5] }, [{ discard: 'blue-4' }, { refill: true }]);
    expect(rules(after)).toEqual(['game-over']);
    expect(after.state.winner).toBe(1);
    const state = sequenceStacks.step(
      sequenceStacks.fromTable(readStacksTable({ piles: NEARLY_RED, discards: [[], []], chips: [{ red: 1, blue: 3 }, NO_CHIPS], hands: [['red-5', 'blue-4'], 5] })),
      { type: 'play', card: 'red-5', pile: 'red-a' },
    ).state;
    const won = sequenceStacks.step(state, { type: 'collect' }).state;
    expect(sequenceStacks.judgeTurn(won, [{ type: 'discard', card: 'blue-4' }]).violations.map((v) => v.rule)).toEqual(['game-over']);
  });

  it('a game with nothing left to draw and no card in any hand ends without a winner', () => {
    const state = sequenceStacks.fromTable(readStacksTable({ discards: [['red-3'], ['blue-2']], chips: [NO_CHIPS, NO_CHIPS], hands: [0, 0], drawPile: 0 }));
    expect(sequenceStacks.result(state)).toEqual({ over: true, winner: null });
    // The only move left: ending the turn without a discard (red-3 on the discard pile cannot start a pile).
    expect(sequenceStacks.moves(state)).toEqual([{ type: 'refill' }]);
  });
});
