// Regions proposed as cards: connected patches of a mask (paper, yellow face, the insides of
// closed edge loops) with their hulls and the quadrilaterals those make.
import type { RgbaImage } from '../image.js';
import type { OpenCv } from '../opencv.js';
import type { Surface } from './surface.js';
import { centroid, dist, intersectLines, norm, polygonArea, portrait, quadPoint, sub, type Vec } from './geometry.js';
import { patchMean } from './complete.js';
import { faceStats } from './face.js';
import { isLoneCard } from './shape.js';
import { bytes } from '../scratch.js';
import { REGIONS } from './params.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** A connected region of card face at working scale. */
export interface Region {
  readonly area: number;
  /** The outer boundary's convex hull, working pixels. */
  readonly hull: Vec[];
  readonly hullArea: number;
  /** The hull simplified to a polygon (4 corners for a lone card). */
  readonly polygon: Vec[];
  readonly touchesBorder: boolean;
}

/**
 * Everything not on or next to an edge: the insides of closed edge loops, as OpenCV's 3 x 3 dilate
 * makes it. Into reused arrays, so the answer holds only until the next call (regionsOf copies it).
 */
export function insideEdges(s: Surface): Uint8Array {
  const { width: w, height: h, edges } = s;
  const n = w * h;
  const rows = bytes('insideEdges.rows', n);
  const out = bytes('insideEdges.out', n);
  // Any edge in each pixel's row of three, then in its column of three of those.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let before = 0;
    let here = edges[row]!;
    for (let x = 0; x + 1 < w; x++) {
      const after = edges[row + x + 1]!;
      rows[row + x] = before | here | after;
      before = here;
      here = after;
    }
    rows[row + w - 1] = before | here;
  }
  for (let i = 0; i < w; i++) out[i] = rows[i]! | rows[i + w]! ? 0 : 255;
  for (let i = w; i < n - w; i++) out[i] = rows[i - w]! | rows[i]! | rows[i + w]! ? 0 : 255;
  for (let i = n - w; i < n; i++) out[i] = rows[i - w]! | rows[i]! ? 0 : 255;
  return out;
}

/** insideEdges turned round: 255 on and next to an edge; its blobs' outer contours enclose the loops. */
export function nearEdges(s: Surface): Uint8Array {
  const inside = insideEdges(s);
  const out = new Uint8Array(inside.length);
  for (let i = 0; i < out.length; i++) out[i] = 255 - inside[i]!;
  return out;
}

/**
 * Whole Stacks cards parted in two by a word across the face (WILD, a special's name): a card-shaped
 * joint hull with a band of ink and paper between two blank halves (two cards side by side show
 * their numerals). The joint region, with the hull's area, stands for the card.
 */
