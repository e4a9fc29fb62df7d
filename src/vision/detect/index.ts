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
import { STANDARD_DECK } from '../../deck/profile.js';
import { chromaOf, dipsIn, nearNeutral, surfaceOf, withEdges, withoutStraightRuns, type EdgeOptions, type Surface } from './surface.js';
import { applyHomography, centroid, dist, grow, insetGrid, insidePolygon, intersectLines, invertHomography, norm, polygonArea, portrait, quadCentre, quadPoint, sub, type Homography, type Vec } from './geometry.js';
import { quadOfLines, refineQuad, relaxQuad, slideAlong, type GreyImage, type RefinedQuad } from './refine.js';
import { tablePlane, type CardSize } from './table.js';
import { scanAngles, scanTable } from './scan.js';
import { completeOnPlane, coveredSide, extendUnderCover, isYellow, patchMean, slideOffTable, tableLook, tableShare, topOfPile, yellowness } from './complete.js';
import { crossedByJoint, ownBorders } from './joint.js';
import { EDGES, FAINT, FAINT_EDGES, CARDS, FACE, LONE, LOOKS, SCANNED } from './params.js';
import { colourDistance, faceIn, faceMask, faceStats, isFace, loneFace, paperColour, paperCut, paperInOnePiece, paperRims, tableColour, yellowFaces } from './face.js';
import { aspect, faintSide, isCardShaped, isLoneCard, overlaps, sideAlongFrameEdge, sideError } from './shape.js';
import { insideEdges, nearEdges, regionsOf, wordHalves, type Region } from './regions.js';
import { dedupe, plausible, type Candidate } from './select.js';

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
  /** The plane the scan's cards outlined all round gave, where the lone cards' came from fewer than LOOKS.few. */
  readonly refit?: Homography;
}

/** What one pass over the working image found, for a given idea of the paper's colour. */
interface Pass {
  readonly chroma: Float32Array;
  readonly mask: Uint8Array;
  readonly regions: Region[];
  readonly lone: { region: Region; refined: RefinedQuad }[];
  readonly rest: Region[];
}

