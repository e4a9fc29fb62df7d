// One photograph of a table: the table plane drawn flat (background, cards, clutter, light and
// shadow), warped through the camera pixel by pixel, hands drawn over it, then what a small
// camera does to light: vignetting, white balance, glare, lens blur, shake, sharpening, sensor
// noise, JPEG.
import { createCanvas, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { seededRandom, type Random } from '../rules/random.js';
import { backgroundTileFor } from './background.js';
import { Camera, type Vec2 } from './camera.js';
import { drawBack, drawFace, roundedRect } from '../deck/faces.js';
import { frameCamera, type PhotoConditions } from './conditions.js';
import { STANDARD_DECK, type DeckProfile } from '../deck/profile.js';
import { drawHand, randomHand, type HandSpec } from './hands.js';
import { pick, solidCorners, solidToTable, uniform, type CardPose, type ObjectPose, type Scene, type Solid, type TableMarker } from './scene.js';
import { truthCards, type OccluderMask, type TruthCard } from './truth.js';

export interface FrameRequest {
  readonly scene: Scene;
  readonly conditions: PhotoConditions;
  readonly camera: Camera;
  /** Seeds the sensor noise, which changes from frame to frame. */
  readonly seed: number;
  /** Seeds the light (shadows, glare), which a fixed camera keeps from frame to frame (default: seed). */
  readonly lightSeed?: number;
  /** Hands over the table (image space); see chooseHands. */
  readonly hands?: readonly HandSpec[];
  readonly profile?: DeckProfile;
  /** Faces to show instead of drawing them from the profile (a printed or photographed deck), by card name. */
  readonly faces?: FaceImages;
}

/** Pictures of card faces by card name, each stretched over its card upright. */
export type FaceImages = ReadonlyMap<string, Image | Canvas>;

export interface RenderedFrame {
  readonly jpeg: Buffer;
  readonly truth: TruthCard[];
  /** The pixels before JPEG (RGB, 3 bytes a pixel), when asked for. */
  readonly rgb?: Buffer;
}

// ---------------------------------------------------------------------------------------------
// The table plane.

interface TableTexture {
  readonly canvas: Canvas;
  /** Table mm of the texture's top-left pixel corner. */
  readonly x0: number;
  readonly y0: number;
  /** Texture pixels per mm. */
  readonly s: number;
}

/** Texture size: as sharp as the nearest table point needs, within a pixel budget. */
function textureFrame(camera: Camera): { x0: number; y0: number; w: number; h: number; s: number } {
  const { width: W, height: H, target } = camera.spec;
  const pts = camera.boundary(24).map(([u, v]) => camera.tableAt(u, v));
  const reach = 3000;
  const xs = pts.map((p) => Math.max(target[0] - reach, Math.min(target[0] + reach, p[0])));
  const ys = pts.map((p) => Math.max(target[1] - reach, Math.min(target[1] + reach, p[1])));
  const x0 = Math.floor(Math.min(...xs)) - 4;
  const y0 = Math.floor(Math.min(...ys)) - 4;
  const w = Math.ceil(Math.max(...xs)) + 4 - x0;
  const h = Math.ceil(Math.max(...ys)) + 4 - y0;
  let sharpest = 0;
  for (let i = 0; i <= 8; i++) for (let j = 0; j <= 6; j++) sharpest = Math.max(sharpest, camera.pxPerMmAt((i / 8) * (W - 1), (j / 6) * (H - 1)));
  const budget = Math.min(12e6, 7 * W * H);
  const s = Math.max(0.5, Math.min(sharpest, Math.sqrt(budget / (w * h)), 10));
  return { x0, y0, w, h, s };
}

function lightVector(c: PhotoConditions): Vec2 {
  const a = (c.lightDeg * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)];
}

