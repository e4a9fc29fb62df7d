// Finding cards in a frame, in three steps.
// 1. Lone cards: at a working scale (640 px wide), card paper (near-neutral, about as light as the
//    lightest surface nearby; in Sequence Stacks also the specials' yellow) cut by Canny edges
//    falls into regions; a region whose hull is a card-shaped quadrilateral holding ink is a lone
//    card, its sides snapped to the card's edges on the full-resolution frame. Regions between
//    closed loops of edges are candidates too (a table as light as the paper). Where few lone
//    cards are found, the frame is looked at again for faint edges; where the lone cards' paper
//    is far from the colour taken for paper, again with their own.
// 2. The table plane: the lone cards (in Sequence Stacks, the top cards of piles), each a
//    63 x 88 mm rectangle in perspective, give the homography from the frame to the table (in
//    Sequence Stacks, as a camera sees it), so a card's size is known everywhere. From a card or
//    two, the plane without perspective is tried as well (their corners fix the size near them,
//    not how it changes across the frame).
// 3. The scan: the table is searched for card-sized rectangles along edges (touching cards, cards
//    partly covered or cut by the frame, cards in shade); each hit is snapped to its edges and kept
//    when it is card-shaped, holds paper in one piece and ink.
import { performance } from 'node:perf_hooks';
import type { Quad, RgbaImage } from '../image.js';
import type { OpenCv } from '../opencv.js';
import type { DetectedCard } from '../types.js';
import { surfaceOf, withEdges, withoutStraightRuns, type Surface } from './surface.js';
import { centroid, insetGrid, insidePolygon, polygonArea, portrait, quadCentre, type Homography, type Vec } from './geometry.js';
import { colourDistance, paperColour } from './face.js';
import { dedupe, plausible, type Candidate } from './select.js';
import { startLook, type Look } from './look.js';
import { loneCards, type Pass } from './lone.js';
import { planeOf, type Plane } from './plane.js';
import { outlineCandidates } from './outlines.js';
import { scanForCards } from './scan-hits.js';
import { fitToTable } from './fit.js';
import { EDGES, FAINT_EDGES, LOOKS, SCANNED } from './params.js';
import type { Region } from './regions.js';

type Mat = InstanceType<OpenCv['Mat']>;

export interface DetectOptions {
  /** Sequence Stacks specials have yellow faces: count yellow as card face too. */
  readonly deck?: 'tic' | 'stacks';
  /** Width of the working image (default 640). */
  readonly workWidth?: number;
  /** Filled in with intermediate results when given (for the annotated debug pictures). */
  readonly debug?: DetectDebug;
  /** Frame pixels -> table mm known beforehand (a calibration profile): used instead of the plane the lone cards give. */
  readonly plane?: Homography;
  /** The paper's colour under this light (RGB), as a first look's lone cards showed it: used instead of the brightest near-neutral pixels. */
  readonly paper?: readonly [number, number, number];
}

export interface DetectDebug {
  surface?: Surface;
  mask?: Uint8Array;
  regions?: Region[];
  candidates?: { quad: Vec[]; support: readonly number[]; partial: boolean; coverage: number }[];
  /** Scan hits turned down, and why. */
  rejected?: { quad: Vec[]; why: string }[];
  /** Regions no card accounted for (the scan looks around them). */
  unexplained?: Vec[][];
  /** Milliseconds by step. */
  times?: Record<string, number>;
  plane?: boolean;
  /** Every look at the frame, in order: how, at what working width, and what it found. */
  looks?: { how: string; width: number; lone: number; cards: number; seen: number }[];
}

/** A card found, and how: its own outline in the paper mask, or the scan over the table plane. */
export interface Detection extends DetectedCard {
  readonly evidence: 'outline' | 'scan';
  /**
   * Found on evidence a hand can give too (see CARDS.partedPiece): a card only where the reader names
   * one in it (the recogniser drops it otherwise).
   */
  readonly tentative?: true;
}

