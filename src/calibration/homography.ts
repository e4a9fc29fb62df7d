// The table plane: image pixels <-> table millimetres through one homography fitted to the
// markers' corners, and a top-down image of the table at a chosen number of pixels a millimetre.
import { applyH, invert3, mul3, type Mat3 } from '../render/camera.js';
import { solve } from '../vision/detect/geometry.js';
import { pixelsOf, warpLinear } from '../vision/rectify.js';
import type { Point, RgbaImage } from '../vision/image.js';
import type { FoundMarker } from './detect-markers.js';
import { markerCornersMm, TABLE_MARKERS, type MarkerLayout, type MarkerProfile, type MmPoint } from './markers.js';

export type { Mat3 };

export interface Correspondence {
  readonly image: Point;
  readonly table: MmPoint;
}

/** Moves points to their centroid and scales them to a mean distance of sqrt(2) (Hartley), so the fit is well conditioned. */
function normaliser(points: readonly (readonly [number, number])[]): Mat3 {
  const mx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const my = points.reduce((s, p) => s + p[1], 0) / points.length;
  const d = points.reduce((s, p) => s + Math.hypot(p[0] - mx, p[1] - my), 0) / points.length || 1;
  const k = Math.SQRT2 / d;
  return [k, 0, -k * mx, 0, k, -k * my, 0, 0, 1];
}

