// An event's pairings (who plays at which table in which round): read from an organiser's CSV or
// from the list edited in the browser, checked by the same rules, and written back as CSV. Also
// the CSV reading and writing that standings.ts shares. Pure: text in, values out, no I/O.
import { InputError, oneLine, shown } from '../errors.js';
import { csvText, readCsv, type CsvLine } from '../csv.js';

export interface Pairing {
  readonly round: number;
  /** As written: a table number ("3") or a table id ("sequence-game"). */
  readonly table: string;
  /** Player or team names in seat order, 2 to 8 of them. */
  readonly players: readonly string[];
}

const MAX_ROUND = 999;
const MAX_TABLE_LENGTH = 48;
const MAX_NAME_LENGTH = 40;
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 8;

const TABLE_PATTERN = /^[A-Za-z0-9_.-]+$/;
const PLAYER_COLUMN = /^(player|team)\s*(\d+)$/i;
const COLUMNS_HINT = 'the columns are round, table, player 1, player 2, ...';
// A name with a line break or tab in it is a paste gone wrong, and would break every line it is shown on.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Parses a pairing list. `source` names the file in messages. */
export function parsePairings(text: string, source: string): Pairing[] {
  // Spreadsheets export empty rows as ",,,": blank too.
  const rows = readCsv(text, source).filter((row) => !row.cells[0]?.trimStart().startsWith('#') && row.cells.some((cell) => cell.trim() !== ''));
  const [header, ...body] = rows;
  if (!header || body.length === 0) fail(`${source}: no pairings (a header and one line a table and round)`);
  const columns = readHeader(header, source);
  const book = new PairingBook();
  for (const row of body) {
    const at = `${source} line ${row.line}`;
    row.cells.forEach((cell, index) => {
      if (columns.of[index] === undefined && cell.trim() !== '') fail(`${at}: column ${index + 1} holds ${shown(cell.trim())} but the header names no column ${index + 1}`);
    });
    const seats = columns.players.map(({ label, index }) => ({ label, value: row.cells[index] ?? '' }));
    const pairing = checkPairing(row.cells[columns.round] ?? '', row.cells[columns.table] ?? '', seats, at);
    book.add(pairing, at, `line ${row.line}`);
  }
  return book.sorted();
}

/**
 * The same list as CSV (header `round,table,player 1,player 2,...` with as many player columns as
 * the largest pairing), ready to be read back by parsePairings.
 */
export function pairingsCsv(pairings: readonly Pairing[]): string {
  const seats = Math.max(MIN_PLAYERS, ...pairings.map((pairing) => pairing.players.length));
  const header = ['round', 'table', ...Array.from({ length: seats }, (_, i) => `player ${i + 1}`)];
  // Every row as wide as the header: spreadsheets line the columns up.
  const rows = pairings.map((pairing) => [pairing.round, pairing.table, ...padded(pairing.players, seats)]);
  return csvText([header, ...rows]);
}

/**
 * Checks a list edited in the browser by the CSV's rules (messages name the 1-based "row 3") and
 * returns it normalised: names trimmed, sorted by round then table.
 */
