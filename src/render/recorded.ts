// Whole simulated games as recorded sessions: a simulator's game record (src/simulate) becomes the
// table states a fixed camera films, the truth of every turn as events, and for Sequence the
// board's serial log (contracts section 4) for the same game. The events are the record's own
// entries, never recomputed.
//
// What a camera (or the board) sees of each entry:
// - an entry that changes the table is one settled state, its entry the state's events;
// - an entry that leaves the table as it was (a draw, a pass, a call, a refused refill) adds its
//   event to the state on the table, since nothing shows it happening;
// - a deliberate illegal attempt that puts cards down (Progression, Shift and Stacks plays, two
//   Sequence chips) is two states: the cards lying where they were put (the attempt's events:
//   that is when a referee warns), then the table as it was once they are taken back. An
//   illegal attempt a table cannot show (a Sequence chip on a covered space, a wrong call in
//   Hunt, a Stacks turn ended without a discard) is an event only.
// Sequence games are not filmed: every entry is a state of its own (a turn takes time even when
// the board does not change), timed by planSession, and each change of the board is a D frame.
import { encodeBoardFrame, EMPTY_BOARD, type Space } from '../bridge/protocol.js';
import { seededRandom } from '../rules/random.js';
import type { AnyGameRecord, SequenceRecord, StacksView } from '../simulate/index.js';
import type { Fixture } from './fixture-io.js';
import { hashSeed, stacksPlacements, uniform, type StacksTable, type TablePlacement } from './scene.js';
import { planSession, renderSession, type SerialFrame, type SessionOptions, type SessionState } from './session.js';

/** What a state shows: the table as dealt, the table after a record entry, or an illegal attempt lying on it. */
export type StateSource = { readonly kind: 'deal' } | { readonly kind: 'after'; readonly entry: number } | { readonly kind: 'attempt'; readonly entry: number };

export interface RecordedStates {
  readonly states: SessionState[];
  /** Per state, what it shows (for `after`, the last entry whose events it holds). */
  readonly shows: StateSource[];
  /** Sequence: the board per state, 100 characters row 0 first. */
  readonly boards?: string[];
}

/** Seconds a state stays still: a taken-back attempt only briefly, the end of the game longer. */
const TAKE_BACK_SECONDS = 0.01;
const LAST_SECONDS = 2;

/** A record entry as its event: everything the record says about the turn but the table (the frames hold that). */
export function turnEvent(record: AnyGameRecord, index: number): Record<string, unknown> {
  const { stateAfter, ...rest } = record.turns[index]!;
  return record.game === 'sequence' ? { kind: 'turn', ...rest, board: (stateAfter as { board: readonly string[] }).board } : { kind: 'turn', ...rest };
}

function startEvent(record: AnyGameRecord): Record<string, unknown> {
  return { kind: 'start', game: record.game, seed: record.seed, config: record.config, scores: record.start.scores, ...(record.start.chips !== undefined ? { chips: record.start.chips } : {}) };
}

/** The Stacks table notation as the renderer's piles (used specials in the box space, set-aside sequences off the table). */
export function stacksTableOf(view: StacksView): StacksTable & { sequences: string[][] } {
  const names = (pile: readonly (string | { readonly card: string })[] | undefined): string[] => (pile ?? []).map((e) => (typeof e === 'string' ? e : e.card));
  return {
    sequences: [names(view.piles['red-a']), names(view.piles['red-b']), names(view.piles['blue-a']), names(view.piles['blue-b'])],
    specials: [...view.box],
    discards: view.discards.map((d) => [...d]),
    drawPile: view.drawPile,
  };
}

/** The table a camera sees after a record entry (or the deal). */
export function tableOf(record: AnyGameRecord, view: unknown): TablePlacement[] {
  if (record.game === 'sequence') return [];
  if (record.game === 'sequence-stacks') return stacksPlacements(stacksTableOf(view as StacksView));
  return (view as { layout: readonly TablePlacement[] }).layout.map(({ card, row, col }) => ({ card, row, col }));
}

function boardOf(view: unknown): string {
  return (view as { board: readonly string[] }).board.join('');
}

const SPACE_INDEX: Readonly<Record<string, number>> = { 'red-a': 0, 'red-b': 1, 'blue-a': 2, 'blue-b': 3 };

