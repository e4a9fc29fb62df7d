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
import { bytes, int32s, uint16s } from '../scratch.js';

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

/** A connected region of card face at working scale. */
export interface Region {
  /** Outer boundary, working pixels. */
  readonly contour: Vec[];
  readonly area: number;
  readonly hull: Vec[];
  readonly hullArea: number;
  /** The hull simplified to a polygon (4 corners for a lone card). */
  readonly polygon: Vec[];
  readonly touchesBorder: boolean;
}

/** A card found, and how: its own outline in the paper mask, or the scan over the table plane. */
export interface Detection extends DetectedCard {
  readonly evidence: 'outline' | 'scan';
  /**
   * Found on evidence a hand can give too (see PARTED_PIECE): a card only where the reader names
   * one in it (the recogniser drops it otherwise).
   */
  readonly tentative?: true;
}

/** Candidates from the scan carry this coverage (they have no region of their own). */
const SCANNED = 0.5;
/** A card whose face is this much open table was put in the wrong place. */
const SLIDE_FROM = 0.2;
/**
 * A scan hit's paper in pieces (checked cloth's light squares) is no card, unless its largest piece
 * holds this share of it and nothing in it looks like open table: fingers over a card part its
 * paper too. Tentative (Detection.tentative): a hand on a table the colour of paper looks so too.
 */
const PARTED_PIECE = 0.5;
/** A card put on part of the table holds less than this share of open table (as slideOffTable asks). */
const CLEAR_OF_TABLE = 0.1;
/** A Stacks scan hit whose face is more than this share open table is no card. */
const ON_OPEN_TABLE = 0.3;
/** How many sides' worth of edge support more the flat plane's try must find to be kept. */
const FLAT_MARGIN = 2;
/** How many sides' worth of edge support more a finer look finding as many cards must find to be kept. */
const FINER_MARGIN = 0.5;
/** How far apart (colourDistance) two ideas of the paper's colour must be for the other to be tried. */
const OTHER_PAPER = 0.06;
/** How many sides' worth of edge support each card a look with the lone cards' own paper adds must bring, on average. */
const PAPER_LOOK_SIDES = 3;
/** Lone cards' sides falling this little to the table (their median contrast) tell a table nearly the paper's lightness. */
const FAINT_TABLE = 25;
/** A clean outline smaller than this share of a card on the table is a card cut short. */
const SHORT = 0.9;

