// Scans the whole table for cards once its plane is known: the frame is warped to a top-down mm view
// turned so the cards stand upright, each place is scored by the edge strength along a card's four
// sides (from prefix sums), and clear peaks are cards wherever the paper mask failed.
import type { OpenCv } from '../opencv.js';
import { applyHomography, hypot, invertHomography, multiplyHomography, type Homography, type Vec } from './geometry.js';
import type { CardSize } from './table.js';
import { allRows, warpLinear, type PixelRows } from '../rectify.js';
import { bytes, float32s, int32s } from '../scratch.js';
import { SCAN } from './snap-params.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** What the scan reads: the grey frame and its thin dark lines, the table plane, the box and the turns. */
export interface ScanInput {
  /** Grey frame at any scale, as a Mat. */
  readonly grey: Mat;
  /** Thin dark lines at the same scale, which vanish in a coarse view of the grey alone. */
  readonly dips?: Mat;
  /** The dips' top-left pixel in the grey (they may cover only part of it), and their scale. */
  readonly dipsAt?: readonly [number, number, number];
  /** Frame pixels per grey pixel. */
  readonly greyToFrame: number;
  /** Frame pixels -> table mm (cards upright in it, up to a few degrees). */
  readonly toTable: Homography;
  /** Table-mm box to search. */
  readonly box: TableBox;
  /**
   * The part of the box cards can lie in, where known (a calibrated view's table region): the view is
   * worked out over it alone, though placed as for the whole box, so its peaks are the whole box's.
   */
  readonly within?: TableBox;
  readonly size: CardSize;
  /** Turns (radians) of the cards about the table frame to try. */
  readonly angles: readonly number[];
}

/** A box on the table (mm). */
export interface TableBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The box round `points`, `margin` beyond them each way. */
export function boxAround(points: readonly Vec[], margin = 0): TableBox {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x0: Math.min(...xs) - margin, y0: Math.min(...ys) - margin, x1: Math.max(...xs) + margin, y1: Math.max(...ys) + margin };
}

/** A box's corners, clockwise from (x0, y0). */
export function boxCorners(box: TableBox): Vec[] {
  return [
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x1, box.y1],
    [box.x0, box.y1],
  ];
}

/** A card-sized peak of edge strength, as a quad on the frame. */
export interface ScanHit {
  /** Corners on the frame (pixels), clockwise from the card's top-left on the table. */
  readonly quad: Vec[];
  /** Mean edge strength of the three strongest sides. */
  readonly score: number;
  /** Edge strength of the weakest side. */
  readonly weakest: number;
  /** Outscored within a third of a card: worth a look only where the stronger peak gave a partly held card. */
  readonly minor: boolean;
}

/** The card-sized peaks over the box at each turn, best first and minor peaks last. */
export function scanTable(input: ScanInput): ScanHit[] {
  const hits: ScanHit[] = [];
  for (const angle of input.angles) hits.push(...scanAngle(input, angle));
  // A card's own peak comes before a weaker one straddling it and its neighbour.
  hits.sort(majorFirst);
  return hits;
}

/** Hits in order: major peaks first, then by score, best first. */
function majorFirst(a: ScanHit, b: ScanHit): number {
  return Number(a.minor) - Number(b.minor) || b.score - a.score;
}

/**
 * The turn to scan at: the lone cards' mean turn on the table, quarter turns aside. The plane's axes
 * follow one lone card, maybe askew of the rest, and a card turned off the scan's rectangle matches
 * only part of each side.
 */
export function scanAngles(quads: readonly (readonly Vec[])[], toTable: Homography): number[] {
  if (quads.length === 0) return [0];
  // Mean over quarter turns: angles times four on the circle.
  let sx = 0;
  let sy = 0;
  for (const q of quads) {
    const a = applyHomography(toTable, q[0]!);
    const b = applyHomography(toTable, q[1]!);
    const turn = 4 * Math.atan2(b[1] - a[1], b[0] - a[0]);
    sx += Math.cos(turn);
    sy += Math.sin(turn);
  }
  return [Math.atan2(sy, sx) / 4];
}

