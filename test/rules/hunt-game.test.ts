import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ticDeck } from '../../src/cards/tic.js';
import { HUNT_KINDS, kindParts, listSets, type HuntKind, type HuntSet } from '../../src/rules/hunt-finder.js';
import { sequenceHunt, type HuntCall, type HuntState, type MoveOutcome } from '../../src/rules/sequence-hunt.js';
import { seededRandom, randomInt } from '../../src/rules/random.js';

const DECK = ticDeck();
const { setup, turnCard, call, needed, scores } = sequenceHunt;

function game(partial: Partial<Omit<HuntState, 'players'>> & { players: Array<{ stack?: string[]; sets?: HuntSet[] }> }): HuntState {
  return {
    variant: 'race',
    penalty: false,
    penaliseOutrunCalls: false,
    grid: [],
    current: 0,
    over: false,
    winners: [],
    ...partial,
    players: partial.players.map((p) => ({ stack: p.stack ?? [], sets: p.sets ?? [] })),
  };
}

function ok<R>(outcome: MoveOutcome<R>): { state: HuntState; results: R[] } {
  expect(outcome.violations).toBeUndefined();
  return outcome as { state: HuntState; results: R[] };
}

const set = (type: HuntSet['type'], ...cards: string[]): HuntSet => ({ type, size: cards.length, cards });

// Sets that share no card, one of each kind asked for, avoiding the cards given.
function disjointSets(kinds: readonly HuntKind[], avoid: readonly string[] = []): HuntSet[] {
  const used = new Set(avoid);
  return kinds.map((kind) => {
    for (const s of listSets(DECK, Infinity, [kind])) {
      if (s.cards.some((c) => used.has(c))) continue;
      s.cards.forEach((c) => used.add(c));
      return s;
    }
    throw new Error(`no free ${kind}`);
  });
}

function allCards(state: HuntState): string[] {
  return [...state.grid, ...state.players.flatMap((p) => [...p.stack, ...p.sets.flatMap((s) => s.cards)])];
}

const MONO = ['1-star-red', '2-circle-cyan', '3-star-violet']; // numbers run, nothing else
const DUO = ['1-circle-red', '2-crescent-orange', '3-triangle-violet']; // number and shape run
const TRIPO = ['3-circle-violet', '4-crescent-cyan', '5-triangle-yellow'];

