// Completes a card seen only in part: from each clear corner, the card-sized rectangle on the table
// plane along its two sides, the one the frame's edges bear out best winning; this keeps the card's
// own angle. Also a pile's top card, covered sides, Stacks yellow and the look of open table.
import type { RgbaImage } from '../image.js';
import { applyHomography, ascending, centroid, dist, lineDistance, quadPoint, sub, unit, type Homography, type Vec } from './geometry.js';
import { quadOfLines, refineQuad, type GreyImage, type RefinedQuad } from './refine.js';
import type { CardSize } from './table.js';
import { COMPLETE, TABLE_LOOK, YELLOW } from './snap-params.js';
import { CARDS } from './params.js';
import { cached } from '../scratch.js';
import { pixelsOf } from '../rectify.js';

/** A card completed on the table plane, and how well the frame's edges bear it out. */
export interface Completion {
  readonly refined: RefinedQuad;
  /** Summed support of the four sides (0..4). */
  readonly score: number;
}

/**
 * The best card rectangle on one of `refined`'s trusted corners, refined against the frame; null if
 * none. `toTable`: frame px to table mm, `toFrame` back. With `look`, open table on its face costs.
 */
export function completeOnPlane(frame: RgbaImage, grey: GreyImage, refined: RefinedQuad, toTable: Homography, toFrame: Homography, size: CardSize, look: TableLook | null = null): Completion | null {
  const q = refined.quad;
  const t = q.map((p) => applyHomography(toTable, p));
  let best: Completion | null = null;
  for (let k = 0; k < 4; k++) {
    const prev = (k + 3) % 4;
    if (refined.support[k]! < COMPLETE.trusted || refined.support[prev]! < COMPLETE.trusted) continue;
    const [cx, cy] = q[k]!;
    // A corner out of the frame was never seen.
    if (cx < 0 || cy < 0 || cx > grey.width - 1 || cy > grey.height - 1) continue;
    const c = t[k]!;
    const u = unit(sub(t[(k + 1) % 4]!, c));
    const w = unit(sub(t[prev]!, c));
    // Square the two directions: average u with w turned back by a right angle.
    const s = u[0] * w[1] - u[1] * w[0] >= 0 ? 1 : -1;
    const wBack: Vec = [s * w[1], -s * w[0]];
    const along = unit([u[0] + wBack[0], u[1] + wBack[1]]);
    const across: Vec = [-s * along[1], s * along[0]];
    if (!Number.isFinite(along[0]) || dist(u, wBack) > COMPLETE.square) continue;
    for (const [lu, lw] of [
      [size.widthMm, size.heightMm],
      [size.heightMm, size.widthMm],
    ] as const) {
      const rect: Vec[] = [c, [c[0] + lu * along[0], c[1] + lu * along[1]], [c[0] + lu * along[0] + lw * across[0], c[1] + lu * along[1] + lw * across[1]], [c[0] + lw * across[0], c[1] + lw * across[1]]];
      const quad: Vec[] = [0, 1, 2, 3].map((i) => applyHomography(toFrame, rect[(i - k + 4) % 4]!));
      if (!quad.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))) continue;
      const fit = refineQuad(grey, quad, { reach: COMPLETE.reach });
      const score = fit.support.reduce((a, b) => a + b, 0) - tableInside(frame, fit) - (look ? COMPLETE.onTableCost * tableShare(frame, fit.quad, look) : 0);
      if (!best || score > best.score) best = { refined: fit, score };
    }
  }
  return best;
}

/**
 * How many unseen sides have bare table just inside them: a card's hidden part is never on open
 * table. Bare: within COMPLETE.bare of the colour just outside a seen side.
 */