export function detectCards(cv: OpenCv, frame: RgbaImage, source: Mat, options: DetectOptions = {}): Detection[] {
  const workWidth = options.workWidth ?? 640;
  // Each surface made is kept to the end: the flat plane's try (below) works on the chosen one.
  // (The faint looks' surfaces are the first one's with other edges, its fine grey among them.)
  const surfaces: Surface[] = [];
  // Each look's outcome, for the debug pictures and for tuning: which look found what.
  const lookAt = (surface: Surface, how: string, o: DetectOptions = options): Found => {
    const found = detectOn(cv, frame, surface, o);
    options.debug?.looks?.push({ how, width: surface.width, lone: found.lone, cards: found.cards.length, seen: found.seen });
    return found;
  };
  const look = (surface: Surface, how = 'usual edges'): { surface: Surface; found: Found } => ({ surface, found: lookAt(surface, how) });
  const at = (width: number): { surface: Surface; found: Found } => {
    const t0 = performance.now();
    const surface = surfaceOf(cv, frame, source, { workWidth: width, ...EDGES });
    surfaces.push(surface);
    if (options.debug) (options.debug.times ??= {}).surface = performance.now() - t0;
    return look(surface);
  };
  try {
    let best = at(workWidth);
    const first = best.surface;
    // Small cards on a table nearly the colour of their paper: at the working scale their faint
    // outlines may not close, and with few lone cards the plane to scan by is weak or missing.
    // A finer look, kept when it finds more cards; or as many, more of them by their own outlines
    // (a glare spot over a small card's end cuts its outline short at the working scale) and held
    // by more of the frame's edges, by LOOKS.finerMargin sides. (Where the two hold as much, the first
    // look's fewer lone cards may still offer the flat plane's try, below.)
    // Where it is not kept and the look kept outlined no lone card (no plane to judge a find by),
    // the cards the finer look outlined whole that the look kept missed are added (a glare spot
    // over one card's end and the frame's edge across another: each look finds one). (Beside lone
    // cards, the finer look's own plane may pass what the kept look's turned down: the white
    // squares of calibration markers.)
    const finer = Math.min(frame.width, Math.round(workWidth * 1.5));
    let finerOutlines: Detection[] = [];
    if (best.found.lone < LOOKS.few && finer >= workWidth * 1.3) {
      const again = at(finer);
      const [now, was] = [again.found, best.found];
      const moreCards = now.counted > was.counted;
      const asManyBetterHeld = now.counted === was.counted && now.lone > was.lone && now.seen > was.seen + LOOKS.finerMargin;
      // Without a lone card the look kept had no plane to judge its finds by: the finer look's plane,
      // where its cards hold more of the frame's edges, outweighs a count of unjudged finds.
      const planeWhereNone = was.lone === 0 && now.lone > 0 && now.seen > was.seen + LOOKS.finerMargin;
      if (moreCards || asManyBetterHeld || planeWhereNone) best = again;
      else finerOutlines = now.cards.filter((c) => c.evidence === 'outline' && !c.partial);
    }
    // (Only those lying clear of every card found: one over a card found, or over a hand's other
    // finds, is no card of its own.)
    const apart = (a: Detection, b: Detection): boolean => !insetGrid(a.corners).some((p) => insidePolygon(b.corners, p)) && !insetGrid(b.corners).some((p) => insidePolygon(a.corners, p));
    const withFiner = (cards: Detection[]): Detection[] => (best.found.lone > 0 ? cards : [...cards, ...finerOutlines.filter((c) => cards.every((k) => apart(c, k)))]);
    // A table as light as the paper under soft light: a card's outline is a line a few grey levels
    // deep, which the usual thresholds leave open. Looks for faint edges, each kept where it finds
    // more lone cards (a plane, or a better one) and more cards; the second blurs the grey first,
    // for a grainy table whose grain the low thresholds take for edges everywhere. In Stacks, then
    // the same on the finer look's surface, where one was made: a small card far off on a pale
    // table closes its faint outline only there. (In TIC layouts that found a few cards more, but
    // a Hunt game with a hand over it paid for two more looks each frame, 65 ms.)
    const finerToo = options.deck === 'stacks' && surfaces.length > 1;
    const faintLooks = [first, ...(finerToo ? [surfaces[1]!] : [])].flatMap((surface) => FAINT_EDGES.map((edges) => ({ surface, edges })));
    // Lone cards enough, yet a third of the cards or more placed by the scan alone, partly: a table
    // as light as the paper, where the usual edges closed a few outlines and left the rest open.
    const scanned = (found: Found): number => found.cards.filter((c) => c.evidence === 'scan' && c.partial && !c.tentative).length;
    const openOutlines = best.found.lone >= LOOKS.few && 3 * scanned(best.found) >= best.found.counted;
    const whole = (found: Found): number => found.cards.filter((c) => !c.partial && !c.tentative).length;
    for (const { surface, edges } of faintLooks) {
      if (best.found.lone >= LOOKS.few && !openOutlines) break;
      const again = look(withEdges(cv, surface, edges), `faint edges${edges.blur ? ', blurred' : ''}`);
      // (At the finer scale, only where it loses no card found: a special on a light table, found
      // by its yellow, lost to a plane set by the finer look's outlines.)
      const losesNone = surface === first || best.found.cards.every((c) => again.found.cards.some((n) => insidePolygon(n.corners as unknown as Vec[], c.centre as unknown as Vec)));
      const more = again.found.counted - best.found.counted;
      // Each card more held on LOOKS.paperLookSides sides on average, with a lone card at least (a
      // plane to judge the finds by).
      const heldMore = again.found.lone > 0 && again.found.seen - best.found.seen >= LOOKS.paperLookSides * more;
      // Or so, with as many lone cards and more cards whole: a pale table with a hand by the one
      // lone card, the cards round it closed only by the faint edges. (Not for partial finds
      // alone: under a hand they may be the hand's.)
      const moreHeld = heldMore && again.found.lone === best.found.lone && whole(again.found) > whole(best.found);
      // (Where the outlines were left open, so with two cards more at least, whatever the lone
      // cards: the faint edges close fewer outlines clean.)
      const closesOpen = heldMore && openOutlines && more >= 2;
      // (Or, where the look kept outlined no lone card, as many cards and a lone one among them, held
      // by more of the frame's edges: a plane to judge finds by, as the finer look's planeWhereNone.)
      const planeWhereNone = best.found.lone === 0 && again.found.lone > 0 && more === 0 && again.found.seen > best.found.seen + LOOKS.finerMargin;
      // (Or, beside a lone card, as many cards, more of them lone and held by more of the frame's
      // edges: two cards a finger's width apart, which the usual edges join into one patch of
      // paper, the scan then placing a card in two halves under a hand; the faint edges part them.
      // Without a lone card, planeWhereNone rules: there the finer look's outlines may be added.)
      const asManyMoreLone = best.found.lone > 0 && more === 0 && again.found.lone > best.found.lone && again.found.seen > best.found.seen;
      if (((more > 0 && (again.found.lone > best.found.lone || moreHeld || closesOpen)) || planeWhereNone || asManyMoreLone) && losesNone) best = again;
    }
    // No lone card yet, on a table whose edges run on in long straight lines (a checked cloth): the
    // lines taken out, the cards' outlines close on their own. Kept as the faint looks' planeWhereNone.
    if (best.found.lone === 0) {
      const again = look(withoutStraightRuns(cv, best.surface), 'straight runs out');
      if (again.found.lone > 0 && again.found.counted >= best.found.counted && again.found.seen > best.found.seen + LOOKS.finerMargin) best = again;
    }
    // The lone cards' paper far from the colour the passes took for it: looked at again with the
    // cards' own, kept where that finds more cards, each held on LOOKS.paperLookSides sides on average
    // (a stray card-sized find on the table, held by an edge or two, must not tip it).
    const { paper } = best.found;
    if (paper) {
      const again = { surface: best.surface, found: lookAt(best.surface, 'lone cards\' paper', { ...options, paper }) };
      const more = again.found.counted - best.found.counted;
      if (more > 0 && again.found.seen - best.found.seen >= LOOKS.paperLookSides * more) best = again;
    }
    // Another plane to look again with, where the one used may be far off:
    // - the plane the scan's cards outlined all round set (Found.refit). A plane from a lone
    //   card or two may run far off a card's size away from them, where the scan then passes over
    //   cards; the cards it outlined all over the table set a better one;
    // - else the flat plane (TablePlane.flat), where some patch of paper lies in no card found. A
    //   plane from a card or two: its perspective may be far off away from them, and under it cards
    //   come out the wrong size, their sides off the edges, or are not found at all.
    // The try is kept where its cards' sides hold more of the frame's edges, by more than
    // LOOKS.flatMargin sides (a stray card-sized find on the table, held by an edge or two, must not tip it).
    const { flat, refit, loose } = best.found;
    const retry = refit ? { how: 'scan\'s plane', plane: refit } : flat && loose > 0 ? { how: 'flat plane', plane: flat } : null;
    if (!retry) return withFiner(best.found.cards);
    const other = lookAt(best.surface, retry.how, { ...options, plane: retry.plane });
    return withFiner(other.seen > best.found.seen + LOOKS.flatMargin ? other.cards : best.found.cards);
  } finally {
    for (const surface of surfaces) surface.fineGrey.delete();
  }
}

