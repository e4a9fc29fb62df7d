// Whether a camera's cards look like the deck it reads them as. Faces the reader cannot name, or
// names less than surely, come and go with hands and glare (a sixth of them on the deck of cards.md);
// most of them so over many frames is another printing (four in five), and the table says so.
import type { TableObservation } from './types.js';

/**
 * Frames looked back over, the faces they must show between them, the share unnamed or unsure that
 * is doubt, and below what confidence a name is unsure.
 */
export const DECK_DOUBT = { frames: 10, leastFaces: 20, unsureShare: 0.5, sure: 0.9 } as const;

export const DECK_DOUBT_TEXT = 'most cards in sight are not read: is this deck printed otherwise than the one seqref reads as? Learn it on /capture (Learn your own deck) or with seqref enrol';

export class DeckDoubt {
  private readonly recent: { faces: number; unsure: number }[] = [];

  /** Counts a recognised frame's faces; true where the doubt changed. */
  add(observation: TableObservation): boolean {
    const before = this.doubtful;
    const unread = observation.unread?.length ?? 0;
    this.recent.push({ faces: observation.cards.length + unread, unsure: unread + (observation.unsure ?? 0) });
    if (this.recent.length > DECK_DOUBT.frames) this.recent.shift();
    return this.doubtful !== before;
  }

  /** A new deck to read with: what was seen no longer counts. */
  clear(): void {
    this.recent.length = 0;
  }

  get doubtful(): boolean {
    const faces = this.recent.reduce((a, r) => a + r.faces, 0);
    const unsure = this.recent.reduce((a, r) => a + r.unsure, 0);
    return faces >= DECK_DOUBT.leastFaces && unsure >= DECK_DOUBT.unsureShare * faces;
  }
}
