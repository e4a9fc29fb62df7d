// Where the recogniser looks: the frame itself, or with a calibration profile the table seen from
// above with its plane known (calibrated.ts). Every later stage works the same on either.
import type { Detection } from './detect/index.js';
import type { Homography } from './detect/geometry.js';
import type { Quad, RgbaImage } from './image.js';
import type { OpenCv } from './opencv.js';
import { rectifyMat } from './rectify.js';
import { drawPileCandidates } from './draw-pile.js';
import type { ReadCards } from './read/cards.js';
import { STANDARD_DECK } from '../deck/profile.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** The image the stages work in, and how to map and cut quads in it. */
export interface Sight {
  /** The image cards are found in, and its Mat. */
  readonly image: RgbaImage;
  readonly mat: Mat;
  /** Its pixels -> table mm, where known beforehand. */
  readonly plane?: Homography;
  /** A quad in the image as the same quad in frame pixels, which the truth and the dashboard use. */
  toFrame(quad: Quad): Quad;
  /** A card's face cut out along a quad in the image, at the reader's size or the size given. */
  cut(quad: Quad, size?: { width: number; height: number }): RgbaImage;
  /** Whether a find can be a card at all: a calibration marker looks like one. */
  isCard(find: Detection): boolean;
  /** Whether a quad runs out of the frame (a card cut there is partly seen). */
  cutOff(quad: Quad): boolean;
  /** Sequence Stacks: where the draw pile may lie in the image, likeliest first, made lazily. */
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
