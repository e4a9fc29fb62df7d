// A card partly under a hand or a sleeve is outlined by the part in sight, and that outline cut to
// a card's shape reads as nothing (a card stretched or cut short). Where such a TIC card reads
// unknown, the card-sized rectangles that hold its part in sight, laid on the table plane from each
// corner of that part along its sides, are read instead, and the surest reading is taken: a
// covered card lies somewhere under its cover, its corners in sight are its own. An unknown card
// outlined at a card's size is outlined off it (half on the table, or across two cards): that
// outline slid along its sides is read instead. And any unknown card's outline with one corner
// moved to make a parallelogram of it (a corner under a finger), or with one side laid again at a
// card's length from the side across from it (a side run across the face, or an arm's edge across
// the card with the card's end under the arm), is read too. A partly covered card named unsurely
// (or one outlined whole named barely) is read so as well: its outline cut to a card's shape may
// name another card (a 4-square read 3-crescent from a cut two-thirds its length). A try whose
// side snapped onto a neighbour's edge, a few px into it, is read with that side moved back out of
// the neighbour; one read sideways, a quarter turned. A card named from an outline whose opposite
// sides lie far from parallel (a deck's edge over its end taken for its own) is read from the
// parallelograms of three of its corners.
import { add, applyHomography, dist, grow, insetGrid, insidePolygon, intersectLines, invertHomography, scale, signedArea, sub, unit, type Homography, type Vec } from './detect/geometry.js';
import { cardShapeError, shortSideFirst, tablePlane } from './detect/table.js';
import { PLANE } from './detect/snap-params.js';
import type { Quad, RgbaImage } from './image.js';
import { readTurningSideways, type CardReader } from './read/index.js';
import { paintedOverCover } from './read/cover.js';
import { STANDARD_DECK } from '../deck/profile.js';
import type { CardReading } from './types.js';
import type { RefinedQuad } from './detect/refine.js';
import { COVERED, READ } from './read/params.js';

/**
 * The readings and corners with each unknown TIC card (read sideways too) read again: one partly
 * seen (or whose outline is no card's shape on the table plane) from the card-sized rectangles
 * holding its part in sight, one outlined at a card's size from that outline slid a quarter and a
 * half of a side along its sides, and each from its outline with a corner cut off put back or a
 * side laid again; where one of them reads as a card (`moved` marks those: a card placed by a
 * search over rectangles is never to be reported sure). `snap` moves a quad's sides onto the
 * frame's edges where it finds them, and says how well each is held (the plane from a card or two
 * puts a rectangle a card away several pixels off, and the reader needs its quads within a few).
 * The rectangles need a surely read card for the plane. A partly seen card named below sure (and
 * one outlined whole named below COVERED.chosen: a card laid over its end cuts its outline short without a
 * cover in sight) is read from its rectangles and its outline's tries too, and takes such a read
 * only where it is sure. So does any card named from an outline whose opposite sides lie more than
 * COVERED.skewedDeg from parallel, from the parallelograms of three of its corners.
 */
