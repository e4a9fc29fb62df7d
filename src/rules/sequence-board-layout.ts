// The standard published Sequence board (cards.md: row 0 is a corner, 2S .. 9S, a corner).
//
// Transcribed from two independent public implementations that agree space for space:
//   - ArthurLhy/Sequence_game_AI, Sequence/sequence_model.py (the COMP90054 Sequence environment
//     by Steven Spratley, University of Melbourne), constant BOARD;
//   - MuhammadAhmedMasood/sequence-game, lib/game/board-layout.ts, constant RAW_GRID (which names
//     two further implementations it was checked against).
// Other printings exist (a "spiral" board starting FREE AC KC QC ...); this is the one the
// electronic board of cards.md is built on. `XX` marks the four free corners.

export const BOARD_SIZE = 10;
export const CELL_COUNT = BOARD_SIZE * BOARD_SIZE;

const ROWS: readonly string[] = [
  'XX 2S 3S 4S 5S 6S 7S 8S 9S XX',
  '6C 5C 4C 3C 2C AH KH QH TH TS',
  '7C AS 2D 3D 4D 5D 6D 7D 9H QS',
  '8C KS 6C 5C 4C 3C 2C 8D 8H KS',
  '9C QS 7C 6H 5H 4H AH 9D 7H AS',
  'TC TS 8C 7H 2H 3H KH TD 6H 2D',
  'QC 9S 9C 8H 9H TH QH QD 5H 3D',
  'KC 8S TC QC KC AC AD KD 4H 4D',
  'AC 7S 6S 5S 4S 3S 2S 2H 3H 5D',
  'XX AD KD QD TD 9D 8D 7D 6D XX',
];

/** The card printed on each space, row-major (index = row * 10 + col); null on the four corners. */
export const LAYOUT: readonly (string | null)[] = ROWS.flatMap((row) => row.split(' ').map((c) => (c === 'XX' ? null : c)));

/** Cell indices of the four free corners. */
export const CORNERS: readonly number[] = [0, BOARD_SIZE - 1, CELL_COUNT - BOARD_SIZE, CELL_COUNT - 1];

const SPACES = new Map<string, number[]>();
LAYOUT.forEach((card, index) => {
  if (card === null) return;
  const spaces = SPACES.get(card) ?? [];
  spaces.push(index);
  SPACES.set(card, spaces);
});

/** The card on the space at (row, col), or null for a corner. */
export function cardAt(row: number, col: number): string | null {
  return LAYOUT[row * BOARD_SIZE + col] ?? null;
}

/** The cell indices of the (two) spaces showing a card; empty for Jacks, which are not on the board. */
export function spacesOf(card: string): readonly number[] {
  return SPACES.get(card) ?? [];
}

export function isCorner(index: number): boolean {
  return index === 0 || index === BOARD_SIZE - 1 || index === CELL_COUNT - BOARD_SIZE || index === CELL_COUNT - 1;
}
