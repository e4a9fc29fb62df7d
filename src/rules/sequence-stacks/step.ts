// One action of Sequence Stacks: checked against the rules, then carried out as it happened on the table.
import { UNSEEN, isPileCard, isSpecial, isWild, stacksColour, stacksNumber, type StacksColour } from '../../cards/stacks.js';
import { randomInt, shuffled } from '../random.js';
import { violation, type Violation } from '../violation.js';
import {
  CHIPS_PER_COLOUR,
  HAND_SIZE,
  PILE_SPACES,
  draft,
  drawable,
  hasWon,
  nextPlayer,
  nextRandom,
  spaceColour,
  type MutableState,
  type PileSpace,
  type StacksState,
} from './state.js';

/** Where a card is used from: "the cards in your hand but also the top card of your personal discard pile". */
export type CardSource = 'hand' | 'discard';

/**
 * Everything a player can do. All but `wait` are the current player's; `collect` takes the chip of
 * a completion nobody waited on (any other action collects it first on its own).
 */
export type StacksAction =
  | { readonly type: 'play'; readonly card: string; readonly from?: CardSource; readonly pile: PileSpace | 'new'; readonly as?: number }
  | { readonly type: 'jump' | 'reverse'; readonly from?: CardSource }
  | { readonly type: 'card-steal'; readonly from?: CardSource; readonly target: number; readonly take: CardSource; readonly card?: string }
  | { readonly type: 'chip-steal'; readonly from?: CardSource; readonly target: number; readonly colour: StacksColour }
  | { readonly type: 'wait'; readonly player: number }
  | { readonly type: 'collect' }
  | { readonly type: 'draw-five'; readonly cards?: readonly string[] }
  | { readonly type: 'discard'; readonly card: string }
  | { readonly type: 'refill'; readonly cards?: readonly string[] };

export interface StepResult {
  readonly state: StacksState;
  /** Empty when the action was legal; an illegal action is still carried out as far as it can be. */
  readonly violations: readonly Violation[];
  /** The action with its blind choices filled in (the card a steal took, the cards drawn): a replayable log entry. */
  readonly action: StacksAction;
}

/** Checks and carries out one action. Never mutates `state`. */
export function step(state: StacksState, action: StacksAction): StepResult {
  if (state.winner !== null) {
    return { state, violations: [violation('game-over', `player ${state.winner} has already won; the game is over`)], action };
  }
  const s = draft(state);
  const out: Violation[] = [];
  // The chip of a completion is collected as soon as the game moves on without a Wait!.
  if (s.pending && action.type !== 'wait' && action.type !== 'collect') {
    collect(s);
    if (s.winner !== null) {
      out.push(violation('game-over', `player ${s.winner} won with that chip; the game ended immediately`));
      return { state: s, violations: out, action };
    }
  }
  if (action.type !== 'wait' && action.type !== 'collect' && action.type !== 'refill') {
    turnChecks(s, action, out);
  }
  const resolved = apply(s, action, out);
  return { state: s, violations: out, action: resolved };
}

function turnChecks(s: MutableState, action: StacksAction, out: Violation[]): void {
  if (s.turn.discarded) {
    if (action.type === 'discard') out.push(violation('second-discard', `${action.card} is a second discard: "At the end of your own turn, you must discard 1 card."`, [action.card]));
    else out.push(violation('turn-ended', `the discard ended the use of cards; only the refill to ${HAND_SIZE} may follow`));
    return;
  }
  const hand = s.hands[s.current]!;
  if (hand.length === 0 && action.type !== 'draw-five' && drawable(s) > 0) {
    out.push(violation('draw-five-when-hand-empty', `player ${s.current} has used every card in hand and must "immediately draw 5 new cards"`));
  }
}

