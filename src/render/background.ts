// Table tops: seamless procedural tiles (wood, felt, cloth, plain), drawn on the table plane so
// their grain foreshortens with the camera like the cards do. Tiles are cached by kind and variant.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { seededRandom, type Random } from '../rules/random.js';

export const BACKGROUNDS = ['wood', 'felt', 'cloth', 'plain'] as const;
export type BackgroundKind = (typeof BACKGROUNDS)[number];

export interface BackgroundTile {
  readonly canvas: Canvas;
  /** Tile side in millimetres on the table. */
  readonly sizeMm: number;
}

const TILE_PX = 1024;
const cache = new Map<string, BackgroundTile>();

/** Value noise that wraps at `period` lattice cells (so tiles repeat without seams). */
class PeriodicNoise {
  private readonly values: Float32Array;
  constructor(
    random: Random,
    private readonly px: number,
    private readonly py: number,
  ) {
    this.values = new Float32Array(px * py);
    for (let i = 0; i < this.values.length; i++) this.values[i] = random() * 2 - 1;
  }
  /** (u, v) in lattice cells. */
  at(u: number, v: number): number {
    const x0 = Math.floor(u);
    const y0 = Math.floor(v);
    const fx = u - x0;
    const fy = v - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const xa = ((x0 % this.px) + this.px) % this.px;
    const ya = ((y0 % this.py) + this.py) % this.py;
    const xb = (xa + 1) % this.px;
    const yb = (ya + 1) % this.py;
    const v00 = this.values[ya * this.px + xa]!;
    const v10 = this.values[ya * this.px + xb]!;
    const v01 = this.values[yb * this.px + xa]!;
    const v11 = this.values[yb * this.px + xb]!;
    return v00 + (v10 - v00) * sx + (v01 - v00) * sy + (v00 - v10 - v01 + v11) * sx * sy;
  }
}

/** Octaves of wrapping noise over the tile, in [-1, 1] roughly; `cells` lattice cells at the base. */
function fractal(random: Random, cellsX: number, cellsY: number, octaves: number): (x: number, y: number) => number {
  const layers = Array.from({ length: octaves }, (_, o) => new PeriodicNoise(random, cellsX << o, cellsY << o));
  return (x, y) => {
    let sum = 0;
    let amp = 1;
    let total = 0;
    for (let o = 0; o < octaves; o++) {
      sum += layers[o]!.at(x * (cellsX << o), y * (cellsY << o)) * amp;
      total += amp;
      amp *= 0.5;
    }
    return sum / total;
  };
}

type Rgb = readonly [number, number, number];
const hex = (h: string): Rgb => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];

const WOODS: Rgb[] = ['#B98A55', '#6B4A2E', '#D2A877', '#8A5A35', '#4A3324'].map(hex);
const FELTS: Rgb[] = ['#2E6B3F', '#2A4D7A', '#7A2630', '#4F5157', '#1F5A4F'].map(hex);
const CLOTHS: Array<{ base: Rgb; check: Rgb | null }> = [
  { base: hex('#E9E4D8'), check: hex('#B0302C') },
  { base: hex('#D8CFC0'), check: null },
  { base: hex('#EDEBE6'), check: hex('#2F5C9A') },
  { base: hex('#7C8A6A'), check: null },
  { base: hex('#C9B9A0'), check: hex('#5A4632') },
];
const PLAINS: Rgb[] = ['#E8E6E0', '#9A9A96', '#C9BFAE', '#F4F4F2', '#5E5B57'].map(hex);