export function rereadCovered(
  reader: CardReader,
  corners: readonly Quad[],
  readings: readonly CardReading[],
  partial: readonly boolean[],
  cut: (quad: Quad) => RgbaImage,
  snap: (quad: Quad) => Pick<RefinedQuad, 'quad' | 'support'>,
  frame?: { width: number; height: number },
): { corners: Quad[]; readings: CardReading[]; moved: boolean[] } {
  const out = { corners: [...corners], readings: [...readings], moved: corners.map(() => false) };
  const unknown = readings.flatMap((r, i) => (r.card === null ? [i] : []));
  const unsure = readings.flatMap((r, i) => (r.card !== null && (partial[i] ? r.confidence < READ.sure : r.confidence < COVERED.chosen) ? [i] : []));
  const skewed = readings.flatMap((r, i) => (r.card !== null && skew(corners[i]!) > COVERED.skewedDeg ? [i] : []));
  if (unknown.length + unsure.length + skewed.length === 0) return out;
  // Where every card read surely is partial (a shadow or a hand along a side is taken for a
  // cover), their outlines still set the plane: the plane is the one most of them agree with.
  const sure = (i: number): boolean => readings[i]!.confidence >= READ.sure;
  const whole = corners.filter((_, i) => sure(i) && !partial[i]);
  // (Their outlines are also the neighbours a try's side may have snapped into, below.)
  const anySure = corners.filter((_, i) => sure(i));
  // Where none is sure (a hand over the only cards), those read as surely as a partly seen card may be.
  const partlySure = corners.filter((_, i) => readings[i]!.card !== null && readings[i]!.confidence >= READ.partialCap);
  const plane = tablePlane(whole.length > 0 ? whole : anySure.length > 0 ? anySure : partlySure, STANDARD_DECK, undefined, frame);
  // (From a card or two, the plane without perspective: near them, as good; further off, nearer.)
  const toTable = plane ? (plane.flat ?? plane.toTable) : null;
  const fromTable = toTable ? invertHomography(toTable) : null;
  const barely = unsure.filter((i) => readings[i]!.confidence < COVERED.chosen);
  const tries = outlineTries([...unknown, ...barely], corners, snap);
  // A card named from a skewed outline (its end under a deck, the deck's edge taken for its own):
  // each corner in turn put back to make a parallelogram of the other three. Not snapped: the
  // side laid again lies under the cover, whose edge the snap would take again. (Taken only where
  // sure, as any try for a card named.)
  for (const i of skewed) for (const quad of parallelograms(corners[i]!)) tries.push({ card: i, quad });
  if (toTable && fromTable) tries.push(...rectangleTries([...unknown, ...unsure], corners, partial, toTable, fromTable, snap));
  // Cards lying close: a try's side may snap to the neighbour's edge across the gap, a few px
  // inside it, and the cut reads as nothing. That side moved back onto the neighbour's side is
  // read too.
  const pastSure = anySure.map((n) => grow(n, COVERED.gapPx));
  for (const t of [...tries]) {
    const off = offNeighbours(t.quad, pastSure);
    if (off) tries.push({ ...t, quad: off });
  }
  if (tries.length === 0) return out;
  takeSurestReads(reader, tries, readings, cut, out);
  return out;
}

/** What rereadCovered gives: the corners and readings, and which cards a try moved. */
type Reread = ReturnType<typeof rereadCovered>;

/** An outline or rectangle to read card `card` (its index) from. */
interface Try {
  readonly card: number;
  readonly quad: Quad;
  /** A side laid again under a cover, to be taken only where read surely. */
  readonly underCover?: boolean;
}

/**
 * The tries from each of `cards`' outline, a corner put back or a side laid again, snapped (each quad once).
 *
 * A corner cut off by a finger: the outline's other three corners are the card's, and the
 * parallelogram they make is nearly the card (then snapped). A side run across the card's face
 * (a glare spot washed its edge into a pale table, or the outline took an edge on the face for
 * it): the other three sides' lines are the card's, and that side laid again along them at the
 * length a card shows there is nearly the card's.
 * Needs no plane: a frame of a card or two under a hand often holds no card read surely. Taken
 * only where the snapped quad is held on all four sides: a parallelogram off the card (from an
 * outline of part of it) read as another card as surely as one on it did.
 * An outline cut short by an arm across the card (no plane to lay rectangles by): the side laid
 * again further out lies under the arm and holds no edge; taken where the other three are held.
 * A card named barely (below COVERED.chosen, no hold on its name) is tried so too: its outline cut short
 * by a palm may name another card (a 4-circle-red two-thirds in sight read 1-square-red 0.69).
 * Not one named more surely: a side laid again under a cover at a guessed length squeezes the
 * face, and a 2-circle-yellow read 0.80 read 2-square-yellow at 0.96.
 */
