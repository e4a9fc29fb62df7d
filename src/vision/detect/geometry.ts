// Plane geometry for card outlines: quads, lines, homographies. Plain numbers, no OpenCV.
import type { Point, Quad } from '../image.js';

/** A 2D point or vector. */
export type Vec = readonly [number, number];

/** Vector arithmetic on plain pairs. */
export const add = (a: Vec, b: Vec): [number, number] => [a[0] + b[0], a[1] + b[1]];
export const sub = (a: Vec, b: Vec): [number, number] => [a[0] - b[0], a[1] - b[1]];
export const scale = (a: Vec, k: number): [number, number] => [a[0] * k, a[1] * k];
export const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1];
export const cross = (a: Vec, b: Vec): number => a[0] * b[1] - a[1] * b[0];
export const norm = (a: Vec): number => hypot(a[0], a[1]);
export const dist = (a: Vec, b: Vec): number => hypot(a[0] - b[0], a[1] - b[1]);

/** Math.hypot of two numbers, to the last bit, without the argument array V8 allocates on each call. */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const nanX = Number.isNaN(x);
  const nanY = Number.isNaN(y);
  let max = 0;
  if (!nanX && ax > max) max = ax;
  if (!nanY && ay > max) max = ay;
  if (max === Infinity) return Infinity;
  if (nanX || nanY) return Number.NaN;
  if (max === 0) return 0;
  // With two terms V8's Kahan compensation stays 0, so it is left out.
  const nx = ax / max;
  const ny = ay / max;
  return Math.sqrt(nx * nx + ny * ny) * max;
}
/** The vector scaled to length 1; a zero vector stays zero. */
export const unit = (a: Vec): [number, number] => {
  const n = norm(a) || 1;
  return [a[0] / n, a[1] / n];
};

/**
 * Numbers in rising order, as a sort's comparator: one function for all, as an arrow written in a
 * hot function is a new closure on every call (docs/vision.md).
 */
export const ascending = (a: number, b: number): number => a - b;

/** The middle value (the higher middle one of an even count); `xs` not empty, and left unsorted. */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort(ascending);
  return sorted[sorted.length >> 1]!;
}