/** What detectOn found: the cards, how many lone ones, and how well the frame's edges hold them. */
interface Found {
  readonly cards: Detection[];
  /** How many cards, and (`seen`) how well held, tentative finds aside: they must not tip the choice between looks. */
  readonly counted: number;
  readonly lone: number;
  /** The cards' summed side support (each side 0..1). */
  readonly seen: number;
  /** How many regions of paper (a quarter of a card or more) lie in no card found. */
  readonly loose: number;
  /** TablePlane.flat of the plane used, where the lone cards gave one. */
  readonly flat?: Homography;
  /** The lone cards' own paper, where it is far from the colour the passes took for paper. */
  readonly paper?: readonly [number, number, number];
  /** The plane the scan's cards outlined all round gave, where the lone cards' came from fewer than FEW. */
  readonly refit?: Homography;
}

/** One look: lone cards -> the table plane -> cards by their outlines, then by the scan -> fitted to the table -> one per card. */
function detectOn(cv: OpenCv, frame: RgbaImage, surface: Surface, options: DetectOptions): Found {
  const look = startLook(cv, frame, surface, options);
  const tPass = performance.now();
  const guess = options.paper ?? surface.white;
  const pass = loneCards(look, guess);
  const tPasses = performance.now();
  const on = planeOf(look, pass);
  const found = outlineCandidates(look, pass, on);
  scanForCards(look, pass, on, found);
  if (options.debug) {
    const times = (options.debug.times ??= {});
    times.passes = tPasses - tPass;
    times.total = performance.now() - tPass;
    options.debug.surface = surface;
    options.debug.mask = pass.mask;
    options.debug.regions = pass.regions;
    options.debug.candidates = found;
    options.debug.plane = on.plane !== null;
  }
  fitToTable(look, on, found);
  const kept = dedupe(found.filter(plausible), look.deck === 'tic');
  return summary(look, pass, on, kept, guess);
}

