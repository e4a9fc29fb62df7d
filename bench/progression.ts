// Progression figures: judging one play on a realistic mid-game layout, and finding plays.
import { ticDeck } from '../src/cards/tic.js';
import type { Placement } from '../src/rules/layout.js';
import { progression, type ProgressionState } from '../src/rules/progression.js';
import { greedyPolicy, playout } from '../src/rules/progression/simulate.js';
import { seededRandom } from '../src/rules/random.js';
import { measure, report } from './harness.js';

const LAYOUT_CARDS = 40;

/** A layout of exactly 40 cards as a seeded greedy game leaves it (the first seed that gets there). */
function midGame(): ProgressionState {
  for (let seed = 1; ; seed++) {
    const state = playout(progression.setup({ players: 3, seed }), greedyPolicy, seededRandom(seed), (s) => s.table.length >= LAYOUT_CARDS);
    if (state.table.length === LAYOUT_CARDS) return state;
  }
}

export function run(): void {
  const state = midGame();
  const table = state.table;
  const onTable = new Set(table.map((p) => p.card));
  const rest = ticDeck().filter((card) => !onTable.has(card));
  const plays: Placement[] = progression.legalPlays(table, rest);
  console.log(`layout: ${table.length} cards from a seeded 3-player greedy game; ${plays.length} legal single-card plays from the rest of the deck, judged in turn`);
  measure(
    `progression: judge and score one play on a ${table.length}-card layout`,
    (i) => [plays[(i * 7919) % plays.length]!],
    (play) => progression.judgePlay(table, play),
    { samples: 5000, goal: '<= 0.05 ms' },
  );
  const hands = Array.from({ length: 64 }, (_, i) => rest.slice((i * 6) % (rest.length - 6), ((i * 6) % (rest.length - 6)) + 6));
  measure(`progression: legal plays of a 6-card hand on a ${table.length}-card layout`, (i) => hands[i % hands.length]!, (hand) => progression.legalPlays(table, hand), {
    samples: 2000,
  });
  const start = performance.now();
  const end = playout(progression.setup({ players: 4, seed: 7 }), greedyPolicy, seededRandom(7));
  report('progression: one seeded 4-player game, greedy policy', performance.now() - start, `${end.log.length} moves`);
}
