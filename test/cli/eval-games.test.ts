// `seqref eval DIR --games` (contracts section 7): every bundled recorded game, replayed through the
// path `seqref serve` takes (the real recogniser, the smoother, the referee), held against its
// events.json turn by turn. These are the figures issue 47 names for the bundled games.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scoreGame } from '../../src/cli/eval-games.js';
import type { TruthGame } from '../../src/session/game-truth.js';
import type { JudgedTurn, TableView } from '../../src/session/types.js';
import { SEQREF, seqref } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-eval-games-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface GamesReport {
  games: number;
  turns_truth: number;
  turns_right: number;
  turns_extra: number;
  scores_right: number;
  illegal_truth: number;
  illegal_warned: number;
  false_warnings: number;
  results_right: number;
  by_game: Record<string, { turns_truth: number; turns_right: number; wrong: string[] }>;
}

describe('seqref eval --games on the bundled recorded games', () => {
  it('recognised as serve recognises them: 98% of truth turns right, every result right, every illegal turn warned, no false warning', () => {
    const out = join(dir, 'games.json');
    const run = spawnSync(process.execPath, [SEQREF, 'eval', 'fixtures', '--games', '--json', out], { encoding: 'utf8', timeout: 600_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/eval: dev\/progression-game: frame 10\/\d+/);
    expect(run.stdout).toMatch(/^game +turns +right +extra/);
    expect(run.stdout).toContain('heldout/sequence-stacks-game');
    const report = JSON.parse(readFileSync(out, 'utf8')) as GamesReport;
    expect(report.games).toBe(12);
    expect(Object.keys(report.by_game)).toHaveLength(12);
    expect(report.turns_right / report.turns_truth).toBeGreaterThanOrEqual(0.98);
    expect(report.scores_right).toBeGreaterThanOrEqual(0.98);
    expect(report.results_right).toBe(12);
    expect(report.illegal_warned).toBe(report.illegal_truth);
    expect(report.false_warnings).toBe(0);
    for (const [name, game] of Object.entries(report.by_game)) if (name.startsWith('dev/')) expect(game.wrong, name).toEqual([]);
  }, 600_000);

  it('--truth: the referee alone, on the recordings\' own card positions, gets every result and all but the turns only hands tell', () => {
    // Without frames there are no hands to see: a Hunt claim goes to the next to turn a card, not to the caller.
    const run = seqref(['eval', 'fixtures', '--games', '--truth']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^all +\d+ +\d+ +0 .* 12\/12 right$/m);
    const wrong = run.stdout.split('first turn wrong:')[1] ?? '';
    expect(wrong.trim().split('\n').every((line) => /sequence-hunt-game: turn \d+ \(Player \d: call .*\): the referee gave it to Player \d/.test(line))).toBe(true);
  }, 120_000);

  it('a folder with no recorded game is one line, exit 2', () => {
    const run = seqref(['eval', dir, '--games']);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/no recorded game/);
  });
});

describe('turns lined up with the truth', () => {
  const turn = (number: number, player: number, cards: string[], legal = true, points = 0): JudgedTurn => ({
    number, player, tMs: number * 1000, added: cards.map((card, col) => ({ card, row: 0, col })), removed: [], moved: [], legal, points, warnings: legal ? [] : [{ rule: 'no-step-at-contact', message: 'x', cards }], summary: cards.join(', '), kind: 'turn', scores: [0, 0],
  });
  const truthTurn = (turn: number, player: number, what: string[], legal = true): TruthGame['turns'][number] => ({ turn, player, move: 'play', what, legal, rules: legal ? [] : ['no-step-at-contact'], points: 0, scores: [0, 0], tMs: turn * 1000 });

  it('one missed turn and one extra do not shift the turns after them; a wrong player and a missed warning are named', () => {
    const truth: TruthGame = {
      game: 'progression', players: 2, unseen: [], result: null,
      turns: [truthTurn(1, 0, ['a']), truthTurn(2, 1, ['b']), truthTurn(3, 0, ['c'], false), truthTurn(4, 1, ['d']), truthTurn(5, 0, ['e'])],
    };
    const view = { turns: [turn(1, 0, ['a']), turn(2, 1, ['x']), turn(3, 0, ['c']), turn(4, 0, ['d']), turn(5, 0, ['e'])], result: null } as unknown as TableView;
    const score = scoreGame('g', truth, view, 0, 0);
    expect(score.turns_right).toBe(2);
    expect(score.turns_extra).toBe(1);
    expect(score.illegal_truth).toBe(1);
    expect(score.illegal_warned).toBe(0);
    expect(score.wrong).toEqual([
      'turn 2 (Player 2: play b): the referee recorded no such turn',
      'turn 3 (Player 1: play c, illegal): the referee did not warn (no-step-at-contact)',
      'turn 4 (Player 2: play d): the referee gave it to Player 1',
      'extra: turn 2 (Player 2: x)',
    ]);
    expect(score.result_right).toBe(true);
  });
});
