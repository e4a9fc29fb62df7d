// The table plane as a pinhole camera sees it (square pixels, centre at the frame's). A free
// homography from cards in one part of the frame leaves its perspective loose; the camera's one
// unknown, its focal length held near a usual lens's, lets the cards' foreshortening tell the rest.
import { applyHomography, invertHomography, multiplyHomography, solve, type Homography, type Vec } from './geometry.js';
import { PLANE } from './snap-params.js';

type Matrix3 = [number, number, number, number, number, number, number, number, number];

/** A pinhole camera over the table: focal length (px), turn, and place (table mm). */
interface Camera {
  readonly focal: number;
  /** Rotation, row-major: table axes to camera axes. */
  readonly rotation: Matrix3;
  readonly translation: readonly [number, number, number];
}

/**
 * The frame -> table homography of the camera that best takes the `table` points (mm) to the
 * `frame` points (px), starting from a free homography `start` (frame -> table) that roughly does;
 * null where the start gives no camera (points on a line, the table behind the camera).
 */
export function fitCameraPlane(frame: readonly Vec[], table: readonly Vec[], size: { width: number; height: number }, start: Homography): Homography | null {
  const centre: Vec = [size.width / 2, size.height / 2];
  const toFrame = invertHomography(start);
  if (!toFrame) return null;
  let camera = cameraOf(toFrame, centre, size.width);
  if (!camera) return null;
  const fit: CameraFit = { frame, table, centre, usual: Math.log(PLANE.usualFocal * size.width) };
  let r = residualsOf(fit, camera);
  if (!r) return null;
  let cost = sumSquares(r);
  let damping: number = PLANE.damping;
  // Levenberg-Marquardt over the focal length's log, a small turn and the translation.
  for (let iteration = 0; iteration < PLANE.iterations; iteration++) {
    const shift = PLANE.shiftStep * Math.abs(camera.translation[2]);
    const steps = [PLANE.focalStep, PLANE.turnStep, PLANE.turnStep, PLANE.turnStep, shift, shift, shift];
    const columns: number[][] = [];
    for (let k = 0; k < 7; k++) {
      const moved = residualsOf(fit, nudge(camera, k, steps[k]!));
      if (!moved) return null;
      columns.push(moved.map((v, i) => (v - r![i]!) / steps[k]!));
    }
    const { jtj, jtr } = normalEquations(columns, r);
    let improved = false;
    for (let attempt = 0; attempt < PLANE.attempts && !improved; attempt++) {
      const damped = jtj.map((row, i) => row.map((v, j) => (i === j ? v * (1 + damping) + PLANE.ridge : v)));
      const delta = solve(damped, jtr);
      if (!delta) break;
      const next = step(camera, delta);
      const nr = residualsOf(fit, next);
      const nextCost = nr ? sumSquares(nr) : Infinity;
      if (nextCost < cost) {
        const gain = cost - nextCost;
        camera = next;
        r = nr!;
        cost = nextCost;
        damping = Math.max(damping / PLANE.dampingDown, PLANE.leastDamping);
        improved = true;
        if (gain < PLANE.converged * cost) iteration = Infinity;
      } else damping *= PLANE.dampingUp;
    }
    if (!improved) break;
  }
  // A plane no camera sees: stretched along one axis, where cards all turned alike were taken the
  // wrong way round (the long side for the short), which a free homography holds as well.
  const spread = (points: readonly (Vec | null)[]): number => Math.sqrt(points.reduce((s, p, i) => s + (p ? (p[0] - frame[i]![0]) ** 2 + (p[1] - frame[i]![1]) ** 2 : Infinity), 0) / frame.length);
  const own = spread(table.map((p) => project(camera, centre, p)));
  const free = spread(table.map((p) => applyHomography(toFrame, p)));
  if (!(own <= PLANE.freeMargin * free + (frame.length > 4 ? PLANE.freeSlack : PLANE.oneCardSlack))) return null;
  return invertHomography(homographyOf(camera, centre));
}

/** What a camera is fitted to: frame and table points, the frame's centre, the usual focal length's log. */
interface CameraFit {
  readonly frame: readonly Vec[];
  readonly table: readonly Vec[];
  readonly centre: Vec;
  readonly usual: number;
}

/**
 * Residuals in standard deviations: each corner's two, and the focal length's distance from the
 * usual; null where a point falls behind the camera. At module level, as it runs hot (docs/vision.md).
 */
function residualsOf(fit: CameraFit, c: Camera): number[] | null {
  const { frame, table, centre, usual } = fit;
  const out: number[] = [];
  for (let i = 0; i < table.length; i++) {
    const p = project(c, centre, table[i]!);
    if (!p) return null;
    out.push((p[0] - frame[i]![0]) / PLANE.cornerNoise, (p[1] - frame[i]![1]) / PLANE.cornerNoise);
  }
  out.push((Math.log(c.focal) - usual) / PLANE.focalSpread);
  return out;
}

