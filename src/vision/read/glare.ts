// Glare taken off a card's face, so washed-out pips read by their shape again. Glare is modelled as
// `observed = card * (1 - a) + 255 * a`; the paper's local level gives `a`, and the colours come back.
import type { RgbaImage } from '../image.js';
import { GLARE } from './params.js';

/** The face with its glare taken off, or null where it shows none. */
export function withoutGlare(face: RgbaImage): RgbaImage | null {
  const { width, height, data } = face;
  const n = width * height;
  // Quick exit for most faces: closing only lifts the dark half, so if the brightest pixel is not
  // GLARE.glare above the paper here, the envelope will not be either (one level of slack for rounding).
  const histogram = new Uint32Array(256);
  for (let i = 0; i < n; i++) histogram[Math.round((data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!) / 3)]!++;
  if (brightest(histogram) - quantile(histogram, GLARE.paperQuantile * n) < GLARE.glare - 1) return null;
  const grey = new Float32Array(n);
  for (let i = 0; i < n; i++) grey[i] = (data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!) / 3;
  // The light's envelope: the grey closed (pips and index filled in with the paper round them), smoothed.
  const envelope = boxMean(extreme(extreme(grey, width, height, GLARE.close, true), width, height, GLARE.close, false), width, height, GLARE.smooth);
  const sorted = Float32Array.from(envelope).sort();
  const paper = sorted[Math.floor(GLARE.paperQuantile * n)]!;
  if (sorted[n - 1]! - paper < GLARE.glare) return null;
  const out = new Uint8Array(4 * n);
  for (let i = 0; i < n; i++) {
    const a = Math.min(1 - 1 / GLARE.mostGain, Math.max(0, (envelope[i]! - paper) / Math.max(1, 255 - paper)));
    for (let c = 0; c < 3; c++) out[i * 4 + c] = Math.max(0, Math.min(255, Math.round((data[i * 4 + c]! - 255 * a) / (1 - a))));
    out[i * 4 + 3] = 255;
  }
  return { width, height, data: out };
}

/** The brightest grey level a pixel has. */
function brightest(histogram: Uint32Array): number {
  let v = histogram.length - 1;
  while (v > 0 && histogram[v] === 0) v--;
  return v;
}

/** The grey level below which `rank` pixels lie. */
function quantile(histogram: Uint32Array, rank: number): number {
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) if ((seen += histogram[v]!) > rank) return v;
  return histogram.length - 1;
}

/** The greatest (or least) value within `r` px each way, in a square window: along rows, then columns. */
function extreme(v: Float32Array, width: number, height: number, r: number, greatest: boolean): Float32Array {
  return alongLines(alongLines(v, width, height, 1, width, r, greatest), height, width, width, 1, r, greatest);
}

/** The extreme within `r` of each value along `lines` lines of `length` values, `step` apart, lines `next` apart. */
function alongLines(v: Float32Array, length: number, lines: number, step: number, next: number, r: number, greatest: boolean): Float32Array {
  const out = new Float32Array(v.length);
  for (let line = 0; line < lines; line++) {
    const start = line * next;
    for (let i = 0; i < length; i++) {
      let m = v[start + i * step]!;
      for (let k = Math.max(0, i - r); k <= Math.min(length - 1, i + r); k++) {
        const w = v[start + k * step]!;
        if (greatest ? w > m : w < m) m = w;
      }
      out[start + i * step] = m;
    }
  }
  return out;
}

/** The mean within `r` px each way (a square window, cut at the image's edges). */
function boxMean(v: Float32Array, width: number, height: number, r: number): Float32Array {
  const out = new Float32Array(v.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let j = Math.max(0, y - r); j <= Math.min(height - 1, y + r); j++) {
        for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++) {
          sum += v[j * width + k]!;
          count++;
        }
      }
      out[y * width + x] = sum / count;
    }
  }
  return out;
}
