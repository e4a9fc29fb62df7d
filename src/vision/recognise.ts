// The recogniser: a frame in, every card with its reading and grid cell out, timed by stage.
// detect (outlines) -> rectify (64 x 88 faces) -> read (the card reader, one batch) -> settle
// (a TIC card is on the table once) -> grid (rows and columns from the outlines).
import { performance } from 'node:perf_hooks';
import type { CalibrationProfile } from '../calibration/profile.js';
import { recogniseCalibrated } from './calibrated.js';
import { rereadCovered } from './covered.js';
import { readGaps } from './gaps.js';
import { detectCards, type Detection, type DetectOptions } from './detect/index.js';
import { quadCentre, turned } from './detect/geometry.js';
import { greyOf, refineQuad, type GreyImage, type RefinedQuad, type RefineOptions } from './detect/refine.js';
import { assignGrid, onStacksSpaces, type GridInput } from './grid.js';
import type { Quad, RgbaImage } from './image.js';
import { openCv, type OpenCv } from './opencv.js';
import { rectifyMat, toMat } from './rectify.js';
import { averagedTicRead, createCardReader, readTurningSideways, withColourOf, type CardReader } from './read/index.js';
import { lookAtPips, pipMatcher, type PipMatcher } from './read/pips.js';
import { withoutGlare } from './read/glare.js';
import { lookAgainAtSpecials, specialMatcher, yellowShare, YELLOW_FACE, type SpecialMatcher } from './read/specials.js';
import { yellowness } from './detect/complete.js';
import { SETTLED_CAP, settleTicTable } from './settle.js';
import { drawPileCandidates, STACKS_DRAW_PILE } from './draw-pile.js';
import { STANDARD_DECK } from '../deck/profile.js';
import type { CardReading, DetectedCard, PropertyRead, Recognition, RecognisedCard } from './types.js';

/** The games whose tables the recogniser reads. */
export type VisionGame = 'progression' | 'sequence-shift' | 'sequence-hunt' | 'sequence-stacks';

export interface RecogniseOptions {
  readonly game: VisionGame;
  /** Extra detection settings (debug pictures, working width). */
  readonly detect?: Omit<DetectOptions, 'deck'>;
  /** A calibration profile (seqref calibrate): recognise on the table seen from above, in its light (src/vision/calibrated.ts). */
  readonly calibration?: CalibrationProfile;
}

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

/** A reading this confident is "sure" (the eval's mark for a wrong read that counts most). */
const SURE = 0.9;
/** The most a partly seen card's reading may claim (below "sure", 0.9). */
export const PARTIAL_CAP = 0.85;

function capConfidence(r: CardReading, cap: number): CardReading {
  const prop = <T,>(p: PropertyRead<T> | undefined): PropertyRead<T> | undefined => (p ? { ...p, confidence: Math.min(p.confidence, cap) } : p);
  return {
    ...r,
    confidence: Math.min(r.confidence, cap),
    ...(r.number ? { number: prop(r.number)! } : {}),
    ...(r.shape ? { shape: prop(r.shape)! } : {}),
    ...(r.colour ? { colour: prop(r.colour)! } : {}),
  };
}

export const deckOf = (game: VisionGame): 'tic' | 'stacks' => (game === 'sequence-stacks' ? 'stacks' : 'tic');

/** Loads OpenCV and the card reader once; recognise() is then synchronous. */
export async function createRecogniser(options: { modelDir?: string; reader?: CardReader } = {}): Promise<Recogniser> {
  const cv = await openCv();
  const reader = options.reader ?? (await createCardReader(options.modelDir ? { modelDir: options.modelDir } : {}));
  return {
    reader,
    recognise: (frame, o) => recogniseWith(cv, reader, frame, o),
    dispose: () => reader.dispose(),
  };
}

