import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type SequenceMove, type SequenceState, HAND_SIZES, sequence } from '../../src/rules/sequence.js';
import { InputError } from '../../src/errors.js';

/** A board as a picture: ten lines of ten characters (spaces between them ignored). */
function rows(picture: string): string[] {
  return picture
    .trim()
    .split('\n')
    .map((line) => line.replace(/\s+/g, ''));
}

const EMPTY = rows(Array(10).fill('..........').join('\n'));

/** A two-player game at green's turn with this board and these hands. */
function game(board: string[], green: string[], blue: string[] = ['2S'], extra: Partial<SequenceState> = {}): SequenceState {
  return { ...sequence.setup({ players: 2 }, 7), board, hands: [green, blue], ...extra };
}

function rulesOf(state: SequenceState, move: SequenceMove): string[] {
  return sequence.play(state, move).violations.map((v) => v.rule);
}

describe('Setup', () => {
  it.each(Object.entries(HAND_SIZES).map(([p, n]) => [Number(p), n]))('"%i players → %i cards each"', (players, size) => {
    const state = sequence.setup({ players }, 1);
    expect(state.hands).toHaveLength(players);
    for (const hand of state.hands) expect(hand).toHaveLength(size);
    expect(state.deck).toHaveLength(104 - players * size);
    expect(state.board).toEqual(EMPTY);
  });

  it('the hand-size table is the rulebook\'s', () => {
    expect(HAND_SIZES).toEqual({ 2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3 });
  });

  it('refuses player counts the rulebook has no table row for, and teams of unequal size', () => {
    expect(() => sequence.setup({ players: 5 }, 1)).toThrow(InputError);
    expect(() => sequence.setup({ players: 4, teams: 3 }, 1)).toThrow(/equal size/);
    expect(() => sequence.setup({ players: 3, teams: 2 }, 1)).toThrow(/equal size/);
  });

  it('"104 Sequence cards (two standard 52-card decks; jokers are not used)", shuffled by the seed', () => {
    const state = sequence.setup({ players: 2 }, 42);
    const all = [...state.deck, ...state.hands.flat()].sort();
    expect(all).toHaveLength(104);
    expect(new Set(all).size).toBe(52);
    expect(sequence.setup({ players: 2 }, 42)).toEqual(state);
    expect(sequence.setup({ players: 2 }, 43).deck).not.toEqual(state.deck);
  });

  it('"Teammates must be seated so that players alternate around the table": seats take turns clockwise, teams in turn', () => {
    expect([0, 1, 2, 3].map((s) => sequence.teamOfSeat(s, 2))).toEqual(['G', 'B', 'G', 'B']);
    expect([0, 1, 2, 3, 4, 5].map((s) => sequence.teamOfSeat(s, 3))).toEqual(['G', 'B', 'R', 'G', 'B', 'R']);
    expect(sequence.setup({ players: 9 }, 1).teams).toBe(3);
    expect(sequence.setup({ players: 6 }, 1).teams).toBe(2);
    // Four players: seats 0..3 move in order and lay green, blue, green, blue.
    let state = sequence.setup({ players: 4 }, 3);
    const colours: string[] = [];
    for (let turn = 0; turn < 4; turn++) {
      expect(state.current).toBe(turn);
      const move = sequence.legalMoves(state).find((m) => m.type === 'place')!;
      state = sequence.play(state, move).state;
      if (move.type === 'place') colours.push(state.board[move.row]![move.col]!);
    }
    expect(colours).toEqual(['G', 'B', 'G', 'B']);
    expect(state.current).toBe(0);
  });
});

