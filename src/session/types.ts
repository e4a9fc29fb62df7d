// What flows from the sources to the session and from the session to the dashboard. Plain data
// only: the session log (store.ts) holds these as JSON, and a replay of the log rebuilds the state.
import type { Placement } from '../rules/layout.js';
import type { Violation } from '../rules/violation.js';
import type { CalibrationView } from './camera-watch.js';
import type { Thumbnail } from './motion.js';

export type Corners = readonly (readonly [number, number])[];

/** A card a camera source reports in one frame. */
export interface SeenCard extends Placement {
  /** In image pixels, clockwise from the card's top-left (for the dashboard's outlines). */
  readonly corners?: Corners;
}

/** One frame's worth of table, after recognition (or, for "recorded truth", from the fixture). */
export interface TableObservation {
  readonly tMs: number;
  readonly cards: readonly SeenCard[];
  /**
   * Something moves over the table (a hand, a card in flight, a card the reader could not place):
   * the frame shows no settled state, whatever cards it holds.
   */
  readonly busy: boolean;
  /**
   * The cells are the recogniser's own (right up to one shift and quarter turn of the whole
   * grid): the session aligns them with the table it believes before they count.
   */
  readonly relativeCells?: boolean;
  /**
   * The cells are the table's own, found from a space the recogniser saw at this cell (the
   * Sequence Stacks draw pile), right up to a half turn about it: which way the layout faces rests
   * on which way up its cards lie, and a lone card laid the other way round turns it.
   */
  readonly anchor?: readonly [number, number];
  /** Where card faces lay that the reader could not name (image pixels): a card read worse than before keeps its name. */
  readonly unread?: readonly (readonly [number, number])[];
  /** How many of the cards named were named less than surely (DECK_DOUBT.sure). */
  readonly unsure?: number;
  /** The frame small, for telling a hand reaching in over the table (motion.ts). */
  readonly thumbnail?: Thumbnail;
}

/** One view of the electronic Sequence board (from src/bridge). */
export interface BoardObservation {
  readonly tMs: number;
  /** 100 characters, row 0 first. */
  readonly cells: string;
  readonly synced: boolean;
}

export const TABLE_GAMES = ['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks'] as const;
export const SESSION_GAMES = [...TABLE_GAMES, 'sequence'] as const;
export type SessionGame = (typeof SESSION_GAMES)[number];

export function isSessionGame(name: string): name is SessionGame {
  return (SESSION_GAMES as readonly string[]).includes(name);
}

/**
 * The inputs the referee folds, in log order. Everything else (turns, scores, warnings) is
 * computed from these, so the log replays to the same state after a restart.
 */
export type SessionInput =
  /** The table settled into this state (the smoother saw it steadily). */
  | {
      readonly kind: 'settled-table';
      readonly tMs: number;
      readonly cards: readonly Placement[];
      /** The frame edge (0 bottom, 1 top, 2 left, 3 right) the last hand over the table reached in across: whose seat it came from. */
      readonly edge?: number;
      /** The card that lay where it lies now since the first frame, before any hand came (read or not then). */
      readonly dealt?: string;
    }
  /** The board settled into this state; `resync`: the first state after the bridge lost track. */
  | { readonly kind: 'settled-board'; readonly tMs: number; readonly cells: string; readonly resync?: boolean }
  /** The player's turn ends (dashboard button or the board's $K). */
  | { readonly kind: 'end-turn'; readonly by: 'dashboard' | 'button' | 'auto' }
  /** The organiser says the card (board: chip) at this cell is `card` (`reread`: the camera read again a card that lay still). */
  | { readonly kind: 'correct'; readonly row: number; readonly col: number; readonly card: string; readonly reread?: boolean }
  /** Sequence Hunt: the organiser says the claim holding `card` was called by `player` (the camera cannot see who called). */
  | { readonly kind: 'credit'; readonly card: string; readonly player: number }
  | { readonly kind: 'undo' }
  /** The referee split one turn in two: turn `index` (in the turn list) and the one after it are one turn. */
  | { readonly kind: 'merge'; readonly index: number }
  /** Turn `index` (in the turn list) was `player`'s (Sequence Hunt: who called the claim). */
  | { readonly kind: 'assign'; readonly index: number; readonly player: number }
  /** The organiser overrules warning `rule` of turn `index`, for `reason`: it stays shown, dismissed, and no longer counts. */
  | { readonly kind: 'dismiss'; readonly index: number; readonly rule: string; readonly reason: string }
  /** `reason`: why, for the notice (default: the organiser reset it). */
  | { readonly kind: 'reset'; readonly reason?: string };

