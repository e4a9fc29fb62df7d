// The conditions a frame is photographed under (camera, light, table top, clutter), drawn at
// random from ranges a phone or webcam over a real table plausibly shows.
import { randomInt, type Random } from '../rules/random.js';
import { BACKGROUNDS, type BackgroundKind } from './background.js';
import { Camera, type CameraSpec, type Vec2 } from './camera.js';
import { pick, uniform } from './scene.js';

export const DISTRACTORS = ['hand', 'sleeve', 'coins', 'phone', 'deck'] as const;
export type Distractor = (typeof DISTRACTORS)[number];
export const WHITE_BALANCES = ['neutral', 'warm', 'cool'] as const;
export type WhiteBalance = (typeof WHITE_BALANCES)[number];
export const SIZES: readonly (readonly [number, number])[] = [
  [1280, 720],
  [1920, 1080],
];

export interface PhotoConditions {
  readonly width: number;
  readonly height: number;
  readonly hfovDeg: number;
  /** 0 = straight down; up to 40. */
  readonly tiltDeg: number;
  readonly yawDeg: number;
  readonly rollDeg: number;
  /** Radial lens distortion (> 0 barrel), see CameraSpec. */
  readonly distortion: number;
  /** Share of the frame the cards span (the camera height follows from it). */
  readonly fill: number;
  /** The layout's centre off the frame's centre, as shares of the frame. */
  readonly offset: Vec2;
  readonly background: BackgroundKind;
  readonly backgroundVariant: number;
  readonly backgroundAngleDeg: number;
  /** Overall brightness multiplier. */
  readonly exposure: number;
  /** Uneven light: 0 even .. 0.5 one side half as bright. */
  readonly unevenLight: number;
  /** Where the light comes from across the table, degrees. */
  readonly lightDeg: number;
  /** Darkness of soft cast shadows (the photographer, a lamp arm): 0 none .. 0.5. */
  readonly shadows: number;
  /** Strength of glare spots (a lamp on glossy cards): 0 none .. 1. */
  readonly glare: number;
  /** Corner darkening: 0 none .. 0.5. */
  readonly vignetting: number;
  readonly whiteBalance: WhiteBalance;
  /** How far the white balance is off (0 .. 1; 1 is a strong tungsten or shade cast). */
  readonly wbStrength: number;
  /** Lens blur, Gaussian sigma in pixels (0 = sharp). */
  readonly blurSigma: number;
  /** Camera shake: a streak this many pixels long (0 = none), at this angle. */
  readonly shakePx: number;
  readonly shakeDeg: number;
  /** The phone's sharpening after the lens (unsharp mask strength, 0 = none). */
  readonly sharpen: number;
  /** The phone's colour processing: saturation multiplier (1 = as the light made it). */
  readonly saturation: number;
  /** Sensor noise, standard deviation in 8-bit levels at mid grey. */
  readonly noise: number;
  readonly jpegQuality: number;
  readonly distractors: readonly Distractor[];
}

