// Sequence Hunt (rules/sequence-hunt.txt): judging a claimed set, and the game as plain data.
// Claims are judged from the definition (try the orders in which a property can sequence, see
// which properties do); the finder (hunt-finder.ts) counts and lists by a faster route, and the
// tests hold the two to each other and to brute force.
import { extremeBonus, isTicCard, PROPERTIES, ticDeck, ticValues } from '../cards/tic.js';
import { InputError } from '../errors.js';
import { anyLeft, huntKind, HUNT_KINDS, SET_SIZES, type HuntKind, type HuntSet } from './hunt-finder.js';
import { repeatedCards } from './layout.js';
import { seededRandom, shuffled } from './random.js';
import { maskProperties, maskSize, sequencingMask, SEQUENCE_TYPES, typeSize, type SequenceType } from './tic-sequence.js';
import { violation, type Violation } from './violation.js';

export interface HuntClaim {
  readonly type: SequenceType;
  readonly size: number;
}

/** The verdict on a claim; `set` holds the cards in sequence order when the claim is legal. */
export interface ClaimJudgement {
  readonly violations: Violation[];
  readonly set: HuntSet | null;
}

export type HuntVariant = 'race' | 'for-points';

export interface HuntSetup {
  /** 1 to 6. */
  readonly players: number;
  readonly seed: number;
  /** 'race' (default): first to the nine sets; 'for-points': the Variation. */
  readonly variant?: HuntVariant;
  /** The Competitive Rule: an incorrect call costs the caller their largest set. */
  readonly penalty?: boolean;
  /** Also penalise a claim that was only broken by an earlier simultaneous call (default false). */
  readonly penaliseOutrunCalls?: boolean;
}

export interface HuntPlayer {
  /** Face-down, stack[0] on top. */
  readonly stack: readonly string[];
  /** Collected sets, in the order collected. */
  readonly sets: readonly HuntSet[];
}

export interface HuntState {
  readonly variant: HuntVariant;
  readonly penalty: boolean;
  readonly penaliseOutrunCalls: boolean;
  readonly players: readonly HuntPlayer[];
  /** The face-up cards, in the order they were turned. */
  readonly grid: readonly string[];
  /** Whose turn it is to turn a card. */
  readonly current: number;
  readonly over: boolean;
  /** Race: the player who completed the nine sets. For Points: the most points (all who tie). */
  readonly winners: readonly number[];
}

/** One player's call: the set they name, its cards, and (optionally) the set they would surrender. */
export interface HuntCall extends HuntClaim {
  readonly player: number;
  readonly cards: readonly string[];
  /** Index into the caller's sets, used if the call is penalised; default the first largest. */
  readonly surrender?: number;
}

export interface CallResult {
  readonly player: number;
  readonly claim: HuntClaim;
  readonly accepted: boolean;
  readonly violations: Violation[];
  /** The collected set, in sequence order. */
  readonly set: HuntSet | null;
  /** The set given up under the Competitive Rule. */
  readonly surrendered: HuntSet | null;
}

export interface TurnResult {
  readonly player: number;
  readonly card: string;
}

export type MoveOutcome<R> = { readonly state: HuntState; readonly results: R[]; readonly violations?: undefined } | { readonly violations: Violation[]; readonly state?: undefined };

const TYPE_NAMES: Record<SequenceType, string> = { mono: 'Mono', duo: 'Duo', tripo: 'Tripo' };
const SET_POINTS: Record<number, number> = { 3: 1, 4: 3, 5: 10 };

/**
 * Each order in which some property sequences, sorted ascending by that property, with the
 * mask of the properties sequencing in it. One entry per distinct mask: properties that sequence
 * together fix the same order.
 */
function sequenceOrders(cards: readonly string[]): Array<{ mask: number; order: string[] }> {
  const values = cards.map(ticValues);
  const orders: Array<{ mask: number; order: string[] }> = [];
  for (let p = 0; p < PROPERTIES.length; p++) {
    const indices = cards.map((_, i) => i).sort((x, y) => values[x]![p]! - values[y]![p]!);
    const mask = sequencingMask(indices.map((i) => values[i]!));
    if (!(mask & (1 << p)) || orders.some((o) => o.mask === mask)) continue;
    orders.push({ mask, order: indices.map((i) => cards[i]!) });
  }
  return orders;
}

function describeOrder(mask: number): string {
  const props = maskProperties(mask);
  const names = props.length === 1 ? props[0]! : `${props.slice(0, -1).join(', ')} and ${props[props.length - 1]}`;
  return `ordered by ${props[0]}, ${names} sequence${props.length === 1 ? 's' : ''} (a ${TYPE_NAMES[SEQUENCE_TYPES[maskSize(mask) - 1]!]})`;
}

