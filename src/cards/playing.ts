// Standard playing cards as Sequence uses them (contracts section 1): rank then suit, e.g. "TS", "JD".
import { InputError, shown } from '../errors.js';

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
/** Spades, hearts, diamonds, clubs. */
export const SUITS = ['S', 'H', 'D', 'C'] as const;

export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];

/** Hearts and spades: anti-wild, they remove an opponent's chip. */
export const ONE_EYED_JACKS = ['JH', 'JS'] as const;
/** Diamonds and clubs: wild, they place a chip on any open space. */
export const TWO_EYED_JACKS = ['JD', 'JC'] as const;

const DECK: readonly string[] = SUITS.flatMap((s) => RANKS.map((r) => `${r}${s}`));
const NAMES = new Set(DECK);

/** The 52 cards of one deck, suit by suit (S, H, D, C), each from A to K. */
export function playingDeck(): string[] {
  return [...DECK];
}

export function isPlayingCard(name: string): boolean {
  return NAMES.has(name);
}

/** Normalises a card from input: case-insensitive, "10" accepted for "T"; throws an InputError naming it. */
export function parsePlayingCard(input: unknown): string {
  if (typeof input !== 'string') {
    throw new InputError(`expected a playing card like "TS" or "JD", got ${shown(input)}`);
  }
  let name = input.trim().toUpperCase();
  if (name.startsWith('10')) name = `T${name.slice(2)}`;
  if (NAMES.has(name)) return name;
  throw new InputError(`unknown playing card ${shown(input)} (expected rank A 2-9 T J Q K then suit S H D C, e.g. "TS")`);
}

export function rankOf(card: string): Rank {
  return card[0] as Rank;
}

export function suitOf(card: string): Suit {
  return card[1] as Suit;
}

export function isJack(card: string): boolean {
  return card[0] === 'J';
}

export function isOneEyedJack(card: string): boolean {
  return card === 'JH' || card === 'JS';
}

export function isTwoEyedJack(card: string): boolean {
  return card === 'JD' || card === 'JC';
}
