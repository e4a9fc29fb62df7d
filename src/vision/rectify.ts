// A card's face cut out of a frame and turned upright: the input every reader works on.
import type { OpenCv } from './opencv.js';
import type { Quad, RgbaImage } from './image.js';
import { int32s } from './scratch.js';

/** The reader's face size: portrait, about 1 px per mm, near what a 720p table photo gives. */
export const RECTIFIED = { width: 64, height: 88 } as const;

/** Warps the quad (clockwise from the card's top-left) to an upright card image. */
export function rectify(cv: OpenCv, frame: RgbaImage, quad: Quad, size: { width: number; height: number } = RECTIFIED): RgbaImage {
  const source = toMat(cv, frame);
  try {
    return rectifyMat(cv, source, quad, size);
  } finally {
    source.delete();
  }
}

/** As rectify, from a frame already in an RGBA Mat, so a frame is converted once for many cards. */
export function rectifyMat(cv: OpenCv, source: InstanceType<OpenCv['Mat']>, quad: Quad, size: { width: number; height: number } = RECTIFIED): RgbaImage {
  if (source.type() !== cv.CV_8UC4) throw new RangeError('rectify takes an RGBA frame');
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap(([x, y]) => [x, y]));
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, size.width, 0, size.width, size.height, 0, size.height]);
  const transform = cv.getPerspectiveTransform(from, to);
  try {
    const pixels = pixelsOf({ width: source.cols, height: source.rows, data: source.data });
    const out = new Uint32Array(size.width * size.height);
    warpLinear(pixels, source.cols, source.rows, Array.from(transform.data64F), out, size.width, size.height, 4, 'replicate');
    return { width: size.width, height: size.height, data: new Uint8Array(out.buffer) };
  } finally {
    from.delete();
    to.delete();
    transform.delete();
  }
}

/** The image's pixels, one RGBA pixel a 32-bit element: a view where alignment allows, else a copy. */
export function pixelsOf(image: RgbaImage): Uint32Array {
  const { data } = image;
  const n = image.width * image.height;
  return data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, n) : new Uint32Array(data.slice(0, 4 * n).buffer);
}

/** An RGBA Mat holding a copy of the image; the caller deletes it. */
export function toMat(cv: OpenCv, image: RgbaImage): InstanceType<OpenCv['Mat']> {
  const mat = new cv.Mat(image.height, image.width, cv.CV_8UC4);
  mat.data.set(image.data);
  return mat;
}

/**
 * The output pixels to work out, row by row: in row y (from y0 up to y1), columns x0[y] up to x1[y],
 * the ends excluded.
 */
export interface PixelRows {
  readonly y0: number;
  readonly y1: number;
  readonly x0: Int32Array;
  readonly x1: Int32Array;
}

/** Every pixel of a `width` x `height` output. */
export function allRows(width: number, height: number): PixelRows {
  return { y0: 0, y1: height, x0: new Int32Array(height), x1: new Int32Array(height).fill(width) };
}

/**
 * OpenCV's warpPerspective with INTER_LINEAR, bit for bit, in plain JS, which is faster than crossing
 * into wasm. One pixel an element (grey bytes or packed RGBA); `border` is 'replicate' or a constant.
 * `inside` gets 255 where a nearest warp takes the pixel from inside the source, else 0. Only the
 * output pixels in `part` are worked out (each as the whole warp would); `inside` is 0 beyond them.
 */
export function warpLinear(src: Uint8Array | Uint32Array, width: number, height: number, toDst: readonly number[], out: Uint8Array | Uint32Array, outWidth: number, outHeight: number, channels: 1 | 4, border: 'replicate' | number, inside?: Uint8Array, part: PixelRows = allRows(outWidth, outHeight)): void {
  const { xs, ys } = sourcePositions(toDst, outWidth, outHeight, INTER_TAB, part);
  if (inside) insideFrom(xs, ys, width, height, toDst, inside, outWidth, outHeight, part);
  if (channels === 4) warpRgba(src as Uint32Array, width, height, xs, ys, out as Uint32Array, outWidth, part, border);
  else warpGrey(src as Uint8Array, width, height, xs, ys, out as Uint8Array, outWidth, part, border);
}

