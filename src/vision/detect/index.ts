// Finding cards in a frame. One look (look.ts) runs lone.ts, plane.ts, outlines.ts, scan-hits.ts,
// fit.ts and select.ts in turn. detectCards takes a look at the working width, then other looks
// (finer in Stacks, straight runs out, faint edges) where it found few lone cards, unless they account
// for all the paper, or left outlines open; it keeps the look whose cards the frame's edges hold
// best. Thresholds: params.ts.
import { performance } from 'node:perf_hooks';
import type { Quad, RgbaImage } from '../image.js';
import type { OpenCv } from '../opencv.js';
import type { DetectedCard } from '../types.js';
import { greyOf, surfaceOf, withEdges, withoutStraightRuns, type Surface } from './surface.js';
import { insetGrid, insidePolygon, polygonArea, type Homography, type Vec } from './geometry.js';
import { lookOnce, type Found } from './look.js';
import type { GreyImage } from './refine.js';
import { EDGES, FAINT_EDGES, LOOKS } from './params.js';
import type { HitScore } from './hit-score.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** What detectCards is told: the deck, the working width, and what is known beforehand. */
export interface DetectOptions {
  /** Sequence Stacks specials have yellow faces: count yellow as card face too. */
  readonly deck?: 'tic' | 'stacks';
  /** Width of the working image (default LOOKS.workWidth). */
  readonly workWidth?: number;
  /** Filled in with what detection went through, where given (DetectDebug). */
  readonly debug?: DetectDebug;
  /** Frame pixels -> table mm known beforehand (a calibration's): used instead of the lone cards' plane. */
  readonly plane?: Homography;
  /** The paper's colour (RGB) known beforehand (a calibration's): used instead of the white point. */
  readonly paper?: readonly [number, number, number];
  /** The score judging scan hits (default: the committed models/hit-score.json). */
  readonly hitScore?: HitScore;
  /** Card-like things known beforehand to be no card (a calibration's markers), in the pixels of `frame`. */
  readonly notCards?: readonly Quad[];
  /** The frame's grey (greyOf) where already made. */
  readonly grey?: GreyImage;
}

/** What detection went through, filled in where asked: for diagnosis, the trainer and the tests. */
export interface DetectDebug {
  /** Scan hits and lone outlines turned down, and why. */
  rejected?: { quad: Vec[]; why: string }[];
  /** Scan hits judged by the score: their features and odds (what the score is trained on). */
  judged?: { quad: Vec[]; features: number[]; odds: number }[];
  /** Scan hits at the first look, snapped only near where the scan put them (what the first look is trained on). */
  firstLooks?: FirstLookSeen[];
  /** Milliseconds by step. */
  times?: Record<string, number>;
  /** Every look at the frame, in order: how, at what working width, and what it found. */
  looks?: { how: string; width: number; lone: number; cards: number; seen: number }[];
}

/** A scan hit at the first look: its features, and its snapped quad where the score judged it. */
export interface FirstLookSeen {
  readonly quad: Vec[];
  readonly features: number[];
  judged?: Vec[];
}

/** A card found, and how: its own outline in the paper mask, or the scan over the table plane. */
export interface Detection extends DetectedCard {
  readonly evidence: 'outline' | 'scan';
  /** Taken for a card only tentatively by the hit score (hit-score.ts): a card only where the reader names one. */
  readonly tentative?: true;
}

/** Every card in the frame: the working look, then others where it found few lone cards or left outlines open. */
export function detectCards(cv: OpenCv, frame: RgbaImage, source: Mat, options: DetectOptions = {}): Detection[] {
  const looks = looker(cv, frame, source, options);
  try {
    const workWidth = options.workWidth ?? LOOKS.workWidth;
    let best = looks.at(workWidth);
    const first = best.surface;
    const finer = finerLook(looks, best, workWidth);
    best = straightRunsOut(looks, finer.best);
    best = faintLooks(looks, best, first);
    return best.found.lone > 0 ? best.found.cards : withOutlines(best.found.cards, finer.outlines);
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
  /** A look at `surface` (`how`, for DetectDebug.looks). */
  look(surface: Surface, how: string): Seen;
  dispose(): void;
}

function looker(cv: OpenCv, frame: RgbaImage, source: Mat, options: DetectOptions): Looker {
  // Surfaces are freed only at the end: later looks reuse them, and faint looks share the first's fine grey.
  const surfaces: Surface[] = [];
  const grey = options.grey ?? greyOf(cv, source);
  const look = (surface: Surface, how: string): Seen => {
    const found = lookOnce(cv, frame, surface, options);
    // Which look found what, where asked.
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
      const surface = surfaceOf(cv, frame, source, { workWidth: width, ...EDGES }, grey);
      surfaces.push(surface);
      if (options.debug) (options.debug.times ??= {}).surface = performance.now() - t0;
      return look(surface, 'usual edges');
    },
    dispose: () => surfaces.forEach((s) => s.fineGrey.delete()),
  };
}

/**
 * Stacks: a finer look where few lone cards were found, as a small card's faint outline on a pale
 * table may close only there (TIC layouts gained nothing from it on the held-out and tuning sets).
 * Kept where it finds more cards, or as many, more lone and better held; else its whole outlines.
 */
