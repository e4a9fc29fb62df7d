// A cover painted out of a card's face as its own paper (src/vision/read/cover.ts).
import { describe, expect, it } from 'vitest';
import { facePixels } from '../../src/deck/faces.js';
import { paintedOverCover } from '../../src/vision/read/cover.js';
import type { RgbaImage } from '../../src/vision/image.js';

/** A 2-star-cyan face at 1 px/mm, with its rows from `from` down filled with `rgb` (a sleeve). */
function face(from: number | null, rgb: readonly [number, number, number]): RgbaImage {
  const f = facePixels('2-star-cyan', 1);
  const data = new Uint8Array(f.data);
  for (let y = from ?? f.height; y < f.height; y++) for (let x = 0; x < f.width; x++) data.set([...rgb, 255], (y * f.width + x) * 4);
  return { width: f.width, height: f.height, data };
}

const at = (image: RgbaImage, x: number, y: number): number[] => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)];

describe('paintedOverCover', () => {
  it('leaves a face with nothing over it as it is, pips and numerals included', () => {
    const clear = face(null, [0, 0, 0]);
    const { face: out, share } = paintedOverCover(clear);
    expect(share).toBe(0);
    expect(out.data).toEqual(clear.data);
  });

  for (const [what, rgb] of [['a navy sleeve', [30, 42, 68]], ['a pale hand', [255, 219, 172]]] as const) {
    it(`paints ${what} over the face's lower half as the paper, and keeps the ink above it`, () => {
      const covered = face(44, rgb);
      const { face: out, share } = paintedOverCover(covered);
      expect(share).toBeGreaterThan(0.45);
      expect(share).toBeLessThan(0.55);
      const paper = at(covered, 32, 2);
      for (const [x, y] of [[5, 60], [32, 80], [60, 87]] as const) at(out, x, y).forEach((v, c) => expect(Math.abs(v - paper[c]!)).toBeLessThan(12));
      // The index in the top-left corner (the numeral in the card's colour) is untouched.
      const inked = Array.from({ length: 12 * 12 }, (_, k) => [4 + (k % 12), 4 + Math.floor(k / 12)] as const).filter(([x, y]) => at(covered, x, y)[0]! < 150);
      expect(inked.length).toBeGreaterThan(5);
      for (const [x, y] of inked) expect(at(out, x, y)).toEqual(at(covered, x, y));
    });
  }
});
