// The scan: the table searched all over for card-sized rectangles along edges (touching cards, cards
// partly covered or cut by the frame, cards in shade). Each hit is snapped to its edges and kept
// when it lies over no card found and the fitted score (hit-score.ts) takes it for a card.
import { performance } from 'node:perf_hooks';
import { applyHomography, ascending, centroid, type Homography, insidePolygon, invertHomography, polygonArea, portrait, quadCentre, type Vec } from './geometry.js';
import { refineQuad, relaxQuad, type RefinedQuad } from './refine.js';
import { tablePlane } from './table.js';
import { dipsIn } from './surface.js';
import { boxAround, boxCorners, scanAngles, scanTable, type TableBox } from './scan.js';
import { completeOnPlane, slideOffTable, tableShare } from './complete.js';
import { crossedByJoint, ownBorders } from './joint.js';
import { faintSide, overlaps } from './shape.js';
import { heldSides, plausible, type Candidate } from './select.js';
import type { Look } from './look.js';
import type { FirstLookSeen } from './index.js';
import { committedHitScore, firstLookFeatures, HIT_FEATURES, hitFeatures, hitOdds, type HitContext } from './hit-score.js';
import type { Pass } from './lone.js';
import type { Plane } from './plane.js';
import { CARDS, FAINT, SCANNED, SCAN_HITS, SIDES } from './params.js';

type ScanHit = ReturnType<typeof scanTable>[number];

/** What judging scan hits needs besides the hit: the cards found so far, and how the table's edges look. */
interface Judging extends HitContext {
  readonly found: Candidate[];
  /** A card held all round, or found by its own outline (in Stacks every card). */
  settled(f: Candidate): boolean;
  /** On the table at about a card's size and card-shaped. */
  accept(q: readonly Vec[]): boolean;
}

/** Adds to `found` the cards the scan finds over the table about the paper found (needs the plane). */
export function scanForCards(look: Look, pass: Pass, on: Plane, found: Candidate[]): void {
  const { plane } = on;
  if (!plane || !on.inverse) return;
  const hits = scan(look, pass, on);
  const contrasts = pass.lone.flatMap((l) => l.refined.contrast.filter((_, k) => l.refined.support[k]! >= SIDES.held)).sort(ascending);
  const judging: Judging = {
    look,
    pass,
    on,
    found,
    faintTable: contrasts.length > 0 && contrasts[contrasts.length >> 1]! < CARDS.faintTable,
    // Stacks' piles show lower cards at their sides, a hit for each inside the top card's.
    settled: (f) => look.deck === 'stacks' || f.coverage !== SCANNED || f.support.every((v) => v >= SIDES.held),
    accept: (q) => {
      const ratio = on.areaOnTable(q);
      return ratio >= SCAN_HITS.acceptFrom && ratio <= SCAN_HITS.acceptTo && on.cardShaped(q);
    },
  };
  for (const hit of hits) {
    const judged = judgeHit(judging, hit);
    if ('why' in judged) look.options.debug?.rejected?.push(judged);
    else found.push(judged);
  }
  if (look.deck === 'tic') refitPlane(judging);
}

