// Rereads TIC cards that read unknown or unsure. A partly covered card is read from card-sized
// rectangles holding its part in sight, a card-sized outline from that outline slid along its
// sides, and any outline with a corner put back or a side laid again; a skewed outline from the
// parallelograms of three of its corners. The surest allowed read is taken.
import { add, applyHomography, dist, grow, insetGrid, insidePolygon, intersectLines, invertHomography, scale, signedArea, sub, unit, type Homography, type Vec } from './detect/geometry.js';
import { cardShapeError, flatFirst, shortSideFirst, tablePlane } from './detect/table.js';
import { PLANE } from './detect/snap-params.js';
import type { Quad, RgbaImage } from './image.js';
import { readTurningSideways, type CardReader } from './read/index.js';
import { paintedOverCover } from './read/cover.js';
import { STANDARD_DECK } from '../deck/profile.js';
import type { CardReading } from './types.js';
import type { RefinedQuad } from './detect/refine.js';
import { COVERED, READ } from './read/params.js';

/**
 * Rereads unknown, unsure and skewed TIC cards from other quads; a named card takes only a sure read.
 * `moved` marks cards placed by this search, never to be reported sure. `snap` fits a quad's sides
 * to the frame's edges and says how well each is held. `known` is the table plane where known
 * beforehand (frame pixels -> table mm); else it is fitted to the cards read surely.
 */