export function recogniseWith(cv: OpenCv, reader: CardReader, frame: RgbaImage, options: RecogniseOptions): Recognition {
  if (options.calibration) return recogniseCalibrated(cv, reader, frame, { ...options, calibration: options.calibration });
  const deck = deckOf(options.game);
  const t0 = performance.now();
  const source = toMat(cv, frame);
  let detected: DetectedCard[];
  let read: ReadCards;
  let t1: number;
  let t2: number;
  let piles: Quad[] = [];
  try {
    const found = detectCards(cv, frame, source, { ...options.detect, deck });
    t1 = performance.now();
    let grey: GreyImage | null = null;
    let yellow: GreyImage | null = null;
    const refined = (q: Quad, options?: RefineOptions): RefinedQuad => refineQuad((grey ??= greyOf(frame.data, frame.width, frame.height)), q, options);
    const looks: ReadLooks = {
      specials: specialMatcher(cv),
      pips: deck === 'tic' ? pipMatcher(cv) : null,
      snap: refined,
      snapYellow: (q) => refineQuad((yellow ??= yellowness(frame)), q).quad as unknown as Quad,
      frame: { width: frame.width, height: frame.height },
    };
    const cut = (q: Quad, size?: { width: number; height: number }): RgbaImage => rectifyMat(cv, source, q, size);
    read = readCards(reader, found.map((d) => d.corners), cut, deck, found.map((d) => d.partial), looks);
    const kept = cardFinds(found, read);
    detected = kept.map((i) => found[i]!);
    read = keptOf(read, kept);
    if (options.game !== 'sequence-stacks') ({ detected, read } = withGaps(detected, read, readGaps(reader, read.corners, read.readings, cut, refined, frame)));
    t2 = performance.now();
    if (options.game === 'sequence-stacks') piles = drawPileCandidates(cv, source, frame.width, frame.height, read.corners, read.readings.map((r) => r.deck !== 'unknown'), STANDARD_DECK);
  } finally {
    source.delete();
  }
  const partial = detected.map((d) => d.partial);
  const anchored = anchorStacks(read, partial, piles);
  const drawPile = anchored?.drawPile ?? null;
  const cells = anchored?.cells ?? gridCells(read.corners, partial, options.game, read.readings);
  const t3 = performance.now();
  const cards: RecognisedCard[] = detected.map((d, i) => ({
    corners: read.corners[i]!,
    centre: quadCentre(read.corners[i]!),
    partial: d.partial,
    reading: read.readings[i]!,
    row: cells[i]?.row ?? null,
    col: cells[i]?.col ?? null,
  }));
  return { width: frame.width, height: frame.height, cards, ...(drawPile ? { drawPile } : {}), times: { detectMs: t1 - t0, readMs: t2 - t1, gridMs: t3 - t2 } };
}

/**
 * Which finds are cards: a find detection was unsure of (Detection.tentative) only where the reader
 * named a card in it; one the scan placed (no outline of its own), only where the reader sees a
 * card face in it at all. (Checked cloth's light squares pass the scan's tests, dozens a frame where
 * few cards lie to judge them by; the reader takes them for no face.)
 */
export function cardFinds(found: readonly Pick<Detection, 'tentative' | 'evidence'>[], read: ReadCards): number[] {
  return found.flatMap((d, i) => {
    const reading = read.readings[i]!;
    const noCard = (d.tentative && !reading.card) || (d.evidence === 'scan' && reading.deck === 'unknown');
    return noCard ? [] : [i];
  });
}

/** The cards `kept` (indices) of a read. */
export function keptOf(read: ReadCards, kept: readonly number[]): ReadCards {
  return { corners: kept.map((i) => read.corners[i]!), readings: kept.map((i) => read.readings[i]!) };
}