/** The view of the table box at `angle`: its size (px), grey -> view, view -> frame; null if too large or degenerate. */
function scanView(input: ScanInput, angle: number): { w: number; h: number; m: Homography; viewToFrame: Homography } | null {
  const { box } = input;
  // The view: table mm turned by -angle about the box centre, then offset and scaled to pixels.
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const half = hypot(box.x1 - box.x0, box.y1 - box.y0) / 2;
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  // Turned box extent (a square covering the box at any turn, clipped to a sane size).
  const extentX = Math.min(half, Math.abs((box.x1 - box.x0) / 2 * cos) + Math.abs((box.y1 - box.y0) / 2 * sin));
  const extentY = Math.min(half, Math.abs((box.x1 - box.x0) / 2 * sin) + Math.abs((box.y1 - box.y0) / 2 * cos));
  const w = Math.max(SCAN.leastView, Math.ceil((2 * extentX) / SCAN.mmPerPx));
  const h = Math.max(SCAN.leastView, Math.ceil((2 * extentY) / SCAN.mmPerPx));
  if (!Number.isFinite(w) || !Number.isFinite(h) || w * h > SCAN.mostView) return null;
  // view = S * R * T * toTable * greyToFrame
  const k = input.greyToFrame;
  const fromGrey: Homography = [k, 0, 0, 0, k, 0, 0, 0, 1];
  const t = input.toTable;
  const rotate: Homography = [cos, -sin, -cx * cos + cy * sin, sin, cos, -cx * sin - cy * cos, 0, 0, 1];
  const toView: Homography = [1 / SCAN.mmPerPx, 0, extentX / SCAN.mmPerPx, 0, 1 / SCAN.mmPerPx, extentY / SCAN.mmPerPx, 0, 0, 1];
  const m = multiplyHomography(toView, multiplyHomography(rotate, multiplyHomography(t, fromGrey)));
  const viewToFrame = invertHomography(multiplyHomography(toView, multiplyHomography(rotate, t)));
  if (!viewToFrame) return null;
  return input.within ? viewPart({ w, h, m, viewToFrame }, multiplyHomography(toView, rotate), input.within) : { w, h, m, viewToFrame };
}

/** The pixels of `view` that hold `within` (the table -> view map `fromTable`), as a view of their own. */
function viewPart(view: { w: number; h: number; m: Homography; viewToFrame: Homography }, fromTable: Homography, within: TableBox): typeof view {
  const seen = boxAround(boxCorners(within).map((p) => applyHomography(fromTable, p)));
  const x0 = Math.max(0, Math.floor(seen.x0));
  const y0 = Math.max(0, Math.floor(seen.y0));
  const x1 = Math.min(view.w, Math.ceil(seen.x1));
  const y1 = Math.min(view.h, Math.ceil(seen.y1));
  const m = multiplyHomography([1, 0, -x0, 0, 1, -y0, 0, 0, 1], view.m);
  const viewToFrame = multiplyHomography(view.viewToFrame, [1, 0, x0, 0, 1, y0, 0, 0, 1]);
  return { w: Math.max(0, x1 - x0), h: Math.max(0, y1 - y0), m, viewToFrame };
}

