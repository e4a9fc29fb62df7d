// Card faces drawn as vectors in millimetres (cards.md), so one drawing serves any resolution:
// the table texture draws them straight under its own transform; faceCanvas() rasterises one.
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts, type Canvas, type PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';
import { isTicCard, ticCard, type Shape } from '../cards/tic.js';
import { isStacksCard, stacksFace, STANDARD_DECK, type DeckProfile, type MmPoint } from './profile.js';

/** What drawing a card needs: a canvas's context or a PDF page's (which lacks images and patterns). */
export type DrawingContext = ReturnType<PDFDocument['beginPage']>;

/** The family cards.md's font is registered as (other decks' fonts get families of their own). */
export const FONT_FAMILY = 'SeqrefSansBold';
const families = new Map<string, string>();

/** Registers the profile's font once and returns its family; a machine without it gets one line naming the package. */
export function ensureFont(profile: DeckProfile = STANDARD_DECK): string {
  const known = families.get(profile.fontFile);
  if (known) return known;
  const family = profile.fontFile === STANDARD_DECK.fontFile ? FONT_FAMILY : `SeqrefDeckFont${families.size}`;
  if (!existsSync(profile.fontFile) || !GlobalFonts.registerFromPath(profile.fontFile, family)) {
    throw new Error(`card font ${profile.fontFile} is missing (Debian/Ubuntu: apt-get install ${profile.fontPackage})`);
  }
  families.set(profile.fontFile, family);
  return family;
}

export type CardKind = 'tic' | 'stacks';

export function cardKind(name: string): CardKind | null {
  if (isTicCard(name)) return 'tic';
  if (isStacksCard(name)) return 'stacks';
  return null;
}

export function roundedRect(ctx: DrawingContext, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.arcTo(x + w, y, x + w, y + r, r);
  ctx.lineTo(x + w, y + h - r);
  ctx.arcTo(x + w, y + h, x + w - r, y + h, r);
  ctx.lineTo(x + r, y + h);
  ctx.arcTo(x, y + h, x, y + h - r, r);
  ctx.lineTo(x, y + r);
  ctx.arcTo(x, y, x + r, y, r);
  ctx.closePath();
}