export function rereadCovered(
  reader: CardReader,
  corners: readonly Quad[],
  readings: readonly CardReading[],
  partial: readonly boolean[],
  cut: (quad: Quad) => RgbaImage,
  snap: (quad: Quad) => Pick<RefinedQuad, 'quad' | 'support'>,
  frame?: { width: number; height: number },
  known?: Homography,
): { corners: Quad[]; readings: CardReading[]; moved: boolean[] } {
  const out = { corners: [...corners], readings: [...readings], moved: corners.map(() => false) };
  // Where the plane is known beforehand, a whole card's outline is held to a card's true size, and
  // its rereads named no card better on the calibration sets: only partly seen cards are reread.
  const rereadable = (i: number): boolean => partial[i]! || !known;
  const unknown = readings.flatMap((r, i) => (r.card === null && rereadable(i) ? [i] : []));
  const unsure = readings.flatMap((r, i) => (r.card !== null && rereadable(i) && r.confidence < (partial[i] ? READ.sure : COVERED.chosen) ? [i] : []));
  const skewed = readings.flatMap((r, i) => (r.card !== null && skew(corners[i]!) > COVERED.skewedDeg ? [i] : []));
  if (unknown.length + unsure.length + skewed.length === 0) return out;
  // The plane comes from whole sure cards, else partial sure ones (a shadow is often taken for a
  // cover), else those read as surely as a partly seen card may be.
  const sure = (i: number): boolean => readings[i]!.confidence >= READ.sure;
  const whole = corners.filter((_, i) => sure(i) && !partial[i]);
  const anySure = corners.filter((_, i) => sure(i));
  const partlySure = corners.filter((_, i) => readings[i]!.card !== null && readings[i]!.confidence >= READ.partialCap);
  const plane = known ? null : tablePlane(whole.length > 0 ? whole : anySure.length > 0 ? anySure : partlySure, STANDARD_DECK, undefined, frame);
  const toTable = known ?? flatFirst(plane);
  const fromTable = toTable ? invertHomography(toTable) : null;
  const barely = unsure.filter((i) => readings[i]!.confidence < COVERED.chosen);
  const tries = outlineTries([...unknown, ...barely], corners, snap);
  // A skewed outline: each corner in turn put back to make a parallelogram of the other three.
  // Not snapped: the snap would take the cover's edge again.
  for (const i of skewed) for (const quad of parallelograms(corners[i]!)) tries.push({ card: i, quad });
  if (toTable && fromTable) tries.push(...rectangleTries([...unknown, ...unsure], corners, partial, toTable, fromTable, snap));
  // A try's side may snap a few px into a close neighbour's edge: it is read moved back out too.
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
 * Snapped tries from each card's outline with a corner put back or a side laid again, each once;
 * kept only where all sides are held, or all but one laid further out under a cover. Needs no
 * plane. Only for cards named barely or not at all: a guessed side squeezes the face.
 */
function outlineTries(cards: readonly number[], corners: readonly Quad[], snap: (quad: Quad) => Pick<RefinedQuad, 'quad' | 'support'>): Try[] {
  const tries: Try[] = [];
  const tryOutline = (i: number, rough: Quad, relaid?: Relaid): void => {
    const snapped = snap(rough);
    const quad = snapped.quad as unknown as Quad;
    const unheld = [0, 1, 2, 3].filter((s) => snapped.support[s]! < COVERED.held);
    const underCover = relaid !== undefined && relaid.further && unheld.length === 1 && unheld[0] === relaid.side;
    if (unheld.length > 0 && !underCover) return;
    // A side laid again may snap to a finger's edge: a card's far side is only a little shorter.
    if (relaid && !oppositeSidesAlike(quad)) return;
    // Sides laid again at nearby lengths often snap to the same edges: read once.
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
 * Snapped tries from card-sized table rectangles: those holding a card's part in sight, and its
 * card-sized outline slid along its sides; none over another card, none twice.
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
    // A partly seen card outlined at a card's size may be outlined off it too, so it gets both.
    const cardShaped = cardShapeError(onTable[i]!, STANDARD_DECK) < PLANE.cardShaped * STANDARD_DECK.widthMm;
    const holding = partial[i] || !cardShaped ? rectanglesHolding(onTable[i]!).filter((rect) => share(onTable[i]!, rect) >= COVERED.holds) : [];
    // A partly seen card's outline lies mostly on it: slid a quarter only, as a half may reach its neighbour.
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

/** Reads the tries; each card in `out` takes its surest allowed read, with that quad, marked moved. */
function takeSurestReads(reader: CardReader, tries: readonly Try[], readings: readonly CardReading[], cut: (quad: Quad) => RgbaImage, out: Reread): void {
  // Read sideways too: an outline across two cards or under a sleeve may swap a card's sides.
  const { quads: asRead, faces, readings: reads } = readTurningSideways(reader, tries.map((t) => t.quad), cut, 'tic');
  // An unknown card's tries are read again with the cover painted out, as its colour sways the read.
  // Taken only where sure, and never over a named card: painted, a try hides what else it holds.
  const painted = tries.flatMap((t, k) => {
    if (readings[t.card]!.card !== null || reads[k]!.sideways) return [];
    const { face, share } = paintedOverCover(faces[k]!);
    return share > 0 ? [{ k, face }] : [];
  });
  const paintedReads = reader.read(painted.map((p) => p.face), 'tic');
  const candidates = [...tries.map((t, k) => ({ ...t, quad: asRead[k]!, read: reads[k]!, paintedOver: false })), ...painted.map(({ k }, j) => ({ ...tries[k]!, quad: asRead[k]!, read: paintedReads[j]!, paintedOver: true }))];
  candidates.forEach(({ card, underCover, quad, read, paintedOver }) => {
  // A card already named gives way only to a sure read: middling reads from a moved quad misname it.
    const least = readings[card]!.card === null && !underCover && !paintedOver ? COVERED.chosen : READ.sure;
    if (read.card !== null && read.confidence >= least && read.confidence > out.readings[card]!.confidence) {
      out.readings[card] = read;
      out.corners[card] = quad;
      out.moved[card] = true;
    }
  });
}

/** The quad with each corner in turn moved to make a parallelogram of the other three, where it moves. */
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

/** An outline with side `side` (corner `side` to the next) laid again; `further`: laid further out. */
interface Relaid {
  readonly quad: Quad;
  readonly side: number;
  readonly further: boolean;
}

/** The quad with each side in turn laid again along its neighbours, at COVERED.relaid shares of its opposite. */
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
 * `quad` with each side lying inside a neighbour (grown by COVERED.gapPx, as the gap beside a card
 * is its own) moved back onto its nearest side, if by a little (COVERED.intoNeighbour); else null.
 */
function offNeighbours(quad: Quad, neighbours: readonly (readonly Vec[])[]): Quad | null {
  const q = [...quad] as Vec[];
  let moved = false;
  for (let k = 0; k < 4; k++) {
    const [a, b] = [q[k]!, q[(k + 1) % 4]!];
    const [beforeA, beforeB] = [q[(k + 3) % 4]!, q[(k + 2) % 4]!];
    // Its inner half: cards in a row are offset, so a corner may lie past the neighbour's own.
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

/** Card-sized table rectangles, short side first, from each corner of `part` along each side there. */
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