export function wordHalves(cv: OpenCv, s: Surface, chroma: Float32Array, mask: Uint8Array, regions: readonly Region[]): Region[] {
  const pairs: { a: Region; b: Region; region: Region }[] = [];
  const parts = regions.filter((r) => !r.touchesBorder);
  const small: RgbaImage = { width: s.width, height: s.height, data: s.rgba };
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!;
      const b = parts[j]!;
      if (Math.max(a.area, b.area) > REGIONS.halvesAlike * Math.min(a.area, b.area)) continue;
      const ca = centroid(a.hull);
      const cb = centroid(b.hull);
      if (dist(ca, cb) > REGIONS.halvesNear * Math.sqrt(Math.max(a.hullArea, b.hullArea))) continue;
      const points = cv.matFromArray(a.hull.length + b.hull.length, 1, cv.CV_32SC2, [...a.hull, ...b.hull].flatMap((p) => [Math.round(p[0]), Math.round(p[1])]));
      const hullMat = new cv.Mat();
      let hull: Vec[];
      try {
        cv.convexHull(points, hullMat, false, true);
        hull = matPoints(hullMat);
      } finally {
        points.delete();
        hullMat.delete();
      }
      const hullArea = polygonArea(hull);
      if (hullArea > REGIONS.jointHull * (a.hullArea + b.hullArea) || a.area + b.area < REGIONS.halvesFill * hullArea) continue;
      const polygon = quadFromHull(hull);
      if (!polygon) continue;
      const region: Region = { area: hullArea, hull, hullArea, polygon, touchesBorder: false };
      if (!isLoneCard(region)) continue;
      // Parted along the card's long axis, where the halves' centres lie; either of the outline's
      // axes will do, as a far card seen from low down may look as wide as long.
      const apart = sub(cb, ca);
      const lined = (q: readonly Vec[]): boolean => {
        const along = sub(centroid([q[2]!, q[3]!]), centroid([q[0]!, q[1]!]));
        return Math.abs(along[0] * apart[1] - along[1] * apart[0]) <= REGIONS.lined * norm(along) * norm(apart);
      };
      let q = portrait(polygon);
      if (!lined(q)) q = [q[1]!, q[2]!, q[3]!, q[0]!];
      if (!lined(q)) continue;
      // Never green: a green sleeve's folds pair so, and green passes for the yellow face.
      if (isGreen(small, centroid(a.hull)) || isGreen(small, centroid(b.hull))) continue;
      // The band across the middle: a word is ink and paper mixed.
      const at = (u: number, v: number): Vec => quadPoint(q, u, v);
      const [u0, u1, v0, v1] = [REGIONS.bandSides, 1 - REGIONS.bandSides, 0.5 - REGIONS.bandHeight / 2, 0.5 + REGIONS.bandHeight / 2];
      const band = faceStats(s, chroma, mask, [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]);
      // A wild card's halves are blank paper; two cards side by side show their numerals or names.
      const blank = (half: Region): boolean => faceStats(s, chroma, mask, half.polygon).ink < REGIONS.blankInk;
      if (band.ink >= REGIONS.bandInkFrom && band.ink <= REGIONS.bandInkTo && band.paper >= REGIONS.bandPaper && blank(a) && blank(b)) pairs.push({ a, b, region });
    }
  }
  // A half belongs to one card: a region that pairs so with more than one other is a tile of a
  // pattern on the table (light squares of checked cloth pair with each neighbour alike).
  const uses = (r: Region): number => pairs.filter((p) => p.a === r || p.b === r).length;
  return pairs.filter((p) => uses(p.a) === 1 && uses(p.b) === 1).map((p) => p.region);
}

/** Green about a point (its 3 x 3 mean): green the strongest channel, by REGIONS.greener. */
export function isGreen(image: RgbaImage, at: Vec): boolean {
  const m = patchMean(image, at[0], at[1]);
  return m !== null && m[1]! > REGIONS.greener * Math.max(m[0]!, m[2]!);
}

/**
 * Connected regions of the face mask, shrunk by `erosion` pixels first: a gap of up to twice that
 * in a card's outline (a light table, a faint border) no longer joins the card to the table.
 */
