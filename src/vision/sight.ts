// Where the recogniser looks. Without a calibration profile, the frame itself, its plane inferred
// from the cards; with one, the table seen from above under the profile's light, its plane known
// (src/vision/calibrated.ts). Every stage after this works the same on either.
import type { Detection } from './detect/index.js';
import type { Homography } from './detect/geometry.js';
import type { Quad, RgbaImage } from './image.js';
import type { OpenCv } from './opencv.js';
import { rectifyMat } from './rectify.js';
import { drawPileCandidates } from './draw-pile.js';
import type { ReadCards } from './read/cards.js';
import { STANDARD_DECK } from '../deck/profile.js';

type Mat = InstanceType<OpenCv['Mat']>;

export interface Sight {
  /** The image cards are found in, and its Mat. */
  readonly image: RgbaImage;
  readonly mat: Mat;
  /** Its pixels -> table mm, where known beforehand. */
  readonly plane?: Homography;
  /** A quad in the image as the same quad in the frame (the truth and the dashboard are in frame pixels). */
  toFrame(quad: Quad): Quad;
  /** A card's face cut out along a quad in the image, at the reader's size or the size given. */
  cut(quad: Quad, size?: { width: number; height: number }): RgbaImage;
  /** Whether a find can be a card at all (a calibration marker's paper is white with black marks, as a card is). */
  isCard(find: Detection): boolean;
  /** Whether a quad runs out of the frame (a card cut there is partly seen). */
  cutOff(quad: Quad): boolean;
  /** Sequence Stacks: where the draw pile may lie, in the image, likeliest first (made as they are asked for). */
  drawPiles(read: ReadCards): Iterable<Quad>;
  dispose(): void;
}

/** The frame as it is: the cards' quads are frame quads. */
export function frameSight(cv: OpenCv, frame: RgbaImage, source: Mat): Sight {
  return {
    image: frame,
    mat: source,
    toFrame: (quad) => quad,
    cut: (quad, size) => rectifyMat(cv, source, quad, size),
    isCard: () => true,
    cutOff: () => false,
    drawPiles: (read) => drawPileCandidates(cv, source, frame.width, frame.height, read.corners, read.readings.map((r) => r.deck !== 'unknown'), STANDARD_DECK),
    dispose: () => {},
  };
}
