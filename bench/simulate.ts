// Simulator figures: "1,000 simulated games: <game>", one timed run of 1,000 seeded games each
// (2 players, random policy, the game's standard variant), and the median time of one game.
import { performance } from 'node:perf_hooks';
import { simulate, SIMULATED_GAMES } from '../src/simulate/index.js';
import { figures, formatMs, percentile, report } from './harness.js';

const GAMES = 1000;

export function run(): void {
  for (const game of SIMULATED_GAMES) {
    const times: number[] = [];
    let turns = 0;
    const start = performance.now();
    for (let seed = 1; seed <= GAMES; seed++) {
      const t0 = performance.now();
      const record = simulate(game, { seed });
      times.push(performance.now() - t0);
      turns += record.result.turns;
    }
    const total = performance.now() - start;
    report(`1,000 simulated games: ${game}`, total, `${(turns / GAMES).toFixed(1)} turns a game`);
    times.sort((a, b) => a - b);
    const name = `simulated game, median of 1,000: ${game}`;
    const medianMs = percentile(times, 0.5);
    const p99Ms = percentile(times, 0.99);
    figures.push({ name, medianMs, p99Ms, samples: GAMES });
    console.log(`${name.padEnd(64)} median ${formatMs(medianMs)}  p99 ${formatMs(p99Ms)}  (n=${GAMES})`);
  }
}