/** The cards read in the grid's gaps (src/vision/gaps.ts) added, or put in place of the cards they replace; partly seen. */
function withGaps(detected: DetectedCard[], read: ReadCards, gaps: ReturnType<typeof readGaps>): { detected: DetectedCard[]; read: ReadCards } {
  if (gaps.length === 0) return { detected, read };
  const cards = [...detected];
  const corners = [...read.corners];
  const readings = [...read.readings];
  for (const gap of gaps) {
    const card: DetectedCard = { corners: gap.corners, centre: quadCentre(gap.corners), partial: true };
    const reading = capConfidence(gap.reading, PARTIAL_CAP);
    const at = gap.replaces ?? cards.length;
    cards[at] = card;
    corners[at] = gap.corners;
    readings[at] = reading;
  }
  return { detected: cards, read: { corners, readings } };
}

export interface StacksAnchor {
  /** The draw pile (in the image the cards' quads are in). */
  readonly drawPile: Quad;
  /** Each card's cell, numbered so the pile is the game's cell 0,2. */
  readonly cells: { row: number; col: number }[];
}

/**
 * Sequence Stacks' cells numbered from the draw pile: the first of the candidates (drawPileCandidates,
 * in the image `read` gives the cards in) that puts every named card on a space (a deck put aside
 * does not); null when none does.
 */
export function anchorStacks(read: ReadCards, partial: readonly boolean[], piles: readonly Quad[]): StacksAnchor | null {
  for (const pile of piles) {
    const cells = stacksCells(read, partial, pile);
    if (cells.every((c, i) => read.readings[i]!.card === null || onStacksSpaces(c))) return { drawPile: pile, cells };
  }
  return null;
}

/** Sequence Stacks cells with the draw pile in the grid too, numbered so the pile is the game's cell 0,2 (the other spaces follow). */
function stacksCells(read: ReadCards, partial: readonly boolean[], drawPile: Quad): { row: number; col: number }[] {
  const cells = assignGrid([...gridInputs(read.corners, partial, read.readings), { corners: drawPile, sized: false }], { game: 'sequence-stacks' });
  const pile = cells.pop()!;
  const [row, col] = STACKS_DRAW_PILE;
  return cells.map((c) => ({ row: c.row - pile.row + row, col: c.col - pile.col + col }));
}

export interface ReadCards {
  /** The quads turned so each starts at its card's own top-left. */
  readonly corners: Quad[];
  readonly readings: CardReading[];
}

/** The second looks readCards may take, each where it is given. */
export interface ReadLooks {
  /** At a Stacks special's word (src/vision/read/specials.ts; `cut` then also takes a size). */
  readonly specials?: SpecialMatcher | null;
  /** At a TIC card's pips (src/vision/read/pips.ts; `cut` then also takes a size). */
  readonly pips?: PipMatcher | null;
  /** A quad's sides moved onto the frame's edges, and how much of each found one, for a covered TIC card's rectangles (src/vision/covered.ts). */
  readonly snap?: (quad: Quad) => Pick<RefinedQuad, 'quad' | 'support'>;
  /** The frame's size: the plane for those rectangles as a camera sees the table (src/vision/detect/camera.ts). */
  readonly frame?: { readonly width: number; readonly height: number };
  /** The same in yellowness (a Stacks special's face on its pile). */
  readonly snapYellow?: (quad: Quad) => Quad;
}

/**
 * Reads the cards `cut` takes out along their quads, in one batch: a quad taken across the card is
 * cut again a corner further round; the reader says which end is up; an unsure card is read again
 * with any glare spot taken off its face, and an unsure TIC card from its opposite corner; a TIC
 * table is settled (a card lies there once); with `looks`, an unsure yellow Stacks face is cut
 * again with its sides snapped in yellowness, Stacks cards that may be specials get a second look
 * at their word, an unsure TIC card outlined whole at its pips, and an unknown TIC card (or one
 * partly covered and named unsurely) is read from card-sized rectangles by its outline (those
 * holding its part in sight where it is partly covered); a card partly out of sight (a side covered or cut off by the frame, or less than 90%
 * of its face seen by the reader) rests on part of the evidence and is never reported as sure.
 */