/** A claim of a set: exactly `size` different cards, some order of which makes exactly the type. */
function judgeClaim(claim: HuntClaim, cards: readonly string[]): ClaimJudgement {
  const { type, size } = claim;
  const name = `${size}-card ${TYPE_NAMES[type]}`;
  if (!(SET_SIZES as readonly number[]).includes(size)) {
    return { violations: [violation('no-such-set', `Sequence Hunt has no ${name}: sets have 3, 4 or 5 cards`, cards)], set: null };
  }
  const violations: Violation[] = [];
  if (cards.length !== size) {
    violations.push(violation('wrong-card-count', `a ${name} takes exactly ${size} cards; ${cards.length} were shown`, cards));
  }
  for (const card of repeatedCards(cards)) violations.push(violation('card-named-twice', `${card} is named more than once`, [card]));
  if (violations.length > 0) return { violations, set: null };
  const orders = sequenceOrders(cards);
  const match = orders.find((o) => maskSize(o.mask) === typeSize(type));
  if (match) return { violations: [], set: { type, size, cards: match.order } };
  const why =
    orders.length === 0
      ? `no property runs through ${size} consecutive values, so no order makes any sequence`
      : orders.map((o) => describeOrder(o.mask)).join('; ');
  return { violations: [violation('not-a-set', `no order of ${cards.join(', ')} makes a ${name}: ${why}`, cards)], set: null };
}

/** For Points: 3 cards 1, 4 cards 3, 5 cards 10, plus the Extreme bonus once for the set. */
function setPoints(cards: readonly string[]): number {
  const points = SET_POINTS[cards.length];
  if (points === undefined) throw new RangeError(`a Sequence Hunt set has 3, 4 or 5 cards, not ${cards.length}`);
  return points + extremeBonus(cards);
}

function setup(options: HuntSetup): HuntState {
  const { players, seed } = options;
  const variant = options.variant ?? 'race';
  if (!Number.isInteger(players) || players < 1 || players > 6) throw new InputError(`players must be 1 to 6, got ${players}`);
  if (!Number.isFinite(seed)) throw new InputError(`seed must be a number, got ${seed}`);
  if (variant !== 'race' && variant !== 'for-points') throw new InputError(`variant must be "race" or "for-points", got "${String(variant)}"`);
  // Dealt one at a time round the table, so stacks differ by at most one card.
  const deck = shuffled(ticDeck(), seededRandom(seed));
  const stacks: string[][] = Array.from({ length: players }, () => []);
  deck.forEach((card, i) => stacks[i % players]!.push(card));
  return {
    variant,
    penalty: options.penalty ?? false,
    penaliseOutrunCalls: options.penaliseOutrunCalls ?? false,
    players: stacks.map((stack) => ({ stack, sets: [] })),
    grid: [],
    current: 0,
    over: false,
    winners: [],
  };
}

/** The current player (or, if their stack is empty, the next with cards) turns their top card. */
function turnCard(state: HuntState): MoveOutcome<TurnResult> {
  if (state.over) return { violations: [violation('game-over', 'the game is over')] };
  const n = state.players.length;
  let player = -1;
  for (let step = 0; step < n; step++) {
    const candidate = (state.current + step) % n;
    if (state.players[candidate]!.stack.length > 0) {
      player = candidate;
      break;
    }
  }
  if (player < 0) return { violations: [violation('no-cards-left', 'every stack is empty')] };
  const [card, ...rest] = state.players[player]!.stack as [string, ...string[]];
  const players = state.players.map((p, i) => (i === player ? { ...p, stack: rest } : p));
  const next = settle({ ...state, players, grid: [...state.grid, card], current: (player + 1) % n });
  return { state: next, results: [{ player, card }] };
}

/**
 * Calls made at nearly the same time, in the order the group decided. Each claim is judged
 * against the grid as the earlier claims left it.
 */
