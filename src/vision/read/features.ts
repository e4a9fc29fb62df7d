// What the reader's network sees of a rectified card, balanced against its own paper and local light:
// an ink map (ink in the channel that departs most, as yellow only drops blue), the two corner indices
// upright, chroma maps, the middle band's ink for the specials' words, and whole-card colour statistics.
// Turned 180 degrees it is the same numbers rearranged, so both views come from one pass.
import type { RgbaImage } from '../image.js';
import { RECTIFIED } from '../rectify.js';

const W = RECTIFIED.width;
const H = RECTIFIED.height;
/** The ink map's size in cells of 2 x 2 px. */
export const INK_W = W / 2;
export const INK_H = H / 2;
const CHROMA_CELL = 8;
/** The chroma maps' size in cells. */
export const CHROMA_W = W / CHROMA_CELL;
export const CHROMA_H = H / CHROMA_CELL;
/** Corner crop (px of the rectified card): the index with room for a quad a few px off. */
const CORNER_X0 = 1;
const CORNER_Y0 = 1;
export const CORNER_W = 14;
export const CORNER_H = 22;
/** The middle band (rows), split into an upper and a lower half. */
const BAND_Y0 = 36;
const BAND_HALF = 8;
const HUE_BINS = 12;
const GLOBALS = 3 + 2 + 2 + 1 + 1 + HUE_BINS;
/** Light-level blocks across the face. */
const BLOCKS_X = 4;
const BLOCKS_Y = 4;

const INK_AT = 0;
/** The two corner crops, a second input of their own to the network's index reader. */
export const CORNER_AT = INK_AT + INK_W * INK_H;
/** The two corner crops' length in the features. */
export const CORNER_SIZE = 2 * CORNER_W * CORNER_H;
const CHROMA_AT = CORNER_AT + 2 * CORNER_W * CORNER_H;
const BAND_AT = CHROMA_AT + 2 * CHROMA_W * CHROMA_H;
const GLOBAL_AT = BAND_AT + 2 * W;
/** The length of one card's features. */
export const FEATURE_SIZE = GLOBAL_AT + GLOBALS;

/** The paper's colour: the mean of the pixels between the 60th and 97th brightness percentiles. */
export function paperColour(data: ArrayLike<number>, pixels: number): [number, number, number] {
  // Pixels counted and channels summed by brightness in one pass; whole numbers keep the sums exact.
  const histogram = new Uint32Array(766);
  const sums = new Uint32Array(766 * 3);
  for (let i = 0; i < pixels; i++) {
    const r = data[i * 4]!;
    const g = data[i * 4 + 1]!;
    const b = data[i * 4 + 2]!;
    const v = r + g + b;
    histogram[v]!++;
    sums[v * 3]! += r;
    sums[v * 3 + 1]! += g;
    sums[v * 3 + 2]! += b;
  }
  const lo = percentileOf(histogram, pixels * 0.6);
  const hi = percentileOf(histogram, pixels * 0.97);
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let v = lo; v <= hi; v++) {
    r += sums[v * 3]!;
    g += sums[v * 3 + 1]!;
    b += sums[v * 3 + 2]!;
    n += histogram[v]!;
  }
  return n === 0 ? [255, 255, 255] : [r / n, g / n, b / n];
}

function percentileOf(histogram: Uint32Array, rank: number): number {
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!;
    if (seen >= rank) return v;
  }
  return histogram.length - 1;
}

/**
 * The light level across the face relative to the paper's, per pixel: each block's bright percentile,
 * blended between blocks, clamped so that a darker block (a hand, not a shadow) stays darker than paper.
 */
