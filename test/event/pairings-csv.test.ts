// An event's pairings read from an organiser's CSV or the browser's list, and written back as CSV.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { csvRow, parseCsv } from '../../src/csv.js';
import { checkPairings, pairingsCsv, parsePairings, type Pairing } from '../../src/event/pairings.js';

/** The message of the InputError `run` throws. */
function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('expected an InputError, and nothing was thrown');
}

const csv = (...lines: string[]): string => lines.join('\n');

describe('reading pairings from CSV', () => {
  it('reads a spreadsheet export: BOM, CRLF, quoted names with commas and quotes, comments, blank lines', () => {
    const text = '\uFEFFRound, Table ,Player 1,player2,PLAYER 3\r\n'
      + '# round 1: the first two tables\r\n'
      + '1,1,"Ng, Ana","Bo ""the Wall"" Li",\r\n'
      + '\r\n'
      + '1,sequence-game,  Cy  ,Di,Ed\r\n'
      + ',,,,\r\n'
      + '2,1,Ana,Cy\r\n';
    expect(parsePairings(text, 'event.csv')).toEqual([
      { round: 1, table: '1', players: ['Ng, Ana', 'Bo "the Wall" Li'] },
      { round: 1, table: 'sequence-game', players: ['Cy', 'Di', 'Ed'] },
      { round: 2, table: '1', players: ['Ana', 'Cy'] },
    ]);
  });

  it('takes team columns and player columns in any order, and seats names by their number', () => {
    const text = csv('team 2,round,Team1,table', 'Blue,1,Red,7');
    expect(parsePairings(text, 'event.csv')).toEqual([{ round: 1, table: '7', players: ['Red', 'Blue'] }]);
  });

  it('sorts by round, then table numbers as numbers, then table ids', () => {
    const text = csv('round,table,player 1,player 2', '2,1,A,B', '1,b-room,C,D', '1,10,E,F', '1,2,G,H', '1,a-room,I,J');
    expect(parsePairings(text, 'event.csv').map(({ round, table }) => `${round}/${table}`)).toEqual(['1/2', '1/10', '1/a-room', '1/b-room', '2/1']);
  });

  it('lets the same player play again in another round, and the same table serve every round', () => {
    const text = csv('round,table,player 1,player 2', '1,1,Ana,Bo', '2,1,Ana,Bo');
    expect(parsePairings(text, 'event.csv')).toHaveLength(2);
  });

  it('numbers a row by the line it starts on, counting line breaks inside quotes', () => {
    const text = csv('round,table,player 1,player 2,player 3', '1,1,Ana,Bo,"', '"', '"# a comment', 'over two lines"', '1,2,Cy,bo');
    expect(messageOf(() => parsePairings(text, 'event.csv'))).toBe('event.csv line 6: "bo" already plays at table 1 in round 1 (line 2)');
  });
});