function detectOn(cv: OpenCv, frame: RgbaImage, surface: Surface, options: DetectOptions): Found {
  const deck = options.deck ?? 'tic';
  const grey = surface.frameGrey;
  const k = surface.toFrame;
  const toFrame = (p: Vec): Vec => [p[0] * k, p[1] * k];
  const toWork = (p: Vec): Vec => [p[0] / k, p[1] / k];
  const size: CardSize = { widthMm: STANDARD_DECK.widthMm, heightMm: STANDARD_DECK.heightMm };
  // Passes under different ideas of the paper's colour find mostly the same lone cards: each
  // outline is refined once.
  const refinedCache: { centre: Vec; area: number; erosion: number; refined: RefinedQuad }[] = [];
  // Stacks specials on a light table: their sides only show in yellowness (made once, if needed),
  // and the quads snapped on it.
  let yellow: GreyImage | null = null;
  const yellowGrey = (): GreyImage => (yellow ??= yellowness(frame));
  const yellowQuads = new Set<readonly Vec[]>();
  const refineOnce = (polygon: readonly Vec[], erosion: number): RefinedQuad => {
    const centre = centroid(polygon);
    const area = polygonArea(polygon);
    const hit = refinedCache.find((c) => c.erosion === erosion && dist(c.centre, centre) < 1 && Math.abs(c.area - area) < 0.04 * area);
    if (hit) return hit.refined;
    // The region was shrunk by the erosion and the edges cut off it: grow it back first.
    const refined = refineQuad(grey, portrait(grow(polygon, erosion + 1).map(toFrame)));
    refinedCache.push({ centre, area, erosion, refined });
    return refined;
  };
  // Regions between the edges alone (the same under every idea of the paper's colour): made once.
  let loopRegions: Region[] | null = null;
  const edgeLoops = (): Region[] => (loopRegions ??= regionsOf(cv, surface, insideEdges(surface), 0));
  // The whole areas closed loops of edges enclose, whatever edges lie inside them (made once).
  let enclosedRegions: Region[] | null = null;
  const enclosed = (): Region[] => (enclosedRegions ??= regionsOf(cv, surface, nearEdges(surface), 0));
  // Stacks: regions of the specials' yellow faces alone (the same under every idea of the paper's colour): made once.
  let yellowRegions: Region[] | null = null;
  const yellowLoops = (): Region[] => (yellowRegions ??= regionsOf(cv, surface, yellowFaces(surface), 1));
  const pass = (chroma: Float32Array, chromaMax: number, cut: number): Pass => {
    const mask = faceMask(surface, chroma, chromaMax, cut, deck);
    // `regions` from a mask eroded by `erosion` (face-coloured: paper or yellow), or between the edges alone.
    const split = (erosion: number, regions: Region[], faceColoured: boolean, known: Pass['lone'] = []): { regions: Region[]; lone: Pass['lone']; narrow: Pass['lone']; rest: Region[] } => {
      const lone: Pass['lone'] = [];
      const narrow: Pass['lone'] = [];
      const rest: Region[] = [];
      // Stacks: a wild card's word runs across its face and, on a small card, parts its paper into
      // two halves, each about card-shaped: the whole card is tried first (see wordHalves). (In a
      // face-coloured mask only: between edges alone, tiles of a patterned table pair up alike.)
      const whole = deck === 'stacks' && faceColoured ? wordHalves(cv, surface, chroma, mask, regions) : [];
      for (const region of [...whole, ...regions]) {
        const isWhole = whole.includes(region);
        // A region inside a card already found adds nothing.
        if (known.length > 0 || whole.length > 0) {
          const c = toFrame(centroid(region.polygon));
          if (known.some((m) => insidePolygon(m.refined.quad, c)) || lone.some((m) => whole.includes(m.region) && insidePolygon(m.refined.quad, c))) continue;
        }
        if (isLoneCard(region, LONE.narrowest)) {
          // Narrower than a card: a card seen steeply from its side, or a strip of a card between
          // covers, or of glare; set apart (see below), and only where held on all four sides.
          const isNarrow = aspect(region.polygon) <= LONE.narrow;
          const held = isNarrow ? 4 : 3;
          let refined = refineOnce(region.polygon, erosion);
          if (deck === 'stacks' && refined.support.filter((v) => v >= 0.5).length < held) {
            const onYellow = refineQuad(yellowGrey(), portrait(grow(region.polygon, erosion + 1).map(toFrame)));
            if (onYellow.support.filter((v) => v >= 0.5).length >= held) yellowQuads.add((refined = onYellow).quad);
          }
          if (refined.support.filter((v) => v >= 0.5).length >= held && loneFace(faceStats(surface, chroma, mask, refined.quad.map(toWork), cut), refined, deck)) {
            (isNarrow ? narrow : lone).push({ region, refined });
            if (!isNarrow) continue;
          }
        }
        if (!isWhole) rest.push(region);
      }
      return { regions, lone, narrow, rest };
    };
    const { regions, lone, narrow, rest } = split(1, regionsOf(cv, surface, mask, 1), true);
    // Cards whose paper does not stand out (a table as light as the paper) still lie inside a
    // closed loop of edges: regions between the edges alone are candidates too.
    const loops = split(0, edgeLoops(), false, lone);
    const add = (l: Pass['lone'][number]): void => {
      const c = quadCentre(l.refined.quad);
      if (!lone.some((m) => insidePolygon(m.refined.quad, c))) lone.push(l);
    };
    loops.lone.forEach(add);
    // Few lone cards: a card's outline may close round a face that edges inside part, a glare
    // spot's rim run from one side to the other, so that no region of it has the card's shape;
    // the whole area its outline encloses has.
    // (Not round a card found already: two cards side by side enclose a card's shape too.)
    if (lone.length < LOOKS.few) {
      const holdsNone = (r: Region): boolean => !lone.some((l) => insidePolygon(r.polygon, toWork(quadCentre(l.refined.quad))));
      split(0, enclosed().filter(holdsNone), false, lone).lone.filter((l) => !crossedByJoint(grey, l.refined.quad)).forEach(add);
    }
    // Stacks: a special's yellow face on a table as light as the paper, which the paper mask takes
    // in, joining face and table in one region, and as light as the face in grey, with no edge
    // between them: its yellow alone parts it from the table.
    if (deck === 'stacks') split(1, yellowLoops(), true).lone.forEach(add);
    // Narrow outlines are lone cards only where few others are: a steep view makes every card
    // narrow, while among cards of a card's proportions a narrow one is a strip of one.
    if (lone.length < LOOKS.few) {
      [...narrow, ...loops.narrow].forEach(add);
      for (const l of narrow) if (lone.includes(l)) rest.splice(rest.indexOf(l.region), 1);
    }
    return { chroma, mask, regions, lone, rest };
  };
  const guess = options.paper ?? surface.white;
  const strict = (white: readonly [number, number, number]): Pass & { cut: number } => {
    const chromaHere = chromaOf(surface, white);
    const cutHere = paperCut(surface, chromaHere, 0.16);
    return { ...pass(chromaHere, 0.16, cutHere), cut: cutHere };
  };
  // The outlines the edges alone close in a card's shape, held on three sides at least, and the
  // pass with their paper's colour where that is another idea of it (made once, if needed).
  let cardLoops: Region[] | null = null;
  const loopsShapedLikeCards = (): Region[] => (cardLoops ??= edgeLoops().filter((r) => isLoneCard(r)));
  let outlineQuads: RefinedQuad[] | null = null;
  const outlines = (): RefinedQuad[] => (outlineQuads ??= loopsShapedLikeCards().map((r) => refineOnce(r.polygon, 0)).filter((r) => r.support.filter((v) => v >= 0.5).length >= 3));
  const fromOutlines = (): (Pass & { cut: number }) | null => {
    const quads = outlines();
    const paper = quads.length > 0 ? paperColour(surface, quads.map((r) => r.quad.map(toWork)), null) : null;
    return paper && colourDistance(paper, guess) > LOOKS.otherPaper ? strict(paper) : null;
  };
  const tPass = performance.now();
  // The brightest near-neutral pixels are usually the paper. Where that finds few lone cards, a
  // bright hand or a light table may have fooled it: lone cards found with a loose idea of
  // neutral (any tint of light passes) tell the paper's colour instead, and the idea that finds
  // more lone cards wins.
  let best = strict(guess);
  const tFirst = performance.now();
  if (best.lone.length < LOOKS.few) {
    const grey0 = (guess[0] + guess[1] + guess[2]) / 3;
    const neutral = chromaOf(surface, [grey0, grey0, grey0]);
    const loose = pass(neutral, 0.3, paperCut(surface, neutral, 0.3));
    // (Stacks: a special among them would set the paper yellow, and the white cards' faces then
    // read as ink; where all of them are specials, their yellow it is.)
    const quads = loose.lone.map((l) => l.refined.quad.map(toWork));
    const fromCards = quads.length === 0 ? null : ((deck === 'stacks' ? paperColour(surface, quads, loose.mask, true) : null) ?? paperColour(surface, quads, loose.mask));
    if (fromCards && colourDistance(fromCards, guess) > LOOKS.otherPaper) {
      const other = strict(fromCards);
      if (other.lone.length > best.lone.length) best = other;
    }
    // A glare spot may be the brightest neutral thing, and the cream paper it washes out too warm
    // under warm light for the loose idea of neutral: the paper then shows in the next brightest.
    if (best.lone.length < LOOKS.few && colourDistance(surface.belowGlare, guess) > LOOKS.otherPaper) {
      const other = strict(surface.belowGlare);
      if (other.lone.length > best.lone.length) best = other;
    }
    // Light so warm that the paper passes under no idea of neutral (a red felt table under warm
    // light, a glare spot the brightest thing): the paper's colour inside the outlines the edges
    // alone close in a card's shape, held on three sides at least; kept where it finds more lone
    // cards, two at least (on a nearly empty table one card-shaped patch of it must not set the
    // paper).
    if (best.lone.length < LOOKS.few) {
      const other = fromOutlines();
      // (Or one card alone where none was found, outlined cleanly all round, its paper light and
      // near neutral: a lone card on felt under a glare spot, the spot taken for the paper. Not
      // the deck lying face down, whose navy back would pass for paper with ink.)
      const clean = (p: Pass): boolean => {
        if (p.lone.length !== 1 || !p.lone[0]!.refined.support.every((v) => v >= 0.8)) return false;
        const [r, g, b] = paperColour(surface, [p.lone[0]!.refined.quad.map(toWork)], null);
        return r + g + b >= 3 * 128 && nearNeutral(r, g, b);
      };
      if (other && (other.lone.length > Math.max(1, best.lone.length) || (best.lone.length === 0 && clean(other)))) best = other;
    }
  } else if (loopsShapedLikeCards().length > best.lone.length + 1 && outlines().length > best.lone.length + 1) {
    // More card shapes outlined by the edges alone than lone cards found: the paper taken may be a
    // glare spot's white, which only the cards under it match (warm light on red felt), while the
    // outlines show the rest's. Kept where it finds a quarter more lone cards, two at least (on
    // checked cloth the tiles outline card shapes too, and their paper finds a tile or so more).
    // (The outlines counted unrefined first: most frames stop there.)
    const other = fromOutlines();
    if (other && other.lone.length >= Math.max(best.lone.length + 2, 1.25 * best.lone.length)) best = other;
  }
  const { chroma, mask, regions, lone, rest, cut } = best;
  // A lone card's side run on past the gap to a neighbour's border (a dense layout on a table as
  // light as the paper) moved back in before the plane takes it for the card's size; only among a
  // few lone cards, where one such wrong move (a blurred border) cannot set the plane by itself.
  if (deck === 'tic' && lone.length >= 3) {
    lone.forEach((l, i) => {
      const own = ownBorders(grey, l.refined);
      if (own) lone[i] = { ...l, refined: own };
    });
  }
  const tPasses = performance.now();

  // Stacks: most "lone" outlines are piles, larger than a card where the cards below peek out;
  // the plane from them would make every card look too small. Their top cards give it instead.
  const tops = new Map<readonly Vec[], RefinedQuad | null>();
  if (deck === 'stacks') for (const l of lone) tops.set(l.refined.quad, topOfPile(yellowQuads.has(l.refined.quad) ? yellowGrey() : grey, l.refined.quad));
  const plane = options.plane ? { toTable: options.plane, cards: lone.length } : tablePlane(
    lone.map((l) => portrait(tops.get(l.refined.quad)?.quad ?? l.refined.quad)),
    size,
    lone.map((l) => l.refined.support.reduce((a, b) => a + b, 0) + (l.region.area / l.region.hullArea)),
    // Stacks: as a camera sees the table, from one pile's top card too. Its piles lie apart, a
    // pale table often shows only one or two, and a plane from a free homography of their corners
    // lost the rest. (On TIC layouts the free plane did better.)
    deck === 'stacks' ? frame : undefined,
    deck === 'stacks',
  );
  const inverse = plane ? invertHomography(plane.toTable) : null;
  // The plane cards are measured on (and its inverse): the lone cards', until the scan has
  // outlined more cards.
  let sized = plane;
  let sizedInverse = inverse;
  // What open table looks like round the lone cards, worked out only when first needed (a few ms:
  // most frames never need it). TIC: to tell a card's hidden part (under a cover) from table it
  // was run out over; not a cost on every completion: a cover the table's colour (a grey sleeve on
  // a grey table) would pass for table there, and the dev and tuning sets lost cards to that.
  // Stacks: only to turn down scan hits that are mostly table (a tan wood table passes for a
  // special's yellow face, its grain for ink).
  let looked: ReturnType<typeof tableLook> | undefined;
  // (Stacks: the lone cards may all be yellow specials; the white cards' paper is the surface's white.)
  const tableSeen = (): ReturnType<typeof tableLook> => (looked === undefined ? (looked = plane ? tableLook(frame, lone.map((l) => l.refined.quad), deck === 'stacks' ? [surface.white] : []) : null) : looked);
  const look = (): ReturnType<typeof tableLook> => (deck === 'tic' ? tableSeen() : null);
  const clearOfTable = (quad: readonly Vec[]): boolean => {
    const bare = look();
    return bare !== null && tableShare(frame, quad, bare) < CARDS.clearOfTable;
  };
  const cardArea = size.widthMm * size.heightMm;
  const onTable = (quad: readonly Vec[], h: Homography): Vec[] => quad.map((p) => applyHomography(h, p));
  const areaOnTable = (quad: readonly Vec[]): number => (sized ? polygonArea(onTable(quad, sized.toTable)) / cardArea : 1);
  const cardShaped = (quad: readonly Vec[]): boolean => !sized || isCardShaped(onTable(quad, sized.toTable), size);
  const sizeError = (quad: readonly Vec[]): number => (sized ? sideError(onTable(quad, sized.toTable), size) : 0);
  const face = (quad: readonly Vec[], partial: boolean): boolean => isFace(surface, chroma, mask, quad.map(toWork), cut, partial, deck);

  const found: Candidate[] = [];
  for (const l of lone) {
    const ratio = areaOnTable(l.refined.quad);
    // A card outlined cleanly on all four sides stands on its own, whatever the plane says.
    const clean = l.refined.support.every((v) => v >= 0.8);
    const shaped = ratio > 0.7 && ratio < 1.4 && cardShaped(l.refined.quad);
    // The wrong shape: too large for one card (cards laid edge to edge with no joint to see), or
    // cut short by a cover. The card standing on its clearest corner, when the frame's edges bear
    // it out; else a clean outline not too large is kept, but partial (a straight-edged thing,
    // the deck or a phone, lies over part of the card).
    // Cut short by a cover (a sleeve across it) yet clean all round: completed under the cover,
    // where the table tells that way from the others (they run out over open table).
    const short = clean && ratio < CARDS.short && ratio > 0.4 && look() !== null;
    const completed = (!shaped || short) && plane && inverse ? completeOnPlane(frame, grey, l.refined, plane.toTable, inverse, size) : null;
    // Nor over a neighbour: paper that is not table either.
    const overNeighbour = (quad: readonly Vec[]): boolean => lone.some((o) => o !== l && insetGrid(o.refined.quad).some((p) => insidePolygon(quad, p)));
    const bare = short ? look() : null;
    if (bare && completed && completed.score >= 2.5 && cardShaped(completed.refined.quad) && tableShare(frame, completed.refined.quad, bare) < 0.05 && !overNeighbour(completed.refined.quad)) {
      found.push({ quad: completed.refined.quad, support: completed.refined.support, partial: true, coverage: 1 });
      continue;
    }
    if (completed && completed.score >= 2.5 && cardShaped(completed.refined.quad) && (!clean || ratio > 1.4)) {
      found.push({ quad: completed.refined.quad, support: completed.refined.support, partial: completed.refined.support.some((v) => v < 0.5), coverage: 1 });
    } else if ((clean && ratio <= 1.4) || shaped) found.push({ quad: l.refined.quad, support: l.refined.support, partial: !shaped, coverage: 1 });
    else {
      options.debug?.rejected?.push({ quad: l.refined.quad, why: `lone ${ratio.toFixed(2)} ${l.refined.support.map((v) => v.toFixed(1)).join(',')}` });
      rest.push(l.region);
    }
  }
  for (const region of rest) {
    const hullRatio = areaOnTable(region.hull.map(toFrame));
    if (plane && hullRatio < 0.2) continue;
    // Part of a card (the rest under a sleeve, a hand, the frame's edge): the card standing on
    // its clearest corner, where the edges bear that out.
    if (plane && inverse && region.polygon.length === 4 && hullRatio < 0.7) {
      const rough = refineQuad(grey, portrait(grow(region.polygon, 2).map(toFrame)));
      const completed = completeOnPlane(frame, grey, rough, plane.toTable, inverse, size);
      if (completed && completed.score >= 2.5 && cardShaped(completed.refined.quad) && face(completed.refined.quad, true)) {
        found.push({ quad: completed.refined.quad, support: completed.refined.support, partial: true, coverage: region.area / region.hullArea / 2 });
      }
      continue;
    }
    // One card with a notch (glare, a coin, ink at its edge): its hull is still the card.
    if (region.polygon.length === 4 && (!plane || (hullRatio > 0.7 && hullRatio < 1.35))) {
      const refined = refineQuad(grey, portrait(grow(region.polygon, 2).map(toFrame)));
      const ratio = areaOnTable(refined.quad);
      if ((!plane || (ratio > 0.75 && ratio < 1.33 && cardShaped(refined.quad))) && face(refined.quad, true)) {
        found.push({ quad: refined.quad, support: refined.support, partial: region.touchesBorder || region.area < 0.85 * region.hullArea, coverage: region.area / region.hullArea });
      } else if (plane && inverse && region.touchesBorder) {
        // Most of a card, the rest cut off by the frame's edge (not a card's shape as seen): its
        // three sides in sight run on past the edge to the card's length.
        const cut = sideAlongFrameEdge(refined, frame.width, frame.height);
        const whole = cut === null ? null : extendUnderCover(refined.quad, cut, plane.toTable, inverse, size);
        if (whole && cardShaped(whole) && face(refined.quad, true)) found.push({ quad: whole, support: refined.support, partial: true, coverage: region.area / region.hullArea });
      }
    }
  }
  if (options.debug) {
    // For the debug pictures: regions no card found so far accounts for.
    options.debug.unexplained = regions
      .filter((r) => {
        const hull = r.hull.map(toFrame);
        const ratio = areaOnTable(hull);
        const c = centroid(hull);
        return ratio >= 0.25 && (ratio > 1.35 || !found.some((f) => plausible(f) && insidePolygon(f.quad, c)));
      })
      .map((r) => r.hull.map(toFrame));
  }
  if (plane && inverse) {
    // Everything else: look for cards all over the table about the paper found. (Scanning only
    // around the regions not yet accounted for is quicker but misses cards the paper mask lost.)
    // Points past the plane's horizon map to nonsense: only those within a few metres count.
    const pts = regions.flatMap((r) => r.hull.map((p) => applyHomography(plane.toTable, toFrame(p)))).filter((p) => Math.abs(p[0]) < 3000 && Math.abs(p[1]) < 3000);
    const margin = size.heightMm;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const box = { x0: Math.min(...xs) - margin, y0: Math.min(...ys) - margin, x1: Math.max(...xs) + margin, y1: Math.max(...ys) + margin };
    const tScan = performance.now();
    // The box on the fine grey, for the thin dark lines there (worked out only where looked for).
    const corners = [[box.x0, box.y0], [box.x1, box.y0], [box.x1, box.y1], [box.x0, box.y1]].map((p) => applyHomography(inverse, p as unknown as Vec));
    const fx = corners.map((p) => p[0] / surface.fineToFrame);
    const fy = corners.map((p) => p[1] / surface.fineToFrame);
    const dips = dipsIn(cv, surface, { x0: Math.min(...fx), y0: Math.min(...fy), x1: Math.max(...fx), y1: Math.max(...fy) });
    // Scanned at the lone cards' own turn in TIC layouts; Stacks' lone outlines are mostly piles,
    // whose outlines' turn is not their top cards' (the plane's own axes did better there).
    const angles = deck === 'tic' ? scanAngles(lone.map((l) => l.refined.quad), plane.toTable) : [0];
    let hits: ReturnType<typeof scanTable>;
    try {
      hits = scanTable(cv, { grey: surface.fineGrey, ...(dips ? { dips: dips.mat, dipsAt: [dips.x0, dips.y0, dips.scale] as const } : {}), greyToFrame: surface.fineToFrame, toTable: plane.toTable, box, size, angles });
    } finally {
      dips?.mat.delete();
    }
    if (options.debug) (options.debug.times ??= {}).scan = performance.now() - tScan;
    const reject = (quad: Vec[], why: string): void => void options.debug?.rejected?.push({ quad, why });
    const contrasts = lone.flatMap((l) => l.refined.contrast.filter((_, k) => l.refined.support[k]! >= 0.5)).sort((a, b) => a - b);
    const faintTable = contrasts.length > 0 && contrasts[contrasts.length >> 1]! < CARDS.faintTable;
    // A card held all round, or found by its own outline (in Stacks every card: see just below).
    const settled = (f: Candidate): boolean => deck === 'stacks' || f.coverage !== SCANNED || f.support.every((v) => v >= 0.5);
    for (const hit of hits) {
      const centre = quadCentre(hit.quad);
      // (Not inside a guess too weakly held to be kept: the card's own hit may come after it. Nor,
      // in TIC layouts, inside a scan hit held on only some sides: a stronger peak may straddle a
      // card and its neighbour, or sit a third of a card along a row, ahead of the card's own;
      // the two are weighed when duplicates are dropped. Stacks' piles show the cards below at
      // their sides, a hit for each inside the top card's.)
      if (found.some((f) => plausible(f) && settled(f) && insidePolygon(f.quad, centre))) {
        reject(hit.quad, 'inside a card');
        continue;
      }
      // A minor peak (outscored close by) a third or more over a card held on some sides only
      // competes with it; elsewhere, mostly peaks on a textured table, it is kept only as a card
      // outlined all round at a card's size. Quick ways out first (there are dozens a frame): its
      // weakest side less than half its mean (no outline all round), or not held all round by the
      // near snap.
      const doubtful = hit.minor && !found.some((f) => plausible(f) && !settled(f) && overlaps(hit.quad, f.quad));
      if (doubtful && hit.weakest < 0.5 * hit.score) {
        reject(hit.quad, 'minor peak');
        continue;
      }
      const accept = (q: readonly Vec[]): boolean => {
        const ratio = areaOnTable(q);
        return ratio >= 0.6 && ratio <= 1.4 && cardShaped(q);
      };
      let near = refineQuad(grey, hit.quad);
      if (doubtful && deck === 'tic') near = faintSide(grey, near, accept) ?? near;
      if (doubtful && near.support.some((v) => v < 0.5)) {
        reject(near.quad, 'minor peak');
        continue;
      }
      // On a table nearly the paper's colour the scan's peak may sit well off the card's faint
      // sides: a wider search, where the near one finds too little.
      const strong = (r: RefinedQuad): number => r.support.filter((v) => v >= 0.5).length;
      const wide = strong(near) < 3 ? refineQuad(grey, hit.quad, { reach: 0.3 }) : null;
      let first = wide && strong(wide) > strong(near) ? wide : near;
      // Where the lone cards' own sides fall only a few grey levels to the table (the table nearly
      // as light as the paper, or a card in its shadow), so may this card's: looked for as faint
      // edges too, kept only held all round at a card's size and over no card found (on a grainy
      // table faint edges are everywhere).
      if (faintTable && strong(first) < 3 && !doubtful) {
        const faint = refineQuad(grey, hit.quad, { reach: 0.3, minFall: FAINT.minFall! });
        if (strong(faint) === 4 && sizeError(faint.quad) <= CARDS.offSize && !found.some((f) => plausible(f) && overlaps(faint.quad, f.quad))) first = faint;
      }
      // A side that snapped to something else (a hand, a neighbour's ink) goes back to where the
      // scan put it, if that makes the card the right shape.
      let refined = relaxQuad(first, hit.quad, accept);
      // The scan cuts cards at the layout's angle: a card seen in part is better completed from
      // its own clearest corner.
      if (!refined || refined.support.some((v) => v < 0.5)) {
        const completed = completeOnPlane(frame, grey, first, plane.toTable, inverse, size);
        if (completed && accept(completed.refined.quad) && (!refined || completed.score >= refined.support.reduce((a, b) => a + b, 0))) refined = completed.refined;
      }
      // One side faint (a light card's far side on a table as light as the paper), left where the
      // scan put it: looked for again, further and for a weaker edge.
      if (deck === 'tic' && refined) refined = faintSide(grey, refined, accept) ?? refined;
      // Held by two opposite sides only: placed along them where the other two show.
      const slid = refined ? slideAlong(grey, refined) : null;
      if (slid && accept(slid.quad)) refined = slid;
      // Run out over open table (placed on the wrong side of a cover's edge): slid back off it,
      // kept where a corner of it is seen.
      const bare = refined ? look() : null;
      if (refined && bare && tableShare(frame, refined.quad, bare) > CARDS.slideFrom) {
        const back = slideOffTable(frame, grey, refined.quad, bare, plane.toTable, inverse, size);
        if (back && accept(back.quad) && back.support.some((v, k) => v >= 0.5 && back.support[(k + 1) % 4]! >= 0.5)) refined = back;
      }
      if (!refined) {
        reject(hit.quad, `shape ${areaOnTable(first.quad).toFixed(2)} ${first.support.map((v) => v.toFixed(1)).join(',')} score ${hit.score.toFixed(0)}`);
        continue;
      }
      // Half over one card found and half over another: a cut across the gap between them (its
      // centre in the gap, inside neither). (Not scan cards held on some sides only: two such,
      // each a third of a card off, may cover the card's own hit between them.)
      const reach = dist(refined.quad[0], refined.quad[2]);
      const nearby = found.filter((f) => plausible(f) && settled(f) && dist(quadCentre(f.quad), centre) < reach);
      const points = insetGrid(refined.quad);
      const over = points.map((p) => nearby.findIndex((f) => insidePolygon(f.quad, p))).filter((k) => k >= 0);
      if (over.length >= 0.5 * points.length && new Set(over).size >= 2) {
        reject(refined.quad, 'over two cards');
        continue;
      }
      const inFrame = hit.quad.every(([x, y]) => x >= 0 && y >= 0 && x < frame.width && y < frame.height);
      const work = refined.quad.map(toWork);
      const st = faceStats(surface, chroma, mask, work, cut);
      // A small single pip, blurred at the working scale, may leave less ink than the test asks:
      // enough where the card's outline is held all round at a card's size (open table framed by
      // cards has no ink in its middle at all).
      // (Held firmly all round, to the 10% a plane from a few lone cards may be off far from them.)
      const outlined = refined.support.every((v) => v >= 0.5) && sizeError(refined.quad) <= (refined.support.every((v) => v >= 0.7) ? CARDS.farOffSize : CARDS.offSize);
      if (doubtful && !outlined) {
        reject(refined.quad, 'minor peak');
        continue;
      }
      // Glare may wash the ink out too: card-sized paper outlined all round, by strong falls to a far
      // darker table on three sides at least (the fourth may be the joint to a neighbour), is a
      // card. (Open table framed by cards rises to their paper at its sides, where this falls.) A
      // glare spot over much of the card sets the level paper is judged by: about half paper will do.
      const falls = refined.contrast.filter((v) => v >= FACE.strongFall).length;
      const washedOut = deck === 'tic' && outlined && st.paper >= 0.45 && falls >= 3;
      // Held firmly all round at a card's size.
      const firm = refined.support.every((v) => v >= 0.8) && sizeError(refined.quad) <= CARDS.offSize;
      // A glare spot over a good part of a card outlined all round: its white is no measure of the
      // paper (beside it, the paper looks too dark to be paper), and what ink it washed out is gone.
      // Judged beside the spot, as paper with some ink, and as a face where the ink left is enough,
      // or the card falls strongly to the table on two sides at least, or it is held firmly all
      // round (a spot over a lone pip leaves only the indices).
      const glared = outlined && st.glare >= FACE.glared ? faceStats(surface, chroma, mask, work, cut, true) : null;
      const underGlare = glared !== null && glared.paper >= 0.45 && glared.ink >= 0.005 && (faceIn(glared, true, deck) || falls >= 2 || firm);
      // A glare spot over much of the face (a third of it washed out to white or more) may wash out
      // all its ink, a numeral's or a pip's (the table round it no darker than the paper under it),
      // and a side under it with it: an outline held all round at a card's size is the card.
      // (Held firmly all round, a little further off the plane's size: a plane from piles' top
      // cards, as a camera sees the table, may put a card far from them a tenth off.)
      const blinded = st.glare >= FACE.blinded && (outlined || (refined.support.every((v) => v >= 0.8) && sizeError(refined.quad) <= FACE.blindedSize));
      if (!faceIn(st, true, deck) && !(outlined && st.inkCore >= 2 && st.ink >= 0.005 && st.paper >= 0.45) && !washedOut && !underGlare && !blinded) {
        reject(refined.quad, `face p${st.paper.toFixed(2)} i${st.ink.toFixed(3)} c${st.inkCore} g${st.glare.toFixed(2)}`);
        continue;
      }
      // (Not a firm outline: in an arm's shade a card's paper may look like the table.)
      // (Judged on its part over no card found: a hit half over a card, half over open table, is
      // no card; a pile's lower card showing beside its top one is paper where it shows.)
      const open = deck === 'stacks' && !firm ? tableSeen() : null;
      if (open && tableShare(frame, refined.quad, open, (p) => found.some((f) => plausible(f) && insidePolygon(f.quad, p))) > CARDS.onOpenTable) {
        reject(refined.quad, 'open table');
        continue;
      }
      // Checked cloth can look card-shaped with "ink" (its dark squares): a card's paper is one
      // piece, and runs along its sides unless a cover or the frame's edge cuts it.
      const piece = paperInOnePiece(surface, chroma, mask, work, deck, underGlare);
      // (Open table is looked for only where the paper is in pieces.)
      const parted = deck === 'tic' && piece >= CARDS.partedPiece && piece < 0.85 && clearOfTable(refined.quad);
      if ((piece < 0.85 && !parted) || ((underGlare ? glared : st).paper < 0.4 && !paperRims(surface, mask, work))) {
        reject(refined.quad, `pattern ${piece.toFixed(2)}`);
        continue;
      }
      // Only where a side has no edge of its own: a straddling quad's sides cross two cards' faces.
      // (Stacks piles lie apart, and a special's name runs across its face.)
      if (deck === 'tic' && refined.support.some((v) => v < 0.5) && crossedByJoint(grey, refined.quad)) {
        reject(refined.quad, 'straddles a joint');
        continue;
      }
      if (deck === 'tic') {
        // (Only where that brings it nearer a card's size: a side pulled in to ink or noise inside
        // a card whose faint sides were already right, on a table as light as the paper, is not.)
        const own = ownBorders(grey, refined);
        if (own && accept(own.quad) && sizeError(own.quad) <= sizeError(refined.quad)) refined = own;
      }
      found.push({ quad: refined.quad, support: refined.support, partial: !inFrame || refined.support.some((v) => v < 0.5), coverage: SCANNED, ...(piece < 0.85 ? { tentative: true as const } : {}) });
    }
    // A scan card held on some sides only, a third or more of it over a card held all round: a
    // cut across the joint to a neighbour, or the same card placed a part of a card off (cards do
    // not lie over each other's faces in TIC layouts; Stacks piles do).
    if (deck === 'tic') {
      const firm = found.filter((f) => plausible(f) && settled(f));
      for (let i = found.length - 1; i >= 0; i--) {
        const c = found[i]!;
        if (!settled(c) && firm.some((f) => overlaps(c.quad, f.quad))) found.splice(i, 1);
      }
      // Lone cards in one part of the frame set a plane that may run 8-10% off a card's size in
      // another, where it then cuts cards a side short or long; the cards the scan outlined all
      // round, all over the table, set it better.
      if (!options.plane) {
        const outlined = found.filter((f) => plausible(f) && f.support.every((v) => v >= 0.7));
        const refit = outlined.length > lone.length ? tablePlane(outlined.map((f) => portrait(f.quad)), size, outlined.map((f) => f.support.reduce((a, b) => a + b, 0))) : null;
        const refitInverse = refit && refit.cards > plane.cards ? invertHomography(refit.toTable) : null;
        if (refitInverse) {
          sized = refit;
          sizedInverse = refitInverse;
        }
      }
    }
  }
  if (options.debug) {
    const times = (options.debug.times ??= {});
    times.firstPass = tFirst - tPass;
    times.passes = tPasses - tPass;
    times.total = performance.now() - tPass;
    options.debug.surface = surface;
    options.debug.mask = mask;
    options.debug.regions = regions;
    options.debug.candidates = found;
    options.debug.plane = plane !== null;
  }
  if (deck === 'stacks') {
    // A card whose sides the frame's lightness does not show (a special on a light table).
    found.forEach((c, i) => {
      if (plausible(c)) return;
      const fit = refineQuad(yellowGrey(), c.quad);
      if (fit.support.filter((v) => v >= 0.5).length >= 3 && (!plane || cardShaped(fit.quad))) yellowQuads.add((found[i] = { ...c, quad: [...fit.quad], support: fit.support }).quad);
    });
    // A pile's outline runs round the cards below where they peek out: the top card's own,
    // unless that makes it less of a card on the table.
    found.forEach((c, i) => {
      const top = tops.has(c.quad) ? tops.get(c.quad)! : topOfPile(yellowQuads.has(c.quad) ? yellowGrey() : grey, c.quad);
      if (top && (!plane || cardShaped(top.quad) || !cardShaped(c.quad))) found[i] = { ...c, quad: [...top.quad], support: top.support };
    });
  }
  if (sized && sizedInverse) {
    // A card a side too short or too long on the table (cut by a cover's edge or shadow, or run
    // on into the thing beside it): completed from its clearest corner where the edges bear that
    // out, and never reported as wholly seen otherwise.
    const table = tableColour(frame, found.map((c) => c.quad));
    found.forEach((c, i) => {
      const off = sizeError(c.quad);
      // Cut along the edge of something lying over it (the deck, a phone): run on under it to the
      // card's own length, also where the cut is oblique and leaves the card about its size (a
      // face cut askew reads wrongly: a star sheared into a triangle). (Not a Stacks pile top, whose
      // side against the card below is no cover's.)
      const covered = deck === 'tic' || (off <= CARDS.offSize && !c.partial) ? coveredSide(frame, c.quad, table) : null;
      const underCover = covered !== null && deck === 'tic' ? extendUnderCover(c.quad, covered, sized.toTable, sizedInverse, size) : null;
      if (underCover && sizeError(underCover) < off) {
        found[i] = { ...c, quad: underCover, partial: true };
        return;
      }
      if (off <= CARDS.offSize) {
        if (covered !== null) found[i] = { ...c, partial: true };
        return;
      }
      const completed = completeOnPlane(frame, grey, refineQuad(grey, c.quad, { reach: 0.05 }), sized.toTable, sizedInverse, size);
      const better = completed && completed.score >= c.support.reduce((a, b) => a + b, 0) - 0.5 && sizeError(completed.refined.quad) < off;
      if (better) found[i] = { ...c, quad: [...completed.refined.quad], support: completed.refined.support, partial: c.partial || completed.refined.support.some((v) => v < 0.5) };
      else found[i] = { ...c, partial: true };
    });
  }
  const kept = dedupe(found.filter(plausible), deck === 'tic');
  const cards = kept.map((c): Detection => {
    const quad = portrait(c.quad);
    return { corners: quad, centre: quadCentre(quad), partial: c.partial, evidence: c.coverage === SCANNED ? 'scan' : 'outline', ...(c.tentative ? { tentative: true as const } : {}) };
  });
  // How much of the cards' outlines the frame's edges bear out, in sides (see detectCards).
  const counted = kept.filter((c) => !c.tentative);
  const seen = counted.reduce((t, c) => t + c.support.reduce((a, b) => a + b, 0), 0);
  // (Not once the scan's cards have set the plane: more cards than the flat plane was for.)
  // The paper as the lone cards show it, when far from the passes' idea of it: something whiter
  // than the paper under a tinted light may have been taken for it, and the cards' faces then read
  // as ink, not paper (see detectCards).
  const own = !options.paper && lone.length >= LOOKS.few ? paperColour(surface, lone.map((l) => l.refined.quad.map(toWork)), mask) : null;
  const paper = own && colourDistance(own, guess) > LOOKS.otherPaper ? { paper: own } : {};
  const refit = plane && sized && sized !== plane && plane.cards < LOOKS.few ? { refit: sized.toTable } : {};
  if (!plane || sized !== plane || !('flat' in plane) || !plane.flat) return { cards, counted: counted.length, lone: lone.length, seen, loose: 0, ...paper, ...refit };
  // Paper no card accounts for, only where the flat plane may be tried. (A quarter of the cards'
  // median size in pixels: the plane may be the thing that is off.)
  const areas = kept.map((c) => polygonArea(c.quad)).sort((a, b) => a - b);
  const typical = areas.length > 0 ? areas[areas.length >> 1]! : 0;
  const loose = regions.filter((r) => {
    const hull = r.hull.map(toFrame);
    return polygonArea(hull) >= 0.25 * typical && !kept.some((f) => insidePolygon(f.quad, centroid(hull)));
  }).length;
  return { cards, counted: counted.length, lone: lone.length, seen, loose, flat: plane.flat, ...paper };
}

export { polygonArea };
export type { Quad };