/** The usual edges, and faint ones: low thresholds and weak falls, then the same on a blurred grey. */
const EDGES: EdgeOptions = { cannyLow: 20, cannyHigh: 50 };
const FAINT: EdgeOptions = { cannyLow: 5, cannyHigh: 12.5, minFall: 8 };
const FAINT_EDGES: EdgeOptions[] = [FAINT, { ...FAINT, blur: 1.5 }];

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
    // by more of the frame's edges, by FINER_MARGIN sides. (Where the two hold as much, the first
    // look's fewer lone cards may still offer the flat plane's try, below.)
    // Where it is not kept and the look kept outlined no lone card (no plane to judge a find by),
    // the cards the finer look outlined whole that the look kept missed are added (a glare spot
    // over one card's end and the frame's edge across another: each look finds one). (Beside lone
    // cards, the finer look's own plane may pass what the kept look's turned down: the white
    // squares of calibration markers.)
    const finer = Math.min(frame.width, Math.round(workWidth * 1.5));
    let finerOutlines: Detection[] = [];
    if (best.found.lone < FEW && finer >= workWidth * 1.3) {
      const again = at(finer);
      const [now, was] = [again.found, best.found];
      const moreCards = now.counted > was.counted;
      const asManyBetterHeld = now.counted === was.counted && now.lone > was.lone && now.seen > was.seen + FINER_MARGIN;
      // Without a lone card the look kept had no plane to judge its finds by: the finer look's plane,
      // where its cards hold more of the frame's edges, outweighs a count of unjudged finds.
      const planeWhereNone = was.lone === 0 && now.lone > 0 && now.seen > was.seen + FINER_MARGIN;
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
    const openOutlines = best.found.lone >= FEW && 3 * scanned(best.found) >= best.found.counted;
    const whole = (found: Found): number => found.cards.filter((c) => !c.partial && !c.tentative).length;
    for (const { surface, edges } of faintLooks) {
      if (best.found.lone >= FEW && !openOutlines) break;
      const again = look(withEdges(cv, surface, edges), `faint edges${edges.blur ? ', blurred' : ''}`);
      // (At the finer scale, only where it loses no card found: a special on a light table, found
      // by its yellow, lost to a plane set by the finer look's outlines.)
      const losesNone = surface === first || best.found.cards.every((c) => again.found.cards.some((n) => insidePolygon(n.corners as unknown as Vec[], c.centre as unknown as Vec)));
      const more = again.found.counted - best.found.counted;
      // Each card more held on PAPER_LOOK_SIDES sides on average, with a lone card at least (a
      // plane to judge the finds by).
      const heldMore = again.found.lone > 0 && again.found.seen - best.found.seen >= PAPER_LOOK_SIDES * more;
      // Or so, with as many lone cards and more cards whole: a pale table with a hand by the one
      // lone card, the cards round it closed only by the faint edges. (Not for partial finds
      // alone: under a hand they may be the hand's.)
      const moreHeld = heldMore && again.found.lone === best.found.lone && whole(again.found) > whole(best.found);
      // (Where the outlines were left open, so with two cards more at least, whatever the lone
      // cards: the faint edges close fewer outlines clean.)
      const closesOpen = heldMore && openOutlines && more >= 2;
      // (Or, where the look kept outlined no lone card, as many cards and a lone one among them, held
      // by more of the frame's edges: a plane to judge finds by, as the finer look's planeWhereNone.)
      const planeWhereNone = best.found.lone === 0 && again.found.lone > 0 && more === 0 && again.found.seen > best.found.seen + FINER_MARGIN;
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
      if (again.found.lone > 0 && again.found.counted >= best.found.counted && again.found.seen > best.found.seen + FINER_MARGIN) best = again;
    }
    // The lone cards' paper far from the colour the passes took for it: looked at again with the
    // cards' own, kept where that finds more cards, each held on PAPER_LOOK_SIDES sides on average
    // (a stray card-sized find on the table, held by an edge or two, must not tip it).
    const { paper } = best.found;
    if (paper) {
      const again = { surface: best.surface, found: lookAt(best.surface, 'lone cards\' paper', { ...options, paper }) };
      const more = again.found.counted - best.found.counted;
      if (more > 0 && again.found.seen - best.found.seen >= PAPER_LOOK_SIDES * more) best = again;
    }
    // Another plane to look again with, where the one used may be far off:
    // - the plane the scan's cards outlined all round set (Found.refit). A plane from a lone
    //   card or two may run far off a card's size away from them, where the scan then passes over
    //   cards; the cards it outlined all over the table set a better one;
    // - else the flat plane (TablePlane.flat), where some patch of paper lies in no card found. A
    //   plane from a card or two: its perspective may be far off away from them, and under it cards
    //   come out the wrong size, their sides off the edges, or are not found at all.
    // The try is kept where its cards' sides hold more of the frame's edges, by more than
    // FLAT_MARGIN sides (a stray card-sized find on the table, held by an edge or two, must not tip it).
    const { flat, refit, loose } = best.found;
    const retry = refit ? { how: 'scan\'s plane', plane: refit } : flat && loose > 0 ? { how: 'flat plane', plane: flat } : null;
    if (!retry) return withFiner(best.found.cards);
    const other = lookAt(best.surface, retry.how, { ...options, plane: retry.plane });
    return withFiner(other.seen > best.found.seen + FLAT_MARGIN ? other.cards : best.found.cards);
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
        if (isLoneCard(region, NARROWEST)) {
          // Narrower than a card: a card seen steeply from its side, or a strip of a card between
          // covers, or of glare; set apart (see below), and only where held on all four sides.
          const isNarrow = aspect(region.polygon) <= NARROW;
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
    if (lone.length < FEW) {
      const holdsNone = (r: Region): boolean => !lone.some((l) => insidePolygon(r.polygon, toWork(quadCentre(l.refined.quad))));
      split(0, enclosed().filter(holdsNone), false, lone).lone.filter((l) => !crossedByJoint(grey, l.refined.quad)).forEach(add);
    }
    // Stacks: a special's yellow face on a table as light as the paper, which the paper mask takes
    // in, joining face and table in one region, and as light as the face in grey, with no edge
    // between them: its yellow alone parts it from the table.
    if (deck === 'stacks') split(1, yellowLoops(), true).lone.forEach(add);
    // Narrow outlines are lone cards only where few others are: a steep view makes every card
    // narrow, while among cards of a card's proportions a narrow one is a strip of one.
    if (lone.length < FEW) {
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
    return paper && colourDistance(paper, guess) > OTHER_PAPER ? strict(paper) : null;
  };
  const tPass = performance.now();
  // The brightest near-neutral pixels are usually the paper. Where that finds few lone cards, a
  // bright hand or a light table may have fooled it: lone cards found with a loose idea of
  // neutral (any tint of light passes) tell the paper's colour instead, and the idea that finds
  // more lone cards wins.
  let best = strict(guess);
  const tFirst = performance.now();
  if (best.lone.length < FEW) {
    const grey0 = (guess[0] + guess[1] + guess[2]) / 3;
    const neutral = chromaOf(surface, [grey0, grey0, grey0]);
    const loose = pass(neutral, 0.3, paperCut(surface, neutral, 0.3));
    // (Stacks: a special among them would set the paper yellow, and the white cards' faces then
    // read as ink; where all of them are specials, their yellow it is.)
    const quads = loose.lone.map((l) => l.refined.quad.map(toWork));
    const fromCards = quads.length === 0 ? null : ((deck === 'stacks' ? paperColour(surface, quads, loose.mask, true) : null) ?? paperColour(surface, quads, loose.mask));
    if (fromCards && colourDistance(fromCards, guess) > OTHER_PAPER) {
      const other = strict(fromCards);
      if (other.lone.length > best.lone.length) best = other;
    }
    // A glare spot may be the brightest neutral thing, and the cream paper it washes out too warm
    // under warm light for the loose idea of neutral: the paper then shows in the next brightest.
    if (best.lone.length < FEW && colourDistance(surface.belowGlare, guess) > OTHER_PAPER) {
      const other = strict(surface.belowGlare);
      if (other.lone.length > best.lone.length) best = other;
    }
    // Light so warm that the paper passes under no idea of neutral (a red felt table under warm
    // light, a glare spot the brightest thing): the paper's colour inside the outlines the edges
    // alone close in a card's shape, held on three sides at least; kept where it finds more lone
    // cards, two at least (on a nearly empty table one card-shaped patch of it must not set the
    // paper).
    if (best.lone.length < FEW) {
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
    return bare !== null && tableShare(frame, quad, bare) < CLEAR_OF_TABLE;
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
    const short = clean && ratio < SHORT && ratio > 0.4 && look() !== null;
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
    const faintTable = contrasts.length > 0 && contrasts[contrasts.length >> 1]! < FAINT_TABLE;
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
        if (strong(faint) === 4 && sizeError(faint.quad) <= OFF_SIZE && !found.some((f) => plausible(f) && overlaps(faint.quad, f.quad))) first = faint;
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
      if (refined && bare && tableShare(frame, refined.quad, bare) > SLIDE_FROM) {
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
      const outlined = refined.support.every((v) => v >= 0.5) && sizeError(refined.quad) <= (refined.support.every((v) => v >= 0.7) ? FAR_OFF_SIZE : OFF_SIZE);
      if (doubtful && !outlined) {
        reject(refined.quad, 'minor peak');
        continue;
      }
      // Glare may wash the ink out too: card-sized paper outlined all round, by strong falls to a far
      // darker table on three sides at least (the fourth may be the joint to a neighbour), is a
      // card. (Open table framed by cards rises to their paper at its sides, where this falls.) A
      // glare spot over much of the card sets the level paper is judged by: about half paper will do.
      const falls = refined.contrast.filter((v) => v >= STRONG_FALL).length;
      const washedOut = deck === 'tic' && outlined && st.paper >= 0.45 && falls >= 3;
      // Held firmly all round at a card's size.
      const firm = refined.support.every((v) => v >= 0.8) && sizeError(refined.quad) <= OFF_SIZE;
      // A glare spot over a good part of a card outlined all round: its white is no measure of the
      // paper (beside it, the paper looks too dark to be paper), and what ink it washed out is gone.
      // Judged beside the spot, as paper with some ink, and as a face where the ink left is enough,
      // or the card falls strongly to the table on two sides at least, or it is held firmly all
      // round (a spot over a lone pip leaves only the indices).
      const glared = outlined && st.glare >= GLARED ? faceStats(surface, chroma, mask, work, cut, true) : null;
      const underGlare = glared !== null && glared.paper >= 0.45 && glared.ink >= 0.005 && (faceIn(glared, true, deck) || falls >= 2 || firm);
      // A glare spot over much of the face (a third of it washed out to white or more) may wash out
      // all its ink, a numeral's or a pip's (the table round it no darker than the paper under it),
      // and a side under it with it: an outline held all round at a card's size is the card.
      // (Held firmly all round, a little further off the plane's size: a plane from piles' top
      // cards, as a camera sees the table, may put a card far from them a tenth off.)
      const blinded = st.glare >= BLINDED && (outlined || (refined.support.every((v) => v >= 0.8) && sizeError(refined.quad) <= BLINDED_SIZE));
      if (!faceIn(st, true, deck) && !(outlined && st.inkCore >= 2 && st.ink >= 0.005 && st.paper >= 0.45) && !washedOut && !underGlare && !blinded) {
        reject(refined.quad, `face p${st.paper.toFixed(2)} i${st.ink.toFixed(3)} c${st.inkCore} g${st.glare.toFixed(2)}`);
        continue;
      }
      // (Not a firm outline: in an arm's shade a card's paper may look like the table.)
      // (Judged on its part over no card found: a hit half over a card, half over open table, is
      // no card; a pile's lower card showing beside its top one is paper where it shows.)
      const open = deck === 'stacks' && !firm ? tableSeen() : null;
      if (open && tableShare(frame, refined.quad, open, (p) => found.some((f) => plausible(f) && insidePolygon(f.quad, p))) > ON_OPEN_TABLE) {
        reject(refined.quad, 'open table');
        continue;
      }
      // Checked cloth can look card-shaped with "ink" (its dark squares): a card's paper is one
      // piece, and runs along its sides unless a cover or the frame's edge cuts it.
      const piece = paperInOnePiece(surface, chroma, mask, work, deck, underGlare);
      // (Open table is looked for only where the paper is in pieces.)
      const parted = deck === 'tic' && piece >= PARTED_PIECE && piece < 0.85 && clearOfTable(refined.quad);
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
      const covered = deck === 'tic' || (off <= OFF_SIZE && !c.partial) ? coveredSide(frame, c.quad, table) : null;
      const underCover = covered !== null && deck === 'tic' ? extendUnderCover(c.quad, covered, sized.toTable, sizedInverse, size) : null;
      if (underCover && sizeError(underCover) < off) {
        found[i] = { ...c, quad: underCover, partial: true };
        return;
      }
      if (off <= OFF_SIZE) {
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
  const own = !options.paper && lone.length >= FEW ? paperColour(surface, lone.map((l) => l.refined.quad.map(toWork)), mask) : null;
  const paper = own && colourDistance(own, guess) > OTHER_PAPER ? { paper: own } : {};
  const refit = plane && sized && sized !== plane && plane.cards < FEW ? { refit: sized.toTable } : {};
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

/**
 * A card's paper is one piece (ink makes holes in it, a hand or the frame's edge cuts it once);
 * light squares of checked cloth are many pieces. The largest piece's share of the paper seen.
 */
function paperInOnePiece(s: Surface, chroma: Float32Array, mask: Uint8Array, quad: readonly Vec[], deck: 'tic' | 'stacks', besideGlare = false): number {
  const nx = 14;
  const ny = 19;
  const idx: number[] = [];
  // Close to the sides: the margin there joins the paper round a word across the card (WILD, a
  // Stacks special's name).
  forEachInside(quad, nx, ny, 0.035, (x, y) => idx.push(x < 0 || y < 0 || x >= s.width || y >= s.height ? -1 : y * s.width + x));
  const histogram = new Uint16Array(256);
  let seen = 0;
  for (const i of idx) {
    if (i < 0 || (besideGlare && s.grey[i]! >= GLARE)) continue;
    histogram[s.grey[i]!]!++;
    seen++;
  }
  if (seen === 0) return 0;
  const light = paperLevel(histogram, seen);
  const paper = idx.map((i) => i >= 0 && isPaper(s, chroma, mask, i, light, besideGlare));
  const label = new Int32Array(nx * ny).fill(-1);
  const pieces: { size: number; v: number; across: boolean }[] = [];
  let total = 0;
  for (let start = 0; start < nx * ny; start++) {
    if (!paper[start] || label[start]! >= 0) continue;
    let size = 0;
    let rows = 0;
    let left = false;
    let right = false;
    const stack = [start];
    label[start] = start;
    while (stack.length) {
      const k = stack.pop()!;
      size++;
      const x = k % nx;
      const y = Math.floor(k / nx);
      rows += y;
      if (x === 0) left = true;
      if (x === nx - 1) right = true;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= nx || yy >= ny) continue;
        const j = yy * nx + xx;
        if (paper[j] && label[j]! < 0) {
          label[j] = start;
          stack.push(j);
        }
      }
    }
    total += size;
    pieces.push({ size, v: (rows / size + 0.5) / ny, across: left && right });
  }
  if (total === 0) return 0;
  pieces.sort((a, b) => b.size - a.size);
  let share = pieces[0]!.size / total;
  // A word across the middle of the card (WILD, a Stacks special's name) may part the paper into
  // a top half and a bottom half, each from side to side: that is one card's paper too.
  const first = pieces[0]!;
  const second = pieces[1];
  if (deck === 'stacks' && second && first.across && second.across && Math.min(first.v, second.v) < 0.45 && Math.max(first.v, second.v) > 0.55) share = Math.max(share, (first.size + second.size) / total);
  return share;
}

/** The one side of `r` not held by the frame's edges, where it lies on an edge of the frame itself (both ends within 2 px of it, or past it); else null. */
function sideAlongFrameEdge(r: RefinedQuad, width: number, height: number): number | null {
  const loose = [0, 1, 2, 3].filter((k) => r.support[k]! < 0.5);
  if (loose.length !== 1) return null;
  const ends = [r.quad[loose[0]!]!, r.quad[(loose[0]! + 1) % 4]!];
  const on = (edge: (p: Vec) => boolean): boolean => ends.every(edge);
  return on(([x]) => x <= 2) || on(([x]) => x >= width - 3) || on(([, y]) => y <= 2) || on(([, y]) => y >= height - 3) ? loose[0]! : null;
}

/**
 * Paper runs along the inside of a card's sides (the index ink aside); a patch of checked cloth
 * that happens to be card-shaped has light and dark along them. At least three sides mostly paper.
 */
function paperRims(s: Surface, mask: Uint8Array, quad: readonly Vec[]): boolean {
  const c = quadCentre(quad);
  let clean = 0;
  let mixed = 0;
  for (let k = 0; k < 4; k++) {
    const a = quad[k]!;
    const b = quad[(k + 1) % 4]!;
    let paper = 0;
    let seen = 0;
    let flips = 0;
    let last = -1;
    for (let i = 0; i < 12; i++) {
      const t = 0.1 + (0.8 * (i + 0.5)) / 12;
      // A point on the side, pulled part of the way towards the centre.
      const px = a[0] + (b[0] - a[0]) * t;
      const py = a[1] + (b[1] - a[1]) * t;
      const x = Math.round(px + (c[0] - px) * 0.12);
      const y = Math.round(py + (c[1] - py) * 0.12);
      if (x < 0 || y < 0 || x >= s.width || y >= s.height) continue;
      seen++;
      const here = mask[y * s.width + x] ? 1 : 0;
      paper += here;
      if (last >= 0 && here !== last) flips++;
      last = here;
    }
    // A side is clean paper, or covered along one stretch (a hand, the frame's edge); light and
    // dark coming and going along it is a pattern, not a card.
    if (flips >= 3) mixed++;
    else if (seen === 0 || paper / seen >= 0.5) clean++;
  }
  return mixed <= 1 && clean >= 2;
}

/** How far apart two colours' chromaticities are (0 alike). */
function colourDistance(a: readonly number[], b: readonly number[]): number {
  const sa = a[0]! + a[1]! + a[2]!;
  const sb = b[0]! + b[1]! + b[2]!;
  return Math.hypot(a[0]! / sa - b[0]! / sb, a[2]! / sa - b[2]! / sb) * 3;
}

/** The table's colour: the per-channel median of a grid of frame pixels outside every card found (null when the cards fill the frame). */
function tableColour(frame: RgbaImage, quads: readonly (readonly Vec[])[]): number[] | null {
  const channels: number[][] = [[], [], []];
  // Each quad's bounding box first: a point outside it is outside the quad.
  const boxes = quads.map((q) => [Math.min(...q.map((p) => p[0])), Math.min(...q.map((p) => p[1])), Math.max(...q.map((p) => p[0])), Math.max(...q.map((p) => p[1]))] as const);
  for (let gy = 0; gy < 24; gy++) {
    for (let gx = 0; gx < 40; gx++) {
      const x = Math.floor(((gx + 0.5) / 40) * frame.width);
      const y = Math.floor(((gy + 0.5) / 24) * frame.height);
      if (quads.some((q, k) => !(x < boxes[k]![0] || y < boxes[k]![1] || x > boxes[k]![2] || y > boxes[k]![3]) && insidePolygon(q, [x, y]))) continue;
      const j = (y * frame.width + x) * 4;
      for (let k = 0; k < 3; k++) channels[k]!.push(frame.data[j + k]!);
    }
  }
  if (channels[0]!.length < 20) return null;
  return channels.map((v) => v.sort((a, b) => a - b)[v.length >> 1]!);
}

/** Whether a third or more of a quad (its inset grid) lies inside another. */
function overlaps(quad: readonly Vec[], other: readonly Vec[]): boolean {
  const points = insetGrid(quad);
  let inside = 0;
  for (let k = 0; k < points.length; k++) if (insidePolygon(other, points[k]!)) inside++;
  return inside >= points.length / 3;
}

/** A side further than this share from a card's is not a whole card's outline. */
const OFF_SIZE = 0.06;
/** A step from paper to a dark table (grey levels): far more than ink's blur or a faint side's. */
const STRONG_FALL = 60;
/** How far off a card's size the plane from a few lone cards may put a card far from them. */
const FAR_OFF_SIZE = 0.1;

/** The largest share by which a side on the table (mm) differs from the card's, either way round. */
function sideError(table: readonly Vec[], size: CardSize): number {
  const sides = [0, 1, 2, 3].map((i) => dist(table[i]!, table[(i + 1) % 4]!));
  const err = (w: number, h: number): number => Math.max(...sides.map((s, i) => Math.abs(s - (i % 2 === 0 ? w : h)) / (i % 2 === 0 ? w : h)));
  return Math.min(err(size.widthMm, size.heightMm), err(size.heightMm, size.widthMm));
}

/** Card-shaped on the table (mm): 63 x 88 each way within 15%, corners square within 10 degrees. */
function isCardShaped(table: readonly Vec[], size: CardSize): boolean {
  const t = portrait(table);
  for (let i = 0; i < 4; i++) {
    const a = t[i]!;
    const b = t[(i + 1) % 4]!;
    const c = t[(i + 2) % 4]!;
    const len = dist(a, b);
    const want = i % 2 === 0 ? size.widthMm : size.heightMm;
    if (len < want * 0.85 || len > want * 1.15) return false;
    const cos = ((a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1])) / (dist(a, b) * dist(c, b));
    if (Math.abs(cos) > 0.17) return false;
  }
  return true;
}

/**
 * The paper's colour under this light: the median of face pixels (in `mask`, or all) inside the
 * given cards; `noYellow`, leaving out a special's yellow (null where little else is left).
 */
function paperColour(s: Surface, quads: readonly (readonly Vec[])[], mask: Uint8Array | null): [number, number, number];
function paperColour(s: Surface, quads: readonly (readonly Vec[])[], mask: Uint8Array | null, noYellow: true): [number, number, number] | null;
function paperColour(s: Surface, quads: readonly (readonly Vec[])[], mask: Uint8Array | null, noYellow = false): [number, number, number] | null {
  // Each channel's levels counted, the median read off the counts (as sorting them gives it): this
  // runs on every frame with a few lone cards.
  const counts = int32s('paper.counts', 3 * 256).fill(0);
  let n = 0;
  for (const q of quads) {
    forEachInside(q, 8, 11, 0.08, (x, y) => {
      const i = y * s.width + x;
      if (x < 0 || y < 0 || x >= s.width || y >= s.height || (mask && !mask[i]) || (noYellow && isYellow(s.rgba[i * 4]!, s.rgba[i * 4 + 1]!, s.rgba[i * 4 + 2]!))) return;
      for (let c = 0; c < 3; c++) counts[c * 256 + s.rgba[i * 4 + c]!]!++;
      n++;
    });
  }
  if (n < 10) return noYellow ? null : [...s.white];
  const median = (c: number): number => {
    for (let v = 0, seen = 0; v < 256; v++) {
      seen += counts[c * 256 + v]!;
      if (seen > n >> 1) return v;
    }
    return 255;
  };
  return [Math.max(30, median(0)), Math.max(30, median(1)), Math.max(30, median(2))];
}

/** Calls back with working pixels on an nx x ny grid inset by `inset` (a share) from the quad's sides, and where on the face (0..1 each way). */
function forEachInside(quad: readonly Vec[], nx: number, ny: number, inset: number, visit: (x: number, y: number, u: number, v: number) => void): void {
  const span = 1 - 2 * inset;
  for (let j = 0; j < ny; j++) {
    const v = inset + (span * (j + 0.5)) / ny;
    for (let i = 0; i < nx; i++) {
      const u = inset + (span * (i + 0.5)) / nx;
      const tx = quad[0]![0] + (quad[1]![0] - quad[0]![0]) * u;
      const ty = quad[0]![1] + (quad[1]![1] - quad[0]![1]) * u;
      const bx = quad[3]![0] + (quad[2]![0] - quad[3]![0]) * u;
      const by = quad[3]![1] + (quad[2]![1] - quad[3]![1]) * u;
      visit(Math.round(tx + (bx - tx) * v), Math.round(ty + (by - ty) * v), u, v);
    }
  }
}

/**
 * Whether a quad (working pixels) holds a card face: enough paper (or yellow face) and some ink
 * (strong colour or dark marks), as every face shows; a light patch of cloth has no ink.
 */
function isFace(s: Surface, chroma: Float32Array, mask: Uint8Array, quad: readonly Vec[], cut: number, partial: boolean, deck: 'tic' | 'stacks'): boolean {
  return faceIn(faceStats(s, chroma, mask, quad, cut), partial, deck);
}

/**
 * A lone outline's face: as isFace, or one a glare spot washed over (a third of it white or more),
 * whose washed-out ink is gone and with it the ink test: card paper outlined firmly all round,
 * falling strongly to a far darker table on three sides at least (the scan's `blinded`, for a frame
 * with no lone card to set its plane).
 */
function loneFace(st: FaceStats, refined: RefinedQuad, deck: 'tic' | 'stacks'): boolean {
  if (faceIn(st, false, deck)) return true;
  const firm = refined.support.every((v) => v >= 0.8) && refined.contrast.filter((v) => v >= STRONG_FALL).length >= 3;
  return deck === 'tic' && firm && st.glare >= BLINDED && st.paper >= 0.45;
}

/** isFace on a quad's stats already worked out. */
function faceIn(st: FaceStats, partial: boolean, deck: 'tic' | 'stacks'): boolean {
  // A Stacks special says its name in small black capitals: little ink.
  return st.inkCore >= 1 && st.ink >= (deck === 'stacks' ? 0.005 : 0.015) && st.paper >= (partial ? 0.25 : 0.45);
}

/** A face's shares of paper, ink (and how many ink samples lie in its middle) and glare. */
interface FaceStats {
  readonly paper: number;
  readonly ink: number;
  readonly inkCore: number;
  readonly glare: number;
}

/** Grey levels from which a pixel is washed out by a glare spot. */
const GLARE = 235;
/** A face with this share of its samples washed out by glare may be judged beside the spot. */
const GLARED = 0.1;
/** A face with this share of its samples washed out by glare may show no ink at all. */
const BLINDED = 0.35;
/** How far off a card's size (sideError) an outline held firmly all round may be and still be a washed-out card. */
const BLINDED_SIZE = 0.15;

/**
 * Paper share inside a quad, and ink. Paper is judged against the quad's own lightest part (a card
 * in shade is darker all over, not less paper): near-neutral (or, in Stacks, the yellow face, which
 * the mask knows) and nearly as light as it. Ink is strong colour or a dark mark, which every face
 * shows in its middle (pips, a numeral, a word) and at its corners; light patches of cloth have none.
 */
function faceStats(s: Surface, chroma: Float32Array, mask: Uint8Array, quad: readonly Vec[], cut: number, besideGlare = false): FaceStats {
  void cut;
  const nx = 16;
  const ny = 22;
  // Arrays kept from call to call (this runs for every outline and scan hit): the first `count`
  // cells of index and core are written before they are read, the histogram cleared.
  const index = int32s('face.index', nx * ny);
  const core = bytes('face.core', nx * ny);
  const histogram = uint16s('face.histogram', 256).fill(0);
  let count = 0;
  let glare = 0;
  forEachInside(quad, nx, ny, 0.06, (x, y, u, v) => {
    if (x < 0 || y < 0 || x >= s.width || y >= s.height) return;
    const i = y * s.width + x;
    index[count] = i;
    core[count++] = u > 0.15 && u < 0.85 && v > 0.15 && v < 0.85 ? 1 : 0;
    const g = s.grey[i]!;
    if (g >= GLARE) glare++;
    if (!besideGlare || g < GLARE) histogram[g]!++;
  });
  if (count === 0) return { paper: 0, ink: 0, inkCore: 0, glare: 0 };
  const judged = besideGlare ? count - glare : count;
  const light = judged > 0 ? paperLevel(histogram, judged) : GLARE;
  let paper = 0;
  let ink = 0;
  let inkCore = 0;
  for (let k = 0; k < count; k++) {
    const i = index[k]!;
    if (isPaper(s, chroma, mask, i, light, besideGlare)) paper++;
    else if (chroma[i]! > 0.3 || s.grey[i]! / light < 0.65) {
      ink++;
      if (core[k]) inkCore++;
    }
  }
  return { paper: paper / count, ink: ink / count, inkCore, glare: glare / count };
}

/**
 * The paper's level among a face's samples (their greys counted in `histogram`, `counted` of them):
 * well above the ink, below any glare spot (the 65th percentile grey). Beside a glare spot, the
 * spot's samples are left out of the count (see isPaper).
 */
function paperLevel(histogram: Uint16Array, counted: number): number {
  return Math.max(20, percentile(histogram, Math.floor(counted * 0.65)));
}

/**
 * Whether working pixel `i` of a face is paper, against the paper's level `light`: the paper mask
 * says so, or it is near-neutral and nearly as light (and not dark against the light around it),
 * or lighter still (glare on the paper); judged beside a glare spot, the spot's washed-out pixels
 * too.
 */
function isPaper(s: Surface, chroma: Float32Array, mask: Uint8Array, i: number, light: number, besideGlare: boolean): boolean {
  const g = s.grey[i]!;
  return mask[i] !== 0 || (chroma[i]! < 0.2 && g / light > 0.82 && s.relative[i]! > NEVER_PAPER) || g / light > 1.1 || (besideGlare && g >= GLARE);
}

/**
 * Paper is never this dark against the light around it, in shade or not (a card's back is: its
 * navy about 0.2); near-neutral and as light as the rest of a quad, a back's pixels are not paper.
 */
const NEVER_PAPER = 0.4;

/** The value at `rank` (from 0) of the sorted values a histogram counts. */
function percentile(histogram: Uint16Array, rank: number): number {
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!;
    if (seen > rank) return v;
  }
  return histogram.length - 1;
}

interface Candidate {
  readonly quad: Vec[];
  readonly support: readonly number[];
  readonly partial: boolean;
  readonly coverage: number;
  readonly tentative?: true;
}

function plausible(c: Candidate): boolean {
  // (Counted, not filtered: this runs for every candidate against every scan hit.)
  let strong = 0;
  for (let k = 0; k < c.support.length; k++) if (c.support[k]! >= 0.5) strong++;
  return strong >= (c.partial ? 2 : 3);
}

/**
 * One candidate per card: of candidates whose centres fall inside each other, the best supported.
 * Where cards lie apart (TIC layouts: no card over another's face), a scan card a third or more over
 * a better supported card is a card placed a part of a card off (on a table as light as the paper,
 * cards turned every way from the layout's angle give such hits) and goes too.
 */
function dedupe(cands: Candidate[], apart: boolean): Candidate[] {
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

/** A lone card's short side over its long one, seen from the side at a steep tilt, goes below this. */
const NARROW = 0.45;
/** Below this even a steep view does not put a card (63 x 88 mm foreshortened to this: about 65 degrees). */
const NARROWEST = 0.3;
/** Fewer lone cards than this give a weak plane, or none: other ways to find them are tried. */
const FEW = 3;

/** A region that is one whole card: four corners, filling its outline, card-like proportions. */
function isLoneCard(r: Region, narrowest = NARROW): boolean {
  if (r.polygon.length !== 4 || r.touchesBorder) return false;
  const polyArea = polygonArea(r.polygon);
  if (r.area < 0.8 * polyArea || r.hullArea > 1.06 * polyArea) return false;
  const ratio = aspect(r.polygon);
  return ratio > narrowest && ratio < 0.98;
}

/** A quadrilateral's mean short side over its mean long one. */
function aspect(quad: readonly Vec[]): number {
  const sides = quad.map((p, i) => dist(p, quad[(i + 1) % 4]!));
  const a = (sides[0]! + sides[2]!) / 2;
  const b = (sides[1]! + sides[3]!) / 2;
  return Math.min(a, b) / Math.max(a, b);
}

/** Card face: near-neutral and about as light as the brightest surface nearby, not on an edge. */
function faceMask(s: Surface, chroma: Float32Array, chromaMax: number, cut: number, deck: 'tic' | 'stacks'): Uint8Array {
  const n = s.width * s.height;
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (s.edges[i]) continue;
    const paper = chroma[i]! < chromaMax && s.relative[i]! > cut;
    if (paper || (deck === 'stacks' && isYellowFace(s, i))) mask[i] = 255;
  }
  return mask;
}

/** A Stacks special's yellow face: red and green high, blue low, whatever the tint. */
function isYellowFace(s: Surface, i: number): boolean {
  const r = s.rgba[i * 4]!;
  const g = s.rgba[i * 4 + 1]!;
  const b = s.rgba[i * 4 + 2]!;
  return g > 0.7 * r && b < 0.6 * g && s.relative[i]! > 0.55;
}

/** The specials' yellow faces alone, not on an edge. */
function yellowFaces(s: Surface): Uint8Array {
  const mask = new Uint8Array(s.width * s.height);
  for (let i = 0; i < mask.length; i++) if (!s.edges[i] && isYellowFace(s, i)) mask[i] = 255;
  return mask;
}

/**
 * The relative lightness that parts paper from the table: Otsu's cut over near-neutral pixels,
 * kept between 0.55 (dark tables: shadowed paper still counts) and 0.85.
 */
function paperCut(s: Surface, chroma: Float32Array, chromaMax: number): number {
  const hist = new Float64Array(64);
  let count = 0;
  for (let i = 0; i < s.relative.length; i++) {
    if (chroma[i]! >= chromaMax) continue;
    hist[Math.min(63, Math.floor(s.relative[i]! * 50))]!++;
    count++;
  }
  if (count === 0) return 0.8;
  let sum = 0;
  for (let v = 0; v < 64; v++) sum += v * hist[v]!;
  let sumB = 0;
  let wB = 0;
  let best = -1;
  let cut = 40;
  for (let v = 0; v < 64; v++) {
    wB += hist[v]!;
    if (wB === 0) continue;
    const wF = count - wB;
    if (wF === 0) break;
    sumB += v * hist[v]!;
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      cut = v + 1;
    }
  }
  return Math.max(0.55, Math.min(0.85, cut / 50));
}

/**
 * Everything not on (or next to) an edge: the insides of closed edge loops, paper or not. In JS, as
 * OpenCV's 3 x 3 dilate cut at the image's edges makes it, into arrays kept from call to call (the
 * answer holds until the next call; regionsOf copies it at once): fresh ones cost more than the work.
 */
function insideEdges(s: Surface): Uint8Array {
  const { width: w, height: h, edges } = s;
  const n = w * h;
  const rows = bytes('insideEdges.rows', n);
  const out = bytes('insideEdges.out', n);
  // Any edge in each pixel's row of three, then in its column of three of those.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let before = 0;
    let here = edges[row]!;
    for (let x = 0; x + 1 < w; x++) {
      const after = edges[row + x + 1]!;
      rows[row + x] = before | here | after;
      before = here;
      here = after;
    }
    rows[row + w - 1] = before | here;
  }
  for (let i = 0; i < w; i++) out[i] = rows[i]! | rows[i + w]! ? 0 : 255;
  for (let i = w; i < n - w; i++) out[i] = rows[i - w]! | rows[i]! | rows[i + w]! ? 0 : 255;
  for (let i = n - w; i < n; i++) out[i] = rows[i - w]! | rows[i]! ? 0 : 255;
  return out;
}