function drawSolidShadow(ctx: SKRSContext2D, solid: Solid, c: PhotoConditions, s: number): void {
  // Light falls from `lightDeg`, so shadows fall the other way; taller things cast longer ones.
  const [lx, ly] = lightVector(c);
  const reach = 0.4 + solid.lift * 0.45;
  ctx.save();
  ctx.shadowColor = `rgba(0,0,0,${solid.kind === 'coin' || solid.kind === 'phone' ? 0.45 : 0.3})`;
  ctx.shadowBlur = (0.8 + solid.lift * 0.6) * s;
  ctx.shadowOffsetX = -lx * reach * s;
  ctx.shadowOffsetY = -ly * reach * s;
  ctx.fillStyle = '#808080';
  ctx.translate(solid.x, solid.y);
  ctx.rotate((solid.angleDeg * Math.PI) / 180);
  ctx.beginPath();
  if (solid.kind === 'coin') ctx.arc(0, 0, solid.w / 2, 0, Math.PI * 2);
  else roundedRect(ctx, -solid.w / 2, -solid.h / 2, solid.w, solid.h, solid.kind === 'phone' ? 9 : 3);
  ctx.fill();
  ctx.restore();
}

function drawCoin(ctx: SKRSContext2D, coin: ObjectPose): void {
  const r = coin.w / 2;
  const g = ctx.createRadialGradient(-r * 0.35, -r * 0.35, r * 0.1, 0, 0, r);
  g.addColorStop(0, '#FFFFFF');
  g.addColorStop(0.25, coin.tint);
  g.addColorStop(1, shadeHex(coin.tint, 0.55));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = shadeHex(coin.tint, 0.5);
  ctx.lineWidth = r * 0.08;
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.86, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = r * 0.06;
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.45, 0.4, 2.6);
  ctx.stroke();
}

function drawPhone(ctx: SKRSContext2D, phone: ObjectPose): void {
  const { w, h } = phone;
  ctx.fillStyle = phone.tint;
  roundedRect(ctx, -w / 2, -h / 2, w, h, 9);
  ctx.fill();
  // The glass: black, with a soft reflection across it.
  const g = ctx.createLinearGradient(-w / 2, -h / 2, w / 2, h / 2);
  g.addColorStop(0, '#16181C');
  g.addColorStop(0.42, '#2A2F38');
  g.addColorStop(0.47, '#5A6170');
  g.addColorStop(0.55, '#1B1E24');
  g.addColorStop(1, '#0C0D10');
  ctx.fillStyle = g;
  roundedRect(ctx, -w / 2 + 3, -h / 2 + 3, w - 6, h - 6, 7);
  ctx.fill();
  ctx.fillStyle = '#050506';
  ctx.beginPath();
  ctx.arc(0, -h / 2 + 8, 2.2, 0, Math.PI * 2);
  ctx.fill();
}

/** A calibration marker: white paper, then its black cells. */
function drawTableMarker(ctx: SKRSContext2D, marker: TableMarker): void {
  const { sizeMm: s, marginMm: m, cells } = marker;
  const cell = s / cells.length;
  ctx.save();
  ctx.translate(marker.x, marker.y);
  ctx.rotate((marker.angleDeg * Math.PI) / 180);
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(-s / 2 - m, -s / 2 - m, s + 2 * m, s + 2 * m);
  ctx.fillStyle = '#000000';
  cells.forEach((row, y) => row.forEach((black, x) => {
    if (black) ctx.fillRect(-s / 2 + x * cell - 0.01, -s / 2 + y * cell - 0.01, cell + 0.02, cell + 0.02);
  }));
  ctx.restore();
}

