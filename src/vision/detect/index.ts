// Finding cards in a frame. One look (look.ts) is these stages in order, each in its own file:
//   lone.ts       lone cards: regions of paper whose hull is a card-shaped quadrilateral holding
//                 ink, snapped to the frame's edges, under the best idea of the paper's colour;
//   plane.ts      the table plane they give (or a calibration's), so a card's size is known
//                 everywhere, and what a candidate measures on it;
//   outlines.ts   candidates from the outlines: lone cards kept or completed, parts of cards;
//   scan-hits.ts  candidates from the scan of the table for card-sized rectangles along edges,
//                 each snapped, then judged by its shape and face (face.ts);
//   fit.ts        each candidate fitted to the table (a Stacks pile's top card, a card cut short);
//   select.ts     one candidate per card.
// detectCards takes a look at the working width, then other looks where it found few lone cards
// (finer, faint edges, straight runs out, the lone cards' own paper, another plane), keeping the
// one whose cards the frame's edges hold best. Thresholds: params.ts.
import { performance } from 'node:perf_hooks';
import type { Quad, RgbaImage } from '../image.js';
import type { OpenCv } from '../opencv.js';
import type { DetectedCard } from '../types.js';
import { surfaceOf, withEdges, withoutStraightRuns, type Surface } from './surface.js';
import { insetGrid, insidePolygon, polygonArea, type Homography, type Vec } from './geometry.js';
import { lookOnce, type Found } from './look.js';
import { EDGES, FAINT_EDGES, LOOKS } from './params.js';
import type { Region } from './regions.js';

type Mat = InstanceType<OpenCv['Mat']>;

