// Two reads of one TIC card (cut from opposite corners) made one: odds averaged, then named.
import { describe, expect, it } from 'vitest';
import { ticDeck, ticId } from '../../src/cards/tic.js';
import { averagedTicRead } from '../../src/vision/read/index.js';
import { READ, SETTLE } from '../../src/vision/read/params.js';
import type { CardReading } from '../../src/vision/types.js';

const DECK = ticDeck();

/** A read putting `mass` on the named cards and nothing on the rest, named by its likeliest card. */
function read(mass: Record<string, number>, upsideDown = false): CardReading {
  const p = new Float32Array(DECK.length);
  for (const [card, m] of Object.entries(mass)) p[ticId(card)] = m;
  const [card, confidence] = Object.entries(mass).sort((a, b) => b[1] - a[1])[0]!;
  return { deck: 'tic', card: confidence >= READ.threshold ? card : null, confidence, ticProbabilities: p, upsideDown, visible: 1 };
}

describe('averaging two reads of one TIC card', () => {
  it('names the card the two reads together make likeliest, with each property summed over the others', () => {
    const asCut = read({ '3-star-yellow': 0.6, '3-triangle-yellow': 0.35 }, true);
    const turned = read({ '3-triangle-yellow': 0.9, '3-star-yellow': 0.05 });
    const r = averagedTicRead(asCut, turned, READ.threshold, SETTLE.cap);
    expect(r.card).toBe('3-triangle-yellow');
    expect(r.confidence).toBeCloseTo(0.625, 5);
    expect(r.shape).toEqual({ value: 'triangle', confidence: expect.closeTo(0.625, 5) });
    // Both reads agree on the number and the colour.
    expect(r.number).toEqual({ value: 3, confidence: expect.closeTo(0.95, 5) });
    expect(r.colour).toEqual({ value: 'yellow', confidence: expect.closeTo(0.95, 5) });
    expect(r.upsideDown).toBe(true);
  });

  it('never makes a card surer than the first read was, nor sure where it was not', () => {
    const first = { ...read({ '4-star-cyan': 0.88 }), number: { value: 4, confidence: 0.88 } };
    const agreeing = averagedTicRead(first, read({ '4-star-cyan': 0.99 }), READ.threshold, SETTLE.cap);
    expect(agreeing.confidence).toBeCloseTo(0.88, 5);
    expect(agreeing.number).toEqual({ value: 4, confidence: 0.88 });
    // Unknown at first, named by the two together; and where both are nearly sure, still below sure.
    const named = averagedTicRead(read({ '4-star-cyan': 0.45 }), read({ '4-star-cyan': 0.99 }), READ.threshold, SETTLE.cap);
    expect(named.card).toBe('4-star-cyan');
    expect(named.confidence).toBeCloseTo(0.72, 5);
    expect(averagedTicRead(read({ '4-star-cyan': 0.8 }), read({ '4-star-cyan': 0.99 }), READ.threshold, SETTLE.cap).confidence).toBeCloseTo(SETTLE.cap, 5);
  });

  it('leaves the card unknown where the averaged odds fall short, and no way up for a circle', () => {
    const r = averagedTicRead(read({ '2-circle-red': 0.55, '2-square-red': 0.4 }, true), read({ '2-square-red': 0.5, '2-circle-red': 0.4 }), READ.threshold, SETTLE.cap);
    expect(r.card).toBeNull();
    expect(r.confidence).toBeCloseTo(0.475, 5);
    expect(r.shape?.value).toBeNull();
    expect(r.number).toEqual({ value: 2, confidence: expect.closeTo(0.925, 5) });
    expect(r.upsideDown).toBe(false);
  });
});
