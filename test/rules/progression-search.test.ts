// Progression legal-play search: "perft" counts checked against brute force over judgePlay.
import { describe, expect, it } from 'vitest';
import { ticDeck } from '../../src/cards/tic.js';
import type { Placement } from '../../src/rules/layout.js';
import { progression } from '../../src/rules/progression.js';
import { playout, randomPolicy } from '../../src/rules/progression/simulate.js';
import { seededRandom } from '../../src/rules/random.js';
import { layout } from '../helpers/picture.js';

/** Every free cell within one step of the layout's bounding box, with every card not on the table, judged one by one. */
function bruteForce(table: readonly Placement[], cards: readonly string[]): string[] {
  const rows = table.map((p) => p.row);
  const cols = table.map((p) => p.col);
  const legal: string[] = [];
  for (let row = Math.min(...rows) - 1; row <= Math.max(...rows) + 1; row++) {
    for (let col = Math.min(...cols) - 1; col <= Math.max(...cols) + 1; col++) {
      for (const card of cards) {
        if (progression.judgePlay(table, [{ card, row, col }]).violations.length === 0) legal.push(`${card}@${row},${col}`);
      }
    }
  }
  return legal.sort();
}

const names = (plays: readonly Placement[]) => plays.map((p) => `${p.card}@${p.row},${p.col}`).sort();
const rest = (table: readonly Placement[]) => ticDeck().filter((card) => !table.some((p) => p.card === card));

/** A 40-card layout as a seeded game of random legal single cards leaves it. */
function fortyCardLayout(): readonly Placement[] {
  const state = playout(progression.setup({ players: 3, seed: 2024 }), randomPolicy, seededRandom(2024), (s) => s.table.length >= 40);
  return state.table;
}

describe('Progression: legal single-card plays', () => {
  it('perft on a lone 3-triangle-yellow: 4 cells x 98 cards (all but the 27 cards whose every property is 1, 3 or 5)', () => {
    const table = layout('3-triangle-yellow');
    const plays = progression.legalPlays(table, ticDeck());
    expect(plays).toHaveLength(392);
    expect(names(plays)).toEqual(bruteForce(table, rest(table)));
  });

  it('perft on a lone 1-circle-violet: 4 cells x 61 cards (all but the 64 cards with no 2 anywhere)', () => {
    const table = layout('1-circle-violet');
    expect(progression.legalPlays(table, ticDeck())).toHaveLength(244);
  });

  it('perft on a seeded 40-card layout from the whole remaining deck: the search and brute force agree', () => {
    const table = fortyCardLayout();
    expect(table).toHaveLength(40);
    const plays = progression.legalPlays(table, rest(table));
    expect(names(plays)).toEqual(bruteForce(table, rest(table)));
    expect(plays.length).toBe(PERFT_40);
  });

  it('offers each card once at row 0, col 0 on an empty table', () => {
    expect(progression.legalPlays([], ['3-star-orange', '1-circle-red', '3-star-orange'])).toEqual([
      { card: '3-star-orange', row: 0, col: 0 },
      { card: '1-circle-red', row: 0, col: 0 },
    ]);
    expect(progression.hasLegalPlay([], ['3-star-orange'])).toBe(true);
    expect(progression.hasLegalPlay([], [])).toBe(false);
  });

  it('finds no play for a hand that steps with nothing on the layout, and ignores cards already on the table', () => {
    const table = layout('3-triangle-yellow');
    const stuck = ['1-circle-violet', '5-star-red', '1-star-violet', '5-circle-red', '3-circle-violet', '1-triangle-red'];
    expect(progression.legalPlays(table, stuck)).toEqual([]);
    expect(progression.hasLegalPlay(table, stuck)).toBe(false);
    expect(progression.hasLegalPlay(table, ['3-triangle-yellow'])).toBe(false);
    expect(progression.hasLegalPlay(table, [...stuck, '2-triangle-yellow'])).toBe(true);
  });

  it('lists only cells where the card steps with every neighbour', () => {
    const table = layout(`
      3-triangle-yellow 4-triangle-yellow
      3-square-yellow   .
    `);
    // The corner cell (1,1) touches 4-triangle-yellow and 3-square-yellow.
    const corner = progression.legalPlays(table, ['2-star-violet', '4-square-yellow']).filter((p) => p.row === 1 && p.col === 1);
    expect(corner.map((p) => p.card)).toEqual(['4-square-yellow']);
  });
});

// Counted by the search and by brute force over judgePlay (the test above checks both agree).
const PERFT_40 = 1994;