export interface DetectOptions {
  /** Sequence Stacks specials have yellow faces: count yellow as card face too. */
  readonly deck?: 'tic' | 'stacks';
  /** Width of the working image (default LOOKS.workWidth). */
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

/**
 * Every card in the frame: a look at the working width, then other looks where it found few lone
 * cards or left outlines open (each kept only where it finds more, or the same better held), and
 * a last look on another plane where the one used may be far off.
 */
export function detectCards(cv: OpenCv, frame: RgbaImage, source: Mat, options: DetectOptions = {}): Detection[] {
  const looks = looker(cv, frame, source, options);
  try {
    const workWidth = options.workWidth ?? LOOKS.workWidth;
    let best = looks.at(workWidth);
    const first = best.surface;
    const finer = finerLook(looks, best, workWidth);
    best = faintLooks(looks, finer.best, first);
    best = straightRunsOut(looks, best);
    best = ownPaperLook(looks, best);
    const cards = otherPlaneLook(looks, best);
    return best.found.lone > 0 ? cards : withOutlines(cards, finer.outlines);
  } finally {
    looks.dispose();
  }
}

interface Seen {
  readonly surface: Surface;
  readonly found: Found;
}

interface Looker {
  readonly cv: OpenCv;
  readonly frame: RgbaImage;
  readonly options: DetectOptions;
  /** Every surface made, the first look's first. */
  readonly surfaces: Surface[];
  /** A new surface at this working width, looked at with the usual edges. */
  at(width: number): Seen;
  /** A look at `surface` (`how`, for the debug pictures), with other options. */
  look(surface: Surface, how: string, o?: DetectOptions): Seen;
  dispose(): void;
}

function looker(cv: OpenCv, frame: RgbaImage, source: Mat, options: DetectOptions): Looker {
  // Each surface made is kept to the end: the flat plane's try works on the chosen one. (The faint
  // looks' surfaces are the first one's with other edges, its fine grey among them.)
  const surfaces: Surface[] = [];
  const look = (surface: Surface, how: string, o: DetectOptions = options): Seen => {
    const found = lookOnce(cv, frame, surface, o);
    // Each look's outcome, for the debug pictures and for tuning: which look found what.
    options.debug?.looks?.push({ how, width: surface.width, lone: found.lone, cards: found.cards.length, seen: found.seen });
    return { surface, found };
  };
  return {
    cv,
    frame,
    options,
    surfaces,
    look,
    at(width) {
      const t0 = performance.now();
      const surface = surfaceOf(cv, frame, source, { workWidth: width, ...EDGES });
      surfaces.push(surface);
      if (options.debug) (options.debug.times ??= {}).surface = performance.now() - t0;
      return look(surface, 'usual edges');
    },
    dispose: () => surfaces.forEach((s) => s.fineGrey.delete()),
  };
}

/**
 * Small cards on a table nearly the colour of their paper: at the working scale their faint
 * outlines may not close, and with few lone cards the plane to scan by is weak or missing. A finer
 * look, kept when it finds more cards; or as many, more of them by their own outlines (a glare spot
 * over a small card's end cuts its outline short at the working scale) and held by more of the
 * frame's edges, by LOOKS.finerMargin sides. (Where the two hold as much, the first look's fewer
 * lone cards may still offer the flat plane's try.) Where it is not kept, its cards outlined whole
 * (`outlines`, see withOutlines).
 */
function finerLook(looks: Looker, best: Seen, workWidth: number): { best: Seen; outlines: Detection[] } {
  const finer = Math.min(looks.frame.width, Math.round(workWidth * LOOKS.finerScale));
  if (best.found.lone >= LOOKS.few || finer < workWidth * LOOKS.finerAtLeast) return { best, outlines: [] };
  const again = looks.at(finer);
  const [now, was] = [again.found, best.found];
  const moreCards = now.counted > was.counted;
  const asManyBetterHeld = now.counted === was.counted && now.lone > was.lone && now.seen > was.seen + LOOKS.finerMargin;
  // Without a lone card the look kept had no plane to judge its finds by: the finer look's plane,
  // where its cards hold more of the frame's edges, outweighs a count of unjudged finds.
  const planeWhereNone = was.lone === 0 && now.lone > 0 && now.seen > was.seen + LOOKS.finerMargin;
  if (moreCards || asManyBetterHeld || planeWhereNone) return { best: again, outlines: [] };
  return { best, outlines: now.cards.filter((c) => c.evidence === 'outline' && !c.partial) };
}

/**
 * Where the look kept outlined no lone card (no plane to judge a find by), the cards the finer
 * look outlined whole that it missed are added (a glare spot over one card's end and the frame's
 * edge across another: each look finds one). Only those lying clear of every card found: one over
 * a card found, or over a hand's other finds, is no card of its own. (Beside lone cards, the finer
 * look's own plane may pass what the kept look's turned down: the white squares of calibration
 * markers.)
 */
function withOutlines(cards: Detection[], outlines: readonly Detection[]): Detection[] {
  const apart = (a: Detection, b: Detection): boolean => !insetGrid(a.corners).some((p) => insidePolygon(b.corners, p)) && !insetGrid(b.corners).some((p) => insidePolygon(a.corners, p));
  return [...cards, ...outlines.filter((c) => cards.every((k) => apart(c, k)))];
}

/**
 * A table as light as the paper under soft light: a card's outline is a line a few grey levels
 * deep, which the usual thresholds leave open. Looks for faint edges, each kept where it finds
 * more lone cards (a plane, or a better one) and more cards; the second blurs the grey first, for
 * a grainy table whose grain the low thresholds take for edges everywhere. In Stacks, then the
 * same on the finer look's surface, where one was made: a small card far off on a pale table
 * closes its faint outline only there. (In TIC layouts that found a few cards more, but a Hunt
 * game with a hand over it paid for two more looks each frame, 65 ms.)
 */
function faintLooks(looks: Looker, kept: Seen, first: Surface): Seen {
  let best = kept;
  const finerToo = looks.options.deck === 'stacks' && looks.surfaces.length > 1;
  const tries = [first, ...(finerToo ? [looks.surfaces[1]!] : [])].flatMap((surface) => FAINT_EDGES.map((edges) => ({ surface, edges })));
  // Lone cards enough, yet a part of the cards (LOOKS.openPart) placed by the scan alone, partly:
  // a table as light as the paper, where the usual edges closed a few outlines and left the rest open.
  const scanned = (found: Found): number => found.cards.filter((c) => c.evidence === 'scan' && c.partial && !c.tentative).length;
  const openOutlines = best.found.lone >= LOOKS.few && LOOKS.openPart * scanned(best.found) >= best.found.counted;
  for (const { surface, edges } of tries) {
    if (best.found.lone >= LOOKS.few && !openOutlines) break;
    const again = looks.look(withEdges(looks.cv, surface, edges), `faint edges${edges.blur ? ', blurred' : ''}`);
    // (At the finer scale, only where it loses no card found: a special on a light table, found
    // by its yellow, lost to a plane set by the finer look's outlines.)
    const losesNone = surface === first || best.found.cards.every((c) => again.found.cards.some((n) => insidePolygon(n.corners as unknown as Vec[], c.centre as unknown as Vec)));
    if (losesNone && faintLookBetter(best.found, again.found, openOutlines)) best = again;
  }
  return best;
}

/** Whether a faint look's finds beat the kept look's. */
function faintLookBetter(was: Found, now: Found, openOutlines: boolean): boolean {
  const whole = (found: Found): number => found.cards.filter((c) => !c.partial && !c.tentative).length;
  const more = now.counted - was.counted;
  // Each card more held on LOOKS.paperLookSides sides on average, with a lone card at least (a
  // plane to judge the finds by).
  const heldMore = now.lone > 0 && now.seen - was.seen >= LOOKS.paperLookSides * more;
  // Or so, with as many lone cards and more cards whole: a pale table with a hand by the one lone
  // card, the cards round it closed only by the faint edges. (Not for partial finds alone: under
  // a hand they may be the hand's.)
  const moreHeld = heldMore && now.lone === was.lone && whole(now) > whole(was);
  // (Where the outlines were left open, so with LOOKS.closesOpen cards more at least, whatever the
  // lone cards: the faint edges close fewer outlines clean.)
  const closesOpen = heldMore && openOutlines && more >= LOOKS.closesOpen;
  // (Or, where the look kept outlined no lone card, as many cards and a lone one among them, held
  // by more of the frame's edges: a plane to judge finds by, as the finer look's planeWhereNone.)
  const planeWhereNone = was.lone === 0 && now.lone > 0 && more === 0 && now.seen > was.seen + LOOKS.finerMargin;
  // (Or, beside a lone card, as many cards, more of them lone and held by more of the frame's
  // edges: two cards a finger's width apart, which the usual edges join into one patch of paper,
  // the scan then placing a card in two halves under a hand; the faint edges part them. Without a
  // lone card, planeWhereNone rules: there the finer look's outlines may be added.)
  const asManyMoreLone = was.lone > 0 && more === 0 && now.lone > was.lone && now.seen > was.seen;
  return (more > 0 && (now.lone > was.lone || moreHeld || closesOpen)) || planeWhereNone || asManyMoreLone;
}

/**
 * No lone card yet, on a table whose edges run on in long straight lines (a checked cloth): the
 * lines taken out, the cards' outlines close on their own. Kept as the faint looks' planeWhereNone.
 */
function straightRunsOut(looks: Looker, best: Seen): Seen {
  if (best.found.lone > 0) return best;
  const again = looks.look(withoutStraightRuns(looks.cv, best.surface), 'straight runs out');
  return again.found.lone > 0 && again.found.counted >= best.found.counted && again.found.seen > best.found.seen + LOOKS.finerMargin ? again : best;
}

/**
 * The lone cards' paper far from the colour the passes took for it: looked at again with the
 * cards' own, kept where that finds more cards, each held on LOOKS.paperLookSides sides on average
 * (a stray card-sized find on the table, held by an edge or two, must not tip it).
 */
function ownPaperLook(looks: Looker, best: Seen): Seen {
  const { paper } = best.found;
  if (!paper) return best;
  const again = looks.look(best.surface, 'lone cards\' paper', { ...looks.options, paper });
  const more = again.found.counted - best.found.counted;
  return more > 0 && again.found.seen - best.found.seen >= LOOKS.paperLookSides * more ? again : best;
}

/**
 * Another plane to look again with, where the one used may be far off:
 * - the plane the scan's cards outlined all round set (Found.refit). A plane from a lone card or
 *   two may run far off a card's size away from them, where the scan then passes over cards; the
 *   cards it outlined all over the table set a better one;
 * - else the flat plane (TablePlane.flat), where some patch of paper lies in no card found. A plane
 *   from a card or two: its perspective may be far off away from them, and under it cards come out
 *   the wrong size, their sides off the edges, or are not found at all.
 * The try is kept where its cards' sides hold more of the frame's edges, by more than
 * LOOKS.flatMargin sides (a stray card-sized find on the table, held by an edge or two, must not tip it).
 */
function otherPlaneLook(looks: Looker, best: Seen): Detection[] {
  const { flat, refit, loose } = best.found;
  const retry = refit ? { how: 'scan\'s plane', plane: refit } : flat && loose > 0 ? { how: 'flat plane', plane: flat } : null;
  if (!retry) return best.found.cards;
  const other = looks.look(best.surface, retry.how, { ...looks.options, plane: retry.plane }).found;
  return other.seen > best.found.seen + LOOKS.flatMargin ? other.cards : best.found.cards;
}

export { polygonArea };
export type { Quad };

