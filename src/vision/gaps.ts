// Cards under a hand in the layout's gaps, which show no outline for the detector. The surely read
// cards fix the TIC grid on the table; each empty or unsurely held cell near it is cut, snapped and
// read, and a new card read surer than the cell's own takes it, never reported sure.
import { oppositeSidesAlike, rectangleInFrame } from './covered.js';
import { applyHomography, insetGrid, insidePolygon, invertHomography, median, portrait, quadCentre, turned, type Homography, type Vec } from './detect/geometry.js';
import { flatFirst, orientOnTable, tablePlane } from './detect/table.js';
import type { Quad, RgbaImage } from './image.js';
import type { CardReader } from './read/index.js';
import type { RefinedQuad, RefineOptions } from './detect/refine.js';
import { STANDARD_DECK } from '../deck/profile.js';
import type { CardReading } from './types.js';
import { COVERED, GAPS, READ } from './read/params.js';

/** A card read in a gap: corners from its own top-left, its reading, and the index of the card it replaces. */
export interface GapCard {
  readonly corners: Quad;
  readonly reading: CardReading;
  readonly replaces: number | null;
}

/**
 * The cards found in the grid's gaps, given every card found so far. `snap` moves a quad's sides onto
 * the frame's edges and says how much of each side found one; `cut` rectifies a quad; `known` is
 * the table plane where known beforehand (frame pixels -> table mm).
 */
export function readGaps(
  reader: CardReader,
  corners: readonly Quad[],
  readings: readonly CardReading[],
  cut: (quad: Quad) => RgbaImage,
  snap: (quad: Quad, options?: RefineOptions) => Pick<RefinedQuad, 'quad' | 'support'>,
  frame: RgbaImage,
  known?: Homography,
): GapCard[] {
  const readAt = (least: number): number[] => corners.flatMap((q, i) => (readings[i]!.card !== null && readings[i]!.confidence >= least ? [i] : []));
  // Too few sure: take those as sure as a partly seen card may be; their outlines are rougher, so only then.
  let sure = readAt(READ.sure);
  if (sure.length < GAPS.fewest) sure = readAt(READ.partialCap);
  if (sure.length < GAPS.fewest) return [];
  const quads = sure.map((i) => portrait(corners[i]!));
  const near: GapsNear = { corners, readings, sure, quads, frame, isPaper: new PaperTest(frame, quads) };
  // First on the quick free plane; only where there are gaps, on the camera's plane, truer far off.
  // A calibration's plane is known beforehand.
  const gaps = gapsNear(near, known ?? flatFirst(tablePlane(quads, STANDARD_DECK)));
  if (gaps.length === 0) return [];
  const tries: GapTry[] = (known ? gaps : gapsNear(near, flatFirst(tablePlane(quads, STANDARD_DECK, undefined, frame)))).flatMap(({ quad: laid, replaces }) => {
    const snapped = snap(laid);
    return snapped.support.filter((s) => s >= GAPS.sideHeld).length >= GAPS.heldSides ? [{ laid, quad: snapped.quad as unknown as Quad, replaces }] : [];
  });
  if (tries.length === 0) return [];
  const reads = reader.read(tries.map((t) => cut(t.quad)), 'tic');
  readUnsureAgain(reader, tries, reads, cut, snap);
  return gapCards(tries, reads, readings);
}

/** What finding the gaps needs: every card found, the sure ones (their indices and quads), the frame. */
interface GapsNear {
  readonly corners: readonly Quad[];
  readonly readings: readonly CardReading[];
  readonly sure: readonly number[];
  readonly quads: readonly Quad[];
  readonly frame: RgbaImage;
  readonly isPaper: PaperTest;
}

/** A card named at COVERED.chosen or more holds its cell; one named below it may give way to the gap's read. */
const holdsItsCell = (r: CardReading): boolean => r.card !== null && r.confidence >= COVERED.chosen;

/** A gap's rectangle, and the card it would replace. */
interface GapRect {
  readonly quad: Quad;
  readonly replaces: number | null;
}

/**
 * The gaps on a plane: cells near the layout that no card holds, whose rectangle lies in the frame,
 * looks like paper and covers no card that holds its own cell. Loops, not closures (docs/vision.md:
 * code that runs for every candidate).
 */