describe('setup', () => {
  it('"Shuffle the entire TIC deck and divide the cards as evenly as possible among the players."', () => {
    for (let players = 1; players <= 6; players++) {
      const state = setup({ players, seed: 42 });
      const sizes = state.players.map((p) => p.stack.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(new Set(allCards(state)).size).toBe(125);
      expect(state.grid).toEqual([]);
    }
  });

  it('replays the same deal from the same seed, and another from another', () => {
    expect(setup({ players: 4, seed: 7 })).toEqual(setup({ players: 4, seed: 7 }));
    expect(setup({ players: 4, seed: 7 }).players[0]!.stack).not.toEqual(setup({ players: 4, seed: 8 }).players[0]!.stack);
  });

  it('takes 1 to 6 players', () => {
    expect(() => setup({ players: 0, seed: 1 })).toThrow(/players must be 1 to 6/);
    expect(() => setup({ players: 7, seed: 1 })).toThrow(/players must be 1 to 6/);
  });
});

describe('turning cards', () => {
  it('"Players take turns placing the top card of their face-down stack face-up onto the table."', () => {
    let state = game({ players: [{ stack: ['1-circle-red', '2-circle-red'] }, { stack: ['3-circle-red'] }] });
    const first = ok(turnCard(state));
    expect(first.results).toEqual([{ player: 0, card: '1-circle-red' }]);
    state = first.state;
    expect(state.grid).toEqual(['1-circle-red']);
    expect(state.players[0]!.stack).toEqual(['2-circle-red']);
    state = ok(turnCard(state)).state;
    expect(state.grid).toEqual(['1-circle-red', '3-circle-red']);
    expect(state.current).toBe(0);
  });

  it('passes over a player whose stack is empty, and refuses when every stack is', () => {
    const state = game({ players: [{ stack: ['1-circle-red'] }, {}, { stack: ['3-circle-red'] }], current: 1 });
    expect(ok(turnCard(state)).results).toEqual([{ player: 2, card: '3-circle-red' }]);
    expect(turnCard(game({ players: [{}, {}] })).violations?.map((v) => v.rule)).toEqual(['no-cards-left']);
  });
});

describe('calling sets', () => {
  it('"If the set is correct, they collect those cards and place them face-up in front of themselves as one of their completed sets."', () => {
    const state = game({ players: [{ stack: ['5-star-red'] }, { stack: ['4-star-red'] }], grid: [...DUO].reverse().concat(['5-circle-red']) });
    const { state: after, results } = ok(call(state, [{ player: 0, type: 'duo', size: 3, cards: DUO }]));
    expect(results[0]).toMatchObject({ accepted: true, violations: [], set: set('duo', ...DUO) });
    expect(after.grid).toEqual(['5-circle-red']);
    expect(after.players[0]!.sets).toEqual([set('duo', ...DUO)]);
    expect(needed(after, 0)).not.toContain('duo-3');
  });

  it('"Players may spot and call a set at any time, not only on their own turn."', () => {
    const state = game({ players: [{ stack: ['5-star-red'] }, {}, { stack: ['4-star-red'] }], grid: MONO, current: 0 });
    const { state: after, results } = ok(call(state, [{ player: 2, type: 'mono', size: 3, cards: MONO }]));
    expect(results[0]!.accepted).toBe(true);
    expect(after.current).toBe(0);
  });

  it('refuses cards that are not face up on the grid', () => {
    const state = game({ players: [{ stack: ['5-star-red'] }], grid: MONO.slice(0, 2) });
    const { results } = ok(call(state, [{ player: 0, type: 'mono', size: 3, cards: MONO }]));
    expect(results[0]!.violations.map((v) => v.rule)).toEqual(['card-not-on-grid']);
  });

  it('"As soon as any player spots a valid sequence set they still need, they may call it out" (the race: no second set of a kind)', () => {
    const other = ['2-star-red', '3-circle-cyan', '4-star-violet'];
    const state = game({ players: [{ stack: ['5-star-red'], sets: [set('mono', ...MONO)] }, { sets: [set('duo', ...DUO)] }], grid: other, penalty: true });
    const { state: after, results } = ok(call(state, [{ player: 0, type: 'mono', size: 3, cards: other }]));
    expect(results[0]!.violations.map((v) => v.rule)).toEqual(['set-already-collected']);
    expect(results[0]!.surrendered).toBeNull();
    expect(after.grid).toEqual(other);
  });

  describe('simultaneous calls', () => {
    // Player 1's Mono and player 0's Duo share 3-triangle-violet; player 2's Tripo stands apart.
    const sharedMono = ['2-star-red', '3-triangle-violet', '4-star-violet'];
    const state = game({
      players: [{ stack: ['5-star-red'] }, { stack: ['5-star-cyan'] }, { stack: ['5-star-orange'] }],
      grid: [...new Set([...DUO, ...sharedMono, ...TRIPO])],
    });
    const calls: HuntCall[] = [
      { player: 1, type: 'mono', size: 3, cards: sharedMono },
      { player: 0, type: 'duo', size: 3, cards: DUO },
      { player: 2, type: 'tripo', size: 3, cards: TRIPO },
    ];

    it('"That player claims their set first. The next player may then attempt to claim their sequence from whatever cards remain, followed by any other players who also called out."', () => {
      const { state: after, results } = ok(call(state, calls));
      expect(results.map((r) => r.accepted)).toEqual([true, false, true]);
      expect(after.players.map((p) => p.sets.length)).toEqual([0, 1, 1]);
      expect([...after.grid].sort()).toEqual(['1-circle-red', '2-crescent-orange']);
    });

    it('"If removing the first player\'s cards breaks another player\'s proposed sequence, that later claim is no longer valid."', () => {
      const { results } = ok(call(state, calls));
      expect(results[1]!.violations).toEqual([{ rule: 'card-already-claimed', message: "3-triangle-violet was taken by player 1's earlier call", cards: ['3-triangle-violet'] }]);
      // In the other order the Duo stands and the Mono falls.
      const swapped = ok(call(state, [calls[1]!, calls[0]!])).results;
      expect(swapped.map((r) => r.accepted)).toEqual([true, false]);
    });

    it('does not penalise a claim only an earlier call broke, unless asked to', () => {
      const holding = { ...state, penalty: true, players: state.players.map((p, i) => (i === 0 ? { ...p, sets: [set('mono', '1-square-cyan', '2-circle-cyan', '3-square-orange')] } : p)) };
      expect(ok(call(holding, calls)).results[1]!.surrendered).toBeNull();
      expect(ok(call({ ...holding, penaliseOutrunCalls: true }, calls)).results[1]!.surrendered?.size).toBe(3);
    });
  });
});

describe('Competitive Rule: Incorrect Calls', () => {
  const [three, four, five, fourToo] = disjointSets(['mono-3', 'duo-4', 'mono-5', 'mono-4'], ['1-circle-violet', '2-circle-violet', '5-circle-violet']);
  const wrong: HuntCall = { player: 1, type: 'tripo', size: 3, cards: ['1-circle-violet', '2-circle-violet', '5-circle-violet'] };
  const table = (sets: HuntSet[], penalty = true): HuntState =>
    game({
      penalty,
      grid: wrong.cards as string[],
      players: [{ stack: ['a0'] }, { stack: ['b0'], sets }, { stack: ['c0'] }, { stack: ['d0'] }],
    });

  it('"If they have a 5-card set, they must give up a 5-card set."', () => {
    const { state, results } = ok(call(table([three!, five!, four!]), [wrong]));
    expect(results[0]!.violations.map((v) => v.rule)).toEqual(['not-a-set']);
    expect(results[0]!.surrendered).toEqual(five);
    expect(state.players[1]!.sets).toEqual([three, four]);
  });

  it('"If they have no 5-card sets but have a 4-card set, they must give up a 4-card set."', () => {
    expect(ok(call(table([three!, four!]), [wrong])).results[0]!.surrendered).toEqual(four);
  });

  it('"They may give up a 3-card set only if they have no collected 4-card or 5-card sets."', () => {
    expect(ok(call(table([three!]), [wrong])).results[0]!.surrendered).toEqual(three);
  });

  it('"If there is more than one set of the required size available, the penalized player may choose which one to surrender."', () => {
    expect(ok(call(table([three!, four!, fourToo!]), [wrong])).results[0]!.surrendered).toEqual(four);
    expect(ok(call(table([three!, four!, fourToo!]), [{ ...wrong, surrender: 2 }])).results[0]!.surrendered).toEqual(fourToo);
    expect(call(table([three!, four!, fourToo!]), [{ ...wrong, surrender: 0 }]).violations?.map((v) => v.rule)).toEqual(['surrender-not-largest']);
  });

  it('"The surrendered cards are distributed as evenly as possible among the bottoms of the opponents\' face-down stacks." (from the next player round)', () => {
    const { state } = ok(call(table([five!]), [wrong]));
    const c = five!.cards;
    expect(state.players.map((p) => p.stack)).toEqual([['a0', c[2]], ['b0'], ['c0', c[0], c[3]], ['d0', c[1], c[4]]]);
  });

  it('"If the player has not yet collected any sets, there is no additional penalty."', () => {
    const before = table([]);
    const { state, results } = ok(call(before, [wrong]));
    expect(results[0]!.surrendered).toBeNull();
    expect(state.players).toEqual(before.players);
  });

  it('applies only when the Competitive Rule is in play', () => {
    expect(ok(call(table([five!], false), [wrong])).results[0]!.surrendered).toBeNull();
  });
});

describe('winning the race', () => {
  it('"The first player to complete all nine required sequence sets wins immediately."', () => {
    // Every 5-card Tripo runs through 3-triangle-yellow: choose the hardest first.
    const [last, ...sets] = disjointSets([...HUNT_KINDS].reverse()) as [HuntSet, ...HuntSet[]];
    const later = disjointSets(['mono-3'], sets.flatMap((s) => s.cards).concat(last.cards))[0]!;
    const state = game({ players: [{ stack: ['x'], sets }, { stack: ['y'] }], grid: [...last.cards, ...later.cards] });
    const { state: after, results } = ok(call(state, [
      { player: 0, type: 'tripo', size: 5, cards: last.cards },
      { player: 1, type: 'mono', size: 3, cards: later.cards },
    ]));
    expect(after.over).toBe(true);
    expect(after.winners).toEqual([0]);
    expect(results[1]!.violations.map((v) => v.rule)).toEqual(['game-over']);
    expect(turnCard(after).violations?.map((v) => v.rule)).toEqual(['game-over']);
  });
});

describe('Variation: For Points', () => {
  it('"Players may collect as many valid sequence sets as they can." (the same kind again)', () => {
    const other = ['2-star-red', '3-circle-cyan', '4-star-violet'];
    const state = game({ variant: 'for-points', players: [{ stack: ['x'], sets: [set('mono', ...MONO)] }], grid: other });
    expect(ok(call(state, [{ player: 0, type: 'mono', size: 3, cards: other }])).results[0]!.accepted).toBe(true);
  });

  it('"Add the Extreme Card bonus to the normal value of the collected set." (scores)', () => {
    const extreme = ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow', '4-square-orange', '5-star-red'];
    const state = game({ variant: 'for-points', players: [{ sets: [set('tripo', ...extreme), set('mono', ...MONO)] }, { sets: [set('duo', ...DUO)] }] });
    expect(scores(state)).toEqual([14, 1]);
  });

  it('"continue playing until the cards available for play are exhausted ... The player with the most points wins."', () => {
    let state = setup({ players: 3, seed: 5, variant: 'for-points' });
    let turns = 0;
    while (!state.over) {
      const found = listSets(state.grid, 1).next();
      if (!found.done) {
        state = ok(call(state, [{ player: turns % 3, ...found.value }])).state;
      } else {
        state = ok(turnCard(state)).state;
      }
      turns++;
      expect(new Set(allCards(state)).size).toBe(125);
    }
    expect(state.players.every((p) => p.stack.length === 0)).toBe(true);
    expect([...listSets(state.grid, 1)]).toEqual([]);
    const points = scores(state);
    expect(state.winners).toEqual(points.flatMap((p, i) => (p === Math.max(...points) ? [i] : [])));
  });
});

describe('a whole game', () => {
  it('keeps every card somewhere, once, whatever is called (Competitive Rule on)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer(), (players, seed) => {
        const random = seededRandom(seed);
        let state = setup({ players, seed, penalty: true });
        for (let move = 0; move < 400 && !state.over; move++) {
          const r = random();
          if (r < 0.5) {
            const outcome = turnCard(state);
            if (outcome.violations) break;
            state = outcome.state;
            continue;
          }
          // A call: a set still needed, or a guess made of any cards on the grid.
          const player = randomInt(random, players);
          const kinds = needed(state, player);
          const honest = r < 0.8 ? listSets(state.grid, 1, kinds).next() : undefined;
          const size = 3 + randomInt(random, 3);
          const claim: HuntCall = honest && !honest.done
            ? { player, ...honest.value }
            : { player, ...kindParts(kinds[0] ?? 'mono-3'), cards: state.grid.slice(0, size) };
          state = ok(call(state, [claim])).state;
          const cards = allCards(state);
          expect(cards).toHaveLength(125);
          expect(new Set(cards).size).toBe(125);
        }
        if (state.over) expect(state.winners.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 30 },
    );
  });
});
