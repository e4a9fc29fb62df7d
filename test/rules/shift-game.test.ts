import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { sequenceShift, type ShiftState, type ShiftVariant } from '../../src/rules/sequence-shift.js';
import { hasLegalPlay, solveTurn } from '../../src/rules/shift-solver.js';
import { layout } from '../helpers/picture.js';

const { setup, moves, isOver } = sequenceShift;

const TRIPO = '1-circle-violet 2-crescent-cyan 3-triangle-yellow';

/** A game in progress, written out by hand. */
function state(partial: Partial<ShiftState> & Pick<ShiftState, 'players'>): ShiftState {
  return { variant: 'standard', table: [], drawPile: ['5-star-red', '5-star-orange'], current: 0, turn: 3, winner: null, idleTurns: 0, ...partial };
}

describe('Sequence Shift: setup', () => {
  it('"Deal each player 12 cards. ... Place the remaining cards face down in the centre as the draw pile. There are no cards on the table at the beginning of the game."', () => {
    const game = setup({ players: 4, seed: 7 });
    expect(game.players.map((p) => p.hand.length)).toEqual([12, 12, 12, 12]);
    expect(game.players.every((p) => !p.opened)).toBe(true);
    expect(game.table).toEqual([]);
    expect(game.drawPile).toHaveLength(125 - 48);
    expect(new Set([...game.players.flatMap((p) => p.hand), ...game.drawPile]).size).toBe(125);
  });

  it('replays the same deal from the same seed', () => {
    expect(setup({ players: 3, seed: 42 })).toEqual(setup({ players: 3, seed: 42 }));
    expect(setup({ players: 3, seed: 42 }).players[0]!.hand).not.toEqual(setup({ players: 3, seed: 43 }).players[0]!.hand);
  });

  it('"Players: 2–5"', () => {
    expect(() => setup({ players: 1, seed: 1 })).toThrow(InputError);
    expect(() => setup({ players: 6, seed: 1 })).toThrow(InputError);
    expect(() => setup({ players: 5, seed: 1 })).not.toThrow();
  });
});

