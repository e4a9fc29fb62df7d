// Sequence Stacks games, one engine action an entry (a turn is the card uses, the discard and the
// refill, so several entries share a turn number).
//   random: a random legal action, favouring using a card over discarding at once (4 to 1), as
//           people do; at a completion, a random one of the completer's collect and the Wait!s;
//   greedy: number cards onto piles (completions first), Chip Steal, wilds that complete, Card
//           Steal, Jump; a Wait! against every completion it can stop; then the least useful
//           card discarded.
//
// Moves are the engine's actions (StacksAction) with their blind choices filled in (the cards a
// refill drew, the card a steal took).
// Events: { kind: 'completion', player, colour, cards }   a pile completed 1-5 (its chip pending)
//         { kind: 'wait', player, against }                 the completer gets no chip
//         { kind: 'chip', player, colour }                  a completion's chip collected
//         { kind: 'chip-steal', player, target, colour }
//         { kind: 'card-steal', player, target, take, card }
//         { kind: 'draw', player, cards }                   a refill or a fresh five
//         { kind: 'reshuffle', cards }                      the set-aside sequences became the draw pile
//         { kind: 'rejected', player }                      a deliberate illegal action taken back
//         { kind: 'win', winners }
//         { kind: 'blocked' }                               nothing left to draw or hold: no winner
// Deliberate illegal action, at the start of a turn: a number card on a pile it is not one higher
// than ("not-one-higher"), else a number other than 1 on an empty space ("start-with-one-or-wild"),
// else ending the turn without a discard ("missing-discard"). The engine reports it; the simulator
// rejects it (the state stays as it was) and the player goes on with a legal action.
import { isPileCard, isWild, stacksColour, stacksNumber, type StacksColour } from '../cards/stacks.js';
import { InputError } from '../errors.js';
import { randomInt, shuffled, type Random } from '../rules/random.js';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  PILE_SPACES,
  sequenceStacks,
  spaceColour,
  type Chips,
  type PileSpace,
  type StacksAction,
  type StacksState,
  type TablePileCard,
} from '../rules/sequence-stacks/index.js';
import type { StacksRecord } from './index.js';
import { isIllegalTurn, pick, policyRandom, RecordBuilder, type Resolved } from './shared.js';

/** The table notation of contracts "sequence-stacks / table", hands and draw pile as counts. */
export interface StacksView {
  readonly players: number;
  readonly piles: Partial<Readonly<Record<PileSpace, readonly TablePileCard[]>>>;
  readonly discards: readonly (readonly string[])[];
  readonly chips: readonly Chips[];
  readonly hands: readonly number[];
  readonly drawPile: number;
  readonly setAside: readonly string[];
  readonly box: readonly string[];
  readonly direction: 'clockwise' | 'counterclockwise';
}

export type StacksEvent =
  | { readonly kind: 'completion'; readonly player: number; readonly colour: StacksColour; readonly cards: readonly string[] }
  | { readonly kind: 'wait'; readonly player: number; readonly against: number }
  | { readonly kind: 'chip'; readonly player: number; readonly colour: StacksColour }
  | { readonly kind: 'chip-steal'; readonly player: number; readonly target: number; readonly colour: StacksColour }
  | { readonly kind: 'card-steal'; readonly player: number; readonly target: number; readonly take: 'hand' | 'discard'; readonly card: string }
  | { readonly kind: 'draw'; readonly player: number; readonly cards: readonly string[] }
  | { readonly kind: 'reshuffle'; readonly cards: number }
  | { readonly kind: 'rejected'; readonly player: number }
  | { readonly kind: 'win'; readonly winners: readonly number[] }
  | { readonly kind: 'blocked' };

/** A turn is a handful of actions; this bounds a turn that never ends (a simulator bug). */
const MAX_ACTIONS_PER_TURN = 200;

