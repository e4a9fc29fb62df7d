import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../src/vision/image.js';
import { cardFeatures, FEATURE_SIZE, INK_H, INK_W, paperColour } from '../../src/vision/read/features.js';
import { RECTIFIED } from '../../src/vision/rectify.js';

const { width: W, height: H } = RECTIFIED;

/** A paper card in a coloured light with one ink blob, as the reader's input. */
function card(light: readonly [number, number, number], blob: { x: number; y: number; r: number; ink: readonly [number, number, number] }): RgbaImage {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inBlob = Math.hypot(x + 0.5 - blob.x, y + 0.5 - blob.y) < blob.r;
      const base = inBlob ? blob.ink : ([247, 245, 238] as const);
      data.set([0, 1, 2].map((c) => Math.min(255, Math.round(base[c]! * light[c]!))).concat(255), (y * W + x) * 4);
    }
  }
  return { width: W, height: H, data };
}

function turn180(image: RgbaImage): RgbaImage {
  const data = new Uint8Array(image.data.length);
  const n = image.width * image.height;
  for (let i = 0; i < n; i++) data.set(image.data.subarray(i * 4, i * 4 + 4), (n - 1 - i) * 4);
  return { width: image.width, height: image.height, data };
}

const arbitraryCard = fc
  .record({
    light: fc.tuple(fc.double({ min: 0.6, max: 1.1, noNaN: true }), fc.double({ min: 0.6, max: 1.1, noNaN: true }), fc.double({ min: 0.6, max: 1.1, noNaN: true })),
    x: fc.double({ min: 8, max: 56, noNaN: true }),
    y: fc.double({ min: 8, max: 80, noNaN: true }),
    r: fc.double({ min: 3, max: 7, noNaN: true }),
    ink: fc.constantFrom([123, 63, 196] as const, [0, 168, 181] as const, [245, 200, 0] as const, [244, 123, 32] as const, [217, 38, 43] as const),
  })
  .map(({ light, x, y, r, ink }) => card(light, { x, y, r, ink }));

describe("the card reader's features", () => {
  it('of a card turned 180 degrees are the features of the card read turned round', () => {
    fc.assert(
      fc.property(arbitraryCard, (image) => {
        const both = new Float32Array(2 * FEATURE_SIZE);
        cardFeatures(image, both, 0, FEATURE_SIZE);
        const direct = new Float32Array(FEATURE_SIZE);
        cardFeatures(turn180(image), direct, 0);
        const turned = both.subarray(FEATURE_SIZE);
        for (let i = 0; i < FEATURE_SIZE; i++) expect(turned[i]).toBeCloseTo(direct[i]!, 4);
      }),
      { numRuns: 25 },
    );
  });

  it('white-balance the face against its own paper: the same card under a warm and a cool light gives the same ink map', () => {
    const blob = { x: 32, y: 44, r: 6, ink: [245, 200, 0] as const };
    const warm = new Float32Array(FEATURE_SIZE);
    const cool = new Float32Array(FEATURE_SIZE);
    cardFeatures(card([1.0, 0.92, 0.66], blob), warm);
    cardFeatures(card([0.78, 0.9, 1.0], blob), cool);
    for (let i = 0; i < INK_W * INK_H; i++) expect(warm[i]).toBeCloseTo(cool[i]!, 1);
    // Yellow ink hardly darkens the paper but drops its blue: it shows as ink all the same.
    const centre = (INK_H / 2) * INK_W + INK_W / 2;
    expect(warm[centre]).toBeGreaterThan(0.8);
    expect(paperColour(card([1, 1, 1], blob).data, W * H).map(Math.round)).toEqual([247, 245, 238]);
  });

  it('take only rectified cards', () => {
    expect(() => cardFeatures({ width: 10, height: 10, data: new Uint8Array(400) }, new Float32Array(FEATURE_SIZE))).toThrow(/rectified 64x88/);
  });
});
