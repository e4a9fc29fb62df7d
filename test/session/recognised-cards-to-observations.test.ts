// What the session takes from a recognition (src/vision's RecognisedCard): named cards on cells;
// a frame with a card the grid could not place is busy and never settles; faces the reader cannot
// name are listed by where they lie, for the session to judge from the frames around them; a card
// mostly past the frame's edge is only out of sight.
import { describe, expect, it } from 'vitest';
import { toObservation, type VisionCard } from '../../src/session/recogniser.js';

const SIZE = { width: 1280, height: 720 };
const quad = (x: number, y: number): [number, number][] => [[x, y], [x + 60, y], [x + 60, y + 85], [x, y + 85]];
const card = (name: string | null, row: number | null, col: number | null, x = 400, y = 300, partial = false): VisionCard => ({ corners: quad(x, y), partial, reading: { card: name }, row, col });

describe('recognised cards to what the referee sees', () => {
  it('named cards on cells are seen, with their outlines, on the recogniser\'s own cells', () => {
    const o = toObservation(500, [card('3-star-orange', 0, 1), card('2-circle-violet', 0, 0, 330)], SIZE);
    expect(o).toMatchObject({ tMs: 500, busy: false, relativeCells: true });
    expect(o.cards.map((c) => [c.card, c.row, c.col])).toEqual([['3-star-orange', 0, 1], ['2-circle-violet', 0, 0]]);
    expect(o.cards[0]!.corners).toHaveLength(4);
  });

  it('a card face the reader cannot name is listed by where it lies, for the session to judge', () => {
    const o = toObservation(0, [card('3-star-orange', 0, 1), { ...card(null, 0, 2, 500, 300), reading: { card: null, deck: 'tic' } }], SIZE);
    expect(o.unread).toEqual([[530, 342.5]]);
    expect(o.cards.map((c) => c.card)).toEqual(['3-star-orange']);
  });

  it('a shape the reader says is no card face (the face-down draw pile, a phone) is left out, and the frame is not busy', () => {
    const back: VisionCard = { corners: quad(600, 300), partial: false, reading: { card: null, deck: 'unknown' }, row: 0, col: 2 };
    const o = toObservation(0, [card('red-1', 0, 0), back], SIZE);
    expect(o.busy).toBe(false);
    expect(o.cards.map((c) => c.card)).toEqual(['red-1']);
  });

  it('a named card the grid cannot place makes the frame busy', () => {
    expect(toObservation(0, [card('3-star-orange', null, null)], SIZE).busy).toBe(true);
  });

  it('a named card covered inside the frame is seen; one cut off by the edge is seen while most of it is in the frame', () => {
    const covered = toObservation(0, [card('3-star-orange', 0, 0, 400, 300, true)], SIZE);
    expect(covered.busy).toBe(false);
    expect(covered.cards.map((c) => c.card)).toEqual(['3-star-orange']);
    const atEdge = toObservation(0, [card('3-star-orange', 0, 0, 1250, 300, true), card('1-circle-red', 0, 1)], SIZE);
    expect(atEdge.busy).toBe(false);
    expect(atEdge.cards.map((c) => c.card)).toEqual(['1-circle-red']);
    const mostlyIn = toObservation(0, [card('3-star-orange', 0, 0, 1230, 300, true), card('1-circle-red', 0, 1)], SIZE);
    expect(mostlyIn.cards.map((c) => c.card)).toEqual(['3-star-orange', '1-circle-red']);
  });
});
