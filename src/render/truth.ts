// The truth of a frame (contracts section 3), from the renderer's geometry only: each face-up card's
// four corners projected clockwise from its own top-left, and how much of it the camera sees.
import type { Camera, Vec2 } from './camera.js';
import { solidCorners, solidCovers, solidToTable, type CardPose, type Scene, type Solid } from './scene.js';

export interface TruthCard {
  readonly card: string;
  readonly row: number;
  readonly col: number;
  /** Image pixels, clockwise from the card's own top-left corner. */
  readonly corners: [number, number][];
  /** Share of the face the camera sees (0..1): not under other cards, objects or hands, inside the frame. */
  readonly visible: number;
  /** More than half the face is hidden (an addition to contracts section 3). */
  readonly hidden?: true;
  /** In a hand, being slid across the table (recorded sessions): not yet in its cell. */
  readonly moving?: true;
}

/** Image-space occluders (hands, sleeves): covered where alpha > 127. */
export interface OccluderMask {
  readonly width: number;
  readonly height: number;
  /** One byte a pixel. */
  readonly alpha: Uint8Array;
}

const SAMPLES_X = 14;
const SAMPLES_Y = 20;

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** Share of a card's face seen: a grid of points over the face, each tested against everything above it. */
export function visibleShare(card: CardPose, above: readonly Solid[], camera: Camera, mask?: OccluderMask): number {
  const { width, height } = camera.spec;
  let seen = 0;
  for (let i = 0; i < SAMPLES_X; i++) {
    for (let j = 0; j < SAMPLES_Y; j++) {
      const [x, y] = solidToTable(card, ((i + 0.5) / SAMPLES_X) * card.w, ((j + 0.5) / SAMPLES_Y) * card.h);
      if (above.some((s) => solidCovers(s, x, y))) continue;
      const [u, v] = camera.project(x, y);
      if (!(u >= 0 && v >= 0 && u < width && v < height)) continue;
      if (mask && mask.alpha[Math.floor(v) * mask.width + Math.floor(u)]! > 127) continue;
      seen++;
    }
  }
  return seen / (SAMPLES_X * SAMPLES_Y);
}

export function projectCorners(solid: Solid, camera: Camera): Vec2[] {
  return solidCorners(solid).map(([x, y]) => camera.project(x, y));
}

/** Every face-up card the camera sees at all, in row, column and pile order. */
export function truthCards(scene: Scene, camera: Camera, mask?: OccluderMask): TruthCard[] {
  const solids: Solid[] = [...scene.cards, ...scene.objects];
  const truth: TruthCard[] = [];
  const cards = [...scene.cards].sort((a, b) => a.row - b.row || a.col - b.col || a.level - b.level);
  for (const card of cards) {
    if (card.kind !== 'card') continue;
    const above = solids.filter((s) => s.z > card.z);
    const visible = visibleShare(card, above, camera, mask);
    if (visible === 0) continue;
    truth.push({
      card: card.card,
      row: card.row,
      col: card.col,
      corners: projectCorners(card, camera).map(([u, v]) => [round2(u), round2(v)]),
      visible: round2(visible),
      ...(visible < 0.5 ? { hidden: true as const } : {}),
      ...(card.moving ? { moving: true as const } : {}),
    });
  }
  return truth;
}
