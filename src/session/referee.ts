// The referee of one table: a pure fold of the session's inputs (settled states, turn ends,
// organiser corrections, undo, reset) into turns judged by the rules engines, scores and
// warnings. No clock, no I/O: the log in store.ts replays through here to the same state.
//
// A turn is the difference between the table after the last turn and the table now: cards added,
// removed, moved. With turn ends "auto" each settled change is one turn (a recorded game, the
// board); with "manual" changes gather until the dashboard or a board button ends the turn.
import type { Placement } from '../rules/layout.js';
import { progression } from '../rules/progression.js';
import { sequence, type Team } from '../rules/sequence.js';
import { sequenceShift } from '../rules/sequence-shift.js';
import { violation, type Violation } from '../rules/violation.js';
import { ruleSentence } from './sentences.js';
import type { BoardSequence, JudgedTurn, SessionGame, SessionInput, Warning } from './types.js';

export interface RefereeConfig {
  readonly game: SessionGame;
  readonly players: number;
  readonly turnEnds: 'auto' | 'manual';
  /** Progression Variation 2. */
  readonly reversing?: boolean;
  /** Sequence: 2 or 3 teams (default 2). */
  readonly teams?: 2 | 3;
}

interface Snapshot {
  readonly tMs: number;
  readonly cards: readonly Placement[];
}

interface BoardSnapshot {
  readonly tMs: number;
  readonly cells: string;
  readonly resync: boolean;
}

/** An organiser's correction: the card seen as `from` at the cell is really `to`. */
interface Override {
  readonly row: number;
  readonly col: number;
  readonly from: string;
  readonly to: string;
}

export interface RefereeState {
  readonly config: RefereeConfig;
  /** Table games: the layout the game started from (Progression: the starting card). */
  readonly start: Snapshot | null;
  /** The table after each ended turn. */
  readonly after: readonly Snapshot[];
  /** The latest settled table, which may hold changes not yet ended as a turn. */
  readonly seen: Snapshot | null;
  /** Sequence: the board the game started from, then the board after each move. */
  readonly boards: readonly BoardSnapshot[];
  readonly overrides: readonly Override[];
  readonly notices: readonly string[];
  /** Inputs taken (the log position this state stands for). */
  readonly inputs: number;
}

export interface Judged {
  readonly table: readonly Placement[];
  readonly turns: readonly JudgedTurn[];
  readonly scores: readonly number[];
  readonly current: number;
  readonly pending: number;
  readonly board: readonly string[] | null;
  readonly sequences: readonly BoardSequence[];
  readonly winner: string | null;
}

export function initialState(config: RefereeConfig): RefereeState {
  return { config, start: null, after: [], seen: null, boards: [], overrides: [], notices: [], inputs: 0 };
}

const TEAMS: readonly Team[] = ['G', 'B', 'R'];
const cellOf = (p: Placement): string => `${p.row},${p.col}`;

function sameTable(a: readonly Placement[], b: readonly Placement[]): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map((p) => `${p.card}@${cellOf(p)}`));
  return b.every((p) => keys.has(`${p.card}@${cellOf(p)}`));
}

function committedTable(state: RefereeState): readonly Placement[] {
  return state.after.at(-1)?.cards ?? state.start?.cards ?? [];
}

function note(state: RefereeState, text: string): readonly string[] {
  return [...state.notices, text].slice(-20);
}

/** One input folded in. */
export function apply(state: RefereeState, input: SessionInput): RefereeState {
  const next = { ...state, inputs: state.inputs + 1 };
  switch (input.kind) {
    case 'settled-table': {
      const snapshot = { tMs: input.tMs, cards: input.cards };
      if (state.config.game === 'sequence') return next;
      if (state.start === null) {
        // Progression starts from one face-up card; the other games from an empty table, so
        // their first settled state is already a turn.
        if (state.config.game === 'progression') return { ...next, start: snapshot, seen: snapshot };
        const empty = { tMs: input.tMs, cards: [] };
        return endTurn({ ...next, start: empty, seen: snapshot }, 'auto');
      }
      const withSeen = { ...next, seen: snapshot };
      return state.config.turnEnds === 'auto' ? endTurn(withSeen, 'auto') : withSeen;
    }
    case 'settled-board': {
      if (state.config.game !== 'sequence') return next;
      const snapshot = { tMs: input.tMs, cells: input.cells, resync: input.resync === true && state.boards.length > 0 };
      const last = state.boards.at(-1);
      if (last && last.cells === input.cells) return next;
      const notices = snapshot.resync ? note(state, `the board was out of touch; ${changedSpaces(last!.cells, input.cells)} space(s) changed meanwhile, taken as they are`) : state.notices;
      return { ...next, boards: [...state.boards, snapshot], notices };
    }
    case 'end-turn':
      return endTurn(next, input.by);
    case 'correct':
      return correct(next, input.row, input.col, input.card);
    case 'undo': {
      if (state.config.game === 'sequence') {
        if (state.boards.length <= 1) return { ...next, notices: note(state, 'nothing to undo') };
        return { ...next, boards: state.boards.slice(0, -1), notices: note(state, `move ${state.boards.length - 1} undone by the organiser`) };
      }
      if (state.after.length === 0) return { ...next, notices: note(state, 'nothing to undo') };
      return { ...next, after: state.after.slice(0, -1), seen: null, notices: note(state, `turn ${state.after.length} undone by the organiser`) };
    }
    case 'reset':
      return { ...initialState(state.config), inputs: next.inputs, notices: ['table reset by the organiser'] };
  }
}

