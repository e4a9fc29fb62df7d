import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ONE_EYED_JACKS,
  RANKS,
  SUITS,
  TWO_EYED_JACKS,
  isJack,
  isOneEyedJack,
  isTwoEyedJack,
  parsePlayingCard,
  playingDeck,
  rankOf,
  suitOf,
} from '../../src/cards/playing.js';
import { InputError } from '../../src/errors.js';

describe('playing-card notation (contracts section 1)', () => {
  it('has 52 cards: rank A 2-9 T J Q K then suit S H D C', () => {
    const deck = playingDeck();
    expect(deck).toHaveLength(52);
    expect(new Set(deck).size).toBe(52);
    expect(RANKS.join('')).toBe('A23456789TJQK');
    expect(SUITS.join('')).toBe('SHDC');
    expect(deck).toContain('TS');
    expect(deck).toContain('JD');
  });

  it('accepts "10" for "T" on input', () => {
    expect(parsePlayingCard('10S')).toBe('TS');
    expect(parsePlayingCard('10h')).toBe('TH');
  });

  it('reads names case-insensitively and writes them in upper case', () => {
    expect(parsePlayingCard('qs')).toBe('QS');
    expect(parsePlayingCard(' 7d ')).toBe('7D');
  });

  it.each(['1S', 'TX', 'S2', '11H', 'JOKER', '', '10'])('rejects "%s" with an InputError naming it', (name) => {
    expect(() => parsePlayingCard(name)).toThrow(InputError);
    expect(() => parsePlayingCard(name)).toThrow(`"${name}"`);
  });

  it('rejects a card that is not a string', () => {
    expect(() => parsePlayingCard(10)).toThrow(/expected a playing card/);
  });

  it('"Two-eyed Jacks (Diamonds and Clubs) are WILD"; one-eyed Jacks are Hearts and Spades', () => {
    expect([...TWO_EYED_JACKS].sort()).toEqual(['JC', 'JD']);
    expect([...ONE_EYED_JACKS].sort()).toEqual(['JH', 'JS']);
    expect(playingDeck().filter(isTwoEyedJack).sort()).toEqual(['JC', 'JD']);
    expect(playingDeck().filter(isOneEyedJack).sort()).toEqual(['JH', 'JS']);
    expect(playingDeck().filter(isJack)).toHaveLength(4);
    expect(isOneEyedJack('QH')).toBe(false);
  });

  it('round-trips every card through its parsed form, its rank and its suit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...playingDeck()), fc.boolean(), (card, lower) => {
        const written = rankOf(card) === 'T' ? `10${suitOf(card)}` : card;
        expect(parsePlayingCard(lower ? written.toLowerCase() : written)).toBe(card);
        expect(`${rankOf(card)}${suitOf(card)}`).toBe(card);
      }),
    );
  });
});