/** insideEdges turned round: 255 on and next to an edge (its blobs' outer contours enclose what the edges close round). */
function nearEdges(s: Surface): Uint8Array {
  const inside = insideEdges(s);
  const out = new Uint8Array(inside.length);
  for (let i = 0; i < out.length; i++) out[i] = 255 - inside[i]!;
  return out;
}

/**
 * Whole cards made of two regions a word across the face parted (a Stacks wild card's WILD: 14 mm
 * of bold capitals across a 63 mm face leave margins the working scale's edges and erosion cut;
 * a special's name parts its yellow face alike):
 * two regions side by side along the long axis of their joint hull, which is card-shaped, with a
 * band between them that is the word, ink and paper mixed, and each of them blank paper (a wild
 * card's face has no corner index). Two cards lying close side by side make such a hull too, and
 * their gap may pass for a word, but each holds its numeral or name. The joint region stands for
 * the card: its area is the hull's (the word's ink is the card's face).
 */
function wordHalves(cv: OpenCv, s: Surface, chroma: Float32Array, mask: Uint8Array, regions: readonly Region[]): Region[] {
  const pairs: { a: Region; b: Region; region: Region }[] = [];
  const parts = regions.filter((r) => !r.touchesBorder);
  const small: RgbaImage = { width: s.width, height: s.height, data: s.rgba };
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!;
      const b = parts[j]!;
      if (Math.max(a.area, b.area) > 2.5 * Math.min(a.area, b.area)) continue;
      const ca = centroid(a.hull);
      const cb = centroid(b.hull);
      if (dist(ca, cb) > 1.6 * Math.sqrt(Math.max(a.hullArea, b.hullArea))) continue;
      const points = cv.matFromArray(a.hull.length + b.hull.length, 1, cv.CV_32SC2, [...a.hull, ...b.hull].flatMap((p) => [Math.round(p[0]), Math.round(p[1])]));
      const hullMat = new cv.Mat();
      let hull: Vec[];
      try {
        cv.convexHull(points, hullMat, false, true);
        hull = matPoints(hullMat);
      } finally {
        points.delete();
        hullMat.delete();
      }
      const hullArea = polygonArea(hull);
      // (The band between the halves is a word's height, and the erosion a pixel off each half
      // all round: on a small card far off, as much as 0.6 of the halves' hulls.)
      if (hullArea > 1.6 * (a.hullArea + b.hullArea) || a.area + b.area < 0.6 * hullArea) continue;
      const polygon = quadFromHull(hull);
      if (!polygon) continue;
      const region: Region = { contour: hull, area: hullArea, hull, hullArea, polygon, touchesBorder: false };
      if (!isLoneCard(region)) continue;
      // Parted along the card's long axis: the halves' centres lie along it. (Seen from low down,
      // a card far off looks about as wide as long, and its outline's longer side may be its short
      // one: either of the outline's axes will do.)
      const apart = sub(cb, ca);
      const lined = (q: readonly Vec[]): boolean => {
        const along = sub(centroid([q[2]!, q[3]!]), centroid([q[0]!, q[1]!]));
        return Math.abs(along[0] * apart[1] - along[1] * apart[0]) <= 0.42 * norm(along) * norm(apart);
      };
      let q = portrait(polygon);
      if (!lined(q)) q = [q[1]!, q[2]!, q[3]!, q[0]!];
      if (!lined(q)) continue;
      // Each half is paper or a special's yellow, never green (the folds of a green sleeve part it
      // into pieces that pair so, and green passes for the yellow face).
      if (isGreen(small, centroid(a.hull)) || isGreen(small, centroid(b.hull))) continue;
      // The band across the middle: a word is ink and paper mixed.
      const at = (u: number, v: number): Vec => quadPoint(q, u, v);
      const band = faceStats(s, chroma, mask, [at(0.12, 0.44), at(0.88, 0.44), at(0.88, 0.56), at(0.12, 0.56)], 0);
      // Each half of a wild card is blank paper (the face has no corner index); halves of two
      // cards side by side hold their numerals or names.
      const blank = (half: Region): boolean => faceStats(s, chroma, mask, half.polygon, 0).ink < 0.1;
      if (band.ink >= 0.2 && band.ink <= 0.85 && band.paper >= 0.1 && blank(a) && blank(b)) pairs.push({ a, b, region });
    }
  }
  // A half belongs to one card: a region that pairs so with more than one other is a tile of a
  // pattern on the table (light squares of checked cloth pair with each neighbour alike).
  const uses = (r: Region): number => pairs.filter((p) => p.a === r || p.b === r).length;
  return pairs.filter((p) => uses(p.a) === 1 && uses(p.b) === 1).map((p) => p.region);
}

