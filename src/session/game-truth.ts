// The truth of a recorded game (a fixture folder's events.json, written by src/render/recorded.ts
// or by hand) as the turns a referee should record: who acted, which cards (or board spaces) the
// turn put down or took, its legality and rules, its points, and every score after it.
//
// What the table does not show is sorted out here, from how the recording was filmed: the first
// entry of each filmed state changed the table (or was an attempt filmed lying there); entries
// that join a state already lying there left the table as it was. Of those, a pass is still a turn
// the referee must give to its player (it can tell from who plays next, or the hands' counts);
// one that is part of a shown turn (a Stacks refill, a Sequence dead card exchanged) joins it; an
// illegal one (a Sequence chip put on a covered space) is unseen and counted apart.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';

export interface TruthTurn {
  /** The game's turn number (several entries may share one: an attempt and the play after it). */
  readonly turn: number;
  /** From 0 (Sequence: the team's seat, 0 green, 1 blue, 2 red). */
  readonly player: number;
  /** The record's move type: play, pass, turn-card, call, discard, place, two-chips... */
  readonly move: string;
  /** What the turn put down or took, as the referee names it (cards; Sequence: "row,col" spaces). */
  readonly what: readonly string[];
  readonly legal: boolean;
  readonly rules: readonly string[];
  /** Points the turn scores where the game scores turns (Progression), else null. */
  readonly points: number | null;
  /** Every side's score after the turn, where the truth says. */
  readonly scores: readonly number[] | null;
  /** Milliseconds into the recording when it settled. */
  readonly tMs: number;
}

export interface TruthGame {
  readonly game: string;
  readonly players: number;
  /** The turns a referee can see or infer, in order. */
  readonly turns: readonly TruthTurn[];
  /** Illegal entries that leave the table (board) exactly as it was: no camera or board sees them. */
  readonly unseen: readonly TruthTurn[];
  /** Null: the recording stops before the game ends. */
  readonly result: { readonly winners: readonly number[]; readonly reason: string } | null;
}

type Entry = Record<string, unknown> & { kind: string };
interface State {
  readonly t_ms: number;
  readonly events: Entry[];
}

const PASSES = new Set(['pass', 'draw']);
const TEAMS = ['G', 'B', 'R'];

function fail(file: string, problem: string): never {
  throw new InputError(`${file}: ${problem}`);
}

const numberOr = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const stringsOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const cardsOf = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((p) => (typeof p === 'object' && p !== null && typeof (p as { card?: unknown }).card === 'string' ? [(p as { card: string }).card] : [])) : []);
const rulesOf = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((x) => (typeof x === 'object' && x !== null && typeof (x as { rule?: unknown }).rule === 'string' ? [(x as { rule: string }).rule] : [])) : []);

/** What a record entry's move put down or took, named as the referee names it. */
function whatOf(game: string, move: Record<string, unknown>): string[] {
  const type = String(move.type);
  if (game === 'sequence') {
    if (type === 'two-chips') return (Array.isArray(move.spaces) ? move.spaces : []).map((s: { row: number; col: number }) => `${s.row},${s.col}`);
    return typeof move.row === 'number' && typeof move.col === 'number' ? [`${move.row},${move.col}`] : [];
  }
  // Stacks specials name themselves: the card played is the move (`card` is what a steal took).
  if (['jump', 'reverse', 'card-steal', 'chip-steal', 'wait'].includes(type)) return [type];
  if (Array.isArray(move.placements)) return cardsOf(move.placements);
  if (Array.isArray(move.cards)) return stringsOf(move.cards);
  if (typeof move.card === 'string') return [move.card];
  return [];
}

/** Reads `dir`'s events.json; null when the folder records no game. */
export function readTruthGame(dir: string, eventsFile = 'events.json'): TruthGame | null {
  const file = join(dir, eventsFile);
  if (!existsSync(file)) return null;
  let log: { game?: unknown; events?: unknown };
  try {
    log = JSON.parse(readFileSync(file, 'utf8')) as typeof log;
  } catch {
    fail(file, 'not JSON');
  }
  if (typeof log.game !== 'string') fail(file, 'no "game"');
  if (!Array.isArray(log.events)) fail(file, 'no "events" list');
  const game = log.game;
  const states = (log.events as State[]).filter((s) => typeof s === 'object' && s !== null && Array.isArray(s.events));
  const all = states.flatMap((s) => s.events);
  const start = all.find((e) => e.kind === 'start') as { config?: { players?: number }; scores?: number[] } | undefined;
  // Hand-written sessions number their players from 1 and record each play's points, not the scores.
  const handWritten = !all.some((e) => e.kind === 'turn');
  const players = numberOr(start?.config?.players, Math.max(2, ...all.filter((e) => e.kind === 'play').map((e) => numberOr(e.player, 1))));
  const turns: TruthTurn[] = [];
  const unseen: TruthTurn[] = [];
  const running = new Array<number>(players).fill(0);
  let board: string | null = null;
  for (const state of states) {
    let shown = false;
    for (const e of state.events) {
      if (e.kind === 'start') {
        shown = true;
        continue;
      }
      if (e.kind !== 'turn' && e.kind !== 'play') continue;
      const move = (handWritten ? { type: 'play', placements: e.play } : e.move) as Record<string, unknown>;
      const seat = typeof e.team === 'string' ? TEAMS.indexOf(e.team) : -1;
      const player = seat >= 0 ? seat : numberOr(e.player, 0) - (handWritten ? 1 : 0);
      const legal = e.legal === true;
      const playEvents = (Array.isArray(e.events) ? e.events : []) as Entry[];
      const points = game !== 'progression' ? null : handWritten ? numberOr(e.points, 0) : legal ? playEvents.filter((x) => x.kind === 'play').reduce((n, x) => n + numberOr(x.points, 0), 0) : 0;
      if (handWritten && legal) running[player] = (running[player] ?? 0) + (points ?? 0);
      const truth: TruthTurn = {
        turn: numberOr(e.turn, turns.length + 1),
        player,
        move: String(move.type),
        what: whatOf(game, move),
        legal,
        rules: rulesOf(e.violations),
        points,
        scores: handWritten ? [...running] : Array.isArray(e.scores) ? (e.scores as number[]) : null,
        tMs: state.t_ms,
      };
      // The board reports every change: an entry shows where it changed the board (or was an attempt filmed as one).
      const cells = Array.isArray(e.board) ? (e.board as string[]).join('') : null;
      const seen = game === 'sequence' ? truth.move === 'two-chips' || (cells !== null && cells !== board) : !shown;
      if (cells !== null) board = cells;
      shown = true;
      if (seen || PASSES.has(truth.move)) turns.push(truth);
      else if (!truth.legal) unseen.push(truth);
      else if (turns.length > 0 && turns.at(-1)!.player === truth.player && turns.at(-1)!.turn === truth.turn) turns[turns.length - 1] = { ...turns.at(-1)!, scores: truth.scores };
      // A legal unseen entry before its turn's shown one (a dead card exchanged, then the chip) adds nothing to match.
    }
  }
  const result = all.find((e) => e.kind === 'result') as { over?: boolean; winners?: number[]; reason?: string } | undefined;
  return { game, players, turns, unseen, result: result?.over ? { winners: (result.winners ?? []).filter((w) => typeof w === 'number'), reason: String(result.reason ?? '') } : null };
}
