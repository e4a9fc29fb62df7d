// An event's standings and results CSV, from its pairings and the games' outcomes.
import { describe, expect, it } from 'vitest';
import type { Pairing } from '../../src/event/pairings.js';
import { type EventResult, resultsCsv, standings } from '../../src/event/standings.js';

const pairing = (round: number, table: string, ...players: string[]): Pairing => ({ round, table, players });

function result(round: number, table: string, players: string[], winners: number[], extra: Partial<EventResult> = {}): EventResult {
  return {
    round, table, players, winners,
    game: 'sequence', scores: players.map(() => 0), scoreUnit: 'sequences', reason: 'two sequences', turns: 30, warnings: 0, by: 'referee', gameId: null,
    ...extra,
  };
}

/** name: rank points wins played byRound, one string a player. */
const summary = (table: ReturnType<typeof standings>): string[] =>
  table.map((s) => `${s.name}: #${s.rank} ${+s.points.toFixed(4)}pt ${s.wins}w ${s.played}p [${s.byRound.map((r) => r ?? '.').join(' ')}]`);

describe('standings', () => {
  const pairings = [
    pairing(1, '1', 'Ana', 'Bo'), pairing(1, '2', 'Cy', 'Di', 'Ed'),
    pairing(2, '1', 'Ana', 'Cy'), pairing(2, '2', 'Bo', 'Di'), pairing(2, '3', 'Ed', 'Fay'),
  ];
  const results = [
    result(1, '1', ['Ana', 'Bo'], [0]),
    result(1, '2', ['Cy', 'Di', 'Ed'], [0, 1]),
    result(2, '1', ['Ana', 'Cy'], [1]),
    result(2, '2', ['Bo', 'Di'], []),
  ];

  it('scores a sole win 1 and a shared win 1/k, and ranks equal points and wins alike (1, 2, 3, 4, 4, 4)', () => {
    expect(summary(standings(pairings, results))).toEqual([
      'Cy: #1 1.5pt 2w 2p [W= W]',
      'Ana: #2 1pt 1w 2p [W L]',
      'Di: #3 0.5pt 1w 2p [W= -]',
      'Bo: #4 0pt 0w 2p [L -]',
      'Ed: #4 0pt 0w 1p [L .]',
      'Fay: #4 0pt 0w 0p [. .]',
    ]);
  });

  it('lists every paired player before any result is in, all sharing rank 1', () => {
    expect(summary(standings(pairings, []))).toEqual(['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Fay'].map((name) => `${name}: #1 0pt 0w 0p [. .]`));
  });

  it('puts more wins first among equal points', () => {
    const table = standings([], [result(1, '1', ['Sole', 'X'], [0]), result(1, '2', ['Shared', 'Y'], [0, 1]), result(2, '2', ['Shared', 'Z'], [0, 1])]);
    expect(table.slice(0, 2).map((s) => [s.name, s.rank, s.points, s.wins])).toEqual([['Shared', 1, 1, 2], ['Sole', 2, 1, 1]]);
  });

  it('counts shares exactly: 1/2 + 1/3 + 1/6 ties with 1/3 + 1/3 + 1/3', () => {
    const six = ['C1', 'C2', 'C3', 'C4', 'C5'];
    const table = standings([], [
      result(1, '1', ['A', 'X'], [0, 1]), result(2, '1', ['A', 'B', 'Y'], [0, 1, 2]), result(3, '1', ['A', ...six], [0, 1, 2, 3, 4, 5]),
      result(1, '2', ['B', 'P', 'Q'], [0, 1, 2]), result(3, '2', ['B', 'R', 'S'], [0, 1, 2]),
    ]);
    const a = table.find((s) => s.name === 'A');
    const b = table.find((s) => s.name === 'B');
    expect([a?.rank, a?.points, a?.wins]).toEqual([1, 1, 3]);
    expect([b?.rank, b?.points, b?.wins]).toEqual([1, 1, 3]);
  });

  it('matches names however cased or spaced, spelled as in the latest round', () => {
    const table = standings([pairing(1, '1', 'ana maria', 'Bo'), pairing(2, '1', 'Ana Maria ', 'bo')], [result(1, '1', ['ANA MARIA', ' Bo'], [0])]);
    expect(summary(table)).toEqual(['Ana Maria: #1 1pt 1w 1p [W .]', 'bo: #2 0pt 0w 1p [L .]']);
  });

  it('counts a result without a pairing for its own players, adding its round', () => {
    const table = standings([pairing(1, '1', 'Ana', 'Bo')], [result(2, 'extra', ['Gus', 'Ana'], [0])]);
    expect(summary(table)).toEqual(['Gus: #1 1pt 1w 1p [. W]', 'Ana: #2 0pt 0w 1p [. L]', 'Bo: #2 0pt 0w 0p [. .]']);
  });

  it('counts one result a table and round: the later, unless it is a referee\'s after an organiser\'s', () => {
    const first = result(1, '1', ['Ana', 'Bo'], [0]);
    const corrected = result(1, '1', ['Ana', 'Bo'], [1], { by: 'organiser' });
    const late = result(1, '1', ['Ana', 'Bo'], [0]);
    expect(summary(standings([pairing(1, '1', 'Ana', 'Bo')], [first, corrected, late]))).toEqual(['Bo: #1 1pt 1w 1p [W]', 'Ana: #2 0pt 0w 1p [L]']);
    expect(summary(standings([pairing(1, '1', 'Ana', 'Bo')], [first, late]))).toEqual(['Ana: #1 1pt 1w 1p [W]', 'Bo: #2 0pt 0w 1p [L]']);
  });

  it('gives the game to whoever sat at the table when it ended', () => {
    const table = standings([pairing(1, '1', 'Ana', 'Bo')], [result(1, '1', ['Ana', 'Sub'], [1])]);
    expect(summary(table)).toEqual(['Sub: #1 1pt 1w 1p [W]', 'Ana: #2 0pt 0w 1p [L]', 'Bo: #2 0pt 0w 0p [.]']);
  });

  it('is empty for an event with nothing in it', () => {
    expect(standings([], [])).toEqual([]);
  });
});

