// The light on the table: the white point from paper known to be white (the markers' margins,
// or the cards' own paper), and, from optional reference cards of each TIC colour, a 3 x 3
// colour correction. Colour decisions after it are made as under a neutral, known light.
import { COLOURS, type Colour } from '../cards/tic.js';
import type { Mat3 } from '../render/camera.js';
import { STANDARD_DECK, type DeckProfile } from '../deck/profile.js';
import type { Point, RgbaImage } from '../vision/image.js';
import type { TableMapping } from './homography.js';
import { TABLE_MARKERS, type MarkerLayout, type MarkerProfile } from './markers.js';

export type Rgb = readonly [number, number, number];

export interface Light {
  /** The paper's colour as photographed, 8-bit sRGB (median over the markers' margins). */
  readonly white: Rgb;
  /** Per-channel gains in linear light that make that paper neutral and full white. */
  readonly gains: Rgb;
  /** Brightest over darkest marker margin, luminance (1 = even light across the table). */
  readonly unevenness: number;
  /** Linear-light correction applied after the gains, from reference cards; the identity without them. */
  readonly matrix: Mat3;
  /** The reference cards' pip colours as photographed, 8-bit sRGB, when they were measured. */
  readonly references?: Readonly<Partial<Record<Colour, Rgb>>>;
}

const IDENTITY: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const toLinear = (c: number): number => Math.pow(Math.max(0, c) / 255, 2.2);
const toSrgb = (c: number): number => Math.round(255 * Math.pow(Math.min(1, Math.max(0, c)), 1 / 2.2));
const hexRgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function pixel(frame: RgbaImage, [u, v]: Point): Rgb | null {
  const x = Math.round(u);
  const y = Math.round(v);
  if (x < 0 || y < 0 || x >= frame.width || y >= frame.height) return null;
  const i = (y * frame.width + x) * 4;
  return [frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!];
}

/** Medians of the pixels at the given frame points, 8-bit sRGB (null where none is in the frame). */
function medianColour(frame: RgbaImage, points: readonly Point[]): Rgb | null {
  const seen = points.map((p) => pixel(frame, p)).filter((p): p is Rgb => p !== null);
  if (seen.length < 8) return null;
  return [0, 1, 2].map((c) => median(seen.map((p) => p[c]!))) as unknown as Rgb;
}

/** The white margin round each marker, sampled on a ring in table mm (clear of the black square and the paper's edge). */
export function markerPaper(frame: RgbaImage, mapping: TableMapping, layout: MarkerLayout, markers: MarkerProfile = TABLE_MARKERS): (Rgb | null)[] {
  const inner = layout.sizeMm / 2 + markers.marginMm * 0.3;
  const outer = layout.sizeMm / 2 + markers.marginMm * 0.7;
  return layout.centres.map(([cx, cy]) => {
    const points: Point[] = [];
    for (let r = inner; r <= outer; r += (outer - inner) / 3) {
      for (let t = -r; t <= r; t += 1.5) points.push(mapping.toImage([cx + t, cy - r]), mapping.toImage([cx + t, cy + r]), mapping.toImage([cx - r, cy + t]), mapping.toImage([cx + r, cy + t]));
    }
    return medianColour(frame, points);
  });
}

/** The cards' paper: the brightest half of each card's face (between pips and indices), given the cards' corners in the frame. */
export function cardPaper(frame: RgbaImage, quads: readonly (readonly Point[])[]): Rgb | null {
  const samples: Rgb[] = [];
  for (const quad of quads) {
    const [a, b, c, d] = quad as [Point, Point, Point, Point];
    const points: Rgb[] = [];
    for (let i = 1; i < 12; i++) {
      for (let j = 1; j < 16; j++) {
        const s = i / 12;
        const t = j / 16;
        const u = (1 - s) * (1 - t) * a[0] + s * (1 - t) * b[0] + s * t * c[0] + (1 - s) * t * d[0];
        const v = (1 - s) * (1 - t) * a[1] + s * (1 - t) * b[1] + s * t * c[1] + (1 - s) * t * d[1];
        const p = pixel(frame, [u, v]);
        if (p) points.push(p);
      }
    }
    points.sort((p, q) => q[0] + q[1] + q[2] - (p[0] + p[1] + p[2]));
    samples.push(...points.slice(0, Math.ceil(points.length / 2)));
  }
  if (samples.length === 0) return null;
  return [0, 1, 2].map((c) => median(samples.map((p) => p[c]!))) as unknown as Rgb;
}