function gapsNear(near: GapsNear, toTable: Homography | null): GapRect[] {
  const { corners, readings, sure, quads, frame, isPaper } = near;
  const fromTable = toTable && invertHomography(toTable);
  if (!toTable || !fromTable) return [];
  const grid = new Grid(quads, toTable);
  const cellOf = corners.map((q) => grid.cellAt(applyHomography(toTable, quadCentre(q))));
  const holding = corners.filter((_, i) => holdsItsCell(readings[i]!));
  const like = corners[sure[0]!]!;
  const inFrame = (p: Vec): boolean => p[0] >= 0 && p[1] >= 0 && p[0] < frame.width && p[1] < frame.height;
  const out: GapRect[] = [];
  const rows = cellOf.map((c) => c[0]);
  const cols = cellOf.map((c) => c[1]);
  for (let row = Math.min(...rows) - GAPS.reach; row <= Math.max(...rows) + GAPS.reach; row++) {
    for (let col = Math.min(...cols) - GAPS.reach; col <= Math.max(...cols) + GAPS.reach; col++) {
      let here: number | null = null;
      let held = false;
      for (let i = 0; i < cellOf.length; i++) {
        if (cellOf[i]![0] !== row || cellOf[i]![1] !== col) continue;
        here ??= i;
        held ||= holdsItsCell(readings[i]!);
      }
      if (held) continue;
      const quad = rectangleInFrame(grid.cardAt(row, col), fromTable, like);
      const points = insetGrid(quad);
      let framed = 0;
      let paper = 0;
      for (const p of points) {
        if (!inFrame(p)) continue;
        framed++;
        if (isPaper.at(p)) paper++;
      }
      if (framed < GAPS.inFrame * points.length || paper < GAPS.paperShare * points.length) continue;
      if (holding.some((card) => insideCount(points, card) > GAPS.overlaps * points.length)) continue;
      out.push({ quad, replaces: here });
    }
  }
  return out;
}

/** How many of `points` lie inside `card`. */
function insideCount(points: readonly Vec[], card: Quad): number {
  let inside = 0;
  for (const p of points) if (insidePolygon(card, p)) inside++;
  return inside;
}

/** A gap's rectangle as the grid laid it, the snapped quad read for it, and the card it would replace. */
interface GapTry {
  readonly laid: Quad;
  quad: Quad;
  readonly replaces: number | null;
}

/**
 * Reads the unsure `tries` again, keeping a second cut (and its quad) where it reads surer; not those
 * the reader saw no card in (GAPS.secondLookFrom).
 */
function readUnsureAgain(
  reader: CardReader,
  tries: GapTry[],
  reads: CardReading[],
  cut: (quad: Quad) => RgbaImage,
  snap: (quad: Quad, options?: RefineOptions) => Pick<RefinedQuad, 'quad' | 'support'>,
): void {
  // The rectangle unsnapped: a side may have snapped to the edge of what covers the card.
  const unsure = tries.flatMap((t, k) => (reads[k]!.confidence < COVERED.chosen && reads[k]!.confidence >= GAPS.secondLookFrom ? [k] : []));
  const again = reader.read(unsure.map((k) => cut(tries[k]!.laid)), 'tic');
  unsure.forEach((k, j) => {
    if (again[j]!.confidence <= reads[k]!.confidence) return;
    reads[k] = again[j]!;
    tries[k]!.quad = tries[k]!.laid;
  });
  // Still unsure: snapped again with a longer reach, as far from the plane's cards the grid may lay
  // a card's ends beyond the usual snap; kept where all four sides hold in a card's shape.
  const far = unsure.flatMap((k) => {
    if (reads[k]!.confidence >= COVERED.chosen) return [];
    const snapped = snap(tries[k]!.laid, { reach: GAPS.farReach });
    const quad = snapped.quad as unknown as Quad;
    return snapped.support.every((v) => v >= COVERED.held) && oppositeSidesAlike(quad) ? [{ k, quad }] : [];
  });
  const farReads = reader.read(far.map((f) => cut(f.quad)), 'tic');
  far.forEach(({ k, quad }, j) => {
    if (farReads[j]!.confidence <= reads[k]!.confidence) return;
    reads[k] = farReads[j]!;
    tries[k]!.quad = quad;
  });
}

/** The gaps' cards: sure reads, not sideways, of cards not yet on the table, surer than what they replace. */
function gapCards(tries: readonly GapTry[], reads: readonly CardReading[], readings: readonly CardReading[]): GapCard[] {
  const found = new Map<string, GapCard>();
  tries.forEach(({ quad, replaces }, k) => {
    const read = reads[k]!;
    const onTable = readings.some((r, i) => i !== replaces && r.card === read.card);
    if (read.card === null || read.sideways || read.confidence < COVERED.chosen || onTable) return;
    if (replaces !== null && read.confidence <= readings[replaces]!.confidence) return;
    const other = found.get(read.card);
    if (other && other.reading.confidence >= read.confidence) return;
    found.set(read.card, { corners: read.upsideDown ? turned(quad) : quad, reading: read, replaces });
  });
  return [...found.values()];
}

/**
 * Whether a frame point looks like the sure cards' paper: about its hue and not much darker, as a hand's
 * shade falls on a covered card. The paper is the brighter half of the points on those cards.
 */
class PaperTest {
  private readonly light: number;
  private readonly r: number;
  private readonly g: number;

  constructor(
    private readonly frame: RgbaImage,
    quads: readonly Quad[],
  ) {
    const sum = [0, 0, 0];
    let count = 0;
    for (const q of quads) {
      const rgb = insetGrid(q).map((p) => this.rgbAt(p));
      rgb.sort((a, b) => b[0] + b[1] + b[2] - (a[0] + a[1] + a[2]));
      for (const c of rgb.slice(0, rgb.length >> 1)) {
        for (let k = 0; k < 3; k++) sum[k]! += c[k]!;
        count++;
      }
    }
    const total = sum[0]! + sum[1]! + sum[2]!;
    this.light = total / count;
    this.r = sum[0]! / total;
    this.g = sum[1]! / total;
  }

