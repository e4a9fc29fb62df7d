// Cards by their own outlines: each lone card measured on the table plane (kept, completed, or
// turned down), and the other regions of paper that are part of a card or a card with a
// notch.
import { grow, portrait } from './geometry.js';
import { refineQuad, type RefinedQuad } from './refine.js';
import { completeOnPlane, extendUnderCover } from './complete.js';
import { sideAlongFrameEdge } from './shape.js';
import type { Candidate } from './select.js';
import type { Look } from './look.js';
import type { LoneCard, Pass } from './lone.js';
import type { Plane } from './plane.js';
import { OUTLINES, SIDES } from './params.js';
import type { Region } from './regions.js';

/** Candidates from the pass's outlines: its lone cards, then its other regions and the lone outlines turned down. */
export function outlineCandidates(look: Look, pass: Pass, on: Plane): Candidate[] {
  const found: Candidate[] = [];
  const rest = [...pass.rest];
  for (const l of pass.lone) {
    const card = fromLoneCard(look, l, on);
    if (card) found.push(card);
    else {
      look.options.debug?.rejected?.push({ quad: l.refined.quad, why: `lone ${on.areaOnTable(l.refined.quad).toFixed(2)} ${l.refined.support.map((v) => v.toFixed(1)).join(',')}` });
      rest.push(l.region);
    }
  }
  for (const region of rest) {
    const card = fromRegion(look, region, on);
    if (card) found.push(card);
  }
  return found;
}

/** A lone card as a candidate, or null where it is the wrong shape and no completion bears a card out. */
function fromLoneCard(look: Look, l: LoneCard, on: Plane): Candidate | null {
  const { frame, grey } = look;
  const { plane, inverse, size } = on;
  const ratio = on.areaOnTable(l.refined.quad);
  // A card outlined cleanly on all four sides stands on its own, whatever the plane says.
  const clean = l.refined.support.every((v) => v >= SIDES.firm);
  const shaped = ratio > OUTLINES.loneArea && ratio < OUTLINES.tooLarge && on.cardShaped(l.refined.quad);
  // The wrong shape (too large, or cut short by a cover): completed from its clearest corner where the
  // edges bear it out, else a clean outline not too large is kept as partial.
  const completed = !shaped && plane && inverse ? completeOnPlane(frame, grey, l.refined, plane.toTable, inverse, size) : null;
  if (completed && completed.score >= OUTLINES.completedScore && on.cardShaped(completed.refined.quad) && (!clean || ratio > OUTLINES.tooLarge)) {
    return { quad: completed.refined.quad, support: completed.refined.support, partial: completed.refined.support.some((v) => v < SIDES.held), coverage: 1 };
  }
  if ((clean && ratio <= OUTLINES.tooLarge) || shaped) return { quad: l.refined.quad, support: l.refined.support, partial: !shaped, coverage: 1 };
  return null;
}

/** Another region as a candidate: part of a card, completed; a card with a notch; a card cut by the frame's edge. */
function fromRegion(look: Look, region: Region, on: Plane): Candidate | null {
  const { frame, grey } = look;
  const { plane, inverse, size } = on;
  const hullRatio = on.areaOnTable(region.hull.map(look.toFrame));
  if (plane && hullRatio < OUTLINES.partFrom) return null;
  const snapped = (): RefinedQuad => refineQuad(grey, portrait(grow(region.polygon, OUTLINES.grow).map(look.toFrame)));
  // Part of a card, the rest hidden: completed from its clearest corner where the edges bear that out.
  if (plane && inverse && region.polygon.length === 4 && hullRatio < OUTLINES.part) {
    const completed = completeOnPlane(frame, grey, snapped(), plane.toTable, inverse, size);
    if (completed && completed.score >= OUTLINES.completedScore && on.cardShaped(completed.refined.quad) && on.face(completed.refined.quad, true)) {
      return { quad: completed.refined.quad, support: completed.refined.support, partial: true, coverage: region.area / region.hullArea / 2 };
    }
    return null;
  }
  // One card with a notch (glare, a coin, ink at its edge): its hull is still the card.
  if (region.polygon.length !== 4 || (plane && !(hullRatio > OUTLINES.part && hullRatio < OUTLINES.oneCard))) return null;
  const refined = snapped();
  const ratio = on.areaOnTable(refined.quad);
  if ((!plane || (ratio > OUTLINES.snappedFrom && ratio < OUTLINES.snappedTo && on.cardShaped(refined.quad))) && on.face(refined.quad, true)) {
    return { quad: refined.quad, support: refined.support, partial: region.touchesBorder || region.area < OUTLINES.wholeFill * region.hullArea, coverage: region.area / region.hullArea };
  }
  if (plane && inverse && region.touchesBorder) {
    // Most of a card, cut off by the frame's edge: its sides in sight run on past it to the card's length.
    const cut = sideAlongFrameEdge(refined, frame.width, frame.height);
    const whole = cut === null ? null : extendUnderCover(refined.quad, cut, plane.toTable, inverse, size);
    if (whole && on.cardShaped(whole) && on.face(refined.quad, true)) return { quad: whole, support: refined.support, partial: true, coverage: region.area / region.hullArea };
  }
  return null;
}