function scanAngle(input: ScanInput, angle: number): ScanHit[] {
  const { size } = input;
  const at = scanView(input, angle);
  if (!at) return [];
  const { w, h, m, viewToFrame } = at;
  const cw = Math.round(size.widthMm / SCAN.mmPerPx);
  const ch = Math.round(size.heightMm / SCAN.mmPerPx);
  // Each corner position scores the mean of its three strongest sides (one may be covered) and its weakest.
  const sw = w - cw;
  const sh = h - ch;
  if (sw <= 0 || sh <= 0) return [];
  // The warps (the view, where it lies inside the frame, the dips) in JS, as OpenCV would make them,
  // over the rows of the view the frame covers: the rest has no edges.
  const part = frameInView(m, input.grey.cols, input.grey.rows, w, h);
  const view = bytes('scan.view', w * h);
  const ok = bytes('scan.ok', w * h);
  warpLinear(input.grey.data, input.grey.cols, input.grey.rows, m, view, w, h, 1, 'replicate', ok, part);
  let dip: Uint8Array | null = null;
  if (input.dips) {
    const [ox, oy, k] = input.dipsAt ?? [0, 0, 1];
    dip = bytes('scan.dip', w * h);
    warpLinear(input.dips.data, input.dips.cols, input.dips.rows, multiplyHomography(m, [k, 0, ox, 0, k, oy, 0, 0, 1]), dip, w, h, 1, 0, undefined, part);
  }
  const { ex, ey } = edgeStrengths(view, dip, ok, w, h, part);
  const { colSum, rowSum } = sideSums(ex, ey, w, h);
  const places = placesReaching(part, h, sw, sh, cw, ch);
  const { score, weakest } = cornerScores(colSum, rowSum, ok, w, places, cw, ch);
  return scorePeaks(score, weakest, sw, places, cw, ch, viewToFrame);
}

/**
 * Each view pixel's edge strength for vertical sides (`ex`: |d/dx|, rows w + 2 wide) and for
 * horizontal ones (`ey`: |d/dy|, a row of padding above and below), dips added, 0 outside the frame
 * (worked out over `part`, which holds it). The derivatives are OpenCV's 3 x 3 Sobel with its
 * default border (reflected, the edge pixel once).
 */
function edgeStrengths(view: Uint8Array, dip: Uint8Array | null, ok: Uint8Array, w: number, h: number, part: PixelRows): { ex: Int32Array; ey: Int32Array } {
  // In whole numbers (a strength is at most 2,040 and a view at most SCAN.mostView px, so sums fit in
  // 32 bits): maxima without branches, exact sums. Padded with 0s, which change no maximum.
  const n = w * h;
  const xw = w + 2;
  const ex = int32s('scan.ex', xw * h).fill(0);
  const ey = int32s('scan.ey', n + 2 * w).fill(0);
  for (let y = part.y0; y < part.y1; y++) {
    const e = y * xw + 1;
    const row = y * w;
    const up = (y > 0 ? y - 1 : 1) * w;
    const down = (y < h - 1 ? y + 1 : h - 2) * w;
    for (let x = part.x0[y]!, end = part.x1[y]!; x < end; x++) {
      const i = row + x;
      const l = x > 0 ? x - 1 : 1;
      const r = x < w - 1 ? x + 1 : w - 2;
      const gx = view[up + r]! + 2 * view[row + r]! + view[down + r]! - view[up + l]! - 2 * view[row + l]! - view[down + l]!;
      const gy = view[down + l]! + 2 * view[down + x]! + view[down + r]! - view[up + l]! - 2 * view[up + x]! - view[up + r]!;
      // Every bit set inside the frame (ok 255), none outside (0).
      const inside = -(ok[i]! >> 7);
      const d = dip ? SCAN.dipGain * dip[i]! : 0;
      // |g| as (g ^ sign) - sign, sign all ones below 0.
      const signX = gx >> 31;
      const signY = gy >> 31;
      ex[e + x] = ((gx ^ signX) - signX + d) & inside;
      ey[i + w] = ((gy ^ signY) - signY + d) & inside;
    }
  }
  return { ex, ey };
}

/**
 * Prefix sums (rows w + 1 wide, a row and a column of 0 first) of the edge strengths, each spread a
 * pixel across its side: down each column for vertical sides, along each row for horizontal ones.
 */