function tableInside(frame: RgbaImage, fit: RefinedQuad): number {
  const q = fit.quad;
  const short = Math.min(dist(q[0], q[1]), dist(q[1], q[2]));
  const strip = (side: number, offset: number): number[] | null => stripColour(frame, q, side, offset);
  // Each seen side's outside, apart: one of them may be the cover's own edge.
  const outside: number[][] = [];
  for (let s = 0; s < 4; s++) {
    if (fit.support[s]! < COMPLETE.trusted) continue;
    const m = strip(s, COMPLETE.strip * short);
    if (m) outside.push(m);
  }
  let bare = 0;
  for (let s = 0; s < 4; s++) {
    if (fit.support[s]! >= COMPLETE.trusted) continue;
    const m = strip(s, -COMPLETE.strip * short);
    if (m && outside.some((o) => Math.hypot(m[0]! - o[0]!, m[1]! - o[1]!, m[2]! - o[2]!) < COMPLETE.bare)) bare++;
  }
  return bare;
}

/**
 * A pile's top card (Sequence Stacks): lower cards peek out, so a side's strongest edge may be
 * theirs; the top card's is the innermost clear line. Null when no side moves inwards.
 */
export function topOfPile(grey: GreyImage, quad: readonly Vec[]): RefinedQuad | null {
  const fit = refineQuad(grey, quad, { reach: COMPLETE.pileReach, alternatives: true });
  const c = centroid(fit.quad);
  let moved = false;
  const lines = [...fit.lines];
  const support = [...fit.support] as RefinedQuad['support'];
  for (let s = 0; s < 4; s++) {
    const base = fit.lines[s]!;
    // Distance towards the centre from the side's line (the centre's side counts positive).
    const sign = lineDistance(base, c) >= 0 ? 1 : -1;
    let inner = 0;
    for (const o of fit.others?.[s] ?? []) {
      if (o.support < COMPLETE.pileSupport) continue;
      const inward = sign * lineDistance(base, o.line.p);
      const angle = Math.abs(base.d[0] * o.line.d[1] - base.d[1] * o.line.d[0]);
      if (inward > inner + COMPLETE.pileInward && angle < COMPLETE.pileParallel) {
        inner = inward;
        lines[s] = o.line;
        support[s] = o.support;
        moved = true;
      }
    }
  }
  const out = quadOfLines(lines, fit.quad);
  // The wider search alone may already have found the top card's sides.
  if (!moved && out.every((p, i) => dist(p, quad[i]!) < COMPLETE.pileMoved)) return null;
  return { quad: out, support, contrast: fit.contrast, lines };
}

/** Distance in RGB from `p` to the segment between colours `a` and `b`. */
function distanceToSegment(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  // Written out, as this runs for every strip sample; the sums start from 0 as reduce's did.
  const ab0 = b[0]! - a[0]!;
  const ab1 = b[1]! - a[1]!;
  const ab2 = b[2]! - a[2]!;
  const ap0 = p[0]! - a[0]!;
  const ap1 = p[1]! - a[1]!;
  const ap2 = p[2]! - a[2]!;
  const len2 = 0 + ab0 * ab0 + ab1 * ab1 + ab2 * ab2 || 1;
  const t = Math.min(1, Math.max(0, (0 + ab0 * ap0 + ab1 * ap1 + ab2 * ap2) / len2));
  return Math.hypot(ap0 - t * ab0, ap1 - t * ab1, ap2 - t * ab2);
}

/** Colours along a side of `q`, `offset` px outside it (inside if negative); null if few lie in the frame. */
function stripSamples(frame: RgbaImage, q: readonly Vec[], side: number, offset: number): number[][] | null {
  const c = centroid(q);
  const a = q[side]!;
  const b = q[(side + 1) % 4]!;
  const samples: number[][] = [];
  for (let i = 0; i < COMPLETE.stripSamples; i++) {
    const t = COMPLETE.stripFrom + (COMPLETE.stripSpan * i) / (COMPLETE.stripSamples - 1);
    const px = a[0] + (b[0] - a[0]) * t;
    const py = a[1] + (b[1] - a[1]) * t;
    const d = dist([px, py], c) || 1;
    const x = Math.round(px + ((px - c[0]) / d) * offset);
    const y = Math.round(py + ((py - c[1]) / d) * offset);
    if (x < 0 || y < 0 || x >= frame.width || y >= frame.height) continue;
    const j = (y * frame.width + x) * 4;
    samples.push([frame.data[j]!, frame.data[j + 1]!, frame.data[j + 2]!]);
  }
  return samples.length >= COMPLETE.stripInFrame ? samples : null;
}

