// One look at a frame: its surface at a working scale, and what every stage of the look shares,
// made once and only when first asked for (most frames never need most of it).
import type { RgbaImage } from '../image.js';
import type { OpenCv } from '../opencv.js';
import type { DetectOptions } from './index.js';
import type { Surface } from './surface.js';
import { centroid, dist, grow, polygonArea, portrait, type Vec } from './geometry.js';
import { refineQuad, type GreyImage, type RefinedQuad } from './refine.js';
import { yellowness } from './complete.js';
import { insideEdges, nearEdges, regionsOf, type Region } from './regions.js';
import { yellowFaces } from './face.js';

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
  /** A region's polygon (working pixels, shrunk by `erosion`) snapped to the frame's edges; each outline once. */
  refineOnce(polygon: readonly Vec[], erosion: number): RefinedQuad;
  /** Regions between the edges alone (the same under every idea of the paper's colour). */
  edgeLoops(): Region[];
  /** The whole areas closed loops of edges enclose, whatever edges lie inside them. */
  enclosed(): Region[];
  /** Stacks: regions of the specials' yellow faces alone. */
  yellowLoops(): Region[];
}

export function startLook(cv: OpenCv, frame: RgbaImage, surface: Surface, options: DetectOptions): Look {
  const k = surface.toFrame;
  const toFrame = (p: Vec): Vec => [p[0] * k, p[1] * k];
  const grey = surface.frameGrey;
  // Passes under different ideas of the paper's colour find mostly the same lone cards.
  const refined: { centre: Vec; area: number; erosion: number; refined: RefinedQuad }[] = [];
  let yellow: GreyImage | null = null;
  let loops: Region[] | null = null;
  let enclosed: Region[] | null = null;
  let yellowLoops: Region[] | null = null;
  return {
    cv,
    frame,
    surface,
    grey,
    deck: options.deck ?? 'tic',
    options,
    toFrame,
    toWork: (p) => [p[0] / k, p[1] / k],
    yellowGrey: () => (yellow ??= yellowness(frame)),
    yellowQuads: new Set(),
    refineOnce(polygon, erosion) {
      const centre = centroid(polygon);
      const area = polygonArea(polygon);
      const hit = refined.find((c) => c.erosion === erosion && dist(c.centre, centre) < 1 && Math.abs(c.area - area) < 0.04 * area);
      if (hit) return hit.refined;
      // The region was shrunk by the erosion and the edges cut off it: grow it back first.
      const quad = refineQuad(grey, portrait(grow(polygon, erosion + 1).map(toFrame)));
      refined.push({ centre, area, erosion, refined: quad });
      return quad;
    },
    edgeLoops: () => (loops ??= regionsOf(cv, surface, insideEdges(surface), 0)),
    enclosed: () => (enclosed ??= regionsOf(cv, surface, nearEdges(surface), 0)),
    yellowLoops: () => (yellowLoops ??= regionsOf(cv, surface, yellowFaces(surface), 1)),
  };
}