export function checkPairings(list: unknown): Pairing[] {
  if (!Array.isArray(list)) fail(`the pairings must be a list, not ${shown(list)}`);
  if (list.length === 0) fail('no pairings (one a table and round)');
  const book = new PairingBook();
  list.forEach((item: unknown, index) => {
    const at = `row ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) fail(`${at}: a pairing must be an object with round, table and players, not ${shown(item)}`);
    const { round, table, players } = item as Record<string, unknown>;
    if (!Array.isArray(players)) fail(`${at}: players must be a list of names, not ${shown(players)}`);
    const seats = players.map((value: unknown, seat) => ({ label: `player ${seat + 1}`, value }));
    book.add(checkPairing(round, table, seats, at), at, at);
  });
  return book.sorted();
}

/** Round then table: table numbers as numbers, before table ids. */
export function byRoundAndTable(a: { readonly round: number; readonly table: string }, b: { readonly round: number; readonly table: string }): number {
  return a.round - b.round || compareTables(a.table, b.table);
}

interface PlayerColumn {
  readonly label: string;
  readonly index: number;
}

interface Columns {
  readonly round: number;
  readonly table: number;
  readonly players: readonly PlayerColumn[];
  /** What each column of the header is, by index; undefined for an empty header cell. */
  readonly of: readonly (string | undefined)[];
}

function readHeader(header: CsvLine, source: string): Columns {
  const at = `${source} line ${header.line}`;
  const names = header.cells.map((cell) => cell.trim());
  const of: (string | undefined)[] = [];
  const byNumber = new Map<number, PlayerColumn>();
  const unknown: string[] = [];
  let round: number | undefined;
  let table: number | undefined;
  names.forEach((name, index) => {
    if (name === '') return void of.push(undefined);
    const lower = name.toLowerCase();
    const player = PLAYER_COLUMN.exec(name);
    if (lower === 'round' || lower === 'table') {
      if ((lower === 'round' ? round : table) !== undefined) fail(`${at}: column ${shown(lower)} appears twice`);
      if (lower === 'round') round = index;
      else table = index;
    } else if (player) {
      const number = Number(player[2]);
      const label = `${player[1]?.toLowerCase()} ${number}`;
      if (number < 1) fail(`${at}: player columns are numbered from 1, not ${shown(name)}`);
      const earlier = byNumber.get(number);
      if (earlier) fail(`${at}: two columns for player ${number} (${shown(names[earlier.index])} and ${shown(name)})`);
      byNumber.set(number, { label, index });
    } else {
      unknown.push(name);
    }
    of.push(lower);
  });
  if (unknown.length > 0) {
    const listed = unknown.slice(0, 3).map((name) => shown(name)).join(', ') + (unknown.length > 3 ? ` and ${unknown.length - 3} more` : '');
    fail(`${at}: unknown column${unknown.length > 1 ? 's' : ''} ${listed}; ${COLUMNS_HINT}`);
  }
  if (round === undefined) fail(`${at}: no "round" column; ${COLUMNS_HINT}`);
  if (table === undefined) fail(`${at}: no "table" column; ${COLUMNS_HINT}`);
  if (byNumber.size === 0) fail(`${at}: no player columns; ${COLUMNS_HINT}`);
  const players: PlayerColumn[] = [];
  for (let number = 1; number <= byNumber.size; number++) {
    const column = byNumber.get(number);
    if (!column) fail(`${at}: player columns must be numbered from 1 without gaps, and there is no player ${number}`);
    players.push(column);
  }
  return { round, table, players, of };
}

interface Seat {
  readonly label: string;
  readonly value: unknown;
}

/** One pairing checked on its own; `at` starts every message ("event.csv line 4", "row 3"). */
function checkPairing(roundValue: unknown, tableValue: unknown, seats: readonly Seat[], at: string): Pairing {
  const round = checkRound(roundValue, at);
  const table = checkTable(tableValue, at);
  const names = seats.map(({ label, value }) => {
    if (typeof value !== 'string') fail(`${at}: ${label} must be a name, not ${shown(value)}`);
    return value.trim();
  });
  // Empty cells after the last name are the unused columns of a smaller table.
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const players = names.map((name, seat) => {
    const label = seats[seat]?.label ?? `player ${seat + 1}`;
    if (name === '') fail(`${at}: ${label} is empty but ${seats[names.length - 1]?.label} is not`);
    if ([...name].length > MAX_NAME_LENGTH) fail(`${at}: ${label} is longer than ${MAX_NAME_LENGTH} characters: ${shown(name)}`);
    if (CONTROL_CHARACTER.test(name)) fail(`${at}: ${label} ${shown(name)} holds a line break, tab or other control character`);
    return name;
  });
  if (players.length < MIN_PLAYERS) fail(`${at}: a pairing needs at least ${MIN_PLAYERS} players, and this one names ${players.length}`);
  if (players.length > MAX_PLAYERS) fail(`${at}: a table seats at most ${MAX_PLAYERS} players, and this one names ${players.length}`);
  const seen = new Set<string>();
  for (const name of players) {
    if (seen.has(nameKey(name))) fail(`${at}: ${shown(name)} is named twice at table ${table}`);
    seen.add(nameKey(name));
  }
  return { round, table, players };
}

function checkRound(value: unknown, at: string): number {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  const round = text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(round >= 1 && round <= MAX_ROUND)) fail(`${at}: round must be a whole number from 1 to ${MAX_ROUND}, not ${shown(typeof value === 'string' ? value.trim() : value)}`);
  return round;
}

function checkTable(value: unknown, at: string): string {
  // The browser may send a table number as a number.
  const table = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : undefined;
  if (table === undefined || table.length > MAX_TABLE_LENGTH || !TABLE_PATTERN.test(table)) {
    fail(`${at}: table must be a number or an id of letters, digits, - _ . (up to ${MAX_TABLE_LENGTH}), not ${shown(typeof value === 'string' ? value.trim() : value)}`);
  }
  return table;
}

/** The pairings read so far, for the checks across rows: one pairing a table and round, one table a player and round. */
class PairingBook {
  private readonly pairings: Pairing[] = [];
  private readonly tables = new Map<string, string>();
  private readonly seats = new Map<string, { readonly table: string; readonly place: string }>();

  /** `at` starts the message; `place` is how a later message points back here ("line 4", "row 2"). */
  add(pairing: Pairing, at: string, place: string): void {
    const tableKey = `${pairing.round}\u0000${pairing.table}`;
    const earlier = this.tables.get(tableKey);
    if (earlier !== undefined) fail(`${at}: round ${pairing.round} table ${pairing.table} is already paired on ${earlier}`);
    for (const name of pairing.players) {
      const seat = this.seats.get(`${pairing.round}\u0000${nameKey(name)}`);
      if (seat) fail(`${at}: ${shown(name)} already plays at table ${seat.table} in round ${pairing.round} (${seat.place})`);
    }
    this.tables.set(tableKey, place);
    for (const name of pairing.players) this.seats.set(`${pairing.round}\u0000${nameKey(name)}`, { table: pairing.table, place });
    this.pairings.push(pairing);
  }

  sorted(): Pairing[] {
    return [...this.pairings].sort(byRoundAndTable);
  }
}

/** Who a name is: the same person however it is cased or its accents composed. */
export function nameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

function compareTables(a: string, b: string): number {
  const aNumber = /^\d+$/.test(a);
  const bNumber = /^\d+$/.test(b);
  if (aNumber !== bNumber) return aNumber ? -1 : 1;
  if (aNumber) {
    const difference = Number(a) - Number(b);
    if (difference !== 0) return difference;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

function padded(players: readonly string[], seats: number): string[] {
  return [...players, ...Array<string>(Math.max(0, seats - players.length)).fill('')];
}

function fail(message: string): never {
  throw new InputError(oneLine(message));
}
