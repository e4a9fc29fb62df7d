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

const rules = (cells: readonly Chip[], teams: 2 | 3 = 2, first?: 'G' | 'B'): string[] => sequence.judgeBoard(cells, teams, first ? { first } : {}).violations.map((v) => v.rule);

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

  it('with two teams the colour that started has as many chips as the other or one more (a turn adds one chip or takes one away); the rulebook does not say which starts', () => {
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
    // Even counts: the colour that started moves, where the case says which did.
    expect(sequence.judgeBoard(equal, 2).next).toBeNull();
    expect(sequence.judgeBoard(equal, 2, { first: 'G' }).next).toBe('G');
    expect(sequence.judgeBoard(equal, 2, { first: 'B' }).next).toBe('B');
    expect(rules(greenAhead)).toEqual([]);
    expect(sequence.judgeBoard(greenAhead, 2).next).toBe('B');
    // Blue one ahead: a game blue started, legal unless the case says green started.
    expect(rules(blueAhead)).toEqual([]);
    expect(sequence.judgeBoard(blueAhead, 2).next).toBe('G');
    expect(rules(blueAhead, 2, 'G')).toEqual(['chip-counts-impossible']);
    expect(sequence.judgeBoard(blueAhead, 2, { first: 'G' }).next).toBeNull();
    expect(rules(greenAhead, 2, 'B')).toEqual(['chip-counts-impossible']);
    expect(rules(greenTwoAhead)).toEqual(['chip-counts-impossible']);
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
    // With both corners each row is ten in a row. Eight green, eight blue: the colour that did not
    // start moved last (blue, where green started); the board alone cannot tell which started.
    const judged = sequence.judgeBoard(cells, 2, { first: 'G' });
    expect(judged.violations).toEqual([]);
    expect(judged.winner).toBe('B');
    expect(sequence.judgeBoard(cells, 2, { first: 'B' }).winner).toBe('G');
    expect(sequence.judgeBoard(cells, 2).winner).toBeNull();
  });
});

describe('boards of random legal games', () => {
  it('never draw a board-alone warning while every turn moves a chip (a player who cannot move at all passes; see rules-decisions)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom<{ players: number; teams?: 2 | 3 }>({ players: 2 }, { players: 3 }, { players: 4 }, { players: 6, teams: 3 }), (seed, config) => {
        const { states, moves } = sequence.randomPlayout(config, seed);
        fc.pre(moves.every((m) => m.type !== 'pass'));
        for (const state of states) {
          // The engine's games start with green.
          const judged = sequence.judgeBoard(sequence.cellsOf(state.board), state.teams, { ...state.options, first: 'G' });
          expect(judged.violations).toEqual([]);
        }
        const last = states.at(-1)!;
        expect(sequence.judgeBoard(sequence.cellsOf(last.board), last.teams, { first: 'G' }).winner).toBe(last.winner);
      }),
      { numRuns: 25 },
    );
  });
});