function endTurn(state: RefereeState, by: 'dashboard' | 'button' | 'auto'): RefereeState {
  if (state.config.game === 'sequence') return state;  // every board change is a move
  const seen = state.seen;
  if (!seen || sameTable(seen.cards, committedTable(state))) {
    return by === 'auto' ? state : { ...state, notices: note(state, 'turn end ignored: nothing changed on the table') };
  }
  return { ...state, after: [...state.after, seen] };
}

function changedSpaces(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

function correct(state: RefereeState, row: number, col: number, card: string): RefereeState {
  if (state.config.game === 'sequence') {
    const last = state.boards.at(-1);
    if (!last || row < 0 || row > 9 || col < 0 || col > 9) return { ...state, notices: note(state, `no board space (${row},${col}) to correct`) };
    const i = row * 10 + col;
    const cells = `${last.cells.slice(0, i)}${card}${last.cells.slice(i + 1)}`;
    return { ...state, boards: [...state.boards.slice(0, -1), { ...last, cells }], notices: note(state, `space (${row},${col}) corrected to ${card} by the organiser`) };
  }
  const table = state.seen?.cards ?? committedTable(state);
  const found = table.find((p) => p.row === row && p.col === col);
  if (!found) return { ...state, notices: note(state, `no card at (${row},${col}) to correct`) };
  const override = { row, col, from: found.card, to: card };
  const rename = (s: Snapshot | null): Snapshot | null => (s ? { ...s, cards: s.cards.map((p) => renamed(p, [override])) } : null);
  return {
    ...state,
    overrides: [...state.overrides, override],
    start: rename(state.start),
    after: state.after.map((s) => rename(s)!),
    seen: rename(state.seen),
    notices: note(state, `${found.card} at (${row},${col}) corrected to ${card} by the organiser`),
  };
}

function renamed(p: Placement, overrides: readonly Override[]): Placement {
  for (const o of overrides) if (o.row === p.row && o.col === p.col && o.from === p.card) return { ...p, card: o.to };
  return p;
}

/** A camera's table with the organiser's corrections applied (a misread stays corrected). */
export function corrected(state: RefereeState, cards: readonly Placement[]): Placement[] {
  return cards.map((p) => renamed(p, state.overrides));
}

function warn(game: string, v: Violation): Warning {
  const sentence = ruleSentence(game, v.rule);
  return sentence ? { ...v, sentence } : { ...v };
}

function place(p: Placement): string {
  return `${p.card} at (${p.row},${p.col})`;
}

/** Turns, scores and whose turn it is, judged by the engines from the state. */
export function judge(state: RefereeState): Judged {
  return state.config.game === 'sequence' ? judgeBoards(state) : judgeTables(state);
}

function judgeTables(state: RefereeState): Judged {
  const { game, players } = state.config;
  const scores = new Array<number>(players).fill(0);
  const turns: JudgedTurn[] = [];
  let before = state.start?.cards ?? [];
  state.after.forEach((snapshot, i) => {
    const after = snapshot.cards;
    const player = i % players;
    const beforeByCard = new Map(before.map((p) => [p.card, p]));
    const afterByCard = new Map(after.map((p) => [p.card, p]));
    const added = after.filter((p) => !beforeByCard.has(p.card));
    const removed = before.filter((p) => !afterByCard.has(p.card));
    const moved = after
      .filter((p) => {
        const was = beforeByCard.get(p.card);
        return was !== undefined && cellOf(was) !== cellOf(p);
      })
      .map((p) => {
        const was = beforeByCard.get(p.card)!;
        return { card: p.card, from: [was.row, was.col] as const, to: [p.row, p.col] as const };
      });
    const violations: Violation[] = [];
    let points = 0;
    if (game === 'progression') {
      for (const r of removed) violations.push(violation('card-removed', `${r.card} was taken off the table at (${r.row},${r.col}); played cards stay where they are`, [r.card]));
      for (const m of moved) violations.push(violation('card-moved', `${m.card} moved from (${m.from.join(',')}) to (${m.to.join(',')}); played cards stay where they are`, [m.card]));
      const stay = before.filter((p) => afterByCard.has(p.card));
      // A turn that only took or moved cards is judged by those warnings alone.
      if (added.length > 0 || violations.length === 0) {
        const judged = progression.judgePlay(stay, added, { reversing: state.config.reversing === true });
        violations.push(...judged.violations);
        points = violations.length === 0 ? judged.points : 0;
      }
    } else if (game === 'sequence-shift') {
      for (const r of removed) violations.push(violation('card-left-table', `${r.card} left the table: cards on the table stay on it`, [r.card]));
      violations.push(...sequenceShift.judgeTable(after).violations);
      // Shift scores nothing on the table: a player wins by emptying their hand.
    }
    scores[player] = (scores[player] ?? 0) + points;
    const parts = [added.length ? `played ${added.map(place).join(', ')}` : '', moved.length ? `moved ${moved.map((m) => m.card).join(', ')}` : '', removed.length ? `took ${removed.map((r) => r.card).join(', ')}` : ''].filter(Boolean);
    turns.push({
      number: i + 1,
      player,
      tMs: snapshot.tMs,
      added,
      removed,
      moved,
      legal: violations.length === 0,
      points,
      warnings: violations.map((v) => warn(game, v)),
      summary: parts.join('; ') || 'no change',
    });
    before = after;
  });
  const table = state.seen?.cards ?? before;
  const pendingChanges = state.seen && !sameTable(state.seen.cards, before) ? 1 : 0;
  return { table, turns, scores, current: state.after.length % players, pending: pendingChanges, board: null, sequences: [], winner: null };
}

function judgeBoards(state: RefereeState): Judged {
  const teams = state.config.teams ?? 2;
  const scores = new Array<number>(teams).fill(0);
  const turns: JudgedTurn[] = [];
  if (state.boards.length === 0) return { table: [], turns, scores, current: 0, pending: 0, board: null, sequences: [], winner: null };
  const cellsOf = (s: BoardSnapshot): Team[] => [...s.cells] as Team[];
  let expected: Team = sequence.judgeBoard(cellsOf(state.boards[0]!), teams).next ?? 'G';
  for (let i = 1; i < state.boards.length; i++) {
    const prev = state.boards[i - 1]!;
    const snap = state.boards[i]!;
    if (snap.resync) {
      expected = sequence.judgeBoard(cellsOf(snap), teams).next ?? expected;
      continue;
    }
    const series = sequence.judgeSeries({ teams, boards: [cellsOf(prev), cellsOf(snap)], first: expected });
    const move = series.moves[0]!;
    const mover: Team = move.type === 'place' || move.type === 'replace' ? move.team : move.type === 'remove' ? expected : expected;
    const seat = Math.max(0, TEAMS.indexOf(mover));
    const violations = series.violations.map((v) => ({ ...v, message: v.message.replace(/^turn 1: /, '') }));
    const at = (r: number, c: number, card: string | null): Placement => ({ card: card ?? '?', row: r, col: c });
    const added = move.type === 'place' || move.type === 'replace' ? [at(move.row, move.col, move.card)] : [];
    const removed = move.type === 'remove' || move.type === 'replace' ? [at(move.row, move.col, move.card)] : [];
    const summary =
      move.type === 'place' ? `${teamWord(move.team)} chip on ${move.card ?? 'a corner'} (${move.row},${move.col})`
      : move.type === 'remove' ? `${teamWord(move.removed)} chip taken off ${move.card ?? ''} (${move.row},${move.col})`
      : move.type === 'replace' ? `chip at (${move.row},${move.col}) changed colour`
      : move.type === 'several' ? `${move.changes.length} spaces changed at once` : 'no change';
    turns.push({ number: turns.length + 1, player: seat, tMs: snap.tMs, added, removed, moved: [], legal: violations.length === 0, points: 0, warnings: violations.map((v) => warn('sequence', v)), summary });
    expected = TEAMS[(TEAMS.indexOf(mover) + 1) % teams] ?? 'G';
  }
  const last = state.boards.at(-1)!;
  const judged = sequence.judgeBoard(cellsOf(last), teams);
  for (const s of judged.sequences) scores[TEAMS.indexOf(s.team)] = (scores[TEAMS.indexOf(s.team)] ?? 0) + 1;
  const rows = Array.from({ length: 10 }, (_, r) => last.cells.slice(r * 10, r * 10 + 10));
  const current = judged.winner ? -1 : TEAMS.indexOf(judged.next ?? expected);
  return {
    table: [],
    turns,
    scores,
    current,
    pending: 0,
    board: rows,
    sequences: judged.sequences.map((s) => ({ team: s.team, cells: s.cells })),
    winner: judged.winner ? teamWord(judged.winner) : null,
  };
}

function teamWord(team: string): string {
  return team === 'G' ? 'green' : team === 'B' ? 'blue' : team === 'R' ? 'red' : team;
}
