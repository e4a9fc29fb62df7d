// Completing a card seen only in part (under a sleeve, cut by the frame, two cards merged into one
// outline): where two of its sides meet in a clear corner, the card is the 63 x 88 mm rectangle
// standing on that corner along those sides on the table plane. Each corner (and each way round:
// short side or long side first) makes one hypothesis; the one whose sides the frame's edges bear
// out best wins, its visible sides snapped to the edges and its hidden ones left where the plane
// puts them. This keeps the angle of the card itself, which a scan hit (cut at the layout's angle)
// or a covered side that snapped to the cover does not.
import type { RgbaImage } from '../image.js';
import { applyHomography, centroid, dist, lineDistance, sub, unit, type Homography, type Vec } from './geometry.js';
import { quadOfLines, refineQuad, type GreyImage, type RefinedQuad } from './refine.js';
import type { CardSize } from './table.js';

export interface Completion {
  readonly refined: RefinedQuad;
  /** Summed support of the four sides (0..4). */
  readonly score: number;
}

/** A side counts as seen, and its corners as trusted, from this support on. */
const TRUSTED = 0.5;

/**
 * The best card rectangle standing on one of `refined`'s trusted corners, refined against the
 * frame, or null when no corner is trusted. `toTable` takes frame pixels to table mm, `toFrame`
 * back.
 */
export function completeOnPlane(frame: RgbaImage, grey: GreyImage, refined: RefinedQuad, toTable: Homography, toFrame: Homography, size: CardSize): Completion | null {
  const q = refined.quad;
  const t = q.map((p) => applyHomography(toTable, p));
  let best: Completion | null = null;
  for (let k = 0; k < 4; k++) {
    const prev = (k + 3) % 4;
    if (refined.support[k]! < TRUSTED || refined.support[prev]! < TRUSTED) continue;
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
    if (!Number.isFinite(along[0]) || dist(u, wBack) > 0.5) continue;
    for (const [lu, lw] of [
      [size.widthMm, size.heightMm],
      [size.heightMm, size.widthMm],
    ] as const) {
      const rect: Vec[] = [c, [c[0] + lu * along[0], c[1] + lu * along[1]], [c[0] + lu * along[0] + lw * across[0], c[1] + lu * along[1] + lw * across[1]], [c[0] + lw * across[0], c[1] + lw * across[1]]];
      const quad: Vec[] = [0, 1, 2, 3].map((i) => applyHomography(toFrame, rect[(i - k + 4) % 4]!));
      if (!quad.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))) continue;
      // A narrow search: the hypothesis is already close wherever its sides are seen.
      const fit = refineQuad(grey, quad, { reach: 0.05 });
      const score = fit.support.reduce((a, b) => a + b, 0) - tableInside(frame, fit);
      if (!best || score > best.score) best = { refined: fit, score };
    }
  }
  return best;
}

/**
 * How many of the unseen sides have bare table just inside them: a card's hidden part lies under
 * something (a sleeve, a hand, another card) or out of the frame, never on open table. The table
 * is what lies just outside a seen side; "bare" is a mean colour within a few levels of that.
 */
function tableInside(frame: RgbaImage, fit: RefinedQuad): number {
  const q = fit.quad;
  const short = Math.min(dist(q[0], q[1]), dist(q[1], q[2]));
  const strip = (side: number, offset: number): number[] | null => stripColour(frame, q, side, offset);
  // Each seen side's outside, apart: one of them may be the cover's own edge.
  const outside: number[][] = [];
  for (let s = 0; s < 4; s++) {
    if (fit.support[s]! < TRUSTED) continue;
    const m = strip(s, 0.08 * short);
    if (m) outside.push(m);
  }
  let bare = 0;
  for (let s = 0; s < 4; s++) {
    if (fit.support[s]! >= TRUSTED) continue;
    const m = strip(s, -0.08 * short);
    if (m && outside.some((o) => Math.hypot(m[0]! - o[0]!, m[1]! - o[1]!, m[2]! - o[2]!) < 24)) bare++;
  }
  return bare;
}