function lightLevels(data: ArrayLike<number>, paperSum: number, into: Float32Array): void {
  const bw = W / BLOCKS_X;
  const bh = H / BLOCKS_Y;
  const level = new Float32Array(BLOCKS_X * BLOCKS_Y);
  // Percentiles from a 256-bin histogram of brightness (r + g + b) / 3 per block.
  const histogram = new Uint16Array(256);
  const rank = Math.floor(bw * bh * 0.85);
  for (let by = 0; by < BLOCKS_Y; by++) {
    for (let bx = 0; bx < BLOCKS_X; bx++) {
      histogram.fill(0);
      for (let y = by * bh; y < (by + 1) * bh; y++) {
        for (let x = bx * bw; x < (bx + 1) * bw; x++) {
          const p = (y * W + x) * 4;
          histogram[((data[p]! + data[p + 1]! + data[p + 2]!) * 85) >> 8]!++;
        }
      }
      let seen = 0;
      let v = 0;
      for (; v < 255; v++) {
        seen += histogram[v]!;
        if (seen > rank) break;
      }
      level[by * BLOCKS_X + bx] = Math.max(0.75, Math.min(1.5, (v * 3 + 1.5) / Math.max(paperSum, 1)));
    }
  }
  // Stored as reciprocals for the caller to multiply by; rows of blocks are blended across first.
  const across = new Float64Array(BLOCKS_Y * W);
  for (let y0 = 0; y0 < BLOCKS_Y; y0++) {
    for (let x = 0; x < W; x++) {
      const x0 = BLEND_X0[x]!;
      const tx = BLEND_TX[x]!;
      across[y0 * W + x] = level[y0 * BLOCKS_X + x0]! * (1 - tx) + level[y0 * BLOCKS_X + x0 + 1]! * tx;
    }
  }
  for (let y = 0; y < H; y++) {
    const y0 = BLEND_Y0[y]!;
    const ty = BLEND_TY[y]!;
    for (let x = 0; x < W; x++) {
      const a = across[y0 * W + x]!;
      const b = across[(y0 + 1) * W + x]!;
      into[y * W + x] = 1 / (a * (1 - ty) + b * ty);
    }
  }
}

/** Bilinear blend between block centres: the lower block and the weight of the next, per row and column. */
function blend(size: number, blocks: number): { first: Uint8Array; weight: Float32Array } {
  const first = new Uint8Array(size);
  const weight = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const f = Math.max(0, Math.min(blocks - 1, ((i + 0.5) * blocks) / size - 0.5));
    first[i] = Math.min(blocks - 2, Math.floor(f));
    weight[i] = f - first[i]!;
  }
  return { first, weight };
}
const { first: BLEND_X0, weight: BLEND_TX } = blend(W, BLOCKS_X);
const { first: BLEND_Y0, weight: BLEND_TY } = blend(H, BLOCKS_Y);

/** Which of HUE_BINS sectors of the chroma plane (from -pi) the direction (x, y) falls in; atan2 to 0.01 rad. */
function hueBin(y: number, x: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const a = Math.min(ax, ay) / Math.max(ax, ay, 1e-12);
  const s = a * a;
  let r = ((-0.0464964749 * s + 0.15931422) * s - 0.327622764) * s * a + a;
  if (ay > ax) r = Math.PI / 2 - r;
  if (x < 0) r = Math.PI - r;
  if (y < 0) r = -r;
  return Math.min(HUE_BINS - 1, Math.floor(((r + Math.PI) / (2 * Math.PI)) * HUE_BINS));
}

const scratch = { light: new Float32Array(W * H), ink: new Float32Array(W * H) };

/** Writes a rectified card's features into `out` at `offset`, and those of it turned round at `turnedOffset`. */
export function cardFeatures(card: RgbaImage, out: Float32Array, offset = 0, turnedOffset?: number): void {
  if (card.width !== W || card.height !== H) {
    throw new RangeError(`the card reader takes rectified ${W}x${H} cards, got ${card.width}x${card.height}`);
  }
  const data = card.data;
  const pixels = W * H;
  const [pr, pg, pb] = paperColour(data, pixels);
  const light = scratch.light; // reciprocal light level a pixel
  const inkOf = scratch.ink;
  lightLevels(data, pr + pg + pb, light);
  out.fill(0, offset, offset + FEATURE_SIZE);
  let inkSum = 0;
  let inkA = 0;
  let inkB = 0;
  let strong = 0;
  let strongDark = 0;
  const hue = new Float32Array(HUE_BINS);
  const chromaScale = 1 / (CHROMA_CELL * CHROMA_CELL);
  // Paper to 1 in every channel; a face with almost no blue (the yellow specials) must not blow up.
  const kr = 1 / Math.max(pr, 12);
  const kg = 1 / Math.max(pg, 12);
  const kb = 1 / Math.max(pb, 12);
  for (let y = 0; y < H; y++) {
    const inkRow = offset + INK_AT + (y >> 1) * INK_W;
    const band = y - BAND_Y0;
    const bandRow = band >= 0 && band < 2 * BAND_HALF ? offset + BAND_AT + (band < BAND_HALF ? 0 : W) : -1;
    const caRow = offset + CHROMA_AT + (y >> 3) * CHROMA_W;
    const cbRow = caRow + CHROMA_W * CHROMA_H;
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const p = i * 4;
      const k = light[i]!;
      const r0 = data[p]! * kr * k;
      const g0 = data[p + 1]! * kg * k;
      const b0 = data[p + 2]! * kb * k;
      // Math.min and max, not branches, which would mispredict pixel by pixel.
      const r = Math.min(r0, 1.25);
      const g = Math.min(g0, 1.25);
      const b = Math.min(b0, 1.25);
      // Never below 0, so no ink above 1.
      const ink = Math.max(0, 1 - Math.min(r, g, b));
      inkOf[i] = ink;
      const ca = r - g;
      const cb = (r + g) / 2 - b;
      out[inkRow + (x >> 1)]! += ink * 0.25;
      if (bandRow >= 0) out[bandRow + x]! += ink / BAND_HALF;
      out[caRow + (x >> 3)]! += ca * chromaScale;
      out[cbRow + (x >> 3)]! += cb * chromaScale;
      inkSum += ink;
      inkA += ink * ca;
      inkB += ink * cb;
      if (ink > 0.35) {
        strong++;
        strongDark += 1 - (r + g + b) / 3;
        const chroma = Math.sqrt(ca * ca + cb * cb);
        if (chroma > 0.08) hue[hueBin(cb, ca)]! += chroma;
      }
    }
  }
  writeCorners(inkOf, out, offset);
  writeGlobals(out, offset, [pr, pg, pb], { inkSum, inkA, inkB, strong, strongDark, hue });
  if (turnedOffset !== undefined) turnFeatures(out, offset, turnedOffset);
}

