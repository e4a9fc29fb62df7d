// Features of a quad on the working image: how much of it is card paper, ink, glare; whether
// its paper is one piece and runs along its sides; the paper's and the table's colours.
import type { RgbaImage } from '../image.js';
import type { RefinedQuad } from './refine.js';
import type { Surface } from './surface.js';
import { insidePolygon, median, quadCentre, type Vec } from './geometry.js';
import { isYellow } from './complete.js';
import { bytes, float64s, int32s, uint16s } from '../scratch.js';
import { FACE, SIDES } from './params.js';

/** The largest piece's share of a quad's paper: a card's paper is one piece, checked cloth's many. */
export function paperInOnePiece(s: Surface, chroma: Float32Array, mask: Uint8Array, quad: readonly Vec[], deck: 'tic' | 'stacks', besideGlare = false): number {
  const nx = FACE.piecesAcross;
  const ny = FACE.piecesDown;
  const n = nx * ny;
  const idx = samplesInside('pieces.samples', quad, nx, ny, FACE.piecesInset, s.width, s.height);
  const histogram = uint16s('pieces.histogram', 256).fill(0);
  let seen = 0;
  for (let k = 0; k < n; k++) {
    const i = idx[k]!;
    if (i < 0 || (besideGlare && s.grey[i]! >= FACE.glare)) continue;
    histogram[s.grey[i]!]!++;
    seen++;
  }
  if (seen === 0) return 0;
  const light = paperLevel(histogram, seen);
  // Scratch arrays and a stack, not closures: this runs for every scan hit judged (docs/vision.md).
  const paper = bytes('pieces.paper', n);
  const done = bytes('pieces.done', n).fill(0);
  const stack = int32s('pieces.stack', n);
  for (let k = 0; k < n; k++) paper[k] = idx[k]! >= 0 && isPaper(s, chroma, mask, idx[k]!, light, besideGlare) ? 1 : 0;
  // The two largest pieces (the first found of equal ones first) and the paper in all of them.
  let total = 0;
  let first = { size: 0, v: 0, across: false };
  let second = { size: 0, v: 0, across: false };
  for (let start = 0; start < n; start++) {
    if (!paper[start] || done[start]) continue;
    let size = 0;
    let rows = 0;
    let left = false;
    let right = false;
    let top = 0;
    stack[top++] = start;
    done[start] = 1;
    while (top > 0) {
      const k = stack[--top]!;
      size++;
      const x = k % nx;
      const y = (k - x) / nx;
      rows += y;
      if (x === 0) left = true;
      if (x === nx - 1) right = true;
      if (x + 1 < nx && paper[k + 1] && !done[k + 1]) (done[k + 1] = 1), (stack[top++] = k + 1);
      if (x > 0 && paper[k - 1] && !done[k - 1]) (done[k - 1] = 1), (stack[top++] = k - 1);
      if (y + 1 < ny && paper[k + nx] && !done[k + nx]) (done[k + nx] = 1), (stack[top++] = k + nx);
      if (y > 0 && paper[k - nx] && !done[k - nx]) (done[k - nx] = 1), (stack[top++] = k - nx);
    }
    total += size;
    const piece = { size, v: (rows / size + 0.5) / ny, across: left && right };
    if (size > first.size) [first, second] = [piece, first];
    else if (size > second.size) second = piece;
  }
  if (total === 0) return 0;
  let share = first.size / total;
  // A word across the middle of the card (WILD, a Stacks special's name) may part the paper into
  // a top half and a bottom half, each from side to side: that is one card's paper too.
  if (deck === 'stacks' && second.size > 0 && first.across && second.across && Math.min(first.v, second.v) < FACE.wordAbove && Math.max(first.v, second.v) > FACE.wordBelow) share = Math.max(share, (first.size + second.size) / total);
  return share;
}

/** Whether paper runs inside most of the quad's sides, as on a card; checked cloth flips light and dark. */
export function paperRims(s: Surface, mask: Uint8Array, quad: readonly Vec[]): boolean {
  const c = quadCentre(quad);
  let clean = 0;
  let mixed = 0;
  for (let k = 0; k < 4; k++) {
    const a = quad[k]!;
    const b = quad[(k + 1) % 4]!;
    let paper = 0;
    let seen = 0;
    let flips = 0;
    let last = -1;
    for (let i = 0; i < FACE.rimSamples; i++) {
      const t = FACE.rimEnds + ((1 - 2 * FACE.rimEnds) * (i + 0.5)) / FACE.rimSamples;
      // A point on the side, pulled part of the way towards the centre.
      const px = a[0] + (b[0] - a[0]) * t;
      const py = a[1] + (b[1] - a[1]) * t;
      const x = Math.round(px + (c[0] - px) * FACE.rimInset);
      const y = Math.round(py + (c[1] - py) * FACE.rimInset);
      if (x < 0 || y < 0 || x >= s.width || y >= s.height) continue;
      seen++;
      const here = mask[y * s.width + x] ? 1 : 0;
      paper += here;
      if (last >= 0 && here !== last) flips++;
      last = here;
    }
    // A side is clean paper, or covered along one stretch (a hand, the frame's edge); light and
    // dark coming and going along it is a pattern, not a card.
    if (flips >= FACE.rimFlips) mixed++;
    else if (seen === 0 || paper / seen >= FACE.rimPaper) clean++;
  }
  return mixed <= FACE.rimsMixed && clean >= FACE.rimsClean;
}

