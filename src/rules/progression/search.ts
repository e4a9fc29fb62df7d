// Progression: where can a hand be played? Single-card placements are enough to know.
//
// Claim: a legal play of a hand exists iff a legal single-card play of it exists.
// If: a single-card play is a play.
// Only if: take a legal play P of several cards on a non-empty table. P touches the layout, so
// some placed card c lies edge to edge with a table card. Play c alone on the same cell: the cell
// is free (P put c there); one card is trivially in one line without gaps; it touches the layout;
// and its contacts are now only its table neighbours, every one of which was already a new
// contact of P and so has a property stepping by one. So c alone is legal. On an empty table any
// one card is legal. Hence searching single cards decides whether a player can play at all.
//
// Corollary for "If You Cannot Play": a player who could not play draws d. The table is unchanged,
// so any legal play now has a card touching the layout that would be legal alone; no old hand
// card is, so that card is d: every legal laydown after the draw contains d, and d "can be
// played" exactly when d alone can.
import { ticValues, type TicValues } from '../../cards/tic.js';
import { NEIGHBOUR_STEPS, type Placement } from '../layout.js';
import { oneStepMask } from '../tic-sequence.js';
import { gridKey, type GridKey } from './grid.js';

/**
 * Every legal single-card play of the hand's cards: each free cell next to the layout, with each
 * hand card that steps by one in some property with every card it would touch. On an empty table
 * every cell is alike; each card is offered once, at row 0, col 0.
 */
export function legalPlays(table: readonly Placement[], hand: readonly string[]): Placement[] {
  const found: Placement[] = [];
  search(table, hand, (play) => {
    found.push(play);
    return false;
  });
  return found;
}

/** Whether the hand has any legal play on the layout (by the claim above, single cards decide). */
export function hasLegalPlay(table: readonly Placement[], hand: readonly string[]): boolean {
  return search(table, hand, () => true);
}

/** Calls `visit` for each legal single-card play until it returns true; returns whether it did. */
function search(table: readonly Placement[], hand: readonly string[], visit: (play: Placement) => boolean): boolean {
  const onTable = new Set<string>();
  for (const p of table) onTable.add(p.card);
  const cards: string[] = [];
  for (const card of hand) if (!onTable.has(card) && !cards.includes(card)) cards.push(card);
  if (cards.length === 0) return false;
  if (table.length === 0) return cards.some((card) => visit({ card, row: 0, col: 0 }));

  const cells = new Map<GridKey, TicValues>();
  for (const p of table) cells.set(gridKey(p.row, p.col), ticValues(p.card));
  const values = cards.map(ticValues);
  const seen = new Set<GridKey>();
  const neighbours: TicValues[] = [];
  for (const p of table) {
    for (const [dr, dc] of NEIGHBOUR_STEPS) {
      const row = p.row + dr;
      const col = p.col + dc;
      const key = gridKey(row, col);
      if (cells.has(key) || seen.has(key)) continue;
      seen.add(key);
      neighbours.length = 0;
      for (const [nr, nc] of NEIGHBOUR_STEPS) {
        const n = cells.get(gridKey(row + nr, col + nc));
        if (n) neighbours.push(n);
      }
      for (let i = 0; i < cards.length; i++) {
        if (stepsWithAll(values[i]!, neighbours) && visit({ card: cards[i]!, row, col })) return true;
      }
    }
  }
  return false;
}

function stepsWithAll(card: TicValues, neighbours: readonly TicValues[]): boolean {
  for (const n of neighbours) if (oneStepMask(card, n) === 0) return false;
  return true;
}
