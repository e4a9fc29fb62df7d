import { describe, expect, it } from 'vitest';
import { openCv } from '../../src/vision/opencv.js';
import { rectify, rectifyMat, RECTIFIED, toMat, warpLinear, type PixelRows } from '../../src/vision/rectify.js';
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

describe('the JS warp against OpenCV', () => {
  // Noise, so that every rounding of a position or a weight shows; homographies that turn, tilt
  // and reach past the source's edges, where the border rules apply.
  const noise = (n: number, seed: number): Uint8Array => {
    const out = new Uint8Array(n);
    let s = seed;
    for (let i = 0; i < n; i++) out[i] = (s = (s * 1103515245 + 12345) >>> 0) >>> 24;
    return out;
  };
  const maps: number[][] = [
    [0.5, 0.05, -20, -0.03, 0.55, 4, 0.0004, -0.0002, 1],
    [1.7, -0.4, 35, 0.3, 1.5, -60, -0.001, 0.0015, 1],
    [0.99, 0.01, 0.5, -0.01, 1.01, 0.25, 0, 0, 1],
    [2.2, 0.9, -150, -0.7, 2.4, 40, 0.002, 0.001, 1.1],
  ];

  it('warps grey and RGBA pictures bit for bit as warpPerspective (INTER_LINEAR) does', async () => {
    const cv = await openCv();
    const [w, h, ow, oh] = [97, 61, 150, 131];
    for (const [k, m] of maps.entries()) {
      for (const channels of [1, 4] as const) {
        const src = new cv.Mat(h, w, channels === 1 ? cv.CV_8UC1 : cv.CV_8UC4);
        src.data.set(noise(w * h * channels, 7 + k));
        const mat = cv.matFromArray(3, 3, cv.CV_64F, m);
        // Constant borders: grey levels, or RGBA packed as the pixels are (opaque black, and a colour).
        const borders = channels === 1 ? (['replicate', 0, 90] as const) : (['replicate', 0xff000000, 0x5a3c1e0a] as const);
        for (const border of borders) {
          const want = new cv.Mat();
          if (border === 'replicate') cv.warpPerspective(src, want, mat, new cv.Size(ow, oh), cv.INTER_LINEAR, cv.BORDER_REPLICATE);
          else {
            const value = channels === 1 ? new cv.Scalar(border) : new cv.Scalar(border & 255, (border >>> 8) & 255, (border >>> 16) & 255, border >>> 24);
            cv.warpPerspective(src, want, mat, new cv.Size(ow, oh), cv.INTER_LINEAR, cv.BORDER_CONSTANT, value);
          }
          const out = channels === 1 ? new Uint8Array(ow * oh) : new Uint32Array(ow * oh);
          const from = channels === 1 ? new Uint8Array(src.data) : new Uint32Array(new Uint8Array(src.data).buffer);
          warpLinear(from, w, h, m, out, ow, oh, channels, border);
          const got = new Uint8Array(out.buffer);
          let differ = 0;
          for (let i = 0; i < got.length; i++) if (got[i] !== want.data[i]) differ++;
          expect(differ, `map ${k}, ${channels} channels, border ${border}`).toBe(0);
          want.delete();
        }
        mat.delete();
        src.delete();
      }
    }
  });

  it('works out a part of its output pixel for pixel as the whole warp does', () => {
    const [w, h, ow, oh] = [97, 61, 150, 131];
    // Boxes across OpenCV's blocks of 64 columns and 6 rows, a single pixel, and rows of many lengths
    // (a tilted band, as the frame's outline is in the scan's view).
    const box = (x0: number, y0: number, x1: number, y1: number): PixelRows => ({ y0, y1, x0: new Int32Array(oh).fill(x0), x1: new Int32Array(oh).fill(x1) });
    const band: PixelRows = { y0: 3, y1: 128, x0: Int32Array.from({ length: oh }, (_, y) => Math.max(0, y - 20)), x1: Int32Array.from({ length: oh }, (_, y) => Math.min(ow, y + 17)) };
    const parts = [box(13, 7, 91, 120), box(64, 0, 150, 5), box(149, 130, 150, 131), band];
    for (const [k, m] of maps.entries()) {
      for (const channels of [1, 4] as const) {
        const from = channels === 1 ? noise(w * h, 11 + k) : new Uint32Array(noise(4 * w * h, 11 + k).buffer);
        const whole = channels === 1 ? new Uint8Array(ow * oh) : new Uint32Array(ow * oh);
        const wholeInside = new Uint8Array(ow * oh);
        warpLinear(from, w, h, m, whole, ow, oh, channels, 'replicate', wholeInside);
        for (const part of parts) {
          const out = channels === 1 ? new Uint8Array(ow * oh) : new Uint32Array(ow * oh);
          const inside = new Uint8Array(ow * oh).fill(7);
          warpLinear(from, w, h, m, out, ow, oh, channels, 'replicate', inside, part);
          let differ = 0;
          for (let y = 0; y < oh; y++) {
            for (let x = 0; x < ow; x++) {
              const o = y * ow + x;
              const inPart = y >= part.y0 && y < part.y1 && x >= part.x0[y]! && x < part.x1[y]!;
              if (inPart ? out[o] !== whole[o] || inside[o] !== wholeInside[o] : inside[o] !== 0) differ++;
            }
          }
          expect(differ, `map ${k}, ${channels} channels, part ${parts.indexOf(part)}`).toBe(0);
        }
      }
    }
  });

  it('tells which pixels take their value from inside the source, as a nearest warp of white does', async () => {
    const cv = await openCv();
    const [w, h, ow, oh] = [97, 61, 150, 131];
    const white = new cv.Mat(h, w, cv.CV_8UC1, new cv.Scalar(255));
    for (const m of maps) {
      const mat = cv.matFromArray(3, 3, cv.CV_64F, m);
      const want = new cv.Mat();
      cv.warpPerspective(white, want, mat, new cv.Size(ow, oh), cv.INTER_NEAREST, cv.BORDER_CONSTANT, new cv.Scalar(0));
      const got = new Uint8Array(ow * oh);
      warpLinear(noise(w * h, 5), w, h, m, new Uint8Array(ow * oh), ow, oh, 1, 'replicate', got);
      expect(got.some((v) => v === 0) && got.some((v) => v === 255)).toBe(true);
      expect([...got]).toEqual([...want.data]);
      want.delete();
      mat.delete();
    }
    white.delete();
  });

  it('cuts a card out of an RGBA frame as OpenCV did', async () => {
    const cv = await openCv();
    const frame = { width: 320, height: 240, data: noise(320 * 240 * 4, 3) };
    const source = toMat(cv, frame);
    for (const quad of [
      [[40.3, 20.7], [110.2, 31.1], [101.9, 130.4], [30.5, 118.8]],
      [[-12.5, 180.2], [50.1, 170.9], [62.2, 262.3], [-3.3, 270.1]],
    ] as const) {
      const from = cv.matFromArray(4, 1, cv.CV_32FC2, quad.flat());
      const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, 64, 0, 64, 88, 0, 88]);
      const m = cv.getPerspectiveTransform(from, to);
      const want = new cv.Mat();
      cv.warpPerspective(source, want, m, new cv.Size(64, 88), cv.INTER_LINEAR, cv.BORDER_REPLICATE);
      expect([...rectifyMat(cv, source, quad).data]).toEqual([...want.data]);
      [from, to, m, want].forEach((x) => x.delete());
    }
    source.delete();
  });
});
