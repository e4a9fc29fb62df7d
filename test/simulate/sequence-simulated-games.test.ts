import { describe, expect, it } from 'vitest';
import { sequence, sequencesNeeded, TEAM_ORDER } from '../../src/rules/sequence.js';
import type { SequenceRecord, SimulateOptions } from '../../src/simulate/index.js';
import { before, ensure, expectReplays, GAMES_PER_TEST, playGames, scoresBefore } from './run-games.js';

const CODES = ['space-covered', 'several-changes'];
const PLAYERS = [2, 3, 4, 6] as const;

/** 2, 3, 4 or 6 players (two or three teams), every 3rd greedy, every 5th counting nine twice, every 4th with illegal turns. */
function configOf(seed: number): Omit<SimulateOptions, 'seed'> {
  return {
    players: PLAYERS[seed % 4]!,
    policy: seed % 3 === 0 ? 'greedy' : 'random',
    illegalEvery: seed % 4 === 0 ? 3 + (seed % 4) : 0,
    options: { nineCountsTwice: seed % 5 === 0 },
  };
}

function changes(a: readonly string[], b: readonly string[]): { index: number; from: string; to: string }[] {
  const out: { index: number; from: string; to: string }[] = [];
  for (let i = 0; i < 100; i++) {
    const from = a[Math.floor(i / 10)]![i % 10]!;
    const to = b[Math.floor(i / 10)]![i % 10]!;
    if (from !== to) out.push({ index: i, from, to });
  }
  return out;
}

describe('Sequence simulated games', () => {
  it(`plays ${GAMES_PER_TEST} seeded games where the chips change by exactly one a turn and the winner is right`, () => {
    const tally = playGames('sequence', configOf, CODES, (any, t) => {
      const r = any as SequenceRecord;
      const at = (i: number): string => `seed ${r.seed} entry ${i}`;
      const teams = r.config.options.teams ?? 2;
      const needed = sequencesNeeded(teams);
      r.turns.forEach((e, i) => {
        const prev = before(r, i);
        const prevScores = scoresBefore(r, i);
        const prevChips = i === 0 ? r.start.chips! : r.turns[i - 1]!.chips!;
        const diff = changes(prev.board, e.stateAfter.board);
        const team = TEAM_ORDER.indexOf(e.team!);
        const chipDelta = e.chips!.map((c, k) => c - prevChips[k]!);
        const move = e.move;
        if (e.legal && move.type === 'place') {
          ensure(t, diff.length === 1 && diff[0]!.index === move.row * 10 + move.col && diff[0]!.from === '.' && diff[0]!.to === e.team, () => `${at(i)}: place changed ${JSON.stringify(diff)}`);
          ensure(t, chipDelta.every((d, k) => d === (k === team ? 1 : 0)), () => `${at(i)}: place changed chips by ${chipDelta}`);
        } else if (e.legal && move.type === 'remove') {
          // A one-eyed Jack: one opponent's chip comes off.
          const removed = diff[0] ? TEAM_ORDER.indexOf(diff[0].from as 'G') : -1;
          ensure(t, diff.length === 1 && diff[0]!.index === move.row * 10 + move.col && diff[0]!.to === '.' && removed !== team, () => `${at(i)}: remove changed ${JSON.stringify(diff)}`);
          ensure(t, chipDelta.every((d, k) => d === (k === removed ? -1 : 0)), () => `${at(i)}: remove changed chips by ${chipDelta}`);
        } else {
          ensure(t, diff.length === 0 && chipDelta.every((d) => d === 0), () => `${at(i)}: a ${move.type} changed the board`);
        }
        ensure(t, e.scores.every((s, k) => s >= prevScores[k]!), () => `${at(i)}: a completed sequence was lost`);
        if (i < r.turns.length - 1) ensure(t, e.scores.every((s) => s < needed), () => `${at(i)}: a team held ${needed} sequences and the game went on`);
        if (e.deliberate) {
          const expected = move.type === 'two-chips' ? ['several-changes'] : ['space-covered'];
          ensure(t, JSON.stringify(e.violations.map((v) => v.rule)) === JSON.stringify(expected), () => `${at(i)}: ${move.type} gave ${e.violations.map((v) => v.rule)}`);
          const next = r.turns[i + 1];
          ensure(t, next !== undefined && next.player === e.player && next.turn === e.turn && next.legal, () => `${at(i)}: no legal move after the rejected attempt`);
        }
      });
      const last = r.turns.at(-1)!;
      if (r.result.reason === 'won') {
        const w = r.result.winners[0]!;
        ensure(t, TEAM_ORDER[w] === last.team, () => `seed ${r.seed}: ${TEAM_ORDER[w]} won on ${last.team}'s move`);
        ensure(t, last.scores[w]! >= needed, () => `seed ${r.seed}: the winner holds ${last.scores[w]} sequences`);
        // The board alone names the same winner.
        const judged = sequence.judgeBoard(sequence.parseBoard(last.stateAfter.board), teams, { nineCountsTwice: r.config.options.nineCountsTwice === true });
        ensure(t, judged.winner === TEAM_ORDER[w], () => `seed ${r.seed}: the board says ${judged.winner}, the game ${TEAM_ORDER[w]}`);
      } else {
        ensure(t, r.result.winners.length === 0, () => `seed ${r.seed}: winners without a win`);
      }
    });
    expect(tally.problems).toEqual([]);
    expect(tally.games).toBe(GAMES_PER_TEST);
    expect(tally.reasons.won).toBeGreaterThan(GAMES_PER_TEST * 0.9);
    expect(tally.events.sequence).toBeGreaterThan(GAMES_PER_TEST);
    expect(tally.events.exchange).toBeGreaterThan(0);
    expect(tally.codes['space-covered']).toBeGreaterThan(500);
    expect(tally.codes['several-changes']).toBeGreaterThan(500);
  });

  it('rejects two chips in one turn ("several-changes") and a chip on a covered space ("space-covered"); the player then moves legally', () => {
    const r = expectReplays('sequence', { seed: 6, illegalEvery: 2 }) as SequenceRecord;
    const attempts = r.turns.filter((e) => e.deliberate);
    expect(new Set(attempts.map((e) => e.move.type))).toEqual(new Set(['place', 'two-chips']));
    for (const attempt of attempts) {
      expect(attempt.stateAfter.board).toEqual(before(r, attempt.index).board);
      expect(r.turns[attempt.index + 1]).toMatchObject({ player: attempt.player, turn: attempt.turn, legal: true });
    }
  });

  it('replays the identical record from the same seed', () => {
    for (const options of [{ seed: 51 }, { seed: 52, policy: 'greedy' as const, players: 3, illegalEvery: 4 }, { seed: 53, players: 6, options: { nineCountsTwice: true } }]) {
      expectReplays('sequence', options);
    }
  });
});