function sideSums(ex: Int32Array, ey: Int32Array, w: number, h: number): { colSum: Int32Array; rowSum: Int32Array } {
  const xw = w + 2;
  const W = w + 1;
  const colSum = int32s('scan.colSum', W * (h + 1));
  const rowSum = int32s('scan.rowSum', W * (h + 1));
  // The sums start from nothing: the first row of column sums, the first column of row sums.
  colSum.fill(0, 0, W);
  for (let y = 0; y < h; y++) {
    const e = y * xw + 1;
    const k = (y + 1) * w;
    const above = y * W;
    const below = above + W;
    let run = 0;
    rowSum[above] = 0;
    for (let x = 0; x < w; x++) {
      const sx = max3(ex[e + x - 1]!, ex[e + x]!, ex[e + x + 1]!);
      const sy = max3(ey[k + x - w]!, ey[k + x]!, ey[k + x + w]!);
      colSum[below + x] = colSum[above + x]! + sx;
      run += sy;
      rowSum[above + x + 1] = run;
    }
  }
  return { colSum, rowSum };
}

/**
 * The top-left corner positions (rows `sw` wide, `sh` of them) whose cw x ch card reaches a pixel of
 * `part` with its sides' edge strengths (a pixel beyond each side): in row y, columns x0[y] to x1[y].
 * Elsewhere every side sums to 0.
 */
function placesReaching(part: PixelRows, h: number, sw: number, sh: number, cw: number, ch: number): PixelRows {
  const x0 = new Int32Array(sh);
  const x1 = new Int32Array(sh);
  for (let y = 0; y < sh; y++) {
    let least = Infinity;
    let most = -Infinity;
    for (let r = Math.max(part.y0, y - 1); r <= Math.min(part.y1 - 1, h - 1, y + ch + 1); r++) {
      if (part.x1[r]! <= part.x0[r]!) continue;
      least = Math.min(least, part.x0[r]!);
      most = Math.max(most, part.x1[r]!);
    }
    if (least > most) continue;
    x0[y] = Math.max(0, Math.min(sw, least - cw - 1));
    x1[y] = Math.max(x0[y]!, Math.min(sw, most + 1));
  }
  return { y0: 0, y1: sh, x0, x1 };
}

/**
 * Each top-left corner position's score (a cw x ch card there: the mean of its three strongest
 * sides) and its weakest side, worked out at `places` (rows w - cw wide), 0 elsewhere. A side's
 * strength is at most its mean, so where the sides' means alone cannot reach SCAN.leastScore (most
 * of an open table) the score is left 0 unworked: no peak lies there, and no peak's neighbour
 * outscores it.
 */
function cornerScores(colSum: Int32Array, rowSum: Int32Array, ok: Uint8Array, w: number, places: PixelRows, cw: number, ch: number): { score: Float32Array; weakest: Float32Array } {
  const W = w + 1;
  const sw = w - cw;
  const sh = places.y1;
  const across = new SideThirds(rowSum, 1, cw, 1, ok);
  const down = new SideThirds(colSum, W, ch, w, ok);
  const score = float32s('scan.score', sw * sh);
  const weakest = float32s('scan.weakest', sw * sh);
  const perW = across.perAll;
  const perH = down.perAll;
  const belowDown = ch * W;
  // A hair under the least score, so that no score the float32 rounding lifts to it is skipped.
  const bar = 3 * SCAN.leastScore - 1e-3;
  for (let y = 0; y < sh; y++) {
    const from = places.x0[y]!;
    const to = places.x1[y]!;
    score.fill(0, y * sw, y * sw + from);
    score.fill(0, y * sw + to, (y + 1) * sw);
    for (let x = from; x < to; x++) {
      const at = y * W + x;
      const mTop = (rowSum[at + cw]! - rowSum[at]!) * perW;
      const mBottom = (rowSum[at + belowDown + cw]! - rowSum[at + belowDown]!) * perW;
      const mLeft = (colSum[at + belowDown]! - colSum[at]!) * perH;
      const mRight = (colSum[at + belowDown + cw]! - colSum[at + cw]!) * perH;
      let least = mTop < mBottom ? mTop : mBottom;
      if (mLeft < least) least = mLeft;
      if (mRight < least) least = mRight;
      if (mTop + mBottom + mLeft + mRight - least < bar) {
        score[y * sw + x] = 0;
        continue;
      }
      // As stored in float32 when each side was worked out once for all positions.
      const top = Math.fround(across.strength(at, y * w + x));
      const bottom = Math.fround(across.strength(at + belowDown, (y + ch) * w + x));
      const left = Math.fround(down.strength(at, y * w + x));
      const right = Math.fround(down.strength(at + cw, y * w + x + cw));
      let min = top < bottom ? top : bottom;
      if (left < min) min = left;
      if (right < min) min = right;
      score[y * sw + x] = (top + bottom + left + right - min) / 3;
      weakest[y * sw + x] = min;
    }
  }
  return { score, weakest };
}