/** Green about a point (its 3 x 3 mean): green the strongest channel by a tenth. */
function isGreen(image: RgbaImage, at: Vec): boolean {
  const m = patchMean(image, at[0], at[1]);
  return m !== null && m[1]! > 1.1 * Math.max(m[0]!, m[2]!);
}

/**
 * Connected regions of the face mask, shrunk by `erosion` pixels first: a gap of up to twice that
 * in a card's outline (a light table, a faint border) no longer joins the card to the table.
 */
function regionsOf(cv: OpenCv, s: Surface, mask: Uint8Array, erosion = 1): Region[] {
  const m = new cv.Mat(s.height, s.width, cv.CV_8UC1);
  m.data.set(mask);
  if (erosion > 0) {
    const kernel = cv.getStructuringElement(erosion > 1 ? cv.MORPH_ELLIPSE : cv.MORPH_RECT, new cv.Size(2 * erosion + 1, 2 * erosion + 1));
    cv.erode(m, m, kernel);
    kernel.delete();
  }
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const regions: Region[] = [];
  const minArea = (s.width * s.height) / 2500;
  try {
    cv.findContours(m, contours, hierarchy, cv.RETR_CCOMP, cv.CHAIN_APPROX_SIMPLE);
    // Each contour's [next, previous, first child, parent], copied out at once (one call, not one
    // a contour; a view would go stale as OpenCV's memory grows).
    const links = new Int32Array(hierarchy.data32S);
    const count = contours.size();
    for (let i = 0; i < count; i++) {
      if (links[i * 4 + 3] !== -1) continue;
      const c = contours.get(i);
      try {
        const area = cv.contourArea(c);
        if (area < minArea) continue;
        const contour = matPoints(c);
        const hullMat = new cv.Mat();
        cv.convexHull(c, hullMat, false, true);
        const hull = matPoints(hullMat);
        const hullArea = cv.contourArea(hullMat);
        // The simplified hull only where the hull's four longest runs do not make the quad.
        let polygon = quadFromHull(hull);
        if (!polygon) {
          const approx = new cv.Mat();
          cv.approxPolyDP(hullMat, approx, 0.04 * cv.arcLength(hullMat, true), true);
          polygon = matPoints(approx);
          approx.delete();
        }
        hullMat.delete();
        const touchesBorder = contour.some(([x, y]) => x <= 1 || y <= 1 || x >= s.width - 2 || y >= s.height - 2);
        regions.push({ contour, area, hull, hullArea, polygon, touchesBorder });
      } finally {
        c.delete();
      }
    }
  } finally {
    m.delete();
    contours.delete();
    hierarchy.delete();
  }
  return regions;
}