describe('a pairing list that cannot be read gives one line naming the problem and where', () => {
  const header = 'round,table,player 1,player 2,player 3';
  const cases: [string, string, string][] = [
    ['a round that is not a number', csv(header, '# a comment', '1,1,A,B', 'x,2,C,D'), 'event.csv line 4: round must be a whole number from 1 to 999, not "x"'],
    ['round 0', csv(header, '0,1,A,B'), 'event.csv line 2: round must be a whole number from 1 to 999, not "0"'],
    ['round 1000', csv(header, '1000,1,A,B'), 'event.csv line 2: round must be a whole number from 1 to 999, not "1000"'],
    ['a fractional round', csv(header, '1.5,1,A,B'), 'event.csv line 2: round must be a whole number from 1 to 999, not "1.5"'],
    ['an empty round', csv(header, ',1,A,B'), 'event.csv line 2: round must be a whole number from 1 to 999, not ""'],
    ['an empty table', csv(header, '1, ,A,B'), 'event.csv line 2: table must be a number or an id of letters, digits, - _ . (up to 48), not ""'],
    ['a table with a space in it', csv(header, '1,table 3,A,B'), 'event.csv line 2: table must be a number or an id of letters, digits, - _ . (up to 48), not "table 3"'],
    ['a table id of 49 characters', csv(header, `1,${'t'.repeat(49)},A,B`), `event.csv line 2: table must be a number or an id of letters, digits, - _ . (up to 48), not "${'t'.repeat(40)}"... (49 characters)`],
    ['a name of 41 characters', csv(header, `1,1,A,${'n'.repeat(41)}`), `event.csv line 2: player 2 is longer than 40 characters: "${'n'.repeat(40)}"... (41 characters)`],
    ['an empty name between two names', csv(header, '1,1,A, ,C'), 'event.csv line 2: player 2 is empty but player 3 is not'],
    ['a pairing of one', csv(header, '1,1,A,,'), 'event.csv line 2: a pairing needs at least 2 players, and this one names 1'],
    ['a table of nine', csv('round,table,player 1,player 2,player 3,player 4,player 5,player 6,player 7,player 8,player 9', '1,1,A,B,C,D,E,F,G,H,I'), 'event.csv line 2: a table seats at most 8 players, and this one names 9'],
    ['the same name twice at one table, however cased', csv(header, '1,3,Ana,Bo,ana'), 'event.csv line 2: "ana" is named twice at table 3'],
    ['the same table twice in a round', csv(header, '1,3,A,B', '2,3,A,B', '1,3,C,D'), 'event.csv line 4: round 1 table 3 is already paired on line 2'],
    ['a player at two tables in one round', csv(header, '1,1,Ana,Bo', '1,2,Cy,Di', '2,1,Ana,Bo', '2,2,Cy,Di', '# late entry', '2,3,Ed,ANA'), 'event.csv line 7: "ANA" already plays at table 1 in round 2 (line 4)'],
    ['a name holding a tab', csv(header, '1,1,A,"B\tC"'), 'event.csv line 2: player 2 "B\\tC" holds a line break, tab or other control character'],
    ['a value past the header\'s columns', csv('round,table,player 1,player 2', '1,1,A,B,,C'), 'event.csv line 2: column 6 holds "C" but the header names no column 6'],
    ['a value under an empty header cell', csv('round,,table,player 1,player 2', '1,x,1,A,B'), 'event.csv line 2: column 2 holds "x" but the header names no column 2'],
    ['an unknown column', csv('round,table,colour,player 1,player 2', '1,1,red,A,B'), 'event.csv line 1: unknown column "colour"; the columns are round, table, player 1, player 2, ...'],
    ['several unknown columns', csv('round,table,colour,player 1,notes,player 2', '1,1,red,A,,B'), 'event.csv line 1: unknown columns "colour", "notes"; the columns are round, table, player 1, player 2, ...'],
    ['no round column', csv('table,player 1,player 2', '1,A,B'), 'event.csv line 1: no "round" column; the columns are round, table, player 1, player 2, ...'],
    ['no table column', csv('# header next', 'round,player 1,player 2', '1,A,B'), 'event.csv line 2: no "table" column; the columns are round, table, player 1, player 2, ...'],
    ['no player columns', csv('round,table', '1,1'), 'event.csv line 1: no player columns; the columns are round, table, player 1, player 2, ...'],
    ['a gap in the player columns', csv('round,table,player 1,player 3', '1,1,A,B'), 'event.csv line 1: player columns must be numbered from 1 without gaps, and there is no player 2'],
    ['player columns from 0', csv('round,table,player 0,player 1', '1,1,A,B'), 'event.csv line 1: player columns are numbered from 1, not "player 0"'],
    ['two columns for one player', csv('round,table,player 1,team 1,player 2', '1,1,A,B,C'), 'event.csv line 1: two columns for player 1 ("player 1" and "team 1")'],
    ['a column twice', csv('round,table,Round,player 1,player 2', '1,1,1,A,B'), 'event.csv line 1: column "round" appears twice'],
    ['a header and no pairings', csv(header, '', '# none yet'), 'event.csv: no pairings (a header and one line a table and round)'],
    ['an empty file', '', 'event.csv: no pairings (a header and one line a table and round)'],
    ['a quoted field not closed', csv(header, '1,1,A,B', '1,2,"Cy,D', '1,3,E,F'), 'event.csv line 3: a quoted field is not closed'],
  ];

  it.each(cases)('%s', (_, text, expected) => {
    const message = messageOf(() => parsePairings(text, 'event.csv'));
    expect(message).toBe(expected);
    expect(message).not.toMatch(/[\r\n]/);
  });

  it('stays one line when the file holds Windows line endings and a name with a line break', () => {
    const message = messageOf(() => parsePairings('round,table,player 1,player 2\r\n1,1,A,"B\r\nC"\r\n', 'event.csv'));
    expect(message).toBe('event.csv line 2: player 2 "B\\r\\nC" holds a line break, tab or other control character');
  });

  it('never shows a stack trace, however many unknown columns', () => {
    const header = ['round', 'table', 'player 1', 'player 2', ...Array.from({ length: 500 }, (_, i) => `extra ${i}`)].join(',');
    const message = messageOf(() => parsePairings(`${header}\n1,1,A,B`, 'event.csv'));
    expect(message).toBe('event.csv line 1: unknown columns "extra 0", "extra 1", "extra 2" and 497 more; the columns are round, table, player 1, player 2, ...');
  });
});