/** The Gauss-Newton normal equations J^T J and -J^T r, from J's columns (loops, as it runs hot). */
function normalEquations(columns: readonly number[][], r: readonly number[]): { jtj: number[][]; jtr: number[] } {
  const jtj: number[][] = [];
  const jtr: number[] = [];
  for (const a of columns) {
    const row: number[] = [];
    for (const b of columns) row.push(dot(a, b));
    jtj.push(row);
    jtr.push(-dot(a, r));
  }
  return { jtj, jtr };
}

/** The camera a table -> frame homography implies, the focal length from its perspective where usable. */
function cameraOf(h: Homography, centre: Vec, width: number): Camera | null {
  // Move the frame's origin to its centre.
  const g = [h[0]! - centre[0] * h[6]!, h[1]! - centre[0] * h[7]!, h[2]! - centre[0] * h[8]!, h[3]! - centre[1] * h[6]!, h[4]! - centre[1] * h[7]!, h[5]! - centre[1] * h[8]!, h[6]!, h[7]!, h[8]!];
  // Square pixels: the two table axes' images are square to each other and as long (Zhang), for 1/f^2.
  const a1 = g[0]! * g[1]! + g[3]! * g[4]!;
  const b1 = g[6]! * g[7]!;
  const a2 = g[0]! * g[0]! + g[3]! * g[3]! - g[1]! * g[1]! - g[4]! * g[4]!;
  const b2 = g[6]! * g[6]! - g[7]! * g[7]!;
  const w = -(a1 * b1 + a2 * b2) / (a1 * a1 + a2 * a2);
  const fromPerspective = w > 0 ? 1 / Math.sqrt(w) : NaN;
  const focal = fromPerspective > PLANE.leastFocal * width && fromPerspective < PLANE.mostFocal * width ? fromPerspective : PLANE.usualFocal * width;
  const c1 = [g[0]! / focal, g[3]! / focal, g[6]!];
  const c2 = [g[1]! / focal, g[4]! / focal, g[7]!];
  const c3 = [g[2]! / focal, g[5]! / focal, g[8]!];
  let scale = 2 / (norm(c1) + norm(c2));
  // The table lies in front of the camera.
  if (c3[2]! * scale < 0) scale = -scale;
  const r1 = normalised(c1.map((v) => v * scale));
  const r2raw = c2.map((v) => v * scale);
  const r2 = normalised(r2raw.map((v, i) => v - dot(r1, r2raw) * r1[i]!));
  const r3 = cross(r1, r2);
  if (![...r1, ...r2].every(Number.isFinite)) return null;
  // Columns r1 r2 r3.
  const rotation: Matrix3 = [r1[0]!, r2[0]!, r3[0]!, r1[1]!, r2[1]!, r3[1]!, r1[2]!, r2[2]!, r3[2]!];
  return { focal, rotation, translation: [c3[0]! * scale, c3[1]! * scale, c3[2]! * scale] };
}

function project(c: Camera, centre: Vec, p: Vec): Vec | null {
  const R = c.rotation;
  const x = R[0] * p[0] + R[1] * p[1] + c.translation[0];
  const y = R[3] * p[0] + R[4] * p[1] + c.translation[1];
  const z = R[6] * p[0] + R[7] * p[1] + c.translation[2];
  if (!(z > 0)) return null;
  return [centre[0] + (c.focal * x) / z, centre[1] + (c.focal * y) / z];
}

function homographyOf(c: Camera, centre: Vec): Homography {
  const R = c.rotation;
  const [tx, ty, tz] = c.translation;
  const f = c.focal;
  // K [r1 r2 t] with the frame's origin moved back to its corner.
  return [f * R[0] + centre[0] * R[6], f * R[1] + centre[0] * R[7], f * tx + centre[0] * tz, f * R[3] + centre[1] * R[6], f * R[4] + centre[1] * R[7], f * ty + centre[1] * tz, R[6], R[7], tz];
}

/** Parameter k moved by d: 0 the focal length's log, 1-3 a turn about the camera's axes, 4-6 the translation. */
function nudge(c: Camera, k: number, d: number): Camera {
  const delta = [0, 0, 0, 0, 0, 0, 0];
  delta[k] = d;
  return step(c, delta);
}

function step(c: Camera, d: readonly number[]): Camera {
  const turn = rodrigues(d[1]!, d[2]!, d[3]!);
  return {
    focal: c.focal * Math.exp(d[0]!),
    rotation: multiplyHomography(turn, c.rotation) as Matrix3,
    translation: [c.translation[0] + d[4]!, c.translation[1] + d[5]!, c.translation[2] + d[6]!],
  };
}

function rodrigues(x: number, y: number, z: number): Matrix3 {
  const angle = Math.hypot(x, y, z);
  if (angle < 1e-15) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const [u, v, w] = [x / angle, y / angle, z / angle];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  return [t * u * u + c, t * u * v - s * w, t * u * w + s * v, t * u * v + s * w, t * v * v + c, t * v * w - s * u, t * u * w - s * v, t * v * w + s * u, t * w * w + c];
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

const norm = (a: readonly number[]): number => Math.sqrt(dot(a, a));
const normalised = (a: readonly number[]): number[] => a.map((v) => v / norm(a));
const cross = (a: readonly number[], b: readonly number[]): number[] => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
const sumSquares = (r: readonly number[]): number => dot(r, r);
