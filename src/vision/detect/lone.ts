// Lone cards: regions of paper (in Sequence Stacks, also the specials' yellow) whose hull is a
// card-shaped quad holding ink, snapped to the card's edges on the full frame. Other ideas of the
// paper's colour are tried where the first finds too few lone cards; the one finding most is kept.
import { centroid, grow, insidePolygon, median, portrait, quadCentre, type Vec } from './geometry.js';
import { refineQuad, type RefinedQuad } from './refine.js';
import { nearNeutral } from './surface.js';
import { crossedByJoint } from './joint.js';
import { colourDistance, faceIn, faceMask, faceStats, loneFace, paperColour } from './face.js';
import { aspect, isLoneCard } from './shape.js';
import { regionsOf, wordHalves, type Region } from './regions.js';
import type { Look } from './look.js';
import { heldSides } from './select.js';
import { FACE, LONE, LOOKS, REGIONS, SIDES } from './params.js';

/** A region that is a card on its own, and its outline snapped to the frame's edges. */
export interface LoneCard {
  readonly region: Region;
  readonly refined: RefinedQuad;
}

/** What one pass over the working image found, for a given idea of the paper's colour. */
export interface Pass {
  readonly chroma: Float32Array;
  readonly mask: Uint8Array;
  /** The relative lightness parting paper from table. */
  readonly cut: number;
  readonly regions: Region[];
  readonly lone: LoneCard[];
  /** Regions that are no lone card (parts of cards, cards side by side, other things). */
  readonly rest: Region[];
}

type Colour = readonly [number, number, number];

const held = (r: RefinedQuad): number => heldSides(r.support);

/**
 * The lone cards under the best idea of the paper's colour (the paper a calibration or an earlier
 * look gave, else the brightest near-neutral pixels, `guess`), and the pass that found them.
 */
export function loneCards(look: Look, guess: Colour): Pass {
  const { surface } = look;
  const strict = (white: Colour): Pass => {
    const { chroma, cut } = look.paperIdea(white, LONE.chroma);
    return passWith(look, chroma, LONE.chroma, cut);
  };
  // The outlines the edges alone close in a card's shape, held as a lone card's (LONE.sides), and the
  // pass with their paper's colour where that is another idea of it.
  let cardLoops: Region[] | null = null;
  const loopsShapedLikeCards = (): Region[] => (cardLoops ??= look.edgeLoops().filter(shapedLikeACard));
  const paperOf = (outlines: RefinedQuad[]): Pass | null => {
    const paper = outlines.length > 0 ? paperColour(surface, outlines.map((r) => r.quad.map(look.toWork)), null) : null;
    return paper && colourDistance(paper, guess) > LOOKS.otherPaper ? strict(paper) : null;
  };
  const first = strict(guess);
  // Card shapes about the lone cards' size, where there are any: a checked cloth's squares are
  // card-shaped too, and refining each costs more than the rest of the pass.
  let sized: Region[] | null = null;
  const shapes = (): Region[] => (sized ??= first.lone.length > 0 ? aboutTheirSize(loopsShapedLikeCards(), first.lone) : loopsShapedLikeCards());
  if (first.lone.length < LONE.otherPapersBelow[look.deck]) return otherPapers(look, guess, first, strict, () => paperOf(heldOutlines(look, shapes())));
  // More card shapes outlined by the edges alone than lone cards: the paper taken may be a glare
  // spot's white, which only the cards under it match. Kept where it finds enough more lone cards.
  // Unrefined shapes are counted first, as most frames stop there.
  const over = first.lone.length + LONE.shapesOver;
  const outlines = shapes().length > over ? heldOutlines(look, shapes()) : [];
  const other = outlines.length > over ? paperOf(outlines) : null;
  return other && other.lone.length >= Math.max(first.lone.length + LONE.shapesGain, LONE.shapesShare * first.lone.length) ? other : first;
}

// At module level, not closures made in loneCards for every look (docs/vision.md).
const shapedLikeACard = (r: Region): boolean => isLoneCard(r);

/** Whether a region's polygon holds any of `points`. */
function holdsAny(r: Region, points: readonly Vec[]): boolean {
  for (const p of points) if (insidePolygon(r.polygon, p)) return true;
  return false;
}

