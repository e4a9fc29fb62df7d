// Seeded random games of all five games, played through the engines by simple policies: for
// tests (1,000 games each, invariants), the fixture renderer (whole games, frame by frame) and
// later the session/dashboard replay. The simulator owns turn order and policies; every rule is
// the engine's.
//
// simulate(game, { seed, players?, variant?, policy?, illegalEvery?, maxTurns?, options? })
// returns a GameRecord: plain JSON (JSON.parse(JSON.stringify(r)) equals r), the same for the
// same seed and config on any machine (no clock, no Math.random).
//
// ---- The game record, format "seqref-game-record", version 1 --------------------------------
//
// {
//   format: "seqref-game-record", version: 1,
//   game: "progression" | "sequence-shift" | "sequence-hunt" | "sequence-stacks" | "sequence",
//   seed: number,            one seed for the deal and every policy choice
//   config: {
//     players: number,       seats at the table
//     policy: "random" | "greedy",
//     variant: string,       the game's variant (Progression standard|shedding, Shift
//                            standard|simple|open-table, Hunt race|for-points, Stacks and
//                            Sequence "standard")
//     illegalEvery: number,  0: never; n: every n-th turn opens with a deliberate illegal attempt
//     maxTurns: number,      the turn cap: a game still going after this many turns stops
//                            with result.reason "turn-cap"
//     options: {...},        the game's extras with their defaults filled in (see SimOptions)
//     sides: "players" | "teams",   what scores, chips and winners count: players from 0, or
//                            (Sequence) teams 0 green, 1 blue, 2 red
//     scores: "points" | "cards-in-hand" | "sets" | "set-points" | "chips" | "sequences"
//   },
//   start: { stateAfter, scores, chips? },   the table as dealt, before the first action
//   turns: [ {               one entry per action; one player's turn may take several: a draw
//                            then a play (Progression), each card used (Stacks), the calls
//                            after a card is turned (Hunt), a deliberate illegal attempt first
//     index: number,         0, 1, 2, ... (position in `turns`)
//     turn: number,          the game turn it belongs to, from 1 (Hunt: the card turned)
//     player: number,        who acted, from 0 (Sequence: the seat; `team` names its team)
//     team?: "G" | "B" | "R",
//     move: { type, ... },   the game's move (each game's file lists its move types)
//     legal: boolean,        violations.length === 0
//     deliberate: boolean,   an illegal attempt made on purpose (illegalEvery); every other
//                            entry of a correct simulation is legal
//     violations: [ { rule, message, cards } ],   the engine's verdict
//     stateAfter: {...},     what a camera over the table sees after the action:
//        Progression  { layout: [{card,row,col}], deck, hands }      (deck, hands: card counts)
//        Shift        { layout: [{card,row,col}], drawPile, hands, opened: boolean[] }
//        Hunt         { layout: [{card,row,col}], stacks, sets: [[{type,size,cards}]] }
//                     (the face-up grid in a 10-wide grid, new cards in the first free cell;
//                     each player's collected sets, face up in front of them)
//        Stacks       the sequence-stacks table notation (contracts, "sequence-stacks / table"):
//                     { players, piles, discards, chips, hands (counts), drawPile (a count),
//                       setAside, box, direction }
//        Sequence     { board: 10 strings of 10 (contracts section 1), deck, hands,
//                       discards: top card of each seat's pile or null }
//     scores: number[],      per side after the action (config.scores says what they count)
//     chips?: ...,           Stacks: [{red, blue}] per player; Sequence: chips on the board per team
//     events: [ { kind, ... } ]   what happened: plays and points, completions, claims,
//                            penalties, draws, undone turns, wins (each game's file lists them)
//   } ],
//   result: {
//     over: boolean,         false when the game was stopped before its end
//     reason: "won" | "blocked" | "turn-cap" | "refused",
//                            blocked: the game ended by its own rule with nothing left to play
//                            (Progression and For Points always end this way); refused: the
//                            engine refused a move a policy chose (a simulator or engine bug,
//                            shown by the last entry), and the game stopped there
//     winners: number[],     sides (players, or Sequence teams); [] for a game nobody won
//     scores: number[],
//     turns: number,         game turns played
//     entries: number,       turns.length
//     illegalAttempts: number
//   }
// }
import { InputError } from '../errors.js';
import type { Placement } from '../rules/layout.js';
import type { Violation } from '../rules/violation.js';
import { simulateProgression, type ProgressionEvent, type ProgressionMove, type ProgressionView } from './progression.js';
import { simulateShift, type ShiftEvent, type ShiftMove, type ShiftView } from './sequence-shift.js';
import { simulateHunt, type HuntEvent, type HuntMove, type HuntView } from './sequence-hunt.js';
import { simulateStacks, type StacksEvent, type StacksView } from './sequence-stacks.js';
import { simulateSequence, type SequenceEvent, type SequenceMoveRecord, type SequenceView } from './sequence.js';
import type { StacksAction, Chips } from '../rules/sequence-stacks/index.js';

