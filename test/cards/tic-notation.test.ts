import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COLOURS, SHAPES, extremeBonus, formatTicCard, parseTicCard, ticCard, ticDeck, ticId, ticName, ticValues } from '../../src/cards/tic.js';
import { InputError } from '../../src/errors.js';

describe('TIC card notation (contracts section 1)', () => {
  it('has 125 unique cards, every combination of number, shape and colour', () => {
    const deck = ticDeck();
    expect(deck).toHaveLength(125);
    expect(new Set(deck).size).toBe(125);
    expect(deck).toContain('3-star-orange');
  });

  it('reads names case-insensitively and writes them in lower case', () => {
    expect(parseTicCard('3-Star-ORANGE')).toBe('3-star-orange');
    expect(formatTicCard(ticCard('3-star-orange'))).toBe('3-star-orange');
  });

  it('orders shapes by sides and colours across the rainbow', () => {
    expect(SHAPES).toEqual(['circle', 'crescent', 'triangle', 'square', 'star']);
    expect(COLOURS).toEqual(['violet', 'cyan', 'yellow', 'orange', 'red']);
    expect(ticValues('2-triangle-yellow')).toEqual([2, 3, 3]);
    expect(ticValues('5-star-red')).toEqual([5, 5, 5]);
  });

  it.each(['6-star-red', '3-hexagon-red', '3-star-pink', 'star-3-red', '', '3-star'])('rejects "%s" with an InputError naming it', (name) => {
    expect(() => parseTicCard(name)).toThrow(InputError);
    expect(() => parseTicCard(name)).toThrow(name === '' ? /unknown TIC card/ : new RegExp(name));
  });

  it('rejects a name that is not a string', () => {
    expect(() => parseTicCard(3)).toThrow(/expected a TIC card name/);
  });

  it('gives the Extreme cards their bonuses: 1-circle-violet +1, 5-star-red +2', () => {
    expect(extremeBonus(['1-circle-violet'])).toBe(1);
    expect(extremeBonus(['5-star-red', '2-star-red'])).toBe(2);
    expect(extremeBonus(['1-circle-violet', '5-star-red'])).toBe(3);
    expect(extremeBonus(['3-star-orange'])).toBe(0);
  });

  it('round-trips every card through its id and its parsed form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 124 }), (id) => {
        const name = ticName(id);
        expect(ticId(name)).toBe(id);
        expect(formatTicCard(ticCard(name))).toBe(name);
        expect(parseTicCard(name.toUpperCase())).toBe(name);
      }),
    );
  });
});
