// Cell lookups for the Progression hot paths: numeric Map keys instead of "row,col" strings.

/** Rows are this far apart in the numeric key space; any |col| below half of it is unique. */
const ROW_STRIDE = 2 ** 26;
const NUMERIC_LIMIT = 2 ** 25;

/**
 * A key unique to one cell. Numeric (cheap to hash) for every cell a real table uses; the rare
 * huge coordinate falls back to a string, which can never equal a numeric key.
 */
export type GridKey = number | string;

export function gridKey(row: number, col: number): GridKey {
  if (row > -NUMERIC_LIMIT && row < NUMERIC_LIMIT && col > -NUMERIC_LIMIT && col < NUMERIC_LIMIT) {
    return row * ROW_STRIDE + col;
  }
  return `${row},${col}`;
}

/** "row 2, col -1", for messages. */
export function cellName(row: number, col: number): string {
  return `row ${row}, col ${col}`;
}
