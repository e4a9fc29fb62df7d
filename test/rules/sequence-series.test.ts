import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Chip, sequence } from '../../src/rules/sequence.js';

function board(picture: string): Chip[] {
  return sequence.parseBoard(
    picture
      .trim()
      .split('\n')
      .map((line) => line.replace(/\s+/g, '')),
  );
}

/** The empty board with chips put on named spaces: "G5,4" = green on row 5, col 4. */
function withChips(...chips: string[]): Chip[] {
  const cells: Chip[] = Array(100).fill('.');
  for (const chip of chips) {
    const [r, c] = chip.slice(1).split(',').map(Number) as [number, number];
    cells[r * 10 + c] = chip[0] as Chip;
  }
  return cells;
}

const rulesOf = (judged: { violations: { rule: string }[] }): string[] => judged.violations.map((v) => v.rule);

describe('inferring the move between two boards', () => {
  it('one chip more is a placement, one chip fewer a removal, the same board no move', () => {
    const before = withChips('G5,4');
    expect(sequence.inferMove(before, withChips('G5,4', 'B4,4'))).toEqual({ type: 'place', team: 'B', row: 4, col: 4, card: '5H' });
    expect(sequence.inferMove(before, withChips())).toEqual({ type: 'remove', removed: 'G', row: 5, col: 4, card: '2H' });
    expect(sequence.inferMove(before, before)).toEqual({ type: 'none' });
    expect(sequence.inferMove(before, withChips('B5,4'))).toMatchObject({ type: 'replace', removed: 'G', team: 'B' });
    expect(sequence.inferMove(before, withChips('G5,4', 'B4,4', 'B3,3'))).toMatchObject({ type: 'several' });
  });

  it('is the move made, on every turn of random legal games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(2, 3, 4), (seed, players) => {
        const { states, moves } = sequence.randomPlayout({ players }, seed);
        moves.forEach((move, i) => {
          const inferred = sequence.inferMove(sequence.cellsOf(states[i]!.board), sequence.cellsOf(states[i + 1]!.board));
          if (move.type === 'place') {
            expect(inferred).toMatchObject({ type: 'place', row: move.row, col: move.col, team: sequence.teamOfSeat(states[i]!.current, states[i]!.teams) });
          } else if (move.type === 'remove') {
            expect(inferred).toMatchObject({ type: 'remove', row: move.row, col: move.col });
          } else {
            expect(inferred).toEqual({ type: 'none' });
          }
        });
      }),
      { numRuns: 25 },
    );
  });
});

