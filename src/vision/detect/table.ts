// The table plane: a homography from frame pixels to table mm, found from lone cards. With it every
// card in the frame has a known size, which is what splits touching cards apart.
import { fitCameraPlane } from './camera.js';
import { applyHomography, centroid, dist, fitAffine, fitHomography, homography, hypot, polygonArea, type Homography, type Vec } from './geometry.js';
import { PLANE } from './snap-params.js';

/** A card's size on the table, in mm. */
export interface CardSize {
  readonly widthMm: number;
  readonly heightMm: number;
}

/** A table plane and how well the cards support it. */
export interface TablePlane {
  /** Frame pixels -> table mm. */
  readonly toTable: Homography;
  /** How many lone cards agree with it. */
  readonly cards: number;
  /**
   * With only a card or two, the same plane without perspective: a few corners' error can send the
   * perspective far off a few cards away, where an affine map stays near. The caller tries both.
   */
  readonly flat?: Homography;
}

/** The plane to lay card-sized rectangles on: the flat one where there is one (as good near its few cards, truer further off). */
export function flatFirst(plane: TablePlane | null): Homography | null {
  return plane ? (plane.flat ?? plane.toTable) : null;
}

/** The rectangle (mm) a quad (portrait, clockwise) would be if it is one card. */
export function cardRectangle(size: CardSize): Vec[] {
  return [
    [0, 0],
    [size.widthMm, 0],
    [size.widthMm, size.heightMm],
    [0, size.heightMm],
  ];
}

/**
 * The table plane from lone cards' portrait quads: the plane most quads agree with, refit on them all,
 * with `frame` as a camera sees the table (camera.ts). From one card that refit needs `cameraFromOneCard`;
 * else the card's own homography stands, corner errors and all. Null without any quad.
 */
export function tablePlane(quads: readonly (readonly Vec[])[], size: CardSize, quality?: readonly number[], frame?: { width: number; height: number }, cameraFromOneCard = false, upright?: readonly boolean[]): TablePlane | null {
  if (quads.length === 0) return null;
  const rect = cardRectangle(size);
  // Ties go to the best-outlined card, or the largest without a measure of quality.
  const quality_ = (i: number): number => (quality ? quality[i]! : polygonArea(quads[i]!));
  // The plane that makes `q` a card, and the quads it makes card-shaped.
  const propose = (q: readonly Vec[]): { h: Homography; agree: number[]; error: number } | null => {
    const h = homography(q, rect);
    if (!h) return null;
    const agree: number[] = [];
    let error = 0;
    quads.forEach((other, k) => {
      const e = cardShapeErrorUnder(h, other, size);
      if (!(e < PLANE.cardShaped * size.widthMm)) return;
      agree.push(k);
      error += e;
    });
    return agree.length === 0 ? null : { h, agree, error: error / agree.length };
  };
  let best: { h: Homography; agree: number[]; error: number; quality: number; quad: readonly Vec[] } | null = null;
  // A card far off in a tilted view can look wider than long: try each quad both ways round, unless `upright`.
  for (const [index, q] of quads.flatMap((q, i) => (upright?.[i] ? [[i, q] as const] : [[i, q] as const, [i, turnedOnce(q)] as const]))) {
    const proposed = propose(q);
    if (!proposed) continue;
    const { h, agree, error } = proposed;
    const quality = quality_(index);
    const better = !best || agree.length > best.agree.length || (agree.length === best.agree.length && (error < best.error - PLANE.tie || (Math.abs(error - best.error) <= PLANE.tie && quality > best.quality)));
    if (better) best = { h, agree, error, quality, quad: q };
  }
  if (!best) return null;
  // Fit a card rectangle to where the plane puts each agreeing quad, then refit the plane to them all.
  // Null where the first fit fails.
  const refit = (start: Homography, agree: readonly number[], fit: (from: Vec[], to: Vec[]) => Homography | null): Homography | null => {
    let h = start;
    for (let round = 0; round < PLANE.refits; round++) {
      const from: Vec[] = [];
      const to: Vec[] = [];
      for (const k of agree) {
        const q = orientOnTable(quads[k]!, h);
        const onTable = q.map((p) => applyHomography(h, p));
        const ideal = fitRectangle(onTable, size);
        from.push(...q);
        to.push(...ideal);
      }
      const next = fit(from, to);
      if (!next) return round === 0 ? null : h;
      h = next;
    }
    return h;
  };
  let { h: start, agree } = best;
  let h = start;
  if (agree.length > 1 || cameraFromOneCard) {
    // As a camera sees the table. Cards all turned alike agree as well on a plane that takes each the
    // wrong way round, which no camera sees: then the best card is tried the other way round.
    const camera = frame
      ? (from: Vec[], to: Vec[]): Homography | null => {
          const free = fitHomography(from, to);
          return free && fitCameraPlane(from, to, frame, free);
        }
      : null;
    const seen = camera && refit(start, agree, camera);
    const other = camera && !seen ? propose(turnedOnce(best.quad)) : null;
    const otherSeen = other && other.agree.length >= agree.length ? refit(other.h, other.agree, camera!) : null;
    if (seen) h = seen;
    else if (other && otherSeen) {
      h = otherSeen;
      start = other.h;
      agree = other.agree;
    } else h = refit(start, agree, fitHomography) ?? start;
  }
  const flat = agree.length <= PLANE.fewCards ? (refit(start, agree, fitAffine) ?? start) : null;
  return flat ? { toTable: h, cards: agree.length, flat } : { toTable: h, cards: agree.length };
}

