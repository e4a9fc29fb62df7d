import { describe, expect, it } from 'vitest';
import { openCv } from '../../src/vision/opencv.js';
import { rectify, RECTIFIED } from '../../src/vision/rectify.js';
import type { RgbaImage } from '../../src/vision/image.js';

function canvas(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('rectifying a card out of a frame', () => {
  it('turns a card lying upside down upright, its own top-left corner first', async () => {
    const cv = await openCv();
    // A 64x88 "card" drawn upside down at (100,50): its own top-left (red mark) is at the frame's bottom-right.
    const frame = canvas(300, 200, (x, y) => {
      const inCard = x >= 100 && x < 164 && y >= 50 && y < 138;
      if (!inCard) return [20, 60, 20];
      return x >= 150 && y >= 125 ? [220, 30, 30] : [245, 245, 238];
    });
    const card = rectify(cv, frame, [[164, 138], [100, 138], [100, 50], [164, 50]]);
    expect(card.width).toBe(RECTIFIED.width);
    expect(card.height).toBe(RECTIFIED.height);
    const pixel = (x: number, y: number) => [...card.data.subarray((y * card.width + x) * 4, (y * card.width + x) * 4 + 3)];
    expect(pixel(5, 5)).toEqual([220, 30, 30]);
    expect(pixel(58, 80)).toEqual([245, 245, 238]);
  });
});
