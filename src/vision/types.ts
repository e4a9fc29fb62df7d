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
  /** The face was cut turned 180 degrees (its own top-left index at the cut's bottom-right). False where the face looks the same either way (TIC circles and squares). */
  readonly upsideDown?: boolean;
  /** The quad was taken across the card (its long side as the short): cut again with the corners turned by one. */
  readonly sideways?: boolean;
  /** The reader's estimate of the share of the face in sight (0..1): low under a hand, a coin, the frame edge. */
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

export interface RecognisedCard extends DetectedCard {
  readonly reading: CardReading;
  /** Grid cell, when the game lays cards in a grid. */
  readonly row: number | null;
  readonly col: number | null;
}

export interface StageTimes {
  readonly detectMs: number;
  readonly readMs: number;
  readonly gridMs: number;
}

export interface Recognition {
  readonly width: number;
  readonly height: number;
  readonly cards: readonly RecognisedCard[];
  /**
   * Sequence Stacks: the face-down draw pile, where it was found (portrait order, frame pixels).
   * The cards' cells are then the game's own spaces (the pile at row 0, col 2), not relative.
   */
  readonly drawPile?: Quad;
  readonly times: StageTimes;
}
