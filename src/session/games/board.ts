// Sequence from the electronic board: each settled board (the session groups the spaces that
// change together) is one move, inferred and checked by the engine (judgeSeries on the two boards)
// with whose turn it is. An illegal move the players take back (the board returns to where it was)
// keeps its warning and gives the turn back to the team that tried it.
import { sequence, type Team } from '../../rules/sequence.js';
import type { Placement } from '../../rules/layout.js';
import type { BoardSequence, GameResult, JudgedTurn } from '../types.js';
import { judged, type TurnDraft } from './common.js';

export interface BoardSnapshot {
  readonly tMs: number;
  readonly cells: string;
  readonly resync: boolean;
}

export interface BoardJudgement {
  readonly turns: JudgedTurn[];
  readonly scores: number[];
  readonly current: number;
  readonly board: readonly string[] | null;
  readonly sequences: readonly BoardSequence[];
  readonly winner: string | null;
  readonly result: GameResult | null;
}

const TEAMS: readonly Team[] = ['G', 'B', 'R'];

interface Attempt {
  readonly index: number;
  readonly before: string;
  readonly team: Team;
  readonly number: number;
}

export function teamWord(team: string): string {
  return team === 'G' ? 'green' : team === 'B' ? 'blue' : team === 'R' ? 'red' : team;
}

export function judgeBoards(boards: readonly BoardSnapshot[], teams: 2 | 3, dismissed: ReadonlyMap<string, string> = new Map()): BoardJudgement {
  const scores = new Array<number>(teams).fill(0);
  const turns: TurnDraft[] = [];
  if (boards.length === 0) return { turns, scores, current: 0, board: null, sequences: [], winner: null, result: null };
  const sequencesOf = (cells: string): number[] => {
    const counts = new Array<number>(teams).fill(0);
    for (const s of sequence.judgeBoard(cellsOf(cells), teams).sequences) counts[TEAMS.indexOf(s.team)]! += 1;
    return counts;
  };
  const cellsOf = (cells: string): Team[] => [...cells] as Team[];
  let expected: Team = sequence.judgeBoard(cellsOf(boards[0]!.cells), teams).next ?? 'G';
  let number = 1;
  let board = boards[0]!.cells;
  let attempt: Attempt | null = null;
  for (let i = 1; i < boards.length; i++) {
    const snap = boards[i]!;
    if (snap.resync) {
      attempt = null;
      board = snap.cells;
      expected = sequence.judgeBoard(cellsOf(snap.cells), teams).next ?? expected;
      continue;
    }
    if (attempt) {
      const tried: Attempt = attempt;
      attempt = null;
      if (snap.cells === tried.before) {
        turns[tried.index]!.withdrawn = true;
        expected = tried.team;
        number = tried.number;
        board = snap.cells;
        continue;
      }
    }
    if (snap.cells === board) continue;
    const series = sequence.judgeSeries({ teams, boards: [cellsOf(board), cellsOf(snap.cells)], first: expected });
    const move = series.moves[0]!;
    const mover: Team = move.type === 'place' || move.type === 'replace' ? move.team : expected;
    const seat = Math.max(0, TEAMS.indexOf(mover));
    const violations = series.violations.map((v) => ({ ...v, message: v.message.replace(/^turn 1: /, '') }));
    const at = (r: number, c: number, card: string | null): Placement => ({ card: card ?? '?', row: r, col: c });
    const added = move.type === 'place' || move.type === 'replace' ? [at(move.row, move.col, move.card)] : move.type === 'several' ? move.changes.filter((c) => c.to !== '.').map((c) => at(c.row, c.col, null)) : [];
    const removed = move.type === 'remove' || move.type === 'replace' ? [at(move.row, move.col, move.card)] : move.type === 'several' ? move.changes.filter((c) => c.from !== '.').map((c) => at(c.row, c.col, null)) : [];
    const summary =
      move.type === 'place' ? `${teamWord(move.team)} chip on ${move.card ?? 'a corner'} (${move.row},${move.col})`
      : move.type === 'remove' ? `${teamWord(move.removed)} chip taken off ${move.card ?? ''} (${move.row},${move.col})`
      : move.type === 'replace' ? `chip at (${move.row},${move.col}) changed colour`
      : move.type === 'several' ? `${move.changes.length} spaces changed at once: ${move.changes.map((c) => `(${c.row},${c.col}) ${c.to === '.' ? 'emptied' : teamWord(c.to)}`).join(', ')}` : 'no change';
    const { warnings, legal } = judged('sequence', violations, snap.tMs, dismissed);
    turns.push({ number, player: seat, tMs: snap.tMs, added, removed, moved: [], legal, points: 0, warnings, summary, kind: 'turn', scores: sequencesOf(snap.cells) });
    if (!legal) attempt = { index: turns.length - 1, before: board, team: expected, number };
    board = snap.cells;
    expected = TEAMS[(TEAMS.indexOf(mover) + 1) % teams] ?? 'G';
    number++;
  }
  // A move taken back changed no score.
  turns.forEach((t, i) => {
    if (t.withdrawn) t.scores = i > 0 ? turns[i - 1]!.scores : new Array<number>(teams).fill(0);
  });
  const last = boards.at(-1)!;
  const final = sequence.judgeBoard(cellsOf(last.cells), teams);
  for (const s of final.sequences) scores[TEAMS.indexOf(s.team)] = (scores[TEAMS.indexOf(s.team)] ?? 0) + 1;
  const rows = Array.from({ length: 10 }, (_, r) => last.cells.slice(r * 10, r * 10 + 10));
  const current = final.winner ? -1 : TEAMS.indexOf(final.next ?? expected);
  return {
    turns,
    scores,
    current,
    board: rows,
    sequences: final.sequences.map((s) => ({ team: s.team, cells: s.cells })),
    winner: final.winner ? teamWord(final.winner) : null,
    result: final.winner ? { winners: [TEAMS.indexOf(final.winner)], reason: `${teamWord(final.winner)} completed the sequences needed` } : null,
  };
}
