// The verify picture: each card outlined and named with its cell, the grid, violations in red, and
// in amber those a card out of sight could mend and the cells it may lie in.
import { createCanvas, ImageData } from '@napi-rs/canvas';
import { ensureFont, FONT_FAMILY } from '../deck/faces.js';
import type { Violation } from '../rules/violation.js';
import type { Quad, RgbaImage } from '../vision/image.js';
import type { Recognition, RecognisedCard } from '../vision/types.js';

/** What to draw over the photo besides the cards. */
export interface AnnotateOptions {
  /** The verdict's headline, e.g. "legal" or "illegal: 2 violations". */
  readonly title: string;
  readonly violations: readonly Violation[];
  /** Violations a card out of sight (or not read) could mend: their cards and words in amber. */
  readonly unsure?: readonly Violation[];
  /** Cells a card may lie in out of sight: outlined dashed in amber. */
  readonly openCells?: readonly Quad[];
  /** Extra lines under the title (sets found, notes). */
  readonly notes?: readonly string[];
  /** Cards to outline in cyan (e.g. the best set on a Hunt table). */
  readonly highlight?: readonly string[];
}

const GREEN = '#22d36b';
const AMBER = '#ffb020';
const RED = '#ff2a2a';
const CYAN = '#27e0ff';

type Context = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/** The annotated picture as PNG bytes. */
export function annotate(frame: RgbaImage, recognition: Recognition, options: AnnotateOptions): Buffer {
  ensureFont();
  const canvas = createCanvas(frame.width, frame.height);
  const ctx = canvas.getContext('2d');
  ctx.putImageData(new ImageData(new Uint8ClampedArray(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), frame.width, frame.height), 0, 0);
  const unit = Math.max(1, frame.width / 1280);
  const flagged = new Set(options.violations.flatMap((v) => v.cards));
  const doubted = new Set((options.unsure ?? []).flatMap((v) => v.cards));
  const highlighted = new Set(options.highlight ?? []);
  const cards = recognition.cards;

  drawGrid(ctx, cards, options.openCells ?? [], unit);

  for (const c of cards) {
    const name = c.reading.card;
    const bad = name !== null && flagged.has(name);
    const unsure = name !== null && !bad && doubted.has(name);
    const colour = bad ? RED : unsure ? AMBER : name && highlighted.has(name) ? CYAN : name ? GREEN : AMBER;
    ctx.strokeStyle = colour;
    ctx.lineWidth = (bad || unsure ? 4 : 2.5) * unit;
    ctx.beginPath();
    c.corners.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.closePath();
    ctx.stroke();
    // The card's own top-left corner, where its index is.
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(c.corners[0][0], c.corners[0][1], 4 * unit, 0, 2 * Math.PI);
    ctx.fill();
    const label = name ?? 'unknown';
    const cell = c.row !== null && c.col !== null ? `r${c.row} c${c.col}` : '';
    const conf = `${Math.round(c.reading.confidence * 100)}%${c.partial ? ' part' : ''}`;
    // Words sized to the card as it appears, so they sit on it, not across its neighbours.
    const side = Math.min(Math.hypot(c.corners[1][0] - c.corners[0][0], c.corners[1][1] - c.corners[0][1]), Math.hypot(c.corners[3][0] - c.corners[0][0], c.corners[3][1] - c.corners[0][1]));
    label3(ctx, [label, cell, conf], c.centre[0], c.centre[1], colour, Math.max(8, Math.min(15 * unit, side * 0.11)));
  }

  drawHeadline(ctx, frame, cards, options, unit);
  return canvas.toBuffer('image/png');
}

/** The grid, dashed: a line through the centres of each row's and each column's cards, and the open cells. */
function drawGrid(ctx: Context, cards: readonly RecognisedCard[], openCells: readonly Quad[], unit: number): void {
  const gridLines = new Map<string, RecognisedCard[]>();
  for (const c of cards) {
    if (c.row === null || c.col === null) continue;
    for (const key of [`r${c.row}`, `c${c.col}`]) gridLines.set(key, [...(gridLines.get(key) ?? []), c]);
  }
  ctx.lineWidth = 2 * unit;
  ctx.setLineDash([8 * unit, 5 * unit]);
  for (const [key, members] of gridLines) {
    if (members.length < 2) continue;
    members.sort((a, b) => (key.startsWith('r') ? a.col! - b.col! : a.row! - b.row!));
    ctx.strokeStyle = key.startsWith('r') ? 'rgba(80, 200, 255, 0.85)' : 'rgba(255, 120, 230, 0.85)';
    ctx.beginPath();
    members.forEach((m, i) => (i === 0 ? ctx.moveTo(m.centre[0], m.centre[1]) : ctx.lineTo(m.centre[0], m.centre[1])));
    ctx.stroke();
  }
  ctx.strokeStyle = AMBER;
  for (const q of openCells) {
    ctx.beginPath();
    q.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.closePath();
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

/** Headline and violations, in the corner of the picture that hides fewest cards. */
function drawHeadline(ctx: Context, frame: RgbaImage, cards: readonly RecognisedCard[], options: AnnotateOptions, unit: number): void {
  const unsureLines = (options.unsure ?? []).map((v) => `unsure, ${v.rule}: ${v.message}`);
  const lines = [options.title, ...(options.notes ?? []), ...options.violations.map((v) => `${v.rule}: ${v.message}`), ...unsureLines];
  const size = 16 * unit;
  ctx.font = `${size}px ${FONT_FAMILY}`;
  const width = Math.min(frame.width - 16 * unit, Math.max(...lines.map((l) => ctx.measureText(l).width)) + 16 * unit);
  const height = lines.length * size * 1.35 + 10 * unit;
  const m = 8 * unit;
  const spots: [number, number][] = [
    [m, m],
    [m, frame.height - height - m],
    [frame.width - width - m, m],
    [frame.width - width - m, frame.height - height - m],
  ];
  const hidden = ([x, y]: [number, number]): number =>
    cards.reduce((n, c) => n + [...c.corners, c.centre].filter(([px, py]) => px >= x && px <= x + width && py >= y && py <= y + height).length, 0);
  const [bx, by] = spots.reduce((best, spot) => (hidden(spot) < hidden(best) ? spot : best));
  ctx.fillStyle = 'rgba(0, 0, 0, 0.65)';
  ctx.fillRect(bx, by, width, height);
  const verdictColour = options.violations.length ? RED : unsureLines.length ? AMBER : GREEN;
  lines.forEach((l, i) => {
    ctx.fillStyle = i === 0 ? verdictColour : i <= (options.notes?.length ?? 0) ? '#ffffff' : i >= lines.length - unsureLines.length ? AMBER : RED;
    ctx.fillText(l, bx + 8 * unit, by + size * 1.35 * (i + 1));
  });
}

/** Up to three centred lines on a dark band, so the words read on any card. */
function label3(ctx: Context, lines: readonly string[], x: number, y: number, colour: string, size: number): void {
  const shown = lines.filter((l) => l.length > 0);
  ctx.font = `${size}px ${FONT_FAMILY}`;
  const w = Math.max(...shown.map((l) => ctx.measureText(l).width)) + size * 0.6;
  const h = shown.length * size * 1.2 + size * 0.3;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.5)';
  ctx.fillRect(x - w / 2, y - h / 2, w, h);
  shown.forEach((l, i) => {
    ctx.fillStyle = i === 0 ? colour : '#ffffff';
    const lw = ctx.measureText(l).width;
    ctx.fillText(l, x - lw / 2, y - h / 2 + size * 1.2 * (i + 1) - size * 0.15);
  });
}
