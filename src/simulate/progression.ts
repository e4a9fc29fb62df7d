// Progression games: the seeded players of rules/progression/simulate.ts (random: any legal single
// card; greedy: the best-scoring play) through the engine's moves.
//
// Moves:  { type: 'play', placements }   cards laid this turn
//         { type: 'draw' }               could not play: one card drawn (the turn goes on if it fits)
//         { type: 'pass' }               declined the drawn card, or nothing to play or draw
// Events: { kind: 'play', player, cards, points, sequences }   sequences: the ones the play scored
//         { kind: 'draw', player, card, playable }
//         { kind: 'pass', player }
//         { kind: 'rejected', player, cards }                  a deliberate illegal play taken back
//         { kind: 'win', winners }                             the game is over (ties share)
// Deliberate illegal play: a hand card on a free cell beside a card it has no one-step contact
// with (rule "no-step-at-contact"); the player then takes it back and makes a legal move.
import { ticValues } from '../cards/tic.js';
import { cellKey, NEIGHBOUR_STEPS, type Placement } from '../rules/layout.js';
import { progression, type ProgressionState, type ScoredSequence, type Variant } from '../rules/progression.js';
import { applyMove, greedyPolicy, randomPolicy } from '../rules/progression/simulate.js';
import { shuffled, type Random } from '../rules/random.js';
import { oneStepMask, type SequenceType } from '../rules/tic-sequence.js';
import type { ProgressionRecord } from './index.js';
import { isIllegalTurn, policyRandom, RecordBuilder, type Resolved } from './shared.js';

export type ProgressionMove =
  | { readonly type: 'play'; readonly placements: readonly Placement[] }
  | { readonly type: 'draw' }
  | { readonly type: 'pass' };

export interface ProgressionView {
  readonly layout: readonly Placement[];
  /** Cards left in the deck. */
  readonly deck: number;
  /** Cards in each hand. */
  readonly hands: readonly number[];
}

export interface ScoredLine {
  readonly direction: 'across' | 'down';
  readonly cards: readonly string[];
  readonly type: SequenceType;
  readonly points: number;
}

export type ProgressionEvent =
  | { readonly kind: 'play'; readonly player: number; readonly cards: readonly string[]; readonly points: number; readonly sequences: readonly ScoredLine[] }
  | { readonly kind: 'draw'; readonly player: number; readonly card: string; readonly playable: boolean }
  | { readonly kind: 'pass'; readonly player: number }
  | { readonly kind: 'rejected'; readonly player: number; readonly cards: readonly string[] }
  | { readonly kind: 'win'; readonly winners: readonly number[] };

function view(state: ProgressionState): ProgressionView {
  return { layout: state.table, deck: state.deck.length, hands: state.hands.map((h) => h.length) };
}