function shadeHex(colour: string, k: number): string {
  const c = [1, 3, 5].map((i) => Math.max(0, Math.min(255, Math.round(parseInt(colour.slice(i, i + 2), 16) * k))));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

function drawTable(scene: Scene, camera: Camera, c: PhotoConditions, profile: DeckProfile, faces: FaceImages | undefined, random: Random): TableTexture {
  const frame = textureFrame(camera);
  const { x0, y0, s } = frame;
  const canvas = createCanvas(Math.ceil(frame.w * s), Math.ceil(frame.h * s));
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.setTransform(s, 0, 0, s, -x0 * s, -y0 * s);
  // Table top.
  const tile = backgroundTileFor(c.background, c.backgroundVariant, s);
  const pattern = ctx.createPattern(tile.canvas, 'repeat');
  if (!pattern) throw new Error('canvas could not make a pattern of the table top');
  const k = tile.sizeMm / tile.canvas.width;
  const a = (c.backgroundAngleDeg * Math.PI) / 180;
  pattern.setTransform({ a: k * Math.cos(a), b: k * Math.sin(a), c: -k * Math.sin(a), d: k * Math.cos(a), e: 0, f: 0 });
  ctx.fillStyle = pattern;
  ctx.fillRect(x0, y0, frame.w, frame.h);
  for (const marker of scene.markers ?? []) drawTableMarker(ctx, marker);
  // Cards and clutter, bottom first, each over its own soft shadow.
  const solids: Solid[] = [...scene.cards, ...scene.objects].sort((p, q) => p.z - q.z);
  for (const solid of solids) {
    drawSolidShadow(ctx, solid, c, s);
    ctx.save();
    ctx.translate(solid.x, solid.y);
    ctx.rotate((solid.angleDeg * Math.PI) / 180);
    if (solid.kind === 'coin') drawCoin(ctx, solid as ObjectPose);
    else if (solid.kind === 'phone') drawPhone(ctx, solid as ObjectPose);
    else {
      ctx.translate(-solid.w / 2, -solid.h / 2);
      const face = solid.kind === 'back' ? undefined : faces?.get((solid as CardPose).card);
      if (solid.kind === 'back') drawBack(ctx, profile);
      else if (face) ctx.drawImage(face, 0, 0, solid.w, solid.h);
      else drawFace(ctx, (solid as CardPose).card, profile);
    }
    ctx.restore();
  }
  // Light: one side brighter, a lamp's pool, and soft shadows (the photographer, a lamp arm).
  ctx.globalCompositeOperation = 'multiply';
  const [lx, ly] = lightVector(c);
  const [tx, ty] = camera.spec.target;
  const span = Math.max(frame.w, frame.h) / 2;
  const dim = Math.round(255 * (1 - c.unevenLight));
  const lin = ctx.createLinearGradient(tx + lx * span, ty + ly * span, tx - lx * span, ty - ly * span);
  lin.addColorStop(0, '#FFFFFF');
  lin.addColorStop(1, `rgb(${dim},${dim},${dim})`);
  ctx.fillStyle = lin;
  ctx.fillRect(x0, y0, frame.w, frame.h);
  if (c.shadows > 0) {
    const blobs = 1 + Math.floor(random() * 2);
    for (let i = 0; i < blobs; i++) {
      const cx = tx + uniform(random, -0.5, 0.5) * span;
      const cy = ty + uniform(random, -0.5, 0.5) * span;
      const r = uniform(random, 0.25, 0.6) * span;
      const darkness = Math.round(255 * (1 - c.shadows));
      const g = ctx.createRadialGradient(cx, cy, r * uniform(random, 0.2, 0.6), cx, cy, r);
      g.addColorStop(0, `rgb(${darkness},${darkness},${darkness})`);
      g.addColorStop(1, '#FFFFFF');
      ctx.save();
      ctx.translate(cx, cy);
      ctx.scale(1, uniform(random, 0.4, 1));
      ctx.rotate(uniform(random, 0, Math.PI));
      ctx.translate(-cx, -cy);
      ctx.fillStyle = g;
      ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r);
      ctx.restore();
    }
  }
  ctx.globalCompositeOperation = 'source-over';
  return { canvas, x0, y0, s };
}

// ---------------------------------------------------------------------------------------------
// The perspective warp: every image pixel looks up the table point it sees (trilinear mipmaps).

interface Level {
  readonly w: number;
  readonly h: number;
  /** RGBA texels, one 32-bit word each (little-endian: red in the low byte). */
  readonly px: Uint32Array;
}

function mipmaps(rgba: Uint8Array, w: number, h: number, count: number): Level[] {
  const levels: Level[] = [{ w, h, px: new Uint32Array(rgba.buffer, rgba.byteOffset, w * h) }];
  let src = rgba;
  let sw = w;
  for (let l = 1; l < count; l++) {
    const prev = levels[l - 1]!;
    if (prev.w < 4 || prev.h < 4) break;
    const nw = prev.w >> 1;
    const nh = prev.h >> 1;
    const px = new Uint8Array(nw * nh * 4);
    const rowBytes = sw * 4;
    for (let y = 0; y < nh; y++) {
      for (let x = 0; x < nw; x++) {
        const a = (2 * y * sw + 2 * x) * 4;
        const o = (y * nw + x) * 4;
        px[o] = (src[a]! + src[a + 4]! + src[a + rowBytes]! + src[a + rowBytes + 4]! + 2) >> 2;
        px[o + 1] = (src[a + 1]! + src[a + 5]! + src[a + rowBytes + 1]! + src[a + rowBytes + 5]! + 2) >> 2;
        px[o + 2] = (src[a + 2]! + src[a + 6]! + src[a + rowBytes + 2]! + src[a + rowBytes + 6]! + 2) >> 2;
        px[o + 3] = 255;
      }
    }
    levels.push({ w: nw, h: nh, px: new Uint32Array(px.buffer) });
    src = px;
    sw = nw;
  }
  return levels;
}

