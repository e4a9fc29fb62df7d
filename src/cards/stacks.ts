// The Sequence Stacks deck (contracts section 1, cards.md): 120 cards of 17 kinds.
import { InputError, shown } from '../errors.js';

export const STACKS_COLOURS = ['red', 'blue'] as const;
export type StacksColour = (typeof STACKS_COLOURS)[number];

/** The yellow special cards, in the order the rulebook lists them. */
export const SPECIALS = ['jump', 'reverse', 'card-steal', 'chip-steal', 'wait'] as const;
export type Special = (typeof SPECIALS)[number];

/** A card nobody at the table has seen (a card in a hand or the draw pile, for a judge). */
export const UNSEEN = '?';

const NUMBER_COPIES = 9;
const WILD_COPIES = 7;
const SPECIAL_COPIES: Readonly<Record<Special, number>> = { jump: 3, reverse: 3, 'card-steal': 3, 'chip-steal': 4, wait: 3 };

/** "remove the following special cards: all Reverse cards, 1 Wait! card, 2 Chip Steal cards, 1 Card Steal card and 1 Jump card." */
export const TWO_PLAYER_REMOVED: readonly string[] = ['reverse', 'reverse', 'reverse', 'wait', 'chip-steal', 'chip-steal', 'card-steal', 'jump'];

/** The 17 card names: red 1-5, red wild, blue 1-5, blue wild, then the specials. */
export const STACKS_CARDS: readonly string[] = [
  ...STACKS_COLOURS.flatMap((colour) => [1, 2, 3, 4, 5].map((n) => `${colour}-${n}`).concat(`${colour}-wild`)),
  ...SPECIALS,
];

const COPIES = new Map<string, number>(
  STACKS_CARDS.map((card) => [card, (SPECIAL_COPIES as Record<string, number>)[card] ?? (card.endsWith('-wild') ? WILD_COPIES : NUMBER_COPIES)]),
);

/** How many copies of a card are in the game for this many players (2 players remove some specials). */
export function stacksCopies(card: string, players: number): number {
  const copies = COPIES.get(card) ?? 0;
  return players === 2 ? copies - TWO_PLAYER_REMOVED.filter((c) => c === card).length : copies;
}

/** "120 cards" */
export const STACKS_DECK_SIZE = 120;

/** All 120 cards, in the order of STACKS_CARDS. */
export function fullStacksDeck(): string[] {
  return STACKS_CARDS.flatMap((card) => Array<string>(COPIES.get(card)!).fill(card));
}

/** The cards in play: 120, or 112 with 2 players. */
export function stacksDeck(players: number): string[] {
  return STACKS_CARDS.flatMap((card) => Array<string>(stacksCopies(card, players)).fill(card));
}

/** The cards that stay in the box for this many players. */
export function removedCards(players: number): string[] {
  return players === 2 ? [...TWO_PLAYER_REMOVED] : [];
}

export function isStacksCard(name: string): boolean {
  return COPIES.has(name);
}

/** Normalises a card name from input (case-insensitive, "Wait!" for wait) or throws an InputError naming it. */
export function parseStacksCard(input: unknown): string {
  if (typeof input !== 'string') {
    throw new InputError(`expected a Sequence Stacks card name like "red-3", got ${shown(input)}`);
  }
  const name = input.trim().toLowerCase().replace(/!$/, '');
  if (COPIES.has(name)) return name;
  throw new InputError(`unknown Sequence Stacks card ${shown(input)} (expected red-1..red-5, blue-1..blue-5, red-wild, blue-wild, ${SPECIALS.join(', ')})`);
}

export function isSpecial(card: string): card is Special {
  return (SPECIALS as readonly string[]).includes(card);
}

export function isWild(card: string): boolean {
  return card === 'red-wild' || card === 'blue-wild';
}

/** A number or wild card: one that goes on a sequence pile. */
export function isPileCard(card: string): boolean {
  return COPIES.has(card) && !isSpecial(card);
}

/** red or blue for number and wild cards, null for the yellow specials. */
export function stacksColour(card: string): StacksColour | null {
  if (card.startsWith('red-')) return 'red';
  if (card.startsWith('blue-')) return 'blue';
  return null;
}

/** 1..5 for number cards, null for wilds and specials. */
export function stacksNumber(card: string): number | null {
  const match = /^(?:red|blue)-([1-5])$/.exec(card);
  return match ? Number(match[1]) : null;
}