/** The mean colour along a side of `q`, `offset` pixels outside it (inside for a negative offset), or null. */
export function stripColour(frame: RgbaImage, q: readonly Vec[], side: number, offset: number): number[] | null {
  const samples = stripSamples(frame, q, side, offset);
  return samples ? [0, 1, 2].map((k) => samples.reduce((t, p) => t + p[k]!, 0) / samples.length) : null;
}

/** Each side's stripColour at `offset` (a loop: this runs for every candidate). */
function sideStrips(frame: RgbaImage, q: readonly Vec[], offset: number): (number[] | null)[] {
  const out: (number[] | null)[] = [];
  for (let s = 0; s < 4; s++) out.push(stripColour(frame, q, s, offset));
  return out;
}

/**
 * The side a cover (a deck, a phone, a hand) lies against, or null: what lies just outside it is
 * unlike the other sides' outsides, the paper and `table` (a layout's edge card has table on one
 * side only). A cover over a card's end cuts its outline to what looks like a whole card.
 */
export function coveredSide(frame: RgbaImage, q: readonly Vec[], table: readonly number[] | null = null): number | null {
  const short = Math.min(dist(q[0]!, q[1]!), dist(q[1]!, q[2]!));
  const outside = sideStrips(frame, q, COMPLETE.strip * short);
  const inside = sideStrips(frame, q, -COMPLETE.strip * short).filter((m): m is number[] => m !== null);
  const far = (a: readonly number[], b: readonly number[]): boolean => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) > COMPLETE.coverFar;
  // Along a cover nearly every sample is unlike any blend of paper and table (a neighbour, a shadow).
  const paper = inside.reduce((best, m) => (m[0]! + m[1]! + m[2]! > best[0]! + best[1]! + best[2]! ? m : best), [0, 0, 0]);
  const unexplained = (p: readonly number[]): boolean => (table === null ? far(p, paper) : distanceToSegment(p, table, paper) > COMPLETE.coverBlend);
  const coverAlong = (s: number): boolean => {
    const samples = stripSamples(frame, q, s, COMPLETE.strip * short) ?? [];
    return samples.filter(unexplained).length >= COMPLETE.coverAlong * samples.length;
  };
  const side = outside.findIndex((m, s) => m !== null && outside.every((o, k) => k === s || o === null || far(m, o)) && outside.some((o, k) => k !== s && o !== null) && inside.every((p) => far(m, p)) && coverAlong(s));
  return side >= 0 ? side : null;
}

/**
 * The card with side `side` run on under its cover to a card's full length on the table, the other
 * three sides kept. Null when neither end is short of a card, or one is far off.
 */
export function extendUnderCover(q: readonly Vec[], side: number, toTable: Homography, toFrame: Homography, size: CardSize): Vec[] | null {
  const t = q.map((p) => applyHomography(toTable, p));
  const a = side;
  const b = (side + 1) % 4;
  const length = dist(t[a]!, t[b]!);
  const across = Math.abs(length - size.widthMm) < Math.abs(length - size.heightMm) ? size.heightMm : size.widthMm;
  // Each corner runs on along its own side from the far corner: a cover's edge may cut the card askew.
  const da = dist(t[(side + 3) % 4]!, t[a]!);
  const db = dist(t[(side + 2) % 4]!, t[b]!);
  const fits = (d: number): boolean => d >= COMPLETE.runOnLeast * across && d <= COMPLETE.runOnMost * across;
  if (!fits(da) || !fits(db) || Math.min(da, db) > COMPLETE.runOnShort * across) return null;
  const runOn = (k: number, from: number, d: number): Vec => {
    const f = across / d;
    return [t[from]![0] + (t[k]![0] - t[from]![0]) * f, t[from]![1] + (t[k]![1] - t[from]![1]) * f];
  };
  const ta = runOn(a, (side + 3) % 4, da);
  const tb = runOn(b, (side + 2) % 4, db);
  const out: Vec[] = [...t];
  out[a] = ta;
  out[b] = tb;
  return out.map((p) => applyHomography(toFrame, p));
}

