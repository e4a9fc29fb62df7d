// Progression as a game: setup, turns, the cannot-play draw, refilling, the end, and Shedding.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { oneStepMask } from '../../src/rules/tic-sequence.js';
import { ticValues } from '../../src/cards/tic.js';
import type { Placement } from '../../src/rules/layout.js';
import { progression, type MoveResult, type ProgressionState } from '../../src/rules/progression.js';
import { applyMove, greedyPolicy, randomPolicy, type Policy } from '../../src/rules/progression/simulate.js';
import { seededRandom } from '../../src/rules/random.js';

const { play, drawForNoPlay, pass } = progression.moves;

function ok(result: MoveResult): ProgressionState {
  expect(result.violations).toBeUndefined();
  return result.state!;
}

function refusedWith(result: MoveResult): string[] {
  expect(result.state).toBeUndefined();
  return result.violations!.map((v) => v.rule);
}

/** Cards that step with 3-triangle-yellow in nothing: every property 1, 3 or 5. */
const STUCK = ['1-circle-violet', '5-star-red', '1-star-violet', '5-circle-red', '3-circle-violet', '1-triangle-red'];

/** A two-player position around a lone 3-triangle-yellow, player 0 to move. */
function position(overrides: Partial<ProgressionState> = {}): ProgressionState {
  return {
    variant: 'standard',
    reversing: false,
    table: [{ card: '3-triangle-yellow', row: 0, col: 0 }],
    deck: ['2-triangle-yellow', '5-star-violet', '4-circle-cyan', '2-crescent-orange'],
    hands: [STUCK, ['4-triangle-yellow', '2-square-cyan', '5-square-cyan', '1-crescent-cyan', '4-star-orange', '5-circle-violet']],
    scores: [0, 0],
    current: 0,
    drawn: null,
    over: false,
    winners: [],
    log: [],
    ...overrides,
  };
}

