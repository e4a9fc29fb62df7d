// Snapping a rough card outline to the card's real edges at full resolution: each side is searched
// along its normal for the step from paper, a line is fitted robustly through the steps, and the
// corners are the lines' crossings. Sides without enough evidence keep their rough line.
import type { Quad } from '../image.js';
import { add, dist, fitLine, lineDistance, lineIntersection, scale, sub, unit, type Line, type Vec } from './geometry.js';
import { float64s, int32s, uint16s } from '../scratch.js';
import { REFINE } from './snap-params.js';

/** The frame's lightness, one byte a pixel, at full resolution. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  /** The least fall an edge takes here where the caller names none (RefineOptions.minFall). */
  readonly minFall?: number;
}

/** A snapped quad with each side's line and how well the edge search held it. */
export interface RefinedQuad {
  readonly quad: [Vec, Vec, Vec, Vec];
  /** Share of samples on each side that found an edge lying on the fitted line. */
  readonly support: [number, number, number, number];
  /** Mean step strength (grey levels) of the edge found on each side. */
  readonly contrast: [number, number, number, number];
  /** The line of each side: fitted where there was evidence, else the rough side's. */
  readonly lines: readonly Line[];
  /** With `alternatives`: each side's other clear lines (such as a pile's lower cards) and their support. */
  readonly others?: readonly (readonly { line: Line; support: number }[])[];
}

/** The quad of four side lines, each corner where a side meets the one before it. */
export function quadOfLines(lines: readonly Line[], fallback: readonly Vec[]): [Vec, Vec, Vec, Vec] {
  return [0, 1, 2, 3].map((s) => lineIntersection(lines[(s + 3) % 4]!, lines[s]!) ?? fallback[s]!) as [Vec, Vec, Vec, Vec];
}

/** For a covered card: the refined quad with its weakest sides put back to the rough ones until `accept` takes it. */
export function relaxQuad(refined: RefinedQuad, rough: readonly Vec[], accept: (quad: readonly Vec[]) => boolean): RefinedQuad | null {
  if (accept(refined.quad)) return refined;
  const order = [0, 1, 2, 3].sort((a, b) => refined.support[a]! - refined.support[b]!);
  const lines = [...refined.lines];
  const support = [...refined.support] as RefinedQuad['support'];
  for (const side of order.slice(0, REFINE.relaxed)) {
    const a = rough[side]!;
    const b = rough[(side + 1) % 4]!;
    lines[side] = { p: a, d: unit(sub(b, a)) };
    support[side] = 0;
    const quad = quadOfLines(lines, rough);
    if (accept(quad)) return { quad, support, contrast: refined.contrast, lines };
  }
  return null;
}

function sample(g: GreyImage, x: number, y: number): number {
  if (x < 0 || y < 0 || x > g.width - 1.001 || y > g.height - 1.001) return Number.NaN;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * g.width + x0;
  const d = g.data;
  return (d[i]! * (1 - fx) + d[i + 1]! * fx) * (1 - fy) + (d[i + g.width]! * (1 - fx) + d[i + g.width + 1]! * fx) * fy;
}

/** How refineQuad searches; each field defaults to REFINE's. */
export interface RefineOptions {
  /** How far to search either side of the rough side, as a share of the card's short side (REFINE.reach). */
  readonly reach?: number;
  /** Samples a side (REFINE.samples). */
  readonly samples?: number;
  /** Also keep up to REFINE.others more lines a side, each of enough samples (see RefinedQuad.others). */
  readonly alternatives?: boolean;
  /** The least fall (grey levels, two pixels each way) that counts as an edge: the image's, else REFINE.minFall. */
  readonly minFall?: number;
}

