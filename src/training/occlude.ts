// Things over a card that the renderer draws too rarely to learn from: a lamp's glare spot, a coin,
// fingers, a sleeve, a phone's edge, the frame's edge (where a cut replicates the last row of
// pixels). Painted onto a cut card under the card's own light, so the reader sees many covered
// cards and learns to say it cannot tell (the identity label stays the truth: what is hidden is
// simply uncertain).
import type { Random } from '../rules/random.js';
import type { RgbaImage } from '../vision/image.js';
import { paperColour } from '../vision/read/features.js';

const PAPER = [247, 245, 238] as const;
const COINS = [
  [184, 115, 51],
  [192, 192, 192],
  [212, 175, 55],
  [169, 169, 160],
] as const;
const SKINS = [
  [224, 172, 140],
  [198, 134, 96],
  [141, 85, 54],
  [255, 219, 172],
  [160, 110, 80],
  [234, 192, 160],
] as const;

const between = (random: Random, lo: number, hi: number): number => lo + (hi - lo) * random();
const pickOf = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Distance from p to the segment a-b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

export interface Occluded {
  readonly image: RgbaImage;
  /** Share of the cut covered. */
  readonly covered: number;
}

/** One occluder painted over a copy of the card. */
export function occlude(card: RgbaImage, random: Random): Occluded {
  const { width: W, height: H } = card;
  const src = card.data;
  const data = new Uint8Array(src);
  const paper = paperColour(src, W * H);
  // The occluder lies in the same light as the card: the paper's cast applies to it too.
  const cast = [0, 1, 2].map((c) => Math.max(0.3, Math.min(1.4, paper[c]! / PAPER[c]!)));
  let covered = 0;
  const paint = (x: number, y: number, alpha: number, rgb: readonly number[]): void => {
    if (alpha <= 0) return;
    const a = Math.min(1, alpha);
    const p = (y * W + x) * 4;
    for (let c = 0; c < 3; c++) data[p + c] = Math.max(0, Math.min(255, data[p + c]! * (1 - a) + rgb[c]! * cast[c]! * a));
    covered += a;
  };
  const side = Math.floor(random() * 4);
  const kind = random();
  if (kind < 0.4) return glare(card, random);
  if (kind < 0.55) {
    const cx = between(random, 0, W);
    const cy = between(random, 0, H);
    const r = between(random, 8, 13.5);
    const tint = pickOf(random, COINS);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        if (d > r + 1) continue;
        const rho = d / r;
        const hl = Math.max(0, 1 - Math.hypot(x + 0.5 - (cx - 0.35 * r), y + 0.5 - (cy - 0.35 * r)) / (0.6 * r));
        const rim = rho > 0.8 && rho < 0.9 ? 0.6 : 1;
        const shade = (1 - 0.45 * rho) * rim;
        paint(x, y, r + 0.5 - d, tint.map((t) => t * shade + 255 * hl * 0.6));
      }
    }
  } else if (kind < 0.75) {
    // Fingers (or one sleeve) reaching in from an edge.
    const sleeve = kind > 0.65;
    const count = sleeve ? 1 : 1 + Math.floor(random() * 4);
    const width = sleeve ? between(random, 24, 44) : between(random, 11, 18);
    const colour = sleeve ? [between(random, 20, 240), between(random, 20, 240), between(random, 20, 240)] : pickOf(random, SKINS);
    const angle = between(random, -0.5, 0.5) + [Math.PI / 2, Math.PI, -Math.PI / 2, 0][side]!;
    const depth = between(random, 8, sleeve ? 40 : 55);
    const [ex, ey] = (
      [
        [between(random, 0, W), -20],
        [W + 20, between(random, 0, H)],
        [between(random, 0, W), H + 20],
        [-20, between(random, 0, H)],
      ] as const
    )[side]!;
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    const reach = 20 + depth;
    for (let f = 0; f < count; f++) {
      const shift = (f - (count - 1) / 2) * width * 1.05;
      const ax = ex - uy * shift;
      const ay = ey + ux * shift;
      const len = reach * (f === 0 || f === count - 1 ? 0.85 : 1);
      const bx = ax + ux * len;
      const by = ay + uy * len;
      const half = width / 2;
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const d = segmentDistance(x + 0.5, y + 0.5, ax, ay, bx, by);
          if (d > half + 1) continue;
          const shade = 0.72 + 0.28 * Math.cos((Math.PI / 2) * Math.min(1, d / half));
          paint(x, y, half + 0.5 - d, colour.map((c) => c * shade));
        }
      }
    }
  } else if (kind < 0.87) {
    // A phone's edge: dark glass in a thin body, straight across from one side.
    const depth = between(random, 8, 35);
    const body = pickOf(random, [[26, 26, 28], [43, 45, 51], [232, 230, 225], [58, 74, 92]] as const);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const d = [y, W - 1 - x, H - 1 - y, x][side]!;
        if (d > depth + 1) continue;
        const glass = depth - d > 3;
        paint(x, y, depth + 0.5 - d, glass ? [22, 24, 28] : body);
      }
    }
  } else {
    // The frame's edge: past it a cut repeats the last pixels (OpenCV's replicated border).
    const depth = Math.floor(between(random, 5, 30));
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const d = [y, W - 1 - x, H - 1 - y, x][side]!;
        if (d >= depth) continue;
        const [sx, sy] = (
          [
            [x, depth],
            [W - 1 - depth, y],
            [x, H - 1 - depth],
            [depth, y],
          ] as const
        )[side]!;
        const p = (y * W + x) * 4;
        const q = (sy * W + sx) * 4;
        data[p] = src[q]!;
        data[p + 1] = src[q + 1]!;
        data[p + 2] = src[q + 2]!;
        covered++;
      }
    }
  }
  return { image: { width: W, height: H, data }, covered: covered / (W * H) };
}

const TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => Math.pow(i / 255, 2.2));

/** Linear light back to sRGB with a phone's soft highlight roll-off above 0.75. */
function toneOf(x: number): number {
  let y = x;
  if (y > 0.75) y = 0.75 + 0.25 * (1 - Math.exp(-(y - 0.75) / 0.25));
  return Math.round(255 * Math.pow(Math.min(1, Math.max(0, y)), 1 / 2.2));
}

/**
 * A lamp's reflection on the glossy card: white light added in linear light, a flat bright core in
 * a faint halo (as the renderer draws it), washing out whatever ink lies under it.
 */
export function glare(card: RgbaImage, random: Random): Occluded {
  const { width: W, height: H } = card;
  const data = new Uint8Array(card.data);
  const cx = between(random, 0, W);
  const cy = between(random, 0, H);
  const rx = between(random, 6, 40);
  const ry = rx * between(random, 0.4, 1);
  const angle = between(random, 0, Math.PI);
  const strength = between(random, 0.3, 2.2);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let covered = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const du = x + 0.5 - cx;
      const dv = y + 0.5 - cy;
      const a = (du * cos + dv * sin) / rx;
      const b = (-du * sin + dv * cos) / ry;
      const d2 = a * a + b * b;
      if (d2 >= 16) continue;
      const light = strength * (Math.exp(-d2 * d2 * 1.5) + Math.exp(-d2 * 0.6) * 0.08);
      if (light < 0.002) continue;
      if (light > 0.5) covered++;
      const p = (y * W + x) * 4;
      for (let c = 0; c < 3; c++) data[p + c] = toneOf(TO_LINEAR[data[p + c]!]! + light);
    }
  }
  return { image: { width: W, height: H, data }, covered: covered / (W * H) };
}