export function regionsOf(cv: OpenCv, s: Surface, mask: Uint8Array, erosion = 1): Region[] {
  const m = new cv.Mat(s.height, s.width, cv.CV_8UC1);
  m.data.set(mask);
  if (erosion > 0) {
    const kernel = cv.getStructuringElement(erosion > 1 ? cv.MORPH_ELLIPSE : cv.MORPH_RECT, new cv.Size(2 * erosion + 1, 2 * erosion + 1));
    cv.erode(m, m, kernel);
    kernel.delete();
  }
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const regions: Region[] = [];
  const minArea = (s.width * s.height) / REGIONS.smallest;
  try {
    cv.findContours(m, contours, hierarchy, cv.RETR_CCOMP, cv.CHAIN_APPROX_SIMPLE);
    // Each contour's [next, previous, first child, parent], copied: a view goes stale as OpenCV's memory grows.
    const links = new Int32Array(hierarchy.data32S);
    const count = contours.size();
    for (let i = 0; i < count; i++) {
      if (links[i * 4 + 3] !== -1) continue;
      const c = contours.get(i);
      try {
        const area = cv.contourArea(c);
        if (area < minArea) continue;
        const hullMat = new cv.Mat();
        cv.convexHull(c, hullMat, false, true);
        const hull = matPoints(hullMat);
        const hullArea = cv.contourArea(hullMat);
        // The simplified hull only where the hull's four longest runs do not make the quad.
        let polygon = quadFromHull(hull);
        if (!polygon) {
          const approx = new cv.Mat();
          cv.approxPolyDP(hullMat, approx, REGIONS.simplify * cv.arcLength(hullMat, true), true);
          polygon = matPoints(approx);
          approx.delete();
        }
        hullMat.delete();
        // The boundary's extreme points are corners of its hull: the hull reaches the border where the boundary does.
        const touchesBorder = hull.some(([x, y]) => x <= REGIONS.border || y <= REGIONS.border || x >= s.width - 1 - REGIONS.border || y >= s.height - 1 - REGIONS.border);
        regions.push({ area, hull, hullArea, polygon, touchesBorder });
      } finally {
        c.delete();
      }
    }
  } finally {
    m.delete();
    contours.delete();
    hierarchy.delete();
  }
  return regions;
}

/**
 * Four corners from a convex hull whose corners may be cut (ink in a card's corner, rounded
 * corners): the four longest runs of nearly straight hull, extended until they meet.
 */
export function quadFromHull(hull: readonly Vec[]): Vec[] | null {
  if (hull.length < 4) return null;
  interface Run { a: Vec; b: Vec; len: number; angle: number }
  const runs: Run[] = [];
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const len = dist(a, b);
    if (len === 0) continue;
    const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const last = runs[runs.length - 1];
    if (last && Math.abs(angleDiff(last.angle, Math.atan2(b[1] - last.a[1], b[0] - last.a[0]))) < REGIONS.runTurn && Math.abs(angleDiff(last.angle, angle)) < REGIONS.runStep) {
      last.b = b;
      last.len = dist(last.a, b);
      last.angle = Math.atan2(b[1] - last.a[1], b[0] - last.a[0]);
    } else runs.push({ a, b, len, angle });
  }
  // The hull is closed: the last run may continue the first.
  if (runs.length > 1) {
    const first = runs[0]!;
    const last = runs[runs.length - 1]!;
    if (Math.abs(angleDiff(first.angle, last.angle)) < REGIONS.runTurn) {
      first.a = last.a;
      first.len = dist(first.a, first.b);
      runs.pop();
    }
  }
  if (runs.length < 4) return null;
  const longest = runs
    .map((r, i) => ({ r, i }))
    .sort((x, y) => y.r.len - x.r.len)
    .slice(0, 4)
    .sort((x, y) => x.i - y.i)
    .map((x) => x.r);
  const corners: Vec[] = [];
  for (let i = 0; i < 4; i++) {
    const p = longest[i]!;
    const q = longest[(i + 1) % 4]!;
    const hit = intersectLines(p.a, p.b, q.a, q.b);
    if (!hit || dist(hit, p.b) > Math.max(p.len, q.len) * REGIONS.cornerReach) return null;
    corners.push(hit);
  }
  return corners;
}

/** The signed difference a - b of two angles (radians), within -π..π. */
export const angleDiff = (a: number, b: number): number => Math.atan2(Math.sin(a - b), Math.cos(a - b));

/** The points of a Mat of whole-number (x, y) pairs. */
export function matPoints(mat: Mat): Vec[] {
  const out: Vec[] = [];
  const d = mat.data32S;
  for (let j = 0; j < mat.rows; j++) out.push([d[j * 2]!, d[j * 2 + 1]!]);
  return out;
}
