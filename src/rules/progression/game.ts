// Progression as a game: setup and moves over plain JSON state (boardgame.io style).
// Each move is state in, { state } or { violations } out; a refused move changes nothing.
// Messages name players from 1, as people at the table do; `current` and `winners` count from 0.
import { isTicCard, ticDeck } from '../../cards/tic.js';
import { InputError } from '../../errors.js';
import type { Placement } from '../layout.js';
import { seededRandom, shuffled } from '../random.js';
import { violation, type Violation } from '../violation.js';
import { cellName } from './grid.js';
import { judgePlay } from './judge.js';
import { hasLegalPlay, legalPlays } from './search.js';

/** standard: scoring, hands refilled to 6. shedding (Variation 1): 8 cards, one a turn, first out wins. */
export type Variant = 'standard' | 'shedding';

export const HAND_SIZE: Readonly<Record<Variant, number>> = { standard: 6, shedding: 8 };

export interface SetupOptions {
  /** 2 to 4. */
  readonly players: number;
  /** One seed, one shuffle: the game replays exactly from its seed and its moves. */
  readonly seed: number;
  readonly variant?: Variant;
  /** Variation 2: properties may turn back at 1 and 5 (changes scoring only). */
  readonly reversing?: boolean;
  /** "For a shorter game, begin with a reduced deck": use this many cards of the shuffled deck. */
  readonly deckSize?: number;
  /** "Choose a starting player by any agreed method": default 0. */
  readonly firstPlayer?: number;
}

export type TurnRecord =
  | { readonly player: number; readonly move: 'play'; readonly placements: readonly Placement[]; readonly points: number }
  | { readonly player: number; readonly move: 'draw'; readonly card: string; readonly playable: boolean }
  | { readonly player: number; readonly move: 'pass' };

export interface ProgressionState {
  readonly variant: Variant;
  readonly reversing: boolean;
  readonly table: readonly Placement[];
  /** Face down; the next card drawn is deck[0]. */
  readonly deck: readonly string[];
  readonly hands: readonly (readonly string[])[];
  /** Points per player; they stay 0 in Shedding, which keeps no score. */
  readonly scores: readonly number[];
  /** Whose turn it is. */
  readonly current: number;
  /** The card a player who could not play just drew and may still lay down this turn. */
  readonly drawn: string | null;
  readonly over: boolean;
  /** When over: the highest score (standard), the player out of cards (Shedding). */
  readonly winners: readonly number[];
  readonly log: readonly TurnRecord[];
}

export type MoveResult =
  | { readonly state: ProgressionState; readonly violations?: undefined }
  | { readonly violations: readonly Violation[]; readonly state?: undefined };

export function setup(options: SetupOptions): ProgressionState {
  const { players, seed } = options;
  const variant = options.variant ?? 'standard';
  if (!Number.isInteger(players) || players < 2 || players > 4) throw new InputError(`Progression is for 2 to 4 players, not ${players}`);
  if (variant !== 'standard' && variant !== 'shedding') throw new InputError(`unknown Progression variant "${String(variant)}" (standard or shedding)`);
  const handSize = HAND_SIZE[variant];
  const needed = players * handSize + 1;
  const deckSize = options.deckSize ?? 125;
  if (!Number.isInteger(deckSize) || deckSize < needed || deckSize > 125) {
    throw new InputError(`deckSize must be a whole number from ${needed} (the deal and a starting card) to 125, not ${deckSize}`);
  }
  const firstPlayer = options.firstPlayer ?? 0;
  if (!Number.isInteger(firstPlayer) || firstPlayer < 0 || firstPlayer >= players) throw new InputError(`firstPlayer must be 0 to ${players - 1}, not ${firstPlayer}`);

  const cards = shuffled(ticDeck(), seededRandom(seed)).slice(0, deckSize);
  const hands: string[][] = Array.from({ length: players }, () => []);
  let next = 0;
  for (let round = 0; round < handSize; round++) for (const hand of hands) hand.push(cards[next++]!);
  const start = cards[next++]!;
  return settle({
    variant,
    reversing: options.reversing === true,
    table: [{ card: start, row: 0, col: 0 }],
    deck: cards.slice(next),
    hands,
    scores: hands.map(() => 0),
    current: firstPlayer,
    drawn: null,
    over: false,
    winners: [],
    log: [],
  });
}

