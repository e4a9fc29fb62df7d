// The read stage: every card found cut out and read in one batch, then the second looks where a
// read is unsure (the yellow face snapped, glare taken off, the opposite corner, the pips, a
// special's word, card-sized rectangles round a covered card), the table settled, and a partly
// seen card never reported sure. Also which finds are cards once read, and the cards read in the
// grid's gaps.
import { rereadCovered } from '../covered.js';
import { readGaps } from '../gaps.js';
import type { Detection } from '../detect/index.js';
import { turned } from '../detect/geometry.js';
import type { RefinedQuad } from '../detect/refine.js';
import type { Quad, RgbaImage } from '../image.js';
import { averagedTicRead, readTurningSideways, withColourOf, type CardReader } from './index.js';
import { lookAtPips, type PipMatcher } from './pips.js';
import { withoutGlare } from './glare.js';
import { lookAgainAtSpecials, yellowShare, type SpecialMatcher } from './specials.js';
import { settleTicTable } from '../settle.js';
import { READ, SETTLE, SPECIALS } from './params.js';
import type { CardReading, PropertyRead } from '../types.js';

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
      if (read.card && (!named || read.card === named) && read.confidence > Math.max(readings[i]!.confidence, reader.threshold)) readings[i] = capConfidence(read, SETTLE.cap);
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
  readings = readings.map((r, i) => (partial[i] || moved[i] || (r.visible ?? 1) < READ.seen ? capConfidence(r, READ.partialCap) : r));
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
  const unsure = readings.flatMap((r, i) => (r.ticProbabilities && r.confidence < READ.sure ? [i] : []));
  const again = reader.read(unsure.map((i) => cut(turned(corners[i]!))), 'tic');
  unsure.forEach((i, k) => (readings[i] = averagedTicRead(readings[i]!, again[k]!, reader.threshold, SETTLE.cap)));
  // An unsure card under a glare spot: the read with the glare taken off (pips washed pale come
  // back), its colour odds kept from the first read (taking glare off shifts the inks' hues);
  // averaged in where that read is sure, the result below "sure" as above. (Where the glare wiped
  // the pips out, the read of what is left is a guess: averaged in at any confidence, such reads
  // lost more cards than they named.)
  for (const { i, read } of readsWithoutGlare(reader, readings, faces, 'tic')) {
    const clear = withColourOf(read, readings[i]!);
    if (clear && clear.confidence >= READ.sure) readings[i] = averagedTicRead(readings[i]!, clear, reader.threshold, SETTLE.cap);
  }
  // An unsure card seen whole: a second look at its pips at twice the reader's resolution, its
  // odds weighed in where some shape fits them clearly (src/vision/read/pips.ts). Not on a card
  // read at SETTLE.cap or more, which the look could raise no further (the tuning sets named
  // the same cards without those, and a table of 30 cards read a ms or two quicker); nor on a
  // partly covered card, where the shapes' fits told less than they cost (3 cards more named,
  // 6 more named wrong).
  if (pips) {
    readings.forEach((r, i) => {
      if (r.confidence < SETTLE.cap && !partial[i]) readings[i] = lookAtPips(pips, r, corners[i]!, cut, reader.threshold, SETTLE.cap);
    });
  }
}

/** The unsure reads (below "sure") of faces showing a glare spot, each read again with the glare taken off. */
function readsWithoutGlare(reader: CardReader, readings: readonly CardReading[], faces: readonly RgbaImage[], deck: 'tic' | 'stacks'): { i: number; read: CardReading }[] {
  const glared = readings.flatMap((r, i) => {
    const clear = r.confidence < READ.sure ? withoutGlare(faces[i]!) : null;
    return clear ? [{ i, clear }] : [];
  });
  const again = reader.read(glared.map((g) => g.clear), deck);
  return glared.map(({ i }, k) => ({ i, read: again[k]! }));
}
