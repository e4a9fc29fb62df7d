import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ticDeck } from '../../src/cards/tic.js';
import { sequencingProperties } from '../../src/rules/tic-sequence.js';

describe('what sequences through an ordered run of TIC cards', () => {
  it('"1-star-yellow → 2-square-yellow → 3-triangle-red → 4-crescent-cyan ... This is therefore a 4-card Duo."', () => {
    expect(sequencingProperties(['1-star-yellow', '2-square-yellow', '3-triangle-red', '4-crescent-cyan'])).toEqual(['number', 'shape']);
  });

  it('"1–2–3–4 is a valid ascending sequence. 4–3–2–1 is a valid descending sequence. But: 1–2–5 is not"', () => {
    expect(sequencingProperties(['1-circle-red', '2-circle-red', '3-circle-red', '4-circle-red'])).toEqual(['number']);
    expect(sequencingProperties(['4-circle-red', '3-circle-red', '2-circle-red', '1-circle-red'])).toEqual(['number']);
    expect(sequencingProperties(['1-circle-red', '2-circle-red', '5-circle-red'])).toEqual([]);
  });

  it('"No Wrapping in the Standard Game ... 3–4–5–1 and 3–2–1–5 are not continuous number sequences."', () => {
    expect(sequencingProperties(['3-circle-red', '4-circle-red', '5-circle-red', '1-circle-red'])).toEqual([]);
    expect(sequencingProperties(['3-circle-red', '2-circle-red', '1-circle-red', '5-circle-red'])).toEqual([]);
  });

  it('"Variation 2: Reversing Sequences ... For example: 3–4–5–4–3 or: 3–2–1–2–3"', () => {
    const up = ['3-circle-red', '4-circle-red', '5-circle-red', '4-circle-red', '3-circle-red'];
    const down = ['3-circle-red', '2-circle-red', '1-circle-red', '2-circle-red', '3-circle-red'];
    expect(sequencingProperties(up)).toEqual([]);
    expect(sequencingProperties(up, { reversing: true })).toEqual(['number']);
    expect(sequencingProperties(down, { reversing: true })).toEqual(['number']);
    // Turning anywhere but at 1 or 5 is still no sequence.
    expect(sequencingProperties(['2-circle-red', '3-circle-red', '2-circle-red'], { reversing: true })).toEqual([]);
  });

  it('keeps the sequencing properties when a run is reversed', () => {
    const deck = ticDeck();
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...deck), { minLength: 2, maxLength: 7 }), fc.boolean(), (run, reversing) => {
        expect(sequencingProperties([...run].reverse(), { reversing })).toEqual(sequencingProperties(run, { reversing }));
      }),
    );
  });
});
