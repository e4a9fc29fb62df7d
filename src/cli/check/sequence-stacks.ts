// `seqref check` for Sequence Stacks: the kinds "table" and "turn" (README, docs/rules-decisions.md).
import { InputError } from '../../errors.js';
import { STACKS_COLOURS, UNSEEN, isWild, parseStacksCard, type StacksColour } from '../../cards/stacks.js';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  PILE_SPACES,
  isPileSpace,
  sequenceStacks,
  type CardSource,
  type Chips,
  type PileSpace,
  type StacksAction,
  type StacksTable,
  type TablePileCard,
} from '../../rules/sequence-stacks/index.js';
import { answer, type CheckAnswer } from './answer.js';
import { arrayField, field, integerField, isObject, objectField, type CaseObject } from './case-input.js';

/** `{ "game": "sequence-stacks", "kind": "table", "table": {...} }` */
export function judgeStacksTableCase(input: CaseObject): CheckAnswer {
  const table = readStacksTable(objectField(input, 'table'));
  const { violations, winner } = sequenceStacks.judgeTable(table);
  return answer(violations, null, { winner });
}

/** `{ "game": "sequence-stacks", "kind": "turn", "player": 0, "table": {...}, "turn": [ actions ] }` */
export function judgeStacksTurnCase(input: CaseObject): CheckAnswer {
  const table = readStacksTable(objectField(input, 'table'));
  const player = integerField(input, 'player');
  if (player < 0 || player >= table.players) throw new InputError(`case: field "player" must be 0..${table.players - 1}`);
  const turn = readStacksTurn(arrayField(input, 'turn'), table.players);
  const before = sequenceStacks.judgeTable(table);
  const judged = sequenceStacks.judgeTurn(sequenceStacks.fromTable(table, { current: player }), turn);
  const after = judged.state;
  // Without its refill the turn has not passed on yet; the next player is still who it will be.
  const refilled = judged.log.some((action) => action.type === 'refill');
  return answer([...before.violations, ...judged.violations], null, {
    winner: after.winner ?? before.winner,
    next: after.winner !== null || before.winner !== null ? null : refilled ? after.current : sequenceStacks.nextPlayer(after),
    after: sequenceStacks.toTable(after),
  });
}

// ---- Reading the JSON; every problem is one InputError naming the field.