export function readCards(
  reader: CardReader,
  quads: readonly Quad[],
  cut: (quad: Quad, size?: { width: number; height: number }) => RgbaImage,
  deck: 'tic' | 'stacks',
  partial: readonly boolean[],
  looks: ReadLooks = {},
): ReadCards {
  const { specials, pips, snap, snapYellow, frame } = looks;
  const first = readTurningSideways(reader, quads, cut, deck);
  const { faces, sideways } = first;
  let { quads: corners, readings } = first;
  if (deck === 'stacks' && snapYellow) snapYellowFaces(reader, corners, readings, faces, cut, snapYellow, specials);
  if (deck === 'stacks') {
    // An unsure Stacks card under a glare spot: the read with the glare taken off (a numeral washed
    // pale comes back), where it names a card and is surer; below "sure" (one photo, looked at twice).
    // Not where it names another card than the first read did: taking the glare off reshapes the ink
    // it leaves (a 2 read as a 4).
    for (const { i, read } of readsWithoutGlare(reader, readings, faces, deck)) {
      const named = readings[i]!.card;
      if (read.card && (!named || read.card === named) && read.confidence > Math.max(readings[i]!.confidence, reader.threshold)) readings[i] = capConfidence(read, SETTLED_CAP);
    }
  }
  if (deck === 'stacks' && specials) {
    ({ readings, quads: corners } = lookAgainAtSpecials(specials, readings, faces, corners, cut, reader.threshold, corners.map((_, i) => sideways.includes(i))));
  }
  if (deck === 'tic') lookAgainAtUnsureTic(reader, readings, corners, faces, cut, partial, pips);
  // An unknown card, partly covered (outlined by the part in sight) or outlined off it, and a partly
  // covered card named unsurely: read from card-sized rectangles by its outline (src/vision/covered.ts).
  let moved: readonly boolean[] = [];
  if (deck === 'tic' && snap) ({ corners, readings, moved } = rereadCovered(reader, corners, readings, partial, cut, snap, frame));
  const upright = corners.map((q, i) => (readings[i]!.upsideDown ? turned(q) : q));
  if (deck === 'tic') readings = settleTicTable(readings);
  readings = readings.map((r, i) => (partial[i] || moved[i] || (r.visible ?? 1) < 0.9 ? capConfidence(r, PARTIAL_CAP) : r));
  return { corners: upright, readings };
}

/** How readCards cuts a card out: along its quad, at the reader's size or the size given. */
type CardCut = (quad: Quad, size?: { width: number; height: number }) => RgbaImage;

/**
 * A special's yellow face on its pile: the lightness edges found may be those of the white
 * cards showing under it, a few px out from its own, and its word then lies off where the
 * reader looks for it. Its sides snapped in yellowness, kept where that reads surer and, with
 * the second look at the word, where the word is matched better too (a side snapped onto the
 * word's own edge moves it off where it should lie). Updates `corners`, `readings` and `faces`.
 */
function snapYellowFaces(
  reader: CardReader,
  corners: Quad[],
  readings: CardReading[],
  faces: RgbaImage[],
  cut: CardCut,
  snapYellow: (quad: Quad) => Quad,
  specials: SpecialMatcher | null | undefined,
): void {
  const yellow = readings.flatMap((r, i) => (r.confidence < SURE && yellowShare(faces[i]!) >= YELLOW_FACE ? [i] : []));
  const snapped = yellow.map((i) => snapYellow(corners[i]!));
  const snappedFaces = snapped.map((q) => cut(q));
  const again = reader.read(snappedFaces, 'stacks');
  const word = specials ? (q: Quad): number => Math.max(...specials.score(q, cut).scores) : null;
  yellow.forEach((i, k) => {
    if (again[k]!.sideways || again[k]!.confidence <= readings[i]!.confidence) return;
    if (word && word(snapped[k]!) <= word(corners[i]!)) return;
    readings[i] = again[k]!;
    corners[i] = snapped[k]!;
    faces[i] = snappedFaces[k]!;
  });
}

