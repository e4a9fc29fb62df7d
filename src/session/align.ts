// A recogniser numbers the grid from the cards it sees in each frame, so the same table may come
// out shifted or turned by a quarter from one frame to the next. Before a frame counts it is put
// on the cells of the table the referee believes: of the four quarter turns and every shift, the
// one that puts most of the frame's cards on the cell where the believed table has the same card.
// The previous frame (already aligned) counts too, for less: it settles what the believed table
// leaves open (with one card in common every quarter turn fits it equally well).
import type { Placement } from '../rules/layout.js';

type Turn = (row: number, col: number) => [number, number];

const TURNS: readonly Turn[] = [(r, c) => [r, c], (r, c) => [c, -r], (r, c) => [-r, -c], (r, c) => [-c, r]];

/** The frame's cards moved onto the reference's cells (unchanged when they share no card with either). */
export function alignToTable<T extends Placement>(cards: readonly T[], reference: readonly Placement[], previous: readonly Placement[] = []): T[] {
  if (cards.length === 0 || (reference.length === 0 && previous.length === 0)) return [...cards];
  const where = new Map<string, { cell: [number, number]; weight: number }[]>();
  const add = (list: readonly Placement[], weight: number): void => {
    for (const p of list) where.set(p.card, [...(where.get(p.card) ?? []), { cell: [p.row, p.col], weight }]);
  };
  // The believed table outweighs any number of votes the previous frame alone could give.
  add(reference, 1 + previous.length);
  add(previous, 1);
  const votes = new Map<string, number>();
  let best = { key: '0|0|0', count: 0 };
  TURNS.forEach((turn, k) => {
    for (const p of cards) {
      const [r, c] = turn(p.row, p.col);
      for (const { cell: [row, col], weight } of where.get(p.card) ?? []) {
        const key = `${k}|${row - r}|${col - c}`;
        const count = (votes.get(key) ?? 0) + weight;
        votes.set(key, count);
        // Ties go to the first found: no turn before a turn, as the cards come.
        if (count > best.count) best = { key, count };
      }
    }
  });
  if (best.count === 0) return [...cards];
  const [k, dr, dc] = best.key.split('|').map(Number) as [number, number, number];
  const turn = TURNS[k]!;
  return cards.map((p) => {
    const [r, c] = turn(p.row, p.col);
    return { ...p, row: r + dr, col: c + dc };
  });
}