/**
 * Whether a pixel is a Stacks special's yellow: blue below red and green by a gap (shaded skin has
 * little of all three) and by a share (cream paper under warm light keeps some blue).
 */
export function isYellow(r: number, g: number, b: number): boolean {
  const light = Math.min(r, g);
  return light - b > YELLOW.gap && b < YELLOW.blue * light;
}

// Each frame's yellowness, made once: every look at a frame and the reader's second looks snap on it.
const yellowOf = new WeakMap<RgbaImage, GreyImage>();

/**
 * How yellow each pixel is, as a grey image to snap a Stacks special's sides on: on a light table
 * the yellow card is darker, which the edge search misses, but its yellowness stands out.
 */
export function yellowness(frame: RgbaImage): GreyImage {
  return cached(yellowOf, frame, () => yellownessOf(frame));
}

function yellownessOf(frame: RgbaImage): GreyImage {
  const n = frame.width * frame.height;
  const data = new Uint8Array(n);
  const px = pixelsOf(frame);
  for (let i = 0; i < n; i++) {
    const p = px[i]!;
    const v = (p & 255) + ((p >>> 8) & 255) - 2 * ((p >>> 16) & 255);
    data[i] = v <= 0 ? 0 : v >= 255 ? 255 : v;
  }
  return { width: frame.width, height: frame.height, data };
}

/** Colours of open table in a frame, and the card faces' colours not to take for table. */
export interface TableLook {
  readonly samples: readonly (readonly number[])[];
  /** The card faces' colours: the lone cards' paper, and any face colour the caller knows. */
  readonly paper: readonly (readonly number[])[];
}

/** The mean colour of the 3 x 3 pixels about a point; null within a pixel of the image's edge. */
export function patchMean(frame: RgbaImage, x: number, y: number): number[] | null {
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx < 1 || cy < 1 || cx >= frame.width - 1 || cy >= frame.height - 1) return null;
  // Sums written out: this runs for every cell of every hypothesis.
  const d = frame.data;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const j = ((cy + dy) * frame.width + cx + dx) * 4;
      r += d[j]!;
      g += d[j + 1]!;
      b += d[j + 2]!;
    }
  }
  return [r / 9, g / 9, b / 9];
}

/** Whether two colours lie within `d` RGB levels (squared, no root: this runs a great many times). */
const near = (a: readonly number[], b: readonly number[], d: number): boolean => {
  const r = a[0]! - b[0]!;
  const g = a[1]! - b[1]!;
  const bl = a[2]! - b[2]!;
  return r * r + g * g + bl * bl < d * d;
};

/** Whether a colour lies within `d` of any of `colours` (a plain loop: this runs for every cell). */
function nearAny(a: readonly number[], colours: readonly (readonly number[])[], d: number): boolean {
  for (let i = 0; i < colours.length; i++) if (near(a, colours[i]!, d)) return true;
  return false;
}

/**
 * What open table looks like round the lone cards `quads`, or null where too little shows.
 * `faces`: face colours the lone cards may not show, which must not pass for a light table.
 */
