// A table of cards in grid cells (contracts section 1: row grows down, col grows right).

export interface Placement {
  readonly card: string;
  readonly row: number;
  readonly col: number;
}

export function cellKey(row: number, col: number): string {
  return `${row},${col}`;
}

/** The four edge neighbours, in the order up, right, down, left. */
export const NEIGHBOUR_STEPS = [
  [-1, 0],
  [0, 1],
  [1, 0],
  [0, -1],
] as const;

/** Cards by cell. Later placements on the same cell win; callers that care check for overlaps first. */
export function cellsOf(layout: readonly Placement[]): Map<string, Placement> {
  const cells = new Map<string, Placement>();
  for (const placement of layout) cells.set(cellKey(placement.row, placement.col), placement);
  return cells;
}

/** Cards named more than once in a list, each reported once. */
export function repeatedCards(cards: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const card of cards) (seen.has(card) ? repeated : seen).add(card);
  return [...repeated];
}

/** Placements sharing a cell with an earlier one. */
export function overlappingPlacements(layout: readonly Placement[]): Placement[] {
  const seen = new Set<string>();
  return layout.filter((p) => {
    const key = cellKey(p.row, p.col);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
}