describe('Progression: setup', () => {
  it('"Deal 6 cards to each player. ... Flip one card face-up and place it in the centre of the table as the starting card."', () => {
    const state = progression.setup({ players: 4, seed: 1 });
    expect(state.hands.map((h) => h.length)).toEqual([6, 6, 6, 6]);
    expect(state.table).toEqual([{ card: expect.any(String), row: 0, col: 0 }]);
    expect(state.deck).toHaveLength(125 - 24 - 1);
    const all = [...state.hands.flat(), ...state.deck, state.table[0]!.card];
    expect(new Set(all).size).toBe(125);
    expect(state.scores).toEqual([0, 0, 0, 0]);
    expect(state.current).toBe(0);
    expect(state.over).toBe(false);
  });

  it('deals the same game from the same seed and a different one from another, as plain JSON', () => {
    const a = progression.setup({ players: 3, seed: 42 });
    expect(progression.setup({ players: 3, seed: 42 })).toEqual(a);
    expect(progression.setup({ players: 3, seed: 43 }).deck).not.toEqual(a.deck);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  it('"Players: 2–4" and "For a shorter game, begin with a reduced deck"', () => {
    expect(() => progression.setup({ players: 1, seed: 1 })).toThrow(/2 to 4 players/);
    expect(() => progression.setup({ players: 5, seed: 1 })).toThrow(/2 to 4 players/);
    const short = progression.setup({ players: 2, seed: 1, deckSize: 40 });
    expect(short.deck).toHaveLength(40 - 12 - 1);
    expect(() => progression.setup({ players: 2, seed: 1, deckSize: 12 })).toThrow(/deckSize/);
  });
});

describe('Progression: playing and refilling', () => {
  it('"After completing your play, draw from the deck until your hand returns to 6 cards."', () => {
    const start = position({ current: 1 });
    const after = ok(play(start, [
      { card: '4-triangle-yellow', row: 0, col: 1 },
      { card: '5-square-cyan', row: 0, col: 2 },
    ]));
    expect(after.hands[1]).toHaveLength(6);
    expect(after.hands[1]).toEqual(['2-square-cyan', '1-crescent-cyan', '4-star-orange', '5-circle-violet', '2-triangle-yellow', '5-star-violet']);
    expect(after.deck).toEqual(['4-circle-cyan', '2-crescent-orange']);
    expect(after.table).toHaveLength(3);
    // 3-4-5 in number: a 3-card Mono.
    expect(after.scores).toEqual([0, 3]);
    expect(after.current).toBe(0);
    expect(after.log.at(-1)).toEqual({ player: 1, move: 'play', placements: expect.any(Array), points: 3 });
  });

  it('"After the deck is gone, continue taking turns without drawing replacement cards." (and a short deck refills what it can)', () => {
    const start = position({ current: 1, deck: ['4-circle-cyan'] });
    const after = ok(play(start, [
      { card: '4-triangle-yellow', row: 0, col: 1 },
      { card: '5-square-cyan', row: 0, col: 2 },
    ]));
    expect(after.hands[1]).toHaveLength(5);
    expect(after.deck).toEqual([]);
  });

  it('refuses cards that are not in the hand, and an illegal laydown, leaving the state as it was', () => {
    const start = position({ current: 1 });
    expect(refusedWith(play(start, [{ card: '2-triangle-yellow', row: 0, col: 1 }]))).toEqual(['card-not-in-hand']);
    expect(refusedWith(play(start, [{ card: '5-circle-violet', row: 0, col: 1 }]))).toEqual(['no-step-at-contact']);
    expect(refusedWith(play(start, []))).toEqual(['empty-play']);
    expect(refusedWith(play(start, [{ card: 'not-a-card', row: 0, col: 1 }]))).toEqual(['card-not-in-hand']);
    expect(start).toEqual(position({ current: 1 }));
  });
});

describe('Progression: if you cannot play', () => {
  it('"If you cannot make a legal play, draw 1 card from the deck." (not before: a player who can play may not draw)', () => {
    expect(refusedWith(drawForNoPlay(position({ current: 1 })))).toEqual(['has-legal-play']);
    const drew = ok(drawForNoPlay(position()));
    expect(drew.hands[0]).toEqual([...STUCK, '2-triangle-yellow']);
    expect(drew.deck).toHaveLength(3);
    expect(refusedWith(drawForNoPlay(drew))).toEqual(['already-drew']);
  });

  it('"If the drawn card can be played, you may play it immediately, along with other cards from your hand."', () => {
    const drew = ok(drawForNoPlay(position()));
    expect(drew.current).toBe(0);
    expect(drew.drawn).toBe('2-triangle-yellow');
    // 2-triangle-yellow beside the start card, then 1-triangle-red from the hand (number 1-2).
    const after = ok(play(drew, [
      { card: '2-triangle-yellow', row: 0, col: -1 },
      { card: '1-triangle-red', row: 0, col: -2 },
    ]));
    // 1-2-3 triangles: a 3-card Mono; 7 cards less 2 is 5, refilled to 6.
    expect(after.scores).toEqual([3, 0]);
    expect(after.hands[0]).toHaveLength(6);
    expect(after.current).toBe(1);
    expect(after.drawn).toBeNull();
  });

  it('"However, if you play, your laydown must contain the drawn card."', () => {
    // Unreachable through the moves (after a player could not play, every legal laydown holds the
    // drawn card: see search.ts), so a position that breaks it is written by hand.
    const drew = position({ drawn: '2-triangle-yellow', hands: [[...STUCK.slice(0, 5), '4-triangle-yellow', '2-triangle-yellow'], position().hands[1]!] });
    expect(refusedWith(play(drew, [{ card: '4-triangle-yellow', row: 0, col: 1 }]))).toEqual(['must-play-drawn-card']);
    ok(play(drew, [{ card: '2-triangle-yellow', row: 0, col: 1 }]));
  });

  it('the player may also decline to play the drawn card: the turn ends and the card stays in the hand', () => {
    const drew = ok(drawForNoPlay(position()));
    const after = ok(pass(drew));
    expect(after.current).toBe(1);
    expect(after.drawn).toBeNull();
    expect(after.hands[0]).toContain('2-triangle-yellow');
  });

  it('"If it cannot be played, keep it and your turn ends."', () => {
    const after = ok(drawForNoPlay(position({ deck: ['5-star-violet', '2-triangle-yellow'] })));
    expect(after.hands[0]).toEqual([...STUCK, '5-star-violet']);
    expect(after.current).toBe(1);
    expect(after.drawn).toBeNull();
    expect(after.log.at(-1)).toEqual({ player: 0, move: 'draw', card: '5-star-violet', playable: false });
  });

  it('passing is only for a player who cannot play once the deck is gone', () => {
    expect(refusedWith(pass(position({ current: 1 })))).toEqual(['has-legal-play']);
    expect(refusedWith(pass(position()))).toEqual(['must-draw']);
    expect(refusedWith(drawForNoPlay(position({ deck: [] })))).toEqual(['deck-empty']);
    const after = ok(pass(position({ deck: [] })));
    expect(after.current).toBe(1);
    expect(after.over).toBe(false);
  });
});

describe('Progression: ending the game', () => {
  it('"The game ends when no player can make another legal play. The player with the highest total score wins."', () => {
    // Player 0 holds cards that step with none of 3-triangle-yellow, 2-triangle-yellow, 3-triangle-orange.
    const start = position({ deck: [], current: 1, scores: [10, 12], hands: [['5-circle-violet', '5-star-violet'], ['2-triangle-yellow', '3-triangle-orange']] });
    const a = ok(play(start, [{ card: '2-triangle-yellow', row: 0, col: 1 }]));
    // Player 1 can still play 3-triangle-orange, so the game goes on; player 0 cannot and passes.
    expect(a.over).toBe(false);
    const passed = ok(pass(a));
    expect(passed.over).toBe(false);
    const b = ok(play(passed, [{ card: '3-triangle-orange', row: 1, col: 0 }]));
    expect(b.over).toBe(true);
    expect(b.winners).toEqual([1]);
    expect(b.log.map((entry) => entry.move)).toEqual(['play', 'pass', 'play']);
    expect(refusedWith(pass(b))).toEqual(['game-over']);
  });

  it('shares the win on equal scores', () => {
    const start = position({ deck: [], current: 1, scores: [5, 5], hands: [['5-circle-violet'], ['2-triangle-yellow']] });
    const after = ok(play(start, [{ card: '2-triangle-yellow', row: 0, col: 1 }]));
    expect(after.over).toBe(true);
    expect(after.winners).toEqual([0, 1]);
  });
});

describe('Progression: Variation 1, Sequence Shedding', () => {
  it('"For a non-scoring version, deal 8 cards to each player."', () => {
    const state = progression.setup({ players: 3, seed: 5, variant: 'shedding' });
    expect(state.hands.map((h) => h.length)).toEqual([8, 8, 8]);
  });

  it('"Players take turns playing one card at a time. Do not draw replacement cards after a successful play."', () => {
    const start = position({ variant: 'shedding', current: 1 });
    expect(refusedWith(play(start, [
      { card: '4-triangle-yellow', row: 0, col: 1 },
      { card: '5-square-cyan', row: 0, col: 2 },
    ]))).toEqual(['one-card-at-a-time']);
    const after = ok(play(start, [{ card: '4-triangle-yellow', row: 0, col: 1 }]));
    expect(after.hands[1]).toHaveLength(5);
    expect(after.deck).toEqual(start.deck);
    expect(after.scores).toEqual([0, 0]);
  });

  it('"If you cannot make a legal play, draw 1 card from the deck. If it plays, you may play it immediately."', () => {
    const drew = ok(drawForNoPlay(position({ variant: 'shedding' })));
    expect(drew.drawn).toBe('2-triangle-yellow');
    const after = ok(play(drew, [{ card: '2-triangle-yellow', row: 0, col: 1 }]));
    expect(after.hands[0]).toEqual(STUCK);
  });

  it('"The first player to legally play their last card wins."', () => {
    const start = position({ variant: 'shedding', current: 1, hands: [STUCK, ['4-triangle-yellow']] });
    const after = ok(play(start, [{ card: '4-triangle-yellow', row: 0, col: 1 }]));
    expect(after.over).toBe(true);
    expect(after.winners).toEqual([1]);
  });

  it('a blocked Shedding game (deck gone, nobody can play) goes to the fewest cards left', () => {
    const start = position({ variant: 'shedding', deck: [], current: 1, hands: [['5-circle-violet', '5-triangle-red'], ['2-triangle-yellow', '5-star-violet']] });
    const after = ok(play(start, [{ card: '2-triangle-yellow', row: 0, col: 1 }]));
    expect(after.over).toBe(true);
    expect(after.winners).toEqual([1]);
  });
});

describe('Progression: whole seeded games', () => {
  /** Plays to the end, checking each step; returns the final state. */
  function playGame(start: ProgressionState, policy: Policy, seed: number): ProgressionState {
    const random = seededRandom(seed);
    let state = start;
    let moves = 0;
    const total = state.table.length + state.deck.length + state.hands.flat().length;
    while (!state.over) {
      const result = applyMove(state, policy(state, random));
      expect(result.violations).toBeUndefined();
      const next = result.state!;
      // Scores only increase; cards are neither lost nor made.
      next.scores.forEach((s, i) => expect(s).toBeGreaterThanOrEqual(state.scores[i]!));
      expect(next.table.length + next.deck.length + next.hands.flat().length).toBe(total);
      state = next;
      expect(++moves).toBeLessThan(1000);
    }
    return state;
  }

  function assertTableSound(table: readonly Placement[]): void {
    const at = new Map(table.map((p) => [`${p.row},${p.col}`, p.card]));
    expect(at.size).toBe(table.length);
    expect(new Set(table.map((p) => p.card)).size).toBe(table.length);
    for (const p of table) {
      for (const [dr, dc] of [[0, 1], [1, 0]] as const) {
        const other = at.get(`${p.row + dr},${p.col + dc}`);
        if (other) expect(oneStepMask(ticValues(p.card), ticValues(other))).not.toBe(0);
      }
    }
  }

  it('games played to the end by simple seeded players raise no violation, and scores only increase', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom('standard' as const, 'shedding' as const),
        fc.boolean(),
        fc.boolean(),
        (seed, players, variant, reversing, greedy) => {
          const start = progression.setup({ players, seed, variant, reversing, deckSize: greedy ? 60 : 125 });
          const end = playGame(start, greedy ? greedyPolicy : randomPolicy, seed);
          assertTableSound(end.table);
          expect(end.winners.length).toBeGreaterThan(0);
          if (variant === 'standard') {
            expect(end.deck).toEqual([]);
            const best = Math.max(...end.scores);
            expect(end.winners.every((w) => end.scores[w] === best)).toBe(true);
            // Nobody could have played on: that is how a standard game ends.
            expect(end.hands.some((hand) => progression.hasLegalPlay(end.table, hand))).toBe(false);
          } else {
            expect(end.scores.every((s) => s === 0)).toBe(true);
          }
          expect(JSON.parse(JSON.stringify(end))).toEqual(end);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('one seed and one policy replay the same game exactly', () => {
    const a = playGame(progression.setup({ players: 3, seed: 11 }), greedyPolicy, 11);
    const b = playGame(progression.setup({ players: 3, seed: 11 }), greedyPolicy, 11);
    expect(b).toEqual(a);
    expect(a.log.some((entry) => entry.move === 'play' && entry.placements.length > 1)).toBe(true);
  });
});
