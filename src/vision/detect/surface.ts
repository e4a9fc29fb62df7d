// The frame at working scale and what each pixel says about card paper: a white point from the
// brightest pixels, lightness relative to the local light level, chroma, and Canny edges.
import type { RgbaImage } from '../image.js';
import type { OpenCv } from '../opencv.js';
import type { GreyImage } from './refine.js';
import { SURFACE } from './snap-params.js';
import { pixelsOf } from '../rectify.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** The frame at working scale, with what each pixel says about card paper. */
export interface Surface {
  /** Working size and the factor from working to frame pixels. */
  readonly width: number;
  readonly height: number;
  readonly toFrame: number;
  /** RGBA at working scale. */
  readonly rgba: Uint8Array;
  /** Grey at working scale. */
  readonly grey: Uint8Array;
  /** Lightness against the local light level (paper about 1 wherever it lies). */
  readonly relative: Float32Array;
  /** Canny edges, made 4-connected so that they cut 8-connected regions. */
  readonly edges: Uint8Array;
  /** The whole frame in grey, for refining outlines. */
  readonly frameGrey: GreyImage;
  /** Grey at up to twice the working scale (the caller deletes it), and its factor to frame pixels. */
  readonly fineGrey: Mat;
  readonly fineToFrame: number;
  /** A first guess at the paper's colour under this light: the brightest near-neutral pixels. */
  readonly white: readonly [number, number, number];
}

/** How a surface's edges are found. */
export interface EdgeOptions {
  readonly cannyLow: number;
  readonly cannyHigh: number;
  /** Gaussian blur (sigma, working pixels) before Canny: SURFACE.blur by default. */
  readonly blur?: number;
  /** The least fall an outline's edge takes on the frame's grey (refineQuad's, REFINE.minFall by default). */
  readonly minFall?: number;
}

/** How a surface is built: its edge options and the working width (pixels). */
export interface SurfaceOptions extends EdgeOptions {
  readonly workWidth: number;
}

/**
 * Builds the working-scale surface. `source` is the frame as an RGBA Mat (kept by the caller), `whole`
 * its grey (greyOf).
 */
export function surfaceOf(cv: OpenCv, frame: RgbaImage, source: Mat, options: SurfaceOptions, whole: GreyImage): Surface {
  const toFrame = frame.width / options.workWidth;
  const width = Math.round(frame.width / toFrame);
  const height = Math.round(frame.height / toFrame);
  const small = new cv.Mat();
  const grey = new cv.Mat();
  const level = new cv.Mat();
  try {
    cv.resize(source, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
    cv.cvtColor(small, grey, cv.COLOR_RGBA2GRAY);
    const rgba = new Uint8Array(small.data);
    const n = width * height;
    const white = whitePoint(rgba, n);
    // The local light level: the brightest lightness within about a card, smoothed, at a smaller scale.
    const qw = Math.max(SURFACE.leastLevelSize, Math.round(width / SURFACE.levelScale));
    const qh = Math.max(SURFACE.leastLevelSize, Math.round(height / SURFACE.levelScale));
    const quarter = new cv.Mat();
    cv.resize(grey, quarter, new cv.Size(qw, qh), 0, 0, cv.INTER_AREA);
    const k = Math.max(SURFACE.leastWindow, Math.round(qw / SURFACE.levelWindow) | 1);
    const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(k, k));
    cv.dilate(quarter, quarter, kernel);
    kernel.delete();
    cv.blur(quarter, quarter, new cv.Size(k, k));
    cv.resize(quarter, level, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR);
    quarter.delete();
    const l8 = grey.data;
    const relative = new Float32Array(n);
    const lv = level.data;
    const darkest = SURFACE.darkest;
    for (let i = 0; i < n; i++) relative[i] = l8[i]! / Math.max(darkest, lv[i]!);
    const edges = cannyEdges(cv, grey, options);
    // The scan for cards looks at a finer scale (SURFACE.fineScale).
    const fine = Math.min(frame.width, width * SURFACE.fineScale);
    const fineH = Math.round((frame.height * fine) / frame.width);
    const frameGrey = falling(whole, options.minFall);
    const full = new cv.Mat(frame.height, frame.width, cv.CV_8UC1);
    full.data.set(frameGrey.data);
    // At full resolution the fine grey is the frame's grey itself.
    let fineGrey = full;
    if (fine !== frame.width) {
      fineGrey = new cv.Mat();
      cv.resize(full, fineGrey, new cv.Size(fine, fineH), 0, 0, cv.INTER_AREA);
      full.delete();
    }
    return { width, height, toFrame, rgba, grey: new Uint8Array(grey.data), relative, edges, frameGrey, fineGrey, fineToFrame: frame.width / fine, white };
  } finally {
    small.delete();
    grey.delete();
    level.delete();
  }
}

/** The grey of an RGBA Mat, by OpenCV. */
export function greyOf(cv: OpenCv, source: Mat): GreyImage {
  const grey = new cv.Mat();
  try {
    cv.cvtColor(source, grey, cv.COLOR_RGBA2GRAY);
    return { width: source.cols, height: source.rows, data: new Uint8Array(grey.data) };
  } finally {
    grey.delete();
  }
}

