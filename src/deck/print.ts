// Print-and-play: a whole deck as a PDF to print at actual size, nine cards a sheet with crop marks,
// each sheet followed by its backs for double-sided printing. Faces are drawn as vectors by the same
// code the renderer uses, so a printed card is the card the recogniser learnt.
import { PDFDocument } from '@napi-rs/canvas';
import { fullStacksDeck } from '../cards/stacks.js';
import { ticDeck } from '../cards/tic.js';
import { drawBack, drawFace, ensureFont, FONT_FAMILY, type DrawingContext } from './faces.js';
import { STANDARD_DECK, type DeckProfile } from './profile.js';

export const PAPERS = {
  a4: { label: 'A4', widthMm: 210, heightMm: 297 },
  letter: { label: 'US Letter', widthMm: 215.9, heightMm: 279.4 },
} as const;
export type Paper = keyof typeof PAPERS;

export type PrintGame = 'tic' | 'sequence-stacks';

const COLUMNS = 3;
const ROWS = 3;
export const CARDS_PER_SHEET = COLUMNS * ROWS;
const POINTS_PER_MM = 72 / 25.4;
/** Crop marks run outward from the cut lines, starting this far from the cards, this long. */
const MARK_GAP_MM = 1;
const MARK_LENGTH_MM = 4;
const CAPTION_MM = 2.5;

/** Where the cards of one sheet lie, in millimetres from the page's top-left corner. */
export interface SheetLayout {
  readonly pageWidthMm: number;
  readonly pageHeightMm: number;
  /** The top-left corner of the 3 x 3 block of cards; cards touch, so one cut separates two. */
  readonly x0Mm: number;
  readonly y0Mm: number;
  readonly cardWidthMm: number;
  readonly cardHeightMm: number;
}

export function sheetLayout(paper: Paper, profile: DeckProfile = STANDARD_DECK): SheetLayout {
  const page = PAPERS[paper];
  const width = COLUMNS * profile.widthMm;
  const height = ROWS * profile.heightMm;
  return {
    pageWidthMm: page.widthMm,
    pageHeightMm: page.heightMm,
    x0Mm: (page.widthMm - width) / 2,
    y0Mm: (page.heightMm - height) / 2,
    cardWidthMm: profile.widthMm,
    cardHeightMm: profile.heightMm,
  };
}

/** The cards a game's printed deck holds: the 125 TIC cards, or the 120 of Sequence Stacks. */
export function printedCards(game: PrintGame): string[] {
  return game === 'tic' ? ticDeck() : fullStacksDeck();
}

function cropMarks(ctx: DrawingContext, layout: SheetLayout): void {
  const { x0Mm: x0, y0Mm: y0, cardWidthMm: w, cardHeightMm: h } = layout;
  const x1 = x0 + COLUMNS * w;
  const y1 = y0 + ROWS * h;
  ctx.strokeStyle = '#000000';
  ctx.lineWidth = 0.2;
  ctx.beginPath();
  for (let c = 0; c <= COLUMNS; c++) {
    const x = x0 + c * w;
    ctx.moveTo(x, y0 - MARK_GAP_MM);
    ctx.lineTo(x, y0 - MARK_GAP_MM - MARK_LENGTH_MM);
    ctx.moveTo(x, y1 + MARK_GAP_MM);
    ctx.lineTo(x, y1 + MARK_GAP_MM + MARK_LENGTH_MM);
  }
  for (let r = 0; r <= ROWS; r++) {
    const y = y0 + r * h;
    ctx.moveTo(x0 - MARK_GAP_MM, y);
    ctx.lineTo(x0 - MARK_GAP_MM - MARK_LENGTH_MM, y);
    ctx.moveTo(x1 + MARK_GAP_MM, y);
    ctx.lineTo(x1 + MARK_GAP_MM + MARK_LENGTH_MM, y);
  }
  ctx.stroke();
}

/** One line up the left margin, outside the crop marks. */
function caption(ctx: DrawingContext, layout: SheetLayout, text: string): void {
  ctx.save();
  ctx.translate(layout.x0Mm - MARK_GAP_MM - MARK_LENGTH_MM - CAPTION_MM / 2 - 0.5, layout.pageHeightMm / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillStyle = '#555555';
  ctx.font = `${CAPTION_MM}px ${FONT_FAMILY}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 0, 0, ROWS * layout.cardHeightMm);
  ctx.restore();
}

function placed(ctx: DrawingContext, layout: SheetLayout, slot: number, mirrored: boolean, draw: () => void): void {
  const row = Math.floor(slot / COLUMNS);
  const column = slot % COLUMNS;
  // Printed on the other side and turned over the long edge, column c lands on column 2 - c.
  const x = layout.x0Mm + (mirrored ? COLUMNS - 1 - column : column) * layout.cardWidthMm;
  ctx.save();
  ctx.translate(x, layout.y0Mm + row * layout.cardHeightMm);
  draw();
  ctx.restore();
}

/**
 * The deck as a PDF: for each sheet a page of nine faces with crop marks, then a page of their backs
 * placed to fall behind them when printed on both sides (flip on the long edge).
 */
export function deckPdf(game: PrintGame, paper: Paper, profile: DeckProfile = STANDARD_DECK): Buffer {
  ensureFont(); // the captions are in cards.md's font, whatever the deck's
  const layout = sheetLayout(paper, profile);
  const cards = printedCards(game);
  const sheets = Math.ceil(cards.length / CARDS_PER_SHEET);
  const title = game === 'tic' ? 'TIC deck (125 cards)' : 'Sequence Stacks deck (120 cards)';
  const doc = new PDFDocument({ title: `seqref print-and-play: ${title}`, creator: 'seqref print-deck' });
  const page = (): DrawingContext => {
    const ctx = doc.beginPage(layout.pageWidthMm * POINTS_PER_MM, layout.pageHeightMm * POINTS_PER_MM);
    ctx.scale(POINTS_PER_MM, POINTS_PER_MM);
    return ctx;
  };
  for (let sheet = 0; sheet < sheets; sheet++) {
    const onSheet = cards.slice(sheet * CARDS_PER_SHEET, (sheet + 1) * CARDS_PER_SHEET);
    const faces = page();
    onSheet.forEach((card, slot) => placed(faces, layout, slot, false, () => drawFace(faces, card, profile)));
    cropMarks(faces, layout);
    caption(faces, layout, `${title}: sheet ${sheet + 1} of ${sheets}, faces. Print at 100%: a card is ${profile.widthMm} x ${profile.heightMm} mm.`);
    doc.endPage();
    const backs = page();
    onSheet.forEach((_, slot) => placed(backs, layout, slot, true, () => drawBack(backs, profile)));
    caption(backs, layout, `${title}: sheet ${sheet + 1} of ${sheets}, backs (print double-sided, flip on the long edge).`);
    doc.endPage();
  }
  return doc.close();
}