/**
 * The view pixels (`w` x `h`) the frame (`cols` x `rows` grey pixels, grey -> view `m`) covers, row by
 * row, FRAME_MARGIN pixels round: all of the view where the frame runs past the plane's horizon.
 */
function frameInView(m: Homography, cols: number, rows: number, w: number, h: number): PixelRows {
  const corners: Vec[] = [[-1, -1], [cols, -1], [cols, rows], [-1, rows]];
  const z = corners.map(([x, y]) => m[6]! * x + m[7]! * y + m[8]!);
  if (!(z.every((v) => v > 0) || z.every((v) => v < 0))) return allRows(w, h);
  // The frame's outline in the view is convex: in each band of rows its columns run from the least
  // to the greatest x of its corners in the band and of its sides' crossings of the band's ends.
  const outline = corners.map((p) => applyHomography(m, p));
  const x0 = new Int32Array(h);
  const x1 = new Int32Array(h);
  let y0 = h;
  let y1 = 0;
  for (let y = 0; y < h; y++) {
    const top = y - FRAME_MARGIN;
    const bottom = y + FRAME_MARGIN;
    const xs: number[] = [];
    for (let k = 0; k < 4; k++) {
      const a = outline[k]!;
      const b = outline[(k + 1) % 4]!;
      if (a[1] >= top && a[1] <= bottom) xs.push(a[0]);
      for (const end of [top, bottom]) {
        if ((a[1] - end) * (b[1] - end) < 0) xs.push(a[0] + ((end - a[1]) * (b[0] - a[0])) / (b[1] - a[1]));
      }
    }
    if (xs.length === 0) continue;
    const least = Math.min(...xs);
    const most = Math.max(...xs);
    x0[y] = Math.max(0, Math.min(w, Math.floor(least) - FRAME_MARGIN));
    x1[y] = Math.max(x0[y]!, Math.min(w, Math.ceil(most) + FRAME_MARGIN));
    y0 = Math.min(y0, y);
    y1 = y + 1;
  }
  return { y0: Math.min(y0, y1), y1, x0, x1 };
}

/** Pixels round the frame's outline in the view worked out too: more than a 3 x 3 Sobel reaches. */
const FRAME_MARGIN = 3;

/** The score's peaks at `places` (corner positions in rows `sw` wide) as hits on the frame (cards cw x ch, view -> frame). */
function scorePeaks(score: Float32Array, weakest: Float32Array, sw: number, places: PixelRows, cw: number, ch: number, viewToFrame: Homography): ScanHit[] {
  const sh = places.y1;
  // Peaks: the best within a third of a card either way (the window cut at the edges); those best
  // only within a quarter are minor (see ScanHit.minor). Only cells strong enough are looked at.
  const rx = Math.round(cw / SCAN.peak);
  const ry = Math.round(ch / SCAN.peak);
  const px = Math.round(cw / SCAN.minorPeak);
  const py = Math.round(ch / SCAN.minorPeak);
  const out: ScanHit[] = [];
  for (let y = 0; y < sh; y++) {
    for (let x = places.x0[y]!, end = places.x1[y]!; x < end; x++) {
      const v = score[y * sw + x]!;
      if (v < SCAN.leastScore || !peakAt(score, sw, sh, x, y, px, py)) continue;
      const minor = !peakAt(score, sw, sh, x, y, rx, ry);
      const corners: Vec[] = [
        [x, y],
        [x + cw, y],
        [x + cw, y + ch],
        [x, y + ch],
      ].map((p) => applyHomography(viewToFrame, p as unknown as Vec));
      out.push({ quad: corners, score: v, weakest: weakest[y * sw + x]!, minor });
    }
  }
  return out;
}