export type Warning = Violation & {
  /** The rulebook sentence the rule comes from, where one says it. */
  readonly sentence?: string;
  /** The organiser dismissed it, for this reason: shown, but it no longer counts. */
  readonly dismissed?: string;
};

export interface JudgedTurn {
  /** 1, 2, ... */
  readonly number: number;
  /** From 0; Sequence: the team's seat (0 green, 1 blue, 2 red). */
  readonly player: number;
  readonly tMs: number;
  readonly added: readonly Placement[];
  readonly removed: readonly Placement[];
  readonly moved: readonly { readonly card: string; readonly from: readonly [number, number]; readonly to: readonly [number, number] }[];
  readonly legal: boolean;
  readonly points: number;
  readonly warnings: readonly Warning[];
  /** One line for a person: "3-square-red at (0,1)". */
  readonly summary: string;
  /** What kind of entry: a turn, a Hunt claim, a Stacks action (default: a turn). */
  readonly kind?: 'turn' | 'claim' | 'action';
  /** An illegal attempt that was taken back: its warnings stand, the turn did not pass. */
  readonly withdrawn?: boolean;
  /** Every player's (team's) score after this turn. */
  readonly scores: readonly number[];
}

/** How a game ended: who won (several: a shared win; none: nobody) and why, in words. */
export interface GameResult {
  readonly winners: readonly number[];
  readonly reason: string;
}

/** A sequence on the Sequence board, for highlighting. */
export interface BoardSequence {
  readonly team: string;
  readonly cells: readonly (readonly [number, number])[];
}

/** What the dashboard shows of one table (the server's player view: nothing else leaves it). */
export interface TableView {
  readonly id: string;
  readonly name: string;
  readonly game: SessionGame;
  readonly players: number;
  readonly playerNames: readonly string[];
  /** Where the observations come from, in words ("recorded truth: fixtures/dev/...", "camera"). */
  readonly source: string;
  readonly sourceKind: string;
  /** The enrolled deck the table's camera reads cards as (its file's name); null: the deck of cards.md. */
  readonly deck: string | null;
  /** Said where most faces the camera finds go unnamed: the cards may be another printing. */
  readonly deckDoubt: string | null;
  readonly status: 'waiting' | 'live' | 'ended' | 'lost';
  readonly statusText: string;
  /**
   * The settled table the referee believes, with the cells of the last turn marked. Sequence
   * Stacks: every card of every pile it has tracked, bottom to top (a camera sees only the tops).
   */
  readonly table: readonly Placement[];
  readonly lastTurnCells: readonly (readonly [number, number])[];
  readonly board: readonly string[] | null;
  readonly sequences: readonly BoardSequence[];
  readonly scores: readonly number[];
  /** What the scores count ("points", "sequences", "sets", "chips", "cards played"). */
  readonly scoreUnit: string;
  /** A few words under each player's score (Stacks: the chips by colour), where the game has them. */
  readonly scoreNotes: readonly string[];
  /** Lines about the game the referee tracks beyond the table (Hunt: the sets lying on the grid). */
  readonly info: readonly string[];
  readonly current: number;
  readonly turns: readonly JudgedTurn[];
  /**
   * Every warning so far, newest last, each with its turn (`index` in `turns`); `standing` unless
   * its turn was taken back or the organiser dismissed it.
   */
  readonly warnings: readonly (Warning & { readonly turn: number; readonly index: number; readonly player: number; readonly withdrawn?: boolean; readonly standing: boolean })[];
  readonly winner: string | null;
  /** Set once the game has ended by its own rules. */
  readonly result: GameResult | null;
  /** Cards seen in the current frame with outlines (image pixels). */
  readonly seen: readonly SeenCard[];
  readonly frameSize: readonly [number, number] | null;
  readonly busy: boolean;
  readonly notices: readonly string[];
  readonly updatedMs: number;
  /** Changes since the last ended turn (manual turn ends). */
  readonly pending: number;
  readonly turnEnds: 'auto' | 'manual';
  /** The camera's calibration (null: the table has no profile; recognition works on the frame as it is). */
  readonly calibration: CalibrationView | null;
}
