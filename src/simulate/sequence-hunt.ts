// Sequence Hunt games. Each turn one card is turned face up; then the players call sets until no
// one can see a set they may collect (vigilant players: nothing claimable is left lying).
//   random: a random claimable set, called by a random player who may collect it;
//   greedy: the most valuable claimable set first (race: largest, then Tripo before Duo before
//           Mono; For Points: the most points), called by a random player who may collect it.
// The face-up grid is laid 10 cards wide, each new card in the first free cell in reading order
// (holes left by claimed sets fill up again), which is the layout the record shows.
//
// Moves:  { type: 'turn-card', card }
//         { type: 'call', claim: { type, size }, cards }
// Events: { kind: 'turn-card', player, card }
//         { kind: 'claim', player, set }                   the set collected, in sequence order
//         { kind: 'wrong-claim', player, claim, cards }    an incorrect call, cards stay on the grid
//         { kind: 'penalty', player, surrendered }         the Competitive Rule: the largest set given up
//         { kind: 'win', winners }
//         { kind: 'blocked' }                               race over with nobody holding all nine
// Deliberate illegal call: right after turning a card, the turner calls three grid cards as a
// 3-card type they are not ("not-a-set"; with fewer than three cards on the grid, cards from off
// the grid, "card-not-on-grid"). The call is refused; with the penalty the caller gives up their
// largest set; then play goes on.
import { ticDeck, ticValues } from '../cards/tic.js';
import { HUNT_KINDS, huntKind, kindParts, listSets, type HuntKind, type HuntSet } from '../rules/hunt-finder.js';
import type { Placement } from '../rules/layout.js';
import { shuffled, type Random } from '../rules/random.js';
import { sequenceHunt, type HuntState, type HuntVariant } from '../rules/sequence-hunt.js';
import type { SequenceType } from '../rules/tic-sequence.js';
import { InputError } from '../errors.js';
import type { HuntRecord } from './index.js';
import { isIllegalTurn, pick, policyRandom, RecordBuilder, type Resolved } from './shared.js';

export interface HuntClaimRecord {
  readonly type: SequenceType;
  readonly size: number;
}

export type HuntMove = { readonly type: 'turn-card'; readonly card: string } | { readonly type: 'call'; readonly claim: HuntClaimRecord; readonly cards: readonly string[] };

export interface HuntView {
  /** The face-up grid. */
  readonly layout: readonly Placement[];
  /** Cards left in each face-down stack. */
  readonly stacks: readonly number[];
  /** Each player's collected sets, in the order collected. */
  readonly sets: readonly (readonly HuntSet[])[];
}

export type HuntEvent =
  | { readonly kind: 'turn-card'; readonly player: number; readonly card: string }
  | { readonly kind: 'claim'; readonly player: number; readonly set: HuntSet }
  | { readonly kind: 'wrong-claim'; readonly player: number; readonly claim: HuntClaimRecord; readonly cards: readonly string[] }
  | { readonly kind: 'penalty'; readonly player: number; readonly surrendered: HuntSet }
  | { readonly kind: 'win'; readonly winners: readonly number[] }
  | { readonly kind: 'blocked' };

/** Grid width of the face-up layout. */
export const HUNT_GRID_COLUMNS = 10;
/** Sets listed at once; a longer list is listed again after each claim. */
const LIST_LIMIT = 200;
const TYPE_RANK: Readonly<Record<SequenceType, number>> = { mono: 0, duo: 1, tripo: 2 };

/** Where each face-up card lies: slot i is row i / 10, col i % 10. */
class Grid {
  private readonly slots: (string | null)[] = [];
  lay(card: string): void {
    const free = this.slots.indexOf(null);
    if (free >= 0) this.slots[free] = card;
    else this.slots.push(card);
  }
  take(cards: readonly string[]): void {
    for (const card of cards) {
      const i = this.slots.indexOf(card);
      if (i >= 0) this.slots[i] = null;
    }
  }
  layout(): Placement[] {
    return this.slots.flatMap((card, i) => (card === null ? [] : [{ card, row: Math.floor(i / HUNT_GRID_COLUMNS), col: i % HUNT_GRID_COLUMNS }]));
  }
}

function view(state: HuntState, grid: Grid): HuntView {
  return { layout: grid.layout(), stacks: state.players.map((p) => p.stack.length), sets: state.players.map((p) => p.sets) };
}