/** How far apart two colours' chromaticities are (0 alike). */
export function colourDistance(a: readonly number[], b: readonly number[]): number {
  const sa = a[0]! + a[1]! + a[2]!;
  const sb = b[0]! + b[1]! + b[2]!;
  return Math.hypot(a[0]! / sa - b[0]! / sb, a[2]! / sa - b[2]! / sb) * 3;
}

/** The table's colour: the channel medians of a grid of frame pixels outside every card (null if too few). */
export function tableColour(frame: RgbaImage, quads: readonly (readonly Vec[])[]): number[] | null {
  const channels: number[][] = [[], [], []];
  // Each quad's bounding box first: a point outside it is outside the quad.
  const boxes = quads.map((q) => [Math.min(...q.map((p) => p[0])), Math.min(...q.map((p) => p[1])), Math.max(...q.map((p) => p[0])), Math.max(...q.map((p) => p[1]))] as const);
  for (let gy = 0; gy < FACE.tableDown; gy++) {
    for (let gx = 0; gx < FACE.tableAcross; gx++) {
      const x = Math.floor(((gx + 0.5) / FACE.tableAcross) * frame.width);
      const y = Math.floor(((gy + 0.5) / FACE.tableDown) * frame.height);
      if (quads.some((q, k) => !(x < boxes[k]![0] || y < boxes[k]![1] || x > boxes[k]![2] || y > boxes[k]![3]) && insidePolygon(q, [x, y]))) continue;
      const j = (y * frame.width + x) * 4;
      for (let k = 0; k < 3; k++) channels[k]!.push(frame.data[j + k]!);
    }
  }
  if (channels[0]!.length < FACE.tableSamples) return null;
  return channels.map((v) => median(v));
}

/**
 * The paper's colour under this light: the median of face pixels (in `mask`, or all) inside the
 * given cards; `noYellow`, leaving out a special's yellow (null where little else is left).
 */
export function paperColour(s: Surface, quads: readonly (readonly Vec[])[], mask: Uint8Array | null): [number, number, number];
export function paperColour(s: Surface, quads: readonly (readonly Vec[])[], mask: Uint8Array | null, noYellow: true): [number, number, number] | null;
export function paperColour(s: Surface, quads: readonly (readonly Vec[])[], mask: Uint8Array | null, noYellow = false): [number, number, number] | null {
  // The median read off each channel's level counts, as sorting gives it: this runs on most frames.
  const counts = int32s('paper.counts', 3 * 256).fill(0);
  let n = 0;
  for (const q of quads) {
    for (const i of samplesInside('paper.samples', q, FACE.colourAcross, FACE.colourDown, FACE.colourInset, s.width, s.height)) {
      if (i < 0 || (mask && !mask[i]) || (noYellow && isYellow(s.rgba[i * 4]!, s.rgba[i * 4 + 1]!, s.rgba[i * 4 + 2]!))) continue;
      for (let c = 0; c < 3; c++) counts[c * 256 + s.rgba[i * 4 + c]!]!++;
      n++;
    }
  }
  if (n < FACE.colourSamples) return noYellow ? null : [...s.white];
  return [Math.max(FACE.darkestPaper, channelMedian(counts, 0, n)), Math.max(FACE.darkestPaper, channelMedian(counts, 1, n)), Math.max(FACE.darkestPaper, channelMedian(counts, 2, n))];
}

/** The median of channel `c` of `n` pixels counted in `counts` (256 levels a channel). */
function channelMedian(counts: Int32Array, c: number, n: number): number {
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += counts[c * 256 + v]!;
    if (seen > n >> 1) return v;
  }
  return 255;
}

/** Where the middle of cell `i` of `n` across a face lies (0..1), the grid inset by share `inset`. */
function gridAt(i: number, n: number, inset: number): number {
  return inset + ((1 - 2 * inset) * (i + 0.5)) / n;
}

