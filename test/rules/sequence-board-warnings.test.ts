import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Chip, sequence } from '../../src/rules/sequence.js';
import { InputError } from '../../src/errors.js';

function board(picture: string): Chip[] {
  return sequence.parseBoard(
    picture
      .trim()
      .split('\n')
      .map((line) => line.replace(/\s+/g, '')),
  );
}

const rules = (cells: readonly Chip[], teams: 2 | 3 = 2): string[] => sequence.judgeBoard(cells, teams).violations.map((v) => v.rule);

describe('reading a board', () => {
  it.each([
    [['..........'], /10 rows, got 1/],
    [Array(10).fill('.........'), /board\[0\] must have 10 characters, got 9/],
    [[...Array(9).fill('..........'), '....X.....'], /board\[9\] col 4: "X"/],
    [[...Array(9).fill('..........'), 7], /board\[9\] must be a string/],
    ['..........', /must be an array/],
  ])('rejects a malformed board with an InputError naming the row (%#)', (input, message) => {
    expect(() => sequence.parseBoard(input)).toThrow(InputError);
    expect(() => sequence.parseBoard(input)).toThrow(message);
  });

  it('reads lower-case chip letters as the contract letters', () => {
    expect(sequence.rowsOf(sequence.parseBoard(['.gbr......', ...Array(9).fill('..........')]))[0]).toBe('.GBR......');
  });
});

describe('states no legal game can reach', () => {
  it('"The four corners of the board are free spaces": a chip on a corner is a violation', () => {
    const cells = board(`
      G . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const judged = sequence.judgeBoard(cells, 2);
    expect(judged.violations.map((v) => v.rule)).toEqual(['chip-on-corner']);
    expect(judged.violations[0]!.message).toContain('row 0, col 0');
  });

  it('with two teams green has as many chips as blue or one more (green moves first; a turn adds one chip or takes one away)', () => {
    const equal = board(`
      . G B . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const greenAhead = board(`
      . G B G . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const blueAhead = board(`
      . G B B . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const greenTwoAhead = board(`
      . G B G G . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(rules(equal)).toEqual([]);
    expect(sequence.judgeBoard(equal, 2).next).toBe('G');
    expect(rules(greenAhead)).toEqual([]);
    expect(sequence.judgeBoard(greenAhead, 2).next).toBe('B');
    expect(rules(blueAhead)).toEqual(['chip-counts-impossible']);
    expect(rules(greenTwoAhead)).toEqual(['chip-counts-impossible']);
    expect(sequence.judgeBoard(blueAhead, 2).next).toBeNull();
    // Three teams: any counts can be reached, so none is flagged.
    expect(rules(greenTwoAhead, 3)).toEqual([]);
  });

  it('red chips in a game of two teams ("red chips are used only with three players/teams")', () => {
    const cells = board(`
      . G R . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(rules(cells)).toEqual(['colour-not-in-game']);
    expect(rules(cells, 3)).toEqual([]);
  });

  it('more chips of a colour than "35 red marker chips" in the box', () => {
    const rows = Array.from({ length: 10 }, (_, r) => (r < 4 ? '.RRRRRRRR.' : r === 4 ? '.RRRR.....' : '..........'));
    expect(rules(sequence.parseBoard(rows), 3)).toContain('more-chips-than-the-box');
  });

  it('with three teams two teams holding a Sequence: the first one ended the game', () => {
    const cells = board(`
      . . . . . . . . . .
      . G G G G G . . . .
      . B B B B B . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const judged = sequence.judgeBoard(cells, 3);
    expect(judged.violations.map((v) => v.rule)).toEqual(['several-winners']);
    expect(judged.winner).toBeNull();
  });

  it('with two teams both holding two fives, the winner is the team that moved last (the board cannot see which fives were marked)', () => {
    const cells = board(`
      . G G G G G G G G .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . B B B B B B B B .`);
    // With both corners each row is ten in a row. Eight green, eight blue: blue moved last.
    const judged = sequence.judgeBoard(cells, 2);
    expect(judged.violations).toEqual([]);
    expect(judged.winner).toBe('B');
  });
});

describe('boards of random legal games', () => {
  it('never draw a board-alone warning while every turn moves a chip (a player who cannot move at all passes; see rules-decisions)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom<{ players: number; teams?: 2 | 3 }>({ players: 2 }, { players: 3 }, { players: 4 }, { players: 6, teams: 3 }), (seed, config) => {
        const { states, moves } = sequence.randomPlayout(config, seed);
        fc.pre(moves.every((m) => m.type !== 'pass'));
        for (const state of states) {
          const judged = sequence.judgeBoard(sequence.cellsOf(state.board), state.teams, state.options);
          expect(judged.violations).toEqual([]);
        }
        const last = states.at(-1)!;
        expect(sequence.judgeBoard(sequence.cellsOf(last.board), last.teams).winner).toBe(last.winner);
      }),
      { numRuns: 25 },
    );
  });
});
