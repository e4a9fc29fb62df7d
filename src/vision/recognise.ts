// The recogniser: a frame in, every card with its reading and grid cell out, timed by stage.
// sight -> detect (outlines) -> read (faces in one batch) -> layout (rows and columns).
import { performance } from 'node:perf_hooks';
import type { CalibrationProfile } from '../calibration/profile.js';
import { calibratedSight } from './calibrated.js';
import { readGaps } from './gaps.js';
import { detectCards, type Detection, type DetectOptions } from './detect/index.js';
import { applyHomography, quadCentre, type Homography, type Vec } from './detect/geometry.js';
import { refineQuad, type GreyImage, type RefinedQuad, type RefineOptions } from './detect/refine.js';
import { greyOf } from './detect/surface.js';
import { yellowness } from './detect/complete.js';
import type { Quad, RgbaImage } from './image.js';
import { openCv, type OpenCv } from './opencv.js';
import { toMat } from './rectify.js';
import { createCardReader, type CardReader, type CardReaderOptions } from './read/index.js';
import { specialMatcher } from './read/specials.js';
import { withEnrolledFaces } from './read/enrolled-faces.js';
import { cardFinds, keptOf, readCards, withGaps, type ReadLooks } from './read/cards.js';
import { anchorStacks, gridCells } from './layout.js';
import { frameSight, type Sight } from './sight.js';
import type { Recognition, RecognisedCard } from './types.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** The games whose tables the recogniser reads. */
export type VisionGame = 'progression' | 'sequence-shift' | 'sequence-hunt' | 'sequence-stacks';

/** What to recognise and how. */
export interface RecogniseOptions {
  readonly game: VisionGame;
  /** Extra detection settings (what detection went through, working width). */
  readonly detect?: Omit<DetectOptions, 'deck'>;
  /** A calibration profile (seqref calibrate): its table plane, paper and markers known beforehand. */
  readonly calibration?: CalibrationProfile;
}

/** A loaded recogniser; dispose() frees the reader. */
export interface Recogniser {
  recognise(frame: RgbaImage, options: RecogniseOptions): Recognition;
  readonly reader: CardReader;
  dispose(): void;
}

/** An error's words: OpenCV.js throws C++ exceptions as bare numbers (pointers). */
export async function describeError(error: unknown): Promise<string> {
  if (typeof error === 'number') {
    const cv = (await openCv()) as OpenCv & { exceptionFromPtr?: (p: number) => { msg?: string } };
    return cv.exceptionFromPtr?.(error)?.msg ?? `OpenCV exception ${error}`;
  }
  return error instanceof Error ? error.message : String(error);
}


/** The deck a game is played with. */
export const deckOf = (game: VisionGame): 'tic' | 'stacks' => (game === 'sequence-stacks' ? 'stacks' : 'tic');

/** What reads the cards: the committed model, another model's files, or a reader made already. */
export interface RecogniserOptions {
  readonly modelDir?: string;
  readonly model?: CardReaderOptions['model'];
  readonly reader?: CardReader;
  /** An enrolled deck's own faces (ticDeck() order, at the reader's size): their pips' shapes weigh in on every read. */
  readonly pips?: { readonly faces: readonly (RgbaImage | null)[]; readonly weight: number };
}

/** Loads OpenCV and the card reader once; recognise() is then synchronous. */
export async function createRecogniser(options: RecogniserOptions = {}): Promise<Recogniser> {
  const cv = await openCv();
  const own = options.reader ?? (await createCardReader(options.model ? { model: options.model } : options.modelDir ? { modelDir: options.modelDir } : {}));
  const reader = options.pips ? withEnrolledFaces(own, options.pips.faces, options.pips.weight) : own;
  return {
    reader,
    recognise: (frame, o) => recogniseWith(cv, reader, frame, o),
    dispose: () => reader.dispose(),
  };
}