/** Least-squares homography from `from` to `to` (4 or more pairs, h33 = 1). */
export function fitHomography(from: readonly Point[], to: readonly Point[]): Mat3 {
  if (from.length < 4 || from.length !== to.length) throw new RangeError('a homography needs 4 or more point pairs');
  const nf = normaliser(from);
  const nt = normaliser(to);
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  const add = (row: number[], rhs: number): void => {
    for (let i = 0; i < 8; i++) {
      atb[i]! += row[i]! * rhs;
      for (let j = 0; j < 8; j++) ata[i]![j]! += row[i]! * row[j]!;
    }
  };
  from.forEach((p, i) => {
    const [x, y] = applyH(nf, p[0], p[1]);
    const [u, v] = applyH(nt, to[i]![0], to[i]![1]);
    add([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    add([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  });
  const h = solve(ata, atb);
  if (!h) throw new RangeError('the marker corners do not fix a homography (too few, or all on a line)');
  const normalised: Mat3 = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
  const m = mul3(invert3(nt), mul3(normalised, nf));
  return m.map((v) => v / m[8]) as unknown as Mat3;
}

/** The table plane as the camera sees it. Table mm are the marker layout's (the top-left marker's centre is 0, 0). */
export class TableMapping {
  readonly imageToTable: Mat3;
  readonly tableToImage: Mat3;

  constructor(imageToTable: Mat3) {
    this.imageToTable = imageToTable;
    this.tableToImage = invert3(imageToTable);
  }

  toTable(p: Point): MmPoint {
    return applyH(this.imageToTable, p[0], p[1]);
  }

  toImage(p: MmPoint): Point {
    return applyH(this.tableToImage, p[0], p[1]);
  }

  /** Image pixels a table millimetre spans at a table point (the larger axis). */
  pxPerMmAt(p: MmPoint): number {
    const [u, v] = this.toImage(p);
    const [u1, v1] = this.toImage([p[0] + 1, p[1]]);
    const [u2, v2] = this.toImage([p[0], p[1] + 1]);
    return Math.max(Math.hypot(u1 - u, v1 - v), Math.hypot(u2 - u, v2 - v));
  }
}

/** Each found marker's four corners paired with where the layout puts them. */
export function markerCorrespondences(found: readonly FoundMarker[], layout: MarkerLayout, markers: MarkerProfile = TABLE_MARKERS): Correspondence[] {
  return found.flatMap((marker) => {
    const slot = markers.ids.indexOf(marker.id);
    if (slot < 0) return [];
    const mm = markerCornersMm(layout.centres[slot]!, layout.sizeMm);
    return marker.corners.map((image, i) => ({ image, table: mm[i]! }));
  });
}

export interface TableFit {
  readonly mapping: TableMapping;
  /** Root mean square distance between the markers' corners as mapped and as laid out, mm. */
  readonly residualMm: number;
}

/** The table mapping from the markers found (two or more: one marker alone is too small a base to trust). */
export function fitTable(found: readonly FoundMarker[], layout: MarkerLayout, markers: MarkerProfile = TABLE_MARKERS): TableFit {
  if (found.length < 2) throw new RangeError(`found ${found.length} of the 4 table markers; at least 2 are needed`);
  const pairs = markerCorrespondences(found, layout, markers);
  const mapping = new TableMapping(fitHomography(pairs.map((p) => p.image), pairs.map((p) => p.table)));
  const squares = pairs.map((p) => {
    const [x, y] = mapping.toTable(p.image);
    return (x - p.table[0]) ** 2 + (y - p.table[1]) ** 2;
  });
  return { mapping, residualMm: Math.sqrt(squares.reduce((a, b) => a + b, 0) / squares.length) };
}

/**
 * The camera's tilt from straight down, degrees, from the homography alone: square pixels and the
 * principal point at the image centre give the focal length (Zhang's constraints on one view); where
 * the view is too square-on to fix it, a 66 degree field of view is assumed.
 */
export function estimateTilt(mapping: TableMapping, width: number, height: number): { tiltDeg: number; focalPx: number } {
  const shift: Mat3 = [1, 0, -width / 2, 0, 1, -height / 2, 0, 0, 1];
  const h = mul3(shift, mapping.tableToImage);
  const [h11, h12, , h21, h22, , h31, h32] = h;
  // With K = diag(f, f, 1): h1' K^-T K^-1 h2 = 0 and |K^-1 h1| = |K^-1 h2|, linear in w = 1 / f^2.
  const a1 = h11 * h12 + h21 * h22;
  const b1 = h31 * h32;
  const a2 = h11 * h11 + h21 * h21 - h12 * h12 - h22 * h22;
  const b2 = h31 * h31 - h32 * h32;
  const w = -(a1 * b1 + a2 * b2) / (a1 * a1 + a2 * a2);
  const fallback = width / 2 / Math.tan((33 * Math.PI) / 180);
  let f = w > 0 ? 1 / Math.sqrt(w) : fallback;
  if (!(f > width * 0.25 && f < width * 5)) f = fallback;
  const r1 = [h11 / f, h21 / f, h31];
  const r2 = [h12 / f, h22 / f, h32];
  const n = [r1[1]! * r2[2]! - r1[2]! * r2[1]!, r1[2]! * r2[0]! - r1[0]! * r2[2]!, r1[0]! * r2[1]! - r1[1]! * r2[0]!];
  const cos = Math.abs(n[2]!) / Math.hypot(n[0]!, n[1]!, n[2]!);
  return { tiltDeg: (Math.acos(Math.min(1, cos)) * 180) / Math.PI, focalPx: f };
}

export interface TableBounds {
  /** Table mm of the top-down image's top-left corner. */
  readonly x0: number;
  readonly y0: number;
  readonly widthMm: number;
  readonly heightMm: number;
}

/** The region the markers enclose, their paper included. */
export function layoutBounds(layout: MarkerLayout, markers: MarkerProfile = TABLE_MARKERS): TableBounds {
  const reach = layout.sizeMm / 2 + markers.marginMm;
  const xs = layout.centres.map((c) => c[0]);
  const ys = layout.centres.map((c) => c[1]);
  const x0 = Math.min(...xs) - reach;
  const y0 = Math.min(...ys) - reach;
  return { x0, y0, widthMm: Math.max(...xs) + reach - x0, heightMm: Math.max(...ys) + reach - y0 };
}

/** A top-down image of the table and the way back to the frame. */
export interface TopDown {
  readonly image: RgbaImage;
  readonly pxPerMm: number;
  readonly bounds: TableBounds;
  /** Top-down pixel -> table mm. */
  toTable(p: Point): MmPoint;
  /** Top-down pixel -> frame pixel. */
  toFrame(p: Point): Point;
  /** Frame pixel -> top-down pixel. */
  fromFrame(p: Point): Point;
  /** Frame pixels -> top-down pixels, row-major 3 x 3. */
  readonly frameToTopDown: Mat3;
}

/** Opaque black, packed as RGBA pixels are: the top-down view beyond the frame. */
const BEYOND_FRAME = 0xff000000;

/** Warps the frame to a top-down view of `bounds` at `pxPerMm` (cards become 63 x 88 mm rectangles). */
export function topDown(frame: RgbaImage, mapping: TableMapping, bounds: TableBounds, pxPerMm: number): TopDown {
  const scale: Mat3 = [pxPerMm, 0, -bounds.x0 * pxPerMm, 0, pxPerMm, -bounds.y0 * pxPerMm, 0, 0, 1];
  const frameToTopDown = mul3(scale, mapping.imageToTable);
  const topDownToFrame = invert3(frameToTopDown);
  const width = Math.round(bounds.widthMm * pxPerMm);
  const height = Math.round(bounds.heightMm * pxPerMm);
  // OpenCV's warpPerspective (bilinear, a constant border) bit for bit, without copying the frame
  // into OpenCV and the view out of it.
  const out = new Uint32Array(width * height);
  warpLinear(pixelsOf(frame), frame.width, frame.height, frameToTopDown, out, width, height, 4, BEYOND_FRAME);
  return {
    image: { width, height, data: new Uint8Array(out.buffer) },
    pxPerMm,
    bounds,
    toTable: ([u, v]) => [bounds.x0 + u / pxPerMm, bounds.y0 + v / pxPerMm],
    toFrame: ([u, v]) => applyH(topDownToFrame, u, v),
    fromFrame: ([u, v]) => applyH(frameToTopDown, u, v),
    frameToTopDown,
  };
}
