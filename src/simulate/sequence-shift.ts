// Sequence Shift games. The policies lay hand cards one legal step at a time on the table as it
// stands (extending a run, crossing one, or a new Duo of two hand cards laid apart), which keeps
// every table legal by construction and costs microseconds a turn:
//   random: after each step, a coin decides whether to lay another;
//   greedy: steps until nothing more fits (or, with options.solverNodes, the Shift solver's best
//           play under that node limit, which also rearranges the table).
// Neither ever rearranges the table by hand; the engine judges every turn.
//
// Moves:  { type: 'play', placements, moved }   the hand cards laid (where), and table cards the
//                                               turn moved ({ card, from, to }; solver only)
//         { type: 'draw' }                      no play: one card drawn, the turn ends
// Events: { kind: 'open', player }              the player's first legal turn (their opening)
//         { kind: 'play', player, cards }
//         { kind: 'undone', player, cards }     an illegal turn taken back ("the table returned
//                                               to its arrangement at the beginning of the turn")
//         { kind: 'draw', player, card }        card null when the draw pile is empty
//         { kind: 'win', winners }              went out
//         { kind: 'blocked' }                   nobody can play or draw: no winner
// Deliberate illegal turn: two hand cards that make only a Mono laid as a new sequence (rule
// "run-not-duo-or-tripo"; a lone card, "lone-card", if no two do); the engine undoes it, the
// player draws and the turn ends, as the rulebook says.
import { ticId, ticValues } from '../cards/tic.js';
import type { Placement } from '../rules/layout.js';
import type { Random } from '../rules/random.js';
import { sequenceShift, type ShiftState, type ShiftVariant } from '../rules/sequence-shift.js';
import { cell, cellContext, colOf, duo, fits, gridOf, placementsOf, rowOf, type Grid } from '../rules/sequence-shift/solver-grid.js';
import { searchTurn } from '../rules/shift-solver.js';
import { maskSize, oneStepMask } from '../rules/tic-sequence.js';
import type { ShiftRecord } from './index.js';
import { isIllegalTurn, pick, policyRandom, RecordBuilder, type Resolved } from './shared.js';

export interface ShiftMovedCard {
  readonly card: string;
  readonly from: { readonly row: number; readonly col: number };
  readonly to: { readonly row: number; readonly col: number };
}

export interface ShiftPlayMove {
  readonly type: 'play';
  readonly placements: readonly Placement[];
  readonly moved: readonly ShiftMovedCard[];
}

export type ShiftMove = ShiftPlayMove | { readonly type: 'draw' };

export interface ShiftView {
  readonly layout: readonly Placement[];
  readonly drawPile: number;
  /** Cards in each hand. */
  readonly hands: readonly number[];
  /** Who has made an opening sequence. */
  readonly opened: readonly boolean[];
}

export type ShiftEvent =
  | { readonly kind: 'open'; readonly player: number }
  | { readonly kind: 'play'; readonly player: number; readonly cards: readonly string[] }
  | { readonly kind: 'undone'; readonly player: number; readonly cards: readonly string[] }
  | { readonly kind: 'draw'; readonly player: number; readonly card: string | null }
  | { readonly kind: 'win'; readonly winners: readonly number[] }
  | { readonly kind: 'blocked' };

/** The solver's clock budget when a node limit decides (never reached: the answer must not depend on the machine). */
const SOLVER_CLOCK_MS = 3_600_000;

function view(state: ShiftState): ShiftView {
  return {
    layout: state.table,
    drawPile: state.drawPile.length,
    hands: state.players.map((p) => p.hand.length),
    opened: state.players.map((p) => p.opened),
  };
}

function handSizes(state: ShiftState): number[] {
  return state.players.map((p) => p.hand.length);
}

