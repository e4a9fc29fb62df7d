// The layout stage: rows and columns from the cards' outlines; in Sequence Stacks numbered from the
// draw pile so each card lands on its game space.
import { assignGrid, onStacksSpaces, type GridInput } from './grid.js';
import type { Quad } from './image.js';
import { STACKS_DRAW_PILE } from './draw-pile.js';
import type { ReadCards } from './read/cards.js';
import type { CardReading } from './types.js';
import type { VisionGame } from './recognise.js';
import { GRID } from './params.js';

/** Sequence Stacks: the draw pile found and each card's cell numbered from it. */
export interface StacksAnchor {
  /** The draw pile (in the image the cards' quads are in). */
  readonly drawPile: Quad;
  /** Each card's cell, numbered so the pile is the game's cell 0,2. */
  readonly cells: { row: number; col: number }[];
}

/** Sequence Stacks' cells from the first pile candidate that puts every named card on a space; else null. */
export function anchorStacks(read: ReadCards, partial: readonly boolean[], piles: Iterable<Quad>): StacksAnchor | null {
  for (const pile of piles) {
    const cells = stacksCells(read, partial, pile);
    if (cells.every((c, i) => read.readings[i]!.card === null || onStacksSpaces(c))) return { drawPile: pile, cells };
  }
  return null;
}

/** Sequence Stacks cells laid out with the draw pile in the grid, numbered so the pile is cell 0,2. */
function stacksCells(read: ReadCards, partial: readonly boolean[], drawPile: Quad): { row: number; col: number }[] {
  const cells = assignGrid([...gridInputs(read.corners, partial, read.readings), { corners: drawPile, sized: false }], { game: 'sequence-stacks' });
  const pile = cells.pop()!;
  const [row, col] = STACKS_DRAW_PILE;
  return cells.map((c) => ({ row: c.row - pile.row + row, col: c.col - pile.col + col }));
}

/** Rows and columns from the card outlines; a partly seen card counts less, a named card shows which way is up. */
export function gridCells(corners: readonly Quad[], partial: readonly boolean[], game: VisionGame, readings: readonly CardReading[]): ReturnType<typeof assignGrid> {
  return assignGrid(gridInputs(corners, partial, readings), { game });
}

function gridInputs(corners: readonly Quad[], partial: readonly boolean[], readings: readonly CardReading[]): GridInput[] {
  return corners.map((q, i) => ({ corners: q, weight: partial[i] ? GRID.partialWeight : 1, ...(readings[i]?.card ? { ownTop: true } : {}) }));
}