/** The corners' ink, each upright: the top-left as it is, the bottom-right turned 180 degrees. */
function writeCorners(inkOf: Float32Array, out: Float32Array, offset: number): void {
  for (let y = 0; y < CORNER_H; y++) {
    for (let x = 0; x < CORNER_W; x++) {
      out[offset + CORNER_AT + y * CORNER_W + x] = inkOf[(CORNER_Y0 + y) * W + CORNER_X0 + x]!;
      out[offset + CORNER_AT + CORNER_W * CORNER_H + y * CORNER_W + x] = inkOf[(H - 1 - CORNER_Y0 - y) * W + (W - 1 - CORNER_X0 - x)]!;
    }
  }
}

/** Sums over a face's pixels: ink, ink times each chroma, strong-ink pixels and their darkness, chroma by hue. */
interface InkTotals {
  readonly inkSum: number;
  readonly inkA: number;
  readonly inkB: number;
  readonly strong: number;
  readonly strongDark: number;
  readonly hue: Float32Array;
}

/** The whole-card statistics: the paper's colour, the ink's mean chroma, amount and darkness, its hue histogram. */
function writeGlobals(out: Float32Array, offset: number, [pr, pg, pb]: readonly [number, number, number], { inkSum, inkA, inkB, strong, strongDark, hue }: InkTotals): void {
  const pixels = W * H;
  let g = offset + GLOBAL_AT;
  out[g++] = pr / 255;
  out[g++] = pg / 255;
  out[g++] = pb / 255;
  out[g++] = pg / Math.max(pr, 1);
  out[g++] = pb / Math.max(pr, 1);
  out[g++] = inkSum > 1 ? inkA / inkSum : 0;
  out[g++] = inkSum > 1 ? inkB / inkSum : 0;
  out[g++] = inkSum / pixels;
  out[g++] = strong > 0 ? strongDark / strong : 0;
  let hueTotal = 0;
  for (let i = 0; i < HUE_BINS; i++) hueTotal += hue[i]!;
  for (let i = 0; i < HUE_BINS; i++) out[g++] = hueTotal > 0 ? hue[i]! / hueTotal : 0;
}

/** The features of the same card turned 180 degrees: every map reversed, the two corners swapped. */
export function turnFeatures(out: Float32Array, from: number, to: number): void {
  const reverse = (at: number, length: number): void => {
    for (let i = 0; i < length; i++) out[to + at + i] = out[from + at + length - 1 - i]!;
  };
  reverse(INK_AT, INK_W * INK_H);
  const corner = CORNER_W * CORNER_H;
  for (let i = 0; i < corner; i++) {
    out[to + CORNER_AT + i] = out[from + CORNER_AT + corner + i]!;
    out[to + CORNER_AT + corner + i] = out[from + CORNER_AT + i]!;
  }
  reverse(CHROMA_AT, CHROMA_W * CHROMA_H);
  reverse(CHROMA_AT + CHROMA_W * CHROMA_H, CHROMA_W * CHROMA_H);
  // The band turned: its upper half is the lower half read right to left, and the other way.
  for (let x = 0; x < W; x++) {
    out[to + BAND_AT + x] = out[from + BAND_AT + W + (W - 1 - x)]!;
    out[to + BAND_AT + W + x] = out[from + BAND_AT + (W - 1 - x)]!;
  }
  for (let i = GLOBAL_AT; i < FEATURE_SIZE; i++) out[to + i] = out[from + i]!;
}