export function simulateProgression(options: Resolved): ProgressionRecord {
  const variant = options.variant ?? 'standard';
  const reversing = options.options?.reversing === true;
  const deckSize = options.options?.deckSize ?? 125;
  const players = options.players ?? 2;
  // The engine checks players, variant and deck size (InputError).
  let state = progression.setup({ players, seed: options.seed, variant: variant as Variant, reversing, deckSize });
  const random = policyRandom(options.seed);
  const policy = options.policy === 'greedy' ? greedyPolicy : randomPolicy;
  const rec = new RecordBuilder<'progression', ProgressionMove, ProgressionView, ProgressionEvent>(
    'progression',
    options.seed,
    {
      players,
      policy: options.policy,
      variant,
      illegalEvery: options.illegalEvery,
      maxTurns: options.maxTurns,
      options: { reversing, deckSize },
      sides: 'players',
      scores: 'points',
    },
    { stateAfter: view(state), scores: state.scores },
  );

  let turn = 1;
  let attempted = false;
  let refused = false;
  while (!state.over && turn <= options.maxTurns) {
    const player = state.current;
    const hand = state.hands[player]!;
    if (!attempted && state.drawn === null && hand.length > 0 && isIllegalTurn(options, turn)) {
      attempted = true;
      const placements = [illegalPlacement(state, random)];
      const refused = progression.moves.play(state, placements);
      rec.add({
        turn,
        player,
        move: { type: 'play', placements },
        deliberate: true,
        violations: refused.violations ?? [],
        stateAfter: view(refused.state ?? state),
        scores: (refused.state ?? state).scores,
        events: [{ kind: 'rejected', player, cards: placements.map((p) => p.card) }],
      });
      // A play the engine took would be a simulator bug; the test sees it as a legal deliberate entry.
      if (refused.state) state = refused.state;
      continue;
    }

    const move = policy(state, random);
    const result = applyMove(state, move);
    if (result.violations) {
      // A policy offering an illegal move is a bug: record it and stop rather than loop.
      rec.add({ turn, player, move: recordMove(move), violations: result.violations, stateAfter: view(state), scores: state.scores, events: [] });
      refused = true;
      break;
    }
    const before = state;
    state = result.state;
    const events = eventsOf(before, state, player);
    rec.add({ turn, player, move: recordMove(move), violations: [], stateAfter: view(state), scores: state.scores, events });
    if (state.over || state.current !== player) {
      turn += 1;
      attempted = false;
    }
  }
  return rec.finish({
    over: state.over,
    reason: refused ? 'refused' : !state.over ? 'turn-cap' : state.variant === 'shedding' && state.hands.some((h) => h.length === 0) ? 'won' : 'blocked',
    winners: state.winners,
    scores: state.scores,
    turns: Math.min(turn, options.maxTurns + 1) - 1,
  });
}

function recordMove(move: Parameters<typeof applyMove>[1]): ProgressionMove {
  if (move.move === 'play') return { type: 'play', placements: move.placements.map(({ card, row, col }) => ({ card, row, col })) };
  return { type: move.move };
}

function eventsOf(before: ProgressionState, after: ProgressionState, player: number): ProgressionEvent[] {
  const events: ProgressionEvent[] = [];
  const last = after.log[after.log.length - 1]!;
  if (last.move === 'play') {
    const judged = progression.judgePlay(before.table, last.placements, { reversing: before.reversing });
    const sequences = [judged.across, judged.down].filter((s): s is ScoredSequence => s !== null).map(scoredLine);
    events.push({ kind: 'play', player, cards: last.placements.map((p) => p.card), points: last.points, sequences: after.variant === 'standard' ? sequences : [] });
  } else if (last.move === 'draw') {
    events.push({ kind: 'draw', player, card: last.card, playable: last.playable });
  } else {
    events.push({ kind: 'pass', player });
  }
  if (after.over) events.push({ kind: 'win', winners: after.winners });
  return events;
}

function scoredLine(s: ScoredSequence): ScoredLine {
  return { direction: s.direction, cards: s.cards, type: s.type, points: s.points };
}

/**
 * A hand card on a free cell beside a card it shares no one-step property with, searched in a
 * seeded order; if there is none, a hand card on an occupied cell ("cell-occupied").
 */
export function illegalPlacement(state: ProgressionState, random: Random): Placement {
  const hand = shuffled(state.hands[state.current]!, random);
  const cells = new Map(state.table.map((p) => [cellKey(p.row, p.col), p.card] as const));
  const free = new Map<string, [number, number]>();
  for (const p of state.table) {
    for (const [dr, dc] of NEIGHBOUR_STEPS) {
      const key = cellKey(p.row + dr, p.col + dc);
      if (!cells.has(key)) free.set(key, [p.row + dr, p.col + dc]);
    }
  }
  for (const [row, col] of shuffled([...free.values()], random)) {
    const touching = NEIGHBOUR_STEPS.map(([dr, dc]) => cells.get(cellKey(row + dr, col + dc))).filter((c): c is string => c !== undefined);
    for (const card of hand) {
      if (touching.some((n) => oneStepMask(ticValues(card), ticValues(n)) === 0)) return { card, row, col };
    }
  }
  const taken = state.table[0]!;
  return { card: hand[0]!, row: taken.row, col: taken.col };
}