/**
 * A side's strength from the prefix sums `sum` (rows a column wider than the view; `stride` apart
 * along the side, `len` long, view pixels `step` apart): half the mean and half the weakest third
 * in the frame, as a face's big shapes line up along only part of a line and outscore a faint true side.
 * A class, not a closure made for every scan (docs/vision.md).
 */
class SideThirds {
  /** Means as products with reciprocals: divisions were slow here. */
  readonly perAll: number;
  private readonly perA: number;
  private readonly perB: number;
  private readonly perC: number;
  private readonly end: number;
  private readonly aAt: number;
  private readonly bAt: number;
  private readonly aOk: number;
  private readonly bOk: number;
  private readonly cOk: number;

  constructor(
    private readonly sum: Int32Array,
    stride: number,
    len: number,
    step: number,
    private readonly ok: Uint8Array,
  ) {
    const a = Math.round(len / 3);
    const b = Math.round((2 * len) / 3);
    this.end = len * stride;
    this.aAt = a * stride;
    this.bAt = b * stride;
    this.aOk = (a >> 1) * step;
    this.bOk = ((a + b) >> 1) * step;
    this.cOk = ((b + len) >> 1) * step;
    this.perAll = 1 / len;
    this.perA = 1 / a;
    this.perB = 1 / (b - a);
    this.perC = 1 / (len - b);
  }

  strength(at: number, pixel: number): number {
    const { sum, ok } = this;
    const first = sum[at]!;
    const all = sum[at + this.end]! - first;
    const mean = all * this.perAll;
    const s0 = sum[at + this.aAt]! - first;
    const s1 = sum[at + this.bAt]! - sum[at + this.aAt]!;
    const m0 = s0 * this.perA;
    const m1 = s1 * this.perB;
    const m2 = (all - s0 - s1) * this.perC;
    // Never above the mean, which counts thirds out of the frame as 0: running off the frame gains nothing.
    let least = mean;
    if (ok[pixel + this.aOk] && m0 < least) least = m0;
    if (ok[pixel + this.bOk] && m1 < least) least = m1;
    if (ok[pixel + this.cOk] && m2 < least) least = m2;
    return 0.5 * (mean + least);
  }
}

/** The greatest of three whole numbers, without a branch (edge strengths change too often to predict). */
function max3(a: number, b: number, c: number): number {
  const ab = a - ((a - b) & ((a - b) >> 31));
  return ab - ((ab - c) & ((ab - c) >> 31));
}

/** Whether no cell within rx columns and ry rows of (x, y) (the window cut at the edges) scores more. */
function peakAt(score: Float32Array, w: number, h: number, x: number, y: number, rx: number, ry: number): boolean {
  const v = score[y * w + x]!;
  // The four neighbours first, then ever wider boxes: the score is smooth but rough in the small,
  // and a cell off a peak mostly has a stronger one close by.
  if ((x > 0 && score[y * w + x - 1]! > v) || (x + 1 < w && score[y * w + x + 1]! > v)) return false;
  if ((y > 0 && score[(y - 1) * w + x]! > v) || (y + 1 < h && score[(y + 1) * w + x]! > v)) return false;
  for (let r = 2; ; r *= 2) {
    const dx = r < rx ? r : rx;
    const dy = r < ry ? r : ry;
    const x0 = x > dx ? x - dx : 0;
    const x1 = x + dx < w ? x + dx : w - 1;
    const y0 = y > dy ? y - dy : 0;
    const y1 = y + dy < h ? y + dy : h - 1;
    for (let yy = y0; yy <= y1; yy++) {
      const row = yy * w;
      for (let xx = x0; xx <= x1; xx++) if (score[row + xx]! > v) return false;
    }
    if (dx === rx && dy === ry) return true;
  }
}