/** The kept candidates as detections, with what the choice between looks weighs. */
function summary(look: Look, pass: Pass, on: Plane, kept: Candidate[], guess: readonly [number, number, number]): Found {
  const { plane, sized } = on;
  const { lone } = pass;
  const cards = kept.map((c): Detection => {
    const quad = portrait(c.quad);
    return { corners: quad, centre: quadCentre(quad), partial: c.partial, evidence: c.coverage === SCANNED ? 'scan' : 'outline', ...(c.tentative ? { tentative: true as const } : {}) };
  });
  // How much of the cards' outlines the frame's edges bear out, in sides (see detectCards).
  const counted = kept.filter((c) => !c.tentative);
  const seen = counted.reduce((t, c) => t + c.support.reduce((a, b) => a + b, 0), 0);
  // The paper as the lone cards show it, when far from the passes' idea of it: something whiter
  // than the paper under a tinted light may have been taken for it, and the cards' faces then read
  // as ink, not paper (see detectCards).
  const own = !look.options.paper && lone.length >= LOOKS.few ? paperColour(look.surface, lone.map((l) => l.refined.quad.map(look.toWork)), pass.mask) : null;
  const paper = own && colourDistance(own, guess) > LOOKS.otherPaper ? { paper: own } : {};
  const refit = plane && sized && sized !== plane && plane.cards < LOOKS.few ? { refit: sized.toTable } : {};
  // (Not once the scan's cards have set the plane: more cards than the flat plane was for.)
  if (!plane || sized !== plane || !('flat' in plane) || !plane.flat) return { cards, counted: counted.length, lone: lone.length, seen, loose: 0, ...paper, ...refit };
  // Paper no card accounts for, only where the flat plane may be tried. (A quarter of the cards'
  // median size in pixels: the plane may be the thing that is off.)
  const areas = kept.map((c) => polygonArea(c.quad)).sort((a, b) => a - b);
  const typical = areas.length > 0 ? areas[areas.length >> 1]! : 0;
  const loose = pass.regions.filter((r) => {
    const hull = r.hull.map(look.toFrame);
    return polygonArea(hull) >= 0.25 * typical && !kept.some((f) => insidePolygon(f.quad, centroid(hull)));
  }).length;
  return { cards, counted: counted.length, lone: lone.length, seen, loose, flat: plane.flat, ...paper };
}

export { polygonArea };
export type { Quad };

