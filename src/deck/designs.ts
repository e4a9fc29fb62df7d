// Other printings of the TIC deck, for the renderer to photograph: what decks printed by others look
// like (sizes, numeral-only and pips-only faces, pip layouts, inks, papers, frames, corners). The
// recogniser is developed on some of them; the held-out ones are kept out of all development and
// only ever scored, as a player's own deck would be.
import { InputError } from '../errors.js';
import { STANDARD_DECK, type DeckProfile, type MmPoint, type TicProfile } from './profile.js';

export interface DeckDesign {
  readonly name: string;
  /** What it looks like, in a few words. */
  readonly looks: string;
  /** Kept out of development: only the final figures use it. */
  readonly heldOut: boolean;
  readonly profile: DeckProfile;
}

type PipLayout = TicProfile['pipOffsetsMm'];

/** A die's faces: 2 and 3 on the diagonal, 4 on the corners, 5 the corners and the centre. */
function dieLayout(dx: number, dy: number): PipLayout {
  const corners: MmPoint[] = [[-dx, -dy], [dx, -dy], [-dx, dy], [dx, dy]];
  return { 1: [[0, 0]], 2: [[-dx, -dy], [dx, dy]], 3: [[-dx, -dy], [0, 0], [dx, dy]], 4: corners, 5: [...corners, [0, 0]] };
}

/** Pips in rows of at most three, `pitch` apart: 4 is two rows of two, 5 three over two. */
function rowsLayout(pitch: number): PipLayout {
  const row = (n: number, y: number): MmPoint[] => Array.from({ length: n }, (_, i) => [(i - (n - 1) / 2) * pitch, y] as MmPoint);
  const half = pitch / 2;
  return { 1: row(1, 0), 2: row(2, 0), 3: row(3, 0), 4: [...row(2, -half), ...row(2, half)], 5: [...row(3, -half), ...row(2, half)] };
}

/** One shape whatever the number: the numeral alone tells it. */
function oneShape(y: number): PipLayout {
  return { 1: [[0, y]], 2: [[0, y]], 3: [[0, y]], 4: [[0, y]], 5: [[0, y]] };
}

const DEJAVU = 'fonts-dejavu-core';
const LIBERATION = 'fonts-liberation';
const font = (file: string): string => `/usr/share/fonts/truetype/${file}`;

function design(name: string, looks: string, heldOut: boolean, deck: Partial<Omit<DeckProfile, 'tic'>>, tic: Partial<TicProfile>): DeckDesign {
  return { name, looks, heldOut, profile: { ...STANDARD_DECK, ...deck, name, tic: { ...STANDARD_DECK.tic, ...tic } } };
}

export const DECK_DESIGNS: readonly DeckDesign[] = [
  design(
    'bridge-serif-dice',
    'bridge size, white paper, grey serif numerals, outlined pips on a die\'s layout, deeper hues',
    false,
    { widthMm: 57, heightMm: 89, paper: '#FFFFFF', border: '#DADADA', borderMm: 0.3, fontFile: font('dejavu/DejaVuSerif-Bold.ttf'), fontPackage: DEJAVU },
    {
      pipBoxMm: 12,
      pipOffsetsMm: dieLayout(12, 15),
      pipOutline: { ink: '#333333', widthMm: 0.5 },
      numeralInk: '#5A5A5A',
      indexNumeralMm: 7,
      indexShapeMm: 0,
      colours: { violet: '#6C3483', cyan: '#1F9FD0', yellow: '#E8B90C', orange: '#E5691C', red: '#B71C1C' },
    },
  ),
  design(
    'poker-large-shape',
    'poker size, cream paper, one large shape, the number as a corner numeral only',
    false,
    { paper: '#F4ECD8', border: '#CFC4A8', cornerRadiusMm: 4, fontFile: font('liberation/LiberationSans-Bold.ttf'), fontPackage: LIBERATION },
    { pipBoxMm: 30, pipOffsetsMm: oneShape(0), indexNumeralMm: 10, indexShapeMm: 0, colours: { violet: '#8E44AD', cyan: '#00B4CC', yellow: '#F2C500', orange: '#F08A24', red: '#E03A3E' } },
  ),
  design(
    'square-rows-frame',
    'poker size, square corners, white paper, black frame and numerals, pips in rows',
    false,
    { paper: '#FFFFFF', border: '#FFFFFF', cornerRadiusMm: 0, frame: { ink: '#111111', insetMm: 2.5, widthMm: 0.8 } },
    { pipBoxMm: 11, pipOffsetsMm: rowsLayout(15), numeralInk: '#111111', indexInsetMm: 5, colours: { violet: '#7D3C98', cyan: '#17A589', yellow: '#F4D03F', orange: '#E67E22', red: '#C0392B' } },
  ),
  design(
    'cream-pips-only',
    'poker size, cream paper, grey frame, large pips on a die\'s layout, no numerals at all',
    false,
    { paper: '#F6EFDC', border: '#D6CCB2', frame: { ink: '#8A8A8A', insetMm: 3, widthMm: 0.6 } },
    { pipBoxMm: 15, pipOffsetsMm: dieLayout(13, 20), indexNumeralMm: 0, colours: { violet: '#7B4FB8', cyan: '#2BB3C0', yellow: '#F7C948', orange: '#F5873B', red: '#D64045' } },
  ),
  design(
    'bridge-numeral-centre',
    'bridge size, white paper, a large serif numeral over one shape, black corner numerals',
    true,
    { widthMm: 57, heightMm: 89, paper: '#FFFFFF', border: '#D8D8D8', cornerRadiusMm: 2.5, fontFile: font('liberation/LiberationSerif-Bold.ttf'), fontPackage: LIBERATION },
    {
      pipBoxMm: 18,
      pipOffsetsMm: oneShape(16),
      centreNumeral: { heightMm: 24, offsetMm: [0, -14] },
      numeralInk: '#1A1A1A',
      indexNumeralMm: 6,
      indexShapeMm: 0,
      colours: { violet: '#5B2C83', cyan: '#0091AD', yellow: '#EDB200', orange: '#EF6C00', red: '#C62828' },
    },
  ),
  design(
    'poker-mono-rows',
    'poker size, warm cream paper, frame in navy, monospaced numerals, outlined pips in rows',
    true,
    { paper: '#FBF3E0', border: '#DDD2B8', cornerRadiusMm: 3.5, frame: { ink: '#23395B', insetMm: 3.5, widthMm: 1 }, fontFile: font('dejavu/DejaVuSansMono-Bold.ttf'), fontPackage: DEJAVU },
    {
      pipBoxMm: 12,
      pipOffsetsMm: rowsLayout(16),
      pipOutline: { ink: '#23395B', widthMm: 0.4 },
      indexInsetMm: 6,
      indexShapeMm: 4,
      colours: { violet: '#9B59B6', cyan: '#3AAFD6', yellow: '#FFCF33', orange: '#FF8F2E', red: '#E74C3C' },
    },
  ),
];

/** A design by name, or one line listing the names. */
export function deckDesign(name: string): DeckDesign {
  const found = DECK_DESIGNS.find((d) => d.name === name);
  if (!found) throw new InputError(`unknown deck design "${name}"; the designs are ${DECK_DESIGNS.map((d) => d.name).join(', ')}`);
  return found;
}
