// Two players' turns the camera saw settle as one: a hand from one seat laid a card, and a hand
// from the other seat came over the table before it had been seen clear and still. The cards that
// came before the last hand are the earlier turn, from its own seat.
import { describe, expect, it } from 'vitest';
import { TableSession } from '../../src/session/session.js';
import type { SeenCard } from '../../src/session/types.js';
import type { Thumbnail } from '../../src/session/motion.js';

const CELL = 8;
/** A card at thumbnail cells x0..x0+4, rows 12..18, on cell (0, col). */
const card = (name: string, col: number, x0: number): SeenCard & { x0: number } => ({ card: name, row: 0, col, x0, corners: [[x0 * CELL, 12 * CELL], [(x0 + 5) * CELL, 12 * CELL], [(x0 + 5) * CELL, 19 * CELL], [x0 * CELL, 19 * CELL]] });
const START = card('3-circle-red', 0, 16);
const FIRST = card('4-circle-red', 1, 22);
const SECOND = card('2-circle-red', -1, 10);

/** 40 x 30 thumbnail: grey table, the cards light, an arm (mid grey) reaching `reach` cells in from the bottom or top edge. */
function thumb(cards: readonly (SeenCard & { x0: number })[], arm?: { from: 'bottom' | 'top'; x0: number; reach: number }): Thumbnail {
  const data = new Uint8Array(40 * 30 * 3).fill(60);
  const paint = (x0: number, x1: number, y0: number, y1: number, v: number): void => {
    for (let y = y0; y < y1; y++) data.fill(v, (y * 40 + x0) * 3, (y * 40 + x1) * 3);
  };
  for (const c of cards) paint(c.x0, c.x0 + 5, 12, 19, 230);
  if (arm) arm.from === 'bottom' ? paint(arm.x0 + 1, arm.x0 + 4, 30 - arm.reach, 30, 140) : paint(arm.x0 + 1, arm.x0 + 4, 0, arm.reach, 140);
  return { width: 40, height: 30, data };
}

describe('two hands before the table settled', () => {
  it('each turn goes to the seat its hand came from, with the cards that came before the last hand', () => {
    const table = new TableSession({ id: 't', config: { game: 'progression', players: 2, turnEnds: 'auto' } }, null, null);
    let tMs = 0;
    const show = (cards: (SeenCard & { x0: number })[], arm?: { from: 'bottom' | 'top'; x0: number; reach: number }): void => {
      table.observeTable({ tMs: (tMs += 500), cards, busy: false, thumbnail: thumb(cards, arm) }, null);
    };
    for (let i = 0; i < 3; i++) show([START]);
    // Player 1 (bottom) lays FIRST; before the table is seen still, player 2 (top) reaches in and lays SECOND.
    // An arm sways as it reaches: it moves where it crosses the edge too.
    for (const [x0, reach] of [[22, 6], [23, 10], [22, 14]] as const) show([START], { from: 'bottom', x0, reach });
    for (const [x0, reach] of [[23, 12], [22, 8]] as const) show([START, FIRST], { from: 'bottom', x0, reach });
    for (const [x0, reach] of [[10, 6], [11, 10]] as const) show([START, FIRST], { from: 'top', x0, reach });
    for (const [x0, reach] of [[10, 11], [11, 7], [10, 3]] as const) show([START, FIRST, SECOND], { from: 'top', x0, reach });
    for (let i = 0; i < 3; i++) show([START, FIRST, SECOND]);
    const turns = table.view().turns;
    expect(turns.map((t) => [t.player, t.added.map((p) => p.card)])).toEqual([
      [0, ['4-circle-red']],
      [1, ['2-circle-red']],
    ]);
  });
});
