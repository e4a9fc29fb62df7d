// The candidates' last fit to the table before the choice among them: a Stacks pile's top card in
// place of the pile's outline, and a card a side too short or too long completed to a card's size
// (or marked partly seen).
import { refineQuad } from './refine.js';
import { completeOnPlane, coveredSide, extendUnderCover } from './complete.js';
import { tableColour } from './face.js';
import { heldSides, plausible, type Candidate } from './select.js';
import type { Look } from './look.js';
import type { Plane } from './plane.js';
import { CARDS, FIT, SIDES } from './params.js';

/** Each candidate fitted to the table in place: Stacks pile tops, then cards off a card's size. */
export function fitToTable(look: Look, on: Plane, found: Candidate[]): void {
  if (look.deck === 'stacks') stacksTops(look, on, found);
  if (on.sized && on.sizedInverse) fitSizes(look, on, found);
}

function stacksTops(look: Look, on: Plane, found: Candidate[]): void {
  // A card whose sides the frame's lightness does not show (a special on a light table).
  found.forEach((c, i) => {
    if (plausible(c)) return;
    const fit = refineQuad(look.yellowGrey(), c.quad);
    if (heldSides(fit.support) >= FIT.yellowSides && (!on.plane || on.cardShaped(fit.quad))) look.yellowQuads.add((found[i] = { ...c, quad: [...fit.quad], support: fit.support }).quad);
  });
  // A pile's outline runs round the cards below where they peek out: the top card's own,
  // unless that makes it less of a card on the table.
  found.forEach((c, i) => {
    const top = on.tops.has(c.quad) ? on.tops.get(c.quad)! : look.pileTop(c.quad);
    if (top && (!on.plane || on.cardShaped(top.quad) || !on.cardShaped(c.quad))) found[i] = { ...c, quad: [...top.quad], support: top.support };
  });
}

/** A card off a card's size on the table: completed from its clearest corner where the edges allow, else partial. */
function fitSizes(look: Look, on: Plane, found: Candidate[]): void {
  const { frame, grey, deck } = look;
  const sized = on.sized!;
  const sizedInverse = on.sizedInverse!;
  const table = tableColour(frame, found.map((c) => c.quad));
  found.forEach((c, i) => {
    const off = on.sizeError(c.quad);
    // Cut by something lying over it: run on under it to the card's length, even where an oblique cut
    // leaves it about its size, as a face cut askew reads wrongly. Not in Stacks: a pile top's side is no cover's.
    const covered = deck === 'tic' || (off <= CARDS.offSize && !c.partial) ? coveredSide(frame, c.quad, table) : null;
    const underCover = covered !== null && deck === 'tic' ? extendUnderCover(c.quad, covered, sized.toTable, sizedInverse, on.size) : null;
    if (underCover && on.sizeError(underCover) < off) {
      found[i] = { ...c, quad: underCover, partial: true };
      return;
    }
    if (off <= CARDS.offSize) {
      if (covered !== null) found[i] = { ...c, partial: true };
      return;
    }
    const completed = completeOnPlane(frame, grey, refineQuad(grey, c.quad, { reach: FIT.nearReach }), sized.toTable, sizedInverse, on.size);
    const better = completed && completed.score >= c.support.reduce((a, b) => a + b, 0) - FIT.completedBelow && on.sizeError(completed.refined.quad) < off;
    if (better) found[i] = { ...c, quad: [...completed.refined.quad], support: completed.refined.support, partial: c.partial || completed.refined.support.some((v) => v < SIDES.held) };
    else found[i] = { ...c, partial: true };
  });
}