/**
 * Four corners from a convex hull whose corners may be cut (ink in a card's corner, rounded
 * corners): the four longest runs of nearly straight hull, extended until they meet.
 */
export function quadFromHull(hull: readonly Vec[]): Vec[] | null {
  if (hull.length < 4) return null;
  interface Run { a: Vec; b: Vec; len: number; angle: number }
  const runs: Run[] = [];
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const len = dist(a, b);
    if (len === 0) continue;
    const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const last = runs[runs.length - 1];
    if (last && Math.abs(angleDiff(last.angle, Math.atan2(b[1] - last.a[1], b[0] - last.a[0]))) < 0.2 && Math.abs(angleDiff(last.angle, angle)) < 0.35) {
      last.b = b;
      last.len = dist(last.a, b);
      last.angle = Math.atan2(b[1] - last.a[1], b[0] - last.a[0]);
    } else runs.push({ a, b, len, angle });
  }
  // The hull is closed: the last run may continue the first.
  if (runs.length > 1) {
    const first = runs[0]!;
    const last = runs[runs.length - 1]!;
    if (Math.abs(angleDiff(first.angle, last.angle)) < 0.2) {
      first.a = last.a;
      first.len = dist(first.a, first.b);
      runs.pop();
    }
  }
  if (runs.length < 4) return null;
  const longest = runs
    .map((r, i) => ({ r, i }))
    .sort((x, y) => y.r.len - x.r.len)
    .slice(0, 4)
    .sort((x, y) => x.i - y.i)
    .map((x) => x.r);
  const corners: Vec[] = [];
  for (let i = 0; i < 4; i++) {
    const p = longest[i]!;
    const q = longest[(i + 1) % 4]!;
    const hit = intersectLines(p.a, p.b, q.a, q.b);
    if (!hit || dist(hit, p.b) > Math.max(p.len, q.len) * 0.4) return null;
    corners.push(hit);
  }
  return corners;
}

