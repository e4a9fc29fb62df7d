// The deck profile: every size, colour and position of the printed cards (cards.md) in one place.
// Another print of the deck means a new profile object, not new drawing code.
import type { Colour } from '../cards/tic.js';

/** [x, y] in millimetres, from the card's own top-left corner (x right, y down). */
export type MmPoint = readonly [number, number];

export interface ShapeGeometry {
  /** Crescent: the removed disc is shifted right by this share of the diameter. */
  readonly crescentShift: number;
  /** Square side as a share of the box. */
  readonly squareSide: number;
  /** Star inner radius as a share of the outer radius. */
  readonly starInner: number;
}

export interface TicProfile {
  /** Pip box side (each pip fits it), centred on the positions below. */
  readonly pipBoxMm: number;
  /** Pip centres by count, relative to the card centre (x right, y down). */
  readonly pipOffsetsMm: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly MmPoint[]>>;
  /** Index numeral height (the digit's ink height; 0: no corner index) and its distance from the top and left edges. */
  readonly indexNumeralMm: number;
  readonly indexInsetMm: number;
  /** The small shape under the index numeral (0: none): its box and the gap above it. */
  readonly indexShapeMm: number;
  readonly indexShapeGapMm: number;
  readonly colours: Readonly<Record<Colour, string>>;
  /** The numerals' ink where it is not the card's colour (black or grey on some printings). */
  readonly numeralInk?: string;
  /** A line round each pip, as on dice-like pips. */
  readonly pipOutline?: { readonly ink: string; readonly widthMm: number };
  /** A large numeral on the face, centred this far from the card centre (numeral-led printings). */
  readonly centreNumeral?: { readonly heightMm: number; readonly offsetMm: MmPoint };
}

export type StacksColour = 'red' | 'blue';
export type StacksSpecial = 'jump' | 'reverse' | 'card-steal' | 'chip-steal' | 'wait';

export interface StacksProfile {
  readonly colours: Readonly<Record<StacksColour, string>>;
  readonly bigNumeralMm: number;
  /** WILD: the word's ink height, shrunk to fit the width below when needed. */
  readonly wildTextMm: number;
  readonly specialFace: string;
  readonly specialInk: string;
  readonly specialTextMm: number;
  /** Centre texts never run wider than this. */
  readonly textMaxWidthMm: number;
  readonly specialLabels: Readonly<Record<StacksSpecial, string>>;
}

export interface BackProfile {
  readonly fill: string;
  readonly pattern: string;
  readonly frame: string;
  readonly frameInsetMm: number;
}

export interface DeckProfile {
  readonly name: string;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly cornerRadiusMm: number;
  readonly paper: string;
  readonly borderMm: number;
  readonly border: string;
  /** The font of every numeral and word (a bold sans-serif in cards.md), and the Debian package holding it. */
  readonly fontFile: string;
  readonly fontPackage: string;
  /** A printed frame inside the card's edge, on some printings. */
  readonly frame?: { readonly ink: string; readonly insetMm: number; readonly widthMm: number };
  readonly shapes: ShapeGeometry;
  readonly tic: TicProfile;
  readonly stacks: StacksProfile;
  /** Card backs are not in cards.md; this is an invented plain back for face-down piles. */
  readonly back: BackProfile;
  /** Thickness of one card, for the peek of piles and the drop shadows. */
  readonly thicknessMm: number;
}

const FOUR: readonly MmPoint[] = [
  [-10, -13],
  [10, -13],
  [-10, 13],
  [10, 13],
];

/** The deck as cards.md describes it. */
export const STANDARD_DECK: DeckProfile = {
  name: 'cards.md (TIC and Stacks, 63 x 88 mm)',
  widthMm: 63,
  heightMm: 88,
  cornerRadiusMm: 3,
  paper: '#F7F5EE',
  borderMm: 0.5,
  border: '#D0CEC6',
  fontFile: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  fontPackage: 'fonts-dejavu-core',
  shapes: { crescentShift: 0.4, squareSide: 0.85, starInner: 0.45 },
  tic: {
    pipBoxMm: 13,
    pipOffsetsMm: {
      1: [[0, 0]],
      2: [
        [0, -13],
        [0, 13],
      ],
      3: [
        [0, -20],
        [0, 0],
        [0, 20],
      ],
      4: FOUR,
      5: [...FOUR, [0, 0]],
    },
    indexNumeralMm: 8,
    indexInsetMm: 4,
    indexShapeMm: 5,
    indexShapeGapMm: 1.5,
    colours: { violet: '#7B3FC4', cyan: '#00A8B5', yellow: '#F5C800', orange: '#F47B20', red: '#D9262B' },
  },
  stacks: {
    colours: { red: '#D9262B', blue: '#1F5FBF' },
    bigNumeralMm: 40,
    wildTextMm: 14,
    specialFace: '#F5C800',
    specialInk: '#111111',
    specialTextMm: 8,
    textMaxWidthMm: 53,
    specialLabels: { jump: 'JUMP', reverse: 'REVERSE', 'card-steal': 'CARD STEAL', 'chip-steal': 'CHIP STEAL', wait: 'WAIT!' },
  },
  back: { fill: '#1E2A4A', pattern: '#2E4170', frame: '#C9B98A', frameInsetMm: 4 },
  thicknessMm: 0.3,
};

export { isStacksCard, STACKS_CARDS } from '../cards/stacks.js';
const STACKS_SPECIAL_NAMES: readonly string[] = ['jump', 'reverse', 'card-steal', 'chip-steal', 'wait'] satisfies StacksSpecial[];

/** What a Stacks card shows: a number, the word WILD, or a special's name. */
export type StacksFace =
  | { readonly kind: 'number'; readonly colour: StacksColour; readonly number: number }
  | { readonly kind: 'wild'; readonly colour: StacksColour }
  | { readonly kind: 'special'; readonly special: StacksSpecial };

export function stacksFace(name: string): StacksFace {
  const number = /^(red|blue)-([1-5])$/.exec(name);
  if (number) return { kind: 'number', colour: number[1] as StacksColour, number: Number(number[2]) };
  const wild = /^(red|blue)-wild$/.exec(name);
  if (wild) return { kind: 'wild', colour: wild[1] as StacksColour };
  if (STACKS_SPECIAL_NAMES.includes(name)) return { kind: 'special', special: name as StacksSpecial };
  throw new RangeError(`unknown Sequence Stacks card "${name}"`);
}
