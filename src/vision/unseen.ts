// The grid cells beside a layout where no card was found but no open table shows either (covered, or
// out of frame). A card may lie there unseen, so verify does not judge what such a card could undo.
import { add, dot, insetGrid, insidePolygon, median, scale, sub, unit, type Vec } from './detect/geometry.js';
import { tableLook, tableShare } from './detect/complete.js';
import type { Quad, RgbaImage } from './image.js';
import type { Recognition, RecognisedCard } from './types.js';
import { UNSEEN } from './params.js';

/** A grid cell. */
export interface Cell {
  readonly row: number;
  readonly col: number;
}

/** An open cell, and where a card in it would lie in the frame (clockwise). */
export interface UnseenCell extends Cell {
  readonly corners: Quad;
}

/** The empty cells beside placed cards where no open table shows, each laid as its neighbour moved one step. */
export function unseenCells(frame: RgbaImage, recognition: Recognition): UnseenCell[] {
  const placed = recognition.cards.filter((c): c is RecognisedCard & { row: number; col: number } => c.row !== null && c.col !== null);
  if (placed.length === 0) return [];
  const at = new Map(placed.map((c) => [key(c.row, c.col), c]));
  const loose = recognition.cards.filter((c) => c.row === null || c.col === null);
  const look = tableLook(frame, placed.map((c) => c.corners));
  const steps = layoutSteps(placed);
  const inFrame = (p: Vec): boolean => p[0] >= 0 && p[1] >= 0 && p[0] < frame.width && p[1] < frame.height;
  const unseen: UnseenCell[] = [];
  const looked = new Set<string>();
  for (const card of placed) {
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
      const row = card.row + dr;
      const col = card.col + dc;
      if (at.has(key(row, col)) || looked.has(key(row, col))) continue;
      looked.add(key(row, col));
      const step = stepFrom(card, dr === 0 ? 'across' : 'down', dr + dc, at, steps);
      const quad = card.corners.map((p) => add(p, step)) as unknown as Quad;
      const points = insetGrid(quad);
      const held = loose.some((c) => points.filter((p) => insidePolygon(c.corners, p)).length >= UNSEEN.held * points.length);
      const open = look !== null && !held && points.filter(inFrame).length >= UNSEEN.inFrame * points.length && tableShare(frame, quad, look) >= UNSEEN.open;
      if (!open) unseen.push({ row, col, corners: quad });
    }
  }
  return unseen;
}

const key = (row: number, col: number): string => `${row},${col}`;

type Axis = 'across' | 'down';

/** The layout's median step to the next column and the next row in frame pixels; null where no pair shows it. */
function layoutSteps(placed: readonly (RecognisedCard & { row: number; col: number })[]): Record<Axis, Vec | null> {
  const along = (axis: Axis): Vec | null => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const a of placed) {
      for (const b of placed) {
        const apart = axis === 'across' ? b.col - a.col : b.row - a.row;
        const inLine = axis === 'across' ? b.row === a.row : b.col === a.col;
        if (!inLine || apart <= 0) continue;
        xs.push((b.centre[0] - a.centre[0]) / apart);
        ys.push((b.centre[1] - a.centre[1]) / apart);
      }
    }
    return xs.length === 0 ? null : [median(xs), median(ys)];
  };
  return { across: along('across'), down: along('down') };
}

/** The step from `card` to its neighbour's cell along `axis`: from a card beside it, the layout or its side. */
function stepFrom(card: RecognisedCard & { row: number; col: number }, axis: Axis, sign: number, at: ReadonlyMap<string, RecognisedCard>, steps: Record<Axis, Vec | null>): Vec {
  const [dr, dc] = axis === 'across' ? [0, 1] : [1, 0];
  const next = at.get(key(card.row + dr, card.col + dc));
  const previous = at.get(key(card.row - dr, card.col - dc));
  const local = next ? sub(next.centre, card.centre) : previous ? sub(card.centre, previous.centre) : null;
  const step = local ?? steps[axis] ?? ownSide(card, steps[axis === 'across' ? 'down' : 'across']);
  return scale(step, sign);
}

/** The card's own side plus a gap as a step: the side across `other`, or its short side without one. */
function ownSide(card: RecognisedCard, other: Vec | null): Vec {
  const q = card.corners;
  const top = sub(q[1], q[0]);
  const left = sub(q[3], q[0]);
  const side = other !== null ? (Math.abs(dot(unit(top), other)) < Math.abs(dot(unit(left), other)) ? top : left) : dot(top, top) <= dot(left, left) ? top : left;
  return scale(side, UNSEEN.gapShare);
}
