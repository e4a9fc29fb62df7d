// Where the recogniser looks: the frame, and what is known of it beforehand. Without a calibration
// profile nothing is, and cards are looked for in the frame; with one (calibrated.ts) the table
// plane, the paper's colour and where the markers lie are known, and cards are looked for in the
// table seen from above. Every later stage works the same either way.
import type { Detection } from './detect/index.js';
import { insidePolygon, type Homography, type Vec } from './detect/geometry.js';
import type { Quad, RgbaImage } from './image.js';
import type { OpenCv } from './opencv.js';
import { rectifyMat } from './rectify.js';
import { drawPileCandidates } from './draw-pile.js';
import type { ReadCards } from './read/cards.js';
import { STANDARD_DECK } from '../deck/profile.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** What is known of a frame before any card is found in it. */
export interface Known {
  /** Frame pixels -> table mm. */
  readonly plane?: Homography;
  /** The paper's colour under this light (RGB). */
  readonly paper?: readonly [number, number, number];
  /** Card-like things that are no card (a calibration marker's white paper with black marks), in frame pixels. */
  readonly notCards?: readonly Quad[];
}

/** Where cards are looked for: the frame itself, or an image of the table made from it. */
export interface View {
  readonly image: RgbaImage;
  readonly mat: Mat;
  /** View pixels -> table mm, where known beforehand. */
  readonly plane?: Homography;
  /** The width to detect at (the detector's own by default). */
  readonly workWidth?: number;
  /** View pixels -> frame pixels, where the view is not the frame. */
  readonly toFrame?: Homography;
  /** Known.notCards in view pixels. */
  readonly notCards?: readonly Quad[];
}

export interface Sight extends Known {
  readonly image: RgbaImage;
  readonly mat: Mat;
  readonly view: View;
  /** A card's face cut out along a quad, at the reader's size or the size given. */
  cut(quad: Quad, size?: { width: number; height: number }): RgbaImage;
  /** Whether a find can be a card at all (not on a marker's paper). */
  isCard(find: Detection): boolean;
  /** Sequence Stacks: where the draw pile may lie, likeliest first. */
  drawPiles(read: ReadCards): Iterable<Quad>;
}

/** The frame, with what is `known` of it, and the view to look for cards in (the frame by default). */
export function frameSight(cv: OpenCv, frame: RgbaImage, source: Mat, known: Known = {}, view?: View): Sight {
  const notCards = known.notCards ?? [];
  return {
    ...known,
    image: frame,
    mat: source,
    view: view ?? { image: frame, mat: source, ...(known.plane ? { plane: known.plane } : {}), notCards },
    cut: (quad, size) => rectifyMat(cv, source, quad, size),
    isCard: (d) => !notCards.some((q) => insidePolygon(q as unknown as Vec[], d.centre as unknown as Vec)),
    drawPiles: (read) => {
      const shapes = [...read.corners, ...notCards];
      const face = shapes.map((_, i) => i < read.readings.length && read.readings[i]!.deck !== 'unknown');
      return drawPileCandidates(cv, source, frame.width, frame.height, shapes, face, STANDARD_DECK, known.plane);
    },
  };
}
