// Reading rendered photographs back: decoded pixels, and points of a truth quadrilateral.
import sharp from 'sharp';

export interface Decoded {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
}

export type Rgb = [number, number, number];
export type Pt = readonly [number, number];

export async function decode(jpeg: Buffer): Promise<Decoded> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The pixel under an image point (nearest). */
export function pixel(img: Decoded, x: number, y: number): Rgb {
  const u = Math.min(img.width - 1, Math.max(0, Math.floor(x)));
  const v = Math.min(img.height - 1, Math.max(0, Math.floor(y)));
  const i = (v * img.width + u) * 3;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

/**
 * A point of the quadrilateral in its own coordinates, s along corner 0 -> 1 and t along 0 -> 3,
 * through the projective map of the unit square onto it (Heckbert), as a flat card is seen.
 */
export function inQuad(c: readonly Pt[], s: number, t: number): [number, number] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = [c[0]!, c[1]!, c[2]!, c[3]!];
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  const a = x1 - x0 + g * x1;
  const b = x3 - x0 + h * x3;
  const d = y1 - y0 + g * y1;
  const e = y3 - y0 + h * y3;
  const w = g * s + h * t + 1;
  return [(a * s + b * t + x0) / w, (d * s + e * t + y0) / w];
}

export function centroid(c: readonly Pt[]): [number, number] {
  return [c.reduce((s, p) => s + p[0], 0) / c.length, c.reduce((s, p) => s + p[1], 0) / c.length];
}

export const isMagenta = ([r, g, b]: Rgb): boolean => r > 160 && b > 160 && g < 120;
/** The dark grey plain table (#5E5B57) the tests lay cards on. */
export const isDarkTable = ([r, g, b]: Rgb): boolean => Math.max(r, g, b) < 140 && Math.abs(r - b) < 40;
