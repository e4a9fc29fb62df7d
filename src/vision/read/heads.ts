// The card reader network's one output row, cut into heads: what each slice means is shared by the
// reader, the trainer and the tests, so it lives here once.
import { STACKS_CARDS } from '../../cards/stacks.js';

export interface Head {
  readonly name: string;
  readonly start: number;
  readonly size: number;
  /** softmax over the slice, or one sigmoid. */
  readonly kind: 'softmax' | 'sigmoid';
}

const sizes: Array<[string, number, Head['kind']]> = [
  ['number', 5, 'softmax'],
  ['shape', 5, 'softmax'],
  ['colour', 5, 'softmax'],
  ['stacks', STACKS_CARDS.length, 'softmax'],
  // As cut: upright, turned 180 degrees, turned 90 either way (the quad's long side taken as its short).
  ['orient', 3, 'softmax'],
  // A card face under the quad at all (not the table, a card back, a phone, half of two cards).
  ['card', 1, 'sigmoid'],
  // Share of the face in sight (not under a hand, a coin, a phone, out of the frame).
  ['visible', 1, 'sigmoid'],
  // The corner indices alone (numeral; small shape on TIC cards): a second reading of number and
  // shape, independent of the pips, that still works where glare or a hand hides the middle.
  ['indexNumber', 5, 'softmax'],
  ['indexShape', 5, 'softmax'],
];

export type HeadName = 'number' | 'shape' | 'colour' | 'stacks' | 'orient' | 'card' | 'visible' | 'indexNumber' | 'indexShape';

export const HEADS: Readonly<Record<HeadName, Head>> = (() => {
  let start = 0;
  const heads: Record<string, Head> = {};
  for (const [name, size, kind] of sizes) {
    heads[name] = { name, start, size, kind };
    start += size;
  }
  return heads as Record<HeadName, Head>;
})();

export const OUTPUTS = sizes.reduce((n, [, size]) => n + size, 0);
/** The index reader's heads come last in the row. */
export const INDEX_OUTPUTS = HEADS.indexNumber.size + HEADS.indexShape.size;

export const ORIENT_UP = 0;
export const ORIENT_TURNED = 1;
export const ORIENT_SIDEWAYS = 2;
