// Grid cells from card outlines: the cards give the table plane, their centres go onto it in mm,
// turned so columns run along x, and each axis is read as a comb (the pitch and offset that put most
// centres on whole steps). Missing cells and uneven gaps only weaken the comb, not move it.
import { STANDARD_DECK } from '../deck/profile.js';
import type { Quad } from './image.js';
import { applyHomography, centroid, portrait, quadCentre, type Vec } from './detect/geometry.js';
import { orientOnTable, tablePlane, type CardSize } from './detect/table.js';
import { GRID } from './params.js';

/** One outline to place in the grid. */
export interface GridInput {
  /** Clockwise corners (any card end first): only the layout's axes matter here. */
  readonly corners: Quad;
  /** How much this card counts: less for cards partly out of sight. */
  readonly weight?: number;
  /** The corners start at the card's own top-left; in Sequence Stacks that says which way the layout faces. */
  readonly ownTop?: boolean;
  /** False for a rough outline (a pile found by colour): placed by its centre, but not used for the plane. */
  readonly sized?: boolean;
}

/** A card's row and column. */
export interface GridCell {
  readonly row: number;
  readonly col: number;
}

/** The game and card size the grid is read for. */
export interface GridOptions {
  /** Sequence Stacks lays its piles further apart than the grid games. */
  readonly game?: string;
  readonly size?: CardSize;
}

/** Pitch search ranges (mm), per axis. */
interface Ranges {
  readonly x: readonly [number, number];
  readonly y: readonly [number, number];
}

function rangesFor(game: string | undefined, size: CardSize): Ranges {
  if (game === 'sequence-stacks') {
    const { x, y } = GRID.stacksPitchMm;
    return { x: [size.widthMm + x[0], size.widthMm + x[1]], y: [size.heightMm + y[0], size.heightMm + y[1]] };
  }
  const gap = GRID.gapMm;
  return { x: [size.widthMm + gap[0], size.widthMm + gap[1]], y: [size.heightMm + gap[0], size.heightMm + gap[1]] };
}

/**
 * Row and column for each card, rows down the layout and columns to the right. Down is set by the
 * ownTop cards in Sequence Stacks, otherwise so columns run rightwards in the image.
 */
export function assignGrid(cards: readonly GridInput[], options: GridOptions = {}): GridCell[] {
  if (cards.length === 0) return [];
  if (cards.length === 1) return [{ row: 0, col: 0 }];
  const size = options.size ?? { widthMm: STANDARD_DECK.widthMm, heightMm: STANDARD_DECK.heightMm };
  const cells = assignOn(cards, options, size, true);
  // Wider than Stacks' spaces: a few cards gave a plane far off (piles are poor rectangles), so
  // the image's own scale may do better.
  if (options.game === 'sequence-stacks' && !withinStacksSpaces(cells)) {
    const flat = assignOn(cards, options, size, false);
    if (withinStacksSpaces(flat)) return flat;
  }
  return cells;
}

/** The rows and columns Sequence Stacks' spaces take. */
const STACKS_SPACES = { rows: [-1, 1], cols: [0, 4] } as const;

/** Whether cells spread no wider than Sequence Stacks' spaces, wherever they are numbered from. */
function withinStacksSpaces(cells: readonly GridCell[]): boolean {
  const rows = cells.map((c) => c.row);
  const cols = cells.map((c) => c.col);
  const [r0, r1] = STACKS_SPACES.rows;
  const [c0, c1] = STACKS_SPACES.cols;
  return Math.max(...rows) - Math.min(...rows) <= r1 - r0 && Math.max(...cols) - Math.min(...cols) <= c1 - c0;
}

/** Whether a cell, numbered with the draw pile at 0,2, lies within Sequence Stacks' spaces. */
export function onStacksSpaces(c: GridCell): boolean {
  const [r0, r1] = STACKS_SPACES.rows;
  const [c0, c1] = STACKS_SPACES.cols;
  return c.row >= r0 && c.row <= r1 && c.col >= c0 && c.col <= c1;
}