describe('How to Play', () => {
  it('"Place one of your marker chips on either board space showing that card"', () => {
    const state = game(EMPTY, ['5H', '9S']);
    const onFirst = sequence.play(state, { type: 'place', card: '5H', row: 4, col: 4 });
    expect(onFirst.violations).toEqual([]);
    expect(onFirst.state.board[4]).toBe('....G.....');
    expect(onFirst.state.hands[0]).toHaveLength(2);
    expect(onFirst.state.current).toBe(1);
    expect(sequence.play(state, { type: 'place', card: '5H', row: 6, col: 8 }).violations).toEqual([]);
    expect(rulesOf(state, { type: 'place', card: '5H', row: 4, col: 5 })).toEqual(['card-not-on-space']);
    expect(rulesOf(state, { type: 'place', card: 'KD', row: 7, col: 7 })).toEqual(['card-not-in-hand']);
  });

  it('a space already covered takes no chip, and a card whose two spaces are covered has no placement', () => {
    const board = rows(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . B . . . . .
      . . . . . . . . . .
      . . . . . . . . G .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const state = game(board, ['5H', '2S']);
    expect(rulesOf(state, { type: 'place', card: '5H', row: 4, col: 4 })).toEqual(['space-covered']);
    expect(sequence.legalMoves(state).filter((m) => m.type === 'place' && m.card === '5H')).toEqual([]);
  });

  it('"Two-eyed Jacks (Diamonds and Clubs) are WILD ... place one of your chips on any open space on the board"', () => {
    const board = rows(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . B . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const state = game(board, ['JD']);
    expect(sequence.play(state, { type: 'place', card: 'JD', row: 2, col: 7 }).violations).toEqual([]);
    expect(rulesOf(state, { type: 'place', card: 'JD', row: 4, col: 4 })).toEqual(['space-covered']);
    expect(rulesOf(state, { type: 'place', card: 'JD', row: 0, col: 0 })).toEqual(['corner-space']);
    expect(sequence.legalMoves(state).filter((m) => m.type === 'place')).toHaveLength(96 - 1);
  });

  it('"When you play a one-eyed Jack, remove one of an opponent\'s chips from the board ... (you do not place a chip that turn)"', () => {
    const board = rows(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . B G . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const state = game(board, ['JH']);
    const removed = sequence.play(state, { type: 'remove', card: 'JH', row: 4, col: 4 });
    expect(removed.violations).toEqual([]);
    expect(removed.state.board[4]).toBe('.....G....');
    expect(rulesOf(state, { type: 'remove', card: 'JH', row: 4, col: 5 })).toEqual(['own-chip']);
    expect(rulesOf(state, { type: 'remove', card: 'JH', row: 3, col: 5 })).toEqual(['nothing-to-remove']);
    expect(rulesOf(state, { type: 'place', card: 'JH', row: 3, col: 5 })).toEqual(['card-cannot-place']);
    expect(sequence.legalMoves(state)).toEqual([{ type: 'remove', card: 'JH', row: 4, col: 4 }]);
  });

  it('"You cannot remove a chip that is part of a completed Sequence"', () => {
    const board = rows(`
      . . . . . . . . . .
      . B B B B B G . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . G G G G B . . . .`);
    const sequences = [{ team: 'B' as const, direction: 'across' as const, cells: [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5]] as [number, number][] }];
    const state = game(board, ['JS'], ['2S'], { sequences });
    expect(rulesOf(state, { type: 'remove', card: 'JS', row: 1, col: 3 })).toEqual(['locked-chip']);
    expect(sequence.legalMoves(state)).toEqual([{ type: 'remove', card: 'JS', row: 9, col: 5 }]);
  });

  it('"You may do this only once per turn, and you must then play a normal turn": the dead-card exchange', () => {
    // 5H stands on (4,4) and (6,8); AS on (2,1) and (4,9).
    const board = rows(`
      . . . . . . . . . .
      . . . . . . . . . .
      . G . . . . . . . .
      . . . . . . . . . .
      . . . . G . . . . B
      . . . . . . . . . .
      . . . . . . . . B .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const state = game(board, ['5H', 'AS', '9S'], ['2S'], { deck: ['3S', '4S', '6S'] });
    expect(sequence.legalMoves(state)).toContainEqual({ type: 'exchange', card: '5H' });
    const once = sequence.play(state, { type: 'exchange', card: '5H' });
    expect(once.violations).toEqual([]);
    expect(once.state.current).toBe(0);
    expect([...once.state.hands[0]!].sort()).toEqual(['3S', '9S', 'AS']);
    expect(once.state.discards[0]).toEqual(['5H']);
    expect(sequence.play(once.state, { type: 'exchange', card: 'AS' }).violations.map((v) => v.rule)).toEqual(['second-exchange']);
    expect(sequence.legalMoves(once.state).some((m) => m.type === 'exchange')).toBe(false);
    expect(rulesOf(state, { type: 'exchange', card: '9S' })).toEqual(['not-dead']);
    const normal = sequence.play(once.state, { type: 'place', card: '9S', row: 0, col: 8 });
    expect(normal.violations).toEqual([]);
    expect(normal.state.exchanged).toBe(false);
  });

  it('"a Jack is never dead": a Jack cannot be exchanged', () => {
    expect(rulesOf(game(EMPTY, ['JD']), { type: 'exchange', card: 'JD' })).toEqual(['not-dead']);
  });

  it('"If you fail to draw before the next player begins their turn, you lose the right to draw and must play the rest of the game with fewer cards"', () => {
    let state = sequence.setup({ players: 2 }, 11);
    const first = sequence.legalMoves(state).find((m) => m.type === 'place')! as Extract<SequenceMove, { type: 'place' }>;
    state = sequence.play(state, { ...first, draw: false }).state;
    expect(state.hands[0]).toHaveLength(6);
    state = sequence.play(state, sequence.legalMoves(state).find((m) => m.type === 'place')!).state;
    expect(state.hands[1]).toHaveLength(7);
    state = sequence.play(state, sequence.legalMoves(state).find((m) => m.type === 'place')!).state;
    expect(state.hands[0]).toHaveLength(6);
  });

  it('a player who can do nothing passes; one who can play may not', () => {
    const stuck = game(EMPTY, [], ['2S']);
    expect(sequence.legalMoves(stuck)).toEqual([{ type: 'pass' }]);
    const passed = sequence.play(stuck, { type: 'pass' });
    expect(passed.violations).toEqual([]);
    expect(passed.state.current).toBe(1);
    expect(rulesOf(game(EMPTY, ['2S']), { type: 'pass' })).toEqual(['cannot-pass']);
  });

  it('when the draw deck runs out the discard piles are shuffled into a new one (option: reshuffle false)', () => {
    const base = game(EMPTY, ['2S', '3S'], ['4S'], { deck: [], discards: [['7H', '8H'], ['9H']] });
    const reshuffled = sequence.play(base, { type: 'place', card: '2S', row: 0, col: 1 }).state;
    expect(reshuffled.hands[0]).toHaveLength(2);
    expect(reshuffled.reshuffles).toBe(1);
    expect([...reshuffled.deck, reshuffled.hands[0]![1]!].sort()).toEqual(['2S', '7H', '8H', '9H']);
    const dry = sequence.play({ ...base, options: { ...base.options, reshuffle: false } }, { type: 'place', card: '2S', row: 0, col: 1 }).state;
    expect(dry.hands[0]).toEqual(['3S']);
  });

  it('"35 red marker chips": a team whose chips are all on the board cannot place another', () => {
    const board = Array.from({ length: 10 }, (_, r) => (r < 4 ? '.RRRRRRRR.' : r === 4 ? '.RRR......' : '..........'));
    const state = { ...sequence.setup({ players: 3 }, 1), board, hands: [['2S'], ['2S'], ['JD']], current: 2 };
    expect(rulesOf(state, { type: 'place', card: 'JD', row: 6, col: 6 })).toEqual(['no-chips-left']);
  });
});

describe('Completing a Sequence and Winning', () => {
  const fourInARow = rows(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      G G G G . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);

  it('"Once you have five of your chips in a row ... indicate a completed Sequence", which stays locked', () => {
    // Row 5: TC TS 8C 7H 2H ...
    const result = sequence.play(game(fourInARow, ['2H']), { type: 'place', card: '2H', row: 5, col: 4 });
    expect(result.violations).toEqual([]);
    expect(result.completed).toEqual([{ team: 'G', direction: 'across', cells: [[5, 0], [5, 1], [5, 2], [5, 3], [5, 4]] }]);
    expect(result.state.sequences).toEqual(result.completed);
    expect(result.state.winner).toBeNull();
  });

  it('"with 2 players or teams, score two Sequences": the second one wins and ends the game', () => {
    const board = rows(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      G G G G . G G G G G
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const sequences = [{ team: 'G' as const, direction: 'across' as const, cells: [[5, 5], [5, 6], [5, 7], [5, 8], [5, 9]] as [number, number][] }];
    const result = sequence.play(game(board, ['2H'], ['2S'], { sequences }), { type: 'place', card: '2H', row: 5, col: 4 });
    expect(result.completed.map((s) => s.cells[0])).toEqual([[5, 0]]);
    expect(result.state.winner).toBe('G');
    expect(result.state.over).toBe(true);
    expect(sequence.legalMoves(result.state)).toEqual([]);
    expect(rulesOf(result.state, { type: 'place', card: '2S', row: 0, col: 1 })).toEqual(['game-over']);
  });

  it('"with 3 players or teams, score one Sequence"', () => {
    const state = { ...sequence.setup({ players: 3 }, 1), board: fourInARow, hands: [['2H'], ['2S'], ['3S']] };
    expect(sequence.play(state, { type: 'place', card: '2H', row: 5, col: 4 }).state.winner).toBe('G');
  });

  it('marks the five that leaves room for another in the same row, so the row can still make two', () => {
    const board = rows(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      G G G G . G G G G .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const first = sequence.play(game(board, ['2H']), { type: 'place', card: '2H', row: 5, col: 4 });
    expect(first.completed.map((s) => s.cells[0])).toEqual([[5, 0]]);
    const second = sequence.play({ ...first.state, current: 0, hands: [['2D'], ['2S']] }, { type: 'place', card: '2D', row: 5, col: 9 });
    expect(second.completed.map((s) => s.cells[0])).toEqual([[5, 5]]);
    expect(second.state.winner).toBe('G');
  });

  it('"nine in a row counts twice" (house rule option): the middle chip completes two at once', () => {
    const board = rows(`
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      G G G G . G G G G .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .`);
    const house = { ...sequence.setup({ players: 2, nineCountsTwice: true }, 7), board, hands: [['2H'], ['2S']] };
    const result = sequence.play(house, { type: 'place', card: '2H', row: 5, col: 4 });
    expect(result.completed).toHaveLength(2);
    expect(result.state.winner).toBe('G');
    expect(sequence.play(game(board, ['2H']), { type: 'place', card: '2H', row: 5, col: 4 }).completed).toHaveLength(1);
  });
});

describe('legal moves (what a simulator picks from)', () => {
  it('every move offered is accepted, and pass is offered only alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(2, 3, 4), fc.nat(120), (seed, players, stop) => {
        const { states } = sequence.randomPlayout({ players }, seed, stop);
        const state = states.at(-1)!;
        const moves = sequence.legalMoves(state);
        if (moves.some((m) => m.type === 'pass')) expect(moves).toHaveLength(1);
        for (const move of moves.slice(0, 40)) expect(sequence.play(state, move).violations).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('a seed replays a whole game exactly', () => {
    const a = sequence.randomPlayout({ players: 4 }, 99);
    const b = sequence.randomPlayout({ players: 4 }, 99);
    expect(a.moves).toEqual(b.moves);
    expect(a.states.at(-1)).toEqual(b.states.at(-1));
    expect(JSON.parse(JSON.stringify(a.states.at(-1)))).toEqual(a.states.at(-1));
  });
});