/** The current player lays down `placements` from their hand. */
export function play(state: ProgressionState, placements: readonly Placement[]): MoveResult {
  if (state.over) return refused('game-over', 'the game is over');
  const player = state.current;
  const violations: Violation[] = [];
  const hand = [...state.hands[player]!];
  for (const p of placements) {
    const i = hand.indexOf(p.card);
    if (i >= 0) hand.splice(i, 1);
    else if (!state.hands[player]!.includes(p.card)) violations.push(violation('card-not-in-hand', `${p.card} is not in player ${player + 1}'s hand`, [p.card]));
  }
  if (state.variant === 'shedding' && placements.length > 1) {
    violations.push(violation('one-card-at-a-time', 'in Sequence Shedding players play one card at a time', placements.map((p) => p.card)));
  }
  if (state.drawn !== null && !placements.some((p) => p.card === state.drawn)) {
    violations.push(violation('must-play-drawn-card', `after drawing because they could not play, player ${player + 1}'s laydown must contain ${state.drawn}`, [state.drawn]));
  }
  // A name that is no TIC card is certainly not in the hand; judging it would only repeat that.
  const judgement = placements.every((p) => isTicCard(p.card)) ? judgePlay(state.table, placements, { reversing: state.reversing }) : null;
  if (judgement) violations.push(...judgement.violations);
  if (violations.length > 0 || !judgement) return { violations };

  const deck = [...state.deck];
  if (state.variant === 'standard') while (hand.length < HAND_SIZE.standard && deck.length > 0) hand.push(deck.shift()!);
  const points = state.variant === 'standard' ? judgement.points : 0;
  const laid = placements.map(({ card, row, col }) => ({ card, row, col }));
  const after: ProgressionState = {
    ...state,
    table: [...state.table, ...laid],
    deck,
    hands: state.hands.map((h, i) => (i === player ? hand : h)),
    scores: state.scores.map((s, i) => (i === player ? s + points : s)),
    log: [...state.log, { player, move: 'play', placements: laid, points }],
  };
  if (state.variant === 'shedding' && hand.length === 0) return { state: { ...after, drawn: null, over: true, winners: [player] } };
  return { state: settle(nextTurn(after)) };
}

/**
 * "If you cannot make a legal play, draw 1 card from the deck." A drawn card that can be played
 * keeps the turn open (play it, or pass); one that cannot ends the turn.
 */
export function drawForNoPlay(state: ProgressionState): MoveResult {
  if (state.over) return refused('game-over', 'the game is over');
  const player = state.current;
  if (state.drawn !== null) return refused('already-drew', `player ${player + 1} already drew ${state.drawn} this turn: play it or pass`, [state.drawn]);
  const hand = state.hands[player]!;
  const canPlay = firstLegalPlay(state.table, hand);
  if (canPlay) return refused('has-legal-play', `player ${player + 1} can play ${canPlay.card} at ${cellName(canPlay.row, canPlay.col)}, so may not draw`, [canPlay.card]);
  if (state.deck.length === 0) return refused('deck-empty', 'the deck is exhausted: a player who cannot play passes');

  const card = state.deck[0]!;
  const playable = hasLegalPlay(state.table, [card]);
  const after: ProgressionState = {
    ...state,
    deck: state.deck.slice(1),
    hands: state.hands.map((h, i) => (i === player ? [...h, card] : h)),
    log: [...state.log, { player, move: 'draw', card, playable }],
  };
  return { state: playable ? { ...after, drawn: card } : settle(nextTurn(after)) };
}

/**
 * Ends the turn without playing: declining to lay down a playable drawn card, or, once the deck
 * is exhausted, when the player cannot play.
 */
export function pass(state: ProgressionState): MoveResult {
  if (state.over) return refused('game-over', 'the game is over');
  const player = state.current;
  const passed = (): MoveResult => ({ state: settle(nextTurn({ ...state, log: [...state.log, { player, move: 'pass' }] })) });
  if (state.drawn !== null) return passed();
  const canPlay = firstLegalPlay(state.table, state.hands[player]!);
  if (canPlay) return refused('has-legal-play', `player ${player + 1} can play ${canPlay.card} at ${cellName(canPlay.row, canPlay.col)}, so may not pass`, [canPlay.card]);
  if (state.deck.length > 0) return refused('must-draw', `player ${player + 1} cannot play and must draw 1 card while the deck lasts`);
  return passed();
}

function firstLegalPlay(table: readonly Placement[], hand: readonly string[]): Placement | undefined {
  return legalPlays(table, hand)[0];
}

function nextTurn(state: ProgressionState): ProgressionState {
  return { ...state, current: (state.current + 1) % state.hands.length, drawn: null };
}

/**
 * "The game ends when no player can make another legal play" once the deck is gone. Standard:
 * the highest score wins (ties share). A blocked Shedding game: the fewest cards left wins.
 */
function settle(state: ProgressionState): ProgressionState {
  if (state.over || state.deck.length > 0 || state.drawn !== null) return state;
  if (state.hands.some((hand) => hasLegalPlay(state.table, hand))) return state;
  const measure = state.variant === 'standard' ? state.scores : state.hands.map((h) => -h.length);
  const best = Math.max(...measure);
  return { ...state, over: true, winners: measure.flatMap((m, i) => (m === best ? [i] : [])) };
}

function refused(rule: string, message: string, cards: readonly string[] = []): MoveResult {
  return { violations: [violation(rule, message, cards)] };
}
