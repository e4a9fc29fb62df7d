// What every game's judge of a session shares: the settled tables in, turns and scores out, and
// the helpers for what changed between two tables. Each game (progression.ts, shift.ts, hunt.ts,
// stacks.ts) walks the settled tables in order; board.ts does the same for the Sequence board.
import type { Placement } from '../../rules/layout.js';
import type { Violation } from '../../rules/violation.js';
import { ruleSentence } from '../sentences.js';
import type { GameResult, JudgedTurn, SessionGame, Warning } from '../types.js';

export interface Snapshot {
  readonly tMs: number;
  readonly cards: readonly Placement[];
  /** The turn ended with the table unchanged (a pass, said by the organiser or a button). */
  readonly pass?: boolean;
  /** The player whose seat the last hand over the table came from, where the camera saw one. */
  readonly by?: number;
  /** The organiser's word on whose turn this was (outranks the camera's and the turn order). */
  readonly player?: number;
}

export interface GameConfig {
  readonly game: SessionGame;
  readonly players: number;
  /** Progression Variation 2. */
  readonly reversing?: boolean;
  /** Sequence Shift: standard, simple or open-table. */
  readonly variant?: string;
  /** Sequence Hunt: 'race' (default) or 'for-points'. */
  readonly huntVariant?: 'race' | 'for-points';
  /** Progression: the cards the game is played with (default the whole deck; the rulebook's shorter game uses fewer). */
  readonly deckSize?: number;
}

/** A table game's session to judge: the table it started from and each settled table after it. */
export interface GameInput {
  readonly config: GameConfig;
  readonly start: readonly Placement[];
  readonly tables: readonly Snapshot[];
  /** Sequence Hunt: the organiser's word on who called a claim, by one of its cards. */
  readonly credits: ReadonlyMap<string, number>;
  /** Warnings the organiser dismissed: `${tMs}|${rule}` of the turn's table -> the reason. */
  readonly dismissed: ReadonlyMap<string, string>;
}

export interface GameJudgement {
  readonly turns: JudgedTurn[];
  readonly scores: number[];
  readonly scoreUnit: string;
  readonly scoreNotes: string[];
  readonly info: string[];
  /** Who plays next (-1: nobody, the game is over). */
  readonly current: number;
  /** Set once the game has ended by its own rules. */
  readonly result: GameResult | null;
  /** The table the game believes now, where it differs from the last one seen (Stacks: whole piles). */
  readonly table?: Placement[];
}

/** A turn being built: judges fill it in, then mark it withdrawn if it is taken back. */
export type TurnDraft = { -readonly [K in keyof JudgedTurn]: JudgedTurn[K] };

export type Moved = JudgedTurn['moved'][number];

export const cellOf = (p: { row: number; col: number }): string => `${p.row},${p.col}`;
/** A card at its cell, as a key. */
export const placedOf = (p: Placement): string => `${p.card}@${cellOf(p)}`;

export function sameTable(a: readonly Placement[], b: readonly Placement[]): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map(placedOf));
  return b.every((p) => keys.has(placedOf(p)));
}

/** Cards added, removed and moved between two tables of distinct cards (TIC games). */
export function diff(before: readonly Placement[], after: readonly Placement[]): { added: Placement[]; removed: Placement[]; moved: Moved[] } {
  const beforeByCard = new Map(before.map((p) => [p.card, p]));
  const afterByCard = new Map(after.map((p) => [p.card, p]));
  const added = after.filter((p) => !beforeByCard.has(p.card));
  const removed = before.filter((p) => !afterByCard.has(p.card));
  const moved: Moved[] = [];
  for (const p of after) {
    const was = beforeByCard.get(p.card);
    if (was && cellOf(was) !== cellOf(p)) moved.push({ card: p.card, from: [was.row, was.col], to: [p.row, p.col] });
  }
  return { added, removed, moved };
}

/**
 * Whether an illegal turn still lies on the table as it was played: every card it put down still
 * on its cell, every card it moved still where it went, and no card it took back on its old cell.
 * When it does not, the players took it back (and may have played again from the table before it).
 */
export function stillLying(turn: Pick<JudgedTurn, 'added' | 'removed' | 'moved'>, table: readonly Placement[]): boolean {
  const at = new Set(table.map(placedOf));
  return (
    turn.added.every((p) => at.has(placedOf(p))) &&
    turn.moved.every((m) => at.has(`${m.card}@${m.to[0]},${m.to[1]}`)) &&
    turn.removed.every((p) => !at.has(placedOf(p))) &&
    (turn.added.length > 0 || turn.moved.length > 0 || turn.removed.length > 0)
  );
}

export function warn(game: string, v: Violation): Warning {
  const sentence = ruleSentence(game, v.rule);
  return sentence ? { ...v, sentence } : { ...v };
}

/**
 * A turn's warnings (each with its rulebook sentence) and whether it stands legal: the warnings the
 * organiser dismissed for the table settled at `tMs` are kept, marked, and no longer count.
 */
export function judged(game: string, violations: readonly Violation[], tMs: number, dismissed: ReadonlyMap<string, string>): { warnings: Warning[]; legal: boolean } {
  const warnings = violations.map((v) => {
    const reason = dismissed.get(`${tMs}|${v.rule}`);
    return reason === undefined ? warn(game, v) : { ...warn(game, v), dismissed: reason };
  });
  return { warnings, legal: warnings.every((w) => w.dismissed !== undefined) };
}

export function place(p: Placement): string {
  return `${p.card} at (${p.row},${p.col})`;
}

/** "played a, b; moved c; took d" */
export function describe(added: readonly Placement[], removed: readonly Placement[], moved: readonly Moved[]): string {
  const parts = [added.length ? `played ${added.map(place).join(', ')}` : '', moved.length ? `moved ${moved.map((m) => m.card).join(', ')}` : '', removed.length ? `took ${removed.map((r) => r.card).join(', ')}` : ''].filter(Boolean);
  return parts.join('; ') || 'no change';
}

export function playerName(player: number): string {
  return `Player ${player + 1}`;
}

/** The players holding the highest score (a game that ends on points). */
export function leaders(scores: readonly number[]): number[] {
  const best = Math.max(...scores);
  return scores.flatMap((s, p) => (s === best ? [p] : []));
}

/** "Player 2 wins", "Players 1 and 2 share the win", "nobody wins". */
export function resultWords(result: GameResult, name: (player: number) => string = playerName): string {
  const names = result.winners.map(name);
  if (names.length === 0) return `nobody wins (${result.reason})`;
  if (names.length === 1) return `${names[0]} wins (${result.reason})`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} share the win (${result.reason})`;
}
