// Every game's end and result, as the referee decides it from what the table shows: a whole
// recorded game ends as its events.json says (Progression: every card played; Shift: a player out
// of cards; Sequence: the sequences needed, the status ENDED at once); a recording stopped before
// its game ended has no result; Hunt's race ends at a player's ninth set.
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ticDeck } from '../../src/cards/tic.js';
import { findFixtures } from '../../src/render/fixture-io.js';
import { HUNT_KINDS, listSets } from '../../src/rules/hunt-finder.js';
import { readTruthGame } from '../../src/session/game-truth.js';
import { apply, initialState, judge } from '../../src/session/referee.js';
import { replayRecorded } from '../../src/session/replay.js';
import type { SessionInput } from '../../src/session/types.js';

const games = findFixtures('fixtures').map((f) => dirname(f)).filter((d) => readTruthGame(d) !== null);

describe('a recorded game\'s end, judged from its truth frames (or its board log)', () => {
  for (const dir of games) {
    it(`${dir}: the result its events.json records, and the status with it`, async () => {
      const truth = readTruthGame(dir)!;
      const { view } = await replayRecorded(dir, null);
      if (truth.result === null) {
        expect(view.result).toBeNull();
      } else {
        expect(view.result?.winners).toEqual(truth.result.winners);
        expect(view.status).toBe('ended');
        expect(view.statusText).toMatch(/^game over: .* wins/);
        expect(view.current).toBe(-1);
      }
    }, 60_000);
  }
});

/** Every player on the highest score (equal scores share the win). */
const leaders = (scores: readonly number[]): number[] => scores.flatMap((s, p) => (s === Math.max(...scores) ? [p] : []));

describe('ends the camera cannot see happen, judged from the rules', () => {
  it('Progression: each hand counted from the deal and the cards played (a reduced deck has none to draw)', () => {
    // 13 cards: the starting card and 6 each, all dealt: nothing to draw.
    const config = { game: 'progression' as const, players: 2, turnEnds: 'auto' as const, deckSize: 13 };
    const cards = ['2-triangle-yellow', '3-square-red', '4-star-orange', '5-star-red'];
    const inputs: SessionInput[] = cards.map((_, n) => ({ kind: 'settled-table', tMs: n * 1000, cards: cards.slice(0, n + 1).map((card, i) => ({ card, row: 0, col: i })) }));
    const j = judge(inputs.reduce(apply, initialState(config)));
    expect(j.result).toBeNull();
    expect(j.scoreNotes).toEqual(['4 cards in hand', '5 cards in hand']);
  });

  it('Progression: with the deck gone, every player passing in turn blocks the game: it ends, the highest score wins', () => {
    const config = { game: 'progression' as const, players: 2, turnEnds: 'auto' as const, deckSize: 13 };
    const cards = ['2-triangle-yellow', '3-square-red', '4-star-orange', '5-star-red'];
    const inputs: SessionInput[] = cards.map((_, n) => ({ kind: 'settled-table', tMs: n * 1000, cards: cards.slice(0, n + 1).map((card, i) => ({ card, row: 0, col: i })) }));
    const pass: SessionInput = { kind: 'end-turn', by: 'dashboard' };
    const once = judge([...inputs, pass].reduce(apply, initialState(config)));
    expect(once.result).toBeNull();
    const j = judge([...inputs, pass, pass].reduce(apply, initialState(config)));
    expect(j.result).toEqual({ winners: leaders(j.scores), reason: 'no player can play' });
    expect(j.current).toBe(-1);
  });

  it('Sequence Hunt (race): the first player to the nine sets wins at once', () => {
    const deck = ticDeck();
    const used = new Set<string>();
    // The rarest kinds first, so that the cards left still hold the others.
    const groups = [...HUNT_KINDS].reverse().map((kind) => {
      const set = [...listSets(deck.filter((c) => !used.has(c)), 1, [kind])][0]!;
      for (const c of set.cards) used.add(c);
      return set.cards;
    });
    let state = initialState({ game: 'sequence-hunt', players: 2, turnEnds: 'auto' });
    let grid: string[] = [];
    let t = 0;
    const settle = (): void => {
      state = apply(state, { kind: 'settled-table', tMs: (t += 1000), cards: grid.map((card, i) => ({ card, row: 0, col: i })) });
    };
    for (const group of groups) {
      for (const card of group) {
        grid = [...grid, card];
        settle();
      }
      state = apply(state, { kind: 'credit', card: group[0]!, player: 1 });
      grid = grid.filter((c) => !group.includes(c));
      settle();
    }
    const j = judge(state);
    expect(j.scores).toEqual([0, 9]);
    expect(j.result).toEqual({ winners: [1], reason: 'collected all nine sets' });
    expect(j.winner).toBe('Player 2');
  });
});
