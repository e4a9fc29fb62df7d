// A card's face cut out of a frame and turned upright: the input every reader works on.
import type { OpenCv } from './opencv.js';
import type { Quad, RgbaImage } from './image.js';

/** Portrait, about 1 px per mm of a 63 x 88 mm card: near the resolution a 720p table photo gives. */
export const RECTIFIED = { width: 64, height: 88 } as const;

/** Warps the quad (clockwise from the card's top-left) to an upright card image. */
export function rectify(cv: OpenCv, frame: RgbaImage, quad: Quad, size: { width: number; height: number } = RECTIFIED): RgbaImage {
  const source = toMat(cv, frame);
  try {
    return rectifyMat(cv, source, quad, size);
  } finally {
    source.delete();
  }
}

/** As rectify, from a frame already in an RGBA Mat (to convert a frame once for many cards). */
export function rectifyMat(cv: OpenCv, source: InstanceType<OpenCv['Mat']>, quad: Quad, size: { width: number; height: number } = RECTIFIED): RgbaImage {
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap(([x, y]) => [x, y]));
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, size.width, 0, size.width, size.height, 0, size.height]);
  const transform = cv.getPerspectiveTransform(from, to);
  const out = new cv.Mat();
  try {
    cv.warpPerspective(source, out, transform, new cv.Size(size.width, size.height), cv.INTER_LINEAR, cv.BORDER_REPLICATE);
    return { width: size.width, height: size.height, data: new Uint8Array(out.data) };
  } finally {
    from.delete();
    to.delete();
    transform.delete();
    out.delete();
  }
}

/** An RGBA Mat holding a copy of the image; the caller deletes it. */
export function toMat(cv: OpenCv, image: RgbaImage): InstanceType<OpenCv['Mat']> {
  const mat = new cv.Mat(image.height, image.width, cv.CV_8UC4);
  mat.data.set(image.data);
  return mat;
}
