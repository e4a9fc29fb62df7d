// What the recogniser's stages hand each other: detect -> rectify -> read -> settle -> grid.
import type { Quad } from './image.js';

/** A property read with how sure the reader is; `value` is null where it cannot be read. */
export interface PropertyRead<T> {
  readonly value: T | null;
  readonly confidence: number;
}

/** What one rectified card face says. */
export interface CardReading {
  /** `unknown` where the face cannot be read (hidden, blurred, not a card). */
  readonly deck: 'tic' | 'stacks' | 'unknown';
  /** A contract card name, or null: never a guess below the reader's threshold. */
  readonly card: string | null;
  readonly confidence: number;
  /** TIC only. */
  readonly number?: PropertyRead<number>;
  readonly shape?: PropertyRead<string>;
  readonly colour?: PropertyRead<string>;
  /** TIC only: a probability for each of the 125 cards in ticDeck() order, for settling a table jointly. */
  readonly ticProbabilities?: Float32Array;
  /** The face was cut turned 180 degrees; false where it looks the same either way (TIC circles, squares). */
  readonly upsideDown?: boolean;
  /** The quad was taken across the card: cut again with the corners turned by one. */
  readonly sideways?: boolean;
  /** Share of the face in sight (0..1): low under a hand, a coin or the frame edge. */
  readonly visible?: number;
}

/** A card found in a frame, before and after it is read. */
export interface DetectedCard {
  /** Clockwise from the card's own top-left where the reader could tell which end is up. */
  readonly corners: Quad;
  readonly centre: readonly [number, number];
  /** True where part of the card is out of the frame or covered. */
  readonly partial: boolean;
}

/** A detected card with its reading and grid cell. */
export interface RecognisedCard extends DetectedCard {
  readonly reading: CardReading;
  /** Grid cell, when the game lays cards in a grid. */
  readonly row: number | null;
  readonly col: number | null;
}

/** Milliseconds spent in each stage of one frame. */
export interface StageTimes {
  readonly detectMs: number;
  readonly readMs: number;
  readonly gridMs: number;
}

/** Everything the recogniser found in one frame. */
export interface Recognition {
  readonly width: number;
  readonly height: number;
  readonly cards: readonly RecognisedCard[];
  /** Sequence Stacks: the face-down draw pile in frame pixels; cells are then the game's own spaces. */
  readonly drawPile?: Quad;
  readonly times: StageTimes;
}
