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

const END = [{ discard: 'blue-4' }, { refill: true }];

describe('sequence piles: starting, building, completing', () => {
  it('"To make a new sequence, you must use a 1 or a Wild card."', () => {
    const legal = judge({ hands: [['red-1', 'blue-wild', 'blue-4', 'jump', 'red-3'], 5] }, [
      { play: 'red-1', pile: 'red-a' },
      { play: 'blue-wild', pile: 'blue-b' },
      ...END,
    ]);
    expect(rules(legal)).toEqual([]);
    expect(legal.state.piles['red-a']).toEqual([{ card: 'red-1', as: 1 }]);
    expect(legal.state.piles['blue-b']).toEqual([{ card: 'blue-wild', as: 1 }]);

    expect(rules(judge({ hands: [['red-2', 'blue-4', 'red-3'], 5] }, [{ play: 'red-2', pile: 'red-a' }, ...END]))).toEqual(['start-with-one-or-wild']);
    expect(rules(judge({ hands: [['red-2', 'blue-4', 'red-3'], 5] }, [{ play: 'red-2', pile: 'new' }, ...END]))).toEqual(['start-with-one-or-wild']);
  });

  it('a wild that starts a sequence stands for 1 (a sequence is "stacked in order from 1 to 5")', () => {
    const judged = judge({ hands: [['red-wild', 'blue-4', 'red-2'], 5] }, [{ play: 'red-wild', pile: 'red-a', as: 3 }, ...END]);
    expect(rules(judged)).toEqual(['wild-wrong-number']);
    expect(rules(judge({ hands: [['red-wild', 'red-2', 'blue-4'], 5] }, [{ play: 'red-wild', pile: 'red-a', as: 1 }, { play: 'red-2', pile: 'red-a' }, ...END]))).toEqual([]);
  });

  it('"the card must be the same colour as that sequence\'s pile, and it must be the number that is 1 higher than the top card of the pile."', () => {
    const table = { piles: { 'red-a': ['red-1', 'red-2'], 'blue-a': ['blue-1'] }, hands: [['red-3', 'red-4', 'blue-3', 'blue-2', 'blue-4', 'red-wild'], 5] };
    expect(rules(judge(table, [{ play: 'red-3', pile: 'red-a' }, { play: 'red-4', pile: 'red-a' }, { play: 'blue-2', pile: 'blue-a' }, ...END]))).toEqual([]);
    expect(rules(judge(table, [{ play: 'red-4', pile: 'red-a' }, ...END]))).toEqual(['not-one-higher']);
    expect(rules(judge(table, [{ play: 'blue-3', pile: 'red-a' }, ...END]))).toEqual(['wrong-colour']);
    expect(rules(judge(table, [{ play: 'blue-3', pile: 'blue-a' }, ...END]))).toEqual(['not-one-higher']);
    expect(rules(judge(table, [{ play: 'red-wild', pile: 'blue-a' }, ...END]))).toEqual(['wrong-colour']);
  });

  it('"Wild - Red (x7): Used as any desired red number." — the number the pile needs next', () => {
    const table = { piles: { 'red-a': ['red-1', 'red-2'] }, hands: [['red-wild', 'red-4', 'blue-4'], 5] };
    const judged = judge(table, [{ play: 'red-wild', pile: 'red-a' }, { play: 'red-4', pile: 'red-a' }, ...END]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.piles['red-a']).toEqual([
      { card: 'red-1', as: 1 },
      { card: 'red-2', as: 2 },
      { card: 'red-wild', as: 3 },
      { card: 'red-4', as: 4 },
    ]);
    expect(rules(judge(table, [{ play: 'red-wild', pile: 'red-a', as: 4 }, ...END]))).toEqual(['wild-wrong-number']);
  });

  it('"You may use consecutive numbers in order during your turn, and you may complete the sequence right away."', () => {
    const judged = judge({ piles: { 'blue-b': ['blue-1'] }, hands: [['blue-2', 'blue-3', 'blue-wild', 'blue-5', 'blue-4'], 5] }, [
      { play: 'blue-2', pile: 'blue-b' },
      { play: 'blue-3', pile: 'blue-b' },
      { play: 'blue-wild', pile: 'blue-b' },
      { play: 'blue-5', pile: 'blue-b' },
      ...END,
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.chips[0]).toEqual({ red: 0, blue: 1 });
  });

  it('"The player who completed the sequence receives 1 chip of that colour. Gather the cards of the completed sequence and set them aside separately."', () => {
    const judged = judge({ piles: { 'red-b': ['red-1', 'red-2', { card: 'red-wild', as: 3 }, 'red-4'] }, hands: [['red-5', 'blue-4'], 5], setAside: [] }, [
      { play: 'red-5', pile: 'red-b' },
      ...END,
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.chips).toEqual([{ red: 1, blue: 0 }, NO_CHIPS]);
    expect(judged.state.piles['red-b']).toEqual([]);
    expect(judged.state.setAside).toEqual(['red-1', 'red-2', 'red-wild', 'red-4', 'red-5']);
  });

  it('"Only 4 sequences (2 of each colour) can be in progress at the same time."', () => {
    const table = { piles: { 'red-a': ['red-1'], 'red-b': ['red-1', 'red-2'] }, hands: [['red-1', 'blue-1', 'blue-4'], 5] };
    expect(rules(judge(table, [{ play: 'red-1', pile: 'new' }, ...END]))).toEqual(['colour-spaces-full']);
    expect(rules(judge(table, [{ play: 'red-1', pile: 'red-a' }, ...END]))).toEqual(['not-one-higher']);
    const blue = judge(table, [{ play: 'blue-1', pile: 'new' }, ...END]);
    expect(rules(blue)).toEqual([]);
    expect(blue.state.piles['blue-a']).toEqual([{ card: 'blue-1', as: 1 }]);
  });

  it('"If there are 2 sequence piles of the same colour, you cannot start a new sequence of that colour until one of those piles is complete."', () => {
    const table = { piles: { 'red-a': ['red-1', 'red-2', 'red-3', 'red-4'], 'red-b': ['red-1'] }, hands: [['red-1', 'red-5', 'blue-4'], 5] };
    expect(rules(judge(table, [{ play: 'red-1', pile: 'new' }, ...END]))).toEqual(['colour-spaces-full']);
    const judged = judge(table, [{ play: 'red-5', pile: 'red-a' }, { play: 'red-1', pile: 'new' }, ...END]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.piles['red-a']).toEqual([{ card: 'red-1', as: 1 }]);
  });

  it('offers exactly the legal pile plays as moves', () => {
    const state = sequenceStacks.fromTable(
      readStacksTable({ piles: { 'red-a': ['red-1', 'red-2'], 'red-b': ['red-1'] }, discards: [[], []], chips: [NO_CHIPS, NO_CHIPS], hands: [['red-3', 'red-2', 'blue-2', 'red-wild'], 5] }),
    );
    const plays = sequenceStacks.moves(state).filter((a) => a.type === 'play');
    expect(plays).toEqual([
      { type: 'play', card: 'red-3', from: 'hand', pile: 'red-a' },
      { type: 'play', card: 'red-2', from: 'hand', pile: 'red-b' },
      { type: 'play', card: 'red-wild', from: 'hand', pile: 'red-a', as: 3 },
      { type: 'play', card: 'red-wild', from: 'hand', pile: 'red-b', as: 2 },
    ]);
  });
});

describe('Wait!', () => {
  const completing = { piles: { 'blue-a': ['blue-1', 'blue-2', 'blue-3', 'blue-4'] }, hands: [['blue-5', 'blue-4'], ['wait', 'red-1', 'red-2', 'red-3', 'red-4']] };

  it('"If you use a Wait! card, the player who completed the sequence does not receive a chip. The completed sequence is set aside separately, as usual."', () => {
    const judged = judge(completing, [{ play: 'blue-5', pile: 'blue-a' }, { wait: 1 }, ...END]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.chips).toEqual([NO_CHIPS, NO_CHIPS]);
    expect(judged.state.setAside).toEqual(['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5']);
    expect(judged.state.hands[1]).toEqual(['red-1', 'red-2', 'red-3', 'red-4']);
    expect(judged.state.box).toContain('wait');
  });

  it('"Can be used at the moment someone completes a sequence." — not at any other moment', () => {
    expect(rules(judge(completing, [{ play: 'blue-5', pile: 'blue-a' }, { discard: 'blue-4' }, { wait: 1 }, { refill: true }]))).toEqual(['no-completion-to-wait']);
    expect(rules(judge(completing, [{ wait: 1 }, { play: 'blue-5', pile: 'blue-a' }, ...END]))).toEqual(['no-completion-to-wait']);
  });

  it('is played by another player, from the hand', () => {
    expect(rules(judge({ ...completing, hands: [['blue-5', 'blue-4', 'wait'], 5] }, [{ play: 'blue-5', pile: 'blue-a' }, { wait: 0 }, ...END]))).toEqual(['wait-own-completion']);
    expect(rules(judge({ ...completing, hands: [['blue-5', 'blue-4'], ['red-1']] }, [{ play: 'blue-5', pile: 'blue-a' }, { wait: 1 }, ...END]))).toEqual(['card-not-in-hand']);
  });

  it('after a completion, the moves are the completer\'s collect and every other holder\'s Wait!', () => {
    const t = readStacksTable({
      piles: completing.piles,
      discards: [[], [], []],
      chips: [NO_CHIPS, NO_CHIPS, NO_CHIPS],
      hands: [['blue-5', 'wait'], ['wait'], ['red-1']],
    });
    const { state } = sequenceStacks.step(sequenceStacks.fromTable(t), { type: 'play', card: 'blue-5', pile: 'blue-a' });
    expect(sequenceStacks.moves(state)).toEqual([{ type: 'collect' }, { type: 'wait', player: 1 }]);
    expect(sequenceStacks.step(state, { type: 'collect' }).state.chips[0]).toEqual({ red: 0, blue: 1 });
  });
});
