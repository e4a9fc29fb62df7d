// Sequence Shift turn legality (contracts section 2, "sequence-shift / turn").
import { cellKey, NEIGHBOUR_STEPS, repeatedCards, type Placement } from '../layout.js';
import { violation, type Violation } from '../violation.js';
import { judgeTable } from './table.js';

export const SHIFT_VARIANTS = ['standard', 'simple', 'open-table'] as const;
/** standard; simple (Simple Shift: table cards never move); open-table (no opening needed). */
export type ShiftVariant = (typeof SHIFT_VARIANTS)[number];

export function isShiftVariant(value: unknown): value is ShiftVariant {
  return typeof value === 'string' && (SHIFT_VARIANTS as readonly string[]).includes(value);
}

export interface ShiftTurn {
  /** The table at the start of the turn. */
  readonly before: readonly Placement[];
  /** The table the player leaves. */
  readonly after: readonly Placement[];
  /** The player's hand at the start of the turn. */
  readonly hand: readonly string[];
  /** Whether the player made an opening sequence on an earlier turn. */
  readonly opened: boolean;
  readonly variant: ShiftVariant;
}

export interface TurnJudgement {
  readonly violations: Violation[];
  /** Hand cards the turn put on the table. */
  readonly played: string[];
}

/** Whether a player may use table cards at all this turn (rather than only lay new sequences from the hand). */
export function mayUseTable(opened: boolean, variant: ShiftVariant): boolean {
  return opened || variant === 'open-table';
}

/** Whether every table card must stay on its cell this turn. */
export function tableStays(opened: boolean, variant: ShiftVariant): boolean {
  return variant === 'simple' || !mayUseTable(opened, variant);
}

export function judgeTurn(turn: ShiftTurn): TurnJudgement {
  const { before, after, hand, opened, variant } = turn;
  const violations: Violation[] = [...judgeTable(after).violations];
  const beforeCards = new Set(before.map((p) => p.card));
  const afterCards = new Set(after.map((p) => p.card));
  const handCards = new Set(hand);

  for (const card of repeatedCards(hand)) {
    violations.push(violation('hand-card-repeated', `${card} is named twice in the hand; the deck holds one of each card`, [card]));
  }
  for (const card of hand) {
    if (beforeCards.has(card)) {
      violations.push(violation('hand-card-on-table', `${card} is both in the hand and on the table at the start of the turn`, [card]));
    }
  }
  for (const card of beforeCards) {
    if (!afterCards.has(card)) {
      violations.push(violation('card-left-table', `${card} was on the table and is gone; table cards may move but never leave the table`, [card]));
    }
  }
  const played: string[] = [];
  for (const card of afterCards) {
    if (beforeCards.has(card)) continue;
    if (handCards.has(card)) played.push(card);
    else violations.push(violation('card-not-in-hand', `${card} is new on the table but was not in the hand`, [card]));
  }
  if (played.length === 0) {
    violations.push(
      violation('no-card-played', 'no card was played from the hand; a turn must add at least one hand card (drawing is the other choice)', []),
    );
  }

  if (tableStays(opened, variant)) {
    const cellOf = new Map(after.map((p) => [p.card, p] as const));
    const why = variant === 'simple' ? 'in Simple Shift cards already played are never rearranged' : 'a player who has not opened may not rearrange the table';
    for (const p of before) {
      const now = cellOf.get(p.card);
      if (now && (now.row !== p.row || now.col !== p.col)) {
        violations.push(
          violation('table-card-moved', `${p.card} moved from row ${p.row}, col ${p.col} to row ${now.row}, col ${now.col}; ${why}`, [p.card]),
        );
      }
    }
  }
  if (!mayUseTable(opened, variant)) {
    // The opening is made "entirely from cards in their own hand": its cards touch no table card,
    // so every run they form holds hand cards only.
    const afterCells = new Map(after.map((p) => [cellKey(p.row, p.col), p.card] as const));
    const playedSet = new Set(played);
    for (const p of after) {
      if (!playedSet.has(p.card)) continue;
      const touched = NEIGHBOUR_STEPS.map(([dr, dc]) => afterCells.get(cellKey(p.row + dr, p.col + dc))).filter(
        (c): c is string => c !== undefined && beforeCards.has(c),
      );
      if (touched.length > 0) {
        violations.push(
          violation(
            'opening-touches-table',
            `${p.card} touches the table card ${touched.join(' and ')}; before opening, a player makes sequences from their own hand only, apart from the table`,
            [p.card, ...touched],
          ),
        );
      }
    }
  }
  return { violations, played };
}