/** log2 of the most texels one pixel covers anywhere in the frame: how many mip levels are needed. */
function coarsestLod(texture: TableTexture, camera: Camera): number {
  const { width: W, height: H } = camera.spec;
  let most = 0;
  for (let i = 0; i <= 16; i++) {
    for (let j = 0; j <= 9; j++) {
      const u = (i / 16) * W;
      const v = (j / 9) * H;
      const [x, y] = camera.tableAt(u, v);
      const [x1, y1] = camera.tableAt(u + 1, v);
      const [x2, y2] = camera.tableAt(u, v + 1);
      most = Math.max(most, Math.hypot(x1 - x, y1 - y) * texture.s, Math.hypot(x2 - x, y2 - y) * texture.s);
    }
  }
  return Math.min(5, Math.max(0, Math.log2(most)));
}

function warp(texture: TableTexture, camera: Camera): Uint8ClampedArray {
  const { width: W, height: H, distortion: kd } = camera.spec;
  const data = texture.canvas.data();
  // 32-bit reads need an aligned buffer: copy only when the canvas's is not.
  const texels = data.byteOffset % 4 === 0 ? new Uint8Array(data.buffer, data.byteOffset, data.length) : new Uint8Array(data);
  const levels = mipmaps(texels, texture.canvas.width, texture.canvas.height, 1 + Math.ceil(coarsestLod(texture, camera)));
  const maxLevel = levels.length - 1;
  const scales = levels.map((_, l) => 1 / (1 << l));
  const out = new Uint8ClampedArray(W * H * 4);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = camera.idealToTable;
  const F = camera.focalPx;
  const cx = camera.cx;
  const cy = camera.cy;
  const s = texture.s;
  const x0 = texture.x0;
  const y0 = texture.y0;
  // Accumulators in a typed array: captured mutable numbers would be boxed on every write.
  const acc = new Float64Array(3);
  // Bilinear lookup into one level, adding weight x texel into acc.
  const add = (level: Level, tx: number, ty: number, weight: number): void => {
    const lw = level.w;
    let x = tx - 0.5;
    let y = ty - 0.5;
    if (x < 0) x = 0;
    else if (x > lw - 1.001) x = lw - 1.001;
    if (y < 0) y = 0;
    else if (y > level.h - 1.001) y = level.h - 1.001;
    const xi = x | 0;
    const yi = y | 0;
    const fx = x - xi;
    const fy = y - yi;
    const p = level.px;
    const i00 = yi * lw + xi;
    const q00 = p[i00]!;
    const q10 = p[i00 + 1]!;
    const q01 = p[i00 + lw]!;
    const q11 = p[i00 + lw + 1]!;
    const w11 = fx * fy * weight;
    const w01 = fy * weight - w11;
    const w10 = fx * weight - w11;
    const w00 = weight - w01 - w10 - w11;
    acc[0]! += (q00 & 255) * w00 + (q10 & 255) * w10 + (q01 & 255) * w01 + (q11 & 255) * w11;
    acc[1]! += ((q00 >>> 8) & 255) * w00 + ((q10 >>> 8) & 255) * w10 + ((q01 >>> 8) & 255) * w01 + ((q11 >>> 8) & 255) * w11;
    acc[2]! += ((q00 >>> 16) & 255) * w00 + ((q10 >>> 16) & 255) * w10 + ((q01 >>> 16) & 255) * w01 + ((q11 >>> 16) & 255) * w11;
  };
  let o = 0;
  for (let v = 0; v < H; v++) {
    const dy = (v + 0.5 - cy) / F;
    for (let u = 0; u < W; u++, o += 4) {
      const dx = (u + 0.5 - cx) / F;
      const k = 1 + kd * (dx * dx + dy * dy);
      const iu = cx + dx * k * F;
      const iv = cy + dy * k * F;
      const a = m0 * iu + m1 * iv + m2;
      const c = m3 * iu + m4 * iv + m5;
      const w = m6 * iu + m7 * iv + m8;
      const iw = 1 / w;
      // Texels one pixel covers, from the homography's derivatives: picks the mip level.
      const iw2 = iw * iw * s * k;
      const xu = (m0 * w - a * m6) * iw2;
      const yu = (m3 * w - c * m6) * iw2;
      const xv = (m1 * w - a * m7) * iw2;
      const yv = (m4 * w - c * m7) * iw2;
      const footprint = Math.max(xu * xu + yu * yu, xv * xv + yv * yv);
      let lod = footprint > 1 ? 0.5 * Math.log2(footprint) : 0;
      if (lod > maxLevel) lod = maxLevel;
      const l0 = lod | 0;
      const f = lod - l0;
      const tx = (a * iw - x0) * s;
      const ty = (c * iw - y0) * s;
      acc[0] = 0;
      acc[1] = 0;
      acc[2] = 0;
      const k0 = scales[l0]!;
      if (f < 0.02 || l0 === maxLevel) add(levels[l0]!, tx * k0, ty * k0, 1);
      else {
        add(levels[l0]!, tx * k0, ty * k0, 1 - f);
        add(levels[l0 + 1]!, tx * k0 * 0.5, ty * k0 * 0.5, f);
      }
      out[o] = acc[0]!;
      out[o + 1] = acc[1]!;
      out[o + 2] = acc[2]!;
      out[o + 3] = 255;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hands and what the camera does to light.

/** Hands or sleeves over part of a card, as the conditions ask. */
export function chooseHands(scene: Scene, camera: Camera, c: PhotoConditions, random: Random): HandSpec[] {
  const { width: W, height: H } = camera.spec;
  const faces = scene.cards.filter((card) => {
    if (card.kind !== 'card') return false;
    const [u, v] = camera.project(card.x, card.y);
    return u > 0 && v > 0 && u < W && v < H;
  });
  if (faces.length === 0) return [];
  const hands: HandSpec[] = [];
  for (const kind of c.distractors) {
    if (kind !== 'hand' && kind !== 'sleeve') continue;
    const card = pick(random, faces);
    const point = camera.project(...solidToTable(card, uniform(random, 0.15, 0.85) * card.w, uniform(random, 0.15, 0.85) * card.h));
    // The arm comes in from a frame edge, most often the near one (the player's side).
    const side = pick(random, ['bottom', 'bottom', 'left', 'right', 'top'] as const);
    const entry: Vec2 =
      side === 'bottom' ? [point[0] + uniform(random, -0.3, 0.3) * W, H * 1.3] :
      side === 'top' ? [point[0] + uniform(random, -0.3, 0.3) * W, -0.3 * H] :
      side === 'left' ? [-0.3 * W, point[1] + uniform(random, -0.3, 0.3) * H] : [W * 1.3, point[1] + uniform(random, -0.3, 0.3) * H];
    const direction = Math.atan2(point[1] - entry[1], point[0] - entry[0]);
    // A hand floats above the table, so it looks larger than the table under it.
    const scale = camera.pxPerMmAt(point[0], point[1]) * uniform(random, 1.05, 1.25);
    const reach = kind === 'sleeve' ? uniform(random, 140, 230) * scale : 0;
    const tip: Vec2 = [point[0] + Math.cos(direction) * reach, point[1] + Math.sin(direction) * reach];
    hands.push(randomHand(random, tip, direction, scale, kind === 'sleeve'));
  }
  return hands;
}

/** Hands drawn over the warped table; returns their mask. */
function drawHands(photo: Canvas, hands: readonly HandSpec[], c: PhotoConditions): OccluderMask | undefined {
  const { width: W, height: H } = photo;
  if (hands.length === 0) return undefined;
  const overlay = createCanvas(W, H);
  const octx = overlay.getContext('2d');
  for (const hand of hands) drawHand(octx, hand);
  const shadow = createCanvas(W, H);
  const sctx = shadow.getContext('2d');
  for (const hand of hands) drawHand(sctx, hand, '#000000');
  const data = overlay.data();
  const alpha = new Uint8Array(W * H);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3]!;
  const ctx = photo.getContext('2d');
  const [lx, ly] = lightVector(c);
  const lift = Math.max(...hands.map((h) => h.scale)) * 60;
  ctx.save();
  ctx.globalAlpha = 0.38;
  ctx.filter = `blur(${Math.round(lift * 0.25)}px)`;
  ctx.drawImage(shadow, -lx * lift, -ly * lift);
  ctx.restore();
  ctx.save();
  // Nearer the lens than the table: a little out of focus.
  ctx.filter = 'blur(1.2px)';
  ctx.drawImage(overlay, 0, 0);
  ctx.restore();
  return { width: W, height: H, alpha };
}

const TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => Math.pow(i / 255, 2.2));
/** Linear light (x 4096, up to 3) to 8-bit sRGB, highlights rolled off softly above 0.75 as phones do. */
const TONE = Uint8Array.from({ length: 3 * 4096 + 1 }, (_, i) => {
  let x = i / 4096;
  if (x > 0.75) x = 0.75 + 0.25 * (1 - Math.exp(-(x - 0.75) / 0.25));
  return Math.round(255 * Math.pow(Math.min(1, x), 1 / 2.2));
});

let normals: Float32Array | null = null;
function normalTable(): Float32Array {
  if (normals) return normals;
  const random = seededRandom(0x9e3779b9);
  normals = new Float32Array(1 << 16);
  for (let i = 0; i < normals.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - random()));
    const t = 2 * Math.PI * random();
    normals[i] = r * Math.cos(t);
    normals[i + 1] = r * Math.sin(t);
  }
  return normals;
}