const angleDiff = (a: number, b: number): number => Math.atan2(Math.sin(a - b), Math.cos(a - b));

function matPoints(mat: Mat): Vec[] {
  const out: Vec[] = [];
  const d = mat.data32S;
  for (let j = 0; j < mat.rows; j++) out.push([d[j * 2]!, d[j * 2 + 1]!]);
  return out;
}

/**
 * A quad held on three sides with its fourth faint (a light card's far side on a table as light
 * as the paper shows only a thin line): that side looked for again, further out and in, for a
 * weaker edge straight across. Null where none is found or the card it makes is not accepted.
 */
function faintSide(grey: GreyImage, r: RefinedQuad, accept: (quad: readonly Vec[]) => boolean): RefinedQuad | null {
  if (r.support.filter((v) => v < 0.5).length !== 1) return null;
  const side = r.support.findIndex((v) => v < 0.5);
  const again = refineQuad(grey, r.quad, { reach: 0.3, minFall: 10 });
  if (again.support[side]! < 0.7) return null;
  const lines = [...r.lines];
  lines[side] = again.lines[side]!;
  const quad = quadOfLines(lines, r.quad);
  if (!accept(quad)) return null;
  const support = [...r.support] as RefinedQuad['support'];
  support[side] = again.support[side]!;
  return { ...r, quad, support, lines };
}

export { polygonArea };
export type { Quad };

