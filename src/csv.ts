// CSV as RFC 4180 writes it, read as spreadsheets export it: the pairing list coming in, results
// and game records going out.
import { InputError } from './errors.js';

/** One CSV row, without a line ending: a cell holding , " CR LF or leading/trailing space is quoted, its quotes doubled. */
export function csvRow(cells: readonly (string | number)[]): string {
  return cells.map((cell) => {
    const text = String(cell);
    return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }).join(',');
}

/**
 * RFC 4180 CSV: quoted fields, "" escapes, commas and line breaks in quotes, CRLF or LF. A BOM at
 * the start is ignored and blank lines skipped.
 */
export function parseCsv(text: string, source: string): string[][] {
  return readCsv(text, source).map((row) => row.cells);
}

/** Rows as CSV text, each ended by CRLF as RFC 4180 has it. */
export function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${csvRow(row)}\r\n`).join('');
}

/**
 * Rows as CSV for a spreadsheet to open (results, a game's turns): a text cell that begins with
 * = + - or @ (a player named "=1+1") is written with a leading apostrophe, so that it is shown as
 * text and never run as a formula. Numbers stay numbers. Not for files read back (the pairing list).
 */
export function spreadsheetCsv(rows: readonly (readonly (string | number)[])[]): string {
  return csvText(rows.map((row) => row.map((cell) => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell))));
}

export interface CsvLine {
  /** The physical line the row starts on, from 1: line breaks inside quotes count. */
  readonly line: number;
  readonly cells: string[];
}

const UNQUOTED_END = /[,\r\n]/g;
const LINE_BREAK = /\r\n|\r|\n/g;

export function readCsv(text: string, source: string): CsvLine[] {
  const rows: CsvLine[] = [];
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (at < text.length) {
    const start = line;
    const cells: string[] = [];
    let quoted = false;
    for (;;) {
      let cell = '';
      if (text[at] === '"') {
        quoted = true;
        const opened = line;
        at++;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote < 0) throw new InputError(`${source} line ${opened}: a quoted field is not closed`);
          const chunk = text.slice(at, quote);
          line += chunk.match(LINE_BREAK)?.length ?? 0;
          cell += chunk;
          at = quote + 1;
          if (text[at] !== '"') break;
          cell += '"';
          at++;
        }
      }
      // Unquoted text, or text after a closing quote, which spreadsheets keep as written.
      UNQUOTED_END.lastIndex = at;
      const end = UNQUOTED_END.exec(text)?.index ?? text.length;
      cell += text.slice(at, end);
      cells.push(cell);
      at = end;
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === '\r') at += text[at + 1] === '\n' ? 2 : 1;
      else if (text[at] === '\n') at++;
      line++;
      break;
    }
    const blank = !quoted && cells.length === 1 && cells[0]?.trim() === '';
    if (!blank) rows.push({ line: start, cells });
  }
  return rows;
}