/** The shapes' outlines snapped to the frame's edges, where held as a lone card's (LONE.sides). */
function heldOutlines(look: Look, shapes: readonly Region[]): RefinedQuad[] {
  const out: RefinedQuad[] = [];
  for (const r of shapes) {
    const refined = look.refineOnce(r.polygon, 0);
    if (held(refined) >= LONE.sides) out.push(refined);
  }
  return out;
}

/** The shapes within LONE.sizeWithin times the lone cards' median area, either way. */
function aboutTheirSize(shapes: Region[], lone: readonly LoneCard[]): Region[] {
  const area = median(lone.map((l) => l.region.area));
  return shapes.filter((r) => r.area * LONE.sizeWithin >= area && r.area <= area * LONE.sizeWithin);
}

/**
 * Where the brightest neutral pixels found too few lone cards (a bright hand, a light table or a
 * special's yellow fooled them), other ideas of the paper: from lone cards under a loose idea of
 * neutral, or from card-shaped outlines. The idea finding most lone cards wins.
 */
function otherPapers(look: Look, guess: Colour, first: Pass, strict: (white: Colour) => Pass, fromOutlines: () => Pass | null): Pass {
  const { surface, deck } = look;
  let best = first;
  const grey0 = (guess[0] + guess[1] + guess[2]) / 3;
  const neutral = look.paperIdea([grey0, grey0, grey0], LONE.looseChroma);
  const loose = passWith(look, neutral.chroma, LONE.looseChroma, neutral.cut);
  // Stacks: a special would set the paper yellow and the white faces read as ink, unless all are specials.
  const quads = loose.lone.map((l) => l.refined.quad.map(look.toWork));
  const fromCards = quads.length === 0 ? null : ((deck === 'stacks' ? paperColour(surface, quads, loose.mask, true) : null) ?? paperColour(surface, quads, loose.mask));
  if (fromCards && colourDistance(fromCards, guess) > LOOKS.otherPaper) {
    const other = strict(fromCards);
    if (other.lone.length > best.lone.length) best = other;
  }
  // Light so warm that no idea of neutral passes the paper: its colour inside card-shaped outlines
  // closed by the edges alone, kept where it finds more lone cards (LONE.outlinePaperOver).
  if (best.lone.length < LOOKS.few) {
    const other = fromOutlines();
    // Or one card alone where none was found, outlined firmly with light, neutral paper (a glare
    // spot was taken for the paper); light, so the face-down deck's navy back does not pass.
    const clean = (p: Pass): boolean => {
      if (p.lone.length !== 1 || !p.lone[0]!.refined.support.every((v) => v >= SIDES.firm)) return false;
      const [r, g, b] = paperColour(surface, [p.lone[0]!.refined.quad.map(look.toWork)], null);
      return r + g + b >= 3 * LONE.lightPaper && nearNeutral(r, g, b);
    };
    if (other && (other.lone.length > Math.max(LONE.outlinePaperOver, best.lone.length) || (best.lone.length === 0 && clean(other)))) best = other;
  }
  return best;
}

/** One pass: the face mask for chroma below `chromaMax` and lightness above `cut`, and the lone cards in it. */
function passWith(look: Look, chroma: Float32Array, chromaMax: number, cut: number): Pass {
  const { cv, surface, deck } = look;
  const mask = faceMask(surface, chroma, chromaMax, cut, deck);
  const split = (erosion: number, regions: Region[], faceColoured: boolean, known: LoneCard[] = []): Split => splitRegions(look, { chroma, mask, cut }, erosion, regions, faceColoured, known);
  const { regions, lone, narrow, rest } = split(REGIONS.paperErosion, regionsOf(cv, surface, mask, REGIONS.paperErosion), true);
  // Cards whose paper does not stand out (a table as light as the paper) still lie inside a
  // closed loop of edges: regions between the edges alone are candidates too.
  const loops = split(0, look.edgeLoops(), false, lone);
  const add = (l: LoneCard): void => {
    const c = quadCentre(l.refined.quad);
    if (!lone.some((m) => insidePolygon(m.refined.quad, c))) lone.push(l);
  };
  loops.lone.forEach(add);
  // Few lone cards: edges inside a face (a glare spot's rim) may part it so no region is card-shaped,
  // while the area its outline encloses is. Not round a card found: two side by side enclose one too.
  if (lone.length < LOOKS.few) {
    const centres = lone.map((l) => look.toWork(quadCentre(l.refined.quad)));
    split(0, look.enclosed().filter((r) => !holdsAny(r, centres)), false, lone).lone.filter((l) => !crossedByJoint(look.grey, l.refined.quad)).forEach(add);
  }
  // Stacks: a special's yellow face on a table as light as the paper, with no edge between them in
  // grey, is parted from the table by its yellow alone.
  if (deck === 'stacks') split(REGIONS.yellowErosion, look.yellowLoops(), true).lone.forEach(add);
  // Narrow outlines are lone cards only where few others are: a steep view makes every card
  // narrow, while among cards of a card's proportions a narrow one is a strip of one.
  if (lone.length < LOOKS.few) {
    [...narrow, ...loops.narrow].forEach(add);
    for (const l of narrow) if (lone.includes(l)) rest.splice(rest.indexOf(l.region), 1);
  }
  return { chroma, mask, cut, regions, lone, rest };
}