function apply(s: MutableState, action: StacksAction, out: Violation[]): StacksAction {
  const me = s.current;
  switch (action.type) {
    case 'play':
      play(s, action, out);
      return action;
    case 'jump':
    case 'reverse':
      if (take(s, me, action.type, action.from ?? 'hand', out)) s.box.push(action.type);
      if (action.type === 'jump') s.turn.jumps += 1;
      // With 2 players a reversed direction still names the other player next.
      else s.direction = s.direction === 1 ? -1 : 1;
      return action;
    case 'card-steal':
      return cardSteal(s, action, out);
    case 'chip-steal':
      chipSteal(s, action, out);
      return action;
    case 'wait':
      wait(s, action.player, out);
      return action;
    case 'collect':
      if (!s.pending) out.push(violation('nothing-to-collect', 'no sequence was just completed'));
      else collect(s);
      return action;
    case 'draw-five': {
      const hand = s.hands[me]!;
      if (hand.length > 0) {
        out.push(violation('draw-five-hand-not-empty', `player ${me} still holds ${hand.length} card(s); five new cards come only when the hand is empty`, hand.filter((c) => c !== UNSEEN)));
      }
      return { type: 'draw-five', cards: draw(s, me, HAND_SIZE, action.cards, out) };
    }
    case 'discard':
      if (take(s, me, action.card, 'hand', out)) s.discards[me]!.push(action.card);
      s.turn.discarded = true;
      return action;
    case 'refill': {
      const hand = s.hands[me]!;
      if (!s.turn.discarded && hand.length > 0) {
        out.push(violation('missing-discard', `player ${me} ended the turn without discarding: "At the end of your own turn, you must discard 1 card."`));
      } else if (!s.turn.discarded && drawable(s) > 0) {
        out.push(violation('draw-five-when-hand-empty', `player ${me} has used every card in hand and must "immediately draw 5 new cards"`));
      }
      const cards = draw(s, me, Math.max(0, HAND_SIZE - hand.length), action.cards, out);
      s.current = nextPlayer(s);
      s.turn = { discarded: false, jumps: 0 };
      return { type: 'refill', cards };
    }
  }
}

/** Takes a card from a player's hand or the top of their discard pile; false when it was not there. */
function take(s: MutableState, player: number, card: string, from: 'hand' | 'discard', out: Violation[]): boolean {
  if (from === 'hand') {
    const hand = s.hands[player]!;
    let index = hand.indexOf(card);
    if (index < 0) index = hand.indexOf(UNSEEN);
    if (index < 0) {
      out.push(violation('card-not-in-hand', `${card} is not in player ${player}'s hand`, [card]));
      return false;
    }
    hand.splice(index, 1);
    return true;
  }
  const pile = s.discards[player]!;
  const top = pile.at(-1);
  if (top === card) {
    pile.pop();
    return true;
  }
  out.push(
    violation(
      'not-on-top-of-discard',
      top === undefined ? `player ${player}'s discard pile is empty, so ${card} cannot come from it` : `${card} is not on top of player ${player}'s discard pile (${top} is)`,
      [card],
    ),
  );
  const index = pile.lastIndexOf(card);
  if (index < 0) return false;
  pile.splice(index, 1);
  return true;
}