/** The unsure TIC reads looked at again: cut from the opposite corner, with glare taken off, at their pips (each below); `readings` updated in place. */
function lookAgainAtUnsureTic(
  reader: CardReader,
  readings: CardReading[],
  corners: readonly Quad[],
  faces: readonly RgbaImage[],
  cut: CardCut,
  partial: readonly boolean[],
  pips: PipMatcher | null | undefined,
): void {
  // An unsure TIC read: the card cut again from its opposite corner, where the cut's pixels fall a
  // pixel apart (a faint face, yellow on cream, can read otherwise), and the two reads averaged,
  // below "sure" as a settled read is.
  const unsure = readings.flatMap((r, i) => (r.ticProbabilities && r.confidence < SURE ? [i] : []));
  const again = reader.read(unsure.map((i) => cut(turned(corners[i]!))), 'tic');
  unsure.forEach((i, k) => (readings[i] = averagedTicRead(readings[i]!, again[k]!, reader.threshold, SETTLED_CAP)));
  // An unsure card under a glare spot: the read with the glare taken off (pips washed pale come
  // back), its colour odds kept from the first read (taking glare off shifts the inks' hues);
  // averaged in where that read is sure, the result below "sure" as above. (Where the glare wiped
  // the pips out, the read of what is left is a guess: averaged in at any confidence, such reads
  // lost more cards than they named.)
  for (const { i, read } of readsWithoutGlare(reader, readings, faces, 'tic')) {
    const clear = withColourOf(read, readings[i]!);
    if (clear && clear.confidence >= SURE) readings[i] = averagedTicRead(readings[i]!, clear, reader.threshold, SETTLED_CAP);
  }
  // An unsure card seen whole: a second look at its pips at twice the reader's resolution, its
  // odds weighed in where some shape fits them clearly (src/vision/read/pips.ts). Not on a card
  // read at SETTLED_CAP or more, which the look could raise no further (the tuning sets named
  // the same cards without those, and a table of 30 cards read a ms or two quicker); nor on a
  // partly covered card, where the shapes' fits told less than they cost (3 cards more named,
  // 6 more named wrong).
  if (pips) {
    readings.forEach((r, i) => {
      if (r.confidence < SETTLED_CAP && !partial[i]) readings[i] = lookAtPips(pips, r, corners[i]!, cut, reader.threshold, SETTLED_CAP);
    });
  }
}

/** The unsure reads (below "sure") of faces showing a glare spot, each read again with the glare taken off. */
function readsWithoutGlare(reader: CardReader, readings: readonly CardReading[], faces: readonly RgbaImage[], deck: 'tic' | 'stacks'): { i: number; read: CardReading }[] {
  const glared = readings.flatMap((r, i) => {
    const clear = r.confidence < SURE ? withoutGlare(faces[i]!) : null;
    return clear ? [{ i, clear }] : [];
  });
  const again = reader.read(glared.map((g) => g.clear), deck);
  return glared.map(({ i }, k) => ({ i, read: again[k]! }));
}

/**
 * Rows and columns from the card outlines; a partly seen card's outline counts half. `readings`:
 * a card the reader named starts at its own top-left (in Sequence Stacks that says which way the
 * layout faces).
 */
export function gridCells(corners: readonly Quad[], partial: readonly boolean[], game: VisionGame, readings: readonly CardReading[]): ReturnType<typeof assignGrid> {
  return assignGrid(gridInputs(corners, partial, readings), { game });
}

function gridInputs(corners: readonly Quad[], partial: readonly boolean[], readings: readonly CardReading[]): GridInput[] {
  return corners.map((q, i) => ({ corners: q, weight: partial[i] ? 0.5 : 1, ...(readings[i]?.card ? { ownTop: true } : {}) }));
}