interface Glare {
  readonly u: number;
  readonly v: number;
  readonly rx: number;
  readonly ry: number;
  readonly angle: number;
  readonly strength: number;
}

/** How much a lamp's reflection shows on the bare table (cards, coins and glass: fully). */
const TABLE_GLOSS: Readonly<Record<PhotoConditions['background'], number>> = { wood: 0.4, plain: 0.3, felt: 0, cloth: 0.04 };

/** Glossy places in the image: everything lying on the table, as projected quadrilaterals. */
interface Gloss {
  readonly quads: readonly (readonly Vec2[])[];
  readonly table: number;
}

function glossOf(scene: Scene, camera: Camera, c: PhotoConditions): Gloss {
  const quads = [...scene.cards, ...scene.objects].map((solid) => solidCorners(solid).map(([x, y]) => camera.project(x, y)));
  return { quads, table: TABLE_GLOSS[c.background] };
}

function insideConvex(quad: readonly Vec2[], u: number, v: number): boolean {
  let sign = 0;
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % quad.length]!;
    const cross = (b[0] - a[0]) * (v - a[1]) - (b[1] - a[1]) * (u - a[0]);
    if (cross !== 0) {
      if (sign === 0) sign = Math.sign(cross);
      else if (Math.sign(cross) !== sign) return false;
    }
  }
  return true;
}