/** Snaps a clockwise quad to the edges in the grey frame. */
export function refineQuad(g: GreyImage, quad: readonly Vec[], options: RefineOptions = {}): RefinedQuad {
  const samples = options.samples ?? REFINE.samples;
  const minFall = options.minFall ?? g.minFall ?? REFINE.minFall;
  const shortSide = Math.min(dist(quad[0]!, quad[1]!), dist(quad[1]!, quad[2]!), dist(quad[2]!, quad[3]!), dist(quad[3]!, quad[0]!));
  const reach = Math.max(REFINE.leastReach, (options.reach ?? REFINE.reach) * shortSide);
  const centre: Vec = [(quad[0]![0] + quad[1]![0] + quad[2]![0] + quad[3]![0]) / 4, (quad[0]![1] + quad[1]![1] + quad[2]![1] + quad[3]![1]) / 4];
  const lines: Line[] = [];
  const support: number[] = [];
  const contrast: number[] = [];
  const others: { line: Line; support: number }[][] = [];
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!;
    const b = quad[(s + 1) % 4]!;
    const d = unit(sub(b, a));
    let n: Vec = [-d[1], d[0]];
    const mid: Vec = scale(add(a, b), 0.5);
    if ((mid[0] - centre[0]) * n[0] + (mid[1] - centre[1]) * n[1] < 0) n = [-n[0], -n[1]];
    // The side is the straight line through the falls of the most samples: ink near the side
    // falls too, but not in a line.
    const cands = sideCandidates(g, a, b, n, reach, samples, minFall);
    const fitted = bestLine(cands, { p: a, d }, n);
    const enough = Math.max(REFINE.leastEnough, samples * REFINE.enough);
    if (options.alternatives) {
      // Peel off the line found and look again.
      const more: { line: Line; support: number }[] = [];
      let rest = cands;
      let last = fitted;
      for (let round = 0; round < REFINE.others && last; round++) {
        const on = last.line;
        rest = rest.filter((c) => Math.abs(lineDistance(on, c.p)) > REFINE.peel);
        last = bestLine(rest, { p: a, d }, n);
        if (last && last.count >= enough) more.push({ line: last.line, support: last.count / samples });
      }
      others.push(more);
    }
    if (fitted && fitted.count >= enough) {
      lines.push(fitted.line);
      support.push(fitted.count / samples);
      contrast.push(fitted.strength);
    } else {
      lines.push({ p: a, d });
      support.push(fitted ? fitted.count / samples : 0);
      contrast.push(0);
    }
  }
  const corners: Vec[] = [];
  for (let s = 0; s < 4; s++) {
    const hit = lineIntersection(lines[(s + 3) % 4]!, lines[s]!);
    corners.push(hit && dist(hit, quad[s]!) < shortSide * REFINE.cornerMove ? hit : quad[s]!);
  }
  return { quad: corners as [Vec, Vec, Vec, Vec], support: support as RefinedQuad['support'], contrast: contrast as RefinedQuad['contrast'], lines, ...(options.alternatives ? { others } : {}) };
}

/** A clear fall across a side: where it lies, half its fall, and the sample along the side it was found at. */
interface Candidate {
  readonly p: Vec;
  readonly s: number;
  readonly k: number;
}

/** The peak falls of at least `minFall` along the outward normal `n` at `samples` points along the side a-b. */
function sideCandidates(g: GreyImage, a: Vec, b: Vec, n: Vec, reach: number, samples: number, minFall: number): Candidate[] {
  const cands: Candidate[] = [];
  const inner = reach * REFINE.inside;
  const span = inner + reach + 4;
  const steps = Math.ceil(inner + reach) + 1;
  const profile = float64s('refine.profile', steps + 4);
  const fall = float64s('refine.fall', steps + 4);
  for (let k = 0; k < samples; k++) {
    const t = REFINE.sideFrom + (REFINE.sideSpan * k) / (samples - 1);
    const p: Vec = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    if (!readProfile(g, p, n, inner, span, steps, profile)) continue;
    for (let j = 2; j < steps + 2; j++) fall[j] = profile[j - 2]! + profile[j - 1]! - profile[j + 1]! - profile[j + 2]!;
    for (let j = 3; j < steps + 1; j++) {
      const f = fall[j]!;
      if (f < minFall || f < fall[j - 1]! || f <= fall[j + 1]!) continue;
      const l = fall[j - 1]!;
      const r = fall[j + 1]!;
      const den = l - 2 * f + r;
      const frac = den < 0 ? (0.5 * (l - r)) / den : 0;
      const off = -inner - 2 + (j + frac) * (span / (steps + 3));
      cands.push({ p: [p[0] + n[0] * off, p[1] + n[1] * off], s: f / 2, k });
    }
  }
  return cands;
}

/**
 * The grey along the normal `n` through `p`, steps + 4 samples from `inner` + 2 inside to the reach
 * outside, into `profile`; false where it leaves the image. The samples lie on a segment, so where
 * its two ends are inside every sample is, and none is checked on its own. The bilinear sample is
 * sample()'s, written out: this is the snap's hottest loop, and a call here measurably cost time.
 */
function readProfile(g: GreyImage, p: Vec, n: Vec, inner: number, span: number, steps: number, profile: Float64Array): boolean {
  const step = span / (steps + 3);
  const first = -inner - 2;
  const last = first + (steps + 3) * step;
  if (Number.isNaN(sample(g, p[0] + n[0] * first, p[1] + n[1] * first)) || Number.isNaN(sample(g, p[0] + n[0] * last, p[1] + n[1] * last))) {
    return false;
  }
  const { width, data } = g;
  for (let j = 0; j < steps + 4; j++) {
    const off = first + j * step;
    const x = p[0] + n[0] * off;
    const y = p[1] + n[1] * off;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const i = y0 * width + x0;
    profile[j] = (data[i]! * (1 - fx) + data[i + 1]! * fx) * (1 - fy) + (data[i + width]! * (1 - fx) + data[i + width + 1]! * fx) * fy;
  }
  return true;
}

