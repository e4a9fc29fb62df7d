// The read stage: every card cut out and read in one batch, second looks where a read is unsure,
// the table settled, and a partly seen card never reported sure. Also which finds are cards once
// read, and the cards read in the grid's gaps.
import { rereadCovered } from '../covered.js';
import { readGaps } from '../gaps.js';
import type { Detection } from '../detect/index.js';
import { turned, type Homography } from '../detect/geometry.js';
import type { RefinedQuad } from '../detect/refine.js';
import type { Quad, RgbaImage } from '../image.js';
import { averagedTicRead, readTurningSideways, type CardReader } from './index.js';
import { lookAgainAtSpecials, scoringOnce, yellowShare, type SpecialMatcher } from './specials.js';
import { settleTicTable } from '../settle.js';
import { READ, SETTLE, SPECIALS } from './params.js';
import type { CardReading, PropertyRead } from '../types.js';

/** The reading with its confidence and each property's held to at most `cap`. */
export function capConfidence(r: CardReading, cap: number): CardReading {
  const prop = <T,>(p: PropertyRead<T> | undefined): PropertyRead<T> | undefined => (p ? { ...p, confidence: Math.min(p.confidence, cap) } : p);
  return {
    ...r,
    confidence: Math.min(r.confidence, cap),
    ...(r.number ? { number: prop(r.number)! } : {}),
    ...(r.shape ? { shape: prop(r.shape)! } : {}),
    ...(r.colour ? { colour: prop(r.colour)! } : {}),
  };
}

/**
 * Which finds are cards: a tentative find only where the reader named a card in it, a scan's find
 * only where the reader sees a face at all, as patterned cloth can pass the scan's tests.
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

/** The read with the gaps' cards added or put in place of those they replace, marked partly seen. */
export function withGaps(partial: readonly boolean[], read: ReadCards, gaps: ReturnType<typeof readGaps>): { partial: boolean[]; read: ReadCards } {
  const seen = [...partial];
  const corners = [...read.corners];
  const readings = [...read.readings];
  for (const gap of gaps) {
    const at = gap.replaces ?? seen.length;
    seen[at] = true;
    corners[at] = gap.corners;
    readings[at] = capConfidence(gap.reading, READ.partialCap);
  }
  return { partial: seen, read: gaps.length === 0 ? read : { corners, readings } };
}

/** The cards read: their quads and readings, index for index. */
export interface ReadCards {
  /** The quads turned so each starts at its card's own top-left. */
  readonly corners: Quad[];
  readonly readings: CardReading[];
}

/** The second looks readCards may take, each where it is given. */
export interface ReadLooks {
  /** At a Stacks special's word (specials.ts); `cut` then also takes a size. */
  readonly specials?: SpecialMatcher | null;
  /** Moves a quad's sides onto the frame's edges, for a covered TIC card's rectangles (covered.ts). */
  readonly snap?: (quad: Quad) => Pick<RefinedQuad, 'quad' | 'support'>;
  /** The frame's size, so those rectangles' plane is fitted as a camera sees the table. */
  readonly frame?: { readonly width: number; readonly height: number };
  /** Frame pixels -> table mm where known beforehand (a calibration's): no plane is fitted then. */
  readonly plane?: Homography;
  /** As `snap`, in yellowness: for a Stacks special's face on its pile. */
  readonly snapYellow?: (quad: Quad) => Quad;
}

/**
 * Reads the cards along their quads in one batch (cut again a corner round where taken across), takes
 * second looks where unsure, and settles a TIC table. A card partly out of sight is never reported sure.
 */
export function readCards(
  reader: CardReader,
  quads: readonly Quad[],
  cut: (quad: Quad, size?: { width: number; height: number }) => RgbaImage,
  deck: 'tic' | 'stacks',
  partial: readonly boolean[],
  looks: ReadLooks = {},
): ReadCards {
  const { snap, snapYellow, frame, plane } = looks;
  const specials = looks.specials && scoringOnce(looks.specials);
  const first = readTurningSideways(reader, quads, cut, deck);
  const { faces, sideways } = first;
  let { quads: corners, readings } = first;
  if (deck === 'stacks' && snapYellow) snapYellowFaces(reader, corners, readings, faces, cut, snapYellow, specials);
  if (deck === 'tic') readFromOppositeCorner(reader, readings, corners, cut);
  if (deck === 'stacks' && specials) {
    ({ readings, quads: corners } = lookAgainAtSpecials(specials, readings, faces, corners, cut, reader.threshold, corners.map((_, i) => sideways.includes(i))));
  }
  // Unknown or unsurely named covered cards: read from card-sized rectangles by their outline (covered.ts).
  let moved: readonly boolean[] = [];
  if (deck === 'tic' && snap) ({ corners, readings, moved } = rereadCovered(reader, corners, readings, partial, cut, snap, frame, plane));
  const upright = corners.map((q, i) => (readings[i]!.upsideDown ? turned(q) : q));
  if (deck === 'tic') readings = settleTicTable(readings);
  readings = readings.map((r, i) => (partial[i] || moved[i] || (r.visible ?? 1) < READ.seen ? capConfidence(r, READ.partialCap) : r));
  return { corners: upright, readings };
}

/** How readCards cuts a card out: along its quad, at the reader's size or the size given. */
type CardCut = (quad: Quad, size?: { width: number; height: number }) => RgbaImage;

/**
 * Snaps unsure yellow faces in yellowness, as a special's lightness edges may be the white cards under it.
 * Kept where that reads surer and matches the word better. Updates `corners`, `readings` and `faces`.
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
  const yellow = readings.flatMap((r, i) => (r.confidence < READ.sure && yellowShare(faces[i]!) >= SPECIALS.yellowFace ? [i] : []));
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

/**
 * Unsure TIC reads cut again from the opposite corner, where the pixels fall differently and a faint
 * face can read otherwise; the two reads averaged, capped below sure. Updates `readings`.
 */
function readFromOppositeCorner(reader: CardReader, readings: CardReading[], corners: readonly Quad[], cut: CardCut): void {
  const unsure = readings.flatMap((r, i) => (r.ticProbabilities && r.confidence < READ.sure ? [i] : []));
  const again = reader.read(unsure.map((i) => cut(turned(corners[i]!))), 'tic');
  unsure.forEach((i, k) => (readings[i] = averagedTicRead(readings[i]!, again[k]!, reader.threshold, SETTLE.cap)));
}