function play(s: MutableState, action: Extract<StacksAction, { type: 'play' }>, out: Violation[]): void {
  const { card } = action;
  const colour = stacksColour(card);
  if (!isPileCard(card) || colour === null) {
    out.push(violation('not-a-pile-card', `${card} is a special card and does not go on a sequence pile`, [card]));
    return;
  }
  let space: PileSpace;
  if (action.pile === 'new') {
    const free = PILE_SPACES.find((p) => spaceColour(p) === colour && s.piles[p].length === 0);
    if (!free) {
      out.push(
        violation('colour-spaces-full', `${card} cannot start a new ${colour} sequence: "Only 4 sequences (2 of each colour) can be in progress at the same time."`, [card]),
      );
      return;
    }
    space = free;
  } else {
    space = action.pile;
  }
  take(s, s.current, card, action.from ?? 'hand', out);
  const pile = s.piles[space];
  const top = pile.at(-1);
  const need = top ? top.as + 1 : 1;
  const shown = top ? `${top.card}${isWild(top.card) ? ` (as ${top.as})` : ''}` : '';
  if (spaceColour(space) !== colour) {
    out.push(violation('wrong-colour', `${card} is ${colour} and cannot go on the ${spaceColour(space)} pile ${space}`, [card]));
  }
  let as: number;
  if (isWild(card)) {
    if (action.as !== undefined && action.as !== need) {
      out.push(violation('wild-wrong-number', `${card} on ${space} can only stand for ${need}, not ${action.as}`, [card]));
    }
    as = need;
  } else {
    as = stacksNumber(card)!;
    if (!top && as !== 1) {
      out.push(violation('start-with-one-or-wild', `${card} cannot start a sequence on ${space}: "To make a new sequence, you must use a 1 or a Wild card."`, [card]));
    } else if (top && as !== need) {
      out.push(violation('not-one-higher', `${card} is not 1 higher than ${shown} on ${space}`, [card, top.card]));
    }
  }
  pile.push({ card, as });
  // A pile ending in 5 is finished: set aside at once, which frees its space. Only a true 1-5 earns a chip.
  if (as >= 5) {
    const cards = pile.map((c) => c.card);
    s.piles[space] = [];
    s.setAside.push(...cards);
    if (cards.length === 5) s.pending = { player: s.current, colour: spaceColour(space), cards };
  }
}

/**
 * "The player who completed the sequence receives 1 chip of that colour." The game may end here.
 * With all 20 chips of that colour already held there is none left to receive.
 */
function collect(s: MutableState): void {
  const pending = s.pending!;
  s.pending = null;
  if (s.chips.reduce((n, c) => n + c[pending.colour], 0) >= CHIPS_PER_COLOUR) return;
  const chips = s.chips[pending.player]!;
  chips[pending.colour] += 1;
  if (hasWon(chips)) s.winner = pending.player;
}

function wait(s: MutableState, player: number, out: Violation[]): void {
  if (!validPlayer(s, player, out)) return;
  if (!s.pending) {
    out.push(violation('no-completion-to-wait', `player ${player} played wait, but Wait! "Can be used at the moment someone completes a sequence."`, ['wait']));
  } else if (player === s.pending.player) {
    out.push(violation('wait-own-completion', `player ${player} cannot play wait on their own completion`, ['wait']));
  }
  if (take(s, player, 'wait', 'hand', out)) s.box.push('wait');
  // "the player who completed the sequence does not receive a chip"
  if (s.pending && player !== s.pending.player) s.pending = null;
}

function cardSteal(s: MutableState, action: Extract<StacksAction, { type: 'card-steal' }>, out: Violation[]): StacksAction {
  const me = s.current;
  if (!validPlayer(s, action.target, out)) return action;
  if (take(s, me, 'card-steal', action.from ?? 'hand', out)) s.box.push('card-steal');
  if (action.take === 'hand') {
    if (action.target === me) {
      out.push(violation('steal-from-yourself', 'Card Steal takes a card another player is holding, not one of your own', ['card-steal']));
      return action;
    }
    const hand = s.hands[action.target]!;
    if (hand.length === 0) {
      out.push(violation('nothing-to-steal', `player ${action.target} holds no cards`, ['card-steal']));
      return action;
    }
    let index: number;
    if (action.card !== undefined) {
      index = hand.indexOf(action.card);
      if (index < 0) index = hand.indexOf(UNSEEN);
      if (index < 0) {
        out.push(violation('card-not-in-hand', `${action.card} is not in player ${action.target}'s hand`, [action.card]));
        return action;
      }
    } else {
      // Taken blind from the fanned-out hand.
      index = randomInt(nextRandom(s), hand.length);
    }
    const [stolen] = hand.splice(index, 1);
    const card = action.card ?? stolen!;
    s.hands[me]!.push(card);
    return { ...action, card };
  }
  const pile = s.discards[action.target]!;
  const top = pile.at(-1);
  if (top === undefined) {
    out.push(violation('nothing-to-steal', `player ${action.target}'s discard pile is empty`, ['card-steal']));
    return action;
  }
  if (action.card !== undefined && action.card !== top) {
    out.push(violation('not-on-top-of-discard', `${action.card} is not on top of player ${action.target}'s discard pile (${top} is)`, [action.card]));
  }
  pile.pop();
  s.hands[me]!.push(top);
  return { ...action, card: top };
}