function view(state: StacksState): StacksView {
  const table = sequenceStacks.toTable(state);
  return {
    players: table.players,
    piles: table.piles,
    discards: table.discards,
    chips: table.chips,
    hands: state.hands.map((h) => h.length),
    drawPile: state.drawPile.length,
    setAside: table.setAside ?? [],
    box: table.box ?? [],
    direction: table.direction ?? 'clockwise',
  };
}

function totals(state: StacksState): number[] {
  return state.chips.map((c) => c.red + c.blue);
}

export function simulateStacks(options: Resolved): StacksRecord {
  const players = options.players ?? 2;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new InputError(`players: Sequence Stacks is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, got ${players}`);
  }
  const variant = options.variant ?? 'standard';
  if (variant !== 'standard') throw new InputError(`variant: Sequence Stacks has only "standard", got "${variant}"`);
  let state = sequenceStacks.setup({ players, seed: options.seed });
  const random = policyRandom(options.seed);
  const policy = options.policy === 'greedy' ? greedyAction : randomAction;
  const rec = new RecordBuilder<'sequence-stacks', StacksAction, StacksView, StacksEvent, readonly Chips[]>(
    'sequence-stacks',
    options.seed,
    { players, policy: options.policy, variant, illegalEvery: options.illegalEvery, maxTurns: options.maxTurns, options: {}, sides: 'players', scores: 'chips' },
    { stateAfter: view(state), scores: totals(state), chips: state.chips },
  );

  let turn = 1;
  let actions = 0;
  let broken = false;
  while (!sequenceStacks.result(state).over && turn <= options.maxTurns && !broken) {
    const me = state.current;
    if (actions === 0 && state.pending === null && isIllegalTurn(options, turn)) {
      const attempt = illegalAction(state, random);
      if (attempt) {
        // Judged by the engine, then rejected: the state stays as it was.
        const judged = sequenceStacks.step(state, attempt);
        rec.add({ turn, player: me, move: judged.action, deliberate: true, violations: judged.violations, stateAfter: view(state), scores: totals(state), chips: state.chips, events: [{ kind: 'rejected', player: me }] });
      }
    }
    const legal = sequenceStacks.moves(state);
    if (legal.length === 0 || actions >= MAX_ACTIONS_PER_TURN) {
      // Nothing offered in a game not over, or a turn that never ends: an engine or policy bug.
      broken = true;
      break;
    }
    const action = policy(state, legal, random);
    const actor = action.type === 'wait' ? action.player : action.type === 'collect' ? state.pending!.player : me;
    const result = sequenceStacks.step(state, action);
    const events = eventsOf(state, result.state, result.action, actor);
    rec.add({ turn, player: actor, move: result.action, violations: result.violations, stateAfter: view(result.state), scores: totals(result.state), chips: result.state.chips, events });
    // An offered action the engine refused is a bug: recorded (not deliberate), and the game stops.
    if (result.violations.length > 0) broken = true;
    state = result.state;
    actions += 1;
    if (action.type === 'refill') {
      turn += 1;
      actions = 0;
    }
  }
  const outcome = sequenceStacks.result(state);
  return rec.finish({
    over: outcome.over,
    reason: broken ? 'refused' : !outcome.over ? 'turn-cap' : outcome.winner !== null ? 'won' : 'blocked',
    winners: outcome.over && outcome.winner !== null ? [outcome.winner] : [],
    scores: totals(state),
    // A game that ended mid-turn (a win) counts that turn.
    turns: actions > 0 ? turn : turn - 1,
  });
}

