// The simulator's random game: seeded, and only moves a real game could make with chips.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineOfFiveLighting } from '../../src/bridge/leds.js';
import { CORNERS, COLS, EMPTY_BOARD } from '../../src/bridge/protocol.js';
import { playGame, randomGame } from '../../src/bridge/random-game.js';
import { seededRandom } from '../../src/rules/random.js';

describe('the random game', () => {
  it('replays exactly from its seed', () => {
    const a = playGame(randomGame(), seededRandom(9), 50);
    const b = playGame(randomGame(), seededRandom(9), 50);
    const c = playGame(randomGame(), seededRandom(10), 50);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('places on free non-corner spaces, and removes only an opponent chip outside a line of five', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom<2 | 3>(2, 3), (seed, teams) => {
        let before = EMPTY_BOARD;
        const played = playGame(randomGame({ teams, removalRate: 0.3 }), seededRandom(seed), 120);
        played.forEach(({ move, cells }, turn) => {
          const index = move.row * COLS + move.col;
          expect(move.team).toBe((teams === 3 ? 'GBR' : 'GB')[turn % teams]);
          expect(CORNERS.has(index)).toBe(false);
          if (move.chip === '.') {
            expect(before[index]).not.toBe('.');
            expect(before[index]).not.toBe(move.team);
            expect(lineOfFiveLighting(before).has(index)).toBe(false);
          } else {
            expect(before[index]).toBe('.');
            expect(move.chip).toBe(move.team);
          }
          before = cells;
        });
      }),
      { numRuns: 30 },
    );
  });
});