describe('the results CSV', () => {
  it('writes one line a pairing in round and table order, empty cells where no result is in yet', () => {
    const pairings = [pairing(2, '1', 'Ana', 'Bo'), pairing(1, '10', 'Cy', 'Di'), pairing(1, '2', 'Ng, Ana', 'Bo "B" Li', 'Ed')];
    const results = [
      result(1, '2', ['Ng, Ana', 'Bo "B" Li', 'Ed'], [0, 2], { scores: [2, 1, 2], reason: 'two sequences each', turns: 41, warnings: 1, gameId: 'g-17' }),
      result(1, '10', ['Cy', 'Di'], [], { game: 'progression', scores: [12, 12], scoreUnit: 'points', reason: 'blocked, nobody can play', turns: 58, by: 'organiser' }),
    ];
    expect(resultsCsv(pairings, results).split('\r\n')).toEqual([
      'round,table,game,player 1,player 2,player 3,winner,scores,score unit,turns,warnings,reason,by,game id',
      '1,2,sequence,"Ng, Ana","Bo ""B"" Li",Ed,"Ng, Ana and Ed",2-1-2,sequences,41,1,two sequences each,referee,g-17',
      '1,10,progression,Cy,Di,,nobody,12-12,points,58,0,"blocked, nobody can play",organiser,',
      '2,1,,Ana,Bo,,,,,,,,,',
      '',
    ]);
  });

  it('adds a line for a result without a pairing, and names players as the result does', () => {
    const csv = resultsCsv([pairing(1, '1', 'Ana', 'Bo')], [result(1, '1', ['Ana', 'Sub'], [1], { scores: [1, 2] }), result(1, 'side', ['Gus', 'Hal'], [0], { scores: [2, 0] })]);
    expect(csv).toBe('round,table,game,player 1,player 2,winner,scores,score unit,turns,warnings,reason,by,game id\r\n'
      + '1,1,sequence,Ana,Sub,Sub,1-2,sequences,30,0,two sequences,referee,\r\n'
      + '1,side,sequence,Gus,Hal,Gus,2-0,sequences,30,0,two sequences,referee,\r\n');
  });

  it('writes a name a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    const csv = resultsCsv([pairing(1, '1', '=HYPERLINK("x")', '@Bo')], [result(1, '1', ['=HYPERLINK("x")', '@Bo'], [0], { scores: [2, 1] })]);
    expect(csv.split('\r\n')[1]).toBe(`1,1,sequence,"'=HYPERLINK(""x"")",'@Bo,"'=HYPERLINK(""x"")",2-1,sequences,30,0,two sequences,referee,`);
  });
});
