import { describe, expect, it } from 'vitest';
import { hypot } from '../../src/vision/detect/geometry.js';

describe('hypot', () => {
  it('is Math.hypot of two numbers to the last bit, edge cases included', () => {
    const specials = [0, -0, 1, -1, 3, 4, Infinity, -Infinity, Number.NaN, 5e-324, 1e-310, 1e154, 1e-154, Number.MAX_VALUE];
    for (const a of specials) for (const b of specials) expect(Object.is(hypot(a, b), Math.hypot(a, b)), `${a}, ${b}`).toBe(true);
    // Pixel-sized and wildly scaled lengths, and raw bit patterns.
    let s = 12345;
    const next = (): number => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const bits = new Float64Array(1);
    const words = new Uint32Array(bits.buffer);
    let differ = 0;
    for (let i = 0; i < 200_000; i++) {
      const a = (next() - 0.5) * 3000 * 10 ** Math.floor(next() * 40 - 20);
      const b = i % 3 === 0 ? Math.round((next() - 0.5) * 3000) : (next() - 0.5) * 3;
      if (!Object.is(hypot(a, b), Math.hypot(a, b))) differ++;
      words[0] = next() * 2 ** 32;
      words[1] = next() * 2 ** 32;
      const c = bits[0]!;
      if (!Object.is(hypot(c, a), Math.hypot(c, a))) differ++;
    }
    expect(differ).toBe(0);
  });
});
