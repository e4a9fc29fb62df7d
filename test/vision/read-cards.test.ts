import { beforeAll, describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../src/vision/image.js';
import { cutFixtureCards, readAndScore, type CutCard } from '../../src/training/evaluate.js';
import { DEV, MUST_HAVE_MODEL, sharedReader } from './read-helpers.js';

// Dev fixtures only (fixtures/heldout is for reporting): a few frames of each game, each card cut
// by its truth corners as the recogniser would cut it from a detected quad.
describe.skipIf(!MUST_HAVE_MODEL)('reading cards cut from dev-fixture frames by their truth corners', () => {
  let tic: CutCard[];
  let stacks: CutCard[];
  beforeAll(async () => {
    tic = await cutFixtureCards([DEV('progression'), DEV('sequence-shift'), DEV('sequence-hunt')], { maxFrames: 3 });
    stacks = await cutFixtureCards([DEV('sequence-stacks')], { maxFrames: 4 });
  });

  it('reads TIC cards in sight (number, shape and colour) at 98% or better, none wrong at 0.9 or above', async () => {
    const reader = await sharedReader();
    const { score } = readAndScore(reader, tic);
    expect(score.cards).toBeGreaterThan(60);
    expect(score.identity.right / score.identity.total).toBeGreaterThanOrEqual(0.98);
    expect(score.number.right / score.number.total).toBeGreaterThanOrEqual(0.98);
    expect(score.shape.right / score.shape.total).toBeGreaterThanOrEqual(0.98);
    expect(score.colour.right / score.colour.total).toBeGreaterThanOrEqual(0.98);
    expect(score.wrongConfident).toBe(0);
  });

  it('reads a card cut upside down as the same card, and says it was upside down', async () => {
    const reader = await sharedReader();
    const upright = reader.read(tic.map((c) => c.image), 'tic');
    const turned = reader.read(tic.map((c) => turn180(c.image)), 'tic');
    let same = 0;
    let wayUp = 0;
    let asymmetric = 0;
    tic.forEach((card, i) => {
      if (card.hidden) return;
      if (upright[i]!.card === turned[i]!.card) same++;
      const [, shape] = card.truth.split('-');
      if (shape === 'circle' || shape === 'square' || upright[i]!.card !== card.truth) return;
      asymmetric++;
      if (upright[i]!.upsideDown === false && turned[i]!.upsideDown === true) wayUp++;
    });
    const inSight = tic.filter((c) => !c.hidden).length;
    expect(same / inSight).toBeGreaterThanOrEqual(0.98);
    expect(asymmetric).toBeGreaterThan(20);
    expect(wayUp / asymmetric).toBeGreaterThanOrEqual(0.95);
  });

  it('reads Sequence Stacks cards: numbers, wilds and the yellow specials', async () => {
    const reader = await sharedReader();
    const { score } = readAndScore(reader, stacks);
    expect(score.stacks.total).toBeGreaterThan(15);
    expect(score.stacks.right / score.stacks.total).toBeGreaterThanOrEqual(0.95);
    expect(score.wrongConfident).toBe(0);
  });

  it('does not read a heavily covered card as a wrong identity at 0.9 or above', async () => {
    const reader = await sharedReader();
    const clear = tic.filter((c) => !c.hidden && c.visible === 1).slice(0, 40);
    // A hand-coloured block over most of the face, from each side in turn: at most a corner shows.
    const covered = clear.map((c, i) => cover(c.image, i % 4, 0.72));
    const readings = reader.read(covered, 'tic');
    readings.forEach((r, i) => {
      if (r.card !== null && r.card !== clear[i]!.truth) expect(r.confidence).toBeLessThan(0.9);
    });
    // And the fixtures' own cards under hands, phones and coins (more than half hidden).
    const hidden = tic.filter((c) => c.hidden);
    const hiddenReadings = reader.read(hidden.map((c) => c.image), 'tic');
    hiddenReadings.forEach((r, i) => {
      if (r.card !== null && r.card !== hidden[i]!.truth) expect(r.confidence).toBeLessThan(0.9);
    });
  });

  it('says sideways for a card cut across (its long side taken as the short one), never a name', async () => {
    const reader = await sharedReader();
    const clear = tic.filter((c) => !c.hidden && c.visible === 1).slice(0, 20);
    const readings = reader.read(clear.map((c) => sideways(c.image)), 'tic');
    const said = readings.filter((r) => r.sideways === true).length;
    expect(said / readings.length).toBeGreaterThanOrEqual(0.9);
    for (const r of readings) if (r.card !== null) expect(r.confidence).toBeLessThan(0.9);
  });
});

function turn180(image: RgbaImage): RgbaImage {
  const data = new Uint8Array(image.data.length);
  const n = image.width * image.height;
  for (let i = 0; i < n; i++) data.set(image.data.subarray(i * 4, i * 4 + 4), (n - 1 - i) * 4);
  return { width: image.width, height: image.height, data };
}

/** Skin-coloured cover over `share` of the face, from the given side (0 top, 1 right, 2 bottom, 3 left). */
function cover(image: RgbaImage, side: number, share: number): RgbaImage {
  const { width: w, height: h } = image;
  const data = new Uint8Array(image.data);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = [y / h, 1 - x / w, 1 - y / h, x / w][side]!;
      if (t >= share) continue;
      const p = (y * w + x) * 4;
      const shade = 0.85 + 0.15 * Math.sin(x / 5 + y / 7);
      data[p] = 214 * shade;
      data[p + 1] = 160 * shade;
      data[p + 2] = 128 * shade;
    }
  }
  return { width: w, height: h, data };
}

/** The card turned 90 degrees and squeezed back into the portrait cut, as a quad starting one corner late would cut it. */
function sideways(image: RgbaImage): RgbaImage {
  const { width: w, height: h } = image;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Output column x runs down the source's rows, output row y across its columns (reversed).
      const sx = Math.min(w - 1, Math.floor(((h - 1 - y) / h) * w));
      const sy = Math.min(h - 1, Math.floor((x / w) * h));
      data.set(image.data.subarray((sy * w + sx) * 4, (sy * w + sx) * 4 + 4), (y * w + x) * 4);
    }
  }
  return { width: w, height: h, data };
}