/** The light from the paper's white (the markers' margins; `paper` is what that paper is printed as, default white). */
export function lightFromWhite(whites: readonly (Rgb | null)[], paper: Rgb = [255, 255, 255]): Light {
  const seen = whites.filter((w): w is Rgb => w !== null);
  if (seen.length === 0) throw new RangeError('no white paper in sight to measure the light from');
  const white = [0, 1, 2].map((c) => Math.round(seen.reduce((s, w) => s + w[c]!, 0) / seen.length)) as unknown as Rgb;
  const gains = [0, 1, 2].map((c) => toLinear(paper[c]!) / Math.max(1e-4, toLinear(white[c]!))) as unknown as Rgb;
  const luma = seen.map((w) => 0.2126 * toLinear(w[0]) + 0.7152 * toLinear(w[1]) + 0.0722 * toLinear(w[2]));
  return { white, gains, unevenness: Math.max(...luma) / Math.max(1e-4, Math.min(...luma)), matrix: IDENTITY };
}

/** A photographed colour as under the calibrated light: gains, then the matrix, in linear light; 8-bit sRGB in and out. */
export function correctColour(light: Light, rgb: Rgb): Rgb {
  const l = [0, 1, 2].map((c) => toLinear(rgb[c]!) * light.gains[c]!);
  const m = light.matrix;
  return [0, 1, 2].map((r) => toSrgb(m[r * 3]! * l[0]! + m[r * 3 + 1]! * l[1]! + m[r * 3 + 2]! * l[2]!)) as unknown as Rgb;
}

/** Linear 0..1 back to sRGB through a table (16384 steps: finer than 8 bits above the darkest few levels). */
const BACK_STEPS = 16384;
let back: Uint8Array | null = null;
const srgbTable = (): Uint8Array => (back ??= Uint8Array.from({ length: BACK_STEPS + 1 }, (_, i) => toSrgb(i / BACK_STEPS)));

/** A light's tables, made once a light (a recogniser corrects every face it cuts under the same one). */
const tablesOf = new WeakMap<Light, { diagonal: [Uint8Array, Uint8Array, Uint8Array] | null; lut: Float32Array[] }>();

function lightTables(light: Light): { diagonal: [Uint8Array, Uint8Array, Uint8Array] | null; lut: Float32Array[] } {
  let tables = tablesOf.get(light);
  if (tables) return tables;
  const m = light.matrix;
  const diagonal = m[1] === 0 && m[2] === 0 && m[3] === 0 && m[5] === 0 && m[6] === 0 && m[7] === 0;
  tables = diagonal
    ? { diagonal: [0, 1, 2].map((c) => Uint8Array.from({ length: 256 }, (_, i) => toSrgb(toLinear(i) * light.gains[c]! * m[c * 4]!))) as [Uint8Array, Uint8Array, Uint8Array], lut: [] }
    : { diagonal: null, lut: [0, 1, 2].map((c) => Float32Array.from({ length: 256 }, (_, i) => toLinear(i) * light.gains[c]!)) };
  tablesOf.set(light, tables);
  return tables;
}

/** A whole image corrected as correctColour does, pixel by pixel (through a lookup per channel, then the matrix). */
export function correctImage(light: Light, image: RgbaImage): RgbaImage {
  const m = light.matrix;
  const out = new Uint8Array(image.data.length);
  const data = image.data;
  const tables = lightTables(light);
  if (tables.diagonal) {
    // Gains alone (no reference cards): each channel maps on its own, one 8-bit table each.
    const [r, g, b] = tables.diagonal;
    for (let i = 0; i < out.length; i += 4) {
      out[i] = r[data[i]!]!;
      out[i + 1] = g[data[i + 1]!]!;
      out[i + 2] = b[data[i + 2]!]!;
      out[i + 3] = data[i + 3]!;
    }
    return { width: image.width, height: image.height, data: out };
  }
  const { lut } = tables;
  const back = srgbTable();
  const enc = (v: number): number => back[v <= 0 ? 0 : v >= 1 ? BACK_STEPS : Math.round(v * BACK_STEPS)]!;
  for (let i = 0; i < out.length; i += 4) {
    const r = lut[0]![data[i]!]!;
    const g = lut[1]![data[i + 1]!]!;
    const b = lut[2]![data[i + 2]!]!;
    out[i] = enc(m[0] * r + m[1] * g + m[2] * b);
    out[i + 1] = enc(m[3] * r + m[4] * g + m[5] * b);
    out[i + 2] = enc(m[6] * r + m[7] * g + m[8] * b);
    out[i + 3] = data[i + 3]!;
  }
  return { width: image.width, height: image.height, data: out };
}

function hue([r, g, b]: readonly number[]): number {
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g! - b!) / d) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
  return (h * 60 + 360) % 360;
}

