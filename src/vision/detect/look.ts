// One look at a frame: lone cards, the table plane, candidates by outline and by scan, fitted to the
// table, one per card. What the stages share is made once, and only when first asked for.
import type { RgbaImage } from '../image.js';
import type { OpenCv } from '../opencv.js';
import { performance } from 'node:perf_hooks';
import type { Detection, DetectOptions } from './index.js';
import type { Surface } from './surface.js';
import { centroid, dist, grow, insidePolygon, median, polygonArea, portrait, quadCentre, type Vec } from './geometry.js';
import { cached } from '../scratch.js';
import { refineQuad, type GreyImage, type RefinedQuad } from './refine.js';
import { topOfPile, yellowness } from './complete.js';
import { insideEdges, nearEdges, regionsOf, type Region } from './regions.js';
import { paperCut, yellowFaces } from './face.js';
import { chromaOf } from './surface.js';
import { dedupe, plausible, type Candidate } from './select.js';
import { loneCards, type Pass } from './lone.js';
import { planeOf } from './plane.js';
import { outlineCandidates } from './outlines.js';
import { scanForCards } from './scan-hits.js';
import { fitToTable } from './fit.js';
import { LOOKS, REGIONS, SCANNED } from './params.js';

/** What every stage of one look shares: the frame, its surface, and what is made from them. */
export interface Look {
  readonly cv: OpenCv;
  readonly frame: RgbaImage;
  readonly surface: Surface;
  /** The frame's grey at full resolution, where sides are snapped. */
  readonly grey: GreyImage;
  readonly deck: 'tic' | 'stacks';
  readonly options: DetectOptions;
  toFrame(p: Vec): Vec;
  toWork(p: Vec): Vec;
  /** Stacks specials on a light table: their sides only show in yellowness. */
  yellowGrey(): GreyImage;
  /** The quads snapped on yellowness (their top cards are looked for there too). */
  readonly yellowQuads: Set<readonly Vec[]>;
  /** Stacks: the top card of the pile outlined by `quad`, on the grey it was snapped on (null where none shows). */
  pileTop(quad: readonly Vec[]): RefinedQuad | null;
  /** A region's polygon (working pixels, shrunk by `erosion`) snapped to the frame's edges; each outline once. */
  refineOnce(polygon: readonly Vec[], erosion: number): RefinedQuad;
  /** Regions between the edges alone (the same under every idea of the paper's colour). */
  edgeLoops(): Region[];
  /** The whole areas closed loops of edges enclose, whatever edges lie inside them. */
  enclosed(): Region[];
  /** Stacks: regions of the specials' yellow faces alone. */
  yellowLoops(): Region[];
  /** Chroma against paper colour `white`, and the lightness cut parting paper (chroma < `chromaMax`) from table. */
  paperIdea(white: readonly [number, number, number], chromaMax: number): { chroma: Float32Array; cut: number };
}

// What the looks at one frame share, keyed by the arrays it is made from: faint looks share the first
// look's colours but not its edges; the look with straight runs taken out shares its grey too.
const paperIdeas = new WeakMap<Uint8Array, Map<string, { chroma: Float32Array; cut: number }>>();
const regionSets = new WeakMap<Uint8Array, { loops?: Region[]; enclosed?: Region[]; yellow?: Region[] }>();
const snaps = new WeakMap<GreyImage, Map<string, RefinedQuad>>();

