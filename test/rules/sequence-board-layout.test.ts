import { describe, expect, it } from 'vitest';
import { isJack, playingDeck } from '../../src/cards/playing.js';
import { CORNERS, LAYOUT, cardAt, isCorner, spacesOf } from '../../src/rules/sequence-board-layout.js';

describe('the standard Sequence board layout', () => {
  it('"each card in the deck appears on the board twice": each of the 96 non-Jack cards stands exactly twice', () => {
    const nonJacks = playingDeck().filter((c) => !isJack(c));
    expect(nonJacks).toHaveLength(48);
    const counts = new Map<string, number>();
    for (const card of LAYOUT) if (card !== null) counts.set(card, (counts.get(card) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...nonJacks].sort());
    for (const card of nonJacks) {
      expect(counts.get(card), card).toBe(2);
      expect(spacesOf(card), card).toHaveLength(2);
    }
    expect(LAYOUT.filter((c) => c !== null)).toHaveLength(96);
  });

  it('"Each board space (except the corners) shows a standard playing card": the corners are free and nothing else is', () => {
    expect(LAYOUT).toHaveLength(100);
    expect([...CORNERS].sort((a, b) => a - b)).toEqual([0, 9, 90, 99]);
    LAYOUT.forEach((card, i) => expect(card === null, `space ${i}`).toBe(isCorner(i)));
  });

  it('has no Jacks on the board', () => {
    for (const jack of ['JS', 'JH', 'JD', 'JC']) expect(spacesOf(jack)).toEqual([]);
  });

  it('row 0 is a corner, 2S .. 9S, a corner (cards.md)', () => {
    expect(Array.from({ length: 10 }, (_, c) => cardAt(0, c))).toEqual([null, '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', null]);
  });

  it('matches the published board at landmarks (centre 2H 3H / 5H 4H ring, bottom row AD .. 6D)', () => {
    expect([cardAt(4, 4), cardAt(4, 5), cardAt(5, 4), cardAt(5, 5)]).toEqual(['5H', '4H', '2H', '3H']);
    expect(Array.from({ length: 8 }, (_, c) => cardAt(9, c + 1))).toEqual(['AD', 'KD', 'QD', 'TD', '9D', '8D', '7D', '6D']);
    expect(Array.from({ length: 8 }, (_, r) => cardAt(r + 1, 0))).toEqual(['6C', '7C', '8C', '9C', 'TC', 'QC', 'KC', 'AC']);
  });
});