function chooseGlare(scene: Scene, camera: Camera, c: PhotoConditions, random: Random): Glare[] {
  if (c.glare <= 0) return [];
  const { width: W, height: H } = camera.spec;
  const cards = scene.cards.filter((k) => k.kind === 'card');
  const spots: Glare[] = [];
  const count = 1 + Math.floor(random() * 2);
  for (let i = 0; i < count; i++) {
    // A lamp's reflection, placed where it catches a card most of the time.
    const [u, v]: Vec2 = cards.length > 0 && random() < 0.8 ? camera.project(...solidToTable(pick(random, cards), uniform(random, 0, 63), uniform(random, 0, 88))) : [uniform(random, 0.1, 0.9) * W, uniform(random, 0.1, 0.9) * H];
    const r = uniform(random, 0.012, 0.045) * W;
    spots.push({ u, v, rx: r, ry: r * uniform(random, 0.4, 1), angle: uniform(random, 0, Math.PI), strength: c.glare * uniform(random, 0.8, 2.2) });
  }
  return spots;
}

/** Each spot's light over the image (0 where the surface is matt or a hand is in the way). */
function glareMap(spots: readonly Glare[], W: number, H: number, gloss: Gloss, mask?: OccluderMask): Float32Array | null {
  if (spots.length === 0) return null;
  const map = new Float32Array(W * H);
  for (const g of spots) {
    const reach = 4 * Math.max(g.rx, g.ry);
    const cos = Math.cos(g.angle);
    const sin = Math.sin(g.angle);
    const near = gloss.quads.filter((q) => {
      const us = q.map((p) => p[0]);
      const vs = q.map((p) => p[1]);
      return Math.min(...us) < g.u + reach && Math.max(...us) > g.u - reach && Math.min(...vs) < g.v + reach && Math.max(...vs) > g.v - reach;
    });
    for (let v = Math.max(0, Math.floor(g.v - reach)); v < Math.min(H, g.v + reach); v++) {
      for (let u = Math.max(0, Math.floor(g.u - reach)); u < Math.min(W, g.u + reach); u++) {
        const du = u - g.u;
        const dv = v - g.v;
        const a = (du * cos + dv * sin) / g.rx;
        const b = (-du * sin + dv * cos) / g.ry;
        const d2 = a * a + b * b;
        if (d2 >= 16) continue;
        const shine = near.some((q) => insideConvex(q, u + 0.5, v + 0.5)) ? 1 : gloss.table;
        if (shine === 0) continue;
        // A bright, nearly flat core (the lamp's reflection) inside a faint halo.
        const light = g.strength * shine * (Math.exp(-d2 * d2 * 1.5) + Math.exp(-d2 * 0.6) * 0.08);
        map[v * W + u]! += mask ? light * (1 - mask.alpha[v * W + u]! / 255) : light;
      }
    }
  }
  return map;
}

