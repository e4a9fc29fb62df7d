// Judging what was seen: a whole turn replayed against the table, and a table on its own.
import { STACKS_DECK_SIZE, UNSEEN, isPileCard, isSpecial, isWild, removedCards, stacksColour, stacksCopies, stacksNumber } from '../../cards/stacks.js';
import { violation, type Violation } from '../violation.js';
import {
  CHIPS_PER_COLOUR,
  PILE_SPACES,
  drawable,
  hasWon,
  spaceColour,
  tablePileCard,
  type StacksState,
  type StacksTable,
} from './state.js';
import { step, type StacksAction } from './step.js';

export interface TurnJudgement {
  readonly violations: readonly Violation[];
  /** The state after the turn (the next player's turn when it ended with the refill). */
  readonly state: StacksState;
  /** The actions with their blind choices filled in. */
  readonly log: readonly StacksAction[];
}

/**
 * Replays one player's turn from `state` (whose current player is the one taking it): every action
 * is checked, then the turn as a whole: "At the end of your own turn, you must discard 1 card", then
 * the refill. A turn that wins the game needs neither.
 */
export function judgeTurn(state: StacksState, actions: readonly StacksAction[]): TurnJudgement {
  const violations: Violation[] = [];
  const log: StacksAction[] = [];
  let s = state;
  let ended = false;
  for (const [i, action] of actions.entries()) {
    if (ended) {
      violations.push(violation('after-end-of-turn', `turn[${i}] comes after the refill that ended the turn`));
      continue;
    }
    const result = step(s, action);
    for (const v of result.violations) violations.push({ ...v, message: `turn[${i}] ${v.message}` });
    log.push(result.action);
    s = result.state;
    if (action.type === 'refill') ended = true;
    // Once the game is over, nothing after it counts; one violation says so.
    if (result.violations.some((v) => v.rule === 'game-over')) break;
  }
  if (s.pending) {
    const result = step(s, { type: 'collect' });
    s = result.state;
  }
  if (!ended && s.winner === null) {
    const player = s.current;
    if (s.turn.discarded) {
      violations.push(violation('missing-refill', `player ${player} discarded but did not "refill your hand to 5 cards"`));
    } else if (s.hands[s.current]!.length > 0) {
      violations.push(violation('missing-discard', `player ${player} did not discard: "At the end of your own turn, you must discard 1 card."`));
    } else if (drawable(s) > 0) {
      violations.push(violation('draw-five-when-hand-empty', `player ${player} has used every card in hand and must "immediately draw 5 new cards"`));
    }
  }
  return { violations, state: s, log };
}

export interface TableJudgement {
  readonly violations: readonly Violation[];
  /** The player who holds 5+ chips with at least 2 of each colour, if any. */
  readonly winner: number | null;
}

/** Whether a table could have come about in a game: piles in order, no card more often than the deck holds, chips within the box. */
export function judgeTable(table: StacksTable): TableJudgement {
  const violations: Violation[] = [];
  for (const space of PILE_SPACES) {
    const pile = table.piles[space] ?? [];
    const colour = spaceColour(space);
    pile.forEach((entry, i) => {
      const { card, recorded } = tablePileCard(entry, i);
      if (!isPileCard(card)) {
        violations.push(violation('special-in-pile', `${card} is a special card and cannot lie on the sequence pile ${space}`, [card]));
        return;
      }
      if (stacksColour(card) !== colour) violations.push(violation('wrong-colour', `${card} lies on the ${colour} pile ${space}`, [card]));
      if (isWild(card)) {
        if (recorded !== undefined && recorded !== i + 1) {
          violations.push(violation('wild-wrong-number', `${card} is card ${i + 1} of ${space} and so stands for ${i + 1}, not ${recorded}`, [card]));
        }
      } else if (stacksNumber(card) !== i + 1) {
        violations.push(violation('out-of-order', `${card} is card ${i + 1} of ${space}, which must be a ${i + 1} or a wild`, [card]));
      }
    });
    if (pile.length >= 5) {
      violations.push(violation('complete-pile-not-set-aside', `${space} holds ${pile.length} cards; a completed sequence is set aside at once`));
    }
  }

  const seen = new Map<string, number>();
  const see = (card: string): void => {
    if (card !== UNSEEN) seen.set(card, (seen.get(card) ?? 0) + 1);
  };
  for (const space of PILE_SPACES) for (const entry of table.piles[space] ?? []) see(tablePileCard(entry, 0).card);
  table.discards.flat().forEach(see);
  for (const hand of table.hands ?? []) if (typeof hand !== 'number') hand.forEach(see);
  if (Array.isArray(table.drawPile)) (table.drawPile as readonly string[]).forEach(see);
  (table.setAside ?? []).forEach(see);
  (table.box ?? []).forEach(see);
  for (const [card, count] of seen) {
    const copies = stacksCopies(card, table.players);
    if (count <= copies) continue;
    if (copies === 0 && removedCards(table.players).includes(card)) {
      violations.push(violation('removed-with-two-players', `${card} is not in the game with 2 players`, [card]));
    } else {
      violations.push(violation('too-many-copies', `${card} is seen ${count} times; the deck holds ${copies}`, [card]));
    }
  }
  const counted =
    PILE_SPACES.reduce((n, space) => n + (table.piles[space]?.length ?? 0), 0) +
    table.discards.reduce((n, pile) => n + pile.length, 0) +
    (table.hands ?? []).reduce<number>((n, hand) => n + (typeof hand === 'number' ? hand : hand.length), 0) +
    (typeof table.drawPile === 'number' ? table.drawPile : (table.drawPile?.length ?? 0)) +
    (table.setAside?.length ?? 0) +
    (table.box?.length ?? 0);
  const deck = STACKS_DECK_SIZE - removedCards(table.players).length;
  if (counted > deck) violations.push(violation('too-many-cards', `the table holds ${counted} cards; the game has ${deck}`));

  for (const card of table.setAside ?? []) {
    if (isSpecial(card)) violations.push(violation('special-set-aside', `${card} is a used special and belongs in the box, not with the set-aside sequences`, [card]));
  }
  for (const card of table.box ?? []) {
    if (!isSpecial(card)) violations.push(violation('not-a-special-in-box', `${card} is not a special card; only used specials leave the game`, [card]));
  }

  for (const colour of ['red', 'blue'] as const) {
    const total = table.chips.reduce((n, c) => n + c[colour], 0);
    if (total > CHIPS_PER_COLOUR) violations.push(violation('too-many-chips', `${total} ${colour} chips are held; the game has ${CHIPS_PER_COLOUR}`));
  }
  const winners = table.chips.flatMap((c, p) => (hasWon(c) ? [p] : []));
  if (winners.length > 1) {
    violations.push(violation('more-than-one-winner', `players ${winners.join(' and ')} all hold winning chips; the game ends at the first win`));
  }
  return { violations, winner: winners[0] ?? null };
}
