import { describe, expect, it } from 'vitest';
import { readStacksTable, readStacksTurn } from '../../src/cli/check/sequence-stacks.js';
import { isSpecial } from '../../src/cards/stacks.js';
import { randomInt, seededRandom } from '../../src/rules/random.js';
import { sequenceStacks, type StacksState } from '../../src/rules/sequence-stacks/index.js';

const NO_CHIPS = { red: 0, blue: 0 };

/** One player's turn from a table written as in a `seqref check` case (2 players unless it says otherwise). */
function judge(table: Record<string, unknown>, turn: Record<string, unknown>[], player = 0) {
  const t = readStacksTable({ discards: [[], []], chips: [NO_CHIPS, NO_CHIPS], ...table });
  return sequenceStacks.judgeTurn(sequenceStacks.fromTable(t, { current: player }), readStacksTurn(turn, t.players));
}

function rules(judged: { violations: readonly { rule: string }[] }): string[] {
  return judged.violations.map((v) => v.rule);
}

const FIVE = ['red-1', 'red-2', 'red-3', 'red-4', 'blue-4'];

describe('the turn: using cards', () => {
  it('"Use as many cards from your hand as you want. You do not have to use even one card."', () => {
    const judged = judge({ hands: [FIVE, 5] }, [{ discard: 'blue-4' }, { refill: true }]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.current).toBe(1);
  });

  it('"If you have used all 5 cards in your hand, immediately draw 5 new cards and continue your turn. You may do this several times in one turn."', () => {
    const judged = judge({ hands: [['red-1', 'red-2', 'red-3', 'red-4', 'red-5'], 5] }, [
      { play: 'red-1', pile: 'red-a' },
      { play: 'red-2', pile: 'red-a' },
      { play: 'red-3', pile: 'red-a' },
      { play: 'red-4', pile: 'red-a' },
      { play: 'red-5', pile: 'red-a' },
      { 'draw-five': ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5'] },
      { play: 'blue-1', pile: 'blue-a' },
      { play: 'blue-2', pile: 'blue-a' },
      { play: 'blue-3', pile: 'blue-a' },
      { play: 'blue-4', pile: 'blue-a' },
      { play: 'blue-5', pile: 'blue-a' },
      { 'draw-five': true },
      { discard: 'red-2' },
      { refill: true },
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.chips[0]).toEqual({ red: 1, blue: 1 });
    expect(judged.state.hands[0]).toHaveLength(5);
  });

  it('must draw the five before going on, and only with an empty hand', () => {
    const emptied = [
      { play: 'red-1', pile: 'red-a' },
      { play: 'red-2', pile: 'red-a' },
      { play: 'red-3', pile: 'red-a' },
      { play: 'red-4', pile: 'red-a' },
    ];
    const hand = { hands: [['red-1', 'red-2', 'red-3', 'red-4'], 5], discards: [['blue-1'], []] };
    expect(rules(judge(hand, [...emptied, { play: 'blue-1', from: 'discard', pile: 'blue-a' }, { 'draw-five': true }, { discard: 'red-1' }, { refill: true }]))).toEqual([
      'draw-five-when-hand-empty',
    ]);
    expect(rules(judge(hand, emptied))).toEqual(['draw-five-when-hand-empty']);
    expect(rules(judge({ hands: [FIVE, 5] }, [{ 'draw-five': true }, { discard: 'blue-4' }, { refill: true }]))).toEqual(['draw-five-hand-not-empty']);
    expect(rules(judge(hand, [...emptied, { 'draw-five': ['blue-1', 'blue-2'] }, { discard: 'blue-1' }, { refill: true }]))).toEqual(['wrong-number-drawn']);
  });

  it('"(This does not apply when the last card you discard leaves no cards in your hand.)"', () => {
    const judged = judge({ hands: [['red-1', 'blue-4'], 5] }, [{ play: 'red-1', pile: 'red-a' }, { discard: 'blue-4' }, { refill: ['red-2', 'red-3', 'red-4', 'red-5', 'jump'] }]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.hands[0]).toEqual(['red-2', 'red-3', 'red-4', 'red-5', 'jump']);
    expect(rules(judge({ hands: [['red-1', 'blue-4'], 5] }, [{ play: 'red-1', pile: 'red-a' }, { discard: 'blue-4' }, { 'draw-five': true }, { refill: true }]))).toEqual([
      'turn-ended',
    ]);
  });

  it('"When you use cards, you may use not only the cards in your hand but also the top card of your personal discard pile."', () => {
    const judged = judge({ hands: [FIVE, 5], discards: [['blue-3', 'red-wild'], ['red-1']] }, [
      { play: 'red-wild', from: 'discard', pile: 'red-a' },
      { play: 'red-2', pile: 'red-a' },
      { discard: 'blue-4' },
      { refill: true },
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.discards).toEqual([['blue-3', 'blue-4'], ['red-1']]);
    // Another player's discard pile is not yours to use.
    expect(rules(judge({ hands: [FIVE, 5], discards: [[], ['red-1']] }, [{ play: 'red-1', from: 'discard', pile: 'red-a' }, { discard: 'blue-4' }, { refill: true }]))).toEqual([
      'not-on-top-of-discard',
    ]);
  });

  it('"If you use the top card of your own discard pile, the card beneath it is revealed immediately. If possible, you may continue using cards from your discard pile in this way."', () => {
    const table = { hands: [FIVE, 5], discards: [['blue-4', 'blue-3', 'blue-2', 'blue-1'], []] };
    const judged = judge(table, [
      { play: 'blue-1', from: 'discard', pile: 'blue-a' },
      { play: 'blue-2', from: 'discard', pile: 'blue-a' },
      { play: 'blue-3', from: 'discard', pile: 'blue-a' },
      { play: 'blue-4', from: 'discard', pile: 'blue-a' },
      { discard: 'red-4' },
      { refill: true },
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.discards[0]).toEqual(['red-4']);
    // The card beneath is not usable before the top card has gone.
    const beneath = { piles: { 'blue-a': ['blue-1', 'blue-2'] }, hands: [FIVE, 5], discards: [['blue-3', 'red-5'], []] };
    expect(rules(judge(beneath, [{ play: 'blue-3', from: 'discard', pile: 'blue-a' }, { discard: 'red-4' }, { refill: true }]))).toEqual(['not-on-top-of-discard']);
  });
});

describe('the turn: ending it', () => {
  it('"At the end of your own turn, you must discard 1 card."', () => {
    expect(rules(judge({ hands: [FIVE, 5] }, [{ play: 'red-1', pile: 'red-a' }]))).toEqual(['missing-discard']);
    expect(rules(judge({ hands: [FIVE, 5] }, [{ play: 'red-1', pile: 'red-a' }, { refill: true }]))).toEqual(['missing-discard']);
    expect(rules(judge({ hands: [FIVE, 5] }, [{ discard: 'red-1' }, { discard: 'red-2' }, { refill: true }]))).toEqual(['second-discard']);
    expect(rules(judge({ hands: [FIVE, 5] }, [{ discard: 'red-5' }, { refill: true }]))).toEqual(['card-not-in-hand']);
  });

  it('"When you can no longer use cards, or do not want to, discard 1 card from your hand" — no card is used after the discard', () => {
    expect(rules(judge({ hands: [FIVE, 5] }, [{ discard: 'blue-4' }, { play: 'red-1', pile: 'red-a' }, { refill: true }]))).toEqual(['turn-ended']);
  });

  it('"When you discard on a later turn, you must stack that card on top of the card you discarded on your previous turn, so that your discards form one pile."', () => {
    const judged = judge({ hands: [FIVE, 5], discards: [['jump', 'red-5'], []] }, [{ discard: 'blue-4' }, { refill: true }]);
    expect(judged.state.discards[0]).toEqual(['jump', 'red-5', 'blue-4']);
  });

  it('"Draw new cards from the draw pile to refill your hand to 5 cards, and end your turn."', () => {
    const judged = judge({ hands: [FIVE, 5] }, [{ play: 'red-1', pile: 'red-a' }, { play: 'red-2', pile: 'red-a' }, { discard: 'blue-4' }, { refill: ['blue-1', 'blue-2', 'blue-3'] }]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.hands[0]).toEqual(['red-3', 'red-4', 'blue-1', 'blue-2', 'blue-3']);
    expect(judged.state.current).toBe(1);
    expect(rules(judge({ hands: [FIVE, 5] }, [{ discard: 'blue-4' }, { refill: ['blue-1', 'blue-2'] }]))).toEqual(['wrong-number-drawn']);
    expect(rules(judge({ hands: [FIVE, 5] }, [{ discard: 'blue-4' }]))).toEqual(['missing-refill']);
    expect(rules(judge({ hands: [FIVE, 5] }, [{ discard: 'blue-4' }, { refill: true }, { discard: 'red-1' }]))).toEqual(['after-end-of-turn']);
  });

  it('draws nothing when a hand of more than 5 (after a Card Steal) is still 5 or more after the discard', () => {
    const judged = judge({ hands: [[...FIVE, 'red-5', 'blue-5'], 5] }, [{ discard: 'blue-4' }, { refill: [] }]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.hands[0]).toHaveLength(6);
  });
});

describe('the draw pile running out', () => {
  it('"If the draw pile in the centre of the table runs out, shuffle the set-aside cards together to form a new draw pile. Take care not to include the yellow special cards when you do this!"', () => {
    const setAside = ['red-1', 'red-2', 'red-wild', 'red-4', 'red-5', 'blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5'];
    // A used special wrongly lying with the set-aside sequences.
    const judged = judge({ hands: [FIVE, 5], drawPile: ['red-3', 'red-4'], setAside: [...setAside, 'chip-steal'], box: ['jump'] }, [
      { play: 'red-1', pile: 'red-a' },
      { play: 'red-2', pile: 'red-a' },
      { play: 'red-3', pile: 'red-a' },
      { discard: 'blue-4' },
      { refill: ['red-4', 'red-3', 'blue-5', 'red-wild'] },
    ]);
    expect(rules(judged)).toEqual([]);
    expect(judged.state.setAside).toEqual([]);
    expect(judged.state.drawPile).toHaveLength(8);
    expect(judged.state.drawPile.filter(isSpecial)).toEqual([]);
    expect([...judged.state.drawPile].sort()).toEqual(setAside.filter((c) => c !== 'blue-5' && c !== 'red-wild').sort());
    expect(sequenceStacks.toTable(judged.state).box).toEqual(['jump', 'chip-steal']);
  });

  it('cannot draw a yellow special from a draw pile made of the set-aside sequences', () => {
    const judged = judge({ hands: [FIVE, 5], drawPile: 0, setAside: ['red-1', 'red-2', 'red-3', 'red-4', 'red-5'], box: ['jump'] }, [
      { discard: 'blue-4' },
      { refill: ['jump'] },
    ]);
    expect(rules(judged)).toEqual(['not-in-draw-pile']);
  });

  it('never reshuffles a special into the draw pile in a simulated game', () => {
    let reshuffles = 0;
    for (let seed = 1; seed <= 5; seed++) {
      const random = seededRandom(seed);
      let state: StacksState = sequenceStacks.setup({ players: 3, seed });
      for (let i = 0; i < 3000 && !sequenceStacks.result(state).over; i++) {
        const legal = sequenceStacks.moves(state);
        // Mostly discarding at once, so the draw pile runs out while sequences still get completed.
        const uses = legal.filter((a) => a.type !== 'discard');
        const pool = uses.length > 0 && random() < 0.1 ? uses : legal;
        const action = pool[randomInt(random, pool.length)]!;
        const next = sequenceStacks.step(state, action).state;
        if (state.setAside.length > 0 && next.setAside.length === 0) {
          reshuffles += 1;
          expect(next.drawPile.filter(isSpecial)).toEqual([]);
          expect(next.box.length).toBeGreaterThanOrEqual(state.box.length);
        }
        state = next;
      }
    }
    expect(reshuffles).toBeGreaterThan(3);
  });
});