export function tableLook(frame: RgbaImage, quads: readonly (readonly Vec[])[], faces: readonly (readonly number[])[] = []): TableLook | null {
  const outside: number[][] = [];
  const inside: number[][] = [];
  for (const q of quads) {
    const c = centroid(q);
    const short = Math.min(dist(q[0]!, q[1]!), dist(q[1]!, q[2]!));
    for (let s = 0; s < 4; s++) {
      const a = q[s]!;
      const b = q[(s + 1) % 4]!;
      for (let i = 0; i < TABLE_LOOK.samples; i++) {
        const t = TABLE_LOOK.sideFrom + (TABLE_LOOK.sideSpan * i) / (TABLE_LOOK.samples - 1);
        const px = a[0] + (b[0] - a[0]) * t;
        const py = a[1] + (b[1] - a[1]) * t;
        const d = dist([px, py], c) || 1;
        const o = patchMean(frame, px + ((px - c[0]) / d) * TABLE_LOOK.outside * short, py + ((py - c[1]) / d) * TABLE_LOOK.outside * short);
        const n = patchMean(frame, px - ((px - c[0]) / d) * TABLE_LOOK.inside * short, py - ((py - c[1]) / d) * TABLE_LOOK.inside * short);
        if (o) outside.push(o);
        if (n) inside.push(n);
      }
    }
  }
  if (inside.length < TABLE_LOOK.leastPaper) return null;
  const median = (k: number): number => inside.map((v) => v[k]!).sort(ascending)[inside.length >> 1]!;
  const paper = [[median(0), median(1), median(2)], ...faces];
  const every = Math.max(1, Math.floor(outside.length / TABLE_LOOK.compared));
  const off = outside.filter((o, i) => i % every === 0 && !nearAny(o, paper, TABLE_LOOK.paperNear));
  // The table lies round most cards; a cover against a few of them must not pass for it.
  // Each pair compared once, with no arrays: up to TABLE_LOOK.compared squared comparisons.
  const alike = new Array<number>(off.length).fill(1);
  for (let i = 0; i < off.length; i++) {
    for (let j = i + 1; j < off.length; j++) {
      if (near(off[i]!, off[j]!, TABLE_LOOK.tableNear)) {
        alike[i]!++;
        alike[j]!++;
      }
    }
  }
  const samples = off.filter((_, i) => alike[i]! >= TABLE_LOOK.most * off.length);
  if (samples.length < TABLE_LOOK.leastTable || samples.length < (TABLE_LOOK.tableShare * outside.length) / every) return null;
  const step = Math.max(1, Math.floor(samples.length / TABLE_LOOK.kept));
  const look = { samples: samples.filter((_, i) => i % step === 0), paper };
  // Trusted only where it tells the lone cards themselves from the table.
  const some = Math.max(1, Math.floor(quads.length / TABLE_LOOK.checked));
  const own = quads.filter((_, i) => i % some === 0).map((q) => tableShare(frame, q, look)).sort(ascending);
  return own[Math.floor(own.length * TABLE_LOOK.quantile)]! <= TABLE_LOOK.ownTable ? look : null;
}

/**
 * The share of a card hypothesis's face that looks like open table: a hidden part is never on bare
 * table, so a completion run the wrong way shows here. Cells `leaveOut` holds are not counted.
 */
export function tableShare(frame: RgbaImage, quad: readonly Vec[], look: TableLook, leaveOut?: (p: Vec) => boolean): number {
  return tableShares(frame, quad, look, leaveOut)[leaveOut ? 1 : 0];
}

/** tableShare over every cell, and over the cells `leaveOut` does not hold. */
export function tableShares(frame: RgbaImage, quad: readonly Vec[], look: TableLook, leaveOut?: (p: Vec) => boolean): [number, number] {
  const cells = tableCells(frame, quad, look);
  let on = 0;
  let onKept = 0;
  let kept = 0;
  for (let j = 0; j < TABLE_LOOK.cellsDown; j++) {
    for (let i = 0; i < TABLE_LOOK.cellsAcross; i++) {
      const table = cells[j]![i]! ? 1 : 0;
      on += table;
      if (leaveOut?.(quadPoint(quad, cellAt(i, TABLE_LOOK.cellsAcross), cellAt(j, TABLE_LOOK.cellsDown)))) continue;
      kept++;
      onKept += table;
    }
  }
  const all = TABLE_LOOK.cellsDown * TABLE_LOOK.cellsAcross;
  return [on / all, kept === 0 ? 0 : onKept / kept];
}

