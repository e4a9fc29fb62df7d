// `seqref eval DIR --games [--json OUT]` (contracts section 7): every recorded game below DIR
// replayed through the path `seqref serve` takes (recognition or the board bridge, the smoother,
// the referee), then held against the truth turn by turn. The referee's turns are lined up with the
// truth's by what they put down or took (the longest common run, so one extra or missing turn
// does not shift every turn after it); a truth turn is right when its partner has the same player,
// legality and points; after each truth turn every score is compared; at the end, the result.
import { writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { InputError } from '../errors.js';
import { findFixtures, readFixture } from '../render/fixture-io.js';
import { readTruthGame, type TruthGame, type TruthTurn } from '../session/game-truth.js';
import { loadRecogniser, recogniserProblem } from '../session/recogniser.js';
import { replayRecorded } from '../session/replay.js';
import type { Recogniser } from '../session/sources/source.js';
import type { JudgedTurn, TableView } from '../session/types.js';

export interface GameScore {
  readonly name: string;
  readonly game: string;
  readonly turns_truth: number;
  readonly turns_right: number;
  readonly turns_extra: number;
  readonly turns_unseen: number;
  readonly scores_right: number;
  readonly illegal_truth: number;
  readonly illegal_warned: number;
  readonly false_warnings: number;
  readonly result_right: boolean;
  readonly result_truth: string;
  readonly result_referee: string;
  /** Each truth turn the referee got wrong, and why (the first is the table's "first wrong"). */
  readonly wrong: readonly string[];
  readonly frames: number;
  readonly ms: number;
}

/** What a referee turn put down or took, named as the truth names it. */
function whatOf(game: string, t: JudgedTurn): string[] {
  if (game === 'sequence') return [...t.added, ...t.removed].map((p) => `${p.row},${p.col}`);
  if (t.kind === 'claim') return t.removed.map((p) => p.card);
  return t.added.map((p) => p.card);
}

const keyOf = (what: readonly string[]): string => [...what].sort().join(' ');

/** Pairs truth and referee turns with equal keys, in order, as many as can be (longest common subsequence). */
export function lineUp(truth: readonly string[], referee: readonly string[]): (number | null)[] {
  const n = truth.length;
  const m = referee.length;
  const best = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) best[i]![j] = truth[i] === referee[j] ? best[i + 1]![j + 1]! + 1 : Math.max(best[i + 1]![j]!, best[i]![j + 1]!);
  }
  const pairs: (number | null)[] = new Array<number | null>(n).fill(null);
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (truth[i] === referee[j]) pairs[i++] = j++;
    else if (best[i + 1]![j]! >= best[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

const sideName = (game: string, p: number): string => (game === 'sequence' ? (['green', 'blue', 'red'][p] ?? `team ${p + 1}`) : `Player ${p + 1}`);

function describeTruth(game: string, t: TruthTurn): string {
  const what = t.what.length > 0 ? `${t.move} ${t.what.join(', ')}` : t.move;
  return `turn ${t.turn} (${sideName(game, t.player)}: ${what}${t.legal ? '' : ', illegal'})`;
}

function resultText(game: string, result: { winners: readonly number[] } | null): string {
  if (!result) return 'no result';
  if (result.winners.length === 0) return 'nobody won';
  return `${result.winners.map((w) => sideName(game, w)).join(' and ')} won`;
}

/** One game's replay held against its truth. */
export function scoreGame(name: string, truth: TruthGame, view: TableView, frames: number, ms: number): GameScore {
  const game = truth.game;
  const referee = view.turns;
  const pairs = lineUp(
    truth.turns.map((t) => keyOf(t.what)),
    referee.map((t) => keyOf(whatOf(game, t))),
  );
  const wrong: string[] = [];
  let right = 0;
  let scoresRight = 0;
  let illegalWarned = 0;
  let falseWarnings = 0;
  let lastScores: readonly number[] = new Array<number>(truth.players).fill(0);
  truth.turns.forEach((t, i) => {
    const j = pairs[i];
    const r = j === null || j === undefined ? null : referee[j]!;
    const why: string[] = [];
    if (!r) why.push('the referee recorded no such turn');
    else {
      if (r.player !== t.player) why.push(`the referee gave it to ${sideName(game, r.player)}`);
      if (r.legal !== t.legal) why.push(t.legal ? `the referee warned ${r.warnings.map((w) => w.rule).join(', ')}` : `the referee did not warn (${t.rules.join(', ')})`);
      if (t.points !== null && r.legal && t.legal && r.points !== t.points) why.push(`${t.points} points, the referee gave ${r.points}`);
      if (!r.legal) t.legal ? falseWarnings++ : illegalWarned++;
      lastScores = r.scores;
    }
    if (t.scores) {
      if (t.scores.length === lastScores.length && t.scores.every((s, p) => s === lastScores[p])) scoresRight++;
      else if (why.length === 0) why.push(`scores ${t.scores.join('-')}, the referee's ${lastScores.join('-')}`);
    } else scoresRight++;
    if (why.length === 0) right++;
    else wrong.push(`${describeTruth(game, t)}: ${why.join('; ')}`);
  });
  const matched = new Set(pairs.filter((j): j is number => j !== null));
  const extra = referee.filter((_, j) => !matched.has(j));
  falseWarnings += extra.filter((t) => !t.legal).length;
  const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && [...a].sort().every((v, k) => v === [...b].sort()[k]);
  const resultRight = truth.result === null ? view.result === null : view.result !== null && same(truth.result.winners, view.result.winners);
  return {
    name,
    game,
    turns_truth: truth.turns.length,
    turns_right: right,
    turns_extra: extra.length,
    turns_unseen: truth.unseen.length,
    scores_right: truth.turns.length > 0 ? scoresRight / truth.turns.length : 1,
    illegal_truth: truth.turns.filter((t) => !t.legal).length,
    illegal_warned: illegalWarned,
    false_warnings: falseWarnings,
    result_right: resultRight,
    result_truth: resultText(game, truth.result),
    result_referee: resultText(game, view.result),
    wrong: [...wrong, ...extra.map((t) => `extra: turn ${t.number} (${sideName(game, t.player)}: ${t.summary}${t.legal ? '' : `, warned ${t.warnings.map((w) => w.rule).join(', ')}`})`)],
    frames,
    ms,
  };
}

export const GAMES_USAGE = `Usage: seqref eval DIR --games [--json OUT] [--truth]

Finds every recorded game below DIR (a fixture folder with events.json: camera frames, or a
Sequence board's serial log), replays it through the path seqref serve takes (recognition or the
board bridge, the smoother, the referee) as fast as the machine allows, and holds the referee's
turns against the truth (contracts section 7): per game the truth turns right, the extra ones, the
scores after each turn, the result, and the first turn that went wrong and why.

Options:
  --json OUT    also write the figures as JSON (contract fields, by_game, every wrong turn)
  --truth       read the recordings' own card positions instead of recognising their frames
                (the referee alone, without the recogniser)`;

export async function runEvalGames(dir: string, options: { json?: string; truth?: boolean }): Promise<number> {
  const folders = findFixtures(dir).map((file) => dirname(file)).filter((folder) => readTruthGame(folder) !== null);
  if (folders.length === 0) throw new InputError(`eval --games: no recorded game (a fixture folder with events.json) below ${dir}`);
  let recogniser: Recogniser | null = null;
  if (!options.truth && folders.some((f) => readFixture(f, { checkImages: false }).frames.length > 0)) {
    recogniser = await loadRecogniser();
    if (!recogniser) throw new InputError(`eval --games: the recogniser is not available (${recogniserProblem() ?? 'unknown'}); --truth replays the recordings' truth`);
  }
  const scores: GameScore[] = [];
  for (const folder of folders) {
    const name = relative(dir, folder) || folder;
    const truth = readTruthGame(folder)!;
    const total = readFixture(folder, { checkImages: false }).frames.length;
    const replay = await replayRecorded(folder, recogniser, { onFrame: (n) => n % 10 === 0 && process.stderr.write(`eval: ${name}: frame ${n}/${total}\n`) });
    const score = scoreGame(name, truth, replay.view, replay.frames, replay.ms);
    process.stderr.write(`eval: ${name}: ${score.turns_right}/${score.turns_truth} turns right, result ${score.result_right ? 'right' : 'wrong'}\n`);
    scores.push(score);
  }
  process.stdout.write(`${gamesTable(scores)}\n`);
  if (options.json) writeFileSync(options.json, `${JSON.stringify(gamesReport(scores), null, 1)}\n`);
  return 0;
}

const sum = (scores: readonly GameScore[], f: (s: GameScore) => number): number => scores.reduce((n, s) => n + f(s), 0);

export function gamesReport(scores: readonly GameScore[]): Record<string, unknown> {
  const turns = sum(scores, (s) => s.turns_truth);
  return {
    games: scores.length,
    turns_truth: turns,
    turns_right: sum(scores, (s) => s.turns_right),
    turns_extra: sum(scores, (s) => s.turns_extra),
    turns_unseen: sum(scores, (s) => s.turns_unseen),
    scores_right: turns > 0 ? Math.round((sum(scores, (s) => s.scores_right * s.turns_truth) / turns) * 10000) / 10000 : 1,
    illegal_truth: sum(scores, (s) => s.illegal_truth),
    illegal_warned: sum(scores, (s) => s.illegal_warned),
    false_warnings: sum(scores, (s) => s.false_warnings),
    results_right: scores.filter((s) => s.result_right).length,
    by_game: Object.fromEntries(scores.map((s) => [s.name, s])),
  };
}

function gamesTable(scores: readonly GameScore[]): string {
  const width = Math.max(24, ...scores.map((s) => s.name.length + 2));
  const head = `${'game'.padEnd(width)}${'turns'.padStart(6)}${'right'.padStart(7)}${'extra'.padStart(7)}${'unseen'.padStart(8)}${'scores'.padStart(8)}${'illegal'.padStart(9)}${'warned'.padStart(8)}${'false'.padStart(7)}  result`;
  const row = (s: GameScore): string =>
    `${s.name.padEnd(width)}${String(s.turns_truth).padStart(6)}${String(s.turns_right).padStart(7)}${String(s.turns_extra).padStart(7)}${String(s.turns_unseen).padStart(8)}${`${Math.round(s.scores_right * 100)}%`.padStart(8)}${String(s.illegal_truth).padStart(9)}${String(s.illegal_warned).padStart(8)}${String(s.false_warnings).padStart(7)}  ${s.result_right ? 'right' : 'WRONG'}: ${s.result_referee}${s.result_right ? '' : ` (truth: ${s.result_truth})`}`;
  const report = gamesReport(scores) as Record<string, number>;
  const lines = [head, ...scores.map(row)];
  lines.push(`${'all'.padEnd(width)}${String(report.turns_truth).padStart(6)}${String(report.turns_right).padStart(7)}${String(report.turns_extra).padStart(7)}${String(report.turns_unseen).padStart(8)}${`${Math.round(report.scores_right! * 100)}%`.padStart(8)}${String(report.illegal_truth).padStart(9)}${String(report.illegal_warned).padStart(8)}${String(report.false_warnings).padStart(7)}  ${report.results_right}/${scores.length} right`);
  const firsts = scores.filter((s) => s.wrong.length > 0);
  if (firsts.length > 0) lines.push('', 'first turn wrong:', ...firsts.map((s) => `  ${s.name}: ${s.wrong[0]}${s.wrong.length > 1 ? ` (+${s.wrong.length - 1} more; --json lists them)` : ''}`));
  return lines.join('\n');
}