describe('checking the list edited in the browser', () => {
  it('trims names, takes table numbers as numbers, drops empty trailing seats and sorts', () => {
    const list = [
      { round: 2, table: '1', players: [' Ana ', 'Bo'] },
      { round: 1, table: 10, players: ['Cy', 'Di', ''], id: 'kept out' },
      { round: '1', table: '9', players: ['Ana', 'Bo'] },
    ];
    expect(checkPairings(list)).toEqual([
      { round: 1, table: '9', players: ['Ana', 'Bo'] },
      { round: 1, table: '10', players: ['Cy', 'Di'] },
      { round: 2, table: '1', players: ['Ana', 'Bo'] },
    ]);
  });

  const cases: [string, unknown, string][] = [
    ['not a list', { round: 1 }, 'the pairings must be a list, not an object'],
    ['an empty list', [], 'no pairings (one a table and round)'],
    ['a row that is not an object', [{ round: 1, table: '1', players: ['A', 'B'] }, 'A v B'], 'row 2: a pairing must be an object with round, table and players, not "A v B"'],
    ['players not a list', [{ round: 1, table: '1', players: 'A, B' }], 'row 1: players must be a list of names, not "A, B"'],
    ['a fractional round', [{ round: 2.5, table: '1', players: ['A', 'B'] }], 'row 1: round must be a whole number from 1 to 999, not 2.5'],
    ['a name that is not a string', [{ round: 1, table: '1', players: ['A', 7] }], 'row 1: player 2 must be a name, not 7'],
    ['an empty name between two', [{ round: 1, table: '1', players: ['A', '  ', 'C'] }], 'row 1: player 2 is empty but player 3 is not'],
    ['a player at two tables in one round', [{ round: 1, table: '1', players: ['Ana', 'Bo'] }, { round: 1, table: '2', players: ['Cy', 'Di'] }, { round: 1, table: '3', players: ['ana ', 'Ed'] }], 'row 3: "ana" already plays at table 1 in round 1 (row 1)'],
    ['the same table twice in a round', [{ round: 1, table: '1', players: ['A', 'B'] }, { round: 1, table: 1, players: ['C', 'D'] }], 'row 2: round 1 table 1 is already paired on row 1'],
  ];

  it.each(cases)('names the row of %s', (_, list, expected) => {
    const message = messageOf(() => checkPairings(list));
    expect(message).toBe(expected);
    expect(message).not.toMatch(/[\r\n]/);
  });
});