/** Recognises a frame: what is known of it (nothing, or a calibration profile's), then the stages. */
export function recogniseWith(cv: OpenCv, reader: CardReader, frame: RgbaImage, options: RecogniseOptions): Recognition {
  const t0 = performance.now();
  const source = toMat(cv, frame);
  try {
    const sight = options.calibration ? calibratedSight(cv, frame, source, options.calibration) : frameSight(cv, frame, source);
    try {
      return recogniseIn(cv, reader, sight, options.game, options.detect, t0);
    } finally {
      if (sight.view.mat !== source) sight.view.mat.delete();
    }
  } finally {
    source.delete();
  }
}

/** The stages in order: detect -> read (one batch, second looks, the grid's gaps) -> layout. */
function recogniseIn(cv: OpenCv, reader: CardReader, sight: Sight, game: VisionGame, detect: RecogniseOptions['detect'], t0: number): Recognition {
  const deck = deckOf(game);
  const { image, paper, view } = sight;
  const { plane, workWidth, toFrame, notCards } = view;
  // The frame's grey, made once where cards are looked for in the frame itself.
  const grey = view.image === image ? greyOf(cv, sight.mat) : undefined;
  const inView = detectCards(cv, view.image, view.mat, { ...detect, deck, ...(plane ? { plane } : {}), ...(paper ? { paper } : {}), ...(workWidth ? { workWidth } : {}), ...(notCards ? { notCards } : {}), ...(grey ? { grey } : {}) });
  const found = (toFrame ? inView.map((d) => mappedDetection(d, toFrame)) : inView).filter(sight.isCard);
  const t1 = performance.now();
  let partial = found.map((d) => d.partial);
  const snap = snapper(cv, sight.mat, grey);
  let read = readCards(reader, found.map((d) => d.corners), sight.cut, deck, partial, readLooks(cv, image, snap, sight.plane));
  const kept = cardFinds(found, read);
  read = keptOf(read, kept);
  partial = kept.map((i) => partial[i]!);
  if (deck === 'tic') ({ partial, read } = withGaps(partial, read, readGaps(reader, read.corners, read.readings, sight.cut, snap, image, sight.plane)));
  const t2 = performance.now();
  const anchored = deck === 'stacks' ? anchorStacks(read, partial, sight.drawPiles(read)) : null;
  const cells = anchored?.cells ?? gridCells(read.corners, partial, game, read.readings);
  const t3 = performance.now();
  const cards: RecognisedCard[] = read.corners.map((corners, i) => ({ corners, centre: quadCentre(corners), partial: partial[i]!, reading: read.readings[i]!, row: cells[i]?.row ?? null, col: cells[i]?.col ?? null }));
  const drawPile = anchored ? { drawPile: anchored.drawPile } : {};
  return { width: image.width, height: image.height, cards, ...drawPile, times: { detectMs: t1 - t0, readMs: t2 - t1, gridMs: t3 - t2 } };
}

/** A detection in the view, in frame pixels. */
function mappedDetection(d: Detection, toFrame: Homography): Detection {
  const at = (p: Vec): [number, number] => applyHomography(toFrame, p);
  return { ...d, corners: d.corners.map(at) as unknown as Quad, centre: at(d.centre) };
}

/** Moves a quad's sides onto the frame's edges; its grey, where not given, is made on first use. */
function snapper(cv: OpenCv, frame: Mat, grey?: GreyImage): (q: Quad, options?: RefineOptions) => RefinedQuad {
  let made = grey;
  return (q, options) => refineQuad((made ??= greyOf(cv, frame)), q, options);
}

/** The second looks readCards takes, on the frame. */
function readLooks(cv: OpenCv, image: RgbaImage, snap: ReadLooks['snap'], plane: Homography | undefined): ReadLooks {
  return {
    ...(plane ? { plane } : {}),
    specials: specialMatcher(cv),
    snap,
    snapYellow: (q) => refineQuad(yellowness(image), q).quad as unknown as Quad,
    frame: { width: image.width, height: image.height },
  };
}
