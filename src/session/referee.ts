// The referee of one table: a pure fold of the session's inputs (settled states, turn ends,
// organiser corrections, undo, reset) into turns judged by the rules engines, scores and
// warnings. No clock, no I/O: the log in store.ts replays through here to the same state.
//
// A turn is the difference between the table after the last turn and the table now: cards added,
// removed, moved. With turn ends "auto" each settled change is one turn (a recorded game, the
// board); with "manual" changes gather until the dashboard or a board button ends the turn.
import type { Placement } from '../rules/layout.js';
import { judgeBoards, type BoardSnapshot } from './games/board.js';
import { playerName, sameTable, type GameInput, type GameJudgement, type Snapshot } from './games/common.js';
import { judgeHunt } from './games/hunt.js';
import { judgeProgression } from './games/progression.js';
import { judgeShift } from './games/shift.js';
import { judgeStacks } from './games/stacks.js';
import type { BoardSequence, GameResult, JudgedTurn, SessionGame, SessionInput } from './types.js';

export interface RefereeConfig {
  readonly game: SessionGame;
  readonly players: number;
  readonly turnEnds: 'auto' | 'manual';
  /** Progression Variation 2. */
  readonly reversing?: boolean;
  /** Sequence: 2 or 3 teams (default 2). */
  readonly teams?: 2 | 3;
  /** Sequence Shift: standard (default), simple or open-table. */
  readonly variant?: string;
  /** Sequence Hunt: race (default) or for-points. */
  readonly huntVariant?: 'race' | 'for-points';
  /** Progression: the cards the game is played with (default the whole deck of 125). */
  readonly deckSize?: number;
  /** The frame edge each player reaches in across (0 bottom, 1 top, 2 left, 3 right; default seatEdges()). */
  readonly seats?: readonly number[];
}

/**
 * Where players sit as the camera sees them: two face each other across the frame (bottom, top);
 * more sit round it in turn order (bottom, right, top, left), as the recorded games are filmed.
 */
export function seatEdges(players: number): number[] {
  return Array.from({ length: players }, (_, p) => (players === 2 ? p % 2 : [0, 3, 1, 2][p % 4]!));
}

/** The player whose seat an edge is, where exactly one sits there. */
export function playerAt(config: RefereeConfig, edge: number | undefined): number | undefined {
  if (edge === undefined) return undefined;
  const seats = config.seats ?? seatEdges(config.players);
  const at = seats.flatMap((e, p) => (e === edge ? [p] : []));
  return at.length === 1 ? at[0] : undefined;
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
  /** Sequence Hunt: who called the claim holding each card, as the organiser said. */
  readonly credits: readonly { readonly card: string; readonly player: number }[];
  /** Whose turn the table settled at `tMs` was, as the organiser said. */
  readonly assigned: readonly { readonly tMs: number; readonly player: number }[];
  /** Warnings the organiser dismissed: the rule on the turn of the table settled at `tMs`, and why. */
  readonly dismissed: readonly { readonly tMs: number; readonly rule: string; readonly reason: string }[];
  readonly notices: readonly string[];
  /** Inputs taken (the log position this state stands for). */
  readonly inputs: number;
  /** Which game at this table this is: 1, then one more at each reset. */
  readonly game: number;
}

export interface Judged {
  readonly table: readonly Placement[];
  readonly turns: readonly JudgedTurn[];
  readonly scores: readonly number[];
  readonly scoreUnit: string;
  readonly scoreNotes: readonly string[];
  readonly info: readonly string[];
  readonly current: number;
  readonly pending: number;
  readonly board: readonly string[] | null;
  readonly sequences: readonly BoardSequence[];
  /** The winners in words ("Player 2", "green"), once the game has ended with one. */
  readonly winner: string | null;
  readonly result: GameResult | null;
}