/** The table with a deliberate illegal attempt lying on it, or null when the attempt puts nothing down. */
function attemptTable(record: AnyGameRecord, index: number, before: readonly TablePlacement[], beforeView: unknown): TablePlacement[] | null {
  const entry = record.turns[index]!;
  const move = entry.move as { type: string; placements?: readonly TablePlacement[]; card?: string; pile?: string };
  if ((record.game === 'progression' || record.game === 'sequence-shift') && move.type === 'play' && move.placements) {
    // A card laid on a covered cell (Progression's "cell-occupied" fallback) lies on top of it.
    const laid = move.placements.map(({ card, row, col }) => (before.some((p) => p.row === row && p.col === col) ? { card, row, col, level: 1 } : { card, row, col }));
    return [...before, ...laid];
  }
  if (record.game === 'sequence-stacks' && move.type === 'play' && move.card && move.pile) {
    const table = stacksTableOf(beforeView as StacksView);
    const colour = move.card.startsWith('red') ? 0 : 2;
    const space = SPACE_INDEX[move.pile] ?? (table.sequences[colour]!.length === 0 ? colour : colour + 1);
    table.sequences[space]!.push(move.card);
    return stacksPlacements(table);
  }
  return null;
}

/** The board with a deliberate illegal attempt on it (two chips), or null (a chip on a covered space cannot lie there). */
function attemptBoard(record: SequenceRecord, index: number, board: string): string | null {
  const entry = record.turns[index]!;
  if (entry.move.type !== 'two-chips' || !entry.team) return null;
  let cells = board;
  for (const { row, col } of entry.move.spaces) cells = setCell(cells, row * 10 + col, entry.team);
  return cells;
}

function setCell(cells: string, index: number, state: string): string {
  return cells.slice(0, index) + state + cells.slice(index + 1);
}

/** Which frame edge a player's hand comes from: two players face each other, more sit round. */
function sideOf(player: number, players: number): number {
  return players === 2 ? player % 2 : [0, 3, 1, 2][player % 4]!;
}

const sameTable = (a: readonly TablePlacement[], b: readonly TablePlacement[]): boolean => {
  const key = (t: readonly TablePlacement[]): string => t.map((p) => `${p.card}|${p.row}|${p.col}|${p.level ?? 0}|${p.faceDown ? 1 : 0}`).sort().join(';');
  return key(a) === key(b);
};

/** A game record as the table states a camera films (or, for Sequence, the board's states). */
export function recordedStates(record: AnyGameRecord, seed = record.seed): RecordedStates {
  const players = record.config.players;
  const sequence = record.game === 'sequence';
  // Sequence turns take people a while; the board's log shows it (seeded, so it replays).
  const pace = seededRandom(hashSeed(`${seed}|pace`));
  const turnSeconds = (): number | undefined => (sequence ? Math.round(uniform(pace, 1.5, 6) * 10) / 10 : undefined);
  const states: SessionState[] = [];
  const shows: StateSource[] = [];
  const boards: string[] = [];
  const push = (state: SessionState, source: StateSource, board?: string): void => {
    states.push(state);
    shows.push(source);
    if (board !== undefined) boards.push(board);
  };
  let table = tableOf(record, record.start.stateAfter);
  let board = sequence ? boardOf(record.start.stateAfter) : EMPTY_BOARD;
  let view: unknown = record.start.stateAfter;
  push({ table, events: [startEvent(record)] }, { kind: 'deal' }, sequence ? board : undefined);
  record.turns.forEach((entry, index) => {
    const event = turnEvent(record, index);
    const side = sideOf(entry.player, players);
    const after = tableOf(record, entry.stateAfter);
    if (entry.deliberate) {
      const attempt = sequence ? null : attemptTable(record, index, table, view);
      const attemptCells = sequence ? attemptBoard(record as SequenceRecord, index, board) : null;
      if (attempt || attemptCells) {
        const hold = turnSeconds();
        push({ table: attempt ?? [], events: [event], side, ...(hold !== undefined ? { holdSeconds: hold } : {}) }, { kind: 'attempt', entry: index }, attemptCells ?? undefined);
        push({ table: after, side, holdSeconds: sequence ? 1 : TAKE_BACK_SECONDS }, { kind: 'after', entry: index }, sequence ? boardOf(entry.stateAfter) : undefined);
        table = after;
        board = sequence ? boardOf(entry.stateAfter) : board;
        view = entry.stateAfter;
        return;
      }
    }
    const afterBoard = sequence ? boardOf(entry.stateAfter) : board;
    const changed = sequence ? true : !sameTable(table, after);
    if (changed) {
      const hold = turnSeconds();
      push({ table: after, events: [event], side, ...(hold !== undefined ? { holdSeconds: hold } : {}) }, { kind: 'after', entry: index }, sequence ? afterBoard : undefined);
    } else {
      // Nothing on the table shows this entry: its event joins the state already lying there.
      const last = states.length - 1;
      states[last] = { ...states[last]!, events: [...(states[last]!.events ?? []), event] };
      shows[last] = { kind: 'after', entry: index };
    }
    table = after;
    board = afterBoard;
    view = entry.stateAfter;
  });
  const last = states.length - 1;
  states[last] = { ...states[last]!, events: [...(states[last]!.events ?? []), { kind: 'result', ...record.result }], holdSeconds: Math.max(LAST_SECONDS, states[last]!.holdSeconds ?? 0) };
  return { states, shows, ...(sequence ? { boards } : {}) };
}