/**
 * Whether each pixel's nearest source pixel (as INTER_NEAREST rounds) lies inside the source. The 1/32 px
 * positions settle most; only those within a quarter pixel of the edge are worked out again.
 */
function insideFrom(xs: Int32Array, ys: Int32Array, width: number, height: number, toDst: readonly number[], inside: Uint8Array, outWidth: number, outHeight: number, part: PixelRows): void {
  // In 1/32 px: inside for sure at -8 .. 32 * size - 24, outside for sure at <= -24 or >= 32 * size - 8.
  const xIn = INTER_TAB * width - 24;
  const yIn = INTER_TAB * height - 24;
  const xOut = INTER_TAB * width - 8;
  const yOut = INTER_TAB * height - 8;
  inside.fill(0, 0, outWidth * outHeight);
  let unsure = false;
  for (let y = part.y0; y < part.y1; y++) {
    for (let o = y * outWidth + part.x0[y]!, end = y * outWidth + part.x1[y]!; o < end; o++) {
      const X = xs[o]!;
      const Y = ys[o]!;
      if (X <= -24 || Y <= -24 || X >= xOut || Y >= yOut) continue;
      if (X >= -8 && Y >= -8 && X <= xIn && Y <= yIn) inside[o] = 255;
      else {
        inside[o] = 1;
        unsure = true;
      }
    }
  }
  if (!unsure) return;
  const m = invert3(toDst);
  const { bw0 } = blocks(outWidth, outHeight);
  for (let o = 0; o < outWidth * outHeight; o++) {
    if (inside[o] !== 1) continue;
    const y = Math.floor(o / outWidth);
    const x = o - y * outWidth;
    const [X, Y] = positionAt(m, x, y, bw0, 1);
    inside[o] = X >= 0 && Y >= 0 && X < width && Y < height ? 255 : 0;
  }
}

/**
 * Where each output pixel in `part` comes from in the source, in 1/`steps` px, summed and rounded as
 * OpenCV does: from its block's first column, so a pixel's position is the same whatever the part.
 */
function sourcePositions(toDst: readonly number[], outWidth: number, outHeight: number, steps: number, part: PixelRows): { xs: Int32Array; ys: Int32Array } {
  const n = outWidth * outHeight;
  const xs = int32s('warp.xs', n);
  const ys = int32s('warp.ys', n);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = invert3(toDst) as [number, number, number, number, number, number, number, number, number];
  const { bw0, bh0 } = blocks(outWidth, outHeight);
  for (let by = 0; by < outHeight; by += bh0) {
    const yEnd = Math.min(outHeight, by + bh0, part.y1);
    for (let bx = 0; bx < outWidth; bx += bw0) {
      for (let y = Math.max(by, part.y0); y < yEnd; y++) {
        const from = Math.max(0, part.x0[y]! - bx);
        const to = Math.min(bw0, outWidth - bx, part.x1[y]! - bx);
        const x0 = m0 * bx + m1 * y + m2;
        const y0 = m3 * bx + m4 * y + m5;
        const w0 = m6 * bx + m7 * y + m8;
        let o = y * outWidth + bx + from;
        for (let i = from; i < to; i++, o++) {
          let w = w0 + m6 * i;
          w = w ? steps / w : 0;
          xs[o] = roundInt((x0 + m0 * i) * w);
          ys[o] = roundInt((y0 + m3 * i) * w);
        }
      }
    }
  }
  return { xs, ys };
}

/** OpenCV's blocks of a warp: up to 16 rows and 1024 pixels each. */
function blocks(outWidth: number, outHeight: number): { bw0: number; bh0: number } {
  let bh0 = Math.min(16, outHeight);
  const bw0 = Math.min(Math.floor(1024 / bh0), outWidth);
  bh0 = Math.min(Math.floor(1024 / bw0), outHeight);
  return { bw0, bh0 };
}