export function initialState(config: RefereeConfig): RefereeState {
  return { config, start: null, after: [], seen: null, boards: [], overrides: [], credits: [], assigned: [], dismissed: [], notices: [], inputs: 0, game: 1 };
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
      const by = playerAt(state.config, input.edge);
      const snapshot: Snapshot = { tMs: input.tMs, cards: input.cards, ...(by !== undefined ? { by } : {}) };
      if (state.config.game === 'sequence') return next;
      if (state.start === null) {
        // Progression starts from one face-up card; the other games from an empty table, so
        // their first settled state is already a turn. A starting card too small or washed out to
        // be read alone (the camera framed for the whole game) is known later as the card that lay
        // there before any hand came: the rest of that table is the first play.
        if (state.config.game === 'progression') {
          if (input.cards.length === 0) return next;
          const opening = input.cards.length === 1 ? input.cards : input.cards.filter((p) => p.card === input.dealt);
          if (opening.length !== 1) return { ...next, start: snapshot, seen: snapshot };
          const start = { tMs: input.tMs - 1, cards: opening };
          return input.cards.length === 1 ? { ...next, start, seen: start } : endTurn({ ...next, start, seen: snapshot }, 'auto');
        }
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
      return correct(next, input.row, input.col, input.card, input.reread === true);
    case 'credit': {
      if (state.config.game !== 'sequence-hunt') return { ...next, notices: note(state, 'only Sequence Hunt claims are credited to a player') };
      if (!Number.isInteger(input.player) || input.player < 0 || input.player >= state.config.players) return { ...next, notices: note(state, `there is no player ${input.player + 1}`) };
      return { ...next, credits: [...state.credits, { card: input.card, player: input.player }], notices: note(state, `the claim with ${input.card} credited to Player ${input.player + 1} by the organiser`) };
    }
    case 'undo': {
      if (state.config.game === 'sequence') {
        if (state.boards.length <= 1) return { ...next, notices: note(state, 'nothing to undo') };
        return { ...next, boards: state.boards.slice(0, -1), notices: note(state, `move ${state.boards.length - 1} undone by the organiser`) };
      }
      if (state.after.length === 0) return { ...next, notices: note(state, 'nothing to undo') };
      return { ...next, after: state.after.slice(0, -1), seen: null, notices: note(state, `turn ${state.after.length} undone by the organiser`) };
    }
    case 'reset':
      return { ...initialState(state.config), inputs: next.inputs, game: state.game + 1, notices: [input.reason ?? 'table reset by the organiser'] };
    case 'merge':
      return merge(next, input.index);
    case 'assign':
      return assign(next, input.index, input.player);
    case 'dismiss':
      return dismiss(next, input.index, input.rule, input.reason);
  }
}

/** The turn at `index` of the judged list, or a notice why there is none. */
function turnAt(state: RefereeState, index: number): JudgedTurn | string {
  const turns = judge(state).turns;
  return Number.isInteger(index) && index >= 0 && index < turns.length ? turns[index]! : `there is no turn ${index + 1} (${turns.length} so far)`;
}

/** Turn `index` and the next are one turn: the table settled between them is forgotten. */
function merge(state: RefereeState, index: number): RefereeState {
  const turn = turnAt(state, index);
  if (typeof turn === 'string') return { ...state, notices: note(state, `nothing merged: ${turn}`) };
  const followed = judge(state).turns.slice(index + 1).some((t) => t.tMs > turn.tMs);
  if (state.config.game === 'sequence') {
    const k = state.boards.findIndex((b) => b.tMs === turn.tMs);
    if (k <= 0 || k === state.boards.length - 1 || !followed) return { ...state, notices: note(state, `nothing merged: move ${turn.number} is the last one`) };
    return { ...state, boards: state.boards.filter((_, i) => i !== k), notices: note(state, `moves ${turn.number} and ${turn.number + 1} merged into one by the organiser`) };
  }
  const k = state.after.findIndex((a) => a.tMs === turn.tMs);
  if (k < 0 || k === state.after.length - 1 || !followed) return { ...state, notices: note(state, `nothing merged: turn ${turn.number} has no turn after it to merge with`) };
  return { ...state, after: state.after.filter((_, i) => i !== k), notices: note(state, `turn ${turn.number} and the turn after it merged into one by the organiser`) };
}

function assign(state: RefereeState, index: number, player: number): RefereeState {
  const turn = turnAt(state, index);
  if (typeof turn === 'string') return { ...state, notices: note(state, `nothing changed: ${turn}`) };
  if (state.config.game === 'sequence') return { ...state, notices: note(state, 'nothing changed: on the board the chip\'s colour says whose move it was') };
  if (!Number.isInteger(player) || player < 0 || player >= state.config.players) return { ...state, notices: note(state, `nothing changed: there is no ${playerName(player)}`) };
  if (turn.player === player) return { ...state, notices: note(state, `nothing changed: turn ${turn.number} is already ${playerName(player)}'s`) };
  return { ...state, assigned: [...state.assigned.filter((a) => a.tMs !== turn.tMs), { tMs: turn.tMs, player }], notices: note(state, `turn ${turn.number} given to ${playerName(player)} by the organiser`) };
}

