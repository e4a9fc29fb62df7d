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
  const isPaper = paperTest(frame, quads);
  // A card named at COVERED.chosen or more holds its cell; one named below it may give way to the gap's read.
  const holds = (i: number): boolean => readings[i]!.card !== null && readings[i]!.confidence >= COVERED.chosen;
  const holding = corners.filter((_, i) => holds(i));
  const inFrame = (p: Vec): boolean => p[0] >= 0 && p[1] >= 0 && p[0] < frame.width && p[1] < frame.height;
  // The gaps on a plane: cells near the layout that no card holds, whose rectangle lies in the frame,
  // looks like paper and covers no card that holds its own cell.
  const gapsOn = (toTable: Homography | null): { quad: Quad; replaces: number | null }[] => {
    const fromTable = toTable && invertHomography(toTable);
    if (!toTable || !fromTable) return [];
    const grid = gridOf(quads, toTable);
    const cellOf = corners.map((q) => grid.cellAt(applyHomography(toTable, quadCentre(q))));
    const rows = cellOf.map((c) => c[0]);
    const cols = cellOf.map((c) => c[1]);
    const like = corners[sure[0]!]!;
    const out: { quad: Quad; replaces: number | null }[] = [];
    for (let row = Math.min(...rows) - GAPS.reach; row <= Math.max(...rows) + GAPS.reach; row++) {
      for (let col = Math.min(...cols) - GAPS.reach; col <= Math.max(...cols) + GAPS.reach; col++) {
        const here = cellOf.flatMap(([r, c], i) => (r === row && c === col ? [i] : []));
        if (here.some(holds)) continue;
        const quad = rectangleInFrame(grid.cardAt(row, col), fromTable, like);
        const points = insetGrid(quad);
        if (points.filter(inFrame).length < GAPS.inFrame * points.length) continue;
        if (points.filter((p) => inFrame(p) && isPaper(p)).length < GAPS.paperShare * points.length) continue;
        if (holding.some((card) => points.filter((p) => insidePolygon(card, p)).length > GAPS.overlaps * points.length)) continue;
        out.push({ quad, replaces: here[0] ?? null });
      }
    }
    return out;
  };
  // First on the quick free plane; only where there are gaps, on the camera's plane, truer far off.
  // A calibration's plane is known beforehand.
  const gaps = gapsOn(known ?? flatFirst(tablePlane(quads, STANDARD_DECK)));
  if (gaps.length === 0) return [];
  const tries: GapTry[] = (known ? gaps : gapsOn(flatFirst(tablePlane(quads, STANDARD_DECK, undefined, frame)))).flatMap(({ quad: laid, replaces }) => {
    const snapped = snap(laid);
    return snapped.support.filter((s) => s >= GAPS.sideHeld).length >= GAPS.heldSides ? [{ laid, quad: snapped.quad as unknown as Quad, replaces }] : [];
  });
  if (tries.length === 0) return [];
  const reads = reader.read(tries.map((t) => cut(t.quad)), 'tic');
  readUnsureAgain(reader, tries, reads, cut, snap);
  return gapCards(tries, reads, readings);
}

/** A gap's rectangle as the grid laid it, the snapped quad read for it, and the card it would replace. */
interface GapTry {
  readonly laid: Quad;
  quad: Quad;
  readonly replaces: number | null;
}

