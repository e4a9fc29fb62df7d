// The chips on a Sequence board (contracts section 1): 10 strings of 10 characters, "." G B R.
import { InputError } from '../../errors.js';
import { BOARD_SIZE, CELL_COUNT, CORNERS, LAYOUT, isCorner } from '../sequence-board-layout.js';

/** A team is named by its chip colour. */
export type Team = 'G' | 'B' | 'R';
export type Chip = Team | '.';
/** The serial board's view: row 0 first, 10 strings of 10 characters. */
export type BoardRows = readonly string[];
/** The same, flat and row-major (index = row * 10 + col): how the engine reads it. */
export type Cells = readonly Chip[];

/** Team order is turn order: green moves first. Two teams play green and blue; three add red. */
export const TEAM_ORDER: readonly Team[] = ['G', 'B', 'R'];
/** Chips in the box (rulebook, Components). */
export const CHIP_SUPPLY: Readonly<Record<Team, number>> = { G: 50, B: 50, R: 35 };

const TEAM_NAMES: Readonly<Record<Team, string>> = { G: 'green', B: 'blue', R: 'red' };

export function teamsInGame(teams: number): readonly Team[] {
  return TEAM_ORDER.slice(0, teams);
}

export function teamName(team: Team): string {
  return TEAM_NAMES[team];
}

/** Sequences a team needs to win: two with two teams, one with three. */
export function sequencesNeeded(teams: number): number {
  return teams === 2 ? 2 : 1;
}

/** The team after `team` in turn order. */
export function nextTeam(team: Team, teams: number): Team {
  return TEAM_ORDER[(TEAM_ORDER.indexOf(team) + 1) % teams]!;
}

export function emptyCells(): Chip[] {
  return new Array<Chip>(CELL_COUNT).fill('.');
}

export function emptyBoard(): string[] {
  return new Array<string>(BOARD_SIZE).fill('.'.repeat(BOARD_SIZE));
}

/** Reads a board from input, or throws an InputError naming `field` and what is wrong. */
export function parseBoard(input: unknown, field = 'board'): Chip[] {
  if (!Array.isArray(input)) throw new InputError(`${field} must be an array of ${BOARD_SIZE} strings`);
  if (input.length !== BOARD_SIZE) throw new InputError(`${field} must have ${BOARD_SIZE} rows, got ${input.length}`);
  const cells = new Array<Chip>(CELL_COUNT);
  for (let r = 0; r < BOARD_SIZE; r++) {
    const row: unknown = input[r];
    if (typeof row !== 'string') throw new InputError(`${field}[${r}] must be a string of ${BOARD_SIZE} characters`);
    if (row.length !== BOARD_SIZE) {
      throw new InputError(`${field}[${r}] must have ${BOARD_SIZE} characters, got ${row.length} ("${row}")`);
    }
    for (let c = 0; c < BOARD_SIZE; c++) {
      const ch = row[c]!;
      const chip = ch === '.' ? '.' : ch.toUpperCase();
      if (chip !== '.' && chip !== 'G' && chip !== 'B' && chip !== 'R') {
        throw new InputError(`${field}[${r}] col ${c}: "${ch}" is not a space state (use . G B R)`);
      }
      cells[r * BOARD_SIZE + c] = chip;
    }
  }
  return cells;
}

/** Trusted rows (the engine's own state) to cells, without the checks of parseBoard. */
export function cellsOf(rows: BoardRows): Chip[] {
  const cells = new Array<Chip>(CELL_COUNT);
  for (let r = 0; r < BOARD_SIZE; r++) {
    const row = rows[r]!;
    for (let c = 0; c < BOARD_SIZE; c++) cells[r * BOARD_SIZE + c] = row[c] as Chip;
  }
  return cells;
}

export function rowsOf(cells: Cells): string[] {
  const rows: string[] = [];
  for (let r = 0; r < BOARD_SIZE; r++) rows.push(cells.slice(r * BOARD_SIZE, (r + 1) * BOARD_SIZE).join(''));
  return rows;
}

export function chipCounts(cells: Cells): Record<Team, number> {
  const counts = { G: 0, B: 0, R: 0 };
  for (const chip of cells) if (chip !== '.') counts[chip]++;
  return counts;
}

export function position(index: number): [number, number] {
  return [Math.floor(index / BOARD_SIZE), index % BOARD_SIZE];
}

/** A space as people read it: the card printed on it, then where it is. */
export function spaceName(index: number): string {
  const [r, c] = position(index);
  const card = LAYOUT[index];
  return card ? `${card} (row ${r}, col ${c})` : `the corner (row ${r}, col ${c})`;
}

export { BOARD_SIZE, CELL_COUNT, CORNERS as CORNER_INDICES, isCorner };
