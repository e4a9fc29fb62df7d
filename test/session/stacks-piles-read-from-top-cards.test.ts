// Sequence Stacks seen by a camera: only the top card of each pile shows, so the referee keeps the
// piles. The spaces are cells (fixtures/README.md): red-a (0,0), red-b (0,1), draw (0,2), blue-a
// (0,3), blue-b (0,4), used specials (-1,2), discards: player 1 (1,0), player 2 (-1,4).
import { describe, expect, it } from 'vitest';
import { apply, initialState, judge, type Judged } from '../../src/session/referee.js';
import type { SessionInput } from '../../src/session/types.js';

type Cell = [string, number, number];
const table = (tMs: number, ...cards: Cell[]): SessionInput => ({ kind: 'settled-table', tMs, cards: cards.map(([card, row, col]) => ({ card, row, col })) });

function referee(...tables: Cell[][]): Judged {
  let state = initialState({ game: 'sequence-stacks', players: 2, turnEnds: 'auto' });
  state = apply(state, table(0));
  tables.forEach((cards, i) => (state = apply(state, table(i + 1, ...cards))));
  return judge(state);
}

describe('Sequence Stacks from the top cards a camera sees', () => {
  it('"When cards of the same colour are placed in order 1, 2, 3, 4, 5, the sequence is complete. The player who completed the sequence receives 1 chip of that colour."', () => {
    // Player 1 builds red-a up to 4 in one turn; the 5 goes on and the pile is set aside at once.
    const j = referee([['red-1', 0, 0]], [['red-2', 0, 0]], [['red-3', 0, 0]], [['red-4', 0, 0]], []);
    expect(j.turns.every((t) => t.legal)).toBe(true);
    expect(j.turns.at(-1)!.summary).toMatch(/completed red-a/);
    expect(j.scores).toEqual([1, 0]);
    expect(j.scoreNotes[0]).toBe('1 red · 0 blue');
    // The pile the referee kept is gone with it.
    expect(j.table).toEqual([]);
  });

  it('a card under the top one is kept: the pile shows its height, and a card on it out of order is "not 1 higher"', () => {
    const j = referee([['red-1', 0, 0]], [['red-2', 0, 0]], [['red-4', 0, 0]]);
    expect(j.table.filter((p) => p.row === 0 && p.col === 0).map((p) => p.card)).toEqual(['red-1', 'red-2', 'red-4']);
    const last = j.turns.at(-1)!;
    expect(last.warnings.map((w) => w.rule)).toEqual(['not-one-higher']);
    expect(last.warnings[0]!.sentence).toMatch(/^To use a card on an existing sequence/);
  });

  it('"When you use cards, you may use not only the cards in your hand but also the top card of your personal discard pile."', () => {
    // Player 1 discards red-1 (turn ends), player 2 discards blue-3, player 1 plays red-1 from the discard pile.
    const j = referee([['red-1', 1, 0]], [['red-1', 1, 0], ['blue-3', -1, 4]], [['red-1', 0, 0], ['blue-3', -1, 4]]);
    expect(j.turns.map((t) => [t.number, t.player, t.legal])).toEqual([[1, 0, true], [2, 1, true], [3, 0, true]]);
    expect(j.turns.at(-1)!.summary).toBe('red-1 on red-a from the discard pile');
  });

  it("a card from another player's discard pile is not the player's own", () => {
    // Player 1 discards, then player 2 plays player 1's discard onto red-a.
    const j = referee([['red-1', 1, 0]], [['red-1', 0, 0]]);
    const last = j.turns.at(-1)!;
    expect(last.player).toBe(1);
    expect(last.warnings.map((w) => w.rule)).toEqual(['not-on-top-of-discard']);
    // The engine counts players from 0; the warning names them as the dashboard does.
    expect(last.warnings[0]!.message).toBe("Player 2's discard pile is empty, so red-1 cannot come from it");
  });

  it('"To make a new sequence, you must use a 1 or a Wild card." (taken back, the turn goes on)', () => {
    const j = referee([['red-4', 0, 0]], [], [['red-wild', 0, 0]]);
    expect(j.turns.map((t) => [t.player, t.legal, t.withdrawn === true, t.warnings.map((w) => w.rule)])).toEqual([
      [0, false, true, ['start-with-one-or-wild']],
      [0, true, false, []],
    ]);
  });

  it('a Jump in the used specials skips the next player: "Jump (x3): Skips the next player\'s turn."', () => {
    const j = { ...referee([['jump', -1, 2]], [['jump', -1, 2], ['blue-1', 1, 0]]) };
    expect(j.turns.every((t) => t.legal)).toBe(true);
    // Two players: the skip comes round to player 1 again.
    expect(j.current).toBe(0);
  });

  it('a card lying off the Stacks spaces is warned about', () => {
    const j = referee([['red-1', 2, 2]]);
    expect(j.turns[0]!.warnings.map((w) => w.rule)).toEqual(['not-on-a-space']);
  });
});