/** One pixel's source position exactly as sourcePositions works it out, from its block's first column. */
function positionAt(m: readonly number[], x: number, y: number, bw0: number, steps: number): [number, number] {
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = m as [number, number, number, number, number, number, number, number, number];
  const bx = x - (x % bw0);
  const i = x - bx;
  const x0 = m0 * bx + m1 * y + m2;
  const y0 = m3 * bx + m4 * y + m5;
  const w0 = m6 * bx + m7 * y + m8;
  let w = w0 + m6 * i;
  w = w ? steps / w : 0;
  return [roundInt((x0 + m0 * i) * w), roundInt((y0 + m3 * i) * w)];
}

/** An index held within 0..last, for a replicated border. */
const clampTo = (v: number, last: number): number => (v < 0 ? 0 : v > last ? last : v);

/** The four source pixels edgeNeighbours last found, as a bilinear sample blends them. */
const NEIGHBOURS = new Float64Array(4);

/**
 * Puts the four source pixels a bilinear sample at (sx, sy) near the edge blends into NEIGHBOURS, with
 * the border beyond. False where the sample lies wholly outside a constant border: it is then the constant.
 */
function edgeNeighbours(src: Uint8Array | Uint32Array, width: number, height: number, sx: number, sy: number, replicate: boolean, fill: number): boolean {
  if (replicate) {
    const xa = clampTo(sx, width - 1);
    const xb = clampTo(sx + 1, width - 1);
    const ya = clampTo(sy, height - 1);
    const yb = clampTo(sy + 1, height - 1);
    NEIGHBOURS[0] = src[ya * width + xa]!;
    NEIGHBOURS[1] = src[ya * width + xb]!;
    NEIGHBOURS[2] = src[yb * width + xa]!;
    NEIGHBOURS[3] = src[yb * width + xb]!;
    return true;
  }
  if (sx >= width || sx + 1 < 0 || sy >= height || sy + 1 < 0) return false;
  // A constant border: each neighbour outside the source counts as the constant.
  NEIGHBOURS[0] = sx >= 0 && sy >= 0 ? src[sy * width + sx]! : fill;
  NEIGHBOURS[1] = sx + 1 < width && sy >= 0 ? src[sy * width + sx + 1]! : fill;
  NEIGHBOURS[2] = sx >= 0 && sy + 1 < height ? src[(sy + 1) * width + sx]! : fill;
  NEIGHBOURS[3] = sx + 1 < width && sy + 1 < height ? src[(sy + 1) * width + sx + 1]! : fill;
  return true;
}

function warpRgba(src: Uint32Array, width: number, height: number, xs: Int32Array, ys: Int32Array, out: Uint32Array, outWidth: number, part: PixelRows, border: 'replicate' | number): void {
  const replicate = border === 'replicate';
  const fill = replicate ? 0 : border >>> 0;
  for (let y = part.y0; y < part.y1; y++) for (let o = y * outWidth + part.x0[y]!, end = y * outWidth + part.x1[y]!; o < end; o++) {
    const X = xs[o]!;
    const Y = ys[o]!;
    const sx = X >> 5;
    const sy = Y >> 5;
    const t = ((Y & 31) * INTER_TAB + (X & 31)) * 4;
    const w00 = WEIGHTS[t]!;
    const w01 = WEIGHTS[t + 1]!;
    const w10 = WEIGHTS[t + 2]!;
    const w11 = WEIGHTS[t + 3]!;
    let A: number;
    let B: number;
    let C: number;
    let D: number;
    if (sx >= 0 && sy >= 0 && sx < width - 1 && sy < height - 1) {
      const a = sy * width + sx;
      A = src[a]!;
      B = src[a + 1]!;
      C = src[a + width]!;
      D = src[a + width + 1]!;
    } else if (edgeNeighbours(src, width, height, sx, sy, replicate, fill)) {
      A = NEIGHBOURS[0]!;
      B = NEIGHBOURS[1]!;
      C = NEIGHBOURS[2]!;
      D = NEIGHBOURS[3]!;
    } else {
      out[o] = fill;
      continue;
    }
    out[o] =
      (((A & 255) * w00 + (B & 255) * w01 + (C & 255) * w10 + (D & 255) * w11 + 16384) >> 15) |
      (((((A >>> 8) & 255) * w00 + ((B >>> 8) & 255) * w01 + ((C >>> 8) & 255) * w10 + ((D >>> 8) & 255) * w11 + 16384) >> 15) << 8) |
      (((((A >>> 16) & 255) * w00 + ((B >>> 16) & 255) * w01 + ((C >>> 16) & 255) * w10 + ((D >>> 16) & 255) * w11 + 16384) >> 15) << 16) |
      ((((A >>> 24) * w00 + (B >>> 24) * w01 + (C >>> 24) * w10 + (D >>> 24) * w11 + 16384) >> 15) << 24);
  }
}