/**
 * The surface under other edge options: Canny runs again; all else is shared, the fine grey too
 * (deleted once, by the given surface's owner).
 */
export function withEdges(cv: OpenCv, s: Surface, options: EdgeOptions): Surface {
  const grey = new cv.Mat(s.height, s.width, cv.CV_8UC1);
  try {
    grey.data.set(s.grey);
    return { ...s, edges: cannyEdges(cv, grey, options), frameGrey: falling({ width: s.frameGrey.width, height: s.frameGrey.height, data: s.frameGrey.data }, options.minFall) };
  } finally {
    grey.delete();
  }
}

/**
 * The surface without its edges' long straight runs (a checked cloth's lines, which weld every outline
 * to the tiles'), each cut a few pixels short of its ends so that a card's side meeting it stays whole.
 */
export function withoutStraightRuns(cv: OpenCv, s: Surface): Surface {
  const edges = new cv.Mat(s.height, s.width, cv.CV_8UC1);
  const runs = new cv.Mat();
  const erased = cv.Mat.zeros(s.height, s.width, cv.CV_8UC1);
  try {
    edges.data.set(s.edges);
    cv.HoughLinesP(edges, runs, 1, Math.PI / 180, SURFACE.straightVotes, SURFACE.straightRun * s.width, SURFACE.straightGap);
    const ends = runs.data32S;
    for (let i = 0; i < runs.rows; i++) {
      const [x0, y0, x1, y1] = [ends[4 * i]!, ends[4 * i + 1]!, ends[4 * i + 2]!, ends[4 * i + 3]!];
      const length = Math.hypot(x1 - x0, y1 - y0);
      const [ux, uy] = [((x1 - x0) / length) * SURFACE.straightShort, ((y1 - y0) / length) * SURFACE.straightShort];
      cv.line(erased, new cv.Point(Math.round(x0 + ux), Math.round(y0 + uy)), new cv.Point(Math.round(x1 - ux), Math.round(y1 - uy)), new cv.Scalar(255), SURFACE.straightWidth);
    }
    const out = new Uint8Array(s.edges);
    const gone = erased.data;
    for (let i = 0; i < out.length; i++) if (gone[i]) out[i] = 0;
    pruneLooseEnds(out, s.width, s.height, SURFACE.stub);
    return { ...s, edges: out };
  } finally {
    edges.delete();
    runs.delete();
    erased.delete();
  }
}

/**
 * Takes loose ends off edge curves, a pixel a round for `rounds` rounds, so cut runs leave no spurs on
 * a card's outline; closed loops stay whole. A loose end has one run of neighbours, and few of them.
 */
function pruneLooseEnds(e: Uint8Array, width: number, height: number, rounds: number): void {
  const ring = [-width - 1, -width, -width + 1, 1, width + 1, width, width - 1, -1];
  let live: number[] = [];
  for (let y = 1; y < height - 1; y++) for (let x = 1; x < width - 1; x++) if (e[y * width + x]) live.push(y * width + x);
  for (let round = 0; round < rounds; round++) {
    const ends: number[] = [];
    const kept: number[] = [];
    for (const i of live) {
      let neighbours = 0;
      let starts = 0;
      for (let k = 0; k < 8; k++) {
        const on = e[i + ring[k]!] ? 1 : 0;
        neighbours += on;
        if (on && !e[i + ring[(k + 7) % 8]!]) starts++;
      }
      (starts <= 1 && neighbours <= SURFACE.looseNeighbours ? ends : kept).push(i);
    }
    if (ends.length === 0) return;
    for (const i of ends) e[i] = 0;
    live = kept;
  }
}

/** Canny edges of the working grey (blurred first), made 4-connected so that they cut 8-connected regions. */
function cannyEdges(cv: OpenCv, grey: Mat, options: EdgeOptions): Uint8Array {
  const blurred = new cv.Mat();
  const edges = new cv.Mat();
  try {
    cv.GaussianBlur(grey, blurred, new cv.Size(0, 0), options.blur ?? SURFACE.blur);
    cv.Canny(blurred, edges, options.cannyLow, options.cannyHigh, 3, true);
    const e = new Uint8Array(edges.data);
    fourConnect(e, grey.cols, grey.rows);
    return e;
  } finally {
    blurred.delete();
    edges.delete();
  }
}

/** The grey with the least fall its outlines' edges take, where one is given. */
function falling(g: GreyImage, minFall: number | undefined): GreyImage {
  return minFall ? { ...g, minFall } : g;
}

/**
 * Thin dark lines (a closing's excess over the grey: a card's grey border, the joint of touching
 * cards) in a part of the fine grey, at half its scale. The caller deletes the Mat; a pixel
 * (u, v) of it lies at (x0 + scale * u, y0 + scale * v) in the fine grey.
 */