/** The mean of the points. */
export function centroid(points: readonly Vec[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

/** Signed area (positive when the points turn clockwise in image coordinates, y down). */
export function signedArea(points: readonly Vec[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/** The polygon's unsigned area. */
export const polygonArea = (points: readonly Vec[]): number => Math.abs(signedArea(points));

/** Whether p lies inside the convex or concave polygon (even-odd rule). */
export function insidePolygon(points: readonly Vec[], p: Vec): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/** The point at (u, v) of a quad's face: u along side 0-1, v down towards side 3-2. */
export function quadPoint(q: readonly Vec[], u: number, v: number): [number, number] {
  const tx = q[0]![0] + (q[1]![0] - q[0]![0]) * u;
  const ty = q[0]![1] + (q[1]![1] - q[0]![1]) * u;
  const bx = q[3]![0] + (q[2]![0] - q[3]![0]) * u;
  const by = q[3]![1] + (q[2]![1] - q[3]![1]) * u;
  return [tx + (bx - tx) * v, ty + (by - ty) * v];
}

/** Points on a 5 x 5 grid over a quad, inset a tenth from its sides. */
export function insetGrid(quad: readonly Vec[]): Vec[] {
  const out: Vec[] = [];
  for (let j = 0; j < 5; j++) {
    for (let i = 0; i < 5; i++) {
      out.push(quadPoint(quad, 0.1 + 0.2 * i, 0.1 + 0.2 * j));
    }
  }
  return out;
}

/** Intersection of the diagonals: the centre of a quad under perspective. */
export function quadCentre(q: readonly Vec[]): [number, number] {
  const hit = intersectLines(q[0]!, q[2]!, q[1]!, q[3]!);
  return hit ?? centroid(q);
}

/** Intersection of line a1-a2 with line b1-b2, or null when parallel. */
export function intersectLines(a1: Vec, a2: Vec, b1: Vec, b2: Vec): [number, number] | null {
  const d1 = sub(a2, a1);
  const d2 = sub(b2, b1);
  const den = cross(d1, d2);
  if (Math.abs(den) < 1e-9) return null;
  const t = cross(sub(b1, a1), d2) / den;
  return [a1[0] + d1[0] * t, a1[1] + d1[1] * t];
}

/** A line as a point and a unit direction. */
export interface Line {
  readonly p: Vec;
  readonly d: Vec;
}

/** Where two lines cross, or null when parallel. */
export function lineIntersection(a: Line, b: Line): [number, number] | null {
  return intersectLines(a.p, add(a.p, a.d), b.p, add(b.p, b.d));
}

/** Orders four corners clockwise (image y down) by their angle about the centroid. */
export function clockwise(points: readonly Vec[]): [Vec, Vec, Vec, Vec] {
  const c = centroid(points);
  const sorted = [...points].sort((a, b) => Math.atan2(a[1] - c[1], a[0] - c[0]) - Math.atan2(b[1] - c[1], b[0] - c[0]));
  return sorted as unknown as [Vec, Vec, Vec, Vec];
}

/** Corners clockwise with side 0-1 short, a portrait card; the reader decides which short side is the top. */
export function portrait(points: readonly Vec[]): Quad {
  const q = clockwise(points);
  const e0 = dist(q[0], q[1]) + dist(q[2], q[3]);
  const e1 = dist(q[1], q[2]) + dist(q[3], q[0]);
  const start = e0 <= e1 ? 0 : 1;
  // Of the two short sides, start with the one whose first corner is upper-left-most in the image,
  // so an upright card in an upright photo needs no turn.
  const a = start;
  const b = start + 2;
  const pa = q[a % 4]!;
  const pb = q[b % 4]!;
  const first = pa[0] + pa[1] <= pb[0] + pb[1] ? a : b;
  return [0, 1, 2, 3].map((k) => toPoint(q[(first + k) % 4]!)) as unknown as Quad;
}

/** The same quad turned 180 degrees: its own top-left becomes the old bottom-right. */
export function turned(q: Quad): Quad {
  return [q[2], q[3], q[0], q[1]];
}

/** The same quad a quarter turned, its top-left the old top-right: for a card read sideways, cut again. */
export function quarterTurned(q: Quad): Quad {
  return [q[1], q[2], q[3], q[0]];
}

const toPoint = (v: Vec): Point => [v[0], v[1]];

/** 3x3 homography as 9 numbers, row-major. */
export type Homography = readonly number[];

/** The homography taking four `from` points to four `to` points, solved directly. */
export function homography(from: readonly Vec[], to: readonly Vec[]): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  return h ? [...h, 1] : null;
}

/** Least-squares homography from many correspondences (normal equations; fine for well-spread points). */
export function fitHomography(from: readonly Vec[], to: readonly Vec[]): Homography | null {
  if (from.length < 4) return null;
  if (from.length === 4) return homography(from, to);
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  // The upper triangle only, copied down after: the same products, summed in the same order.
  const addRow = (row: number[], value: number): void => {
    for (let i = 0; i < 8; i++) {
      atb[i]! += row[i]! * value;
      for (let j = i; j < 8; j++) ata[i]![j]! += row[i]! * row[j]!;
    }
  };
  for (let i = 0; i < from.length; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    addRow([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    addRow([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  for (let i = 1; i < 8; i++) for (let j = 0; j < i; j++) ata[i]![j] = ata[j]![i]!;
  const h = solve(ata, atb);
  return h ? [...h, 1] : null;
}

/** The least-squares affine map from `from` to `to`, as a homography; null under three points or on a line. */
export function fitAffine(from: readonly Vec[], to: readonly Vec[]): Homography | null {
  if (from.length < 3) return null;
  // x and y separate into the same 3 x 3 normal equations with two right-hand sides.
  const ata = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const bu = [0, 0, 0];
  const bv = [0, 0, 0];
  for (let i = 0; i < from.length; i++) {
    const row = [from[i]![0], from[i]![1], 1];
    for (let a = 0; a < 3; a++) {
      bu[a]! += row[a]! * to[i]![0];
      bv[a]! += row[a]! * to[i]![1];
      for (let b = 0; b < 3; b++) ata[a]![b]! += row[a]! * row[b]!;
    }
  }
  const u = solve(ata, bu);
  const v = solve(ata, bv);
  return u && v ? [u[0]!, u[1]!, u[2]!, v[0]!, v[1]!, v[2]!, 0, 0, 1] : null;
}

/** A point mapped by a homography. */
export function applyHomography(h: Homography, p: Vec): [number, number] {
  const w = h[6]! * p[0] + h[7]! * p[1] + h[8]!;
  return [(h[0]! * p[0] + h[1]! * p[1] + h[2]!) / w, (h[3]! * p[0] + h[4]! * p[1] + h[5]!) / w];
}

/** The product of two homographies: `b` applied first, then `a`. */
export function multiplyHomography(a: Homography, b: Homography): Homography {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += a[r * 3 + k]! * b[k * 3 + c]!;
      out.push(s);
    }
  }
  return out;
}

/** The inverse homography, or null when singular. */
export function invertHomography(h: Homography): Homography | null {
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  const det = a * (e * l - f * k) - b * (d * l - f * g) + c * (d * k - e * g);
  if (Math.abs(det) < 1e-12) return null;
  return [(e * l - f * k) / det, (c * k - b * l) / det, (b * f - c * e) / det, (f * g - d * l) / det, (a * l - c * g) / det, (c * d - a * f) / det, (d * k - e * g) / det, (b * g - a * k) / det, (a * e - b * d) / det];
}

/** Gaussian elimination with partial pivoting; null when singular. */
export function solve(matrix: readonly (readonly number[])[], rhs: readonly number[]): number[] | null {
  const n = rhs.length;
  const m = matrix.map((row, i) => [...row, rhs[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const row = m[col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / row[col]!;
      if (f === 0) continue;
      const target = m[r]!;
      for (let k = col; k <= n; k++) target[k]! -= f * row[k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Fits a line to points by total least squares; returns the line and the RMS distance. */
export function fitLine(points: readonly Vec[], weights?: readonly number[]): { line: Line; rms: number } | null {
  if (points.length < 2) return null;
  let sw = 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < points.length; i++) {
    const w = weights ? weights[i]! : 1;
    sw += w;
    mx += w * points[i]![0];
    my += w * points[i]![1];
  }
  if (sw <= 0) return null;
  mx /= sw;
  my /= sw;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < points.length; i++) {
    const w = weights ? weights[i]! : 1;
    const dx = points[i]![0] - mx;
    const dy = points[i]![1] - my;
    sxx += w * dx * dx;
    sxy += w * dx * dy;
    syy += w * dy * dy;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const d: Vec = [Math.cos(angle), Math.sin(angle)];
  const normal: Vec = [-d[1], d[0]];
  let err = 0;
  for (let i = 0; i < points.length; i++) {
    const w = weights ? weights[i]! : 1;
    err += w * dot(sub(points[i]!, [mx, my]), normal) ** 2;
  }
  return { line: { p: [mx, my], d }, rms: Math.sqrt(err / sw) };
}

/** Signed distance of p from the line (positive to the left of d in image coordinates). */
export function lineDistance(line: Line, p: Vec): number {
  return cross(line.d, sub(p, line.p));
}

/** The convex quad with every side moved outward by d (inward for negative d). */
export function grow(quad: readonly Vec[], d: number): Vec[] {
  const c = centroid(quad);
  const lines: Line[] = quad.map((a, i) => {
    const b = quad[(i + 1) % quad.length]!;
    const dir = unit(sub(b, a));
    let n: Vec = [-dir[1], dir[0]];
    const mid = scale(add(a, b), 0.5);
    if (dot(sub(mid, c), n) < 0) n = [-n[0], -n[1]];
    return { p: add(a, scale(n, d)), d: dir };
  });
  return quad.map((p, i) => lineIntersection(lines[(i + quad.length - 1) % quad.length]!, lines[i]!) ?? p);
}
