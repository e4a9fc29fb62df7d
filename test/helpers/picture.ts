// A table in a test is a small picture: rows of card names, "." for an empty cell.
import { parseTicCard } from '../../src/cards/tic.js';
import type { Placement } from '../../src/rules/layout.js';

export function layout(picture: string, origin: { row: number; col: number } = { row: 0, col: 0 }): Placement[] {
  const rows = picture.split('\n').filter((line) => line.trim() !== '');
  return rows.flatMap((line, r) =>
    line
      .trim()
      .split(/\s+/)
      .flatMap((token, c) => (token === '.' ? [] : [{ card: parseTicCard(token), row: origin.row + r, col: origin.col + c }])),
  );
}