function wbGains(c: PhotoConditions): [number, number, number] {
  const s = c.wbStrength;
  if (c.whiteBalance === 'warm') return [1 + 0.28 * s, 1 + 0.04 * s, 1 - 0.34 * s];
  if (c.whiteBalance === 'cool') return [1 - 0.22 * s, 1 + 0.02 * s, 1 + 0.3 * s];
  return [1 + 0.05 * s, 1, 1 - 0.05 * s];
}

/** Exposure, vignetting, white balance and glare, in linear light, with a soft highlight roll-off. */
function develop(rgba: Uint8ClampedArray | Buffer, W: number, H: number, c: PhotoConditions, glare: Float32Array | null): Buffer {
  const out = Buffer.alloc(W * H * 3);
  const [gr, gg, gb] = wbGains(c).map((g) => g * c.exposure) as [number, number, number];
  const sat = c.saturation;
  const cxn = W / 2;
  const cyn = H / 2;
  const half = Math.hypot(cxn, cyn);
  const tone = (x: number): number => TONE[x <= 0 ? 0 : x >= 3 ? TONE.length - 1 : (x * 4096 + 0.5) | 0]!;
  for (let v = 0; v < H; v++) {
    const dy = (v - cyn) / half;
    for (let u = 0; u < W; u++) {
      const dx = (u - cxn) / half;
      const r2 = dx * dx + dy * dy;
      const vig = 1 - c.vignetting * r2 * (1.2 - 0.2 * r2);
      const p = v * W + u;
      const i = p * 4;
      const o = p * 3;
      const gl = glare ? glare[p]! : 0;
      let r = TO_LINEAR[rgba[i]!]! * gr * vig;
      let g = TO_LINEAR[rgba[i + 1]!]! * gg * vig;
      let b = TO_LINEAR[rgba[i + 2]!]! * gb * vig;
      if (sat !== 1) {
        const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        r = y + (r - y) * sat;
        g = y + (g - y) * sat;
        b = y + (b - y) * sat;
      }
      out[o] = tone(r + gl);
      out[o + 1] = tone(g + gl);
      out[o + 2] = tone(b + gl);
    }
  }
  return out;
}

/** Shot and read noise on luma, coarser chroma noise, as a small sensor after its denoiser. */
function addNoise(rgb: Buffer, W: number, H: number, sigma: number, seed: number): void {
  if (sigma <= 0) return;
  const table = normalTable();
  let state = (seed ^ 0x5bd1e995) >>> 0 || 1;
  const cw = (W + 1) >> 1;
  const chroma = new Float32Array(cw * 3);
  const lumaScale = new Float32Array(766);
  for (let i = 0; i < lumaScale.length; i++) lumaScale[i] = sigma * (0.55 + 0.9 * Math.sqrt(i / 765));
  for (let v = 0; v < H; v++) {
    if ((v & 1) === 0) {
      for (let i = 0; i < chroma.length; i++) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        chroma[i] = table[state & 0xffff]! * sigma * 0.45;
      }
    }
    let o = v * W * 3;
    for (let u = 0; u < W; u++, o += 3) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const r = rgb[o]!;
      const g = rgb[o + 1]!;
      const b = rgb[o + 2]!;
      const n = table[state & 0xffff]! * lumaScale[r + g + b]!;
      const ci = (u >> 1) * 3;
      rgb[o] = clamp255(r + n + chroma[ci]!);
      rgb[o + 1] = clamp255(g + n + chroma[ci + 1]!);
      rgb[o + 2] = clamp255(b + n + chroma[ci + 2]!);
    }
  }
}

