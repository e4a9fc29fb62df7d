// Cards more than half hidden (under a phone, a hand, other cards of a pile, or out of the frame)
// are marked hidden; the share the truth claims matches the share of card pixels in the photo.
import { describe, expect, it } from 'vitest';
import type { Camera } from '../../src/render/camera.js';
import { plainConditions } from '../../src/render/conditions.js';
import { STANDARD_DECK, type DeckProfile } from '../../src/deck/profile.js';
import type { HandSpec } from '../../src/render/hands.js';
import { cameraFor, renderFrame } from '../../src/render/photo.js';
import { placeCards, solidToTable, stacksPlacements, type CardPose, type ObjectPose } from '../../src/render/scene.js';
import type { TruthCard } from '../../src/render/truth.js';
import { decode, inQuad, isMagenta, pixel, type Decoded, type Pt } from './pixels.js';

const PINK: DeckProfile = { ...STANDARD_DECK, paper: '#FF60FF', border: '#FF60FF' };
const still = { gapMm: 12, jitterDeg: 0, slideMm: 0, flipShare: 0, angleDeg: 8, wanderMm: 0 };
const conditions = plainConditions({ width: 640, height: 360, tiltDeg: 20, fill: 0.75 });

function pinkShare(img: Decoded, truth: TruthCard): number {
  let pink = 0;
  for (let i = 0; i < 20; i++) for (let j = 0; j < 20; j++) if (isMagenta(pixel(img, ...inQuad(truth.corners as Pt[], (i + 0.5) / 20, (j + 0.5) / 20)))) pink++;
  return pink / 400;
}

async function shoot(cards: CardPose[], objects: ObjectPose[] = [], hands: (camera: Camera) => HandSpec[] = () => [], camera = cameraFor(cards, conditions)) {
  const frame = await renderFrame({ scene: { game: 'progression', cards, objects }, conditions, camera, seed: 5, hands: hands(camera), profile: PINK });
  return { truth: frame.truth, img: await decode(frame.jpeg) };
}

const two = (): CardPose[] =>
  placeCards('progression', [{ card: '1-circle-violet', row: 0, col: 0 }, { card: '2-crescent-cyan', row: 0, col: 1 }], still, 1, PINK);

describe('occlusion marks cards more than half hidden', () => {
  it('a phone over most of one card: that card hidden, its neighbour not; the photo agrees', async () => {
    const cards = two();
    const target = cards[0]!;
    // The phone over the card's left 65% (its neighbour lies to the right).
    const [x, y] = solidToTable(target, 41 - 36, 44);
    const phone: ObjectPose = { kind: 'phone', x, y, angleDeg: target.angleDeg, w: 72, h: 150, z: 10, lift: 8, tint: '#1A1A1C' };
    const { truth, img } = await shoot(cards, [phone]);
    const covered = truth.find((t) => t.card === '1-circle-violet')!;
    const free = truth.find((t) => t.card === '2-crescent-cyan')!;
    expect(covered.hidden).toBe(true);
    expect(covered.visible).toBeLessThan(0.5);
    expect(free.hidden).toBeUndefined();
    expect(free.visible).toBe(1);
    expect(Math.abs(pinkShare(img, covered) - covered.visible)).toBeLessThan(0.12);
    expect(pinkShare(img, free)).toBeGreaterThan(0.85);
  });

  it('a hand over part of a card: the share claimed is the share of card pixels seen', async () => {
    const cards = two();
    const target = cards[1]!;
    const hand = (camera: Camera): HandSpec[] => {
      const tip = camera.project(...solidToTable(target, 30, 20));
      return [{ tip, direction: Math.PI / 2, scale: camera.pxPerMmAt(tip[0], tip[1]), skin: '#C68642', sleeve: '#2B3A55', cuffMm: 250, spread: 0.05, side: 1 }];
    };
    const { truth, img } = await shoot(cards, [], hand);
    const under = truth.find((t) => t.card === '2-crescent-cyan')!;
    expect(under.visible).toBeLessThan(0.9);
    expect(under.hidden === true).toBe(under.visible < 0.5);
    expect(Math.abs(pinkShare(img, under) - under.visible)).toBeLessThan(0.12);
  });

  it('a Stacks pile: the top card is seen, the cards under it only peek out and are hidden', async () => {
    const placements = stacksPlacements({ sequences: [['red-1', 'red-2', 'red-3'], [], [], []], specials: [], discards: [], drawPile: 0 });
    const cards = placeCards('sequence-stacks', placements, still, 9, PINK);
    const camera = cameraFor(cards, conditions);
    const frame = await renderFrame({ scene: { game: 'sequence-stacks', cards, objects: [] }, conditions, camera, seed: 5, profile: PINK });
    const byCard = new Map(frame.truth.map((t) => [t.card, t]));
    expect(byCard.get('red-3')!.hidden).toBeUndefined();
    expect(byCard.get('red-3')!.visible).toBe(1);
    for (const under of ['red-1', 'red-2']) {
      const t = byCard.get(under);
      if (t) expect(t.hidden).toBe(true);
    }
    expect(frame.truth.every((t) => t.row === 0 && t.col === 0)).toBe(true);
  });

  it('a card mostly out of the frame is hidden; one wholly out is not listed', async () => {
    const row = placeCards('progression', ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow'].map((card, col) => ({ card, row: 0, col })), still, 1, PINK);
    // Framed on the first card, pushed towards the right edge: the second is cut, the third beyond.
    const camera = cameraFor([row[0]!], { ...conditions, tiltDeg: 0, offset: [-0.36, 0] });
    const { truth } = await shoot(row, [], () => [], camera);
    expect(truth.map((t) => t.card)).toEqual(['1-circle-violet', '2-crescent-cyan']);
    expect(truth[0]!.visible).toBe(1);
    expect(truth[1]!.hidden).toBe(true);
    expect(truth[1]!.visible).toBeGreaterThan(0);
  });
});