/** The board reports a snapshot at least this often (contracts section 4: at least every 5 s). */
export const SNAPSHOT_MS = 5000;
/** Time between two chips changing in one state (the two chips of an illegal attempt). */
const CHANGE_GAP_MS = 400;

/**
 * The board's side of a Sequence session: hello and a snapshot at power-up, a D frame for each
 * space that changed as each state settles, a snapshot every SNAPSHOT_MS until the end. The
 * `seq` counter starts where the seed says (a board starts anywhere) and wraps at 65535.
 */
export function boardSerial(boards: readonly string[], times: readonly number[], endMs: number, seed: number): SerialFrame[] {
  const changes: Array<{ t: number; index: number; state: Space }> = [];
  for (let i = 1; i < boards.length; i++) {
    const before = boards[i - 1]!;
    const after = boards[i]!;
    const changed: number[] = [];
    for (let k = 0; k < 100; k++) if (before[k] !== after[k]) changed.push(k);
    changed.forEach((index, k) => {
      // The last change lands when the state settles; earlier ones a moment before (never before the previous state).
      const t = Math.max(times[i - 1]! + 1, times[i]! - (changed.length - 1 - k) * CHANGE_GAP_MS);
      changes.push({ t, index, state: after[index] as Space });
    });
  }
  let seq = hashSeed(`${seed}|seq`) % 65536;
  const next = (): number => {
    const s = seq;
    seq = (seq + 1) % 65536;
    return s;
  };
  const frames: SerialFrame[] = [];
  let cells = boards[0] ?? EMPTY_BOARD;
  frames.push({ t_ms: 0, frame: encodeBoardFrame({ type: 'H', seq: next(), product: 'SEQB', version: '1.0.0', size: '10x10' }) });
  frames.push({ t_ms: 0, frame: encodeBoardFrame({ type: 'S', seq: next(), board: cells }) });
  let snapshotAt = SNAPSHOT_MS;
  const snapshotsUntil = (t: number): void => {
    while (snapshotAt <= t) {
      frames.push({ t_ms: snapshotAt, frame: encodeBoardFrame({ type: 'S', seq: next(), board: cells }) });
      snapshotAt += SNAPSHOT_MS;
    }
  };
  for (const change of changes) {
    // A snapshot due before this change shows the board as it was; one at the same moment, after it.
    snapshotsUntil(change.t - 1);
    cells = setCell(cells, change.index, change.state);
    frames.push({ t_ms: change.t, frame: encodeBoardFrame({ type: 'D', seq: next(), row: Math.floor(change.index / 10), col: change.index % 10, state: change.state }) });
  }
  // The board goes on snapshotting to the end of the session.
  snapshotsUntil(endMs);
  return frames;
}

export type RecordedSessionOptions = Omit<SessionOptions, 'game' | 'serial'>;

/**
 * Renders a whole simulated game as a recorded session into `options.out`: frames with their truth
 * (none for Sequence), events.json with every entry of the record, and for Sequence the board's
 * serial log for the same game, timed on the same timeline as the events.
 */
export async function renderRecordedSession(record: AnyGameRecord, options: RecordedSessionOptions): Promise<{ fixture: Fixture; recorded: RecordedStates }> {
  const recorded = recordedStates(record, options.seed);
  const sessionOptions: SessionOptions = { ...options, game: record.game };
  if (record.game !== 'sequence') return { fixture: await renderSession(recorded.states, sessionOptions), recorded };
  const plan = planSession(recorded.states, sessionOptions);
  const times = recorded.states.map((_, i) => plan.frames.find((f) => f.state === i)!.t_ms);
  const frameMs = 1000 / (options.fps ?? 4);
  const endMs = Math.round(plan.frames.length * frameMs);
  const serial = boardSerial(recorded.boards!, times, endMs, options.seed);
  return { fixture: await renderSession(recorded.states, { ...sessionOptions, serial }), recorded };
}
