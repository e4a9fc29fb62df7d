// Seeded simple players for Progression: for tests (whole games), benches (realistic layouts)
// and later the simulator. Every choice comes from the Random passed in.
import type { Placement } from '../layout.js';
import { randomInt, type Random } from '../random.js';
import { NEIGHBOUR_STEPS } from '../layout.js';
import { drawForNoPlay, pass, play, type MoveResult, type ProgressionState } from './game.js';
import { judgePlay } from './judge.js';
import { legalPlays } from './search.js';

export type Move = { readonly move: 'play'; readonly placements: readonly Placement[] } | { readonly move: 'draw' } | { readonly move: 'pass' };

export type Policy = (state: ProgressionState, random: Random) => Move;

export function applyMove(state: ProgressionState, move: Move): MoveResult {
  if (move.move === 'play') return play(state, move.placements);
  return move.move === 'draw' ? drawForNoPlay(state) : pass(state);
}

/** Any legal single card, picked at random; draws or passes when it must. */
export const randomPolicy: Policy = (state, random) => {
  const plays = candidates(state);
  if (plays.length === 0) return forced(state);
  return { move: 'play', placements: [plays[randomInt(random, plays.length)]!] };
};

/**
 * The best-scoring single card, then (standard game) the best extension by up to two more hand
 * cards along a line while that scores more. Ties are broken at random.
 */
export const greedyPolicy: Policy = (state, random) => {
  const plays = candidates(state);
  if (plays.length === 0) return forced(state);
  const judge = (placements: readonly Placement[]) => judgePlay(state.table, placements, { reversing: state.reversing });
  let best: Placement[] = [];
  let bestPoints = -1;
  let ties = 0;
  for (const p of plays) {
    const points = judge([p]).points;
    if (points > bestPoints) {
      [best, bestPoints, ties] = [[p], points, 1];
    } else if (points === bestPoints && randomInt(random, ++ties) === 0) {
      best = [p];
    }
  }
  if (state.variant === 'shedding') return { move: 'play', placements: best };
  const hand = state.hands[state.current]!;
  for (let extra = 0; extra < 2; extra++) {
    let improved: Placement[] | null = null;
    for (const cell of lineEnds(best, state.table)) {
      for (const card of hand) {
        if (best.some((p) => p.card === card)) continue;
        const attempt = [...best, { card, row: cell.row, col: cell.col }];
        const judgement = judge(attempt);
        if (judgement.violations.length === 0 && judgement.points > bestPoints) [improved, bestPoints] = [attempt, judgement.points];
      }
    }
    if (!improved) break;
    best = improved;
  }
  return { move: 'play', placements: best };
};

/** Plays `policy` from `state` until the game is over or `stop` says so; throws on a refused move. */
export function playout(state: ProgressionState, policy: Policy, random: Random, stop: (s: ProgressionState) => boolean = () => false): ProgressionState {
  let current = state;
  while (!current.over && !stop(current)) {
    const move = policy(current, random);
    const result = applyMove(current, move);
    if (result.violations) throw new Error(`simulated ${move.move} refused: ${result.violations.map((v) => v.message).join('; ')}`);
    current = result.state;
  }
  return current;
}

/** Single-card plays open to the current player (only the drawn card once they drew). */
function candidates(state: ProgressionState): Placement[] {
  return legalPlays(state.table, state.drawn !== null ? [state.drawn] : state.hands[state.current]!);
}

function forced(state: ProgressionState): Move {
  return state.drawn !== null || state.deck.length === 0 ? { move: 'pass' } : { move: 'draw' };
}

/** Free cells continuing the line of `placed`: any neighbour of one card, the two ends of a line. */
function lineEnds(placed: readonly Placement[], table: readonly Placement[]): Placement[] {
  const taken = new Set([...table, ...placed].map((p) => `${p.row},${p.col}`));
  const first = placed[0]!;
  let steps: ReadonlyArray<readonly [number, number]> = NEIGHBOUR_STEPS;
  if (placed.length > 1) steps = placed.every((p) => p.row === first.row) ? [[0, -1], [0, 1]] : [[-1, 0], [1, 0]];
  const ends: Placement[] = [];
  for (const [dr, dc] of steps) {
    // Walk over the line (placed and table cards) to its first free cell in that direction.
    let row = first.row;
    let col = first.col;
    while (taken.has(`${row},${col}`)) [row, col] = [row + dr, col + dc];
    ends.push({ card: '', row, col });
  }
  return ends;
}
