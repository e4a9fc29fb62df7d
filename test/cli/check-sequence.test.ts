// `seqref check` for the Sequence board game, run as the built command (npx tsc -p tsconfig.build.json first).
import { describe, expect, it } from 'vitest';
import { check, seqref } from '../helpers/cli.js';

const EMPTY = Array(10).fill('..........');

function boardWith(changes: Record<number, string>): string[] {
  return EMPTY.map((row, r) => changes[r] ?? row);
}

describe('seqref check: sequence / board (contracts section 2)', () => {
  it('answers legal, points null, the sequences each team holds and the winner', () => {
    const board = boardWith({ 0: '.GGGG.....', 1: 'G.........', 2: 'G.........', 3: 'G.........', 4: 'G.........', 6: '.BBBBBBB..' });
    const { status, answer } = check({ game: 'sequence', kind: 'board', teams: 2, board });
    expect(status).toBe(0);
    expect(answer).toMatchObject({ legal: true, points: null, violations: [], winner: 'G' });
    expect(answer.sequences).toEqual([
      { team: 'G', direction: 'across', cells: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]] },
      { team: 'G', direction: 'down', cells: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]] },
      { team: 'B', direction: 'across', cells: [[6, 1], [6, 2], [6, 3], [6, 4], [6, 5]] },
    ]);
    expect(answer.counts).toEqual({ G: 8, B: 7 });
  });

  it('nine in a row is one sequence and ten in a row two; the house rule counts nine twice', () => {
    const nine = boardWith({ 5: 'GGGGGGGGG.' });
    const ten = boardWith({ 5: 'GGGGGGGGGG' });
    expect(check({ game: 'sequence', kind: 'board', teams: 2, board: nine }).answer.sequences).toHaveLength(1);
    expect(check({ game: 'sequence', kind: 'board', teams: 2, board: ten }).answer.sequences).toHaveLength(2);
    const house = check({ game: 'sequence', kind: 'board', teams: 2, board: nine, options: { nineCountsTwice: true } }).answer;
    expect(house.sequences).toHaveLength(2);
    expect(house.winner).toBe('G');
  });

  it('"A chip on a corner is a violation" (exit 0, legal false)', () => {
    const { status, answer } = check({ game: 'sequence', kind: 'board', teams: 3, board: boardWith({ 9: '.........R' }) });
    expect(status).toBe(0);
    expect(answer.legal).toBe(false);
    expect(answer.violations.map((v: { rule: string }) => v.rule)).toEqual(['chip-on-corner']);
    expect(answer.winner).toBeNull();
  });

  it('one team needs one sequence with three teams', () => {
    const board = boardWith({ 2: '..RRRRR...', 3: '.GG.......', 4: '.BB.......' });
    expect(check({ game: 'sequence', kind: 'board', teams: 3, board }).answer.winner).toBe('R');
  });

  it.each([
    ['a row of the wrong length', { board: [...EMPTY.slice(0, 9), '.........'] }, /board\[9\] must have 10 characters, got 9/],
    ['too few rows', { board: EMPTY.slice(0, 9) }, /board must have 10 rows, got 9/],
    ['a bad character', { board: [...EMPTY.slice(0, 3), '...X......', ...EMPTY.slice(4)] }, /board\[3\] col 3: "X" is not a space state/],
    ['no board', {}, /missing field "board"/],
    ['teams 4', { teams: 4, board: EMPTY }, /field "teams" must be 2 or 3/],
  ])('bad input (%s) exits 2 with one line and no stack trace', (_, fields, message) => {
    const { status, stderr } = check({ game: 'sequence', kind: 'board', teams: 2, ...fields });
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\bat .*\.js/);
  });
});

describe('seqref check: sequence / move', () => {
  it('judges one card played on a board and answers the board after it', () => {
    const board = boardWith({ 0: '..BBBB....', 5: 'GGGG......' });
    const { status, answer } = check({ game: 'sequence', kind: 'move', teams: 2, board, team: 'G', card: '2h', row: 5, col: 4 });
    expect(status).toBe(0);
    expect(answer).toMatchObject({ legal: true, points: null, violations: [], winner: null });
    expect(answer.board[5]).toBe('GGGGG.....');
    expect(answer.completed).toHaveLength(1);
  });

  it('names the card and the space when the card is not printed there', () => {
    const { answer } = check({ game: 'sequence', kind: 'move', teams: 2, board: EMPTY, team: 'G', card: '10S', row: 5, col: 4 });
    expect(answer.legal).toBe(false);
    expect(answer.violations[0]).toEqual({
      rule: 'card-not-on-space',
      message: 'TS may only go on a space showing TS; 2H (row 5, col 4) shows 2H',
      cards: ['TS', '2H'],
    });
  });

  it('bad input: an unknown card or a space off the board exits 2', () => {
    const unknown = check({ game: 'sequence', kind: 'move', teams: 2, board: EMPTY, team: 'G', card: '1S', row: 5, col: 4 });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/card: unknown playing card "1S"/);
    const off = check({ game: 'sequence', kind: 'move', teams: 2, board: EMPTY, team: 'G', card: 'JD', row: 10, col: 4 });
    expect(off.status).toBe(2);
    expect(off.stderr).toMatch(/"row" must be 0..9/);
    const team = check({ game: 'sequence', kind: 'move', teams: 2, board: EMPTY, team: 'X', card: 'JD', row: 1, col: 4 });
    expect(team.status).toBe(2);
  });
});

describe('seqref check: sequence / series', () => {
  it('infers each move and flags the illegal ones by turn', () => {
    const boards = [EMPTY, boardWith({ 5: '....G.....' }), boardWith({ 4: '....B.....', 5: '....G.....' }), boardWith({ 4: '....BB....', 5: '....G.....' })];
    const { status, answer } = check({ game: 'sequence', kind: 'series', teams: 2, boards, cards: ['2H', '5H', null] });
    expect(status).toBe(0);
    expect(answer.moves).toEqual([
      { type: 'place', team: 'G', row: 5, col: 4, card: '2H' },
      { type: 'place', team: 'B', row: 4, col: 4, card: '5H' },
      { type: 'place', team: 'B', row: 4, col: 5, card: '4H' },
    ]);
    expect(answer.violations.map((v: { rule: string; message: string }) => [v.rule, v.message.split(':')[0]])).toEqual([['wrong-team', 'turn 3']]);
  });

  it('bad input: a bad board in the series, or more cards than turns, exits 2 naming it', () => {
    const bad = check({ game: 'sequence', kind: 'series', teams: 2, boards: [EMPTY, ['..........']] });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/boards\[1\] must have 10 rows/);
    const cards = check({ game: 'sequence', kind: 'series', teams: 2, boards: [EMPTY, EMPTY], cards: ['2H', '3H'] });
    expect(cards.status).toBe(2);
    expect(cards.stderr).toMatch(/"cards" has 2 entries for 1 turns/);
  });
});

it('seqref check --help lists the Sequence kinds', () => {
  const { status, stdout } = seqref(['check', '--help']);
  expect(status).toBe(0);
  for (const kind of ['sequence / board', 'sequence / move', 'sequence / series']) expect(stdout).toContain(kind);
});