export function simulateHunt(options: Resolved): HuntRecord {
  const variant = (options.variant ?? 'race') as HuntVariant;
  const players = options.players ?? 2;
  const penalty = options.options?.penalty === true;
  if (variant !== 'race' && variant !== 'for-points') throw new InputError(`variant must be "race" or "for-points" for Sequence Hunt, got "${variant}"`);
  let state = sequenceHunt.setup({ players, seed: options.seed, variant, penalty });
  const random = policyRandom(options.seed);
  const grid = new Grid();
  const scores = (s: HuntState): number[] => (variant === 'race' ? s.players.map((p) => p.sets.length) : sequenceHunt.scores(s));
  const rec = new RecordBuilder<'sequence-hunt', HuntMove, HuntView, HuntEvent>(
    'sequence-hunt',
    options.seed,
    { players, policy: options.policy, variant, illegalEvery: options.illegalEvery, maxTurns: options.maxTurns, options: { penalty }, sides: 'players', scores: variant === 'race' ? 'sets' : 'set-points' },
    { stateAfter: view(state, grid), scores: scores(state) },
  );
  /** The kinds a player may still collect. */
  const mayCollect = (s: HuntState, player: number): readonly HuntKind[] => (variant === 'race' ? sequenceHunt.needed(s, player) : HUNT_KINDS);

  let turn = 1;
  let broken = false;
  let surrendered = false;
  while (!state.over && turn <= options.maxTurns && !broken) {
    const turned = sequenceHunt.turnCard(state);
    if (turned.violations) {
      // Every stack empty yet the game not over: the claim loop below left a set someone needs.
      rec.add({ turn, player: state.current, move: { type: 'turn-card', card: '' }, violations: turned.violations, stateAfter: view(state, grid), scores: scores(state), events: [] });
      broken = true;
      break;
    }
    state = turned.state;
    const { player, card } = turned.results[0]!;
    grid.lay(card);
    rec.add({ turn, player, move: { type: 'turn-card', card }, violations: [], stateAfter: view(state, grid), scores: scores(state), events: [{ kind: 'turn-card', player, card }, ...ending(state)] });

    if (!state.over && isIllegalTurn(options, turn)) {
      const wrong = wrongClaim(state, random);
      const called = sequenceHunt.call(state, [{ player, ...wrong.claim, cards: wrong.cards }]);
      if (called.violations) throw new Error(`Sequence Hunt refused a call outright: ${called.violations[0]!.message}`);
      const result = called.results[0]!;
      state = called.state;
      const events: HuntEvent[] = [{ kind: 'wrong-claim', player, claim: wrong.claim, cards: wrong.cards }];
      if (result.accepted && result.set) {
        grid.take(result.set.cards);
        events.push({ kind: 'claim', player, set: result.set });
      }
      if (result.surrendered) {
        events.push({ kind: 'penalty', player, surrendered: result.surrendered });
        surrendered = true;
      }
      rec.add({ turn, player, move: { type: 'call', claim: wrong.claim, cards: wrong.cards }, deliberate: true, violations: result.violations, stateAfter: view(state, grid), scores: scores(state), events: [...events, ...ending(state)] });
    }

    // Calls until nobody sees a set they may collect. Claims only take cards away, so the list
    // made after the card was turned stays complete once the claimed cards' sets are dropped.
    // The grid held nothing anyone could collect before this card (unless a penalty made a
    // player need a kind again), so a new set must contain it: the search skips the sizes (often
    // all of them) that no set with this card can have.
    let listed: HuntSet[] | null = null;
    let complete = true;
    const largest = surrendered ? 5 : largestSetWith(state.grid, card);
    if (largest === 0) listed = [];
    surrendered = false;
    while (!state.over) {
      const wanted = new Set<HuntKind>();
      for (let p = 0; p < players; p++) for (const kind of mayCollect(state, p)) wanted.add(kind);
      if (wanted.size === 0) break;
      if (listed === null || !complete) {
        // A set needs as many face-up cards as it has: a small grid is not searched for more.
        const size = state.grid.length;
        listed = [...listSets(state.grid, LIST_LIMIT, HUNT_KINDS.filter((k) => wanted.has(k) && kindParts(k).size <= Math.min(size, largest)))];
        complete = listed.length < LIST_LIMIT;
      }
      const current = state;
      const claimable: { set: HuntSet; callers: number[] }[] = listed.flatMap((set) => {
        const kind = huntKind(set.type, set.size);
        const callers = current.players.flatMap((_, p) => (mayCollect(current, p).includes(kind) ? [p] : []));
        return callers.length > 0 ? [{ set, callers }] : [];
      });
      if (claimable.length === 0) break;
      const choice = options.policy === 'greedy' ? mostValuable(claimable, variant) : pick(random, claimable);
      const caller = pick(random, choice.callers);
      const cards = [...choice.set.cards];
      const claim = { type: choice.set.type, size: choice.set.size };
      const called = sequenceHunt.call(state, [{ player: caller, ...claim, cards }]);
      if (called.violations) throw new Error(`Sequence Hunt refused a call outright: ${called.violations[0]!.message}`);
      const result = called.results[0]!;
      state = called.state;
      if (result.accepted && result.set) grid.take(result.set.cards);
      const events: HuntEvent[] = result.accepted && result.set ? [{ kind: 'claim', player: caller, set: result.set }] : [{ kind: 'wrong-claim', player: caller, claim, cards }];
      if (result.surrendered) events.push({ kind: 'penalty', player: caller, surrendered: result.surrendered });
      rec.add({ turn, player: caller, move: { type: 'call', claim, cards }, violations: result.violations, stateAfter: view(state, grid), scores: scores(state), events: [...events, ...ending(state)] });
      if (!result.accepted) {
        broken = true;
        break;
      }
      const taken = new Set<string>(cards);
      listed = listed.filter((s: HuntSet) => !s.cards.some((c) => taken.has(c)));
    }
    turn += 1;
  }
  const reason = broken ? 'refused' : !state.over ? 'turn-cap' : variant === 'race' && state.winners.length > 0 ? 'won' : 'blocked';
  return rec.finish({ over: state.over, reason, winners: state.winners, scores: scores(state), turns: turn - 1 });
}