/** One solid shape fitting a box of side `box` centred on (cx, cy), as cards.md draws it. */
export function drawShape(ctx: DrawingContext, shape: Shape, cx: number, cy: number, box: number, profile: DeckProfile = STANDARD_DECK): void {
  const r = box / 2;
  ctx.beginPath();
  switch (shape) {
    case 'circle':
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      break;
    case 'crescent': {
      // The disc less an equal disc shifted right: the outer arc round the left, the inner arc back.
      const shift = profile.shapes.crescentShift * box;
      const half = shift / 2;
      const a = Math.acos(half / r);
      const b = Math.PI - a;
      ctx.arc(cx, cy, r, -a, a, true);
      ctx.arc(cx + shift, cy, r, b, -b, false);
      break;
    }
    case 'triangle': {
      const h = (box * Math.sqrt(3)) / 2;
      ctx.moveTo(cx, cy - h / 2);
      ctx.lineTo(cx + r, cy + h / 2);
      ctx.lineTo(cx - r, cy + h / 2);
      break;
    }
    case 'square': {
      const s = profile.shapes.squareSide * box;
      ctx.rect(cx - s / 2, cy - s / 2, s, s);
      break;
    }
    case 'star': {
      const outer = box / (2 * Math.sin((2 * Math.PI) / 5));
      const inner = outer * profile.shapes.starInner;
      // Centre the star's bounding box (it reaches further up than down).
      const y0 = cy + (outer - outer * Math.cos(Math.PI / 5)) / 2;
      for (let i = 0; i < 10; i++) {
        const radius = i % 2 === 0 ? outer : inner;
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        const x = cx + radius * Math.cos(angle);
        const y = y0 + radius * Math.sin(angle);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      break;
    }
  }
  ctx.closePath();
  ctx.fill();
  const outline = profile.tic.pipOutline;
  if (outline) {
    ctx.strokeStyle = outline.ink;
    ctx.lineWidth = outline.widthMm;
    ctx.stroke();
  }
}

interface InkMetrics {
  /** Font size (units) giving the wanted ink height. */
  readonly size: number;
  readonly ascent: number;
  readonly left: number;
  readonly width: number;
}

const metricsCache = new Map<string, InkMetrics>();
let measureCtx: SKRSContext2D | null = null;

/** Font size and ink box for `text` drawn `inkHeight` units tall (measured on the real glyphs). */
function inkMetrics(text: string, inkHeight: number, family: string): InkMetrics {
  const key = `${family}\u0000${text}\u0000${inkHeight}`;
  const cached = metricsCache.get(key);
  if (cached) return cached;
  measureCtx ??= createCanvas(8, 8).getContext('2d');
  measureCtx.font = `100px ${family}`;
  const m = measureCtx.measureText(text);
  const k = inkHeight / (m.actualBoundingBoxAscent + m.actualBoundingBoxDescent);
  const metrics = { size: 100 * k, ascent: m.actualBoundingBoxAscent * k, left: m.actualBoundingBoxLeft * k, width: (m.actualBoundingBoxLeft + m.actualBoundingBoxRight) * k };
  metricsCache.set(key, metrics);
  return metrics;
}

/** Draws `text` with its ink box's top-left at (x, y), `inkHeight` tall. Returns the ink width. */
function inkText(ctx: DrawingContext, text: string, x: number, y: number, inkHeight: number, family: string): number {
  const m = inkMetrics(text, inkHeight, family);
  ctx.font = `${m.size}px ${family}`;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillText(text, x + m.left, y + m.ascent);
  return m.width;
}

/** Centred text, at most `maxWidth` wide (shrinking the height to fit). */
function centredText(ctx: DrawingContext, text: string, cx: number, cy: number, inkHeight: number, maxWidth: number, family: string): void {
  let height = inkHeight;
  const width = inkMetrics(text, height, family).width;
  if (width > maxWidth) height *= maxWidth / width;
  const m = inkMetrics(text, height, family);
  inkText(ctx, text, cx - m.width / 2, cy - height / 2, height, family);
}

function paperAndBorder(ctx: DrawingContext, profile: DeckProfile, face: string): void {
  const { widthMm: w, heightMm: h, cornerRadiusMm: r, borderMm: b } = profile;
  ctx.fillStyle = profile.border;
  roundedRect(ctx, 0, 0, w, h, r);
  ctx.fill();
  ctx.fillStyle = face;
  roundedRect(ctx, b, b, w - 2 * b, h - 2 * b, Math.max(0, r - b));
  ctx.fill();
  const frame = profile.frame;
  if (frame) {
    ctx.strokeStyle = frame.ink;
    ctx.lineWidth = frame.widthMm;
    roundedRect(ctx, frame.insetMm, frame.insetMm, w - 2 * frame.insetMm, h - 2 * frame.insetMm, Math.max(0, r - frame.insetMm));
    ctx.stroke();
  }
}

/** The corner index: numeral (and shape) at the top-left, the same turned 180 degrees bottom-right. */
function cornerIndex(ctx: DrawingContext, profile: DeckProfile, draw: () => void): void {
  draw();
  ctx.save();
  ctx.translate(profile.widthMm, profile.heightMm);
  ctx.rotate(Math.PI);
  draw();
  ctx.restore();
}

function drawTic(ctx: DrawingContext, name: string, profile: DeckProfile, family: string): void {
  const card = ticCard(name);
  const tic = profile.tic;
  const colour = tic.colours[card.colour];
  paperAndBorder(ctx, profile, profile.paper);
  ctx.fillStyle = colour;
  const cx = profile.widthMm / 2;
  const cy = profile.heightMm / 2;
  for (const [dx, dy] of tic.pipOffsetsMm[card.number as 1 | 2 | 3 | 4 | 5] as readonly MmPoint[]) {
    drawShape(ctx, card.shape, cx + dx, cy + dy, tic.pipBoxMm, profile);
  }
  const numeralInk = tic.numeralInk ?? colour;
  if (tic.centreNumeral) {
    ctx.fillStyle = numeralInk;
    const [dx, dy] = tic.centreNumeral.offsetMm;
    centredText(ctx, String(card.number), cx + dx, cy + dy, tic.centreNumeral.heightMm, profile.widthMm, family);
  }
  if (tic.indexNumeralMm === 0) return;
  cornerIndex(ctx, profile, () => {
    const inset = tic.indexInsetMm;
    ctx.fillStyle = numeralInk;
    const width = inkText(ctx, String(card.number), inset, inset, tic.indexNumeralMm, family);
    if (tic.indexShapeMm === 0) return;
    ctx.fillStyle = colour;
    const shapeY = inset + tic.indexNumeralMm + tic.indexShapeGapMm + tic.indexShapeMm / 2;
    drawShape(ctx, card.shape, inset + width / 2, shapeY, tic.indexShapeMm, profile);
  });
}

function drawStacks(ctx: DrawingContext, name: string, profile: DeckProfile, family: string): void {
  const face = stacksFace(name);
  const s = profile.stacks;
  const cx = profile.widthMm / 2;
  const cy = profile.heightMm / 2;
  if (face.kind === 'special') {
    paperAndBorder(ctx, profile, s.specialFace);
    ctx.fillStyle = s.specialInk;
    centredText(ctx, s.specialLabels[face.special], cx, cy, s.specialTextMm, s.textMaxWidthMm, family);
    return;
  }
  paperAndBorder(ctx, profile, profile.paper);
  ctx.fillStyle = s.colours[face.colour];
  if (face.kind === 'wild') {
    centredText(ctx, 'WILD', cx, cy, s.wildTextMm, s.textMaxWidthMm, family);
    return;
  }
  centredText(ctx, String(face.number), cx, cy, s.bigNumeralMm, s.textMaxWidthMm, family);
  cornerIndex(ctx, profile, () => {
    inkText(ctx, String(face.number), profile.tic.indexInsetMm, profile.tic.indexInsetMm, profile.tic.indexNumeralMm, family);
  });
}

/** The invented back of a face-down card (cards.md has none): a framed lattice. */
export function drawBack(ctx: DrawingContext, profile: DeckProfile = STANDARD_DECK): void {
  const { widthMm: w, heightMm: h, cornerRadiusMm: r } = profile;
  const back = profile.back;
  ctx.save();
  ctx.fillStyle = back.fill;
  roundedRect(ctx, 0, 0, w, h, r);
  ctx.fill();
  ctx.clip();
  ctx.strokeStyle = back.pattern;
  ctx.lineWidth = 0.8;
  ctx.beginPath();
  for (let d = -h; d < w + h; d += 5) {
    ctx.moveTo(d, 0);
    ctx.lineTo(d + h, h);
    ctx.moveTo(d + h, 0);
    ctx.lineTo(d, h);
  }
  ctx.stroke();
  ctx.strokeStyle = back.frame;
  ctx.lineWidth = 1;
  roundedRect(ctx, back.frameInsetMm, back.frameInsetMm, w - 2 * back.frameInsetMm, h - 2 * back.frameInsetMm, r);
  ctx.stroke();
  ctx.restore();
}

/**
 * Draws a card's face with its own top-left corner at the current origin, one unit a millimetre.
 * The caller's transform places, turns and scales it.
 */
export function drawFace(ctx: DrawingContext, name: string, profile: DeckProfile = STANDARD_DECK): void {
  const family = ensureFont(profile);
  ctx.save();
  const kind = cardKind(name);
  if (kind === 'tic') drawTic(ctx, name, profile, family);
  else if (kind === 'stacks') drawStacks(ctx, name, profile, family);
  else throw new RangeError(`no face for card "${name}"`);
  ctx.restore();
}

/** One face rasterised at `pxPerMm` (upright, transparent outside the rounded corners). */
export function faceCanvas(name: string, pxPerMm: number, profile: DeckProfile = STANDARD_DECK): Canvas {
  const canvas = createCanvas(Math.round(profile.widthMm * pxPerMm), Math.round(profile.heightMm * pxPerMm));
  const ctx = canvas.getContext('2d');
  ctx.scale(pxPerMm, pxPerMm);
  drawFace(ctx, name, profile);
  return canvas;
}

/** One face rasterised at `pxPerMm` as RGBA pixels, row by row (as faceCanvas draws it). */
export function facePixels(name: string, pxPerMm: number, profile: DeckProfile = STANDARD_DECK): { width: number; height: number; data: Uint8Array } {
  const canvas = faceCanvas(name, pxPerMm, profile);
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  return { width: canvas.width, height: canvas.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
