import { describe, expect, it } from 'vitest';
import { readStacksTable, readStacksTurn } from '../../src/cli/check/sequence-stacks.js';
import { sequenceStacks } from '../../src/rules/sequence-stacks/index.js';

const NO_CHIPS = { red: 0, blue: 0 };
const THREE = { discards: [[], [], []], chips: [NO_CHIPS, NO_CHIPS, NO_CHIPS] };

/** One player's turn from a table written as in a `seqref check` case (2 players unless it says otherwise). */
function judge(table: Record<string, unknown>, turn: Record<string, unknown>[], player = 0) {
  const t = readStacksTable({ discards: [[], []], chips: [NO_CHIPS, NO_CHIPS], ...table });
  return sequenceStacks.judgeTurn(sequenceStacks.fromTable(t, { current: player }), readStacksTurn(turn, t.players));
}

function rules(judged: { violations: readonly { rule: string }[] }): string[] {
  return judged.violations.map((v) => v.rule);
}

const END = [{ discard: 'blue-4' }, { refill: true }];

describe('special cards', () => {
  it('"A special card is returned to the game box as soon as it is used and is not used again."', () => {
    const judged = judge({ ...THREE, hands: [['jump', 'blue-4'], 5, 5] }, [{ play: 'jump' }, ...END]);
    expect(rules(judged)).toEqual([]);
    expect(sequenceStacks.toTable(judged.state).box).toEqual(['jump']);
    expect(judged.state.discards[0]).toEqual(['blue-4']);
  });

  it('can be used from the top of your own discard pile like any card', () => {
    const judged = judge({ ...THREE, hands: [['blue-4'], 5, 5], discards: [['red-1', 'reverse'], [], []] }, [{ play: 'reverse', from: 'discard' }, ...END]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.discards[0]).toEqual(['red-1', 'blue-4']);
  });

  it('"Jump (x3): Skips the next player\'s turn."', () => {
    const judged = judge({ ...THREE, hands: [['jump', 'blue-4'], 5, 5] }, [{ play: 'jump' }, ...END]);
    expect(judged.state.current).toBe(2);
    // Two Jumps skip both other players.
    expect(judge({ ...THREE, hands: [['jump', 'jump', 'blue-4'], 5, 5] }, [{ play: 'jump' }, { play: 'jump' }, ...END]).state.current).toBe(0);
  });

  it('Jump with 2 players: the other player is skipped, so you play again', () => {
    const judged = judge({ hands: [['jump', 'blue-4'], 5] }, [{ play: 'jump' }, ...END], 1);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.current).toBe(1);
  });

  it('"Reverse (x3): Reverses the direction of play."', () => {
    const judged = judge({ ...THREE, hands: [5, ['reverse', 'blue-4'], 5] }, [{ play: 'reverse' }, ...END], 1);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.current).toBe(0);
    expect(sequenceStacks.toTable(judged.state).direction).toBe('counterclockwise');
    // Reversed again, and a Jump in the new direction.
    const back = judge({ ...THREE, direction: 'counterclockwise', hands: [['reverse', 'jump', 'blue-4'], 5, 5] }, [{ play: 'reverse' }, { play: 'jump' }, ...END]);
    expect(back.state.current).toBe(2);
    expect(back.state.direction).toBe(1);
  });

  it('Reverse is out of the game with 2 players, and would change nothing there', () => {
    expect(sequenceStacks.judgeTable(readStacksTable({ discards: [['reverse'], []], chips: [NO_CHIPS, NO_CHIPS] })).violations.map((v) => v.rule)).toEqual([
      'removed-with-two-players',
    ]);
    expect(judge({ hands: [['reverse', 'blue-4'], 5] }, [{ play: 'reverse' }, ...END]).state.current).toBe(1);
  });

  it('"Card Steal (x3): Take 1 card from among the cards another player is holding"', () => {
    const judged = judge({ hands: [['card-steal', 'blue-4', 'red-1'], ['red-2', 'blue-5']] }, [
      { play: 'card-steal', target: 1, take: 'hand', card: 'red-2' },
      { play: 'red-1', pile: 'red-a' },
      { play: 'red-2', pile: 'red-a' },
      ...END,
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.hands[1]).toEqual(['blue-5']);
    expect(rules(judge({ hands: [['card-steal', 'blue-4'], 5] }, [{ play: 'card-steal', target: 0, take: 'hand' }, ...END]))).toEqual(['steal-from-yourself']);
    expect(rules(judge({ hands: [['card-steal', 'blue-4'], 0] }, [{ play: 'card-steal', target: 1, take: 'hand' }, ...END]))).toEqual(['nothing-to-steal']);
    expect(rules(judge({ hands: [['card-steal', 'blue-4'], ['red-3']] }, [{ play: 'card-steal', target: 1, take: 'hand', card: 'red-2' }, ...END]))).toEqual(['card-not-in-hand']);
  });

  it('takes a blind card from a hand when the card is not named, and logs which', () => {
    const state = sequenceStacks.fromTable(readStacksTable({ ...THREE, hands: [['card-steal'], ['red-2', 'blue-5', 'jump'], 5] }), { seed: 3 });
    const { state: after, action, violations } = sequenceStacks.step(state, { type: 'card-steal', target: 1, take: 'hand' });
    expect(violations).toEqual([]);
    expect(action).toMatchObject({ type: 'card-steal', target: 1 });
    const card = (action as { card: string }).card;
    expect(['red-2', 'blue-5', 'jump']).toContain(card);
    expect(after.hands[0]).toEqual([card]);
    expect(after.hands[1]).toHaveLength(2);
  });

  it('"or 1 card from among the top cards of the discard piles" — revealing the card beneath', () => {
    const judged = judge({ ...THREE, hands: [['card-steal', 'blue-4'], 5, 5], discards: [[], [], ['red-5', 'red-1']] }, [
      { play: 'card-steal', target: 2, take: 'discard', card: 'red-1' },
      { play: 'red-1', pile: 'red-a' },
      ...END,
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.discards[2]).toEqual(['red-5']);
    expect(
      rules(judge({ ...THREE, hands: [['card-steal', 'blue-4'], 5, 5], discards: [[], [], ['red-5', 'red-1']] }, [{ play: 'card-steal', target: 2, take: 'discard', card: 'red-5' }, ...END])),
    ).toEqual(['not-on-top-of-discard']);
    expect(rules(judge({ ...THREE, hands: [['card-steal', 'blue-4'], 5, 5] }, [{ play: 'card-steal', target: 1, take: 'discard' }, ...END]))).toEqual(['nothing-to-steal']);
  });

  it('"Chip Steal (x4): Take 1 of the chips another player has collected."', () => {
    const table = { ...THREE, chips: [NO_CHIPS, { red: 2, blue: 1 }, NO_CHIPS], hands: [['chip-steal', 'blue-4'], 5, 5] };
    const judged = judge(table, [{ play: 'chip-steal', target: 1, colour: 'red' }, ...END]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.chips).toEqual([{ red: 1, blue: 0 }, { red: 1, blue: 1 }, NO_CHIPS]);
    expect(rules(judge(table, [{ play: 'chip-steal', target: 2, colour: 'red' }, ...END]))).toEqual(['no-chip-to-steal']);
    expect(rules(judge(table, [{ play: 'chip-steal', target: 0, colour: 'red' }, ...END]))).toEqual(['steal-from-yourself']);
  });

  it('"However, you cannot use Chip Steal to end the game and win."', () => {
    const table = { chips: [{ red: 2, blue: 2 }, { red: 1, blue: 1 }], hands: [['chip-steal', 'blue-4'], 5] };
    const judged = judge(table, [{ play: 'chip-steal', target: 1, colour: 'blue' }, ...END]);
    expect(rules(judged)).toEqual(['chip-steal-cannot-win']);
    expect(judged.state.winner).toBeNull();
    // Not offered as a move either; a steal that does not win still is.
    const state = sequenceStacks.fromTable(readStacksTable({ discards: [[], []], ...table }));
    expect(sequenceStacks.moves(state).filter((a) => a.type === 'chip-steal')).toEqual([]);
    const notWinning = sequenceStacks.fromTable(readStacksTable({ discards: [[], []], chips: [{ red: 4, blue: 1 }, { red: 1, blue: 1 }], hands: table.hands }));
    expect(sequenceStacks.moves(notWinning).filter((a) => a.type === 'chip-steal')).toEqual([
      { type: 'chip-steal', from: 'hand', target: 1, colour: 'red' },
    ]);
  });

  it('"Except for Wait!, special cards may be used only on your own turn." — Wait! is offered to a player whose turn it is not', () => {
    const state = sequenceStacks.fromTable(readStacksTable({ discards: [[], []], chips: [NO_CHIPS, NO_CHIPS], hands: [['blue-4'], ['wait', 'jump']] }));
    expect(sequenceStacks.moves(state)).toEqual([{ type: 'discard', card: 'blue-4' }]);
  });
});