  private rgbAt(p: Vec): [number, number, number] {
    const { frame } = this;
    const i = (Math.floor(p[1]) * frame.width + Math.floor(p[0])) * 4;
    return [frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!];
  }

  at(p: Vec): boolean {
    const c = this.rgbAt(p);
    const total = c[0] + c[1] + c[2];
    return total >= GAPS.darkest * this.light && Math.abs(c[0] / total - this.r) < GAPS.hue && Math.abs(c[1] / total - this.g) < GAPS.hue;
  }
}

/**
 * The grid the cards lie in on the table: its turn and steps from the cards, and each row's and
 * column's place from its own cards, as people lay cards unevenly.
 */
class Grid {
  private readonly cos: number;
  private readonly sin: number;
  private readonly origin: Vec;
  private readonly pitch: Vec;
  /** Each column's and each row's place: the mean of its cards' centres. */
  private readonly placed: readonly [Map<number, number>, Map<number, number>];

  constructor(quads: readonly Quad[], toTable: Homography) {
    const onTable = quads.map((q) => orientOnTable(q, toTable).map((p) => applyHomography(toTable, p)));
    // The turn: the mean direction of the cards' short sides, modulo a half turn.
    let sx = 0;
    let sy = 0;
    for (const t of onTable) {
      const angle = Math.atan2(t[1]![1] - t[0]![1], t[1]![0] - t[0]![0]);
      sx += Math.cos(2 * angle);
      sy += Math.sin(2 * angle);
    }
    const turn = Math.atan2(sy, sx) / 2;
    this.cos = Math.cos(turn);
    this.sin = Math.sin(turn);
    const centres = onTable.map((t) => this.toLayout(quadCentre(t)));
    const { widthMm: w, heightMm: h } = STANDARD_DECK;
    const across = middle(steps(centres, 0, w));
    const down = middle(steps(centres, 1, h));
    const gap = across !== null ? across - w : down !== null ? down - h : GAPS.usualGap;
    this.pitch = [across ?? w + gap, down ?? h + gap];
    this.origin = centres[0]!;
    this.placed = [this.places(centres, 0), this.places(centres, 1)];
  }

  /** The cell (row, column) a table point lies in. */
  cellAt(p: Vec): [number, number] {
    const l = this.toLayout(p);
    return [this.index(l, 1), this.index(l, 0)];
  }

  /** The card-sized rectangle (table mm, clockwise from its top-left) lying in a cell. */
  cardAt(row: number, col: number): Vec[] {
    const { widthMm: w, heightMm: h } = STANDARD_DECK;
    const x = this.placeOf(col, 0);
    const y = this.placeOf(row, 1);
    const corners: Vec[] = [
      [x - w / 2, y - h / 2],
      [x + w / 2, y - h / 2],
      [x + w / 2, y + h / 2],
      [x - w / 2, y + h / 2],
    ];
    return corners.map((p) => this.fromLayout(p));
  }

  private toLayout(p: Vec): Vec {
    return [p[0] * this.cos + p[1] * this.sin, -p[0] * this.sin + p[1] * this.cos];
  }

  private fromLayout(p: Vec): Vec {
    return [p[0] * this.cos - p[1] * this.sin, p[0] * this.sin + p[1] * this.cos];
  }

  private index(p: Vec, axis: 0 | 1): number {
    return Math.round((p[axis] - this.origin[axis]) / this.pitch[axis]);
  }

  private places(centres: readonly Vec[], axis: 0 | 1): Map<number, number> {
    const sums = new Map<number, [number, number]>();
    for (const c of centres) {
      const k = this.index(c, axis);
      const [s, n] = sums.get(k) ?? [0, 0];
      sums.set(k, [s + c[axis], n + 1]);
    }
    return new Map([...sums].map(([k, [s, n]]) => [k, s / n]));
  }

  private placeOf(k: number, axis: 0 | 1): number {
    const placed = this.placed[axis];
    let nearest = [...placed.keys()][0]!;
    for (const j of placed.keys()) if (Math.abs(j - k) < Math.abs(nearest - k)) nearest = j;
    return placed.get(nearest)! + (k - nearest) * this.pitch[axis];
  }
}

/** Steps: the nearest neighbour beside each card (`along` 0) or below it (1), where near a step of `size`. */
function steps(centres: readonly Vec[], along: 0 | 1, size: number): number[] {
  return centres.flatMap((a) => {
    const ds = centres.map((b) => [b[along] - a[along], Math.abs(b[1 - along]! - a[1 - along]!)] as const).filter(([d, off]) => d > size * GAPS.stepLeast && d < size + GAPS.stepMostMm && off < size * GAPS.stepOff);
    return ds.length > 0 ? [Math.min(...ds.map(([d]) => d))] : [];
  });
}

const middle = (xs: number[]): number | null => (xs.length === 0 ? null : median(xs));
