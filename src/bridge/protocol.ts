// The serial protocol of the Sequence board (contracts section 4): CRC-8, frames in and out.

export const ROWS = 10;
export const COLS = 10;
export const SPACES = ROWS * COLS;
/** What a space holds, as the board writes it. */
export type Space = '.' | 'G' | 'B' | 'R';
/** What a space's LED shows: a team colour, white, or off. */
export type LedColour = Space | 'W';

export const CORNERS: ReadonlySet<number> = new Set([0, COLS - 1, SPACES - COLS, SPACES - 1]);

export type BoardFrame =
  | { readonly type: 'H'; readonly seq: number; readonly product: string; readonly version: string; readonly size: string }
  | { readonly type: 'S'; readonly seq: number; readonly board: string }
  | { readonly type: 'D'; readonly seq: number; readonly row: number; readonly col: number; readonly state: Space }
  | { readonly type: 'K'; readonly seq: number; readonly button: number }
  | { readonly type: 'E'; readonly seq: number; readonly code: string; readonly text: string }
  /** A frame type this bridge does not know, from a newer board: its seq still counts. */
  | { readonly type: 'other'; readonly seq: number; readonly letter: string };

/** Why a line was not taken as a frame. */
export type Rejection = 'bad-crc' | 'malformed';

/** CRC-8: polynomial 0x07, initial 0x00, no reflection, no final XOR. */
export function crc8(bytes: Uint8Array | string, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc = CRC_TABLE[(crc ^ (typeof bytes === 'string' ? bytes.charCodeAt(i) : bytes[i]!)) & 0xff]!;
  }
  return crc;
}

const CRC_TABLE = (() => {
  const table = new Uint8Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    table[n] = crc;
  }
  return table;
})();

function hex2(value: number): string {
  return value.toString(16).toUpperCase().padStart(2, '0');
}

/** `$<body>*CC\r\n`, the CRC in upper case as senders write it. */
export function frameLine(body: string): string {
  return `$${body}*${hex2(crc8(body))}\r\n`;
}

/** Host-to-board commands. */
export const hostCommand = {
  snapshot: (): string => frameLine('Q'),
  hello: (): string => frameLine('V'),
  led: (row: number, col: number, colour: LedColour): string => frameLine(`L,${row},${col},${colour}`),
};

/** Board-to-host frames as a board writes them (tests, benches and simulators use this). */
export function encodeBoardFrame(frame: BoardFrame): string {
  switch (frame.type) {
    case 'H': return frameLine(`H,${frame.seq},${frame.product},${frame.version},${frame.size}`);
    case 'S': return frameLine(`S,${frame.seq},${frame.board}`);
    case 'D': return frameLine(`D,${frame.seq},${frame.row},${frame.col},${frame.state}`);
    case 'K': return frameLine(`K,${frame.seq},${frame.button}`);
    case 'E': return frameLine(`E,${frame.seq},${frame.code},${frame.text}`);
    case 'other': return frameLine(`${frame.letter},${frame.seq}`);
  }
}

const SEQ = /^\d{1,5}$/;
const BOARD = /^[.GBR]{100}$/;
const DIGIT = /^\d$/;
const BUTTON = /^[1-9]\d{0,2}$/;
const STATE = /^[.GBR]$/;
const TYPE = /^[A-Z]$/;

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/**
 * One line as read from its last `$` (the `$` itself, CR and LF already gone), in latin1.
 * Frames may carry more fields than the contract names (a newer board): those are ignored.
 */
export function decodeBoardLine(line: string): BoardFrame | Rejection {
  const star = line.length - 3;
  if (star < 1 || line.charCodeAt(star) !== 42 /* * */) return 'malformed';
  const high = hexDigit(line.charCodeAt(star + 1));
  const low = hexDigit(line.charCodeAt(star + 2));
  if (high < 0 || low < 0) return 'malformed';
  if (crc8(line, 0, star) !== ((high << 4) | low)) return 'bad-crc';
  const body = line.slice(0, star);
  if (body.includes('*')) return 'malformed';
  const fields = body.split(',');
  const [type, seqText] = fields;
  if (type === undefined || seqText === undefined || !TYPE.test(type) || !SEQ.test(seqText)) return 'malformed';
  const seq = Number(seqText);
  if (seq > 65535) return 'malformed';
  switch (type) {
    case 'H': {
      const [, , product, version, size] = fields;
      if (product === undefined || version === undefined || size === undefined) return 'malformed';
      return { type, seq, product, version, size };
    }
    case 'S': {
      const board = fields[2];
      if (board === undefined || !BOARD.test(board) || [...CORNERS].some((i) => board[i] !== '.')) return 'malformed';
      return { type, seq, board };
    }
    case 'D': {
      const [, , row, col, state] = fields;
      if (row === undefined || col === undefined || state === undefined) return 'malformed';
      if (!DIGIT.test(row) || !DIGIT.test(col) || !STATE.test(state)) return 'malformed';
      if (CORNERS.has(Number(row) * COLS + Number(col))) return 'malformed';
      return { type, seq, row: Number(row), col: Number(col), state: state as Space };
    }
    case 'K': {
      const button = fields[2];
      if (button === undefined || !BUTTON.test(button)) return 'malformed';
      return { type, seq, button: Number(button) };
    }
    case 'E': {
      const code = fields[2];
      if (code === undefined || code === '') return 'malformed';
      // The text runs to the `*` and may hold commas.
      return { type, seq, code, text: fields.slice(3).join(',') };
    }
    default:
      return { type: 'other', seq, letter: type };
  }
}

/** The board as the contract writes it: 10 strings of 10 characters, row 0 first. */
export function boardRows(cells: string): string[] {
  const rows: string[] = [];
  for (let r = 0; r < ROWS; r++) rows.push(cells.slice(r * COLS, (r + 1) * COLS));
  return rows;
}

export const EMPTY_BOARD = '.'.repeat(SPACES);