describe('a series of boards, one per turn', () => {
  it('a game played by the rules, replayed as boards with the cards played, shows no violation and the same winner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom({ players: 2 }, { players: 3 }, { players: 4, nineCountsTwice: true }), (seed, config) => {
        const { states, moves } = sequence.randomPlayout(config, seed);
        fc.pre(moves.every((m) => m.type !== 'pass'));
        // Exchanges leave the board as it was: a board is taken after each turn.
        const turns = moves.map((m, i) => [m, states[i + 1]!] as const).filter(([m]) => m.type !== 'exchange');
        const last = states.at(-1)!;
        const judged = sequence.judgeSeries({
          teams: last.teams,
          boards: [states[0]!, ...turns.map(([, s]) => s)].map((s) => sequence.cellsOf(s.board)),
          cards: turns.map(([m]) => (m.type === 'place' || m.type === 'remove' ? m.card : null)),
          options: last.options,
        });
        expect(judged.violations).toEqual([]);
        expect(judged.winner).toBe(last.winner);
        expect(judged.sequences).toEqual(last.sequences);
      }),
      { numRuns: 20 },
    );
  });

  it('two chips in one turn', () => {
    const judged = sequence.judgeSeries({ teams: 2, boards: [withChips(), withChips('G5,4', 'G4,4')] });
    expect(rulesOf(judged)).toEqual(['several-changes']);
  });

  it('the wrong team moving: green moves first, then teams alternate', () => {
    const judged = sequence.judgeSeries({ teams: 2, boards: [withChips(), withChips('B5,4'), withChips('B5,4', 'G4,4'), withChips('B5,4', 'G4,4', 'G3,3')] });
    // Blue went first; then green (rightly, after blue), then green again.
    expect(rulesOf(judged)).toEqual(['wrong-team', 'wrong-team']);
    expect(judged.violations[0]!.message).toContain("turn 1: blue placed a chip on 2H (row 5, col 4), but it was green's turn");
    const right = sequence.judgeSeries({ teams: 3, boards: [withChips(), withChips('G5,4'), withChips('G5,4', 'B4,4'), withChips('G5,4', 'B4,4', 'R3,3')] });
    expect(rulesOf(right)).toEqual([]);
  });

  it('"You cannot remove a chip that is part of a completed Sequence"', () => {
    const before = board(`
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
    const after = [...before];
    after[1 * 10 + 3] = '.';
    // Five each, so in a game green started green is to move; a chip of green's own completed Sequence comes off.
    const judged = sequence.judgeSeries({ teams: 2, boards: [before, after], first: 'G' });
    expect(rulesOf(judged)).toEqual(['own-chip-removed', 'locked-chip-removed']);
    const blueChip = [...before];
    blueChip[2 * 10 + 3] = '.';
    expect(rulesOf(sequence.judgeSeries({ teams: 2, boards: [before, blueChip], cards: ['JS'] }))).toEqual(['locked-chip-removed']);
  });

  it('a chip made part of a Sequence during the series is locked from then on', () => {
    const start = withChips('G5,0', 'G5,1', 'G5,2', 'G5,3', 'B0,2', 'B0,3', 'B0,4', 'B0,5');
    const done = [...start];
    done[54] = 'G';
    const blueRemoves = [...done];
    blueRemoves[51] = '.';
    const judged = sequence.judgeSeries({ teams: 2, boards: [start, done, blueRemoves], cards: ['2H', 'JH'] });
    expect(rulesOf(judged)).toEqual(['locked-chip-removed']);
    expect(judged.sequences).toHaveLength(1);
  });

  it('a placement on a space whose card the player cannot have played, when the played card is known', () => {
    const boards = [withChips(), withChips('G5,4'), withChips('G5,4', 'B4,4'), withChips('G5,4', 'B4,4', 'G3,3')];
    // 2H is on (5,4); 5H is on (4,4); (3,3) shows 5C.
    const judged = sequence.judgeSeries({ teams: 2, boards, cards: ['2H', '7D', 'JD'] });
    expect(rulesOf(judged)).toEqual(['card-does-not-match']);
    expect(judged.violations[0]!.message).toBe('turn 2: blue played 7D but placed a chip on 5H (row 4, col 4)');
    expect(judged.violations[0]!.cards).toEqual(['7D', '5H']);
    expect(rulesOf(sequence.judgeSeries({ teams: 2, boards, cards: ['JH'] }))).toEqual(['card-does-not-match']);
    expect(rulesOf(sequence.judgeSeries({ teams: 2, boards: [withChips('G5,4'), withChips()], first: 'B', cards: ['5H'] }))).toEqual(['card-does-not-match']);
  });

  it('a move after the game was won, and a turn where nothing happened', () => {
    const won = withChips('G5,0', 'G5,1', 'G5,2', 'G5,3', 'G5,4', 'B0,2', 'B0,3', 'B0,4', 'B0,5');
    const more = [...won];
    // A board per turn: green won, blue's turn changed nothing, then red put a chip down.
    more[1 * 10 + 1] = 'R';
    const judged = sequence.judgeSeries({ teams: 3, boards: [withChips('G5,0', 'G5,1', 'G5,2', 'G5,3', 'B0,2', 'B0,3', 'B0,4', 'B0,5'), won, won, more], first: 'G' });
    expect(judged.winner).toBe('G');
    expect(rulesOf(judged)).toEqual(['no-change', 'move-after-win']);
  });
});

describe('one move on a board', () => {
  // Four green, four blue: green to move.
  const start = withChips('G5,0', 'G5,1', 'G5,2', 'G5,3', 'B0,2', 'B0,3', 'B0,4', 'B0,5');

  it('a legal move: the board after it and the Sequence it completes', () => {
    const judged = sequence.judgeMove(start, 2, { team: 'G', card: '2H', index: 54 });
    expect(judged.violations).toEqual([]);
    expect(sequence.rowsOf(judged.after)[5]).toBe('GGGGG.....');
    expect(judged.completed).toHaveLength(1);
    expect(judged.winner).toBeNull();
    expect(sequence.judgeMove(start, 3, { team: 'G', card: 'JC', index: 54 }).winner).toBe('G');
  });

  it('the wrong team, a card not on the space, and two dead-card exchanges in one turn', () => {
    // Even counts: green's turn where green started (the rulebook does not say which colour starts).
    expect(rulesOf(sequence.judgeMove(start, 2, { team: 'B', card: '2H', index: 54 }, { first: 'G' }))).toEqual(['not-your-turn']);
    expect(rulesOf(sequence.judgeMove(start, 2, { team: 'B', card: '2H', index: 54 }))).toEqual([]);
    expect(rulesOf(sequence.judgeMove(start, 2, { team: 'G', card: '3H', index: 54 }))).toEqual(['card-not-on-space']);
    // 2S stands on (0,1) and (8,6); 3S on (0,2) and (8,5).
    const covered = withChips('G5,0', 'G5,1', 'G5,2', 'G5,3', 'B0,1', 'B0,2', 'G8,6', 'B8,5', 'B0,5', 'B0,6');
    expect(rulesOf(sequence.judgeMove(covered, 2, { team: 'G', card: '2H', index: 54, exchanged: ['2S'] }))).toEqual([]);
    expect(rulesOf(sequence.judgeMove(covered, 2, { team: 'G', card: '2H', index: 54, exchanged: ['2S', '3S'] }))).toEqual(['second-exchange']);
    expect(rulesOf(sequence.judgeMove(covered, 2, { team: 'G', card: '2H', index: 54, exchanged: ['4S'] }))).toEqual(['not-dead']);
  });

  it('a one-eyed Jack on a chip in five in a row of its colour is refused unless "locked" says otherwise', () => {
    const board5 = withChips('G5,0', 'G5,1', 'G5,2', 'G5,3', 'G5,4', 'G5,5', 'B0,1', 'B0,2', 'B0,3', 'B0,4', 'B0,5');
    expect(rulesOf(sequence.judgeMove(board5, 2, { team: 'B', card: 'JS', index: 55 }))).toEqual(['locked-chip']);
    const judged = sequence.judgeMove(board5, 2, { team: 'B', card: 'JS', index: 55, locked: [50, 51, 52, 53, 54] });
    expect(judged.violations).toEqual([]);
    expect(sequence.rowsOf(judged.after)[5]).toBe('GGGGG.....');
  });
});