/**
 * An nx x ny grid of working pixels inset by share `inset` in the quad, row by row: each one's index
 * in a `width` x `height` image, or -1 outside it. Returns the grid in a scratch array named `name`.
 * A loop, not a visitor: it runs for every outline and hit (docs/vision.md).
 */
export function samplesInside(name: string, quad: readonly Vec[], nx: number, ny: number, inset: number, width: number, height: number): Int32Array {
  const out = int32s(name, nx * ny);
  const [q0, q1, q2, q3] = quad as [Vec, Vec, Vec, Vec];
  // Each column's ends on the quad's top and bottom sides, worked out once for all its rows.
  const ends = float64s('samples.ends', 4 * nx);
  for (let i = 0; i < nx; i++) {
    const u = gridAt(i, nx, inset);
    ends[4 * i] = q0[0] + (q1[0] - q0[0]) * u;
    ends[4 * i + 1] = q0[1] + (q1[1] - q0[1]) * u;
    ends[4 * i + 2] = q3[0] + (q2[0] - q3[0]) * u;
    ends[4 * i + 3] = q3[1] + (q2[1] - q3[1]) * u;
  }
  let k = 0;
  for (let j = 0; j < ny; j++) {
    const v = gridAt(j, ny, inset);
    for (let i = 0; i < nx; i++) {
      const tx = ends[4 * i]!;
      const ty = ends[4 * i + 1]!;
      const x = Math.round(tx + (ends[4 * i + 2]! - tx) * v);
      const y = Math.round(ty + (ends[4 * i + 3]! - ty) * v);
      out[k++] = x < 0 || y < 0 || x >= width || y >= height ? -1 : y * width + x;
    }
  }
  return out;
}

/** Whether a quad (working pixels) holds a card face: enough paper and some ink, which light cloth lacks. */
export function isFace(s: Surface, chroma: Float32Array, mask: Uint8Array, quad: readonly Vec[], partial: boolean, deck: 'tic' | 'stacks'): boolean {
  return faceIn(faceStats(s, chroma, mask, quad), partial, deck);
}

/**
 * A lone outline's face: as isFace, or one under glare over a third or more, its ink washed out:
 * paper outlined firmly all round, falling strongly to a darker table on three sides or more.
 */
export function loneFace(st: FaceStats, refined: RefinedQuad, deck: 'tic' | 'stacks'): boolean {
  if (faceIn(st, false, deck)) return true;
  const firm = refined.support.every((v) => v >= SIDES.firm) && refined.contrast.filter((v) => v >= FACE.strongFall).length >= FACE.strongFallSides;
  return deck === 'tic' && firm && st.glare >= FACE.blinded && st.paper >= FACE.paper;
}

/** isFace on a quad's stats already worked out. */
export function faceIn(st: FaceStats, partial: boolean, deck: 'tic' | 'stacks'): boolean {
  return st.inkCore >= FACE.inkCore && st.ink >= (deck === 'stacks' ? FACE.stacksInk : FACE.ink) && st.paper >= (partial ? FACE.partialPaper : FACE.paper);
}

/** A face's shares of paper, ink (and how many ink samples lie in its middle) and glare. */
export interface FaceStats {
  readonly paper: number;
  readonly ink: number;
  readonly inkCore: number;
  readonly glare: number;
}

/** Which cells of faceStats' sample grid lie in the face's middle (FACE.coreMargin in from its sides). */
const CORE_CELLS: Uint8Array = (() => {
  const cells = new Uint8Array(FACE.across * FACE.down);
  const inCore = (t: number): boolean => t > FACE.coreMargin && t < 1 - FACE.coreMargin;
  for (let j = 0; j < FACE.down; j++) {
    for (let i = 0; i < FACE.across; i++) cells[j * FACE.across + i] = inCore(gridAt(i, FACE.across, FACE.inset)) && inCore(gridAt(j, FACE.down, FACE.inset)) ? 1 : 0;
  }
  return cells;
})();

/**
 * Paper and ink shares inside a quad. Paper is judged against the quad's own lightest part, as a card
 * in shade is darker all over; ink is strong colour or a dark mark, which every face shows.
 */
