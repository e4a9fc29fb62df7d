import { describe, expect, it } from 'vitest';
import { readStacksTable } from '../../src/cli/check/sequence-stacks.js';
import { sequenceStacks } from '../../src/rules/sequence-stacks/index.js';

const NO_CHIPS = { red: 0, blue: 0 };

/** The violation codes of a table written as in a `seqref check` case (2 players unless it says otherwise). */
function rules(table: Record<string, unknown>): string[] {
  return sequenceStacks.judgeTable(readStacksTable({ discards: [[], []], chips: [NO_CHIPS, NO_CHIPS], ...table })).violations.map((v) => v.rule);
}

describe('a Sequence Stacks table', () => {
  it('is legal with piles in order 1 up, wilds standing for their place, discards, hands and chips', () => {
    expect(
      rules({
        piles: { 'red-a': ['red-1', { card: 'red-wild', as: 2 }, 'red-3'], 'blue-b': ['blue-wild'] },
        discards: [['jump', 'red-5'], ['blue-2']],
        chips: [{ red: 1, blue: 2 }, NO_CHIPS],
        hands: [['red-4', 'red-4', '?', '?', '?'], 5],
        setAside: ['blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5'],
        box: ['card-steal'],
      }),
    ).toEqual([]);
  });

  it('"A sequence is a pile of cards of the same colour, stacked in order from 1 to 5."', () => {
    expect(rules({ piles: { 'red-a': ['red-1', 'blue-2'] } })).toEqual(['wrong-colour']);
    expect(rules({ piles: { 'blue-a': ['blue-2', 'blue-3'] } })).toEqual(['out-of-order', 'out-of-order']);
    expect(rules({ piles: { 'blue-a': ['blue-1', { card: 'blue-wild', as: 3 }] } })).toEqual(['wild-wrong-number']);
    expect(rules({ piles: { 'blue-a': ['blue-1', 'jump'] } })).toEqual(['special-in-pile']);
  });

  it('"Gather the cards of the completed sequence and set them aside separately." — no pile holds a completed sequence', () => {
    expect(rules({ piles: { 'red-b': ['red-1', 'red-2', 'red-3', 'red-4', 'red-5'] } })).toEqual(['complete-pile-not-set-aside']);
  });

  it('holds no card more often than the deck does, and no more cards than the game has', () => {
    expect(rules({ discards: [['red-1', 'red-1', 'red-1', 'red-1', 'red-1'], ['red-1', 'red-1', 'red-1', 'red-1', 'red-1']] })).toEqual(['too-many-copies']);
    expect(rules({ hands: [['jump', 'jump'], ['jump']] })).toEqual(['too-many-copies']);
    expect(rules({ players: 3, discards: [[], [], []], chips: [NO_CHIPS, NO_CHIPS, NO_CHIPS], hands: [['jump', 'jump'], ['jump'], 5] })).toEqual([]);
    expect(rules({ hands: [60, 60] })).toEqual(['too-many-cards']);
  });

  it('"When playing with 2 players, remove the following special cards: all Reverse cards, ..."', () => {
    expect(rules({ box: ['reverse'] })).toEqual(['removed-with-two-players']);
    expect(rules({ hands: [['chip-steal', 'chip-steal', 'chip-steal'], 5] })).toEqual(['too-many-copies']);
  });

  it('"Take care not to include the yellow special cards" with the set-aside cards; only used specials go in the box', () => {
    expect(rules({ setAside: ['red-1', 'jump'] })).toEqual(['special-set-aside']);
    expect(rules({ box: ['red-1'] })).toEqual(['not-a-special-in-box']);
  });

  it('"40 Sequence chips (20 red, 20 blue)"', () => {
    expect(rules({ chips: [{ red: 12, blue: 0 }, { red: 9, blue: 0 }] })).toEqual(['too-many-chips']);
  });

  it('names the winner: "5 or more Sequence chips, including at least 2 red chips and at least 2 blue chips"', () => {
    const table = readStacksTable({ discards: [[], [], []], chips: [{ red: 4, blue: 1 }, { red: 2, blue: 3 }, NO_CHIPS] });
    expect(sequenceStacks.judgeTable(table)).toEqual({ violations: [], winner: 1 });
    expect(rules({ chips: [{ red: 2, blue: 3 }, { red: 3, blue: 2 }] })).toEqual(['more-than-one-winner']);
  });

  it('reads back what it writes: a state\'s table makes the same table again', () => {
    let state = sequenceStacks.setup({ players: 3, seed: 5 });
    for (let i = 0; i < 60; i++) state = sequenceStacks.step(state, sequenceStacks.moves(state)[0]!).state;
    const table = sequenceStacks.toTable(state);
    expect(sequenceStacks.judgeTable(table).violations).toEqual([]);
    expect(sequenceStacks.toTable(sequenceStacks.fromTable(table))).toEqual(table);
    expect(readStacksTable(JSON.parse(JSON.stringify(table)) as Record<string, unknown>)).toEqual(table);
  });
});
