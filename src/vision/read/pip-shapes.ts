// Pips measured one by one: each coloured blob on a rectified card, by how it fills its box and its
// hull, how wide it is for its height and where its weight lies. A circle fills 79% of its box, a
// square all of it, a star little of its hull: small pips that the reader's coarse maps blur
// together stay apart so. Every measure is the same for the card turned round.
import type { RgbaImage } from '../image.js';
import { paperColour } from './features.js';

/**
 * One blob's measures: fill of its box, fill of its hull, width over height, weight off centre across
 * and down, and its four-fold symmetry (a square's corners; near 0 for a circle, a triangle, a star,
 * at any turn, and little changed by blur).
 */
export type PipMeasures = readonly [fill: number, solidity: number, aspect: number, offX: number, offY: number, fourFold: number];

/** Ink is coloured where the paper-relative channels spread this far, and strong where one drops this far. */
const COLOURED = 0.18;
const STRONG = 0.3;
/** Blobs smaller than this (px) are noise or an index's pip, and blobs touching the edge are frames or table. */
const SMALLEST = 10;
const EDGE = 2;

/** The coloured pips of a rectified card, measured. */
export function pipMeasures(card: RgbaImage): PipMeasures[] {
  const { width: w, height: h, data } = card;
  const [pr, pg, pb] = paperColour(data, w * h);
  const mask = new Uint8Array(w * h);
  const ink = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const r = data[4 * i]! / Math.max(pr, 12);
    const g = data[4 * i + 1]! / Math.max(pg, 12);
    const b = data[4 * i + 2]! / Math.max(pb, 12);
    const lo = Math.min(r, g, b);
    ink[i] = Math.max(0, 1 - lo);
    if (1 - lo > STRONG && Math.max(r, g, b) - lo > COLOURED) mask[i] = 1;
  }
  const out: PipMeasures[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (mask[start] !== 1) continue;
    mask[start] = 2;
    stack.push(start);
    const xs: number[] = [];
    const ys: number[] = [];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const [x, y] = [i % w, Math.floor(i / w)];
      xs.push(x);
      ys.push(y);
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j >= 0 && mask[j] === 1) {
          mask[j] = 2;
          stack.push(j);
        }
      }
    }
    const area = xs.length;
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    if (area < SMALLEST || x0 < EDGE || y0 < EDGE || x1 >= w - EDGE || y1 >= h - EDGE) continue;
    const [bw, bh] = [x1 - x0 + 1, y1 - y0 + 1];
    const cx = xs.reduce((a, v) => a + v, 0) / area;
    const cy = ys.reduce((a, v) => a + v, 0) / area;
    out.push([area / tightestBox(xs, ys, cx, cy), area / hullArea(xs, ys), bw / bh, Math.abs(cx - (x0 + x1) / 2) / bw, Math.abs(cy - (y0 + y1) / 2) / bh, fourFold(xs, ys, ink, w)]);
  }
  return out;
}

/**
 * How strongly the blob's ink repeats every quarter turn, at any turn: the size of its fourth
 * angular moment against the square of its second (0.6 for a square, 0 for a disc).
 */
function fourFold(xs: readonly number[], ys: readonly number[], ink: Float32Array, w: number): number {
  let [m, mx, my] = [0, 0, 0];
  for (let k = 0; k < xs.length; k++) {
    const v = ink[ys[k]! * w + xs[k]!]!;
    [m, mx, my] = [m + v, mx + v * xs[k]!, my + v * ys[k]!];
  }
  const [cx, cy] = [mx / m, my / m];
  let [r2, c4, s4] = [0, 0, 0];
  for (let k = 0; k < xs.length; k++) {
    const v = ink[ys[k]! * w + xs[k]!]!;
    const [x, y] = [xs[k]! - cx, ys[k]! - cy];
    const [x2, y2] = [x * x, y * y];
    r2 += v * (x2 + y2);
    c4 += v * (x2 * x2 + y2 * y2 - 6 * x2 * y2);
    s4 += v * 4 * (x2 * x * y - x * y2 * y);
  }
  const mean2 = r2 / m;
  return mean2 > 0 ? Math.hypot(c4 / m, s4 / m) / (mean2 * mean2) : 0;
}

/** Turns tried for a pip's box: a cut a few degrees off must not make a square's box look emptier. */
const TURNS = [-12, -9, -6, -3, 0, 3, 6, 9, 12].map((deg) => [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)] as const);

/** The smallest area of a box round the pixels (unit squares) turned by up to 12 degrees. */
function tightestBox(xs: readonly number[], ys: readonly number[], cx: number, cy: number): number {
  let best = Infinity;
  for (const [c, s] of TURNS) {
    let [u0, u1, v0, v1] = [Infinity, -Infinity, Infinity, -Infinity];
    for (let k = 0; k < xs.length; k++) {
      const [dx, dy] = [xs[k]! - cx, ys[k]! - cy];
      const [u, v] = [dx * c + dy * s, dy * c - dx * s];
      [u0, u1, v0, v1] = [Math.min(u0, u), Math.max(u1, u), Math.min(v0, v), Math.max(v1, v)];
    }
    best = Math.min(best, (u1 - u0 + 1) * (v1 - v0 + 1));
  }
  return best;
}

/** The area of the convex hull of pixels (as unit squares) at xs, ys. */
function hullArea(xs: readonly number[], ys: readonly number[]): number {
  const points: [number, number][] = [];
  for (let k = 0; k < xs.length; k++) for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) points.push([xs[k]! + dx, ys[k]! + dy]);
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: [number, number][]): [number, number][] => {
    const h: [number, number][] = [];
    for (const p of list) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, p) <= 0) h.pop();
      h.push(p);
    }
    return h;
  };
  const hull = [...half(points).slice(0, -1), ...half([...points].reverse()).slice(0, -1)];
  let twice = 0;
  for (let k = 0; k < hull.length; k++) {
    const [a, b] = [hull[k]!, hull[(k + 1) % hull.length]!];
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return Math.max(1, Math.abs(twice) / 2);
}