function outlineTries(cards: readonly number[], corners: readonly Quad[], snap: (quad: Quad) => Pick<RefinedQuad, 'quad' | 'support'>): Try[] {
  const tries: Try[] = [];
  const tryOutline = (i: number, rough: Quad, relaid?: Relaid): void => {
    const snapped = snap(rough);
    const quad = snapped.quad as unknown as Quad;
    const unheld = [0, 1, 2, 3].filter((s) => snapped.support[s]! < COVERED.held);
    const underCover = relaid !== undefined && relaid.further && unheld.length === 1 && unheld[0] === relaid.side;
    if (unheld.length > 0 && !underCover) return;
    // A side laid again may snap to a finger's edge across the card: a card's far side is no more
    // than a little shorter than its near one.
    if (relaid && !oppositeSidesAlike(quad)) return;
    // (Sides laid again at lengths an eighth apart often snap to the same edges: read once.)
    if (tries.some((t) => t.card === i && t.quad.every((p, c) => dist(p, quad[c]!) < COVERED.samePx))) return;
    tries.push({ card: i, quad, underCover });
  };
  for (const i of cards) {
    for (const rough of parallelograms(corners[i]!)) tryOutline(i, rough);
    for (const relaid of sidesRelaid(corners[i]!)) tryOutline(i, relaid.quad, relaid);
  }
  return tries;
}

/**
 * The tries from card-sized rectangles on the table plane for each of `cards`, snapped: those
 * holding its part in sight (partly seen, or outlined in no card's shape), and its outline slid
 * along its sides (outlined at a card's size); none over another card, none twice.
 */
function rectangleTries(
  cards: readonly number[],
  corners: readonly Quad[],
  partial: readonly boolean[],
  toTable: Homography,
  fromTable: Homography,
  snap: (quad: Quad) => Pick<RefinedQuad, 'quad' | 'support'>,
): Try[] {
  const tries: Try[] = [];
  const onTable = corners.map((q) => q.map((p) => applyHomography(toTable, p)));
  for (const i of cards) {
    const others = onTable.filter((_, k) => k !== i);
    const kept: Vec[][] = [];
    // (A partly seen card outlined at a card's size may be outlined off it too: both kinds.)
    const cardShaped = cardShapeError(onTable[i]!, STANDARD_DECK) < PLANE.cardShaped * STANDARD_DECK.widthMm;
    const holding = partial[i] || !cardShaped ? rectanglesHolding(onTable[i]!).filter((rect) => share(onTable[i]!, rect) >= COVERED.holds) : [];
    // (A partly seen card's outline lies mostly on it: slid a quarter only, where a half would
    // lay the rectangle on the card next to it, under the same hand.)
    const rects = [...(cardShaped ? slid(onTable[i]!, partial[i] ? [0.25] : [0.25, 0.5]) : []), ...holding];
    for (const rect of rects) {
      if (others.some((other) => share(other, rect) > COVERED.overlaps)) continue;
      if (kept.some((k) => k.every((p) => rect.some((r) => dist(p, r) < COVERED.sameMm)))) continue;
      kept.push(rect);
      tries.push({ card: i, quad: snap(rectangleInFrame(rect, fromTable, corners[i]!)).quad as unknown as Quad });
    }
  }
  return tries;
}

