// The table plane a look measures cards on: the one given (a calibration's), else the
// lone cards' (in Stacks their piles' top cards), each a 63 x 88 mm rectangle in perspective. What a
// candidate measures on it: its area in cards, its shape, how far off a card's size, how much is table.
import { STANDARD_DECK } from '../../deck/profile.js';
import { applyHomography, invertHomography, polygonArea, portrait, type Homography, type Vec } from './geometry.js';
import type { RefinedQuad } from './refine.js';
import { tablePlane, type CardSize, type TablePlane } from './table.js';
import { tableLook, tableShare } from './complete.js';
import { isFace } from './face.js';
import { isCardShaped, sideError } from './shape.js';
import type { Look } from './look.js';
import type { LoneCard, Pass } from './lone.js';
import { CARDS } from './params.js';

/** The plane one look measures candidates on, and what they measure there. */
export interface Plane {
  readonly size: CardSize;
  /** The lone cards' plane (or the one given); null where there is none to measure by. */
  readonly plane: TablePlane | null;
  readonly inverse: Homography | null;
  /** The plane cards are measured on, and its inverse: the lone cards' until refitTo. */
  readonly sized: TablePlane | null;
  readonly sizedInverse: Homography | null;
  /** Measure on this plane from now on (set by the scan's cards). */
  refitTo(plane: TablePlane, inverse: Homography): void;
  /** Stacks: each lone outline's pile top card (null where none shows). */
  readonly tops: Map<readonly Vec[], RefinedQuad | null>;
  /** A quad's area on the table, in cards (1 without a plane). */
  areaOnTable(quad: readonly Vec[]): number;
  /** isCardShaped on the table (true without a plane). */
  cardShaped(quad: readonly Vec[]): boolean;
  /** sideError on the table (0 without a plane). */
  sizeError(quad: readonly Vec[]): number;
  /** What open table looks like round the lone cards (worked out when first needed; null without a plane). */
  tableSeen(): ReturnType<typeof tableLook>;
  /** tableSeen in TIC layouts only (null in Stacks). */
  bareTable(): ReturnType<typeof tableLook>;
  /** Less than CARDS.clearOfTable of the quad is open table (TIC). */
  clearOfTable(quad: readonly Vec[]): boolean;
  /** Whether a quad holds a card face (isFace under the pass's idea of paper). */
  face(quad: readonly Vec[], partial: boolean): boolean;
}

/** The plane a pass's lone cards give (or the one given), and what candidates measure on it. */
export function planeOf(look: Look, pass: Pass): Plane {
  const { frame, deck, options } = look;
  const lone: LoneCard[] = pass.lone;
  const size: CardSize = { widthMm: STANDARD_DECK.widthMm, heightMm: STANDARD_DECK.heightMm };
  // Stacks: most lone outlines are piles, larger than a card where the cards below peek out, so a
  // plane from them would make every card too small; their top cards give it instead.
  const tops = new Map<readonly Vec[], RefinedQuad | null>();
  if (deck === 'stacks') for (const l of lone) tops.set(l.refined.quad, look.pileTop(l.refined.quad));
  const plane: TablePlane | null = options.plane ? { toTable: options.plane, cards: lone.length } : tablePlane(
    lone.map((l) => portrait(tops.get(l.refined.quad)?.quad ?? l.refined.quad)),
    size,
    lone.map((l) => l.refined.support.reduce((a, b) => a + b, 0) + (l.region.area / l.region.hullArea)),
    // Stacks: as a camera sees the table, so one top card gives a plane: a pale table may show only one or two.
    deck === 'stacks' ? frame : undefined,
    deck === 'stacks',
  );
  return new LookPlane(look, pass, size, plane, tops);
}

/**
 * Plane as a class, not an object of closures, as its measures run for every candidate
 * (docs/vision.md).
 */
class LookPlane implements Plane {
  readonly inverse: Homography | null;
  sized: TablePlane | null;
  sizedInverse: Homography | null;
  // Open table's look, worked out when first needed (undefined until then). TIC: to tell a card's
  // hidden part from table it ran out over, not as a cost on every completion (a cover the table's
  // colour would pass for table). Stacks: only to turn down scan hits mostly of table; the lone
  // cards may all be yellow specials, so white paper is named too.
  private looked: ReturnType<typeof tableLook> | undefined;

  constructor(
    private readonly look: Look,
    private readonly pass: Pass,
    readonly size: CardSize,
    readonly plane: TablePlane | null,
    readonly tops: Map<readonly Vec[], RefinedQuad | null>,
  ) {
    this.inverse = plane ? invertHomography(plane.toTable) : null;
    this.sized = plane;
    this.sizedInverse = this.inverse;
  }

  refitTo(refit: TablePlane, refitInverse: Homography): void {
    this.sized = refit;
    this.sizedInverse = refitInverse;
  }

  areaOnTable(quad: readonly Vec[]): number {
    return this.sized ? polygonArea(onTable(quad, this.sized.toTable)) / (this.size.widthMm * this.size.heightMm) : 1;
  }

  cardShaped(quad: readonly Vec[]): boolean {
    return !this.sized || isCardShaped(onTable(quad, this.sized.toTable), this.size);
  }

  sizeError(quad: readonly Vec[]): number {
    return this.sized ? sideError(onTable(quad, this.sized.toTable), this.size) : 0;
  }

  tableSeen(): ReturnType<typeof tableLook> {
    const { look } = this;
    if (this.looked === undefined) this.looked = this.plane ? tableLook(look.frame, this.pass.lone.map((l) => l.refined.quad), look.deck === 'stacks' ? [look.surface.white] : []) : null;
    return this.looked;
  }

  bareTable(): ReturnType<typeof tableLook> {
    return this.look.deck === 'tic' ? this.tableSeen() : null;
  }

  clearOfTable(quad: readonly Vec[]): boolean {
    const bare = this.bareTable();
    return bare !== null && tableShare(this.look.frame, quad, bare) < CARDS.clearOfTable;
  }

  face(quad: readonly Vec[], partial: boolean): boolean {
    const { look, pass } = this;
    return isFace(look.surface, pass.chroma, pass.mask, quad.map(look.toWork), partial, look.deck);
  }
}

/** A quad's corners on the table through `h`. */
function onTable(quad: readonly Vec[], h: Homography): Vec[] {
  return quad.map((p) => applyHomography(h, p));
}
