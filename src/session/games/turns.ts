// Turn by turn over a layout (Progression, Sequence Shift): each settled change of the table is the
// turn of the player whose turn it is, judged by the game's engine. An illegal turn the players
// take back (the referee warned) leaves its warning in the list but does not pass the turn: the
// same player tries again from the table as it was, under the same turn number, as the recorded
// games do. In Sequence Shift instead a turn taken back ends the turn ("the attempted play must
// be undone and the table returned to its arrangement at the beginning of the turn. The player
// then draws one card and their turn ends."). An illegal turn left lying on the table stands, and
// play goes on from it.
import type { Placement } from '../../rules/layout.js';
import type { Violation } from '../../rules/violation.js';
import { describe, diff, sameTable, stillLying, warn, type GameInput, type Moved, type TurnDraft } from './common.js';

export interface TurnContext {
  readonly before: readonly Placement[];
  readonly after: readonly Placement[];
  readonly player: number;
  readonly added: Placement[];
  readonly removed: Placement[];
  readonly moved: Moved[];
}

export interface TurnVerdict {
  readonly violations: readonly Violation[];
  /** What the turn scores when it is legal. */
  readonly points: number;
}

export interface WalkedTurns {
  readonly turns: TurnDraft[];
  readonly current: number;
  readonly table: readonly Placement[];
}

export interface WalkOptions {
  /** A turn taken back ends the player's turn (Shift) rather than letting them try again (Progression). */
  readonly withdrawnEndsTurn?: boolean;
}

export function walkTurns(input: GameInput, judgeTurn: (turn: TurnContext) => TurnVerdict, onLegal?: (turn: TurnContext) => void, options: WalkOptions = {}): WalkedTurns {
  const { game, players } = input.config;
  const turns: TurnDraft[] = [];
  let table = input.start;
  let current = 0;
  let number = 1;
  let attempt: { index: number; before: readonly Placement[]; player: number; number: number } | null = null;
  for (const snapshot of input.tables) {
    if (snapshot.pass) {
      // An illegal turn still lying there stands; the next player passes over it.
      attempt = null;
      turns.push({ number, player: current, tMs: snapshot.tMs, added: [], removed: [], moved: [], legal: true, points: 0, warnings: [], summary: 'passed (drew a card)', kind: 'turn' });
      current = (current + 1) % players;
      number++;
      continue;
    }
    if (attempt) {
      const tried = turns[attempt.index]!;
      if (!stillLying(tried, snapshot.cards)) {
        tried.withdrawn = true;
        table = attempt.before;
        if (!options.withdrawnEndsTurn) ({ player: current, number } = attempt);
        attempt = null;
        if (sameTable(snapshot.cards, table)) continue;
      }
      attempt = null;
    }
    if (sameTable(snapshot.cards, table)) continue;
    const context: TurnContext = { before: table, after: snapshot.cards, player: current, ...diff(table, snapshot.cards) };
    const verdict = judgeTurn(context);
    const legal = verdict.violations.length === 0;
    turns.push({
      number,
      player: current,
      tMs: snapshot.tMs,
      added: context.added,
      removed: context.removed,
      moved: context.moved,
      legal,
      points: legal ? verdict.points : 0,
      warnings: verdict.violations.map((v) => warn(game, v)),
      summary: describe(context.added, context.removed, context.moved),
      kind: 'turn',
    });
    if (legal) onLegal?.(context);
    else attempt = { index: turns.length - 1, before: table, player: current, number };
    table = snapshot.cards;
    current = (current + 1) % players;
    number++;
  }
  return { turns, current, table };
}

export function scoresOf(turns: readonly TurnDraft[], players: number): number[] {
  const scores = new Array<number>(players).fill(0);
  for (const t of turns) if (!t.withdrawn) scores[t.player] = (scores[t.player] ?? 0) + t.points;
  return scores;
}