export function faceStats(s: Surface, chroma: Float32Array, mask: Uint8Array, quad: readonly Vec[], besideGlare = false): FaceStats {
  const nx = FACE.across;
  const ny = FACE.down;
  const samples = samplesInside('face.samples', quad, nx, ny, FACE.inset, s.width, s.height);
  // Reused across calls, as this runs for every outline and hit: written before they are read.
  const index = int32s('face.index', nx * ny);
  const core = bytes('face.core', nx * ny);
  const histogram = uint16s('face.histogram', 256).fill(0);
  let count = 0;
  let glare = 0;
  for (let k = 0; k < samples.length; k++) {
    const i = samples[k]!;
    if (i < 0) continue;
    index[count] = i;
    core[count++] = CORE_CELLS[k]!;
    const g = s.grey[i]!;
    if (g >= FACE.glare) glare++;
    if (!besideGlare || g < FACE.glare) histogram[g]!++;
  }
  if (count === 0) return { paper: 0, ink: 0, inkCore: 0, glare: 0 };
  const judged = besideGlare ? count - glare : count;
  const light = judged > 0 ? paperLevel(histogram, judged) : FACE.glare;
  let paper = 0;
  let ink = 0;
  let inkCore = 0;
  for (let k = 0; k < count; k++) {
    const i = index[k]!;
    if (isPaper(s, chroma, mask, i, light, besideGlare)) paper++;
    else if (chroma[i]! > FACE.inkChroma || s.grey[i]! / light < FACE.inkDark) {
      ink++;
      if (core[k]) inkCore++;
    }
  }
  return { paper: paper / count, ink: ink / count, inkCore, glare: glare / count };
}

/** The paper's grey among `counted` samples in `histogram`: above the ink, below glare (FACE.paperRank). */
export function paperLevel(histogram: Uint16Array, counted: number): number {
  return Math.max(FACE.darkestLevel, percentile(histogram, Math.floor(counted * FACE.paperRank)));
}

/**
 * Whether working pixel `i` is paper against the paper's level `light`: in the paper mask, neutral and
 * nearly as light (not dark beside its surroundings), lighter still (glare), or washed out beside glare.
 */
export function isPaper(s: Surface, chroma: Float32Array, mask: Uint8Array, i: number, light: number, besideGlare: boolean): boolean {
  const g = s.grey[i]!;
  return mask[i] !== 0 || (chroma[i]! < FACE.paperChroma && g / light > FACE.paperLight && s.relative[i]! > FACE.neverPaper) || g / light > FACE.onPaperGlare || (besideGlare && g >= FACE.glare);
}

/** The value at `rank` (from 0) of the sorted values a histogram counts. */
export function percentile(histogram: Uint16Array, rank: number): number {
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!;
    if (seen > rank) return v;
  }
  return histogram.length - 1;
}

/** Card face: near-neutral and about as light as the brightest surface nearby, not on an edge. */
export function faceMask(s: Surface, chroma: Float32Array, chromaMax: number, cut: number, deck: 'tic' | 'stacks'): Uint8Array {
  const n = s.width * s.height;
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (s.edges[i]) continue;
    const paper = chroma[i]! < chromaMax && s.relative[i]! > cut;
    if (paper || (deck === 'stacks' && isYellowFace(s, i))) mask[i] = 255;
  }
  return mask;
}

/** A Stacks special's yellow face: red and green high, blue low, whatever the tint. */
export function isYellowFace(s: Surface, i: number): boolean {
  const r = s.rgba[i * 4]!;
  const g = s.rgba[i * 4 + 1]!;
  const b = s.rgba[i * 4 + 2]!;
  return g > FACE.yellowGreen * r && b < FACE.yellowBlue * g && s.relative[i]! > FACE.yellowLight;
}

/** The specials' yellow faces alone, not on an edge. */
export function yellowFaces(s: Surface): Uint8Array {
  const mask = new Uint8Array(s.width * s.height);
  for (let i = 0; i < mask.length; i++) if (!s.edges[i] && isYellowFace(s, i)) mask[i] = 255;
  return mask;
}

/** The relative lightness parting paper from table: Otsu over neutral pixels, within FACE.cutLow..cutHigh. */
export function paperCut(s: Surface, chroma: Float32Array, chromaMax: number): number {
  const hist = new Float64Array(FACE.cutBins);
  let count = 0;
  for (let i = 0; i < s.relative.length; i++) {
    if (chroma[i]! >= chromaMax) continue;
    hist[Math.min(FACE.cutBins - 1, Math.floor(s.relative[i]! * FACE.cutSteps))]!++;
    count++;
  }
  if (count === 0) return FACE.cutNone;
  let sum = 0;
  for (let v = 0; v < FACE.cutBins; v++) sum += v * hist[v]!;
  let sumB = 0;
  let wB = 0;
  let best = -1;
  let cut = FACE.cutNone * FACE.cutSteps;
  for (let v = 0; v < FACE.cutBins; v++) {
    wB += hist[v]!;
    if (wB === 0) continue;
    const wF = count - wB;
    if (wF === 0) break;
    sumB += v * hist[v]!;
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      cut = v + 1;
    }
  }
  return Math.max(FACE.cutLow, Math.min(FACE.cutHigh, cut / FACE.cutSteps));
}
