// A pinhole camera over the table plane (z = 0, millimetres, x right, y towards the layout's
// bottom), with a mild radial lens distortion. Table plane -> ideal image is one homography.

export type Vec2 = readonly [number, number];
/** Row-major 3 x 3. */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number];

export interface CameraSpec {
  /** Image size in pixels. */
  readonly width: number;
  readonly height: number;
  /** Horizontal field of view, degrees (phones and webcams: about 60-78). */
  readonly hfovDeg: number;
  /** Height of the lens above the table, mm. */
  readonly heightMm: number;
  /** Angle of the optical axis from straight down, degrees (0-40 in the fixtures). */
  readonly tiltDeg: number;
  /** Which way the camera faces across the table: 0 puts table -y at the image's top. */
  readonly yawDeg: number;
  /** Turn about the optical axis, degrees (a hand-held phone is rarely level). */
  readonly rollDeg: number;
  /** Where the optical axis meets the table, mm. */
  readonly target: Vec2;
  /** Radial distortion: ideal = centre + (p - centre)(1 + k r^2), r in focal lengths; > 0 is barrel. */
  readonly distortion: number;
}

export function mul3(a: Mat3, b: Mat3): Mat3 {
  const r: number[] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) r.push(a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!);
  return r as unknown as Mat3;
}

export function invert3(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-300) throw new RangeError('singular matrix');
  const k = 1 / det;
  return [A * k, -(b * i - c * h) * k, (b * f - c * e) * k, B * k, (a * i - c * g) * k, -(a * f - c * d) * k, C * k, -(a * h - b * g) * k, (a * e - b * d) * k];
}

export function applyH(m: Mat3, x: number, y: number): Vec2 {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

type V3 = [number, number, number];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};

export class Camera {
  readonly spec: CameraSpec;
  /** Focal length in pixels. */
  readonly focalPx: number;
  readonly cx: number;
  readonly cy: number;
  /** Table plane (mm) -> ideal (undistorted) image pixels. */
  readonly tableToIdeal: Mat3;
  readonly idealToTable: Mat3;
  /** The lens centre in table coordinates (mm). */
  readonly position: V3;

  constructor(spec: CameraSpec) {
    this.spec = spec;
    this.focalPx = spec.width / 2 / Math.tan((spec.hfovDeg * Math.PI) / 360);
    this.cx = spec.width / 2;
    this.cy = spec.height / 2;
    const tilt = (spec.tiltDeg * Math.PI) / 180;
    const yaw = (spec.yawDeg * Math.PI) / 180;
    const roll = (spec.rollDeg * Math.PI) / 180;
    // `away`: the table direction that appears at the top of the image.
    const away: V3 = [Math.sin(yaw), -Math.cos(yaw), 0];
    const back = spec.heightMm * Math.tan(tilt);
    const c: V3 = [spec.target[0] - away[0] * back, spec.target[1] - away[1] * back, spec.heightMm];
    this.position = c;
    const forward = norm([spec.target[0] - c[0], spec.target[1] - c[1], -c[2]]);
    const up0: V3 = [away[0] * Math.cos(tilt), away[1] * Math.cos(tilt), Math.sin(tilt)];
    const right0 = cross(up0, forward);
    const right: V3 = [0, 1, 2].map((i) => right0[i]! * Math.cos(roll) + up0[i]! * Math.sin(roll)) as V3;
    const up: V3 = [0, 1, 2].map((i) => up0[i]! * Math.cos(roll) - right0[i]! * Math.sin(roll)) as V3;
    const F = this.focalPx;
    const rc = dot(right, c);
    const uc = dot(up, c);
    const fc = dot(forward, c);
    this.tableToIdeal = [
      F * right[0] + this.cx * forward[0], F * right[1] + this.cx * forward[1], -(F * rc + this.cx * fc),
      -F * up[0] + this.cy * forward[0], -F * up[1] + this.cy * forward[1], F * uc - this.cy * fc,
      forward[0], forward[1], -fc,
    ];
    this.idealToTable = invert3(this.tableToIdeal);
  }

  /** Distorted image pixel -> ideal pixel (the cheap direction, used per pixel by the warp). */
  undistort(u: number, v: number): Vec2 {
    const k = this.spec.distortion;
    if (k === 0) return [u, v];
    const dx = (u - this.cx) / this.focalPx;
    const dy = (v - this.cy) / this.focalPx;
    const s = 1 + k * (dx * dx + dy * dy);
    return [this.cx + dx * s * this.focalPx, this.cy + dy * s * this.focalPx];
  }

  /** Ideal pixel -> distorted image pixel (fixed-point iteration; k is small). */
  distort(u: number, v: number): Vec2 {
    const k = this.spec.distortion;
    if (k === 0) return [u, v];
    const ux = (u - this.cx) / this.focalPx;
    const uy = (v - this.cy) / this.focalPx;
    let dx = ux;
    let dy = uy;
    for (let i = 0; i < 20; i++) {
      const s = 1 + k * (dx * dx + dy * dy);
      dx = ux / s;
      dy = uy / s;
    }
    return [this.cx + dx * this.focalPx, this.cy + dy * this.focalPx];
  }

  /** Table point (mm) -> image pixel, as the photo shows it. */
  project(x: number, y: number): Vec2 {
    const [u, v] = applyH(this.tableToIdeal, x, y);
    return this.distort(u, v);
  }

  /** Depth of a table point along the optical axis (> 0 in front of the lens). */
  depth(x: number, y: number): number {
    const m = this.tableToIdeal;
    return m[6] * x + m[7] * y + m[8];
  }

  /** Image pixel -> the table point seen there (mm). */
  tableAt(u: number, v: number): Vec2 {
    const [iu, iv] = this.undistort(u, v);
    return applyH(this.idealToTable, iu, iv);
  }

  /** Image pixels per table millimetre around an image point (the larger axis). */
  pxPerMmAt(u: number, v: number): number {
    const [x, y] = this.tableAt(u, v);
    const [u1, v1] = this.project(x + 1, y);
    const [u2, v2] = this.project(x, y + 1);
    return Math.max(Math.hypot(u1 - u, v1 - v), Math.hypot(u2 - u, v2 - v));
  }

  /** Whether every image ray meets the table in front of the lens (false when tilted towards the horizon). */
  seesOnlyTable(): boolean {
    for (const [u, v] of this.boundary(8)) {
      const [iu, iv] = this.undistort(u, v);
      const m = this.idealToTable;
      const w = m[6] * iu + m[7] * iv + m[8];
      if (!(w > 0)) return false;
    }
    return true;
  }

  /** Points round the image border, `perSide` a side. */
  boundary(perSide: number): Vec2[] {
    const { width: w, height: h } = this.spec;
    const points: Vec2[] = [];
    for (let i = 0; i < perSide; i++) {
      const t = i / perSide;
      points.push([t * w, 0], [w, t * h], [w - t * w, h], [0, h - t * h]);
    }
    return points;
  }
}
