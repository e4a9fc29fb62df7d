// An enrolled deck (contracts section 6): `seqref enrol` writes it, `--deck DECK.json` reads it. One
// self-contained JSON file: the printing's size, paper and inks as learnt, the 125 faces as
// photographed, and the card reader trained for it.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { COLOURS, type Colour } from '../cards/tic.js';
import { InputError } from '../errors.js';
import type { RgbaImage } from '../vision/image.js';
import type { SavedModelJson } from '../vision/read/model.js';
import { RECTIFIED } from '../vision/rectify.js';
import { STANDARD_DECK, type DeckProfile } from './profile.js';

export const DECK_FORMAT = 'seqref-deck';
export const DECK_VERSION = 1;

export interface DeckFile {
  readonly format: typeof DECK_FORMAT;
  readonly version: typeof DECK_VERSION;
  readonly game: 'tic';
  readonly name: string;
  /** The nearest common size to the cards' shape in the photos; `aspect` is that shape, measured. */
  readonly card: { readonly widthMm: number; readonly heightMm: number; readonly size: string; readonly aspect: number };
  /** sRGB hex, as the enrolment photos showed them. */
  readonly paper: string;
  readonly colours: Readonly<Record<Colour, string>>;
  /** The 125 faces as photographed, cut upright: one PNG, 25 faces a row in ticDeck() order. */
  readonly faces: { readonly width: number; readonly height: number; readonly sprite: string };
  /**
   * The card reader trained for this deck: model.json's object and weights.bin's bytes in base64;
   * and how much the faces' pip shapes weigh beside it (enrolled-faces.ts; 0 or none: not at all).
   */
  readonly reader: { readonly model: SavedModelJson; readonly weights: string; readonly pipWeight?: number };
  /** How enrolment went: the photos, what it named, how well held-back photographs were read. */
  readonly enrolment: Readonly<Record<string, unknown>>;
}

/** A deck file read, with its reader's two files as the card reader takes them. */
export interface LoadedDeck {
  readonly file: DeckFile;
  readonly reader: { readonly json: SavedModelJson; readonly weights: Uint8Array };
}

/** The 125 faces cut from the sprite at the card reader's size, in ticDeck() order; null where none was photographed. */
export async function deckFaces(file: Pick<DeckFile, 'faces'>): Promise<(RgbaImage | null)[]> {
  const { width, height, sprite } = file.faces;
  const source = sharp(Buffer.from(sprite, 'base64')).ensureAlpha();
  const { data, info } = await source.raw().toBuffer({ resolveWithObject: true });
  const faces: (RgbaImage | null)[] = [];
  for (let k = 0; k < 125; k++) {
    const left = (k % 25) * width;
    const top = Math.floor(k / 25) * height;
    // A face not photographed is left transparent in the sprite.
    if (data[(top + (height >> 1)) * info.width * 4 + (left + (width >> 1)) * 4 + 3] === 0) {
      faces.push(null);
      continue;
    }
    const cut = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .extract({ left, top, width, height })
      .resize(RECTIFIED.width, RECTIFIED.height, { fit: 'fill' })
      .raw()
      .toBuffer();
    faces.push({ width: RECTIFIED.width, height: RECTIFIED.height, data: new Uint8Array(cut.buffer, cut.byteOffset, cut.length) });
  }
  return faces;
}

/** The profile an enrolled deck stands for: cards.md's drawing rules with the learnt size, paper and inks. */
export function deckProfile(file: Pick<DeckFile, 'name' | 'card' | 'paper' | 'colours'>): DeckProfile {
  return {
    ...STANDARD_DECK,
    name: file.name,
    widthMm: file.card.widthMm,
    heightMm: file.card.heightMm,
    paper: file.paper,
    tic: { ...STANDARD_DECK.tic, colours: file.colours },
  };
}

const isHex = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);

/** Reads DECK.json; anything else is one line naming what is wrong. */
export function readDeckFile(path: string): LoadedDeck {
  let file: DeckFile;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as DeckFile;
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError(`--deck ${path}: cannot read it (${why})`);
  }
  const wrong = (what: string): InputError => new InputError(`--deck ${path}: not a deck seqref enrol wrote (${what})`);
  if (typeof file !== 'object' || file === null || file.format !== DECK_FORMAT) throw wrong('no "format": "seqref-deck"');
  if (file.version !== DECK_VERSION) throw wrong(`version ${String(file.version)}, this seqref reads ${DECK_VERSION}`);
  const { widthMm, heightMm } = file.card ?? {};
  if (!(typeof widthMm === 'number' && widthMm > 20 && widthMm < 200 && typeof heightMm === 'number' && heightMm > 20 && heightMm < 200)) throw wrong('no card size');
  if (!isHex(file.paper) || !COLOURS.every((c) => isHex(file.colours?.[c]))) throw wrong('no paper or inks');
  if (typeof file.reader?.weights !== 'string' || typeof file.reader.model !== 'object') throw wrong('no card reader');
  return { file, reader: { json: file.reader.model, weights: new Uint8Array(Buffer.from(file.reader.weights, 'base64')) } };
}

/** What the recogniser takes to read with a deck: its reader, and its faces' pips where enrolment found them worth weighing. */
export async function deckReading(deck: LoadedDeck): Promise<{ model: LoadedDeck['reader']; pips?: { faces: (RgbaImage | null)[]; weight: number } }> {
  const weight = deck.file.reader.pipWeight ?? 0;
  return weight > 0 ? { model: deck.reader, pips: { faces: await deckFaces(deck.file), weight } } : { model: deck.reader };
}