export function readStacksTable(obj: CaseObject, where = 'table'): StacksTable {
  const discards = arrayField(obj, 'discards', where).map((pile, p) => cardList(pile, `${where}: discards[${p}]`, false));
  const players = obj.players === undefined ? discards.length : integerField(obj, 'players', where);
  if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new InputError(`${where}: Sequence Stacks takes ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  }
  const perPlayer = (name: string, length: number): void => {
    if (length !== players) throw new InputError(`${where}: field "${name}" must have one entry per player (${players})`);
  };
  perPlayer('discards', discards.length);

  const pilesObj = obj.piles === undefined ? {} : objectField(obj, 'piles', where);
  const piles: Partial<Record<PileSpace, TablePileCard[]>> = {};
  for (const [space, value] of Object.entries(pilesObj)) {
    if (!isPileSpace(space)) throw new InputError(`${where}: piles has an unknown space "${space}" (known: ${PILE_SPACES.join(', ')})`);
    if (!Array.isArray(value)) throw new InputError(`${where}: piles.${space} must be an array of cards, bottom to top`);
    piles[space] = value.map((entry, i) => pileCard(entry, `${where}: piles.${space}[${i}]`));
  }

  const chips = arrayField(obj, 'chips', where).map((c, p): Chips => {
    const place = `${where}: chips[${p}]`;
    if (!isObject(c)) throw new InputError(`${place} must be an object { "red", "blue" }`);
    return { red: count(c, 'red', place), blue: count(c, 'blue', place) };
  });
  perPlayer('chips', chips.length);

  let hands: (string[] | number)[] | undefined;
  if (obj.hands !== undefined) {
    hands = arrayField(obj, 'hands', where).map((hand, p) => {
      const place = `${where}: hands[${p}]`;
      if (typeof hand === 'number') {
        if (!Number.isInteger(hand) || hand < 0) throw new InputError(`${place} must be a list of cards or a count of unseen cards`);
        return hand;
      }
      return cardList(hand, place, true);
    });
    perPlayer('hands', hands.length);
  }

  let drawPile: number | string[] | undefined;
  if (typeof obj.drawPile === 'number') drawPile = count(obj, 'drawPile', where);
  else if (obj.drawPile !== undefined) drawPile = cardList(obj.drawPile, `${where}: drawPile`, true);

  const direction = obj.direction ?? 'clockwise';
  if (direction !== 'clockwise' && direction !== 'counterclockwise') {
    throw new InputError(`${where}: field "direction" must be "clockwise" or "counterclockwise"`);
  }
  return {
    players,
    piles,
    discards,
    chips,
    ...(hands ? { hands } : {}),
    ...(drawPile !== undefined ? { drawPile } : {}),
    ...(obj.setAside !== undefined ? { setAside: cardList(obj.setAside, `${where}: setAside`, false) } : {}),
    ...(obj.box !== undefined ? { box: cardList(obj.box, `${where}: box`, false) } : {}),
    direction,
  };
}

/**
 * A turn: one object per action, named by its one verb:
 * play, wait, collect, draw-five, discard, refill (README has the fields of each).
 */
export function readStacksTurn(items: unknown[], players: number): StacksAction[] {
  return items.map((item, i) => {
    const place = `turn[${i}]`;
    if (!isObject(item)) throw new InputError(`${place} must be an object such as { "play": "red-1", "pile": "red-a" }`);
    const verbs = VERBS.filter((verb) => item[verb] !== undefined);
    if (verbs.length !== 1) throw new InputError(`${place} must have exactly one of ${VERBS.map((v) => `"${v}"`).join(', ')}`);
    const verb = verbs[0]!;
    switch (verb) {
      case 'play':
        return readPlay(item, place, players);
      case 'wait':
        return { type: 'wait', player: playerField(item, 'wait', place, players) };
      case 'collect':
        return { type: 'collect' };
      case 'discard':
        return { type: 'discard', card: cardAt(item.discard, `${place}: discard`) };
      case 'draw-five':
      case 'refill': {
        const value = item[verb];
        if (value === true) return { type: verb };
        if (!Array.isArray(value)) throw new InputError(`${place}: "${verb}" must be true or the list of cards drawn`);
        return { type: verb, cards: cardList(value, `${place}: ${verb}`, false) };
      }
    }
  });
}

const VERBS = ['play', 'wait', 'collect', 'draw-five', 'discard', 'refill'] as const;

function readPlay(item: CaseObject, place: string, players: number): StacksAction {
  const card = cardAt(item.play, `${place}: play`);
  const from = sourceField(item, 'from', place) ?? 'hand';
  switch (card) {
    case 'jump':
    case 'reverse':
      return { type: card, from };
    case 'card-steal': {
      const take = sourceField(item, 'take', place);
      if (!take) throw new InputError(`${place}: card-steal needs "take": "hand" or "discard"`);
      const target = playerField(item, 'target', place, players);
      return item.card === undefined
        ? { type: 'card-steal', from, target, take }
        : { type: 'card-steal', from, target, take, card: cardAt(item.card, `${place}: card`) };
    }
    case 'chip-steal': {
      const colour = field(item, 'colour', place);
      if (!(STACKS_COLOURS as readonly unknown[]).includes(colour)) throw new InputError(`${place}: field "colour" must be "red" or "blue"`);
      return { type: 'chip-steal', from, target: playerField(item, 'target', place, players), colour: colour as StacksColour };
    }
    case 'wait':
      throw new InputError(`${place}: Wait! is played out of turn as { "wait": PLAYER } right after a completion`);
  }
  const pile = field(item, 'pile', place);
  if (typeof pile !== 'string' || (!isPileSpace(pile) && pile !== 'new')) {
    throw new InputError(`${place}: field "pile" must be one of ${PILE_SPACES.join(', ')} or "new"`);
  }
  if (item.as === undefined) return { type: 'play', card, from, pile };
  const as = integerField(item, 'as', place);
  if (!isWild(card)) throw new InputError(`${place}: "as" is only for wild cards, and ${card} is not one`);
  if (as < 1 || as > 5) throw new InputError(`${place}: field "as" must be 1..5`);
  return { type: 'play', card, from, pile, as };
}

function pileCard(entry: unknown, place: string): TablePileCard {
  if (!isObject(entry)) return cardAt(entry, place);
  const card = cardAt(field(entry, 'card', place), place);
  if (entry.as === undefined) return card;
  const as = integerField(entry, 'as', place);
  if (!isWild(card)) throw new InputError(`${place}: "as" is only for wild cards, and ${card} is not one`);
  if (as < 1 || as > 5) throw new InputError(`${place}: field "as" must be 1..5`);
  return { card, as };
}

function cardList(value: unknown, place: string, unseenAllowed: boolean): string[] {
  if (!Array.isArray(value)) throw new InputError(`${place} must be an array of card names`);
  return value.map((card, i) => (unseenAllowed && card === UNSEEN ? UNSEEN : cardAt(card, `${place}[${i}]`)));
}

function cardAt(value: unknown, place: string): string {
  try {
    return parseStacksCard(value);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`${place}: ${error.message}`);
    throw error;
  }
}

function sourceField(item: CaseObject, name: string, place: string): CardSource | undefined {
  const value = item[name];
  if (value === undefined) return undefined;
  if (value !== 'hand' && value !== 'discard') throw new InputError(`${place}: field "${name}" must be "hand" or "discard"`);
  return value;
}

function playerField(item: CaseObject, name: string, place: string, players: number): number {
  const player = integerField(item, name, place);
  if (player < 0 || player >= players) throw new InputError(`${place}: field "${name}" must be a player 0..${players - 1}`);
  return player;
}

function count(obj: CaseObject, name: string, place: string): number {
  const value = integerField(obj, name, place);
  if (value < 0) throw new InputError(`${place}: field "${name}" must not be negative`);
  return value;
}