/** The quad started a corner further round, its long side taken for its short. */
function turnedOnce(q: readonly Vec[]): Vec[] {
  return [q[1]!, q[2]!, q[3]!, q[0]!];
}

/** How far a quad on the table is from a card's size (mm): the mean side error, either way round. */
export function cardShapeError(t: readonly Vec[], size: CardSize): number {
  return shapeError(shortSideFirst(t), size);
}

/** cardShapeError of a frame quad mapped by `h`, to the last bit, with no array made: tablePlane calls it n^2 times. */
export function cardShapeErrorUnder(h: Homography, quad: readonly Vec[], size: CardSize): number {
  const xs = MAPPED_X;
  const ys = MAPPED_Y;
  for (let i = 0; i < 4; i++) {
    const p = quad[i]!;
    const w = h[6]! * p[0] + h[7]! * p[1] + h[8]!;
    xs[i] = (h[0]! * p[0] + h[1]! * p[1] + h[2]!) / w;
    ys[i] = (h[3]! * p[0] + h[4]! * p[1] + h[5]!) / w;
  }
  const sides = SIDES;
  for (let i = 0; i < 4; i++) sides[i] = hypot(xs[i]! - xs[(i + 1) % 4]!, ys[i]! - ys[(i + 1) % 4]!);
  // shortSideFirst: start where the first side is a short one; then shapeError.
  const start = sides[0]! + sides[2]! <= sides[1]! + sides[3]! ? 0 : 1;
  let e = 0;
  for (let i = 0; i < 4; i++) e += Math.abs(sides[(start + i) % 4]! - (i % 2 === 0 ? size.widthMm : size.heightMm));
  return e / 4;
}
const MAPPED_X = new Float64Array(4);
const MAPPED_Y = new Float64Array(4);
const SIDES = new Float64Array(4);

/** The quad on the table started at a corner where its first side is a short one. */
export function shortSideFirst(t: readonly Vec[]): Vec[] {
  return shortFirst(t) ? [...t] : [t[1]!, t[2]!, t[3]!, t[0]!];
}

/** How far a quad on the table is from a card's size (mm): the mean side error. */
function shapeError(t: readonly Vec[], size: CardSize): number {
  let e = 0;
  for (let i = 0; i < 4; i++) {
    const a = t[i]!;
    const b = t[(i + 1) % 4]!;
    e += Math.abs(dist(a, b) - (i % 2 === 0 ? size.widthMm : size.heightMm));
  }
  return e / 4;
}

/** The quad started where its first side is short on the table, not in the foreshortened image. */
export function orientOnTable(q: readonly Vec[], toTable: Homography): Vec[] {
  return shortFirst(q.map((p) => applyHomography(toTable, p))) ? [...q] : [q[1]!, q[2]!, q[3]!, q[0]!];
}

/** Whether a quad's first side (on the table, `t`) is a short one. */
function shortFirst(t: readonly Vec[]): boolean {
  const side = (i: number): number => dist(t[i]!, t[(i + 1) % 4]!);
  return side(0) + side(2) <= side(1) + side(3);
}

/** The card-sized rectangle best matching four table points (same order): centre and turn. */
export function fitRectangle(points: readonly Vec[], size: CardSize): Vec[] {
  const c = centroid(points);
  const local = cardRectangle(size).map(([x, y]) => [x - size.widthMm / 2, y - size.heightMm / 2] as const);
  // Procrustes angle between the ideal corners and the observed ones, about their centres.
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = local[i]!;
    const bx = points[i]![0] - c[0];
    const by = points[i]![1] - c[1];
    sxx += ax * bx + ay * by;
    sxy += ax * by - ay * bx;
  }
  const angle = Math.atan2(sxy, sxx);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return local.map(([x, y]) => [c[0] + x * cos - y * sin, c[1] + x * sin + y * cos] as const);
}
