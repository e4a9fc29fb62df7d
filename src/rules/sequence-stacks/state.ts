// The state of a Sequence Stacks game as plain JSON data, and the table notation it reads and writes.
import {
  STACKS_DECK_SIZE,
  UNSEEN,
  isSpecial,
  isWild,
  removedCards,
  stacksDeck,
  stacksNumber,
  type StacksColour,
} from '../../cards/stacks.js';
import { seededRandom, shuffled, type Random } from '../random.js';

/** "One side is divided into 2 spaces for red sequences, and the other side into 2 spaces for blue sequences." */
export const PILE_SPACES = ['red-a', 'red-b', 'blue-a', 'blue-b'] as const;
export type PileSpace = (typeof PILE_SPACES)[number];

export const MIN_PLAYERS = 2;
/** The box says 2-6 players; the rulebook names no limit. */
export const MAX_PLAYERS = 6;
export const HAND_SIZE = 5;
/** "40 Sequence chips (20 red, 20 blue)" */
export const CHIPS_PER_COLOUR = 20;

export function spaceColour(space: PileSpace): StacksColour {
  return space.startsWith('red') ? 'red' : 'blue';
}

export function isPileSpace(name: string): name is PileSpace {
  return (PILE_SPACES as readonly string[]).includes(name);
}

/** A card on a sequence pile and the number it stands for (a wild's chosen number, else its own). */
export interface PileCard {
  readonly card: string;
  readonly as: number;
}

export interface Chips {
  readonly red: number;
  readonly blue: number;
}

/** 1 = clockwise = rising player numbers. */
export type Direction = 1 | -1;

/** A completed sequence whose chip waits for anyone's Wait! before the completer collects it. */
export interface Completion {
  readonly player: number;
  readonly colour: StacksColour;
  readonly cards: readonly string[];
}

/** What the current player has done so far this turn. */
export interface TurnProgress {
  /** The one discard that ends the using of cards; only the refill may follow. */
  readonly discarded: boolean;
  /** Jump cards played this turn: each skips one more player. */
  readonly jumps: number;
}

interface Draft {
  players: number;
  /** Top card last. */
  drawPile: string[];
  /** Completed sequences, waiting to become the next draw pile. */
  setAside: string[];
  /** Used specials and, with 2 players, the removed ones: out of the game. */
  box: string[];
  /** Each space bottom to top; a completed pile is set aside at once, so a pile holds at most 4. */
  piles: Record<PileSpace, PileCard[]>;
  hands: string[][];
  /** Each player's personal discard pile, bottom to top (face up, so never unseen). */
  discards: string[][];
  chips: { red: number; blue: number }[];
  current: number;
  direction: Direction;
  turn: { discarded: boolean; jumps: number };
  pending: Completion | null;
  winner: number | null;
  /** The seeded generator's state, for reshuffles and blind steals: one seed replays a game. */
  seed: number;
  /**
   * A judged table rather than a simulated game: the draw pile's order is unknown, so an unnamed
   * draw puts an unseen card ("?") in the hand.
   */
  hidden: boolean;
}

type DeepReadonly<T> = T extends (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A whole game between two moments: plain JSON, never mutated by the engine. */
export type StacksState = DeepReadonly<Draft>;
export type MutableState = Draft;

/** A working copy the engine may change (pile cards and completions are immutable and shared). */
export function draft(state: StacksState): Draft {
  return {
    ...state,
    drawPile: [...state.drawPile],
    setAside: [...state.setAside],
    box: [...state.box],
    piles: { 'red-a': [...state.piles['red-a']], 'red-b': [...state.piles['red-b']], 'blue-a': [...state.piles['blue-a']], 'blue-b': [...state.piles['blue-b']] },
    hands: state.hands.map((hand) => [...hand]),
    discards: state.discards.map((pile) => [...pile]),
    chips: state.chips.map((c) => ({ ...c })),
    turn: { ...state.turn },
    pending: state.pending as Completion | null,
  };
}

export function emptyPiles(): Record<PileSpace, PileCard[]> {
  return { 'red-a': [], 'red-b': [], 'blue-a': [], 'blue-b': [] };
}

/** "you must make the 5 chips including at least 2 red chips and at least 2 blue chips." */
export function hasWon(chips: Chips): boolean {
  return chips.red + chips.blue >= 5 && chips.red >= 2 && chips.blue >= 2;
}

/** A generator for one random choice; the state keeps the seed of the next one. */
export function nextRandom(s: Draft): Random {
  const random = seededRandom(s.seed);
  s.seed = Math.floor(random() * 2 ** 32) >>> 0;
  return random;
}

/** The player after this turn: one step in the direction of play, one more for each Jump. */
export function nextPlayer(state: StacksState): number {
  const n = state.players;
  return (((state.current + state.direction * (1 + state.turn.jumps)) % n) + n) % n;
}

/** Cards a draw can still reach: the draw pile, then the set-aside sequences reshuffled. */
export function drawable(state: StacksState): number {
  return state.drawPile.length + state.setAside.filter((card) => !isSpecial(card)).length;
}

export interface SetupOptions {
  readonly players: number;
  readonly seed: number;
  /** Who won rock-paper-scissors (default 0). */
  readonly first?: number;
}

/** "Shuffle the cards and deal 5 cards to each player." With 2 players the removed specials stay in the box. */
export function setup({ players, seed, first = 0 }: SetupOptions): StacksState {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new RangeError(`Sequence Stacks takes ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${players}`);
  }
  const random = seededRandom(seed);
  const drawPile = shuffled(stacksDeck(players), random);
  const hands: string[][] = Array.from({ length: players }, () => []);
  for (let round = 0; round < HAND_SIZE; round++) for (const hand of hands) hand.push(drawPile.pop()!);
  return {
    players,
    drawPile,
    setAside: [],
    box: removedCards(players),
    piles: emptyPiles(),
    hands,
    discards: hands.map(() => []),
    chips: hands.map(() => ({ red: 0, blue: 0 })),
    current: ((first % players) + players) % players,
    direction: 1,
    turn: { discarded: false, jumps: 0 },
    pending: null,
    winner: null,
    seed: Math.floor(random() * 2 ** 32) >>> 0,
    hidden: false,
  };
}