/** Reads the unsure `tries` again, keeping a second cut (and its quad) where it reads surer. */
function readUnsureAgain(
  reader: CardReader,
  tries: GapTry[],
  reads: CardReading[],
  cut: (quad: Quad) => RgbaImage,
  snap: (quad: Quad, options?: RefineOptions) => Pick<RefinedQuad, 'quad' | 'support'>,
): void {
  // The rectangle unsnapped: a side may have snapped to the edge of what covers the card.
  const unsure = tries.flatMap((t, k) => (reads[k]!.confidence < COVERED.chosen ? [k] : []));
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
function paperTest(frame: RgbaImage, quads: readonly Quad[]): (p: Vec) => boolean {
  const rgbAt = (p: Vec): [number, number, number] => {
    const i = (Math.floor(p[1]) * frame.width + Math.floor(p[0])) * 4;
    return [frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!];
  };
  const samples = quads.flatMap((q) => {
    const rgb = insetGrid(q).map(rgbAt);
    rgb.sort((a, b) => b[0] + b[1] + b[2] - (a[0] + a[1] + a[2]));
    return rgb.slice(0, rgb.length >> 1);
  });
  const sum = samples.reduce((s, c) => [s[0] + c[0], s[1] + c[1], s[2] + c[2]], [0, 0, 0]);
  const light = (sum[0] + sum[1] + sum[2]) / samples.length;
  const [r, g] = [sum[0] / (sum[0] + sum[1] + sum[2]), sum[1] / (sum[0] + sum[1] + sum[2])];
  return (p) => {
    const c = rgbAt(p);
    const total = c[0] + c[1] + c[2];
    return total >= GAPS.darkest * light && Math.abs(c[0] / total - r) < GAPS.hue && Math.abs(c[1] / total - g) < GAPS.hue;
  };
}

interface Grid {
  /** The cell (row, column) a table point lies in. */
  cellAt(p: Vec): [number, number];
  /** The card-sized rectangle (table mm, clockwise from its top-left) lying in a cell. */
  cardAt(row: number, col: number): Vec[];
}

/**
 * The grid the cards lie in on the table: its turn and steps from the cards, and each row's and
 * column's place from its own cards, as people lay cards unevenly.
 */
function gridOf(quads: readonly Quad[], toTable: Homography): Grid {
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
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const toLayout = (p: Vec): Vec => [p[0] * cos + p[1] * sin, -p[0] * sin + p[1] * cos];
  const fromLayout = (p: Vec): Vec => [p[0] * cos - p[1] * sin, p[0] * sin + p[1] * cos];
  const centres = onTable.map((t) => toLayout(quadCentre(t)));
  const { widthMm: w, heightMm: h } = STANDARD_DECK;
  // Steps: the nearest neighbour beside each card and below it, where near a step.
  const steps = (along: 0 | 1, size: number): number[] =>
    centres.flatMap((a) => {
      const ds = centres.map((b) => [b[along] - a[along], Math.abs(b[1 - along]! - a[1 - along]!)] as const).filter(([d, off]) => d > size * GAPS.stepLeast && d < size + GAPS.stepMostMm && off < size * GAPS.stepOff);
      return ds.length > 0 ? [Math.min(...ds.map(([d]) => d))] : [];
    });
  const middle = (xs: number[]): number | null => (xs.length === 0 ? null : median(xs));
  const across = middle(steps(0, w));
  const down = middle(steps(1, h));
  const gap = across !== null ? across - w : down !== null ? down - h : GAPS.usualGap;
  const pitch: Vec = [across ?? w + gap, down ?? h + gap];
  const origin = centres[0]!;
  const index = (p: Vec, axis: 0 | 1): number => Math.round((p[axis] - origin[axis]) / pitch[axis]);
  // Each row's and column's place: the mean of its cards' centres.
  const places = (axis: 0 | 1): Map<number, number> => {
    const sums = new Map<number, [number, number]>();
    for (const c of centres) {
      const k = index(c, axis);
      const [s, n] = sums.get(k) ?? [0, 0];
      sums.set(k, [s + c[axis], n + 1]);
    }
    return new Map([...sums].map(([k, [s, n]]) => [k, s / n]));
  };
  const placed = [places(0), places(1)] as const;
  const placeOf = (k: number, axis: 0 | 1): number => {
    let nearest = [...placed[axis].keys()][0]!;
    for (const j of placed[axis].keys()) if (Math.abs(j - k) < Math.abs(nearest - k)) nearest = j;
    return placed[axis].get(nearest)! + (k - nearest) * pitch[axis];
  };
  return {
    cellAt: (p) => {
      const l = toLayout(p);
      return [index(l, 1), index(l, 0)];
    },
    cardAt: (row, col) => {
      const x = placeOf(col, 0);
      const y = placeOf(row, 1);
      const corners: Vec[] = [
        [x - w / 2, y - h / 2],
        [x + w / 2, y - h / 2],
        [x + w / 2, y + h / 2],
        [x - w / 2, y + h / 2],
      ];
      return corners.map(fromLayout);
    },
  };
}
