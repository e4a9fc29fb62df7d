// Choosing among candidate cards: which are held well enough to count, and one per card.
import { insidePolygon, quadCentre, type Vec } from './geometry.js';
import { overlaps } from './shape.js';
import { SCANNED, SELECT, SIDES } from './params.js';

/** A possible card: its quad, each side's edge support, whether partly seen, and its region's coverage. */
export interface Candidate {
  readonly quad: Vec[];
  readonly support: readonly number[];
  readonly partial: boolean;
  readonly coverage: number;
  readonly tentative?: true;
}

/** How many sides the frame's edges hold (SIDES.held). */
export function heldSides(support: readonly number[]): number {
  // Counted, not filtered: this runs for every candidate against every scan hit.
  let held = 0;
  for (let k = 0; k < support.length; k++) if (support[k]! >= SIDES.held) held++;
  return held;
}

/** Whether a candidate is held on enough sides to count (SELECT). */
export function plausible(c: Candidate): boolean {
  return heldSides(c.support) >= (c.partial ? SELECT.partialSides : SELECT.sides);
}

/**
 * One candidate per card: of candidates whose centres fall inside each other, the best supported. Where
 * cards lie apart (TIC), a scan card a third or more over a better supported one is misplaced and goes too.
 */
export function dedupe(cands: Candidate[], apart: boolean): Candidate[] {
  const score = (c: Candidate): number => c.support.reduce((a, b) => a + b, 0) + c.coverage;
  const sorted = [...cands].sort((a, b) => score(b) - score(a));
  const kept: Candidate[] = [];
  for (const c of sorted) {
    const centre = quadCentre(c.quad);
    if (kept.some((k) => insidePolygon(k.quad, centre) || insidePolygon(c.quad, quadCentre(k.quad)) || (apart && c.coverage === SCANNED && (overlaps(c.quad, k.quad) || overlaps(k.quad, c.quad))))) continue;
    kept.push(c);
  }
  return kept;
}