function assignOn(cards: readonly GridInput[], options: GridOptions, size: CardSize, usePlane: boolean): GridCell[] {
  // A Stacks card that knows its own top is taken that way round, so one seen steeply is not turned a quarter.
  const upright = cards.map((c) => options.game === 'sequence-stacks' && c.ownTop === true);
  const quads = cards.map((c, i) => (upright[i] ? ([...c.corners] as unknown as Quad) : portrait(c.corners)));
  const weights = cards.map((c) => c.weight ?? 1);
  const isSized = (_: unknown, i: number): boolean => cards[i]!.sized !== false;
  const sized = quads.filter(isSized);
  const plane = usePlane && sized.length > 0 ? tablePlane(sized, size, undefined, undefined, false, upright.filter(isSized)) : null;
  // Portrait by the table: a far card in a tilted view can look wider than long in the image.
  if (plane) quads.forEach((q, i) => (quads[i] = orientOnTable(q, plane.toTable) as unknown as Quad));
  // On the table, or without a plane in the image scaled by the cards' own size.
  const toTable = plane ? (p: Vec): Vec => applyHomography(plane.toTable, p) : imageScale(sized.length > 0 ? sized : quads, size);
  const centres = quads.map((q) => toTable(quadCentre(q)));
  // The layout's turn: the mean direction of the cards' width axes, taken modulo 180 degrees.
  let sx = 0;
  let sy = 0;
  quads.forEach((q, i) => {
    const a = toTable(q[0]);
    const b = toTable(q[1]);
    const d = toTable(q[3]);
    // Width axis from the top side, and the height axis turned back, averaged: less wobble.
    const angle = Math.atan2(b[1] - a[1] + (a[0] - d[0]), b[0] - a[0] + (d[1] - a[1]));
    sx += weights[i]! * Math.cos(2 * angle);
    sy += weights[i]! * Math.sin(2 * angle);
  });
  let turn = Math.atan2(sy, sx) / 2;
  const c0 = centroid(centres);
  // Which way along that axis: in Stacks the way most ownTop cards face, else columns rightwards in the image.
  const facing = options.game === 'sequence-stacks' ? ownFacing(cards, toTable, turn) : 0;
  if (facing < 0 || (facing === 0 && invertDirection(quads, toTable, turn) < 0)) turn += Math.PI;
  const cos = Math.cos(-turn);
  const sin = Math.sin(-turn);
  const xs = centres.map(([x, y]) => (x - c0[0]) * cos - (y - c0[1]) * sin);
  const ys = centres.map(([x, y]) => (x - c0[0]) * sin + (y - c0[1]) * cos);
  let cols: number[];
  let rows: number[];
  if (options.game === 'sequence-stacks') {
    const ranges = rangesFor(options.game, size);
    // The spaces span at most 5 columns and 3 rows: a few far-apart piles allow several pitches, so
    // prefer one that keeps within them.
    const within = (positions: readonly number[], range: readonly [number, number], usual: number, steps: number): number[] => {
      const first = comb(positions, weights, range, usual);
      if (Math.max(...first) - Math.min(...first) <= steps) return first;
      const least = (Math.max(...positions) - Math.min(...positions)) / (steps + 0.49);
      if (least <= range[0] || least > range[1]) return first;
      const again = comb(positions, weights, [least, range[1]], usual);
      return Math.max(...again) - Math.min(...again) <= steps ? again : first;
    };
    const anchor = cards.findIndex((c) => c.sized === false);
    if (anchor >= 0 && sized.length <= GRID.fewSized) {
      // Too few positions to fit a spacing: steps of the middle pitch from the pile. Off the pile's row
      // the only spaces are two columns either side and the pile's own column, so a card goes to the nearest.
      const step = (range: readonly [number, number]): number => (range[0] + range[1]) / 2;
      rows = ys.map((y) => Math.round((y - ys[anchor]!) / step(ranges.y)));
      cols = xs.map((x, i) => {
        const c = (x - xs[anchor]!) / step(ranges.x);
        return rows[i] !== rows[anchor] && Math.abs(c) <= GRID.offRowSteps ? 2 * Math.round(c / 2) : Math.round(c);
      });
    } else {
      cols = within(xs, ranges.x, size.widthMm + GRID.stacksUsualMm.x, 4);
      rows = within(ys, ranges.y, size.heightMm + GRID.stacksUsualMm.y, 2);
    }
  } else {
    // Grid games: one gap both ways, as people lay cards as far apart across as down; this also
    // settles far-apart cards that one axis alone cannot.
    ({ cols, rows } = jointComb(xs, ys, weights, size, GRID.gapMm));
  }
  const minRow = Math.min(...rows);
  const minCol = Math.min(...cols);
  return rows.map((row, i) => ({ row: row - minRow, col: cols[i]! - minCol }));
}

/** The weighted sum of the positions' phases on a comb of this pitch, as a vector (re, im). */
function phaseVector(positions: readonly number[], weights: readonly number[], pitch: number): [number, number] {
  let re = 0;
  let im = 0;
  for (let i = 0; i < positions.length; i++) {
    const a = (2 * Math.PI * positions[i]!) / pitch;
    re += weights[i]! * Math.cos(a);
    im += weights[i]! * Math.sin(a);
  }
  return [re, im];
}

