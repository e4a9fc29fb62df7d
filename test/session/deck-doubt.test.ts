// A camera whose cards mostly go unnamed or named unsurely over many frames says it may be reading
// another printing; a few (a hand, glare) or too few faces to judge say nothing, and a new deck
// starts afresh. End to end: a folder of another printing's tables served without its deck.
import { describe, expect, it } from 'vitest';
import { DECK_DOUBT, DeckDoubt } from '../../src/session/deck-doubt.js';
import type { TableObservation } from '../../src/session/types.js';

const frame = (named: number, unnamed: number, unsure = 0): TableObservation => ({
  tMs: 0,
  cards: Array.from({ length: named }, (_, i) => ({ card: '1-circle-red', row: 0, col: i })),
  busy: false,
  ...(unnamed > 0 ? { unread: Array.from({ length: unnamed }, (_, i) => [i * 50, 0] as [number, number]) } : {}),
  ...(unsure > 0 ? { unsure } : {}),
});

describe('doubt about the deck', () => {
  it('grows where most faces go unnamed over the window, and clears with a new deck', () => {
    const doubt = new DeckDoubt();
    for (let i = 0; i < DECK_DOUBT.frames - 1; i++) expect(doubt.add(frame(4, 6))).toBe(i === 1);
    expect(doubt.doubtful).toBe(true);
    doubt.clear();
    expect(doubt.doubtful).toBe(false);
  });

  it('stays quiet for a hand over a few cards, and for too few faces to judge', () => {
    const doubt = new DeckDoubt();
    for (let i = 0; i < DECK_DOUBT.frames; i++) doubt.add(frame(12, i % 3 === 0 ? 4 : 1));
    expect(doubt.doubtful).toBe(false);
    const few = new DeckDoubt();
    for (let i = 0; i < DECK_DOUBT.frames; i++) few.add(frame(0, 1));
    expect(few.doubtful).toBe(false);
  });

  it('counts cards named less than surely with those not named', () => {
    const doubt = new DeckDoubt();
    for (let i = 0; i < DECK_DOUBT.frames; i++) doubt.add(frame(10, 1, 6));
    expect(doubt.doubtful).toBe(true);
  });

  it('lets old frames go: a deck read well again is no longer doubted', () => {
    const doubt = new DeckDoubt();
    for (let i = 0; i < DECK_DOUBT.frames; i++) doubt.add(frame(2, 8));
    expect(doubt.doubtful).toBe(true);
    for (let i = 0; i < DECK_DOUBT.frames; i++) doubt.add(frame(10, 0));
    expect(doubt.doubtful).toBe(false);
  });
});
