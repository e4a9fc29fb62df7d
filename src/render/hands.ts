// Hands and sleeves reaching over the table, drawn in image space (they are above the table, not
// on it). Their alpha is also the occluder mask the truth is measured against.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Random } from '../rules/random.js';
import type { Vec2 } from './camera.js';
import { pick, uniform } from './scene.js';

export interface HandSpec {
  /** Image point where the middle fingertip reaches. */
  readonly tip: Vec2;
  /** Direction from wrist to fingertips, radians in image space. */
  readonly direction: number;
  /** Image pixels per millimetre of hand. */
  readonly scale: number;
  readonly skin: string;
  /** Sleeve colour, or null for a bare forearm. */
  readonly sleeve: string | null;
  /** Where the sleeve's cuff is, mm behind the fingertips. */
  readonly cuffMm: number;
  /** Fingers spread (radians between neighbours). */
  readonly spread: number;
  /** Left or right hand (mirrors the thumb). */
  readonly side: 1 | -1;
}

const SKINS = ['#F1C9A5', '#E0AC69', '#C68642', '#8D5524', '#FFDBAC', '#6B4226', '#D9A07A'];
const SLEEVES = ['#2B3A55', '#7A1F2B', '#3C3C3C', '#C9C2B5', '#4F6B3A', '#1E1E24', '#B5651D', '#5A6E8C'];

export function randomHand(random: Random, tip: Vec2, direction: number, scale: number, sleeve: boolean): HandSpec {
  return {
    tip,
    direction,
    scale,
    skin: pick(random, SKINS),
    sleeve: sleeve || random() < 0.5 ? pick(random, SLEEVES) : null,
    cuffMm: sleeve ? uniform(random, 175, 200) : uniform(random, 230, 330),
    spread: uniform(random, 0.02, 0.12),
    side: random() < 0.5 ? 1 : -1,
  };
}

// The hand in its own frame: x towards the fingertips (tip of the middle finger at 0), y across, mm.
const FINGERS = [
  { y: -27, length: 64 },
  { y: -9, length: 80 },
  { y: 9, length: 76 },
  { y: 26, length: 60 },
];
const KNUCKLES_X = -82;

export function shade(colour: string, k: number): string {
  const c = [1, 3, 5].map((i) => Math.max(0, Math.min(255, Math.round(parseInt(colour.slice(i, i + 2), 16) * k))));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/** A stroke of `width` from a to b, shaded across its width (a rounded limb). */
function limb(ctx: SKRSContext2D, a: Vec2, b: Vec2, width: number, colour: string, flat: string | undefined, cap: 'round' | 'butt' = 'round'): void {
  ctx.lineCap = cap;
  ctx.lineWidth = width;
  if (flat) {
    ctx.strokeStyle = flat;
  } else {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / len;
    const ny = (b[0] - a[0]) / len;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    const g = ctx.createLinearGradient(mx - (nx * width) / 2, my - (ny * width) / 2, mx + (nx * width) / 2, my + (ny * width) / 2);
    g.addColorStop(0, shade(colour, 0.62));
    g.addColorStop(0.3, shade(colour, 0.95));
    g.addColorStop(0.55, shade(colour, 1.08));
    g.addColorStop(1, shade(colour, 0.7));
    ctx.strokeStyle = g;
  }
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0], b[1]);
  ctx.stroke();
}

/**
 * Draws the hand (and forearm or sleeve, out past the frame). `flat` draws every part in one
 * colour, for shadows and masks.
 */
export function drawHand(ctx: SKRSContext2D, hand: HandSpec, flat?: string): void {
  ctx.save();
  ctx.translate(hand.tip[0], hand.tip[1]);
  ctx.rotate(hand.direction);
  ctx.scale(hand.scale, hand.scale * hand.side);
  ctx.lineJoin = 'round';
  const skin = hand.skin;
  const outline = flat ?? shade(skin, 0.55);
  // Forearm, then the sleeve over it, out well past any frame edge.
  limb(ctx, [-150, 0], [-2400, 10], 60, skin, flat);
  if (hand.sleeve) {
    limb(ctx, [-hand.cuffMm, 0], [-2400, 12], 92, hand.sleeve, flat, 'butt');
    if (!flat) {
      // Folds in the fabric.
      ctx.strokeStyle = shade(hand.sleeve, 0.62);
      ctx.lineCap = 'round';
      for (let i = 0; i < 6; i++) {
        const x = -hand.cuffMm - 22 - i * 34;
        ctx.lineWidth = 2 + (i % 3);
        ctx.beginPath();
        ctx.moveTo(x, -44);
        ctx.quadraticCurveTo(x - 16, (i % 2 ? 1 : -1) * 10, x + 4, 44);
        ctx.stroke();
      }
    }
  }
  // Palm, rounded by a gradient from its centre.
  if (flat) {
    ctx.fillStyle = flat;
  } else {
    const g = ctx.createRadialGradient(-118, 6, 8, -125, 0, 62);
    g.addColorStop(0, shade(skin, 1.08));
    g.addColorStop(0.7, shade(skin, 0.95));
    g.addColorStop(1, shade(skin, 0.7));
    ctx.fillStyle = g;
  }
  ctx.beginPath();
  ctx.ellipse(-122, 0, 52, 42, 0, 0, Math.PI * 2);
  ctx.fill();
  // Thumb, along the index side.
  limb(ctx, [-150, -30], [-112, -52], 23, skin, flat);
  limb(ctx, [-112, -52], [-80, -55], 20, skin, flat);
  // Fingers, slightly fanned, each with a dark edge so neighbours part.
  FINGERS.forEach((f, i) => {
    const a = (i - 1.5) * hand.spread;
    const from: Vec2 = [KNUCKLES_X - 22, f.y * 0.9];
    const to: Vec2 = [KNUCKLES_X + Math.cos(a) * f.length, f.y + Math.sin(a) * f.length];
    if (!flat) limb(ctx, from, to, 18.5, skin, outline);
    limb(ctx, from, to, 16.5, skin, flat);
    if (!flat) {
      ctx.strokeStyle = shade(skin, 0.78);
      ctx.lineWidth = 1;
      for (const t of [0.42, 0.7]) {
        const x = KNUCKLES_X + Math.cos(a) * f.length * t;
        const y = f.y + Math.sin(a) * f.length * t;
        ctx.beginPath();
        ctx.moveTo(x, y - 5);
        ctx.lineTo(x + 1, y + 5);
        ctx.stroke();
      }
      ctx.fillStyle = shade(skin, 1.15);
      ctx.beginPath();
      ctx.ellipse(to[0] - 4, to[1], 5, 5.5, a, 0, Math.PI * 2);
      ctx.fill();
    }
  });
  ctx.restore();
}