/** Where cell k of n lies across the face (a margin left out at either side, TABLE_LOOK.cellMargin). */
const cellAt = (k: number, n: number): number => TABLE_LOOK.cellMargin + (TABLE_LOOK.cellSpan * (k + 0.5)) / n;

/** Which cells of a TABLE_LOOK grid over a quad's face (rows from side 0 to side 2) look like open table. */
function tableCells(frame: RgbaImage, quad: readonly Vec[], look: TableLook): boolean[][] {
  const rows: boolean[][] = [];
  for (let j = 0; j < TABLE_LOOK.cellsDown; j++) {
    const v = cellAt(j, TABLE_LOOK.cellsDown);
    const row: boolean[] = [];
    for (let i = 0; i < TABLE_LOOK.cellsAcross; i++) {
      const u = cellAt(i, TABLE_LOOK.cellsAcross);
      const [x, y] = quadPoint(quad, u, v);
      const m = patchMean(frame, x, y);
      row.push(m !== null && !nearAny(m, look.paper, TABLE_LOOK.paperNear) && nearAny(m, look.samples, TABLE_LOOK.tableNear));
    }
    rows.push(row);
  }
  return rows;
}

/**
 * How many rows (`axis` 0) or columns (1) of `table` cells in from the first (or, `fromEnd`, the
 * last) are mostly table. A plain loop, as it runs for every hit (docs/vision.md).
 */
function tabledDepth(table: readonly (readonly boolean[])[], axis: 0 | 1, fromEnd: boolean): number {
  const ny = table.length;
  const nx = table[0]!.length;
  const count = axis === 0 ? ny : nx;
  const across = axis === 0 ? nx : ny;
  let k = 0;
  for (; k < count; k++) {
    const line = fromEnd ? count - 1 - k : k;
    let on = 0;
    for (let j = 0; j < across; j++) if (axis === 0 ? table[line]![j] : table[j]![line]) on++;
    if (!(on > across * COMPLETE.mostly)) break;
  }
  return k;
}

/**
 * A card hypothesis run out over open table, slid back by the depth of table from its most tabled
 * side, snapped and completed on its clearest corner; null unless that clears it of the table.
 */
export function slideOffTable(frame: RgbaImage, grey: GreyImage, quad: readonly Vec[], look: TableLook, toTable: Homography, toFrame: Homography, size: CardSize): RefinedQuad | null {
  const table = tableCells(frame, quad, look);
  const ny = table.length;
  const nx = table[0]!.length;
  // From each side, how many rows (or columns) in are mostly table.
  const runs = [
    { side: 0, n: tabledDepth(table, 0, false), cells: ny },
    { side: 2, n: tabledDepth(table, 0, true), cells: ny },
    { side: 3, n: tabledDepth(table, 1, false), cells: nx },
    { side: 1, n: tabledDepth(table, 1, true), cells: nx },
  ].sort((a, b) => b.n / b.cells - a.n / a.cells);
  const run = runs[0]!;
  if (run.n === 0) return null;
  // The shift, on the table: from the tabled side towards the opposite one, past the cells held.
  const share = TABLE_LOOK.cellMargin + (TABLE_LOOK.cellSpan * run.n) / run.cells;
  const t = quad.map((p) => applyHomography(toTable, p));
  const from = run.side === 0 ? [t[0]!, t[3]!] : run.side === 2 ? [t[3]!, t[0]!] : run.side === 3 ? [t[0]!, t[1]!] : [t[1]!, t[0]!];
  const dir = sub(from[1]!, from[0]!);
  const moved = t.map((p): Vec => [p[0] + dir[0] * share, p[1] + dir[1] * share]).map((p) => applyHomography(toFrame, p));
  if (!moved.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))) return null;
  const fit = refineQuad(grey, moved, { reach: COMPLETE.slideReach });
  // The slide is only as fine as the cells: the hidden sides go where the seen corners put them.
  const done = completeOnPlane(frame, grey, fit, toTable, toFrame, size, look)?.refined ?? fit;
  return tableShare(frame, done.quad, look) < CARDS.clearOfTable ? done : null;
}