/**
 * Reference cards: one TIC card of each colour laid face up inside the markers. Their saturated
 * pixels (after the white gains) are grouped by the nearest printed hue; each group's median and
 * the paper's white fit a linear-light 3 x 3 matrix (least squares, white weighted so it stays white).
 * `topDown` is the table seen from above, inside the markers' region only.
 */
export function lightWithReferences(light: Light, topDown: RgbaImage, deck: DeckProfile = STANDARD_DECK): Light {
  const printed = Object.fromEntries(COLOURS.map((c) => [c, hexRgb(deck.tic.colours[c])])) as Record<Colour, Rgb>;
  const hues = COLOURS.map((c) => hue(printed[c]));
  const groups = new Map<Colour, Rgb[]>(COLOURS.map((c) => [c, []]));
  const balanced = correctImage(light, topDown).data;
  const { width: W, height: H } = topDown;
  // Paper: bright and grey once balanced. Ink counts only with paper on all four sides within a
  // pip's half-width (at 1 px/mm), which a card's pips have and the wood beside a card has not.
  const paper = new Uint8Array(W * H);
  for (let j = 0; j < W * H; j++) {
    const r = balanced[j * 4]!;
    const g = balanced[j * 4 + 1]!;
    const b = balanced[j * 4 + 2]!;
    const max = Math.max(r, g, b);
    paper[j] = Math.min(r, g, b) > 150 && (max - Math.min(r, g, b)) / max < 0.25 ? 1 : 0;
  }
  const reach = 9;
  const paperAround = (x: number, y: number): boolean => {
    const look = (dx: number, dy: number): boolean => {
      for (let k = 1; k <= reach; k++) {
        const u = x + dx * k;
        const v = y + dy * k;
        if (u < 0 || v < 0 || u >= W || v >= H) return false;
        if (paper[v * W + u]) return true;
      }
      return false;
    };
    return look(1, 0) && look(-1, 0) && look(0, 1) && look(0, -1);
  };
  for (let i = 0; i < balanced.length; i += 4) {
    const p: Rgb = [balanced[i]!, balanced[i + 1]!, balanced[i + 2]!];
    const max = Math.max(...p);
    if (max < 60 || (max - Math.min(...p)) / max < 0.45) continue;
    if (!paperAround((i / 4) % W, Math.floor(i / 4 / W))) continue;
    const h = hue(p);
    let best = 0;
    for (let k = 1; k < hues.length; k++) if (Math.abs(((h - hues[k]! + 540) % 360) - 180) < Math.abs(((h - hues[best]! + 540) % 360) - 180)) best = k;
    groups.get(COLOURS[best]!)!.push([topDown.data[i]!, topDown.data[i + 1]!, topDown.data[i + 2]!]);
  }
  const references: Partial<Record<Colour, Rgb>> = {};
  const pairs: { from: number[]; to: number[]; weight: number }[] = [{ from: [1, 1, 1], to: [1, 1, 1], weight: 4 }];
  for (const colour of COLOURS) {
    const seen = groups.get(colour)!;
    // A 13 mm pip is about 130 mm2: fewer pixels than a quarter of one is noise, not a card.
    if (seen.length < 30) continue;
    const measured = [0, 1, 2].map((c) => median(seen.map((p) => p[c]!))) as unknown as Rgb;
    references[colour] = measured;
    pairs.push({ from: [0, 1, 2].map((c) => toLinear(measured[c]!) * light.gains[c]!), to: printed[colour].map(toLinear), weight: 1 });
  }
  if (pairs.length < 4) return { ...light, references };
  // Each output channel: least squares over the pairs, a 3 x 3 normal system.
  const rows = [0, 1, 2].map((out) => {
    const ata = [0, 1, 2].map(() => [0, 0, 0]);
    const atb = [0, 0, 0];
    for (const { from, to, weight } of pairs) {
      for (let i = 0; i < 3; i++) {
        atb[i]! += weight * from[i]! * to[out]!;
        for (let j = 0; j < 3; j++) ata[i]![j]! += weight * from[i]! * from[j]!;
      }
    }
    return solve3(ata, atb);
  });
  return { ...light, matrix: rows.flat() as unknown as Mat3, references };
}

function solve3(a: number[][], b: number[]): number[] {
  const det = (m: number[][]): number => m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) - m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) + m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const d = det(a);
  if (Math.abs(d) < 1e-12) return [0, 1, 2].map((i) => (a[i]![i]! > 0 ? b[i]! / a[i]![i]! : 0));
  return [0, 1, 2].map((k) => det(a.map((row, i) => row.map((v, j) => (j === k ? b[i]! : v)))) / d);
}