function warpGrey(src: Uint8Array, width: number, height: number, xs: Int32Array, ys: Int32Array, out: Uint8Array, outWidth: number, part: PixelRows, border: 'replicate' | number): void {
  const replicate = border === 'replicate';
  const fill = replicate ? 0 : border;
  for (let y = part.y0; y < part.y1; y++) for (let o = y * outWidth + part.x0[y]!, end = y * outWidth + part.x1[y]!; o < end; o++) {
    const X = xs[o]!;
    const Y = ys[o]!;
    const sx = X >> 5;
    const sy = Y >> 5;
    const t = ((Y & 31) * INTER_TAB + (X & 31)) * 4;
    let p00: number;
    let p01: number;
    let p10: number;
    let p11: number;
    if (sx >= 0 && sy >= 0 && sx < width - 1 && sy < height - 1) {
      const a = sy * width + sx;
      p00 = src[a]!;
      p01 = src[a + 1]!;
      p10 = src[a + width]!;
      p11 = src[a + width + 1]!;
    } else if (edgeNeighbours(src, width, height, sx, sy, replicate, fill)) {
      p00 = NEIGHBOURS[0]!;
      p01 = NEIGHBOURS[1]!;
      p10 = NEIGHBOURS[2]!;
      p11 = NEIGHBOURS[3]!;
    } else {
      out[o] = fill;
      continue;
    }
    out[o] = (p00 * WEIGHTS[t]! + p01 * WEIGHTS[t + 1]! + p10 * WEIGHTS[t + 2]! + p11 * WEIGHTS[t + 3]! + 16384) >> 15;
  }
}

/** Sub-pixel steps of a source position (OpenCV's INTER_TAB_SIZE). */
const INTER_TAB = 32;
/** The four 15-bit bilinear weights for each of the 32 x 32 sub-pixel positions. */
const WEIGHTS = new Int32Array(INTER_TAB * INTER_TAB * 4);
for (let fy = 0; fy < INTER_TAB; fy++) {
  for (let fx = 0; fx < INTER_TAB; fx++) {
    const k = (fy * INTER_TAB + fx) * 4;
    WEIGHTS[k] = (INTER_TAB - fx) * (INTER_TAB - fy) * 32;
    WEIGHTS[k + 1] = fx * (INTER_TAB - fy) * 32;
    WEIGHTS[k + 2] = (INTER_TAB - fx) * fy * 32;
    WEIGHTS[k + 3] = fx * fy * 32;
  }
}

/** Adding and taking away 1.5 * 2^52 rounds a double to the nearest integer, halves to even (C's lrint). */
const ROUNDER = 6755399441055744;
/** saturate_cast<int>(double): clamped to 32 bits, rounded half to even. */
function roundInt(v: number): number {
  const c = v > 2147483647 ? 2147483647 : v < -2147483648 ? -2147483648 : v;
  return (c + ROUNDER - ROUNDER) | 0;
}

/** cv::invert (DECOMP_LU) of a 3 x 3 matrix, operation for operation; zeros when singular, as there. */
function invert3(h: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  let det = a * (e * l - f * k) - b * (d * l - f * g) + c * (d * k - e * g);
  if (det === 0) return new Array<number>(9).fill(0);
  det = 1 / det;
  return [(e * l - f * k) * det, (c * k - b * l) * det, (b * f - c * e) * det, (f * g - d * l) * det, (a * l - c * g) * det, (c * d - a * f) * det, (d * k - e * g) * det, (b * g - a * k) * det, (a * e - b * d) * det];
}