/** Whole steps along one axis, at the pitch in `range` where the positions best fit a comb; leans to `usual`. */
export function comb(positions: readonly number[], weights: readonly number[], range: readonly [number, number], usual: number): number[] {
  let best = { score: -Infinity, pitch: usual, phase: 0 };
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  for (let pitch = range[0]; pitch <= range[1] + 1e-9; pitch += GRID.searchStepMm) {
    const [re, im] = phaseVector(positions, weights, pitch);
    const score = Math.hypot(re, im) / total - GRID.combPrior * Math.abs(pitch - usual);
    if (score > best.score) best = { score, pitch, phase: Math.atan2(im, re) };
  }
  const offset = (best.phase / (2 * Math.PI)) * best.pitch;
  return positions.map((p) => Math.round((p - offset) / best.pitch));
}

/**
 * How well positions sit on a comb of this pitch, scored in mm from the nearest tooth (shares of
 * the pitch would favour wide pitches), and the comb's phase. `total`: the weights' sum.
 */
function combFit(positions: readonly number[], weights: readonly number[], total: number, pitch: number): { r: number; phase: number } {
  const [re, im] = phaseVector(positions, weights, pitch);
  const ph = Math.atan2(im, re);
  const offset = (ph / (2 * Math.PI)) * pitch;
  let fit = 0;
  for (let i = 0; i < positions.length; i++) {
    const d = positions[i]! - offset;
    const res = d - Math.round(d / pitch) * pitch;
    fit += weights[i]! * Math.exp(-0.5 * (res / GRID.toothMm) ** 2);
  }
  return { r: fit / total, phase: ph };
}

/** Columns and rows with pitches (width + gap, height + gap) sharing one gap from `gaps`. */
function jointComb(xs: readonly number[], ys: readonly number[], weights: readonly number[], size: CardSize, gaps: readonly [number, number]): { cols: number[]; rows: number[] } {
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  let best: { score: number; gap: number; px: number; py: number } = { score: -Infinity, gap: GRID.usualGapMm, px: 0, py: 0 };
  for (let gap = gaps[0]; gap <= gaps[1] + 1e-9; gap += GRID.searchStepMm) {
    const x = combFit(xs, weights, total, size.widthMm + gap);
    const y = combFit(ys, weights, total, size.heightMm + gap);
    const score = x.r + y.r - GRID.jointPrior * Math.abs(gap - GRID.usualGapMm);
    if (score > best.score) best = { score, gap, px: x.phase, py: y.phase };
  }
  const px = size.widthMm + best.gap;
  const py = size.heightMm + best.gap;
  const ox = (best.px / (2 * Math.PI)) * px;
  const oy = (best.py / (2 * Math.PI)) * py;
  return { cols: xs.map((x) => Math.round((x - ox) / px)), rows: ys.map((y) => Math.round((y - oy) / py)) };
}

/** The ownTop cards' weighted vote on the layout's facing: > 0 along `turn`. */
function ownFacing(cards: readonly GridInput[], toTable: (p: Vec) => Vec, turn: number): number {
  let vote = 0;
  for (const c of cards) {
    if (!c.ownTop) continue;
    const a = toTable(c.corners[0]);
    const b = toTable(c.corners[1]);
    vote += (c.weight ?? 1) * Math.sign((b[0] - a[0]) * Math.cos(turn) + (b[1] - a[1]) * Math.sin(turn));
  }
  return vote;
}

/** +1 when the table direction `turn` points rightwards in the image near the layout's centre, else -1. */
function invertDirection(quads: readonly Quad[], toTable: (p: Vec) => Vec, turn: number): number {
  const c = centroid(quads.map((q) => quadCentre(q)));
  const here = toTable(c);
  const right = toTable([c[0] + 10, c[1]]);
  const along = (right[0] - here[0]) * Math.cos(turn) + (right[1] - here[1]) * Math.sin(turn);
  return along >= 0 ? 1 : -1;
}

/** Without a plane: image pixels scaled so that a card's short side measures its width in mm. */
function imageScale(quads: readonly Quad[], size: CardSize): (p: Vec) => Vec {
  const sides = quads.map((q) => Math.hypot(q[1][0] - q[0][0], q[1][1] - q[0][1]));
  const k = size.widthMm / (sides.reduce((a, b) => a + b, 0) / sides.length || 1);
  return (p) => [p[0] * k, p[1] * k];
}