const clamp255 = (x: number): number => (x < 0 ? 0 : x > 255 ? 255 : (x + 0.5) | 0);

/** A line kernel `length` pixels long at `deg`, centred (so the truth does not move). */
function shakeKernel(length: number, deg: number): { width: number; height: number; kernel: number[] } {
  const n = 2 * Math.ceil(length / 2) + 1;
  const kernel = new Array<number>(n * n).fill(0);
  const dx = Math.cos((deg * Math.PI) / 180);
  const dy = Math.sin((deg * Math.PI) / 180);
  const steps = 64;
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps - 0.5) * length;
    const x = (n - 1) / 2 + t * dx;
    const y = (n - 1) / 2 + t * dy;
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const fx = x - xi;
    const fy = y - yi;
    const put = (u: number, v: number, w: number): void => {
      if (u >= 0 && v >= 0 && u < n && v < n) kernel[v * n + u]! += w;
    };
    put(xi, yi, (1 - fx) * (1 - fy));
    put(xi + 1, yi, fx * (1 - fy));
    put(xi, yi + 1, (1 - fx) * fy);
    put(xi + 1, yi + 1, fx * fy);
  }
  const sum = kernel.reduce((a, b) => a + b, 0);
  return { width: n, height: n, kernel: kernel.map((k) => k / sum) };
}

/** What the lens and the phone's processing do before the sensor noise: blur, shake, sharpening. */
async function optics(rgb: Buffer, W: number, H: number, c: PhotoConditions): Promise<Buffer> {
  if (c.blurSigma < 0.3 && c.shakePx < 1 && c.sharpen <= 0) return rgb;
  let image = sharp(rgb, { raw: { width: W, height: H, channels: 3 } });
  if (c.blurSigma >= 0.3) image = image.blur(c.blurSigma);
  if (c.shakePx >= 1) image = sharp(await image.raw().toBuffer(), { raw: { width: W, height: H, channels: 3 } }).convolve(shakeKernel(c.shakePx, c.shakeDeg));
  if (c.sharpen > 0) image = sharp(await image.raw().toBuffer(), { raw: { width: W, height: H, channels: 3 } }).sharpen({ sigma: 1, m1: 0, m2: c.sharpen * 2 });
  return image.raw().toBuffer();
}

/** Renders one photograph of the scene and its truth. */
export async function renderFrame(request: FrameRequest, options: { keepRgb?: boolean } = {}): Promise<RenderedFrame> {
  const { scene, conditions: c, camera } = request;
  const profile = request.profile ?? STANDARD_DECK;
  const random = seededRandom(request.lightSeed ?? request.seed);
  const texture = drawTable(scene, camera, c, profile, request.faces, random);
  const { width: W, height: H } = camera.spec;
  const warped = warp(texture, camera);
  const photo = createCanvas(W, H);
  const pctx = photo.getContext('2d');
  const image = pctx.createImageData(W, H);
  image.data.set(warped);
  pctx.putImageData(image, 0, 0);
  const mask = drawHands(photo, request.hands ?? [], c);
  const glare = glareMap(chooseGlare(scene, camera, c, random), W, H, glossOf(scene, camera, c), mask);
  let rgb = develop(mask ? photo.data() : warped, W, H, c, glare);
  rgb = await optics(rgb, W, H, c);
  addNoise(rgb, W, H, c.noise, request.seed);
  const jpeg = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: Math.round(c.jpegQuality), chromaSubsampling: '4:2:0' }).toBuffer();
  const truth = truthCards(scene, camera, mask);
  return { jpeg, truth, ...(options.keepRgb ? { rgb } : {}) };
}

/** The camera for a table: framed on the given cards (all states of a session, for a fixed camera). */
export function cameraFor(cards: readonly Solid[], c: PhotoConditions): Camera {
  const points = cards.flatMap((card) => solidCorners(card));
  return frameCamera(points.length > 0 ? points : [[0, 0], [63, 88]], c);
}