export function simulateShift(options: Resolved): ShiftRecord {
  const variant = (options.variant ?? 'standard') as ShiftVariant;
  const players = options.players ?? 2;
  const solverNodes = options.options?.solverNodes ?? 0;
  // The engine checks players and variant (InputError).
  let state = sequenceShift.setup({ players, seed: options.seed, variant });
  const random = policyRandom(options.seed);
  const rec = new RecordBuilder<'sequence-shift', ShiftMove, ShiftView, ShiftEvent>(
    'sequence-shift',
    options.seed,
    { players, policy: options.policy, variant, illegalEvery: options.illegalEvery, maxTurns: options.maxTurns, options: { solverNodes }, sides: 'players', scores: 'cards-in-hand' },
    { stateAfter: view(state), scores: handSizes(state) },
  );

  let turn = 1;
  let refused = false;
  while (!sequenceShift.isOver(state) && turn <= options.maxTurns) {
    const player = state.current;
    const before = state;
    const hand = before.players[player]!.hand;
    const deliberate = isIllegalTurn(options, turn) && hand.length > 0;
    let after: Placement[] | null;
    if (deliberate) after = monoTable(before, random);
    else if (options.policy === 'greedy' && solverNodes > 0) after = solverPlay(before, solverNodes);
    else after = stepPlay(before, random, options.policy === 'greedy' ? () => true : () => random() < 0.5);

    if (after === null) {
      state = sequenceShift.moves.drawAndPass(before);
      const card = before.drawPile[0] ?? null;
      rec.add({ turn, player, move: { type: 'draw' }, violations: [], stateAfter: view(state), scores: handSizes(state), events: [{ kind: 'draw', player, card }, ...ending(state)] });
    } else {
      const outcome = sequenceShift.moves.attemptTurn(before, after);
      state = outcome.state;
      const move = playMove(before.table, after, hand);
      const cards = move.placements.map((p) => p.card);
      const events: ShiftEvent[] = outcome.legal
        ? [...(before.players[player]!.opened ? [] : [{ kind: 'open' as const, player }]), { kind: 'play', player, cards }]
        : [{ kind: 'undone', player, cards }, { kind: 'draw', player, card: outcome.drawn }];
      rec.add({ turn, player, move, deliberate, violations: outcome.violations, stateAfter: view(state), scores: handSizes(state), events: [...events, ...ending(state)] });
      // A policy's play the engine refused is a bug: recorded (not deliberate), and the game stops.
      if (!outcome.legal && !deliberate) {
        refused = true;
        break;
      }
    }
    turn += 1;
  }
  const over = sequenceShift.isOver(state);
  return rec.finish({
    over,
    reason: refused ? 'refused' : !over ? 'turn-cap' : state.winner !== null ? 'won' : 'blocked',
    winners: state.winner !== null ? [state.winner] : [],
    scores: handSizes(state),
    turns: turn - 1,
  });
}

function ending(state: ShiftState): ShiftEvent[] {
  if (state.winner !== null) return [{ kind: 'win', winners: [state.winner] }];
  return sequenceShift.isOver(state) ? [{ kind: 'blocked' }] : [];
}

/** The hand cards laid (where they ended up) and the table cards that moved. */
function playMove(before: readonly Placement[], after: readonly Placement[], hand: readonly string[]): ShiftPlayMove {
  const was = new Map(before.map((p) => [p.card, p] as const));
  const inHand = new Set(hand);
  const placements = after.filter((p) => inHand.has(p.card) && !was.has(p.card)).map(({ card, row, col }) => ({ card, row, col }));
  const moved: ShiftMovedCard[] = [];
  for (const p of after) {
    const old = was.get(p.card);
    if (old && (old.row !== p.row || old.col !== p.col)) moved.push({ card: p.card, from: { row: old.row, col: old.col }, to: { row: p.row, col: p.col } });
  }
  return { type: 'play', placements, moved };
}

function neighbours(key: number): number[] {
  const row = rowOf(key);
  const col = colOf(key);
  return [cell(row - 1, col), cell(row, col + 1), cell(row + 1, col), cell(row, col - 1)];
}

/** Where a new sequence of hand cards goes: one empty row below everything, from the table's left edge. */
function freeRow(grid: Grid): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const key of grid.keys()) max = Math.max(max, rowOf(key));
  return Number.isFinite(max) ? max + 2 : 0;
}