export function dipsIn(cv: OpenCv, s: Surface, box: { x0: number; y0: number; x1: number; y1: number }): { mat: Mat; x0: number; y0: number; scale: number } | null {
  // A box reaching past the horizon maps to nothing finite: then all of the frame.
  const finite = [box.x0, box.y0, box.x1, box.y1].every(Number.isFinite);
  const x0 = finite ? Math.max(0, Math.floor(box.x0)) : 0;
  const y0 = finite ? Math.max(0, Math.floor(box.y0)) : 0;
  const x1 = finite ? Math.min(s.fineGrey.cols, Math.ceil(box.x1)) : s.fineGrey.cols;
  const y1 = finite ? Math.min(s.fineGrey.rows, Math.ceil(box.y1)) : s.fineGrey.rows;
  if (!(x1 - x0 >= SURFACE.leastDips && y1 - y0 >= SURFACE.leastDips)) return null;
  const part = s.fineGrey.roi(new cv.Rect(x0, y0, x1 - x0, y1 - y0));
  // Halved by taking the darkest of each 2 x 2 block, which keeps a one-pixel line dark.
  const half = new cv.Mat();
  const k2 = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2, 2));
  cv.erode(part, half, k2, new cv.Point(0, 0));
  k2.delete();
  part.delete();
  const small = new cv.Mat();
  cv.resize(half, small, new cv.Size(Math.floor((x1 - x0) / 2), Math.floor((y1 - y0) / 2)), 0, 0, cv.INTER_NEAREST);
  half.delete();
  const mat = new cv.Mat();
  const k3 = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(SURFACE.dipKernel, SURFACE.dipKernel));
  cv.morphologyEx(small, mat, cv.MORPH_BLACKHAT, k3);
  k3.delete();
  small.delete();
  return { mat, x0, y0, scale: 2 };
}

/** Chroma of every pixel against a white point: 0 for paper under that light. */
export function chromaOf(s: Surface, white: readonly [number, number, number]): Float32Array {
  const n = s.width * s.height;
  const chroma = new Float32Array(n);
  const px = pixelsOf({ width: s.width, height: s.height, data: s.rgba });
  const kr = 1 / white[0];
  const kg = 1 / white[1];
  const kb = 1 / white[2];
  const floor = SURFACE.chromaFloor;
  for (let i = 0; i < n; i++) {
    const p = px[i]!;
    const r = (p & 255) * kr;
    const g = ((p >>> 8) & 255) * kg;
    const b = ((p >>> 16) & 255) * kb;
    // Written out (not Math.max / Math.min): this runs for every pixel, more than once a frame.
    let hi = r > g ? r : g;
    let lo = r > g ? g : r;
    if (b > hi) hi = b;
    if (b < lo) lo = b;
    const l = (r + g + b) / 3;
    chroma[i] = (hi - lo) / (l > floor ? l : floor);
  }
  return chroma;
}

/** Mean colour of the brightest unclipped near-neutral pixels (SURFACE.whiteShare): the paper under this light, usually. */
function whitePoint(rgba: Uint8Array, n: number): [number, number, number] {
  // Counts and channel sums per brightness in one pass, in whole numbers so the sums are exact.
  const hist = new Uint32Array(766);
  const sums = new Float64Array(766 * 3);
  let total = 0;
  const clipped = SURFACE.clipped;
  for (let i = 0; i < n; i += SURFACE.whiteStride) {
    const r = rgba[i * 4]!;
    const g = rgba[i * 4 + 1]!;
    const b = rgba[i * 4 + 2]!;
    if (r >= clipped || g >= clipped || b >= clipped || !nearNeutral(r, g, b)) continue;
    const v = r + g + b;
    hist[v]!++;
    sums[v * 3]! += r;
    sums[v * 3 + 1]! += g;
    sums[v * 3 + 2]! += b;
    total++;
  }
  // The brightest SURFACE.whiteShare of the pixels, from the top down, and their mean.
  let wr = 0;
  let wg = 0;
  let wb = 0;
  let count = 0;
  for (let v = 765; v >= 0 && count <= total * SURFACE.whiteShare; v--) {
    wr += sums[v * 3]!;
    wg += sums[v * 3 + 1]!;
    wb += sums[v * 3 + 2]!;
    count += hist[v]!;
  }
  if (count === 0) return [SURFACE.noWhite, SURFACE.noWhite, SURFACE.noWhite];
  return [Math.max(SURFACE.leastWhite, wr / count), Math.max(SURFACE.leastWhite, wg / count), Math.max(SURFACE.leastWhite, wb / count)];
}

/** Paper under any plausible light: a tint, never a strong colour (a hand, a yellow card). */
export function nearNeutral(r: number, g: number, b: number): boolean {
  const max = Math.max(r, g, b);
  return max - Math.min(r, g, b) < SURFACE.neutral * max;
}

/** Adds a pixel at every diagonal step of an edge curve, so the curve separates 8-connected regions. */
function fourConnect(e: Uint8Array, width: number, height: number): void {
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!e[i]) continue;
      const below = i + width;
      if (x + 1 < width && e[below + 1] && !e[i + 1] && !e[below]) e[i + 1] = 254;
      if (x > 0 && e[below - 1] && !e[i - 1] && !e[below]) e[below] = 254;
    }
  }
}