/**
 * The top card of a pile (Sequence Stacks): the cards below peek out past its sides, so a side's
 * strongest edge may be a lower card's, lying outside the top card's own. Each side offers up to
 * three clear lines; the top card's is the innermost of them. Null when no side moves inwards.
 */
export function topOfPile(grey: GreyImage, quad: readonly Vec[]): RefinedQuad | null {
  const fit = refineQuad(grey, quad, { reach: 0.2, alternatives: true });
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
      if (o.support < 0.5) continue;
      const inward = sign * lineDistance(base, o.line.p);
      const angle = Math.abs(base.d[0] * o.line.d[1] - base.d[1] * o.line.d[0]);
      if (inward > inner + 1 && angle < 0.12) {
        inner = inward;
        lines[s] = o.line;
        support[s] = o.support;
        moved = true;
      }
    }
  }
  const out = quadOfLines(lines, fit.quad);
  // The wider search alone may already have found the top card's sides.
  if (!moved && out.every((p, i) => dist(p, quad[i]!) < 1)) return null;
  return { quad: out, support, contrast: fit.contrast, lines };
}

/**
 * The mean colour along a side of `q`, `offset` pixels outside it (inside for a negative offset),
 * or null where too little of that lies in the frame.
 */
export function stripColour(frame: RgbaImage, q: readonly Vec[], side: number, offset: number): number[] | null {
  const c = centroid(q);
  const a = q[side]!;
  const b = q[(side + 1) % 4]!;
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < 10; i++) {
    const t = 0.15 + (0.7 * i) / 9;
    const px = a[0] + (b[0] - a[0]) * t;
    const py = a[1] + (b[1] - a[1]) * t;
    const d = dist([px, py], c) || 1;
    const x = Math.round(px + ((px - c[0]) / d) * offset);
    const y = Math.round(py + ((py - c[1]) / d) * offset);
    if (x < 0 || y < 0 || x >= frame.width || y >= frame.height) continue;
    const j = (y * frame.width + x) * 4;
    for (let k = 0; k < 3; k++) sum[k]! += frame.data[j + k]!;
    n++;
  }
  return n >= 5 ? sum.map((v) => v / n) : null;
}

/**
 * Whether something lies against one side of a card: what is just outside that side is unlike
 * what is outside every other side (the table, a neighbour's paper) and unlike the card's own
 * paper. A face-down deck, a phone or a hand over the card's end cuts its outline short along
 * their edge, which alone looks like a whole card.
 */
export function coveredSide(frame: RgbaImage, q: readonly Vec[]): boolean {
  const short = Math.min(dist(q[0]!, q[1]!), dist(q[1]!, q[2]!));
  const outside = [0, 1, 2, 3].map((s) => stripColour(frame, q, s, 0.08 * short));
  const inside = [0, 1, 2, 3].map((s) => stripColour(frame, q, s, -0.08 * short)).filter((m): m is number[] => m !== null);
  const far = (a: readonly number[], b: readonly number[]): boolean => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) > 40;
  return outside.some((m, s) => m !== null && outside.every((o, k) => k === s || o === null || far(m, o)) && outside.some((o, k) => k !== s && o !== null) && inside.every((p) => far(m, p)));
}

/**
 * How yellow each pixel is (a Stacks special's face), as a grey image to snap sides on: a yellow
 * card on a light table is darker than the table in plain lightness, which the edge search (paper
 * falling to what lies beyond) does not see; in yellowness it stands out above any table.
 */
export function yellowness(frame: RgbaImage): GreyImage {
  const n = frame.width * frame.height;
  const data = new Uint8Array(n);
  const d = frame.data;
  for (let i = 0; i < n; i++) {
    const v = d[i * 4]! + d[i * 4 + 1]! - 2 * d[i * 4 + 2]!;
    data[i] = v <= 0 ? 0 : v >= 255 ? 255 : v;
  }
  return { width: frame.width, height: frame.height, data };
}