function leftEdge(grid: Grid): number {
  let min = Number.POSITIVE_INFINITY;
  for (const key of grid.keys()) min = Math.min(min, colOf(key));
  return Number.isFinite(min) ? min : 0;
}

type Step = { readonly key: number; readonly card: number } | { readonly pair: readonly [number, number] };

/**
 * Hand cards laid one legal step at a time while `more` says so: the table left, or null when not
 * one card can be laid. Before opening (standard, Simple Shift) only cells that touch no table
 * card are used, so every run holds hand cards only.
 */
export function stepPlay(state: ShiftState, random: Random, more: () => boolean): Placement[] | null {
  const me = state.players[state.current]!;
  const mayUse = sequenceShift.currentMayUseTable(state);
  const grid = gridOf(state.table);
  const tableKeys = [...grid.keys()];
  const forbidden = new Set<number>();
  if (!mayUse) for (const key of tableKeys) for (const n of neighbours(key)) forbidden.add(n);
  const left = leftEdge(grid);
  let hand = me.hand.map(ticId);
  const placed: number[] = [];
  while (hand.length > 0) {
    const steps: Step[] = [];
    const seen = new Set<number>();
    for (const anchor of mayUse ? [...tableKeys, ...placed] : placed) {
      const a = grid.get(anchor)!;
      for (const n of neighbours(anchor)) {
        if (grid.has(n) || forbidden.has(n) || seen.has(n)) continue;
        // A card fits a cell only if it may touch every neighbour: trying only the cards that may
        // touch this one decides the cell, and spares most cell contexts.
        seen.add(n);
        let ctx: ReturnType<typeof cellContext> | null = null;
        for (const h of hand) {
          if (!duo(h, a)) continue;
          ctx ??= cellContext(grid, n);
          if (fits(ctx, h)) steps.push({ key: n, card: h });
        }
      }
    }
    for (let i = 0; i < hand.length; i++) for (let j = i + 1; j < hand.length; j++) if (duo(hand[i]!, hand[j]!)) steps.push({ pair: [hand[i]!, hand[j]!] });
    if (steps.length === 0) break;
    const step = pick(random, steps);
    if ('pair' in step) {
      const row = freeRow(grid);
      grid.set(cell(row, left), step.pair[0]);
      grid.set(cell(row, left + 1), step.pair[1]);
      placed.push(cell(row, left), cell(row, left + 1));
      hand = hand.filter((h) => h !== step.pair[0] && h !== step.pair[1]);
    } else {
      grid.set(step.key, step.card);
      placed.push(step.key);
      hand = hand.filter((h) => h !== step.card);
    }
    if (!more()) break;
  }
  return placed.length > 0 ? placementsOf(grid) : null;
}

function solverPlay(state: ShiftState, nodeLimit: number): Placement[] | null {
  const me = state.players[state.current]!;
  const { play } = searchTurn({ table: state.table, hand: me.hand, opened: me.opened, variant: state.variant, budgetMs: SOLVER_CLOCK_MS, nodeLimit });
  return play ? play.after : null;
}

/** The table plus two hand cards that make only a Mono, laid apart (or one lone hand card). */
export function monoTable(state: ShiftState, random: Random): Placement[] {
  const hand = state.players[state.current]!.hand;
  const grid = gridOf(state.table);
  const row = freeRow(grid);
  const col = leftEdge(grid);
  const monos: [string, string][] = [];
  for (let i = 0; i < hand.length; i++) {
    for (let j = i + 1; j < hand.length; j++) {
      if (maskSize(oneStepMask(ticValues(hand[i]!), ticValues(hand[j]!))) === 1) monos.push([hand[i]!, hand[j]!]);
    }
  }
  const laid: Placement[] =
    monos.length > 0
      ? (() => {
          const [a, b] = pick(random, monos);
          return [
            { card: a, row, col },
            { card: b, row, col: col + 1 },
          ];
        })()
      : [{ card: pick(random, hand), row, col }];
  return [...state.table, ...laid];
}