function dismiss(state: RefereeState, index: number, rule: string, reason: string): RefereeState {
  const turn = turnAt(state, index);
  if (typeof turn === 'string') return { ...state, notices: note(state, `nothing dismissed: ${turn}`) };
  const warning = turn.warnings.find((w) => w.rule === rule);
  if (!warning) return { ...state, notices: note(state, `nothing dismissed: turn ${turn.number} has no ${rule} warning`) };
  if (warning.dismissed !== undefined) return { ...state, notices: note(state, `nothing dismissed: the ${rule} warning of turn ${turn.number} was dismissed already`) };
  return { ...state, dismissed: [...state.dismissed, { tMs: turn.tMs, rule, reason }], notices: note(state, `the ${rule} warning of turn ${turn.number} dismissed by the organiser: ${reason}`) };
}

function endTurn(state: RefereeState, by: 'dashboard' | 'button' | 'auto'): RefereeState {
  if (state.config.game === 'sequence') return by === 'auto' ? state : { ...state, notices: note(state, 'turn end ignored: on the board every chip placed or taken is a move') };
  const seen = state.seen;
  if (!seen || sameTable(seen.cards, committedTable(state))) {
    if (by === 'auto') return state;
    // A turn ended on an unchanged table is a pass where the game has one ("draw one card ... and
    // their turn ends"); the camera cannot see it, so the organiser or a button says it.
    if (state.config.game === 'progression' || state.config.game === 'sequence-shift') {
      const last = state.after.at(-1) ?? state.start;
      const passer = playerName(judge(state).current);
      // Unique times: a later correction names this turn by the time of its table.
      const tMs = Math.max(seen?.tMs ?? 0, last?.tMs ?? 0) + 1;
      return { ...state, after: [...state.after, { tMs, cards: committedTable(state), pass: true }], notices: note(state, `${passer} passed (the turn ended on an unchanged table)`) };
    }
    return { ...state, notices: note(state, 'turn end ignored: nothing changed on the table') };
  }
  const ended = by === 'auto' ? state.notices : note(state, `turn ended by the ${by === 'button' ? "board's button" : 'dashboard'}`);
  return { ...state, after: [...state.after, seen], notices: ended };
}

function changedSpaces(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

function correct(state: RefereeState, row: number, col: number, card: string, reread = false): RefereeState {
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
    notices: note(state, `${found.card} at (${row},${col}) ${reread ? 'read again as' : 'corrected to'} ${card}${reread ? ': it lay still, so it was misread before' : ' by the organiser'}`),
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

/** Turns, scores and whose turn it is, judged by the engines from the state. */
export function judge(state: RefereeState): Judged {
  const { config } = state;
  if (config.game === 'sequence') {
    const j = judgeBoards(state.boards, config.teams ?? 2, dismissedOf(state));
    return { ...j, table: [], pending: 0, scoreUnit: 'sequences', scoreNotes: [], info: [] };
  }
  const credits = new Map<string, number>();
  for (const c of state.credits) credits.set(c.card, c.player);
  const assigned = new Map(state.assigned.map((a) => [a.tMs, a.player]));
  const tables = state.after.map((s) => (assigned.has(s.tMs) ? { ...s, player: assigned.get(s.tMs)! } : s));
  const input: GameInput = { config, start: state.start?.cards ?? [], tables, credits, dismissed: dismissedOf(state) };
  const j = JUDGES[config.game](input);
  const last = state.after.at(-1)?.cards ?? state.start?.cards ?? [];
  const pending = state.seen && !sameTable(state.seen.cards, last) ? 1 : 0;
  return {
    table: j.table ?? state.seen?.cards ?? last,
    turns: j.turns,
    scores: j.scores,
    scoreUnit: j.scoreUnit,
    scoreNotes: j.scoreNotes,
    info: j.info,
    current: j.current,
    pending,
    board: null,
    sequences: [],
    winner: j.result && j.result.winners.length > 0 ? j.result.winners.map(playerName).join(' and ') : null,
    result: j.result,
  };
}

function dismissedOf(state: RefereeState): Map<string, string> {
  return new Map(state.dismissed.map((d) => [`${d.tMs}|${d.rule}`, d.reason]));
}

const JUDGES: Record<Exclude<SessionGame, 'sequence'>, (input: GameInput) => GameJudgement> = {
  progression: judgeProgression,
  'sequence-shift': judgeShift,
  'sequence-hunt': judgeHunt,
  'sequence-stacks': judgeStacks,
};
