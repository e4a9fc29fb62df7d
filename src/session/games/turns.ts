// Turn by turn over a layout (Progression, Sequence Shift): each settled change of the table is the
// turn of the player whose turn it is, judged by the game's engine. An illegal turn the players
// take back (the referee warned) leaves its warning in the list but does not pass the turn: the
// same player tries again from the table as it was, under the same turn number, as the recorded
// games do. In Sequence Shift instead a turn taken back ends the turn ("the attempted play must
// be undone and the table returned to its arrangement at the beginning of the turn. The player
// then draws one card and their turn ends."). An illegal turn left lying on the table stands, and
// play goes on from it.
//
// The camera sees no hands, but the rules fix how many cards each holds: the deal, the cards
// played, the draws (Progression refills to the deal while the deck lasts; Shift draws one card
// for a pass or a play taken back). From those counts the walk knows when a player has nothing
// left to play (Progression: they pass; both games: the game ends).
import type { Placement } from '../../rules/layout.js';
import type { Violation } from '../../rules/violation.js';
import { describe, diff, judged, sameTable, stillLying, type GameInput, type Moved, type TurnDraft } from './common.js';

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

/** How cards reach and leave the players' hands (the game's setup and drawing rules). */
export interface HandRules {
  /** Cards dealt to each player. */
  readonly deal: number;
  /** Cards in the draw pile after the deal (and the starting card). */
  readonly drawPile: number;
  /** After a legal play: refill the hand to the deal while the pile lasts (Progression), or draw nothing (Shift). */
  readonly refill: boolean;
  /** A play taken back draws a card (Shift: "The player then draws one card and their turn ends"). */
  readonly drawOnTakeBack: boolean;
}

export interface WalkedTurns {
  readonly turns: TurnDraft[];
  readonly current: number;
  readonly table: readonly Placement[];
  /** Cards in each player's hand now, and in the draw pile. */
  readonly hands: readonly number[];
  readonly drawPile: number;
}

export interface WalkOptions {
  /** A turn taken back ends the player's turn (Shift) rather than letting them try again (Progression). */
  readonly withdrawnEndsTurn?: boolean;
  readonly hands: HandRules;
  /** The game is over (no pass is added for an empty hand then). */
  readonly over: (hands: readonly number[], drawPile: number) => boolean;
}

export function walkTurns(input: GameInput, judgeTurn: (turn: TurnContext) => TurnVerdict, onLegal: ((turn: TurnContext) => void) | undefined, options: WalkOptions): WalkedTurns {
  const { game, players } = input.config;
  const turns: TurnDraft[] = [];
  let table = input.start;
  let current = 0;
  let number = 1;
  let attempt: { index: number; before: readonly Placement[]; player: number; number: number } | null = null;
  const pass = (tMs: number, summary: string): void => {
    turns.push({ number, player: current, tMs, added: [], removed: [], moved: [], legal: true, points: 0, warnings: [], summary, kind: 'turn', scores: [] });
    current = (current + 1) % players;
    number++;
  };
  /** A player with no card left and none to draw cannot play: their turn passes (never round the whole table). */
  const passEmptyHands = (tMs: number): void => {
    for (let n = 0; n < players - 1; n++) {
      const held = handsAfter(turns, players, options.hands);
      if (held.hands[current] !== 0 || held.drawPile > 0 || options.over(held.hands, held.drawPile)) return;
      pass(tMs, 'passed (no cards left)');
    }
  };
  for (const snapshot of input.tables) {
    if (snapshot.pass) {
      // An illegal turn still lying there stands; the next player passes over it.
      attempt = null;
      pass(snapshot.tMs, 'passed (drew a card)');
      continue;
    }
    if (attempt) {
      const tried = turns[attempt.index]!;
      if (!stillLying(tried, snapshot.cards)) {
        tried.withdrawn = true;
        table = attempt.before;
        if (!options.withdrawnEndsTurn) ({ player: current, number } = attempt);
        attempt = null;
        if (sameTable(snapshot.cards, table)) {
          passEmptyHands(snapshot.tMs);
          continue;
        }
      }
      attempt = null;
    }
    if (sameTable(snapshot.cards, table)) continue;
    if (snapshot.player !== undefined && snapshot.player >= 0 && snapshot.player < players) current = snapshot.player;
    // The hand came from another seat than the turn order says: the players between passed
    // (a pass shows the camera nothing: "draw 1 card from the deck", and the turn moves on).
    else for (let n = 0; n < players - 1 && snapshot.by !== undefined && snapshot.by !== current; n++) pass(snapshot.tMs, 'passed (seen by whose hand played next)');
    const context: TurnContext = { before: table, after: snapshot.cards, player: current, ...diff(table, snapshot.cards) };
    const verdict = judgeTurn(context);
    const { warnings, legal } = judged(game, verdict.violations, snapshot.tMs, input.dismissed);
    turns.push({
      number,
      player: current,
      tMs: snapshot.tMs,
      added: context.added,
      removed: context.removed,
      moved: context.moved,
      legal,
      points: legal ? verdict.points : 0,
      warnings,
      summary: describe(context.added, context.removed, context.moved),
      kind: 'turn',
      scores: [],
    });
    if (legal) onLegal?.(context);
    else attempt = { index: turns.length - 1, before: table, player: current, number };
    table = snapshot.cards;
    current = (current + 1) % players;
    number++;
    if (legal) passEmptyHands(snapshot.tMs);
  }
  return { turns, current, table, ...handsAfter(turns, players, options.hands) };
}

/** A turn that stood and changed nothing on the table: a pass. */
export const isPass = (t: TurnDraft): boolean => t.legal && t.added.length === 0 && t.moved.length === 0 && t.removed.length === 0;

/**
 * The cards in each hand and in the draw pile after the turns (each turn's own counts in
 * `each`): a legal play sheds its cards and, where the game refills, draws back to the deal; a
 * pass draws one, and so does a play taken back where the game says so.
 */
export function handsAfter(turns: readonly TurnDraft[], players: number, rules: HandRules): { hands: number[]; drawPile: number; each: number[][] } {
  const hands = new Array<number>(players).fill(rules.deal);
  let drawPile = Math.max(0, rules.drawPile);
  const draw = (player: number, count: number): void => {
    const n = Math.max(0, Math.min(count, drawPile));
    drawPile -= n;
    hands[player]! += n;
  };
  const each: number[][] = [];
  for (const t of turns) {
    if (isPass(t)) draw(t.player, 1);
    else if (t.withdrawn) {
      if (rules.drawOnTakeBack) draw(t.player, 1);
    } else {
      // Cards left lying on the table, legal or not, have left the hand.
      hands[t.player] = Math.max(0, hands[t.player]! - t.added.length);
      if (rules.refill) draw(t.player, rules.deal - hands[t.player]!);
    }
    each.push([...hands]);
  }
  return { hands, drawPile, each };
}

/** Each turn's scores after it: the points of the turns that stood, summed per player. */
export function scoresAfterEach(turns: readonly TurnDraft[], players: number): number[] {
  const scores = new Array<number>(players).fill(0);
  for (const t of turns) {
    if (!t.withdrawn) scores[t.player] = (scores[t.player] ?? 0) + t.points;
    t.scores = [...scores];
  }
  return scores;
}
