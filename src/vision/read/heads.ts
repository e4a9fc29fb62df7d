// The card reader network's output row, cut into heads; shared by the reader, the trainer and the tests.
import { STACKS_CARDS } from '../../cards/stacks.js';

/** One head: a named slice of the output row. */
export interface Head {
  readonly name: string;
  readonly start: number;
  readonly size: number;
  /** Softmax over the slice, or one sigmoid. */
  readonly kind: 'softmax' | 'sigmoid';
}

const sizes: Array<[string, number, Head['kind']]> = [
  ['number', 5, 'softmax'],
  ['shape', 5, 'softmax'],
  ['colour', 5, 'softmax'],
  ['stacks', STACKS_CARDS.length, 'softmax'],
  // As cut: upright, turned 180 degrees, or turned 90 either way.
  ['orient', 3, 'softmax'],
  // Whether a card face is under the quad at all.
  ['card', 1, 'sigmoid'],
  // Share of the face in sight.
  ['visible', 1, 'sigmoid'],
  // The corner indices alone: a second reading of number and shape that works when the middle is hidden.
  ['indexNumber', 5, 'softmax'],
  ['indexShape', 5, 'softmax'],
];

/** The heads' names. */
export type HeadName = 'number' | 'shape' | 'colour' | 'stacks' | 'orient' | 'card' | 'visible' | 'indexNumber' | 'indexShape';

/** Each head's slice of the output row. */
export const HEADS: Readonly<Record<HeadName, Head>> = (() => {
  let start = 0;
  const heads: Record<string, Head> = {};
  for (const [name, size, kind] of sizes) {
    heads[name] = { name, start, size, kind };
    start += size;
  }
  return heads as Record<HeadName, Head>;
})();

/** The length of the output row. */
export const OUTPUTS = sizes.reduce((n, [, size]) => n + size, 0);
/** The index reader's heads come last in the row. */
export const INDEX_OUTPUTS = HEADS.indexNumber.size + HEADS.indexShape.size;

/** The orient head's classes. */
export const ORIENT_UP = 0;
export const ORIENT_TURNED = 1;
export const ORIENT_SIDEWAYS = 2;
