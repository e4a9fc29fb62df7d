// A game as a record a person can step through and keep: every turn with the table (or board)
// as it was after it, the scores then, and the warnings. Pure: built from the referee's state by
// judging it again up to each turn, so the record says exactly what the referee said.
import { spreadsheetCsv } from '../csv.js';
import type { Placement } from '../rules/layout.js';
import { judge, type RefereeState } from './referee.js';
import type { BoardSequence, GameResult, JudgedTurn } from './types.js';

/** The table after a turn (or before the first): cards on their cells, or the Sequence board. */
export interface TableAt {
  readonly table: readonly Placement[];
  readonly board: readonly string[] | null;
  readonly sequences: readonly BoardSequence[];
}

export interface RecordTurn extends JudgedTurn, TableAt {
  readonly playerName: string;
}

export interface GameRecord extends TableAt {
  readonly format: 'seqref-game';
  readonly version: 1;
  /** The table the game was played at, and its name. */
  readonly table_id: string;
  readonly name: string;
  readonly game: string;
  readonly playerNames: readonly string[];
  readonly scoreUnit: string;
  /** How it ended (null: not over, or the recording stopped first). */
  readonly result: GameResult | null;
  readonly winner: string | null;
  /** The table before the first turn is `table`/`board`/`sequences` of the record itself. */
  readonly turns: readonly RecordTurn[];
}

export interface RecordMeta {
  readonly id: string;
  readonly name: string;
  readonly playerNames: readonly string[];
}

function tableOf(state: RefereeState): TableAt {
  const j = judge(state);
  return { table: j.table, board: j.board, sequences: j.sequences };
}

/** The state as it stood once every input up to `tMs` had settled (later tables and boards dropped). */
function upTo(state: RefereeState, tMs: number): RefereeState {
  return { ...state, after: state.after.filter((s) => s.tMs <= tMs), boards: state.boards.filter((b) => b.tMs <= tMs), seen: null };
}

export function gameRecord(state: RefereeState, meta: RecordMeta): GameRecord {
  const j = judge(state);
  const before = state.config.game === 'sequence' ? { ...state, boards: state.boards.slice(0, 1) } : { ...state, after: [], seen: null };
  const nameOf = (p: number): string => meta.playerNames[p] ?? `Player ${p + 1}`;
  return {
    format: 'seqref-game',
    version: 1,
    table_id: meta.id,
    name: meta.name,
    game: state.config.game,
    playerNames: meta.playerNames,
    scoreUnit: j.scoreUnit,
    result: j.result,
    winner: j.result && j.result.winners.length > 0 ? j.result.winners.map(nameOf).join(' and ') : null,
    ...tableOf(before),
    turns: j.turns.map((t) => ({ ...t, playerName: nameOf(t.player), ...tableOf(upTo(state, t.tMs)) })),
  };
}

/** One line a turn: who, what, legal or not and why, the points and every score after it. */
export function turnsCsv(record: GameRecord): string {
  const head = ['turn', 'player', 'kind', 'summary', 'legal', 'withdrawn', 'points', 'warnings', ...record.playerNames.map((n) => `score ${n}`)];
  const lines = record.turns.map((t) => [t.number, t.playerName, t.kind ?? 'turn', t.summary, t.legal ? 'yes' : 'no', t.withdrawn ? 'yes' : 'no', t.points, t.warnings.map((w) => `${w.rule}${w.dismissed !== undefined ? ' (dismissed)' : ''}: ${w.message}`).join(' | '), ...record.playerNames.map((_, p) => t.scores[p] ?? 0)]);
  return spreadsheetCsv([head, ...lines]);
}