/** The scan over the box the paper's regions span on the table, a card's length round them. */
function scan(look: Look, pass: Pass, on: Plane): ScanHit[] {
  const { surface, options, deck } = look;
  const plane = on.plane!;
  const inverse = on.inverse!;
  // About the lone cards and the paper's regions but the markers', as the paper mask may lose cards.
  // Regions far smaller than a card on the table only where they lie within a card's length of the
  // rest: a covered card's sliver lies beside its layout, while a patterned cloth's light squares
  // taken for paper would spread the box over the whole cloth. Points past the plane's horizon map
  // to nonsense (SCAN_HITS.horizon).
  const notCards = (options.notCards ?? []) as unknown as Vec[][];
  const regions = pass.regions.filter((r) => !notCards.some((q) => insidePolygon(q, look.toFrame(centroid(r.polygon)))));
  const least = SCAN_HITS.boxRegion * on.size.widthMm * on.size.heightMm;
  const seen = (t: Vec): boolean => Math.abs(t[0]) < SCAN_HITS.horizon && Math.abs(t[1]) < SCAN_HITS.horizon;
  const pts: Vec[] = pass.lone.flatMap((l) => l.refined.quad.map((p) => applyHomography(plane.toTable, p))).filter(seen);
  const small: Vec[][] = [];
  for (const r of regions) {
    const onTable = r.hull.map((p) => applyHomography(plane.toTable, look.toFrame(p))).filter(seen);
    if (polygonArea(onTable) >= least) pts.push(...onTable);
    else small.push(onTable);
  }
  const near = pts.length > 0 ? boxAround(pts, on.size.heightMm) : null;
  for (const onTable of small) {
    if (!near || onTable.some(([x, y]) => x >= near.x0 && x <= near.x1 && y >= near.y0 && y <= near.y1)) pts.push(...onTable);
  }
  const box = boxAround(pts, on.size.heightMm);
  const tScan = performance.now();
  // The box on the fine grey, for the thin dark lines there (worked out only where looked for).
  const onFrame = boxAround(boxCorners(box).map((p) => applyHomography(inverse, p)));
  const k = surface.fineToFrame;
  const dips = dipsIn(look.cv, surface, { x0: onFrame.x0 / k, y0: onFrame.y0 / k, x1: onFrame.x1 / k, y1: onFrame.y1 / k });
  // The lone cards' own turn in TIC layouts; in Stacks the plane's axes, as lone outlines there are mostly piles.
  const angles = deck === 'tic' ? scanAngles(pass.lone.map((l) => l.refined.quad), plane.toTable) : [0];
  try {
    // A view whose plane was known beforehand (a calibration's) shows the table's region itself.
    const within = options.plane ? tableSeenIn(look, plane.toTable) : undefined;
    return scanTable({ grey: surface.fineGrey, ...(dips ? { dips: dips.mat, dipsAt: [dips.x0, dips.y0, dips.scale] as const } : {}), greyToFrame: surface.fineToFrame, toTable: plane.toTable, box, ...(within ? { within } : {}), size: on.size, angles });
  } finally {
    dips?.mat.delete();
    if (options.debug) (options.debug.times ??= {}).scan = performance.now() - tScan;
  }
}

/** The table box (mm) the frame of `look` shows. */
function tableSeenIn(look: Look, toTable: Homography): TableBox {
  const { width, height } = look.frame;
  return boxAround(boxCorners({ x0: 0, y0: 0, x1: width, y1: height }).map((p) => applyHomography(toTable, p)));
}

/** A scan hit turned down: the quad, and why (for DetectDebug.rejected). */
interface Rejected {
  readonly quad: Vec[];
  readonly why: string;
}

const rejected = (quad: Vec[], why: string): Rejected => ({ quad, why });