describe('Sequence Shift: turns', () => {
  it('"Once a player has successfully made an opening sequence, that player is considered open for the rest of the game."', () => {
    const game = state({ players: [{ hand: ['4-square-orange', '5-star-red', '1-circle-red'], opened: false }, { hand: ['2-circle-red'], opened: false }], drawPile: ['3-star-cyan'] });
    const out = moves.attemptTurn(game, layout('4-square-orange 5-star-red'));
    expect(out.legal).toBe(true);
    expect(out.played).toEqual(['4-square-orange', '5-star-red']);
    expect(out.state.players[0]).toEqual({ hand: ['1-circle-red'], opened: true });
    expect(out.state.current).toBe(1);
  });

  it('"If the player cannot produce a completely legal arrangement, the attempted play must be undone and the table returned to its arrangement at the beginning of the turn. The player then draws one card and their turn ends."', () => {
    const table = layout(TRIPO);
    const game = state({ table, players: [{ hand: ['4-crescent-red'], opened: true }, { hand: ['2-circle-red'], opened: true }] });
    const attempt = layout(`
      1-circle-violet 2-crescent-cyan   .
      .               4-crescent-red    .
      .               .                 .
      3-triangle-yellow .               .
    `);
    const out = moves.attemptTurn(game, attempt);
    expect(out.legal).toBe(false);
    expect(out.violations.map((v) => v.rule)).toEqual(['branching', 'lone-card']);
    expect(out.state.table).toEqual(table);
    expect(out.state.players[0]!.hand).toEqual(['4-crescent-red', '5-star-red']);
    expect(out.drawn).toBe('5-star-red');
    expect(out.state.drawPile).toEqual(['5-star-orange']);
    expect(out.state.current).toBe(1);
  });

  it('"If a player cannot or does not wish to make an opening sequence, they draw one card from the draw pile and their turn ends. The drawn card may not be played during the same turn."', () => {
    const game = state({ players: [{ hand: ['4-square-orange'], opened: false }, { hand: ['2-circle-red'], opened: false }] });
    const next = moves.drawAndPass(game);
    expect(next.players[0]!.hand).toEqual(['4-square-orange', '5-star-red']);
    expect(next.current).toBe(1); // the turn is over: nothing more can be played with the drawn card
    expect(next.turn).toBe(game.turn + 1);
  });

  it('"The first player to legally play all the cards from their hand wins. A player may go out by playing one card or several cards."', () => {
    const game = state({ table: layout(TRIPO), players: [{ hand: ['2-circle-red'], opened: true }, { hand: ['4-square-orange'], opened: true }], current: 1 });
    const out = moves.attemptTurn(game, layout(`${TRIPO} 4-square-orange`));
    expect(out.legal).toBe(true);
    expect(out.state.winner).toBe(1);
    expect(isOver(out.state)).toBe(true);
    expect(() => moves.drawAndPass(out.state)).toThrow(/over/);
    expect(() => moves.attemptTurn(out.state, out.state.table)).toThrow(/over/);

    const several = state({ players: [{ hand: ['1-star-red', '2-square-violet', '3-triangle-orange'], opened: false }, { hand: ['4-square-orange'], opened: false }] });
    expect(moves.attemptTurn(several, layout('1-star-red 2-square-violet 3-triangle-orange')).state.winner).toBe(0);
  });

  it('"The final play must satisfy the same table-legality rules as every other turn."', () => {
    const game = state({ table: layout(TRIPO), players: [{ hand: ['5-circle-red'], opened: true }, { hand: ['4-square-orange'], opened: true }] });
    const out = moves.attemptTurn(game, layout(`${TRIPO} 5-circle-red`));
    expect(out.legal).toBe(false);
    expect(out.state.winner).toBeNull();
    expect(out.state.players[0]!.hand).toEqual(['5-circle-red', '5-star-red']);
  });

  it('"As soon as any player has created the first legal Duo or Tripo, all players may use and manipulate table cards on subsequent turns." (Open Table)', () => {
    let game = setup({ players: 2, seed: 1, variant: 'open-table' });
    game = {
      ...game,
      players: [
        { hand: ['1-circle-violet', '2-crescent-cyan', '5-star-red'], opened: false },
        { hand: ['3-triangle-yellow', '1-star-red'], opened: false },
      ],
    };
    game = moves.attemptTurn(game, layout('1-circle-violet 2-crescent-cyan')).state;
    const out = moves.attemptTurn(game, layout(TRIPO));
    expect(out.legal).toBe(true);
    // In the standard game the same extension before opening is refused.
    const standard = { ...game, variant: 'standard' as const };
    expect(moves.attemptTurn(standard, layout(TRIPO)).violations.map((v) => v.rule)).toEqual(['opening-touches-table']);
  });

  it('ends without a winner when the draw pile is empty and nobody plays for a whole round', () => {
    let game = state({ drawPile: [], players: [{ hand: ['4-square-orange'], opened: true }, { hand: ['2-circle-red'], opened: true }] });
    game = moves.drawAndPass(game);
    expect(isOver(game)).toBe(false);
    game = moves.drawAndPass(game);
    expect(isOver(game)).toBe(true);
    expect(game.winner).toBeNull();
  });
});

describe('Sequence Shift: full seeded games', () => {
  type Policy = 'best' | 'first';
  const play = (variant: ShiftVariant, players: number, seed: number, policy: Policy): ShiftState => {
    let game = setup({ players, seed, variant });
    while (!isOver(game) && game.turn < 600) {
      const player = game.players[game.current]!;
      const input = { table: game.table, hand: player.hand, opened: player.opened, variant, budgetMs: 1000, nodeLimit: 400 };
      const found = policy === 'best' ? solveTurn(input) : hasLegalPlay(input).play;
      if (!found) {
        game = moves.drawAndPass(game);
        continue;
      }
      const out = moves.attemptTurn(game, found.after);
      expect(out.violations).toEqual([]);
      game = out.state;
      expect(sequenceShift.judgeTable(game.table).violations).toEqual([]);
      const cards = [...game.table.map((p) => p.card), ...game.players.flatMap((p) => p.hand), ...game.drawPile];
      expect(new Set(cards).size).toBe(125);
      expect(cards).toHaveLength(125);
    }
    return game;
  };

  for (const variant of ['standard', 'simple', 'open-table'] as const) {
    it(`${variant}: the solver as every player's policy never makes an illegal turn`, () => {
      for (const [players, seed] of [
        [2, 1],
        [3, 2],
        [5, 3],
      ] as const) {
        const first = play(variant, players, seed, 'first');
        expect(isOver(first)).toBe(true);
        if (first.winner !== null) expect(first.players[first.winner]!.hand).toEqual([]);
        const best = play(variant, players, seed, 'best');
        expect(best.winner).not.toBeNull();
      }
    });
  }
});
