// The printable A4 sheet: the four table markers at known places (use the sheet whole, or cut the
// markers out for the corners of a larger play area), a ruler and a 50 mm square to check the print
// scale, and the instructions. Drawn once in millimetres, for the PNG (300 dpi) and the PDF (vector).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, PDFDocument } from '@napi-rs/canvas';
import { ensureFont, FONT_FAMILY, type DrawingContext } from '../deck/faces.js';
import { A4, CORNERS, drawMarker, sheetLayout, TABLE_MARKERS, type MarkerProfile } from './markers.js';

export const SHEET_DPI = 300;
const MM_PER_INCH = 25.4;

const INSTRUCTIONS = [
  'Print at 100% (no "fit to page"): the square below must measure 50 mm.',
  'Whole sheet: lay it flat, in view, beside the cards; then',
  '    seqref calibrate --image FRAME.jpg   (or --camera DEV)',
  'Larger play area: cut the four markers out along the dashed lines,',
  'lay them flat and upright at the corners of a rectangle round the play area,',
  'marker 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left (as seen',
  'by the players at the camera\'s side), measure centre to centre, then',
  '    seqref calibrate --image FRAME.jpg --region WIDTHxHEIGHT   (mm)',
  'Keep the markers uncovered: a moved camera is noticed through them.',
];

function text(ctx: DrawingContext, value: string, x: number, y: number, sizeMm: number, align: 'left' | 'center' = 'left'): void {
  ctx.font = `${sizeMm}px ${FONT_FAMILY}`;
  ctx.textAlign = align;
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(value, x, y);
}

/** Draws the sheet in millimetres (the context already scaled to its device units). */
export function drawSheet(ctx: DrawingContext, markers: MarkerProfile = TABLE_MARKERS): void {
  ensureFont();
  const layout = sheetLayout(markers);
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(0, 0, A4.widthMm, A4.heightMm);
  const tile = markers.sizeMm / 2 + markers.marginMm;
  layout.centres.forEach(([x, y], i) => {
    ctx.save();
    ctx.translate(x, y);
    drawMarker(ctx, markers.ids[i]!, markers);
    // Cut line round the marker's paper.
    ctx.strokeStyle = '#9A9A9A';
    ctx.lineWidth = 0.2;
    ctx.setLineDash([2, 1.5]);
    ctx.strokeRect(-tile, -tile, 2 * tile, 2 * tile);
    ctx.setLineDash([]);
    ctx.fillStyle = '#555555';
    text(ctx, `${markers.ids[i]} ${CORNERS[i]}`, 0, tile + 4, 3.2, 'center');
    ctx.restore();
  });
  ctx.fillStyle = '#111111';
  text(ctx, 'seqref table markers', A4.widthMm / 2, 40, 6, 'center');
  ctx.fillStyle = '#444444';
  text(ctx, `${markers.dictionary}, ids ${markers.ids.join(', ')}, ${markers.sizeMm} mm`, A4.widthMm / 2, 47, 2.8, 'center');
  text(ctx, `centres ${A4.insetMm} mm from the sheet's edges`, A4.widthMm / 2, 51.5, 2.8, 'center');
  ctx.fillStyle = '#222222';
  INSTRUCTIONS.forEach((line, i) => text(ctx, line, 22, 78 + i * 5.2, 3, 'left'));
  // Ruler: 150 mm, mm ticks, numbered every 10.
  const rx = 30;
  const ry = 140;
  ctx.strokeStyle = '#000000';
  ctx.lineWidth = 0.2;
  ctx.beginPath();
  ctx.moveTo(rx, ry);
  ctx.lineTo(rx + 150, ry);
  for (let mm = 0; mm <= 150; mm++) {
    const long = mm % 10 === 0 ? 5 : mm % 5 === 0 ? 3.5 : 2;
    ctx.moveTo(rx + mm, ry);
    ctx.lineTo(rx + mm, ry + long);
  }
  ctx.stroke();
  ctx.fillStyle = '#000000';
  for (let cm = 0; cm <= 15; cm++) text(ctx, String(cm * 10), rx + cm * 10, ry + 9, 2.4, 'center');
  text(ctx, 'mm', rx + 155, ry + 3, 2.6, 'left');
  // Print-scale check square.
  const sx = (A4.widthMm - 50) / 2;
  const sy = 160;
  ctx.lineWidth = 0.3;
  ctx.strokeRect(sx, sy, 50, 50);
  ctx.fillStyle = '#444444';
  text(ctx, '50 mm x 50 mm', A4.widthMm / 2, sy + 27, 3, 'center');
}

/** The sheet as a PNG at `dpi`. */
export function sheetPng(dpi = SHEET_DPI, markers: MarkerProfile = TABLE_MARKERS): Buffer {
  const k = dpi / MM_PER_INCH;
  const canvas = createCanvas(Math.round(A4.widthMm * k), Math.round(A4.heightMm * k));
  const ctx = canvas.getContext('2d');
  ctx.scale(k, k);
  drawSheet(ctx, markers);
  return canvas.toBuffer('image/png');
}

/** The sheet as a one-page vector PDF (A4, 72 points an inch). */
export function sheetPdf(markers: MarkerProfile = TABLE_MARKERS): Buffer {
  const k = 72 / MM_PER_INCH;
  const doc = new PDFDocument({ title: 'seqref table markers', creator: 'seqref calibrate' });
  const ctx = doc.beginPage(A4.widthMm * k, A4.heightMm * k);
  ctx.scale(k, k);
  drawSheet(ctx, markers);
  doc.endPage();
  return doc.close();
}

/** Writes DIR/sheet-a4.png and DIR/sheet-a4.pdf; returns their paths. */
export function writeSheet(dir: string, markers: MarkerProfile = TABLE_MARKERS): string[] {
  const png = join(dir, 'sheet-a4.png');
  const pdf = join(dir, 'sheet-a4.pdf');
  writeFileSync(png, sheetPng(SHEET_DPI, markers));
  writeFileSync(pdf, sheetPdf(markers));
  return [png, pdf];
}