export const SIMULATED_GAMES = ['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks', 'sequence'] as const;
export type SimulatedGame = (typeof SIMULATED_GAMES)[number];

export const POLICIES = ['random', 'greedy'] as const;
export type PolicyName = (typeof POLICIES)[number];

export const RECORD_FORMAT = 'seqref-game-record';
export const RECORD_VERSION = 1;

/** Extras some games read; the others ignore them. */
export interface SimOptions {
  /** Progression Variation 2: properties may turn back at 1 and 5 (default false). */
  readonly reversing?: boolean;
  /** Progression: play with this many cards of the shuffled deck (default 125). */
  readonly deckSize?: number;
  /** Hunt: the Competitive Rule, an incorrect call costs the caller their largest set (default false, as the engine). */
  readonly penalty?: boolean;
  /** Sequence: 2 or 3 teams (default by the number of players, as the engine chooses). */
  readonly teams?: 2 | 3;
  /** Sequence house rule: nine in a row counts twice (default false). */
  readonly nineCountsTwice?: boolean;
  /**
   * Shift, greedy policy: search each turn with the solver under this node limit (deterministic)
   * instead of the greedy step placement. Slower; 0 (default) keeps the step placement.
   */
  readonly solverNodes?: number;
}

export interface SimulateOptions {
  readonly seed: number;
  /** Default: 2 (Sequence: 2). */
  readonly players?: number;
  readonly variant?: string;
  /** Default 'random'. */
  readonly policy?: PolicyName;
  /** Every n-th turn (n, 2n, ...) opens with a deliberate illegal attempt; 0 or absent: never. */
  readonly illegalEvery?: number;
  /** The turn cap (defaults per game, see DEFAULT_MAX_TURNS). */
  readonly maxTurns?: number;
  readonly options?: SimOptions;
}

/**
 * Turn caps. Every game ends by its own rules well before these (Progression and Hunt run out of
 * cards, Shift blocks once nobody can play or draw); they bound the rare Stacks or Sequence game
 * that wanders (random players who never finish a sequence).
 */
export const DEFAULT_MAX_TURNS: Readonly<Record<SimulatedGame, number>> = {
  progression: 500,
  'sequence-shift': 1000,
  'sequence-hunt': 500,
  'sequence-stacks': 1000,
  sequence: 1000,
};

export type ScoreKind = 'points' | 'cards-in-hand' | 'sets' | 'set-points' | 'chips' | 'sequences';

export interface RecordConfig {
  readonly players: number;
  readonly policy: PolicyName;
  readonly variant: string;
  readonly illegalEvery: number;
  readonly maxTurns: number;
  readonly options: SimOptions;
  readonly sides: 'players' | 'teams';
  readonly scores: ScoreKind;
}

export interface RecordState<V, C> {
  readonly stateAfter: V;
  readonly scores: readonly number[];
  readonly chips?: C;
}

