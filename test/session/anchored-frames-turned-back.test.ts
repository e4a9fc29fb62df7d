// A recogniser that finds the Sequence Stacks draw pile gives the table's own cells, but which way
// the layout faces rests on which way up its cards lie: a lone card laid the other way round turns
// the frame half round the pile. The session turns it back where the table believed, the last frame
// or where the fixed camera saw each cell's card say so.
import { describe, expect, it } from 'vitest';
import { TableSession } from '../../src/session/session.js';
import type { SeenCard, TableObservation } from '../../src/session/types.js';

const at = (card: string, row: number, col: number, [x, y]: readonly [number, number]): SeenCard => ({ card, row, col, corners: [[x - 30, y - 40], [x + 30, y - 40], [x + 30, y + 40], [x - 30, y + 40]] });
const frame = (tMs: number, cards: readonly SeenCard[], busy = false): TableObservation => ({ tMs, cards, busy, anchor: [0, 2] });

/** A two-player Stacks table, settled empty, then a hand over it; `show` gives it one frame. */
function twoPlayerTable(): { table: TableSession; show: (cards: readonly SeenCard[], busy?: boolean) => void } {
  const table = new TableSession({ id: 't', config: { game: 'sequence-stacks', players: 2, turnEnds: 'auto' } }, null, null);
  let t = 0;
  const show = (cards: readonly SeenCard[], busy = false): void => table.observeTable(frame((t += 500), cards, busy), null);
  show([]);
  show([], true);
  return { table, show };
}

describe('anchored frames that face the other way', () => {
  it('a card laid upside down on a discard pile stays on that pile, where the camera saw the pile before', () => {
    const { table, show } = twoPlayerTable();
    // Player 1 discards red-2 on their pile (row 1, col 0), seen at (200, 600).
    for (let i = 0; i < 3; i++) show([at('red-2', 1, 0, [200, 600])]);
    show([], true);
    // Player 2 plays red-1 on red-a; then a red-3 goes on player 1's discard pile, laid the other
    // way round: alone with red-1 hidden under a hand it would have the frame turned half round.
    for (let i = 0; i < 3; i++) show([at('red-1', 0, 0, [400, 400]), at('red-2', 1, 0, [200, 600])]);
    show([], true);
    for (let i = 0; i < 3; i++) show([at('red-3', -1, 4, [201, 602])]);
    const view = table.view();
    expect(view.seen.map((c) => `${c.card}@${c.row},${c.col}`)).toEqual(['red-3@1,0']);
    expect(view.turns.at(-1)!.added.map((p) => `${p.card}@${p.row},${p.col}`)).toEqual(['red-3@1,0']);
  });

  it('with nothing seen before, a lone first card goes the way the spaces fit it better, else as given', () => {
    const first = (card: SeenCard): string[] => {
      const table = new TableSession({ id: 't', config: { game: 'sequence-stacks', players: 2, turnEnds: 'auto' } }, null, null);
      table.observeTable(frame(0, [card]), null);
      return table.view().seen.map((c) => `${c.card}@${c.row},${c.col}`);
    };
    // On player 2's discard pile, or turned, on player 1's, whose turn it is.
    expect(first(at('blue-4', -1, 4, [900, 200]))).toEqual(['blue-4@1,0']);
    // A red card on red-b, not (turned) on blue-a.
    expect(first(at('red-3', 0, 1, [500, 300]))).toEqual(['red-3@0,1']);
    expect(first(at('red-3', 0, 3, [500, 300]))).toEqual(['red-3@0,1']);
    // A special with the used specials (turned, below the row, is no space).
    expect(first(at('jump', 1, 2, [500, 300]))).toEqual(['jump@-1,2']);
    // The corners of players 3 and 4 in a game of two: either way fits as badly, so as given.
    expect(first(at('red-3', 1, 4, [500, 300]))).toEqual(['red-3@1,4']);
  });

  it("a card lying where the camera saw a cell's card is on that cell, whatever one frame's grid says", () => {
    const { table, show } = twoPlayerTable();
    for (let i = 0; i < 3; i++) show([at('red-1', 0, 0, [400, 400])]);
    show([], true);
    // red-2 goes on red-a; this frame's grid puts it one column over, on red-b.
    for (let i = 0; i < 3; i++) show([at('red-2', 0, 1, [403, 398])]);
    expect(table.view().turns.at(-1)!.summary).toBe('red-2 on red-a');
  });
});