/** A seamless tile of the table top (variant picks colours and pattern). */
export function backgroundTile(kind: BackgroundKind, variant: number): BackgroundTile {
  const key = `${kind}/${variant}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const random = seededRandom(0x7ab1e + variant * 7919 + BACKGROUNDS.indexOf(kind) * 104729);
  const n = TILE_PX;
  const pixels = new Uint8ClampedArray(n * n * 4);
  const put = (i: number, r: number, g: number, b: number): void => {
    pixels[i] = r;
    pixels[i + 1] = g;
    pixels[i + 2] = b;
    pixels[i + 3] = 255;
  };
  let sizeMm: number;
  if (kind === 'wood') {
    sizeMm = 420;
    const base = WOODS[variant % WOODS.length]!;
    const planks = 3 + (variant % 2);
    const plankShade = Array.from({ length: planks }, () => 0.85 + 0.3 * random());
    const plankShift = Array.from({ length: planks }, () => random());
    const grainFreq = Array.from({ length: planks }, () => 18 + 14 * random());
    const warp = fractal(random, 3, 12, 4);
    const fibre = fractal(random, 4, 256, 3);
    const blotch = fractal(random, 2, 4, 3);
    for (let y = 0; y < n; y++) {
      const fy = y / n;
      const p = Math.floor(fy * planks);
      const within = fy * planks - p;
      const seam = within < 0.004 || within > 0.996 ? 0.45 : within < 0.01 || within > 0.99 ? 0.8 : 1;
      for (let x = 0; x < n; x++) {
        const fx = (x / n + plankShift[p]!) % 1;
        const w = warp(fx, fy);
        const ring = Math.sin((within + w * 0.35) * grainFreq[p]! * Math.PI * 2);
        const late = Math.pow(Math.abs(ring), 6);
        const shade = plankShade[p]! * seam * (1 - 0.22 * late + 0.07 * fibre(fx, fy) + 0.08 * blotch(fx, fy));
        put((y * n + x) * 4, base[0] * shade, base[1] * shade * 0.98, base[2] * shade * 0.95);
      }
    }
  } else if (kind === 'felt') {
    sizeMm = 200;
    const base = FELTS[variant % FELTS.length]!;
    const mottle = fractal(random, 4, 4, 3);
    const fine = fractal(random, 256, 256, 2);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const s = 1 + 0.05 * mottle(x / n, y / n) + 0.1 * fine(x / n, y / n) + 0.05 * (random() - 0.5);
        put((y * n + x) * 4, base[0] * s, base[1] * s, base[2] * s);
      }
    }
  } else if (kind === 'cloth') {
    sizeMm = 240;
    const { base, check } = CLOTHS[variant % CLOTHS.length]!;
    const threads = 256; // about 1 mm a thread
    const checks = 8;
    const slub = fractal(random, 8, 64, 2);
    const mottle = fractal(random, 3, 3, 2);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const tx = (x / n) * threads;
        const ty = (y / n) * threads;
        // Plain weave: warp over weft on alternate crossings.
        const over = (Math.floor(tx) + Math.floor(ty)) % 2 === 0;
        const across = over ? Math.sin((tx % 1) * Math.PI) : Math.sin((ty % 1) * Math.PI);
        const weave = 0.84 + 0.16 * across;
        let colour = base;
        if (check) {
          const cx = Math.floor((x / n) * checks) % 2;
          const cy = Math.floor((y / n) * checks) % 2;
          const mix = (cx + cy) / 2;
          colour = [base[0] + (check[0] - base[0]) * mix, base[1] + (check[1] - base[1]) * mix, base[2] + (check[2] - base[2]) * mix];
        }
        const s = weave * (1 + 0.06 * slub(x / n, y / n) + 0.04 * mottle(x / n, y / n));
        put((y * n + x) * 4, colour[0] * s, colour[1] * s, colour[2] * s);
      }
    }
  } else {
    sizeMm = 500;
    const base = PLAINS[variant % PLAINS.length]!;
    const mottle = fractal(random, 3, 3, 4);
    const fine = fractal(random, 128, 128, 2);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const s = 1 + 0.025 * mottle(x / n, y / n) + 0.015 * fine(x / n, y / n);
        put((y * n + x) * 4, base[0] * s, base[1] * s, base[2] * s);
      }
    }
  }
  const canvas = createCanvas(n, n);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(n, n);
  image.data.set(pixels);
  ctx.putImageData(image, 0, 0);
  const tile = { canvas, sizeMm };
  cache.set(key, tile);
  return tile;
}

const levelCache = new Map<string, BackgroundTile>();

/**
 * The tile box-filtered down by powers of two to about `pxPerMm`, so a pattern drawn smaller
 * than its pixels does not alias (canvas patterns are not mipmapped).
 */
export function backgroundTileFor(kind: BackgroundKind, variant: number, pxPerMm: number): BackgroundTile {
  const tile = backgroundTile(kind, variant);
  const native = tile.canvas.width / tile.sizeMm;
  const level = Math.max(0, Math.min(6, Math.floor(Math.log2(native / pxPerMm))));
  if (level === 0) return tile;
  const key = `${kind}/${variant}/${level}`;
  const cached = levelCache.get(key);
  if (cached) return cached;
  let n = tile.canvas.width;
  let px = new Uint8Array(tile.canvas.data());
  for (let l = 0; l < level; l++) {
    const m = n >> 1;
    const next = new Uint8Array(m * m * 4);
    for (let y = 0; y < m; y++) {
      for (let x = 0; x < m; x++) {
        const a = (2 * y * n + 2 * x) * 4;
        const b = a + n * 4;
        const o = (y * m + x) * 4;
        for (let ch = 0; ch < 3; ch++) next[o + ch] = (px[a + ch]! + px[a + 4 + ch]! + px[b + ch]! + px[b + 4 + ch]! + 2) >> 2;
        next[o + 3] = 255;
      }
    }
    px = next;
    n = m;
  }
  const canvas = createCanvas(n, n);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(n, n);
  image.data.set(px);
  ctx.putImageData(image, 0, 0);
  const scaled = { canvas, sizeMm: tile.sizeMm };
  levelCache.set(key, scaled);
  return scaled;
}
