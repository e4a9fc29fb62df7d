// Glare taken off a card's face. Glare on a glossy card adds the lamp's light to what the card
// reflects: where it lies, the paper turns towards white and the pips towards the paper, so a pip
// still in sight but washed pale (a circle, a triangle) reads as a faint blob, and the reader
// guesses its shape. Seen as `observed = card * (1 - a) + 255 * a`, with `a` the glare's share at
// each spot, the paper's own level gives `a` and the card's colours come back.
import type { RgbaImage } from '../image.js';

/** Half the window that closes the ink out of the light's envelope: wider than a pip (13 mm, 13 px). */
const CLOSE = 8;
/** Half the window that smooths the envelope. */
const SMOOTH = 2;
/** The paper's own level: this quantile of the envelope (glare, or a cover, takes less of the face). */
const PAPER_QUANTILE = 0.4;
/** Grey levels the brightest spot must stand above the paper's own level to be glare. */
const GLARE = 30;
/** The most the ink's depth is multiplied by: where glare nearly saturates, little is left to bring back. */
const MOST_GAIN = 4;

/** The face with its glare taken off, or null where it shows none. */
export function withoutGlare(face: RgbaImage): RgbaImage | null {
  const { width, height, data } = face;
  const n = width * height;
  const grey = new Float32Array(n);
  for (let i = 0; i < n; i++) grey[i] = (data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!) / 3;
  // The light's envelope: the grey closed (pips and index filled in with the paper round them), smoothed.
  const envelope = boxMean(extreme(extreme(grey, width, height, CLOSE, Math.max), width, height, CLOSE, Math.min), width, height, SMOOTH);
  const sorted = Float32Array.from(envelope).sort();
  const paper = sorted[Math.floor(PAPER_QUANTILE * n)]!;
  if (sorted[n - 1]! - paper < GLARE) return null;
  const out = new Uint8Array(4 * n);
  for (let i = 0; i < n; i++) {
    const a = Math.min(1 - 1 / MOST_GAIN, Math.max(0, (envelope[i]! - paper) / Math.max(1, 255 - paper)));
    for (let c = 0; c < 3; c++) out[i * 4 + c] = Math.max(0, Math.min(255, Math.round((data[i * 4 + c]! - 255 * a) / (1 - a))));
    out[i * 4 + 3] = 255;
  }
  return { width, height, data: out };
}

/** The greatest (or least) value within `r` px each way, a square window, as two passes. */
function extreme(v: Float32Array, width: number, height: number, r: number, pick: (a: number, b: number) => number): Float32Array {
  const across = new Float32Array(v.length);
  const out = new Float32Array(v.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = v[y * width + x]!;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++) m = pick(m, v[y * width + k]!);
      across[y * width + x] = m;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = across[y * width + x]!;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++) m = pick(m, across[k * width + x]!);
      out[y * width + x] = m;
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