function chipSteal(s: MutableState, action: Extract<StacksAction, { type: 'chip-steal' }>, out: Violation[]): void {
  const me = s.current;
  if (!validPlayer(s, action.target, out)) return;
  if (take(s, me, 'chip-steal', action.from ?? 'hand', out)) s.box.push('chip-steal');
  if (action.target === me) {
    out.push(violation('steal-from-yourself', 'Chip Steal takes a chip another player has collected', ['chip-steal']));
    return;
  }
  const victim = s.chips[action.target]!;
  if (victim[action.colour] < 1) {
    out.push(violation('no-chip-to-steal', `player ${action.target} has no ${action.colour} chip`, ['chip-steal']));
    return;
  }
  const mine = s.chips[me]!;
  if (hasWon({ ...mine, [action.colour]: mine[action.colour] + 1 })) {
    out.push(violation('chip-steal-cannot-win', `a ${action.colour} chip would win: "you cannot use Chip Steal to end the game and win."`, ['chip-steal']));
  }
  victim[action.colour] -= 1;
  mine[action.colour] += 1;
}

function validPlayer(s: MutableState, player: number, out: Violation[]): boolean {
  if (Number.isInteger(player) && player >= 0 && player < s.players) return true;
  out.push(violation('no-such-player', `there is no player ${player} (players are 0 to ${s.players - 1})`));
  return false;
}

/**
 * Draws up to `count` cards into a player's hand, reshuffling the set-aside sequences into a new draw
 * pile when it runs out. Named cards are checked against what the draw pile can hold. Returns the
 * cards that entered the hand.
 */
function draw(s: MutableState, player: number, count: number, named: readonly string[] | undefined, out: Violation[]): string[] {
  const expected = Math.min(count, drawable(s));
  if (named !== undefined && named.length !== expected) {
    out.push(violation('wrong-number-drawn', `player ${player} drew ${named.length} card(s) where ${expected} were due`, [...named]));
  }
  const drawn: string[] = [];
  const total = named?.length ?? expected;
  for (let i = 0; i < total; i++) {
    if (s.drawPile.length === 0) reshuffle(s);
    const wanted = named?.[i];
    if (s.drawPile.length === 0) {
      // Only a named draw gets here: nothing was left to draw.
      break;
    }
    let card: string;
    if (wanted === undefined) {
      card = s.drawPile.pop()!;
      if (s.hidden) card = UNSEEN;
    } else {
      let index = s.drawPile.lastIndexOf(wanted);
      if (index < 0) index = s.drawPile.lastIndexOf(UNSEEN);
      if (index < 0) {
        out.push(violation('not-in-draw-pile', `${wanted} cannot have come from the draw pile`, [wanted]));
        index = s.drawPile.length - 1;
      }
      s.drawPile.splice(index, 1);
      card = wanted;
    }
    s.hands[player]!.push(card);
    drawn.push(card);
  }
  return drawn;
}

/** "shuffle the set-aside cards together to form a new draw pile. Take care not to include the yellow special cards" */
function reshuffle(s: MutableState): void {
  const specials = s.setAside.filter(isSpecial);
  s.box.push(...specials);
  s.drawPile = shuffled(
    s.setAside.filter((card) => !isSpecial(card)),
    nextRandom(s),
  );
  s.setAside = [];
}
