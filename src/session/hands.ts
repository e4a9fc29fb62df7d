// Whether a hand is over the table, from the camera's thumbnails (motion.ts): a frame
// is clear when nothing reaching across the frame's edge differs from the last clear, still frame,
// which then becomes the reference (the table with its new cards). A change at the edge that stays
// put is no hand (a card laid at the edge, the deck pushed there, the light turned up): it joins
// the reference, and the reference before it is kept, so that when the change goes away again (an
// arm that paused on its way out) its going is no hand either.
import { changedUnder, compareThumbnails, MOTION, quadMask, type Thumbnail } from './motion.js';

/**
 * How long a change at the edge must lie still before it counts as part of the table: hands on
 * their way in or out move from frame to frame; a card laid at the edge does not.
 */
export const ABSORB_MS = 400;
/** How much less a card's place must have changed since the first frame than any other's for it to be the one dealt. */
const OLDEST_MARGIN = 0.05;
/** A frame still beside the one before changes less than this share of its thumbnail. */
const STILL_SHARE = 0.002;

type Outline = readonly (readonly [number, number])[];

/** Two outlines of one card lying still: their centres a few pixels apart. */
function near(a: Outline, b: Outline): boolean {
  const centre = (o: Outline): [number, number] => [o.reduce((s, p) => s + p[0], 0) / o.length, o.reduce((s, p) => s + p[1], 0) / o.length];
  const [ca, cb] = [centre(a), centre(b)];
  return Math.hypot(ca[0] - cb[0], ca[1] - cb[1]) <= STILL_PX;
}

/** How far (frame pixels) a card's outline may shift between frames and still be lying there (detection jitter). */
const STILL_PX = 6;

export interface HandSight {
  /** Something reaches in over the table. */
  readonly hand: boolean;
  /**
   * The frame edge it reaches in across (0 bottom, 1 top, 2 left, 3 right), while there is one,
   * where what differs from the clear table and what moved since the last frame cross the same
   * edge (what differs alone may be a card taken from beside the edge).
   */
  readonly edge: number | null;
}

export class HandWatch {
  private reference: Thumbnail | null = null;
  /** The first frame: the table before any hand came over it. */
  private opening: Thumbnail | null = null;
  /** The reference before a still change at the edge joined it. */
  private before: Thumbnail | null = null;
  private previous: Thumbnail | null = null;
  private previousMs = 0;
  private previousCards: readonly Outline[] = [];
  private stillSinceMs: number | null = null;

  /**
   * `cards`: the outlines of the cards seen in the frame (frame pixels): what changed where a card
   * lies where the last frame had it too is that card (laid at the edge), not a hand; a card on
   * the move may be in one.
   */
  push(thumb: Thumbnail, tMs: number, cards: readonly Outline[] = []): HandSight {
    const { reference, previous, previousMs } = this;
    const lying = cards.filter((c) => this.previousCards.some((p) => near(p, c)));
    this.previous = thumb;
    this.previousMs = tMs;
    this.previousCards = cards;
    if (!reference || !previous) {
      this.reference = thumb;
      this.opening ??= thumb;
      return { hand: false, edge: null };
    }
    const motion = compareThumbnails(previous, thumb);
    const still = motion.changed < STILL_SHARE;
    const ignore = lying.length > 0 ? quadMask(thumb, lying) : undefined;
    const reach = compareThumbnails(reference, thumb, MOTION, ignore).reach;
    if (!reach || (this.before && !compareThumbnails(this.before, thumb, MOTION, ignore).reach)) {
      // Only a still frame is a clear view of the table (a moving one may show a hand on its way in).
      if (still) {
        this.reference = thumb;
        this.before = null;
      }
      this.stillSinceMs = null;
      return { hand: false, edge: null };
    }
    if (!still) this.stillSinceMs = null;
    else this.stillSinceMs ??= previousMs;
    if (this.stillSinceMs !== null && tMs - this.stillSinceMs >= ABSORB_MS) {
      this.before ??= reference;
      this.reference = thumb;
      this.stillSinceMs = null;
      return { hand: false, edge: null };
    }
    return { hand: true, edge: motion.reach?.edge === reach.edge ? reach.edge : null };
  }

  /**
   * Of the cards outlined in `thumb` (frame pixels), the one that lay there in the first frame, the
   * table as dealt (read or not then: glare may have washed it out): the one whose place changed
   * least since, clearly less than any other's. Null when none stands out so.
   */
  oldest(thumb: Thumbnail, outlines: readonly Outline[]): number | null {
    const opening = this.opening;
    if (!opening || outlines.length === 0) return null;
    const changed = outlines.map((o) => changedUnder(opening, thumb, o));
    const least = changed.indexOf(Math.min(...changed));
    return changed.every((c, i) => i === least || c >= changed[least]! + OLDEST_MARGIN) ? least : null;
  }

  /** The camera moved (recalibrated): the old references show another view. */
  reset(): void {
    this.reference = null;
    this.opening = null;
    this.before = null;
    this.previous = null;
    this.previousCards = [];
    this.stillSinceMs = null;
  }
}
