// The TIC deck (contracts section 1, cards.md): 125 unique cards, three ordered properties.
import { InputError, shown } from '../errors.js';

export const PROPERTIES = ['number', 'shape', 'colour'] as const;
export type Property = (typeof PROPERTIES)[number];

export const NUMBERS = [1, 2, 3, 4, 5] as const;
/** In the shape's order: 1, 2, 3, 4, 5 sides. */
export const SHAPES = ['circle', 'crescent', 'triangle', 'square', 'star'] as const;
/** In the colour's order: across the rainbow. */
export const COLOURS = ['violet', 'cyan', 'yellow', 'orange', 'red'] as const;

export type Shape = (typeof SHAPES)[number];
export type Colour = (typeof COLOURS)[number];

/** A card's rank on each property, 1..5, in the order of PROPERTIES. */
export type TicValues = readonly [number: number, shape: number, colour: number];

export interface TicCard {
  readonly number: number;
  readonly shape: Shape;
  readonly colour: Colour;
}

export const EXTREME_CARDS = ['1-circle-violet', '5-star-red'] as const;

/** The Extreme Card bonus both scoring games add to a sequence or set holding the card. */
export function extremeBonus(cards: readonly string[]): number {
  let bonus = 0;
  for (const card of cards) {
    if (card === '1-circle-violet') bonus += 1;
    else if (card === '5-star-red') bonus += 2;
  }
  return bonus;
}

const DECK: readonly string[] = NUMBERS.flatMap((n) =>
  SHAPES.flatMap((s) => COLOURS.map((c) => `${n}-${s}-${c}`)),
);
const VALUES = new Map<string, TicValues>();
const IDS = new Map<string, number>();
DECK.forEach((name, id) => {
  const [n, s, c] = name.split('-') as [string, Shape, Colour];
  VALUES.set(name, [Number(n), SHAPES.indexOf(s) + 1, COLOURS.indexOf(c) + 1]);
  IDS.set(name, id);
});

/** The 125 card names, number-major, then shape, then colour. */
export function ticDeck(): string[] {
  return [...DECK];
}

export function isTicCard(name: string): boolean {
  return VALUES.has(name);
}

/** Normalises a card name from input (case-insensitive) or throws an InputError naming it. */
export function parseTicCard(input: unknown): string {
  if (typeof input !== 'string') {
    throw new InputError(`expected a TIC card name like "3-star-orange", got ${shown(input)}`);
  }
  const name = input.trim().toLowerCase();
  if (VALUES.has(name)) return name;
  throw new InputError(`unknown TIC card ${shown(input)} (expected <number>-<shape>-<colour>, e.g. "3-star-orange")`);
}

export function ticValues(name: string): TicValues {
  const values = VALUES.get(name);
  if (!values) throw new InputError(`unknown TIC card "${name}"`);
  return values;
}

/** 0..124, the card's index in ticDeck(). */
export function ticId(name: string): number {
  const id = IDS.get(name);
  if (id === undefined) throw new InputError(`unknown TIC card "${name}"`);
  return id;
}

export function ticName(id: number): string {
  const name = DECK[id];
  if (name === undefined) throw new RangeError(`no TIC card has id ${id}`);
  return name;
}

export function ticCard(name: string): TicCard {
  const [n, s, c] = ticValues(name);
  return { number: n, shape: SHAPES[s - 1]!, colour: COLOURS[c - 1]! };
}

export function formatTicCard(card: TicCard): string {
  return `${card.number}-${card.shape}-${card.colour}`;
}
