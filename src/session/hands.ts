// Whether a hand is over the table, from the camera's thumbnails (src/vision/motion.ts): a frame
// is clear when nothing reaching across the frame's edge differs from the last clear, still frame,
// which then becomes the reference (the table with its new cards). A change at the edge that stays
// put is no hand (a card laid at the edge, the deck pushed there, the light turned up): it joins
// the reference, and the reference before it is kept, so that when the change goes away again (an
// arm that paused on its way out) its going is no hand either.
import { compareThumbnails, MOTION_PARAMETERS, quadMask, type Thumbnail } from '../vision/motion.js';

/**
 * How long a change at the edge must lie still before it counts as part of the table: hands on
 * their way in or out move from frame to frame; a card laid at the edge does not.
 */
export const ABSORB_MS = 400;
/** A frame still beside the one before changes less than this share of its thumbnail. */
const STILL_SHARE = 0.002;

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
  /** The reference before a still change at the edge joined it. */
  private before: Thumbnail | null = null;
  private previous: Thumbnail | null = null;
  private previousMs = 0;
  private stillSinceMs: number | null = null;

  /** `cards`: the outlines of the cards seen in the frame (frame pixels): what changed there is a card, not a hand. */
  push(thumb: Thumbnail, tMs: number, cards: readonly (readonly (readonly [number, number])[])[] = []): HandSight {
    const { reference, previous, previousMs } = this;
    this.previous = thumb;
    this.previousMs = tMs;
    if (!reference || !previous) {
      this.reference = thumb;
      return { hand: false, edge: null };
    }
    const motion = compareThumbnails(previous, thumb);
    const still = motion.changed < STILL_SHARE;
    const ignore = cards.length > 0 ? quadMask(thumb, cards) : undefined;
    const reach = compareThumbnails(reference, thumb, MOTION_PARAMETERS, ignore).reach;
    if (!reach || (this.before && !compareThumbnails(this.before, thumb, MOTION_PARAMETERS, ignore).reach)) {
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

  /** The camera moved (recalibrated): the old references show another view. */
  reset(): void {
    this.reference = null;
    this.before = null;
    this.previous = null;
    this.stillSinceMs = null;
  }
}