function finerLook(looks: Looker, best: Seen, workWidth: number): { best: Seen; outlines: Detection[] } {
  const finer = Math.min(looks.frame.width, Math.round(workWidth * LOOKS.finerScale));
  if (looks.options.deck !== 'stacks' || enoughLone(best.found) || finer < workWidth * LOOKS.finerAtLeast) return { best, outlines: [] };
  const again = looks.at(finer);
  const [now, was] = [again.found, best.found];
  const moreCards = now.counted > was.counted;
  const asManyBetterHeld = now.counted === was.counted && now.lone > was.lone && now.seen > was.seen + LOOKS.finerMargin;
  // With no lone card the kept look had no plane to judge finds by: the finer look's plane, better
  // held, outweighs a count of unjudged finds.
  const planeWhereNone = was.lone === 0 && now.lone > 0 && now.seen > was.seen + LOOKS.finerMargin;
  if (moreCards || asManyBetterHeld || planeWhereNone) return { best: again, outlines: [] };
  return { best, outlines: now.cards.filter((c) => c.evidence === 'outline' && !c.partial) };
}

/** With no lone card kept, the finer look's whole outlines it missed, where clear of every card found. */
function withOutlines(cards: Detection[], outlines: readonly Detection[]): Detection[] {
  const apart = (a: Detection, b: Detection): boolean => !insetGrid(a.corners).some((p) => insidePolygon(b.corners, p)) && !insetGrid(b.corners).some((p) => insidePolygon(a.corners, p));
  return [...cards, ...outlines.filter((c) => cards.every((k) => apart(c, k)))];
}

/**
 * Looks with faint edges, for a table as light as the paper where the usual thresholds leave outlines
 * open; the second blurs the grey first, for a grainy table. In Stacks also on the finer surface.
 */
function faintLooks(looks: Looker, kept: Seen, first: Surface): Seen {
  let best = kept;
  const finerToo = looks.options.deck === 'stacks' && looks.surfaces.length > 1;
  const tries = [first, ...(finerToo ? [looks.surfaces[1]!] : [])].flatMap((surface) => FAINT_EDGES.map((edges) => ({ surface, edges })));
  const openOutlines = best.found.lone >= LOOKS.few && outlinesLeftOpen(best.found);
  for (const { surface, edges } of tries) {
    if (enoughLone(best.found) && !openOutlines) break;
    const again = looks.look(withEdges(looks.cv, surface, edges), `faint edges${edges.blur ? ', blurred' : ''}`);
    // On the finer surface, only where it loses no card found: its plane may lose a special found by yellow.
    const losesNone = surface === first || best.found.cards.every((c) => again.found.cards.some((n) => insidePolygon(n.corners as unknown as Vec[], c.centre as unknown as Vec)));
    if (losesNone && faintLookBetter(best.found, again.found, openOutlines)) best = again;
  }
  return best;
}

/**
 * Whether a look's lone cards need no other look: enough of them for a firm plane, or some, with no
 * paper left that no card accounts for and no outlines left open (a table of a few cards, all found).
 */
function enoughLone(found: Found): boolean {
  return found.lone >= LOOKS.few || (found.lone > 0 && found.unexplained < LOOKS.unexplained && !outlinesLeftOpen(found));
}

/** Many cards placed partly by the scan alone (LOOKS.openPart): the usual edges left outlines open. */
function outlinesLeftOpen(found: Found): boolean {
  const scanned = found.cards.filter((c) => c.evidence === 'scan' && c.partial).length;
  return LOOKS.openPart * scanned >= found.counted;
}

/** Whether a faint look's finds beat the kept look's. */
function faintLookBetter(was: Found, now: Found, openOutlines: boolean): boolean {
  const whole = (found: Found): number => found.cards.filter((c) => !c.partial && !c.tentative).length;
  const more = now.counted - was.counted;
  // Each card more held on LOOKS.sidesPerCard sides on average, with a lone card to give a plane.
  const heldMore = now.lone > 0 && now.seen - was.seen >= LOOKS.sidesPerCard * more;
  // Or held so with as many lone cards, where more cards are whole (partial finds alone may be a hand's).
  const moreHeld = heldMore && now.lone === was.lone && whole(now) > whole(was);
  // Where outlines were left open, LOOKS.closesOpen cards more, whatever the lone cards.
  const closesOpen = heldMore && openOutlines && more >= LOOKS.closesOpen;
  // With no lone card kept: as many cards, a lone one among them, better held (as in finerLook).
  const planeWhereNone = was.lone === 0 && now.lone > 0 && more === 0 && now.seen > was.seen + LOOKS.finerMargin;
  // Beside a lone card: as many cards, more of them lone and better held (faint edges part cards
  // close enough for the usual edges to join).
  const asManyMoreLone = was.lone > 0 && more === 0 && now.lone > was.lone && now.seen > was.seen;
  return (more > 0 && (now.lone > was.lone || moreHeld || closesOpen)) || planeWhereNone || asManyMoreLone;
}

/**
 * No lone card yet: a look with long straight edge runs (checked cloth) taken out, kept as
 * planeWhereNone. Before the faint looks, which on a patterned cloth only add the pattern's edges.
 */
function straightRunsOut(looks: Looker, best: Seen): Seen {
  if (best.found.lone > 0) return best;
  const again = looks.look(withoutStraightRuns(looks.cv, best.surface), 'straight runs out');
  return again.found.lone > 0 && again.found.counted >= best.found.counted && again.found.seen > best.found.seen + LOOKS.finerMargin ? again : best;
}

export { polygonArea };
export type { Quad };

