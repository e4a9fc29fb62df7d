// A quad's shape: on the table (a card's size and square corners), in the picture (its
// proportions, how much of it lies over another), and its sides found again where faint.
import type { Region } from './regions.js';
import { dist, insetGrid, insidePolygon, polygonArea, portrait, type Vec } from './geometry.js';
import { quadOfLines, refineQuad, type RefinedQuad, type GreyImage } from './refine.js';
import type { CardSize } from './table.js';
import { LONE, SHAPE, SIDES } from './params.js';

/** Whether a third or more of a quad (its inset grid) lies inside another. */
export function overlaps(quad: readonly Vec[], other: readonly Vec[]): boolean {
  const points = insetGrid(quad);
  let inside = 0;
  for (let k = 0; k < points.length; k++) if (insidePolygon(other, points[k]!)) inside++;
  return inside >= points.length / SHAPE.overlapPart;
}

/** The largest share by which a side on the table (mm) differs from the card's, either way round. */
export function sideError(table: readonly Vec[], size: CardSize): number {
  const sides = [0, 1, 2, 3].map((i) => dist(table[i]!, table[(i + 1) % 4]!));
  const err = (w: number, h: number): number => Math.max(...sides.map((s, i) => Math.abs(s - (i % 2 === 0 ? w : h)) / (i % 2 === 0 ? w : h)));
  return Math.min(err(size.widthMm, size.heightMm), err(size.heightMm, size.widthMm));
}

/** Card-shaped on the table (mm): sides within SHAPE.sideWithin of the card's, corners square within SHAPE.squareCos. */
export function isCardShaped(table: readonly Vec[], size: CardSize): boolean {
  const t = portrait(table);
  for (let i = 0; i < 4; i++) {
    const a = t[i]!;
    const b = t[(i + 1) % 4]!;
    const c = t[(i + 2) % 4]!;
    const len = dist(a, b);
    const want = i % 2 === 0 ? size.widthMm : size.heightMm;
    if (len < want * (1 - SHAPE.sideWithin) || len > want * (1 + SHAPE.sideWithin)) return false;
    const cos = ((a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1])) / (dist(a, b) * dist(c, b));
    if (Math.abs(cos) > SHAPE.squareCos) return false;
  }
  return true;
}

/** The one unheld side of `r`, where it lies along the frame's own edge (SHAPE.frameEdge); else null. */
export function sideAlongFrameEdge(r: RefinedQuad, width: number, height: number): number | null {
  const loose = [0, 1, 2, 3].filter((k) => r.support[k]! < SIDES.held);
  if (loose.length !== 1) return null;
  const ends = [r.quad[loose[0]!]!, r.quad[(loose[0]! + 1) % 4]!];
  const on = (edge: (p: Vec) => boolean): boolean => ends.every(edge);
  const near = SHAPE.frameEdge;
  return on(([x]) => x <= near) || on(([x]) => x >= width - 1 - near) || on(([, y]) => y <= near) || on(([, y]) => y >= height - 1 - near) ? loose[0]! : null;
}

/** A quad's one faint side looked for again, further out and in, for a weaker edge; null where none is accepted. */
export function faintSide(grey: GreyImage, r: RefinedQuad, accept: (quad: readonly Vec[]) => boolean): RefinedQuad | null {
  if (r.support.filter((v) => v < SIDES.held).length !== 1) return null;
  const side = r.support.findIndex((v) => v < SIDES.held);
  const again = refineQuad(grey, r.quad, { reach: SHAPE.faintReach, minFall: SHAPE.faintFall });
  if (again.support[side]! < SHAPE.faintHeld) return null;
  const lines = [...r.lines];
  lines[side] = again.lines[side]!;
  const quad = quadOfLines(lines, r.quad);
  if (!accept(quad)) return null;
  const support = [...r.support] as RefinedQuad['support'];
  support[side] = again.support[side]!;
  return { ...r, quad, support, lines };
}

/** A region that is one whole card: four corners, filling its outline, card-like proportions. */
export function isLoneCard(r: Region, narrowest: number = LONE.narrow): boolean {
  if (r.polygon.length !== 4 || r.touchesBorder) return false;
  const polyArea = polygonArea(r.polygon);
  if (r.area < LONE.fills * polyArea || r.hullArea > LONE.hullAtMost * polyArea) return false;
  const ratio = aspect(r.polygon);
  return ratio > narrowest && ratio < LONE.squarest;
}

/** A quadrilateral's mean short side over its mean long one. */
export function aspect(quad: readonly Vec[]): number {
  const sides = quad.map((p, i) => dist(p, quad[(i + 1) % 4]!));
  const a = (sides[0]! + sides[2]!) / 2;
  const b = (sides[1]! + sides[3]!) / 2;
  return Math.min(a, b) / Math.max(a, b);
}