export interface TurnEntry<M, V, E, C = undefined> extends RecordState<V, C> {
  readonly index: number;
  readonly turn: number;
  readonly player: number;
  readonly team?: 'G' | 'B' | 'R';
  readonly move: M;
  readonly legal: boolean;
  readonly deliberate: boolean;
  readonly violations: readonly Violation[];
  readonly events: readonly E[];
}

export interface GameResult {
  readonly over: boolean;
  readonly reason: 'won' | 'blocked' | 'turn-cap' | 'refused';
  readonly winners: readonly number[];
  readonly scores: readonly number[];
  readonly turns: number;
  readonly entries: number;
  readonly illegalAttempts: number;
}

export interface GameRecord<G extends SimulatedGame, M, V, E, C = undefined> {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly game: G;
  readonly seed: number;
  readonly config: RecordConfig;
  readonly start: RecordState<V, C>;
  readonly turns: readonly TurnEntry<M, V, E, C>[];
  readonly result: GameResult;
}

export type ProgressionRecord = GameRecord<'progression', ProgressionMove, ProgressionView, ProgressionEvent>;
export type ShiftRecord = GameRecord<'sequence-shift', ShiftMove, ShiftView, ShiftEvent>;
export type HuntRecord = GameRecord<'sequence-hunt', HuntMove, HuntView, HuntEvent>;
export type StacksRecord = GameRecord<'sequence-stacks', StacksAction, StacksView, StacksEvent, readonly Chips[]>;
export type SequenceRecord = GameRecord<'sequence', SequenceMoveRecord, SequenceView, SequenceEvent, readonly number[]>;
export type AnyGameRecord = ProgressionRecord | ShiftRecord | HuntRecord | StacksRecord | SequenceRecord;

export type { ProgressionEvent, ProgressionMove, ProgressionView, ShiftEvent, ShiftMove, ShiftView, HuntEvent, HuntMove, HuntView, StacksEvent, StacksView };
export type { SequenceEvent, SequenceMoveRecord, SequenceView, Placement };

export function isSimulatedGame(name: string): name is SimulatedGame {
  return (SIMULATED_GAMES as readonly string[]).includes(name);
}

export function simulate(game: 'progression', options: SimulateOptions): ProgressionRecord;
export function simulate(game: 'sequence-shift', options: SimulateOptions): ShiftRecord;
export function simulate(game: 'sequence-hunt', options: SimulateOptions): HuntRecord;
export function simulate(game: 'sequence-stacks', options: SimulateOptions): StacksRecord;
export function simulate(game: 'sequence', options: SimulateOptions): SequenceRecord;
export function simulate(game: SimulatedGame, options: SimulateOptions): AnyGameRecord;
/** One seeded game, start to end (or to the turn cap); throws InputError on options it cannot use. */
export function simulate(game: SimulatedGame, options: SimulateOptions): AnyGameRecord {
  const seed = options.seed;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new InputError(`seed must be a whole number from 0 to 4294967295, got ${seed}`);
  const policy = options.policy ?? 'random';
  if (!(POLICIES as readonly string[]).includes(policy)) throw new InputError(`policy must be random or greedy, got "${String(policy)}"`);
  const illegalEvery = options.illegalEvery ?? 0;
  if (!Number.isInteger(illegalEvery) || illegalEvery < 0) throw new InputError(`illegalEvery must be a whole number (0 for never), got ${illegalEvery}`);
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS[game];
  if (!Number.isInteger(maxTurns) || maxTurns < 1) throw new InputError(`maxTurns must be a whole number from 1, got ${maxTurns}`);
  const resolved = { ...options, policy, illegalEvery, maxTurns };
  switch (game) {
    case 'progression':
      return simulateProgression(resolved);
    case 'sequence-shift':
      return simulateShift(resolved);
    case 'sequence-hunt':
      return simulateHunt(resolved);
    case 'sequence-stacks':
      return simulateStacks(resolved);
    case 'sequence':
      return simulateSequence(resolved);
    default:
      throw new InputError(`unknown game "${String(game)}" (${SIMULATED_GAMES.join(', ')})`);
  }
}