function ending(state: HuntState): HuntEvent[] {
  if (!state.over) return [];
  return state.winners.length > 0 ? [{ kind: 'win', winners: state.winners }] : [{ kind: 'blocked' }];
}

function mostValuable<T extends { set: HuntSet }>(claimable: readonly T[], variant: HuntVariant): T {
  const value = (s: HuntSet): number => (variant === 'race' ? s.size * 10 + TYPE_RANK[s.type] : sequenceHunt.setPoints(s.cards));
  let best = claimable[0]!;
  for (const c of claimable) if (value(c.set) > value(best.set)) best = c;
  return best;
}

/** Three grid cards called as a 3-card type they are not (or, on a small grid, cards from off it). */
export function wrongClaim(state: HuntState, random: Random): { claim: HuntClaimRecord; cards: string[] } {
  const onGrid = new Set(state.grid);
  const cards =
    state.grid.length >= 3
      ? shuffled(state.grid, random).slice(0, 3)
      : [...state.grid, ...shuffled(ticDeck().filter((c) => !onGrid.has(c)), random).slice(0, 3 - state.grid.length)];
  const types: SequenceType[] = ['tripo', 'duo', 'mono'];
  const type = types.find((t) => sequenceHunt.judgeClaim({ type: t, size: 3 }, cards).violations.length > 0)!;
  return { claim: { type, size: 3 }, cards };
}

/**
 * The largest set `card` could belong to with other face-up cards (0: none). In any set of k
 * cards some property runs through k consecutive values, so the other cards must hold the rest
 * of such a run around the card's own value in one property.
 */
function largestSetWith(grid: readonly string[], card: string): number {
  const own = ticValues(card);
  let largest = 0;
  for (let p = 0; p < 3; p++) {
    let present = 0;
    for (const other of grid) if (other !== card) present |= 1 << ticValues(other)[p]!;
    const x = own[p]!;
    present |= 1 << x;
    for (let k = 5; k > largest && k >= 3; k--) {
      for (let low = Math.max(1, x - k + 1); low <= Math.min(x, 6 - k); low++) {
        const run = ((1 << k) - 1) << low;
        if ((present & run) === run) {
          largest = k;
          break;
        }
      }
    }
  }
  return largest;
}
