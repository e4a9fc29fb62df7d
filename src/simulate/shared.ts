// What every game's simulator shares: resolved options, the policies' random stream, and the
// builder that numbers entries and keeps the record's field order stable.
import { randomInt, seededRandom, type Random } from '../rules/random.js';
import type { Violation } from '../rules/violation.js';
import type { GameRecord, GameResult, PolicyName, RecordConfig, RecordState, SimulatedGame, SimulateOptions, TurnEntry } from './index.js';

export interface Resolved extends SimulateOptions {
  readonly policy: PolicyName;
  readonly illegalEvery: number;
  readonly maxTurns: number;
}

/**
 * The policies' choices come from their own stream: the engines shuffle with the seed itself, and
 * drawing policy choices from the same numbers would tie the players' choices to the deal.
 */
export function policyRandom(seed: number): Random {
  return seededRandom((seed ^ 0x2545f491) >>> 0);
}

/** Turns n, 2n, 3n, ... open with a deliberate illegal attempt. */
export function isIllegalTurn(options: Resolved, turn: number): boolean {
  return options.illegalEvery > 0 && turn % options.illegalEvery === 0;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[randomInt(random, items.length)]!;
}

export interface EntryInput<M, V, E, C> extends RecordState<V, C> {
  readonly turn: number;
  readonly player: number;
  readonly team?: 'G' | 'B' | 'R';
  readonly move: M;
  readonly deliberate?: boolean;
  readonly violations: readonly Violation[];
  readonly events: readonly E[];
}

/** Collects the entries of one game; fields always in the documented order. */
export class RecordBuilder<G extends SimulatedGame, M, V, E, C = undefined> {
  readonly turns: TurnEntry<M, V, E, C>[] = [];
  illegalAttempts = 0;

  constructor(
    private readonly game: G,
    private readonly seed: number,
    private readonly config: RecordConfig,
    private readonly start: RecordState<V, C>,
  ) {}

  add(input: EntryInput<M, V, E, C>): TurnEntry<M, V, E, C> {
    const deliberate = input.deliberate === true;
    if (deliberate) this.illegalAttempts += 1;
    const entry: TurnEntry<M, V, E, C> = {
      index: this.turns.length,
      turn: input.turn,
      player: input.player,
      ...(input.team !== undefined ? { team: input.team } : {}),
      move: input.move,
      legal: input.violations.length === 0,
      deliberate,
      violations: input.violations,
      stateAfter: input.stateAfter,
      scores: input.scores,
      ...(input.chips !== undefined ? { chips: input.chips } : {}),
      events: input.events,
    };
    this.turns.push(entry);
    return entry;
  }

  finish(result: Omit<GameResult, 'entries' | 'illegalAttempts'>): GameRecord<G, M, V, E, C> {
    return {
      format: 'seqref-game-record',
      version: 1,
      game: this.game,
      seed: this.seed,
      config: this.config,
      start: this.start,
      turns: this.turns,
      result: { ...result, entries: this.turns.length, illegalAttempts: this.illegalAttempts },
    };
  }
}

/** Every side with the best score (all who tie). */
export function bestOf(scores: readonly number[]): number[] {
  const best = Math.max(...scores);
  return scores.flatMap((s, i) => (s === best ? [i] : []));
}
