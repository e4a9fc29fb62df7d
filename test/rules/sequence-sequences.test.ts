import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Chip, type Team, sequence } from '../../src/rules/sequence.js';
import { allFives } from '../../src/rules/sequence/lines.js';
import { isCorner } from '../../src/rules/sequence-board-layout.js';

/** A board as a picture: ten lines of ten characters (spaces between them ignored). */
function board(picture: string): Chip[] {
  return sequence.parseBoard(
    picture
      .trim()
      .split('\n')
      .map((line) => line.replace(/\s+/g, '')),
  );
}

function count(cells: readonly Chip[], team: Team, teams: 2 | 3 = 2, nineCountsTwice = false): number {
  return sequence.judgeBoard(cells, teams, { nineCountsTwice }).sequences.filter((s) => s.team === team).length;
}

describe('what a Sequence is', () => {
  it('"A Sequence is a connected series of five of the same-colored chips in a row—up or down, across, or diagonally"', () => {
    const across = board(`
      . . . . . . . . . .
      . G G G G G . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const down = board(`
      . . . . . . . . . .
      . . . B . . . . . .
      . . . B . . . . . .
      . . . B . . . . . .
      . . . B . . . . . .
      . . . B . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const diagonals = board(`
      . . . . . . . . . .
      . G . . . . . . R .
      . . G . . . . R . .
      . . . G . . R . . .
      . . . . G R . . . .
      . . . . R G . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(count(across, 'G')).toBe(1);
    expect(count(down, 'B')).toBe(1);
    expect(count(diagonals, 'G', 3)).toBe(1);
    expect(count(diagonals, 'R', 3)).toBe(1);
    expect(sequence.judgeBoard(across, 2).sequences[0]).toEqual({
      team: 'G',
      direction: 'across',
      cells: [
        [1, 1],
        [1, 2],
        [1, 3],
        [1, 4],
        [1, 5],
      ],
    });
  });

  it('four in a row, or five broken by another colour, is no Sequence', () => {
    const cells = board(`
      . . . . . . . . . .
      . G G G G . . . . .
      . G G B G G . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(count(cells, 'G')).toBe(0);
  });
});

describe('the corners', () => {
  it('"The four corners of the board are free spaces that count for all players": two teams use one corner', () => {
    const cells = board(`
      . G G G G . . . . .
      B . . . . . . . . .
      B . . . . . . . . .
      B . . . . . . . . .
      B . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const judged = sequence.judgeBoard(cells, 2);
    expect(judged.violations).toEqual([]);
    expect(judged.sequences.map((s) => [s.team, s.direction, s.cells[0]])).toEqual([
      ['G', 'across', [0, 0]],
      ['B', 'down', [0, 0]],
    ]);
  });

  it('"a Sequence that uses a corner needs only four of your own chips"', () => {
    const atCorner = board(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . R . . . .
      . . . . . . R . . .
      . . . . . . . R . .
      . . . . . . . . R .
      . . . . . . . . . .`);
    const awayFromCorner = board(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . R . . . .
      . . . . . . R . . .
      . . . . . . . R . .
      . . . . . . . . R .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(count(atCorner, 'R', 3)).toBe(1);
    expect(sequence.judgeBoard(atCorner, 3).sequences[0]!.cells.at(-1)).toEqual([9, 9]);
    expect(count(awayFromCorner, 'R', 3)).toBe(0);
  });
});

describe('Completing a Sequence: sharing chips', () => {
  it('"One chip from a completed Sequence may be used as part of a second Sequence in a different direction"', () => {
    const cells = board(`
      . . . . . . . . . .
      . . . . . . . . . .
      . G G G G G . . . .
      . . . . . G . . . .
      . . . . . G . . . .
      . . . . . G . . . .
      . . . . . G . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const judged = sequence.judgeBoard(cells, 2);
    expect(judged.sequences.map((s) => s.direction)).toEqual(['across', 'down']);
    expect(judged.winner).toBe('G');
  });

  it('"each new Sequence needs at least four new chips": three new chips beside a completed Sequence are not a second one', () => {
    const cells = board(`
      . . . . . . . . . .
      . . . . . . . . . .
      . G G G G G . . . .
      . . . . . G . . . .
      . . . . . G . . . .
      . . . . . G . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(count(cells, 'G')).toBe(1);
  });

  it('nine in a row is one sequence (the second would run in the same direction), ten in a row two', () => {
    const nine = board(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      G G G G G G G G G .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const ten = board(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      G G G G G G G G G G
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(count(nine, 'G')).toBe(1);
    expect(count(ten, 'G')).toBe(2);
    expect(sequence.judgeBoard(ten, 2).sequences.map((s) => s.cells[0])).toEqual([
      [5, 0],
      [5, 5],
    ]);
  });

  it('with the house rule "nine in a row counts twice" the two share the middle chip', () => {
    const nine = board(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . G G G G G G G G G
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(count(nine, 'G', 2, false)).toBe(1);
    expect(count(nine, 'G', 2, true)).toBe(2);
    expect(sequence.judgeBoard(nine, 2, { nineCountsTwice: true }).sequences.map((s) => [s.cells[0], s.cells[4]])).toEqual([
      [
        [5, 1],
        [5, 5],
      ],
      [
        [5, 5],
        [5, 9],
      ],
    ]);
  });

  it('three Sequences may each share a different chip with the other two (any two share at most one; see rules-decisions)', () => {
    // across (2,2)-(2,6), down (2,2)-(6,2), anti-diagonal (2,6)-(6,2): twelve chips.
    const cells = board(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . G G G G G . . .
      . . G . . G . . . .
      . . G . G . . . . .
      . . G G . . . . . .
      . . G . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(count(cells, 'G')).toBe(3);
  });
});

describe('Winning', () => {
  const twoSequences = board(`
      . G G G G . . . . .
      G . . . . . . . . .
      G . . . . . . . . .
      G . . . . . . . . .
      G . . . . . . . . .
      . B B B B B B B . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);

  it('"with 2 players or teams, score two Sequences": green with two wins, blue with seven in a row does not', () => {
    const judged = sequence.judgeBoard(twoSequences, 2);
    expect(judged.violations).toEqual([]);
    expect(judged.winner).toBe('G');
    expect(judged.sequences.filter((s) => s.team === 'B')).toHaveLength(1);
  });

  it('"with 3 players or teams, score one Sequence"', () => {
    const cells = board(`
      . . . . . . . . . .
      . R R R R R . . . .
      . . . . . . . . . .
      . G G G . . . . . .
      . . . . . . . . . .
      . B B B B . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    expect(sequence.judgeBoard(cells, 3).winner).toBe('R');
    expect(sequence.judgeBoard(board(`
      . . . . . . . . . .
      . R R R R . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`), 3).winner).toBeNull();
  });

  it('one Sequence does not win a game of two teams', () => {
    const cells = board(`
      . . . . . . . . . .
      . G G G G G . . . .
      . B B B B . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const judged = sequence.judgeBoard(cells, 2);
    expect(judged.winner).toBeNull();
    expect(judged.next).toBe('B');
  });
});

// An exhaustive search over candidate lines, straight from the definition, to check the
// per-line closed form of the engine (the "perft" of this game).
const candidateFives = (cells: readonly Chip[], team: Team) => allFives().filter((f) => f.cells.every((i) => cells[i] === team || isCorner(i)));

function searchMost(cells: readonly Chip[], team: Team, chained: boolean): number {
  const fives = candidateFives(cells, team);
  const compatible = (a: (typeof fives)[number], b: (typeof fives)[number]): boolean => {
    const shared = a.cells.filter((x) => b.cells.includes(x)).length;
    if (shared === 0) return true;
    if (shared > 1) return false;
    return chained || a.direction !== b.direction;
  };
  let best = 0;
  const go = (k: number, picked: (typeof fives)[number][]): void => {
    if (picked.length + (fives.length - k) <= best) return;
    if (k === fives.length) {
      best = picked.length;
      return;
    }
    const next = fives[k]!;
    if (picked.every((p) => compatible(p, next))) go(k + 1, [...picked, next]);
    go(k + 1, picked);
  };
  go(0, []);
  return best;
}

const randomBoard = (weights: Chip[]): fc.Arbitrary<Chip[]> =>
  fc.array(fc.constantFrom(...weights), { minLength: 100, maxLength: 100 }).map((cells) => cells.map((c, i) => (isCorner(i) ? '.' : c)));
const boards = fc.oneof(randomBoard(['.', 'G', 'B']), randomBoard(['G', 'G', 'B', '.']), randomBoard(['G', 'G', 'G', 'B', '.']));

describe('the most sequences a team can hold at once', () => {
  it('equals an exhaustive search over candidate lines (standard and house rule)', () => {
    fc.assert(
      fc.property(boards, fc.boolean(), (cells, chained) => {
        // The search is exponential in the candidate fives: boards with more than 28 (rare, and seconds
        // to minutes each) are left to the turning/mirroring property below.
        fc.pre((['G', 'B'] as const).every((team) => candidateFives(cells, team).length <= 28));
        for (const team of ['G', 'B'] as const) expect(count(cells, team, 2, chained)).toBe(searchMost(cells, team, chained));
      }),
      { numRuns: 150 },
    );
  });

  it('is the same after turning or mirroring the board (corners map to corners)', () => {
    const turn = (cells: readonly Chip[]): Chip[] => cells.map((_, i) => cells[(9 - (i % 10)) * 10 + Math.floor(i / 10)]!);
    const transpose = (cells: readonly Chip[]): Chip[] => cells.map((_, i) => cells[(i % 10) * 10 + Math.floor(i / 10)]!);
    fc.assert(
      fc.property(boards, fc.boolean(), (cells, chained) => {
        const counts = (c: readonly Chip[]): number[] => [count(c, 'G', 2, chained), count(c, 'B', 2, chained)];
        const base = counts(cells);
        expect(counts(turn(cells))).toEqual(base);
        expect(counts(turn(turn(cells)))).toEqual(base);
        expect(counts(transpose(cells))).toEqual(base);
      }),
      { numRuns: 200 },
    );
  });
});