/**
 * Whether a card-shaped region's rough outline holds a face, or glare enough to wash one out (see
 * loneFace): checked cloth's squares are card-shaped too, and snapping each to its edges costs more
 * than judging its face.
 */
function mayBeFace(look: Look, paper: Pick<Pass, 'chroma' | 'mask'>, rough: readonly Vec[]): boolean {
  const st = faceStats(look.surface, paper.chroma, paper.mask, rough);
  return faceIn(st, false, look.deck) || st.glare >= FACE.blinded;
}

interface Split {
  readonly regions: Region[];
  readonly lone: LoneCard[];
  readonly narrow: LoneCard[];
  readonly rest: Region[];
}

/**
 * `regions` (from a mask eroded by `erosion`, face-coloured or between the edges alone) parted into
 * lone cards, narrow ones and the rest; none inside a `known` card.
 */
function splitRegions(look: Look, paper: Pick<Pass, 'chroma' | 'mask' | 'cut'>, erosion: number, regions: Region[], faceColoured: boolean, known: LoneCard[]): Split {
  const { deck, surface, toFrame } = look;
  const lone: LoneCard[] = [];
  const narrow: LoneCard[] = [];
  const rest: Region[] = [];
  // Stacks: a wild card's word may part a small card's paper into two card-shaped halves, so the whole
  // is tried first (see wordHalves); only in a face-coloured mask, as a table's tiles pair up too.
  const whole = deck === 'stacks' && faceColoured ? wordHalves(look.cv, surface, paper.chroma, paper.mask, regions) : [];
  for (const region of [...whole, ...regions]) {
    const isWhole = whole.includes(region);
    // A region inside a card already found adds nothing.
    if (known.length > 0 || whole.length > 0) {
      const c = toFrame(centroid(region.polygon));
      if (known.some((m) => insidePolygon(m.refined.quad, c)) || lone.some((m) => whole.includes(m.region) && insidePolygon(m.refined.quad, c))) continue;
    }
    if (isLoneCard(region, LONE.narrowest) && mayBeFace(look, paper, portrait(grow(region.polygon, erosion + 1)))) {
      // Narrower than a card: seen steeply, or a strip between covers or of glare; set apart, and
      // needs more sides held (LONE.narrowSides).
      const isNarrow = aspect(region.polygon) <= LONE.narrow;
      const sides = isNarrow ? LONE.narrowSides : LONE.sides;
      let refined = look.refineOnce(region.polygon, erosion);
      if (deck === 'stacks' && held(refined) < sides) {
        const onYellow = refineQuad(look.yellowGrey(), portrait(grow(region.polygon, erosion + 1).map(toFrame)));
        if (held(onYellow) >= sides) look.yellowQuads.add((refined = onYellow).quad);
      }
      if (held(refined) >= sides && loneFace(faceStats(surface, paper.chroma, paper.mask, refined.quad.map(look.toWork)), refined, deck)) {
        (isNarrow ? narrow : lone).push({ region, refined });
        if (!isNarrow) continue;
      }
    }
    if (!isWhole) rest.push(region);
  }
  return { regions, lone, narrow, rest };
}