// ---- The table notation: what a camera sees between two moments, and what `seqref check` reads.

/** A pile card in a table: its name, or the name and the number a wild stands for. */
export type TablePileCard = string | { readonly card: string; readonly as?: number };

export interface StacksTable {
  readonly players: number;
  /** Each space bottom to top; a missing space is empty. */
  readonly piles: Partial<Readonly<Record<PileSpace, readonly TablePileCard[]>>>;
  /** Each player's discard pile, bottom to top. */
  readonly discards: readonly (readonly string[])[];
  readonly chips: readonly Chips[];
  /** Each hand as card names ("?" for an unseen card) or a count of unseen cards; default 5 unseen each. */
  readonly hands?: readonly (readonly string[] | number)[];
  /** How many cards the draw pile holds (or its cards, top last); default: every card not seen elsewhere. */
  readonly drawPile?: number | readonly string[];
  /** The completed sequences set aside (default none). */
  readonly setAside?: readonly string[];
  /** The used specials (default none); the cards removed for 2 players are never listed. */
  readonly box?: readonly string[];
  readonly direction?: 'clockwise' | 'counterclockwise';
}

/** The number a table pile card stands for: as recorded, else its own number, else its place in the pile. */
export function tablePileCard(entry: TablePileCard, index: number): { card: string; as: number; recorded: number | undefined } {
  const card = typeof entry === 'string' ? entry : entry.card;
  const recorded = typeof entry === 'string' ? undefined : entry.as;
  return { card, as: recorded ?? stacksNumber(card) ?? index + 1, recorded };
}

export interface FromTableOptions {
  /** Whose turn it is (default 0). */
  readonly current?: number;
  readonly seed?: number;
}

/** A game state for judging from what is on the table; unknown cards are unseen ("?"). */
export function fromTable(table: StacksTable, { current = 0, seed = 0 }: FromTableOptions = {}): StacksState {
  const players = table.players;
  const piles = emptyPiles();
  for (const space of PILE_SPACES) {
    piles[space] = (table.piles[space] ?? []).map((entry, i) => {
      const { card, as } = tablePileCard(entry, i);
      return { card, as };
    });
  }
  const hands = Array.from({ length: players }, (_, p) => {
    const hand = table.hands?.[p] ?? HAND_SIZE;
    return typeof hand === 'number' ? Array<string>(hand).fill(UNSEEN) : [...hand];
  });
  const setAside = [...(table.setAside ?? [])];
  const box = [...removedCards(players), ...(table.box ?? [])];
  const discards = table.discards.map((pile) => [...pile]);
  let drawPile: string[];
  if (Array.isArray(table.drawPile)) {
    drawPile = [...(table.drawPile as readonly string[])];
  } else {
    const seen =
      Object.values(piles).reduce((n, pile) => n + pile.length, 0) +
      hands.reduce((n, hand) => n + hand.length, 0) +
      discards.reduce((n, pile) => n + pile.length, 0) +
      setAside.length +
      box.length;
    const count = typeof table.drawPile === 'number' ? table.drawPile : Math.max(0, STACKS_DECK_SIZE - seen);
    drawPile = Array<string>(count).fill(UNSEEN);
  }
  const winner = table.chips.findIndex(hasWon);
  return {
    players,
    drawPile,
    setAside,
    box,
    piles,
    hands,
    discards,
    chips: table.chips.map((c) => ({ red: c.red, blue: c.blue })),
    current,
    direction: table.direction === 'counterclockwise' ? -1 : 1,
    turn: { discarded: false, jumps: 0 },
    pending: null,
    // A table may show a game already won; nobody plays on from it.
    winner: winner < 0 ? null : winner,
    seed,
    hidden: true,
  };
}

/** The table a camera would see in this state (the draw pile as a count; wilds with their numbers). */
export function toTable(state: StacksState): StacksTable {
  const box = [...state.box];
  for (const card of removedCards(state.players)) box.splice(box.indexOf(card), 1);
  const piles: Partial<Record<PileSpace, TablePileCard[]>> = {};
  for (const space of PILE_SPACES) {
    piles[space] = state.piles[space].map(({ card, as }) => (isWild(card) ? { card, as } : card));
  }
  return {
    players: state.players,
    piles,
    discards: state.discards.map((pile) => [...pile]),
    chips: state.chips.map((c) => ({ red: c.red, blue: c.blue })),
    hands: state.hands.map((hand) => [...hand]),
    drawPile: state.drawPile.length,
    setAside: [...state.setAside],
    box,
    direction: state.direction === 1 ? 'clockwise' : 'counterclockwise',
  };
}

/** Every card in the state, wherever it is (for conservation checks). */
export function allCards(state: StacksState): string[] {
  return [
    ...state.drawPile,
    ...state.setAside,
    ...state.box,
    ...PILE_SPACES.flatMap((space) => state.piles[space].map((c) => c.card)),
    ...state.hands.flat(),
    ...state.discards.flat(),
  ];
}
