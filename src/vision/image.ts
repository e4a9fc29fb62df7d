// Images as plain RGBA pixels, so every stage can be fed from a file, a camera or the renderer.
import sharp from 'sharp';
import { InputError } from '../errors.js';

/** An image of 4 bytes a pixel, row by row. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

/** A position in pixels. */
export type Point = readonly [x: number, y: number];
/** Four corners clockwise from the card's own top-left (contracts section 3). */
export type Quad = readonly [Point, Point, Point, Point];
/** Cuts the card under a quad out of the frame, upright, at the size asked for. */
export type SizedCut = (quad: Quad, size: { width: number; height: number }) => RgbaImage;

/** Reads an image file as RGBA; an unreadable file is an InputError. */
export async function loadImage(path: string): Promise<RgbaImage> {
  try {
    const { data, info } = await sharp(path).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch (error) {
    throw new InputError(`${path}: cannot read the image (${(error as Error).message})`);
  }
}

/** Decodes encoded image bytes (PNG, JPEG, ...) as RGBA. */
export async function decodeImage(bytes: Uint8Array, label = 'image'): Promise<RgbaImage> {
  try {
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  } catch (error) {
    throw new InputError(`${label}: cannot decode the image (${(error as Error).message})`);
  }
}