/** The shared state of one look at `surface`. */
export function startLook(cv: OpenCv, frame: RgbaImage, surface: Surface, options: DetectOptions): Look {
  const k = surface.toFrame;
  const toFrame = (p: Vec): Vec => [p[0] * k, p[1] * k];
  const grey = surface.frameGrey;
  // Passes under other ideas of the paper's colour find mostly the same lone cards: each is snapped once.
  const refined: { centre: Vec; area: number; erosion: number; refined: RefinedQuad }[] = [];
  const snapped = cached(snaps, grey, () => new Map<string, RefinedQuad>());
  const regions = cached(regionSets, surface.edges, (): { loops?: Region[]; enclosed?: Region[]; yellow?: Region[] } => ({}));
  const ideas = cached(paperIdeas, surface.rgba, () => new Map<string, { chroma: Float32Array; cut: number }>());
  const yellowQuads = new Set<readonly Vec[]>();
  const yellowGrey = (): GreyImage => yellowness(frame);
  return {
    cv,
    frame,
    surface,
    grey,
    deck: options.deck ?? 'tic',
    options,
    toFrame,
    toWork: (p) => [p[0] / k, p[1] / k],
    yellowGrey,
    yellowQuads,
    pileTop: (quad) => topOfPile(yellowQuads.has(quad) ? yellowGrey() : grey, quad),
    refineOnce(polygon, erosion) {
      const centre = centroid(polygon);
      const area = polygonArea(polygon);
      const hit = refined.find((c) => c.erosion === erosion && dist(c.centre, centre) < LOOKS.sameCentre && Math.abs(c.area - area) < LOOKS.sameArea * area);
      if (hit) return hit.refined;
      // The region was shrunk by the erosion and the edges cut off it: grow it back first.
      const rough = portrait(grow(polygon, erosion + 1).map(toFrame));
      const key = rough.flat().join(',');
      let quad = snapped.get(key);
      if (!quad) snapped.set(key, (quad = refineQuad(grey, rough)));
      refined.push({ centre, area, erosion, refined: quad });
      return quad;
    },
    edgeLoops: () => (regions.loops ??= regionsOf(cv, surface, insideEdges(surface), 0)),
    enclosed: () => (regions.enclosed ??= regionsOf(cv, surface, nearEdges(surface), 0)),
    yellowLoops: () => (regions.yellow ??= regionsOf(cv, surface, yellowFaces(surface), REGIONS.yellowErosion)),
    paperIdea(white, chromaMax) {
      const key = `${white.join(',')}/${chromaMax}`;
      let idea = ideas.get(key);
      if (!idea) {
        const chroma = chromaOf(surface, white);
        ideas.set(key, (idea = { chroma, cut: paperCut(surface, chroma, chromaMax) }));
      }
      return idea;
    },
  };
}

/** What one look found: the cards, how many lone ones, and how well the frame's edges hold them. */
export interface Found {
  readonly cards: Detection[];
  /** How many cards, tentative finds aside: they must not tip the choice between looks. */
  readonly counted: number;
  /** How many lone cards. */
  readonly lone: number;
  /** The counted cards' summed side support (each side 0..1). */
  readonly seen: number;
  /** The largest region of paper whose centre lies in no card found, in cards' (median) areas. */
  readonly unexplained: number;
}

/** One look: lone cards, the table plane, cards by outline then by scan, fitted to the table, one per card. */
export function lookOnce(cv: OpenCv, frame: RgbaImage, surface: Surface, options: DetectOptions): Found {
  const look = startLook(cv, frame, surface, options);
  const tPass = performance.now();
  const pass = loneCards(look, options.paper ?? surface.white);
  const tPasses = performance.now();
  const on = planeOf(look, pass);
  const found = outlineCandidates(look, pass, on);
  scanForCards(look, pass, on, found);
  if (options.debug) {
    const times = (options.debug.times ??= {});
    times.passes = tPasses - tPass;
    times.total = performance.now() - tPass;
  }
  fitToTable(look, on, found);
  const kept = dedupe(found.filter(plausible), look.deck === 'tic');
  return summary(look, pass, kept);
}

/** The kept candidates as detections, with what the choice between looks weighs. */
function summary(look: Look, pass: Pass, kept: Candidate[]): Found {
  const cards = kept.map((c): Detection => {
    const quad = portrait(c.quad);
    return { corners: quad, centre: quadCentre(quad), partial: c.partial, evidence: c.coverage === SCANNED ? 'scan' : 'outline', ...(c.tentative ? { tentative: true as const } : {}) };
  });
  // How much of the cards' outlines the frame's edges bear out, in sides.
  const counted = kept.filter((c) => !c.tentative);
  const seen = counted.reduce((t, c) => t + c.support.reduce((a, b) => a + b, 0), 0);
  return { cards, counted: counted.length, lone: pass.lone.length, seen, unexplained: unexplained(look, pass, cards) };
}

/** Found.unexplained: infinite where no card was found among paper. */
function unexplained(look: Look, pass: Pass, cards: Detection[]): number {
  if (cards.length === 0) return pass.regions.length > 0 ? Infinity : 0;
  const quads = cards.map((c) => (c.corners as unknown as Vec[]).map(look.toWork));
  const cardArea = median(quads.map(polygonArea));
  let largest = 0;
  for (const r of pass.regions) {
    if (r.area <= largest * cardArea) continue;
    const c = centroid(r.polygon);
    if (!quads.some((q) => insidePolygon(q, c))) largest = r.area / cardArea;
  }
  return largest;
}
