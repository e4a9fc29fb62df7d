// Paints what covers a card's face (a sleeve, a hand) as the card's paper: to the reader a cover is
// ink that sways the colour and shape it reads.
import type { RgbaImage } from '../image.js';
import { paperColour } from './features.js';
import { COVER } from './params.js';

/** The face with its covers (large non-paper runs from the edge) painted as paper, and their share. */
export function paintedOverCover(face: RgbaImage): { face: RgbaImage; share: number } {
  const { width, height, data } = face;
  const n = width * height;
  const lightness = new Float32Array(n);
  for (let i = 0; i < n; i++) lightness[i] = (data[i * 4]! + data[i * 4 + 1]! + data[i * 4 + 2]!) / 3;
  const paperLight = Float32Array.from(lightness).sort()[Math.floor(COVER.paperQuantile * n)]!;
  const [pr, pg, pb] = paperColour(data, n);
  const [greenRatio, blueRatio] = [pg / Math.max(pr, 1), pb / Math.max(pr, 1)];
  const notPaper = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const r = Math.max(data[i * 4]!, 1);
    notPaper[i] = lightness[i]! < COVER.dark * paperLight || Math.abs(data[i * 4 + 1]! / r - greenRatio) > COVER.hue || Math.abs(data[i * 4 + 2]! / r - blueRatio) > COVER.hue ? 1 : 0;
  }
  // Each run of no paper that touches the edge, flooded (4-connected); the big ones are covers.
  const seen = new Uint8Array(n);
  const out = new Uint8Array(data);
  let painted = 0;
  for (let start = 0; start < n; start++) {
    const x = start % width;
    const y = (start / width) | 0;
    if (!(x === 0 || y === 0 || x === width - 1 || y === height - 1) || !notPaper[start] || seen[start]) continue;
    const run = [start];
    seen[start] = 1;
    for (let k = 0; k < run.length; k++) {
      const p = run[k]!;
      const px = p % width;
      const py = (p / width) | 0;
      for (const q of [px > 0 ? p - 1 : -1, px < width - 1 ? p + 1 : -1, py > 0 ? p - width : -1, py < height - 1 ? p + width : -1]) {
        if (q >= 0 && notPaper[q] && !seen[q]) {
          seen[q] = 1;
          run.push(q);
        }
      }
    }
    if (run.length < COVER.leastShare * n) continue;
    painted += run.length;
    for (const p of run) {
      out[p * 4] = pr;
      out[p * 4 + 1] = pg;
      out[p * 4 + 2] = pb;
    }
  }
  return { face: { width, height, data: out }, share: painted / n };
}