describe('writing pairings as CSV', () => {
  it('writes a header with as many player columns as the largest table, quoting what needs it', () => {
    const pairings: Pairing[] = [
      { round: 1, table: '1', players: ['Ng, Ana', 'Bo "the Wall" Li'] },
      { round: 1, table: 'sequence-game', players: ['Cy', 'Di', 'Ed'] },
    ];
    expect(pairingsCsv(pairings)).toBe('round,table,player 1,player 2,player 3\r\n1,1,"Ng, Ana","Bo ""the Wall"" Li",\r\n1,sequence-game,Cy,Di,Ed\r\n');
  });

  it('writes two player columns for an empty list', () => {
    expect(pairingsCsv([])).toBe('round,table,player 1,player 2\r\n');
  });

  const nameUnit = fc.oneof(
    fc.constantFrom(',', '"', '""', ' ', '#', "'", 'é', 'e\u0301', 'ß', '日', '🂡'),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
  );
  const name = fc.string({ unit: nameUnit, minLength: 1, maxLength: 12 })
    .map((text) => text.trim())
    .filter((text) => text.length > 0 && [...text].length <= 40 && !/[\u0000-\u001f\u007f-\u009f]/.test(text));
  const table = fc.oneof(fc.nat({ max: 200 }).map(String), fc.stringMatching(/^[A-Za-z0-9_.-]{1,48}$/));
  const nameKey = (text: string): string => text.trim().normalize('NFC').toLowerCase();
  // One round: distinct names dealt out to tables of 2 to 8, each table once.
  const round = (number: number): fc.Arbitrary<Pairing[]> => fc.tuple(
    fc.uniqueArray(name, { minLength: 2, maxLength: 24, selector: nameKey }),
    fc.uniqueArray(table, { minLength: 12, maxLength: 12 }),
    fc.array(fc.integer({ min: 2, max: 8 }), { minLength: 12, maxLength: 12 }),
  ).map(([names, tables, sizes]) => {
    const pairings: Pairing[] = [];
    let next = 0;
    for (const [index, size] of sizes.entries()) {
      if (names.length - next < 2) break;
      const players = names.slice(next, next + size);
      next += players.length;
      pairings.push({ round: number, table: tables[index] ?? String(index), players });
    }
    return pairings;
  });
  const event = fc.integer({ min: 1, max: 4 }).chain((rounds) => fc.tuple(...Array.from({ length: rounds }, (_, i) => round(i + 1))))
    .map((rounds) => checkPairings(rounds.flat()));

  it('reads back exactly what it wrote, names with commas, quotes and accents included', () => {
    fc.assert(fc.property(event, (pairings) => {
      expect(parsePairings(pairingsCsv(pairings), 'event.csv')).toEqual(pairings);
    }), { numRuns: 300 });
  });
});

describe('CSV rows', () => {
  it('quotes a cell holding a comma, a quote, a line break or space at either end, and nothing else', () => {
    expect(csvRow(['plain', 3, 'a,b', 'say "hi"', 'two\nlines', 'cr\r', ' lead', 'trail ', 'in side', ''])).toBe('plain,3,"a,b","say ""hi""","two\nlines","cr\r"," lead","trail ",in side,');
  });

  it('reads RFC 4180: quoted fields, doubled quotes, line breaks in quotes, CRLF or LF, a BOM ignored, blank lines skipped', () => {
    const text = '\uFEFFa,"b,c","say ""hi"""\r\n\r\n"two\r\nlines",,"" \n   \nlast';
    expect(parseCsv(text, 'x.csv')).toEqual([['a', 'b,c', 'say "hi"'], ['two\r\nlines', '', ' '], ['last']]);
  });

  it('names the line a quoted field opens on when it is never closed', () => {
    expect(messageOf(() => parseCsv('a,b\n"c\nd"\ne,"f\ng', 'x.csv'))).toBe('x.csv line 4: a quoted field is not closed');
  });

  it('reads back any rows it wrote', () => {
    const cell = fc.string({ unit: fc.oneof(fc.constantFrom(',', '"', '\r', '\n', '\r\n', ' ', '\t', '\uFEFF'), fc.string({ unit: 'grapheme', maxLength: 1 })), maxLength: 10 });
    // A row of one empty cell is a blank line, which a reader skips.
    const row = fc.array(cell, { minLength: 1, maxLength: 6 }).filter((cells) => cells.length > 1 || cells[0] !== '');
    fc.assert(fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.constantFrom('\n', '\r\n'), (rows, ending) => {
      expect(parseCsv(rows.map((cells) => csvRow(cells)).join(ending), 'x.csv')).toEqual(rows);
    }), { numRuns: 500 });
  });
});