/** A scan hit as a card, or why not. */
function judgeHit(j: Judging, hit: ScanHit): Candidate | Rejected {
  const { look, on } = j;
  const { deck } = look;
  const centre = quadCentre(hit.quad);
  // Not inside a guess held too weakly to keep, nor (TIC) inside a hit held on some sides only: the
  // card's own hit may come later, and such pairs are weighed when duplicates are dropped.
  if (insideSettled(j, centre)) return rejected(hit.quad, 'inside a card');
  // A minor peak a third or more over a card held on some sides only competes with it; elsewhere it
  // is kept only as a card outlined all round at a card's size. Quick ways out first.
  const doubtful = hit.minor && !overUnsettled(j, hit.quad);
  if (doubtful && hit.weakest < SCAN_HITS.minorWeakest * hit.score) return rejected(hit.quad, 'minor peak');
  // Snapped near where the scan put it; a doubtful minor peak must be held all round there.
  const near = refineQuad(look.grey, hit.quad);
  if (doubtful && near.support.some((v) => v < SIDES.held)) return rejected(near.quad, 'minor peak');
  const early = firstLook(j, hit, near);
  if (!early.passes) return rejected(near.quad, 'first look');
  const snapped = snapHit(j, hit, near, doubtful);
  if ('first' in snapped) {
    const { first } = snapped;
    return rejected(hit.quad, `shape ${on.areaOnTable(first.quad).toFixed(2)} ${first.support.map((v) => v.toFixed(1)).join(',')} score ${hit.score.toFixed(0)}`);
  }
  let refined = snapped.refined;
  const face = judgeFace(j, refined, doubtful, early.seen);
  if (typeof face === 'string') return rejected(refined.quad, face);
  // Only where a side has no edge of its own: a straddling quad's sides cross two cards' faces.
  // TIC only: Stacks piles lie apart, and a special's name runs across its face.
  if (deck === 'tic' && refined.support.some((v) => v < SIDES.held) && crossedByJoint(look.grey, refined.quad)) return rejected(refined.quad, 'straddles a joint');
  if (deck === 'tic') {
    // Only where that brings it nearer a card's size: a faint side may be pulled in to ink or noise.
    const own = ownBorders(look.grey, refined);
    if (own && j.accept(own.quad) && on.sizeError(own.quad) <= on.sizeError(refined.quad)) refined = own;
  }
  const inFrame = hit.quad.every(([x, y]) => x >= 0 && y >= 0 && x < look.frame.width && y < look.frame.height);
  return { quad: refined.quad, support: refined.support, partial: !inFrame || refined.support.some((v) => v < SIDES.held), coverage: SCANNED, ...(face.tentative ? { tentative: true as const } : {}) };
}

/** Whether the first look (hit-score.ts) finds a hit worth snapping further from its near snap; what it saw, where asked. */
function firstLook(j: Judging, hit: ScanHit, near: RefinedQuad): { passes: boolean; seen?: FirstLookSeen } {
  const { debug, hitScore } = j.look.options;
  const first = (hitScore ?? committedHitScore()).firstLook;
  if (!first && !debug?.firstLooks) return { passes: true };
  const features = firstLookFeatures(j, hit, near);
  const seen = debug?.firstLooks ? { quad: hit.quad, features } : undefined;
  if (seen) debug!.firstLooks!.push(seen);
  return { passes: !first || hitOdds(first, features) >= first.drop, ...(seen ? { seen } : {}) };
}

// The tests below loop rather than pass closures, as they run for every hit (docs/vision.md).

/** Whether `p` lies inside a settled card found. */
function insideSettled(j: Judging, p: Vec): boolean {
  for (const f of j.found) if (plausible(f) && j.settled(f) && insidePolygon(f.quad, p)) return true;
  return false;
}

/** Whether `quad` lies over a card found that is not settled. */
function overUnsettled(j: Judging, quad: readonly Vec[]): boolean {
  for (const f of j.found) if (plausible(f) && !j.settled(f) && overlaps(quad, f.quad)) return true;
  return false;
}

/** A hit snapped to the frame's edges from its near snap; else the first snap, if no card came of it. */
function snapHit(j: Judging, hit: ScanHit, near: RefinedQuad, doubtful: boolean): { refined: RefinedQuad } | { first: RefinedQuad } {
  const { look, on, found, accept } = j;
  const { grey, deck, frame } = look;
  // On a table nearly the paper's colour the peak may sit well off the card's faint sides: a wider search.
  const strong = (r: RefinedQuad): number => heldSides(r.support);
  const wide = strong(near) < SCAN_HITS.fewSides ? refineQuad(grey, hit.quad, { reach: SCAN_HITS.wideReach }) : null;
  let first = wide && strong(wide) > strong(near) ? wide : near;
  // Where the lone cards' sides are faint, so may this card's: looked for as faint edges too, kept
  // only held all round at a card's size over no card found, as a grainy table is full of faint edges.
  if (j.faintTable && strong(first) < SCAN_HITS.fewSides && !doubtful) {
    const faint = refineQuad(grey, hit.quad, { reach: SCAN_HITS.wideReach, minFall: FAINT.minFall! });
    if (strong(faint) === 4 && on.sizeError(faint.quad) <= CARDS.offSize && !found.some((f) => plausible(f) && overlaps(faint.quad, f.quad))) first = faint;
  }
  // A side snapped to something else (a hand, a neighbour's ink) goes back where the scan put it, if card-shaped.
  let refined = relaxQuad(first, hit.quad, accept);
  // The scan cuts at the layout's angle: a partly seen card is better completed from its clearest corner.
  if (!refined || refined.support.some((v) => v < SIDES.held)) {
    const completed = completeOnPlane(frame, grey, first, on.plane!.toTable, on.inverse!, on.size);
    if (completed && accept(completed.refined.quad) && (!refined || completed.score >= refined.support.reduce((a, b) => a + b, 0))) refined = completed.refined;
  }
  // A faint side left where the scan put it is looked for again, further out and for a weaker edge.
  if (deck === 'tic' && refined) refined = faintSide(grey, refined, accept) ?? refined;
  // Run out over open table (past a cover's edge): slid back off it, kept where a corner is held.
  const bare = refined ? on.bareTable() : null;
  if (refined && bare && tableShare(frame, refined.quad, bare) > CARDS.slideFrom) {
    const back = slideOffTable(frame, grey, refined.quad, bare, on.plane!.toTable, on.inverse!, on.size);
    if (back && accept(back.quad) && back.support.some((v, k) => v >= SIDES.held && back.support[(k + 1) % 4]! >= SIDES.held)) refined = back;
  }
  return refined ? { refined } : { first };
}

