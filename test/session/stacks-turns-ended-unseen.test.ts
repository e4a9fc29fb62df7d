// A Sequence Stacks discard the camera finds late (a white card on pale cloth) must not run two
// players' turns into one: a hand from the next seat playing shows the turn before ended, and a
// table showing the discards of two players holds two turn ends, in turn order.
import { describe, expect, it } from 'vitest';
import { apply, initialState, judge, seatEdges, type Judged } from '../../src/session/referee.js';

type Cell = [string, number, number];
/** Three players: 1 at the bottom (discards at 1,0), 2 at the right (-1,4), 3 at the top (1,4). */
function referee(...tables: { cards: Cell[]; by?: number }[]): Judged {
  let state = initialState({ game: 'sequence-stacks', players: 3, turnEnds: 'auto' });
  state = apply(state, { kind: 'settled-table', tMs: 0, cards: [] });
  tables.forEach(({ cards, by }, i) => {
    const edge = by === undefined ? {} : { edge: seatEdges(3)[by]! };
    state = apply(state, { kind: 'settled-table', tMs: (i + 1) * 1000, cards: cards.map(([card, row, col]) => ({ card, row, col })), ...edge });
  });
  return judge(state);
}

const opening: Cell[][] = [
  [['red-1', 0, 0]],
  [['red-1', 0, 0], ['red-3', 1, 0]],
  [['red-1', 0, 0], ['red-3', 1, 0], ['red-1', 0, 1]],
];
const turns = (j: Judged): [number, string][] => j.turns.map((t) => [t.player, t.added.map((p) => p.card).join(' ')]);

describe('Sequence Stacks turns that ended unseen', () => {
  it("a play from the next player's seat ends the turn before; its discard, found later, is that turn's", () => {
    const j = referee(
      ...opening.map((cards) => ({ cards })),
      // Player 2 discarded blue-1 unseen; player 3's hand puts red-2 on red-b.
      { cards: [['red-1', 0, 0], ['red-3', 1, 0], ['red-2', 0, 1]], by: 2 },
      { cards: [['red-1', 0, 0], ['red-3', 1, 0], ['red-2', 0, 1], ['blue-1', -1, 4], ['blue-4', 1, 4]] },
    );
    expect(turns(j)).toEqual([[0, 'red-1'], [0, 'red-3'], [1, 'red-1'], [1, 'blue-1'], [2, 'red-2'], [2, 'blue-4']]);
    expect(j.turns.every((t) => t.legal)).toBe(true);
    expect(j.turns[3]!.summary).toMatch(/blue-1.*seen late/);
    expect(j.current).toBe(0);
  });

  it('two discards seen at once are two turn ends, the earlier player first', () => {
    const j = referee(...opening.map((cards) => ({ cards })), { cards: [['red-1', 0, 0], ['red-3', 1, 0], ['red-1', 0, 1], ['blue-4', 1, 4], ['blue-1', -1, 4]] });
    expect(turns(j)).toEqual([[0, 'red-1'], [0, 'red-3'], [1, 'red-1'], [1, 'blue-1'], [2, 'blue-4']]);
    expect(j.turns.map((t) => t.number)).toEqual([1, 1, 2, 2, 3]);
  });

  it("a Jump skips a player: only the jumping player's turn ended unseen before the hand that plays next", () => {
    const j = referee(
      { cards: [['jump', -1, 2]], by: 0 },
      { cards: [['jump', -1, 2], ['red-1', 0, 0]], by: 2 },
      { cards: [['jump', -1, 2], ['red-1', 0, 0], ['red-5', 1, 0], ['red-3', 1, 4]] },
    );
    expect(turns(j)).toEqual([[0, 'jump'], [0, 'red-5'], [2, 'red-1'], [2, 'red-3']]);
    expect(j.turns.every((t) => t.legal)).toBe(true);
  });

  it("a discard seen with the next seat's play ended the turn before it", () => {
    const j = referee({ cards: [['jump', -1, 2]], by: 0 }, { cards: [['jump', -1, 2], ['red-1', 0, 0], ['red-5', 1, 0]], by: 2 });
    expect(turns(j)).toEqual([[0, 'jump'], [0, 'red-5'], [2, 'red-1']]);
    expect(j.current).toBe(2);
  });

  it('a card off the spaces that the next table shows on the space beside it lay there all along', () => {
    const j = referee({ cards: [['red-5', 1, -1]] }, { cards: [['red-5', 1, 0], ['red-1', 0, 1]] });
    expect(turns(j)).toEqual([[0, 'red-5'], [1, 'red-1']]);
    expect(j.turns.flatMap((t) => t.warnings.map((w) => w.rule))).toEqual([]);
  });

  it('a turn that ended with no discard in sight laid a card of the same name as its discard pile\'s top', () => {
    const tables: Cell[][] = [
      [['red-1', 0, 0]],
      [['red-1', 0, 0], ['red-3', 1, 0]],
      [['red-2', 0, 0], ['red-3', 1, 0]],
      [['red-2', 0, 0], ['red-3', 1, 0], ['blue-4', -1, 4]],
      [['red-2', 0, 0], ['red-3', 1, 0], ['blue-4', -1, 4], ['red-5', 1, 4]],
      // Player 1 discards a second red-3 onto their red-3: nothing changes. Player 2 discards blue-2.
      [['red-2', 0, 0], ['red-3', 1, 0], ['blue-2', -1, 4], ['red-5', 1, 4]],
    ];
    const j = referee(...tables.map((cards) => ({ cards })));
    expect(turns(j)).toEqual([[0, 'red-1'], [0, 'red-3'], [1, 'red-2'], [1, 'blue-4'], [2, 'red-5'], [0, 'red-3'], [1, 'blue-2']]);
    expect(j.turns[5]!.summary).toMatch(/red-3 onto red-3/);
    expect(j.turns.every((t) => t.legal)).toBe(true);
  });

  it('a Reverse and the discard after it, seen settle together, are two actions of one turn', () => {
    const j = referee({ cards: [['reverse', -1, 2], ['red-5', 1, 0]], by: 0 });
    expect(j.turns.map((t) => [t.number, t.player, t.summary])).toEqual([
      [1, 0, 'reverse played'],
      [1, 0, 'discarded red-5; turn ends'],
    ]);
  });
});
