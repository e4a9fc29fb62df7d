import { describe, expect, it } from 'vitest';
import {
  STACKS_CARDS,
  fullStacksDeck,
  isPileCard,
  isSpecial,
  isWild,
  parseStacksCard,
  stacksColour,
  stacksCopies,
  stacksDeck,
  stacksNumber,
} from '../../src/cards/stacks.js';
import { InputError } from '../../src/errors.js';
import { sequenceStacks } from '../../src/rules/sequence-stacks/index.js';

function counts(cards: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const card of cards) out[card] = (out[card] ?? 0) + 1;
  return out;
}

describe('Sequence Stacks card notation and deck (contracts section 1, cards.md)', () => {
  it('names the 17 kinds of card as the contract writes them', () => {
    expect(STACKS_CARDS).toEqual([
      'red-1', 'red-2', 'red-3', 'red-4', 'red-5', 'red-wild',
      'blue-1', 'blue-2', 'blue-3', 'blue-4', 'blue-5', 'blue-wild',
      'jump', 'reverse', 'card-steal', 'chip-steal', 'wait',
    ]);
  });

  it('"120 cards": red and blue 1-5 nine of each, 7 wilds of each colour, 3 Jump, 3 Reverse, 3 Card Steal, 4 Chip Steal, 3 Wait!', () => {
    const deck = fullStacksDeck();
    expect(deck).toHaveLength(120);
    const c = counts(deck);
    for (const colour of ['red', 'blue']) {
      for (let n = 1; n <= 5; n++) expect(c[`${colour}-${n}`]).toBe(9);
      expect(c[`${colour}-wild`]).toBe(7);
    }
    expect([c.jump, c.reverse, c['card-steal'], c['chip-steal'], c.wait]).toEqual([3, 3, 3, 4, 3]);
    expect(stacksDeck(3)).toEqual(deck);
    expect(stacksDeck(6)).toEqual(deck);
  });

  it('"When playing with 2 players, remove the following special cards: all Reverse cards, 1 Wait! card, 2 Chip Steal cards, 1 Card Steal card and 1 Jump card."', () => {
    const deck = stacksDeck(2);
    expect(deck).toHaveLength(112);
    const c = counts(deck);
    expect([c.jump, c.reverse ?? 0, c['card-steal'], c['chip-steal'], c.wait]).toEqual([2, 0, 2, 2, 2]);
    expect(c['red-3']).toBe(9);
    expect(stacksCopies('reverse', 2)).toBe(0);
    expect(stacksCopies('reverse', 3)).toBe(3);
  });

  it('reads names case-insensitively (and "Wait!" as wait) and writes them in lower case', () => {
    expect(parseStacksCard('RED-3')).toBe('red-3');
    expect(parseStacksCard(' Blue-Wild ')).toBe('blue-wild');
    expect(parseStacksCard('Wait!')).toBe('wait');
    expect(parseStacksCard('Chip-Steal')).toBe('chip-steal');
  });

  it.each(['red-6', 'green-1', 'red-0', 'wild', 'skip', '', 'red 3'])('rejects "%s" with an InputError naming it', (name) => {
    expect(() => parseStacksCard(name)).toThrow(InputError);
    expect(() => parseStacksCard(name)).toThrow(`"${name}"`);
  });

  it('rejects a name that is not a string', () => {
    expect(() => parseStacksCard(3)).toThrow(/expected a Sequence Stacks card name/);
  });

  it('knows each card\'s colour and number: wilds have a colour but no number, the yellow specials neither', () => {
    expect([stacksColour('red-4'), stacksNumber('red-4')]).toEqual(['red', 4]);
    expect([stacksColour('blue-wild'), stacksNumber('blue-wild'), isWild('blue-wild')]).toEqual(['blue', null, true]);
    expect([stacksColour('chip-steal'), stacksNumber('chip-steal'), isSpecial('chip-steal'), isPileCard('chip-steal')]).toEqual([null, null, true, false]);
    expect(isPileCard('red-1')).toBe(true);
  });

  it('"Shuffle the cards and deal 5 cards to each player." (seeded: one seed, one deal)', () => {
    const game = sequenceStacks.setup({ players: 4, seed: 7 });
    expect(game.hands.map((h) => h.length)).toEqual([5, 5, 5, 5]);
    expect(game.drawPile).toHaveLength(100);
    expect(game.box).toEqual([]);
    expect(sequenceStacks.setup({ players: 4, seed: 7 })).toEqual(game);
    expect(sequenceStacks.setup({ players: 4, seed: 8 }).hands).not.toEqual(game.hands);
  });

  it('leaves the 2-player removals in the box, out of the deal', () => {
    const game = sequenceStacks.setup({ players: 2, seed: 1 });
    expect(game.drawPile).toHaveLength(102);
    expect(counts(game.box)).toEqual({ reverse: 3, wait: 1, 'chip-steal': 2, 'card-steal': 1, jump: 1 });
    expect([...game.drawPile, ...game.hands.flat()]).not.toContain('reverse');
  });

  it('takes 2 to 6 players', () => {
    expect(() => sequenceStacks.setup({ players: 1, seed: 1 })).toThrow(RangeError);
    expect(() => sequenceStacks.setup({ players: 7, seed: 1 })).toThrow(RangeError);
  });
});