/**
 * Whether a snapped hit is a card, only tentatively one, or why not: by the fitted score
 * (hit-score.ts), once it passes what no card fails. A card's paper is one piece (checked cloth's
 * light squares are many), save in TIC where fingers part it clear of open table. On a Stacks
 * table a face a third open table is no card's, unless held firmly all round at a card's size (in
 * an arm's shade paper may look like table).
 */
function judgeFace(j: Judging, refined: RefinedQuad, doubtful: boolean, seen?: FirstLookSeen): string | { tentative: boolean } {
  const { look, on } = j;
  const features = hitFeatures(j, refined, doubtful);
  // Beside a glare spot where that finds the paper more in one piece: the spot may cut it.
  const piece = Math.max(features[ONE_PIECE]!, features[ONE_PIECE_BESIDE_GLARE]!);
  if (piece < CARDS.partedPiece || (piece < SCAN_HITS.onePiece && !(look.deck === 'tic' && on.clearOfTable(refined.quad)))) return `pattern ${piece.toFixed(2)}`;
  const firm = refined.support.every((v) => v >= SIDES.firm) && on.sizeError(refined.quad) <= CARDS.offSize;
  if (look.deck === 'stacks' && !firm && features[OPEN_OUTSIDE_CARDS]! > CARDS.onOpenTable) return 'open table';
  const score = look.options.hitScore ?? committedHitScore();
  const odds = hitOdds(score, features);
  look.options.debug?.judged?.push({ quad: refined.quad, features, odds });
  if (seen) seen.judged = refined.quad;
  return odds >= score.keep ? { tentative: false } : odds >= score.tentative ? { tentative: true } : `odds ${odds.toFixed(2)}`;
}

const ONE_PIECE = HIT_FEATURES.indexOf('onePiece');
const ONE_PIECE_BESIDE_GLARE = HIT_FEATURES.indexOf('onePieceBesideGlare');
const OPEN_OUTSIDE_CARDS = HIT_FEATURES.indexOf('openTableOutsideCards');

/**
 * TIC: refits the plane to the cards outlined all round where they outnumber the lone cards, as a
 * plane from lone cards in one part of the frame may be off in another.
 */
function refitPlane(j: Judging): void {
  const { found, on, look, pass } = j;
  if (look.options.plane) return;
  const outlined = found.filter((f) => plausible(f) && f.support.every((v) => v >= SCAN_HITS.refitHeld));
  const refit = outlined.length > pass.lone.length ? tablePlane(outlined.map((f) => portrait(f.quad)), on.size, outlined.map((f) => f.support.reduce((a, b) => a + b, 0))) : null;
  const refitInverse = refit && refit.cards > on.plane!.cards ? invertHomography(refit.toTable) : null;
  if (refit && refitInverse) on.refitTo(refit, refitInverse);
}