/**
 * The line near the rough side's direction through candidates of the most samples, one a sample:
 * found by turning through a few degrees and binning the candidates' offsets, then refitted.
 */
function bestLine(cands: readonly { p: Vec; s: number; k: number }[], rough: Line, normal: Vec): { line: Line; count: number; strength: number } | null {
  if (cands.length < 2) return null;
  const tolerance = REFINE.tolerance;
  let best: { members: number[]; score: number } = { members: [], score: 0 };
  // One candidate a sample, in kept arrays rather than a Map: this runs for every side of every quad.
  let kinds = 0;
  for (const c of cands) if (c.k >= kinds) kinds = c.k + 1;
  const offs = float64s('refine.offs', cands.length);
  const chosen = int32s('refine.chosen', kinds);
  const order = int32s('refine.order', kinds);
  const nearest = float64s('refine.nearest', kinds);
  for (let deg = -REFINE.turn; deg <= REFINE.turn; deg += REFINE.turnStep) {
    const r = (deg * Math.PI) / 180;
    const nx = normal[0] * Math.cos(r) - normal[1] * Math.sin(r);
    const ny = normal[0] * Math.sin(r) + normal[1] * Math.cos(r);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < cands.length; i++) {
      const o = cands[i]!.p[0] * nx + cands[i]!.p[1] * ny;
      offs[i] = o;
      if (o < lo) lo = o;
      if (o > hi) hi = o;
    }
    // Offsets binned a tolerance wide; a line's candidates fall in two neighbouring bins.
    const nb = Math.floor((hi - lo) / tolerance) + 2;
    const bins = uint16s('refine.bins', nb).fill(0);
    for (let i = 0; i < cands.length; i++) bins[Math.floor((offs[i]! - lo) / tolerance)]!++;
    let top = -1;
    let topCount = 0;
    for (let b = 0; b + 1 < nb; b++) {
      const n = bins[b]! + bins[b + 1]!;
      if (n > topCount) {
        topCount = n;
        top = b;
      }
    }
    if (top < 0 || topCount < best.score - REFINE.slack) continue;
    // The window's members, one a sample (the strongest).
    const from = lo + top * tolerance;
    chosen.fill(-1, 0, kinds);
    let seen = 0;
    for (let i = 0; i < cands.length; i++) {
      if (offs[i]! < from || offs[i]! >= from + 2 * tolerance) continue;
      const k = cands[i]!.k;
      const prev = chosen[k]!;
      if (prev < 0) order[seen++] = k;
      if (prev < 0 || cands[i]!.s > cands[prev]!.s) chosen[k] = i;
    }
    const members: number[] = [];
    for (let j = 0; j < seen; j++) members.push(chosen[order[j]!]!);
    let strength = 0;
    for (const m of members) strength += cands[m]!.s;
    const score = members.length + strength / REFINE.strengthPerCandidate;
    if (score > best.score) best = { members, score };
  }
  if (best.members.length < 2) return null;
  const fit = fitLine(best.members.map((i) => cands[i]!.p));
  if (!fit) return null;
  // Refit on every sample's candidate nearest the line (within tolerance), one a sample.
  chosen.fill(-1, 0, kinds);
  let seen = 0;
  for (let i = 0; i < cands.length; i++) {
    const c = cands[i]!;
    const dd = Math.abs(lineDistance(fit.line, c.p));
    if (dd > tolerance * REFINE.refit) continue;
    const prev = chosen[c.k]!;
    if (prev < 0) order[seen++] = c.k;
    if (prev < 0 || dd < nearest[c.k]!) {
      chosen[c.k] = i;
      nearest[c.k] = dd;
    }
  }
  const inliers: { p: Vec; s: number }[] = [];
  for (let j = 0; j < seen; j++) inliers.push(cands[chosen[order[j]!]!]!);
  const refit = inliers.length >= 2 ? (fitLine(inliers.map((v) => v.p)) ?? fit) : fit;
  const d = refit.line.d[0] * rough.d[0] + refit.line.d[1] * rough.d[1] < 0 ? scale(refit.line.d, -1) : refit.line.d;
  return { line: { p: refit.line.p, d }, count: inliers.length, strength: inliers.reduce((x, v) => x + v.s, 0) / Math.max(1, inliers.length) };
}

export type { Quad };