/** The tries read; each card in `out` takes the surest read of its tries that it may take (with the quad read and `moved` set). */
function takeSurestReads(reader: CardReader, tries: readonly Try[], readings: readonly CardReading[], cut: (quad: Quad) => RgbaImage, out: Reread): void {
  // (A try read sideways is cut again a quarter turned, as the recogniser cuts a card: an outline
  // run across two cards or under a sleeve may take a card's long side for its short one.)
  const { quads: asRead, faces, readings: reads } = readTurningSideways(reader, tries.map((t) => t.quad), cut, 'tic');
  // An unknown card's tries are read again with their cover painted out as paper (src/vision/read/cover.ts):
  // a sleeve's or a hand's colour sways the read. Such a read is taken only where sure, and never
  // over a card already named: painted, a try no longer shows what it holds besides the card (on
  // the tuning sets, a 2-crescent-red named unsurely gave way so to 2-star-violet, its try run onto
  // that card).
  const painted = tries.flatMap((t, k) => {
    if (readings[t.card]!.card !== null || reads[k]!.sideways) return [];
    const { face, share } = paintedOverCover(faces[k]!);
    return share > 0 ? [{ k, face }] : [];
  });
  const paintedReads = reader.read(painted.map((p) => p.face), 'tic');
  const candidates = [...tries.map((t, k) => ({ ...t, quad: asRead[k]!, read: reads[k]!, paintedOver: false })), ...painted.map(({ k }, j) => ({ ...tries[k]!, quad: asRead[k]!, read: paintedReads[j]!, paintedOver: true }))];
  candidates.forEach(({ card, underCover, quad, read, paintedOver }) => {
    // A card already named gives way only to a sure read: on the tuning sets, reads of 0.75-0.86
    // from a rectangle turned right names (triangles) into wrong ones (stars).
    const least = readings[card]!.card === null && !underCover && !paintedOver ? COVERED.chosen : READ.sure;
    if (read.card !== null && read.confidence >= least && read.confidence > out.readings[card]!.confidence) {
      out.readings[card] = read;
      out.corners[card] = quad;
      out.moved[card] = true;
    }
  });
}

/** The quad with each corner in turn moved to make a parallelogram with the other three (where that moves it at all). */
function parallelograms(quad: Quad): Quad[] {
  const out: Quad[] = [];
  for (let k = 0; k < 4; k++) {
    const far = add(quad[(k + 1) % 4]!, sub(quad[(k + 3) % 4]!, quad[k]!));
    if (dist(far, quad[(k + 2) % 4]!) < COVERED.movedPx) continue;
    const q = [...quad] as Vec[];
    q[(k + 2) % 4] = far;
    out.push(q as unknown as Quad);
  }
  return out;
}

/** An outline with side `side` (from corner `side` to the next) laid again; `further`: further out than it was. */
interface Relaid {
  readonly quad: Quad;
  readonly side: number;
  readonly further: boolean;
}

/**
 * The quad with each side in turn laid again along the two sides next to it, at each of the
 * lengths a card may show there for its opposite side's length (COVERED.relaid).
 */
function sidesRelaid(quad: Quad): Relaid[] {
  const out: Relaid[] = [];
  for (let side = 0; side < 4; side++) {
    const [from, to] = [quad[(side + 3) % 4]!, quad[(side + 2) % 4]!];
    const opposite = dist(from, to);
    const was = dist(from, quad[side]!);
    for (const f of COVERED.relaid) {
      const length = opposite * f;
      if (Math.abs(length - was) < COVERED.movedPx) continue;
      const q = [...quad] as Vec[];
      q[side] = add(from, scale(unit(sub(quad[side]!, from)), length));
      q[(side + 1) % 4] = add(to, scale(unit(sub(quad[(side + 1) % 4]!, to)), length));
      out.push({ quad: q as unknown as Quad, side, further: length > was });
    }
  }
  return out;
}

/**
 * `quad` with each side whose inner half lies inside one of `neighbours` (each grown by COVERED.gapPx:
 * the gap beside a card is its own) moved back along the sides next to it onto that neighbour's
 * nearest side, where that moves it a little (COVERED.intoNeighbour); null where no side moves.
 */
function offNeighbours(quad: Quad, neighbours: readonly (readonly Vec[])[]): Quad | null {
  const q = [...quad] as Vec[];
  let moved = false;
  for (let k = 0; k < 4; k++) {
    const [a, b] = [q[k]!, q[(k + 1) % 4]!];
    const [beforeA, beforeB] = [q[(k + 3) % 4]!, q[(k + 2) % 4]!];
    // (Its inner half: a corner may lie past the neighbour's own, cards in a row being offset.)
    const inner = [0.25, 0.75].map((f) => add(a, scale(sub(b, a), f)));
    const into = neighbours.find((n) => inner.every((p) => insidePolygon(n, p)));
    if (!into) continue;
    const middle = (p: Vec, r: Vec): Vec => scale(add(p, r), 0.5);
    const away = (j: number): number => dist(middle(a, b), middle(into[j]!, into[(j + 1) % 4]!));
    const nearest = [0, 1, 2, 3].reduce((best, j) => (away(j) < away(best) ? j : best));
    const [n1, n2] = [into[nearest]!, into[(nearest + 1) % 4]!];
    const a2 = intersectLines(beforeA, a, n1, n2);
    const b2 = intersectLines(beforeB, b, n1, n2);
    if (!a2 || !b2) continue;
    if (dist(a, a2) > COVERED.intoNeighbour * dist(beforeA, a) || dist(b, b2) > COVERED.intoNeighbour * dist(beforeB, b)) continue;
    q[k] = a2;
    q[(k + 1) % 4] = b2;
    moved = true;
  }
  return moved ? (q as unknown as Quad) : null;
}

