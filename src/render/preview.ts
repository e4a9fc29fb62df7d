// Contact sheets: frames tiled with their truth drawn over them, so a person can check by eye what
// the renderer made and what the truth claims (outline, corner 0, hidden cards dashed).
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { ensureFont, FONT_FAMILY } from '../deck/faces.js';
import { findFixtures, readFixture, type FixtureCard } from './fixture-io.js';

export interface SheetTile {
  readonly image: Buffer;
  /** Truth in the image's own pixels. */
  readonly cards: readonly FixtureCard[];
  readonly label: string;
}

export interface SheetOptions {
  readonly columns?: number;
  readonly tileWidth?: number;
  readonly quality?: number;
}

function outline(ctx: SKRSContext2D, card: FixtureCard, k: number): void {
  const pts = card.corners.map(([x, y]) => [x * k, y * k] as const);
  ctx.save();
  ctx.lineWidth = card.hidden ? 1.2 : 1.8;
  ctx.strokeStyle = card.moving ? '#FF40FF' : card.hidden ? '#FFA000' : '#30FF60';
  if (card.hidden) ctx.setLineDash([4, 3]);
  ctx.beginPath();
  pts.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.closePath();
  ctx.stroke();
  // Corner 0 (the card's own top-left) and the way round.
  ctx.fillStyle = '#FF2020';
  ctx.beginPath();
  ctx.arc(pts[0]![0], pts[0]![1], 3, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#FF2020';
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(pts[0]![0], pts[0]![1]);
  ctx.lineTo(pts[0]![0] + (pts[1]![0] - pts[0]![0]) * 0.3, pts[0]![1] + (pts[1]![1] - pts[0]![1]) * 0.3);
  ctx.stroke();
  ctx.restore();
}

/** Tiles the frames into one JPEG, truth outlined: green seen, orange dashed hidden, magenta moving, red dot corner 0. */
export async function contactSheet(tiles: readonly SheetTile[], options: SheetOptions = {}): Promise<Buffer> {
  ensureFont();
  const columns = Math.max(1, Math.min(options.columns ?? 4, tiles.length));
  const tileWidth = options.tileWidth ?? 480;
  const images = await Promise.all(tiles.map((t) => loadImage(t.image)));
  const heights = images.map((img) => Math.round((img.height / img.width) * tileWidth));
  const tileHeight = Math.max(...heights, 1);
  const caption = 18;
  const rows = Math.ceil(tiles.length / columns);
  const gap = 6;
  const canvas = createCanvas(columns * (tileWidth + gap) + gap, rows * (tileHeight + caption + gap) + gap);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#202020';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  tiles.forEach((tile, i) => {
    const img = images[i]!;
    const x = gap + (i % columns) * (tileWidth + gap);
    const y = gap + Math.floor(i / columns) * (tileHeight + caption + gap);
    const k = tileWidth / img.width;
    ctx.save();
    ctx.translate(x, y);
    ctx.drawImage(img, 0, 0, tileWidth, heights[i]!);
    ctx.beginPath();
    ctx.rect(0, 0, tileWidth, heights[i]!);
    ctx.clip();
    for (const card of tile.cards) outline(ctx, card, k);
    ctx.restore();
    ctx.fillStyle = '#E0E0E0';
    ctx.font = `11px ${FONT_FAMILY}`;
    ctx.fillText(tile.label.slice(0, 90), x + 2, y + tileHeight + 13);
  });
  const rgba = canvas.data();
  return sharp(Buffer.from(rgba), { raw: { width: canvas.width, height: canvas.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: options.quality ?? 85 })
    .toBuffer();
}

function shortConditions(c: Record<string, unknown> | undefined): string {
  if (!c) return '';
  const d = (c.distractors as string[] | undefined) ?? [];
  return `${c.size} tilt ${c.tilt_deg} ${c.background} ${c.white_balance} q${c.jpeg_quality}${d.length ? ` +${d.join('+')}` : ''}`;
}

/**
 * A sheet of up to `max` frames from the fixtures below `root`, spread evenly over them
 * (each fixture gets its share, its frames taken evenly from first to last).
 */
export async function previewFixtures(root: string, options: SheetOptions & { max?: number } = {}): Promise<Buffer> {
  const files = findFixtures(root);
  const max = options.max ?? 24;
  const perFixture = Math.max(1, Math.floor(max / Math.max(1, files.length)));
  const tiles: SheetTile[] = [];
  for (const file of files) {
    const fixture = readFixture(file);
    const dir = dirname(file);
    const n = Math.min(perFixture, fixture.frames.length);
    for (let i = 0; i < n && tiles.length < max; i++) {
      const index = n === 1 ? 0 : Math.round((i * (fixture.frames.length - 1)) / (n - 1));
      const frame = fixture.frames[index]!;
      const where = relative(root, dir) || basename(dir);
      tiles.push({
        image: readFileSync(join(dir, frame.image)),
        cards: frame.cards,
        label: `${where}/${frame.image} ${shortConditions(frame.conditions)}`,
      });
    }
  }
  if (tiles.length === 0) throw new Error(`${root}: no fixture frames to preview`);
  return contactSheet(tiles, options);
}