/** Random conditions; `overrides` pin any of them. */
export function randomConditions(random: Random, overrides: Partial<PhotoConditions> = {}): PhotoConditions {
  const [width, height] = pick(random, SIZES);
  const whiteBalance = pick(random, WHITE_BALANCES);
  const distractors: Distractor[] = [];
  if (random() < 0.3) distractors.push(pick(random, ['hand', 'sleeve'] as const));
  if (random() < 0.25) distractors.push('coins');
  if (random() < 0.15) distractors.push('phone');
  if (random() < 0.3) distractors.push('deck');
  const base: PhotoConditions = {
    width,
    height,
    hfovDeg: uniform(random, 58, 76),
    tiltDeg: random() < 0.25 ? uniform(random, 0, 8) : uniform(random, 0, 40),
    yawDeg: uniform(random, -25, 25) + pick(random, [0, 0, 90, 180, 270]),
    rollDeg: uniform(random, -6, 6),
    distortion: uniform(random, 0, 0.06),
    fill: uniform(random, 0.62, 1),
    offset: [uniform(random, -0.08, 0.08), uniform(random, -0.08, 0.08)],
    background: pick(random, BACKGROUNDS),
    backgroundVariant: randomInt(random, 5),
    backgroundAngleDeg: uniform(random, 0, 360),
    exposure: uniform(random, 0.78, 1.12),
    unevenLight: uniform(random, 0, 0.45),
    lightDeg: uniform(random, 0, 360),
    shadows: random() < 0.4 ? uniform(random, 0.15, 0.45) : 0,
    glare: random() < 0.35 ? uniform(random, 0.3, 1) : 0,
    vignetting: uniform(random, 0, 0.45),
    whiteBalance,
    wbStrength: whiteBalance === 'neutral' ? uniform(random, 0, 0.15) : uniform(random, 0.3, 1),
    blurSigma: random() < 0.2 ? 0 : uniform(random, 0.4, 1.8),
    noise: uniform(random, 0.5, 6),
    jpegQuality: 60 + randomInt(random, 36),
    distractors,
    shakePx: random() < 0.2 ? uniform(random, 1.5, 5) : 0,
    shakeDeg: uniform(random, 0, 180),
    sharpen: random() < 0.4 ? uniform(random, 0.3, 1.5) : 0,
    saturation: uniform(random, 0.85, 1.2),
  };
  return { ...base, ...overrides };
}

/** A clean photograph: no light effects, clutter, blur, noise or lens distortion (tests, diagrams). */
export function plainConditions(overrides: Partial<PhotoConditions> = {}): PhotoConditions {
  return {
    width: 640,
    height: 360,
    hfovDeg: 66,
    tiltDeg: 0,
    yawDeg: 0,
    rollDeg: 0,
    distortion: 0,
    fill: 0.8,
    offset: [0, 0],
    background: 'plain',
    backgroundVariant: 4,
    backgroundAngleDeg: 0,
    exposure: 1,
    unevenLight: 0,
    lightDeg: 0,
    shadows: 0,
    glare: 0,
    vignetting: 0,
    whiteBalance: 'neutral',
    wbStrength: 0,
    blurSigma: 0,
    shakePx: 0,
    shakeDeg: 0,
    sharpen: 0,
    saturation: 1,
    noise: 0,
    jpegQuality: 95,
    distractors: [],
    ...overrides,
  };
}

/**
 * A camera that frames the given table points: the height and aim found so the points span
 * `fill` of the frame around its centre (plus `offset`), at the conditions' tilt, yaw and roll.
 */
export function frameCamera(points: readonly Vec2[], c: PhotoConditions): Camera {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  let target: Vec2 = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  let heightMm = 600;
  const spec = (): CameraSpec => ({
    width: c.width,
    height: c.height,
    hfovDeg: c.hfovDeg,
    heightMm,
    tiltDeg: c.tiltDeg,
    yawDeg: c.yawDeg,
    rollDeg: c.rollDeg,
    target,
    distortion: c.distortion,
  });
  let camera = new Camera(spec());
  for (let i = 0; i < 12; i++) {
    const projected = points.map(([x, y]) => camera.project(x, y));
    const us = projected.map((p) => p[0]);
    const vs = projected.map((p) => p[1]);
    const u0 = Math.min(...us);
    const u1 = Math.max(...us);
    const v0 = Math.min(...vs);
    const v1 = Math.max(...vs);
    const span = Math.max((u1 - u0) / c.width, (v1 - v0) / c.height);
    // A phone or webcam over a table sits 35 cm up or more: small tables are not filled edge to edge.
    heightMm = Math.min(1600, Math.max(350, heightMm * (span / c.fill)));
    // Aim: move the target by the table offset between the points' centre and the wanted centre.
    const want: Vec2 = [c.width * (0.5 - c.offset[0]), c.height * (0.5 - c.offset[1])];
    const [ax, ay] = camera.tableAt((u0 + u1) / 2, (v0 + v1) / 2);
    const [bx, by] = camera.tableAt(want[0], want[1]);
    target = [target[0] + (ax - bx), target[1] + (ay - by)];
    camera = new Camera(spec());
  }
  return camera;
}