function call(state: HuntState, calls: readonly HuntCall[]): MoveOutcome<CallResult> {
  if (state.over) return { violations: [violation('game-over', 'the game is over')] };
  const n = state.players.length;
  for (const c of calls) {
    if (!Number.isInteger(c.player) || c.player < 0 || c.player >= n) {
      return { violations: [violation('unknown-player', `there is no player ${c.player} in a ${n}-player game`)] };
    }
    if (!(SEQUENCE_TYPES as readonly string[]).includes(c.type)) {
      return { violations: [violation('unknown-set-type', `"${String(c.type)}" is not mono, duo or tripo`)] };
    }
    const unknown = c.cards.filter((card) => !isTicCard(card));
    if (unknown.length > 0) return { violations: [violation('unknown-card', `not TIC cards: ${unknown.join(', ')}`, unknown)] };
  }

  const stacks = state.players.map((p) => [...p.stack]);
  const sets = state.players.map((p) => [...p.sets]);
  const grid = new Set(state.grid);
  const takenBy = new Map<string, number>();
  let over = false;
  let winners: number[] = [];
  const results: CallResult[] = [];

  for (const c of calls) {
    const claim: HuntClaim = { type: c.type, size: c.size };
    if (over) {
      results.push({ player: c.player, claim, accepted: false, violations: [violation('game-over', 'the game was won by an earlier call')], set: null, surrendered: null });
      continue;
    }
    const judged = judgeClaim(claim, c.cards);
    const violations = [...judged.violations];
    let incorrect = violations.length > 0;
    let outrun = false;
    for (const card of new Set(c.cards)) {
      if (grid.has(card)) continue;
      const taker = takenBy.get(card);
      if (taker !== undefined) {
        outrun = true;
        violations.push(violation('card-already-claimed', `${card} was taken by player ${taker}'s earlier call`, [card]));
      } else {
        incorrect = true;
        violations.push(violation('card-not-on-grid', `${card} is not face up on the grid`, [card]));
      }
    }
    if (state.variant === 'race' && judged.set && sets[c.player]!.some((s) => s.type === c.type && s.size === c.size)) {
      violations.push(violation('set-already-collected', `player ${c.player} already has a ${c.size}-card ${TYPE_NAMES[c.type]}`));
    }

    if (violations.length === 0 && judged.set) {
      for (const card of judged.set.cards) {
        grid.delete(card);
        takenBy.set(card, c.player);
      }
      sets[c.player]!.push(judged.set);
      results.push({ player: c.player, claim, accepted: true, violations, set: judged.set, surrendered: null });
      if (state.variant === 'race' && collectedKinds(sets[c.player]!).size === HUNT_KINDS.length) {
        over = true;
        winners = [c.player];
      }
      continue;
    }

    let surrendered: HuntSet | null = null;
    if (state.penalty && (incorrect || (outrun && state.penaliseOutrunCalls))) {
      const penalty = surrender(sets[c.player]!, c);
      if ('violations' in penalty) return { violations: penalty.violations };
      surrendered = penalty.set;
      if (surrendered) giveUnderStacks(surrendered.cards, c.player, stacks);
    }
    results.push({ player: c.player, claim, accepted: false, violations, set: null, surrendered });
  }

  const players = stacks.map((stack, i) => ({ stack, sets: sets[i]! }));
  const next: HuntState = { ...state, players, grid: state.grid.filter((card) => grid.has(card)), over, winners };
  return { state: settle(next), results };
}

/** The largest set (mutating `sets`): the named one if it is among the largest, else the first. */
function surrender(sets: HuntSet[], c: HuntCall): { set: HuntSet | null } | { violations: Violation[] } {
  if (sets.length === 0) return { set: null };
  const largest = Math.max(...sets.map((s) => s.size));
  let index = sets.findIndex((s) => s.size === largest);
  if (c.surrender !== undefined) {
    const named = sets[c.surrender];
    if (!Number.isInteger(c.surrender) || !named || named.size !== largest) {
      const what = named ? `a ${named.size}-card ${TYPE_NAMES[named.type]}` : 'not one of their sets';
      return { violations: [violation('surrender-not-largest', `player ${c.player} must give up a ${largest}-card set; set ${c.surrender} is ${what}`)] };
    }
    index = c.surrender;
  }
  const [set] = sets.splice(index, 1);
  return { set: set! };
}

/** Round-robin from the next player, under the opponents' stacks (one's own in a solo game). */
function giveUnderStacks(cards: readonly string[], player: number, stacks: string[][]): void {
  const n = stacks.length;
  const opponents = n === 1 ? [player] : Array.from({ length: n - 1 }, (_, i) => (player + 1 + i) % n);
  cards.forEach((card, i) => stacks[opponents[i % opponents.length]!]!.push(card));
}

function collectedKinds(sets: readonly HuntSet[]): Set<HuntKind> {
  return new Set(sets.map((s) => huntKind(s.type, s.size)));
}

/** The sets a player still needs in the race. */
function needed(state: HuntState, player: number): HuntKind[] {
  const have = collectedKinds(state.players[player]?.sets ?? []);
  return HUNT_KINDS.filter((kind) => !have.has(kind));
}

/** For Points: each player's total over their collected sets. */
function scores(state: HuntState): number[] {
  return state.players.map((p) => p.sets.reduce((sum, s) => sum + setPoints(s.cards), 0));
}

/** Ends the game once every stack is empty and the grid holds nothing anyone can still collect. */
function settle(state: HuntState): HuntState {
  if (state.over || state.players.some((p) => p.stack.length > 0)) return state;
  if (state.variant === 'for-points') {
    if (HUNT_KINDS.some((kind) => anyLeft(state.grid, kind))) return state;
    const points = scores(state);
    const best = Math.max(...points);
    return { ...state, over: true, winners: points.flatMap((p, i) => (p === best ? [i] : [])) };
  }
  const stillPossible = state.players.some((_, i) => needed(state, i).some((kind) => anyLeft(state.grid, kind)));
  return stillPossible ? state : { ...state, over: true, winners: [] };
}

export const sequenceHunt = { judgeClaim, setPoints, setup, turnCard, call, needed, scores } as const;