function eventsOf(before: StacksState, after: StacksState, action: StacksAction, actor: number): StacksEvent[] {
  const events: StacksEvent[] = [];
  // A pending chip is collected by the next action other than a Wait!.
  if (before.pending && action.type !== 'wait') {
    const p = before.pending.player;
    if (after.chips[p]![before.pending.colour] > before.chips[p]![before.pending.colour]) events.push({ kind: 'chip', player: p, colour: before.pending.colour });
  }
  switch (action.type) {
    case 'wait':
      if (before.pending) events.push({ kind: 'wait', player: action.player, against: before.pending.player });
      break;
    case 'chip-steal':
      events.push({ kind: 'chip-steal', player: actor, target: action.target, colour: action.colour });
      break;
    case 'card-steal':
      if (action.card !== undefined) events.push({ kind: 'card-steal', player: actor, target: action.target, take: action.take, card: action.card });
      break;
    case 'refill':
    case 'draw-five':
      // Only a reshuffle empties the set-aside sequences.
      if (before.setAside.length > 0 && after.setAside.length === 0) events.push({ kind: 'reshuffle', cards: before.setAside.length });
      if (action.cards && action.cards.length > 0) events.push({ kind: 'draw', player: actor, cards: action.cards });
      break;
    default:
      break;
  }
  if (after.pending && after.pending !== before.pending) events.push({ kind: 'completion', player: after.pending.player, colour: after.pending.colour, cards: after.pending.cards });
  const outcome = sequenceStacks.result(after);
  if (outcome.over) events.push(outcome.winner !== null ? { kind: 'win', winners: [outcome.winner] } : { kind: 'blocked' });
  return events;
}

function randomAction(state: StacksState, legal: readonly StacksAction[], random: Random): StacksAction {
  if (state.pending) return pick(random, legal);
  const uses = legal.filter((a) => a.type !== 'discard');
  return pick(random, uses.length > 0 && random() < 0.8 ? uses : legal);
}

/** How much a card is worth keeping (the greedy player discards the least). */
function keepValue(card: string): number {
  switch (card) {
    case 'reverse':
      return 0;
    case 'jump':
      return 1;
    case 'card-steal':
      return 3;
    case 'chip-steal':
      return 7;
    case 'wait':
      return 8;
    default:
      return isWild(card) ? 9 : 2 + (stacksNumber(card) === 1 ? 3 : 0);
  }
}

function greedyAction(state: StacksState, legal: readonly StacksAction[], random: Random): StacksAction {
  if (state.pending) return legal.find((a) => a.type === 'wait') ?? legal[0]!;
  if (legal.length === 1) return legal[0]!;
  const leader = (target: number): number => state.chips[target]!.red + state.chips[target]!.blue;
  const score = (a: StacksAction): number => {
    switch (a.type) {
      case 'play': {
        const completes = (a.as ?? stacksNumber(a.card)) === 5;
        if (isWild(a.card)) return completes ? 90 : 5;
        return 100 + (completes ? 50 : 0) + (stacksNumber(a.card) ?? 0) + (a.from === 'discard' ? 1 : 0);
      }
      case 'chip-steal':
        return 80 + leader(a.target);
      case 'card-steal':
        return a.take === 'hand' ? 30 + state.hands[a.target]!.length : 20;
      case 'jump':
        return 10;
      case 'discard':
        return -keepValue(a.card);
      default:
        // reverse: kept for a discard; draw-five and refill come alone.
        return -20;
    }
  };
  let best: StacksAction[] = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const a of legal) {
    const s = score(a);
    if (s > bestScore) [best, bestScore] = [[a], s];
    else if (s === bestScore) best.push(a);
  }
  return best[randomInt(random, best.length)]!;
}

/** A deliberately illegal first action of a turn (see the file comment), or null with an empty hand. */
export function illegalAction(state: StacksState, random: Random): StacksAction | null {
  const hand = state.hands[state.current]!;
  if (hand.length === 0) return null;
  const numbers = shuffled(
    hand.filter((c) => isPileCard(c) && !isWild(c)),
    random,
  );
  for (const card of numbers) {
    for (const pile of PILE_SPACES) {
      const top = state.piles[pile].at(-1);
      if (spaceColour(pile) === stacksColour(card) && top && stacksNumber(card) !== top.as + 1) return { type: 'play', card, pile };
    }
  }
  for (const card of numbers) {
    const empty = PILE_SPACES.find((pile) => spaceColour(pile) === stacksColour(card) && state.piles[pile].length === 0);
    if (empty && stacksNumber(card) !== 1) return { type: 'play', card, pile: empty };
  }
  return { type: 'refill' };
}