/** How far (degrees) from parallel the quad's less parallel pair of opposite sides lies. */
function skew(quad: Quad): number {
  const direction = (a: Vec, b: Vec): number => Math.atan2(b[1] - a[1], b[0] - a[0]);
  const apart = (a: number, b: number): number => {
    const d = Math.abs(a - b) % Math.PI;
    return (Math.min(d, Math.PI - d) * 180) / Math.PI;
  };
  const [p0, p1, p2, p3] = quad;
  return Math.max(apart(direction(p0, p1), direction(p3, p2)), apart(direction(p1, p2), direction(p0, p3)));
}

/** Each side of `quad` within COVERED.oppositeSides of the length of the side across from it. */
export function oppositeSidesAlike(quad: Quad): boolean {
  const side = (k: number): number => dist(quad[k]!, quad[(k + 1) % 4]!);
  return [0, 1].every((k) => Math.max(side(k), side(k + 2)) <= COVERED.oppositeSides * Math.min(side(k), side(k + 2)));
}

/** Card-sized rectangles (table mm, short side first) from each corner of `part` along each of its two sides there, either way round. */
function rectanglesHolding(part: readonly Vec[]): Vec[][] {
  const rects: Vec[][] = [];
  const { widthMm: w, heightMm: h } = STANDARD_DECK;
  for (let k = 0; k < 4; k++) {
    const corner = part[k]!;
    const next = sub(part[(k + 1) % 4]!, corner);
    const prev = sub(part[(k + 3) % 4]!, corner);
    for (const [along, towards] of [[next, prev], [prev, next]] as const) {
      const a = unit(along);
      // Square to the side, on the part's side of it.
      const turn: Vec = [-a[1], a[0]];
      const b = turn[0] * towards[0] + turn[1] * towards[1] >= 0 ? turn : scale(turn, -1);
      for (const [alongA, alongB] of [[w, h], [h, w]] as const) {
        const p1 = add(corner, scale(a, alongA));
        rects.push([corner, p1, add(p1, scale(b, alongB)), add(corner, scale(b, alongB))]);
      }
    }
  }
  return rects.map(shortSideFirst);
}

/** The card-shaped `quad` (table mm) slid each of the `shares` of a side along each of its sides, either way. */
function slid(quad: readonly Vec[], shares: readonly number[]): Vec[][] {
  const across = sub(quad[1]!, quad[0]!);
  const down = sub(quad[3]!, quad[0]!);
  return [across, down].flatMap((side) => shares.flatMap((f) => [-f, f]).map((f) => shortSideFirst(quad.map((p) => add(p, scale(side, f))))));
}

/** The table rectangle as a frame quad, turned the way round (clockwise) the card's own quad runs. */
export function rectangleInFrame(rect: readonly Vec[], fromTable: Homography, like: Quad): Quad {
  const q = rect.map((p) => applyHomography(fromTable, p));
  const same = Math.sign(signedArea(q)) === Math.sign(signedArea(like));
  return (same ? [q[0], q[1], q[2], q[3]] : [q[1], q[0], q[3], q[2]]) as unknown as Quad;
}

/** Share of `quad` (its inset grid) that lies in `rect`. */
function share(quad: readonly Vec[], rect: readonly Vec[]): number {
  const points = insetGrid(quad);
  return points.filter((p) => insidePolygon(rect, p)).length / points.length;
}
