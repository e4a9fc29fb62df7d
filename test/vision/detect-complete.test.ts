// Completing partly seen cards on the table plane, the top card of a pile, and a card whose end is
// cut short by something lying against it: on drawn pictures whose true corners are known exactly,
// and on a dev frame where that last case once read wrongly at high confidence.
import { describe, expect, it } from 'vitest';
import { completeOnPlane, coveredSide, extendUnderCover, slideOffTable, tableLook, tableShare, topOfPile } from '../../src/vision/detect/complete.js';
import { insidePolygon, type Vec } from '../../src/vision/detect/geometry.js';
import { refineQuad, type GreyImage } from '../../src/vision/detect/refine.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { detect, devFrame, matchTruth } from './detect-helpers.js';

const W = 480;
const H = 400;
/** 2 px a millimetre, straight down: a card is 126 x 176 px. */
const TO_TABLE = [0.5, 0, 0, 0, 0.5, 0, 0, 0, 1];
const TO_FRAME = [2, 0, 0, 0, 2, 0, 0, 0, 1];
const SIZE = { widthMm: 63, heightMm: 88 };

type Colour = readonly [number, number, number];
interface Shape {
  readonly quad: readonly Vec[];
  readonly colour: Colour;
}

/** Shapes painted in order (later ones over earlier ones), each pixel 4 x 4 supersampled. */
function paint(background: Colour, shapes: readonly Shape[]): { rgba: RgbaImage; grey: GreyImage } {
  const data = new Uint8ClampedArray(W * H * 4);
  const grey = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          // Pixel centres at whole numbers, as OpenCV and the refiner take them.
          const p: Vec = [x - 0.375 + sx * 0.25, y - 0.375 + sy * 0.25];
          let c = background;
          for (const s of shapes) if (insidePolygon(s.quad, p)) c = s.colour;
          for (let k = 0; k < 3; k++) sum[k]! += c[k]!;
        }
      }
      const i = y * W + x;
      for (let k = 0; k < 3; k++) data[i * 4 + k] = sum[k]! / 16;
      data[i * 4 + 3] = 255;
      grey[i] = (data[i * 4]! * 77 + data[i * 4 + 1]! * 150 + data[i * 4 + 2]! * 29) >> 8;
    }
  }
  return { rgba: { width: W, height: H, data } as unknown as RgbaImage, grey: { width: W, height: H, data: grey } };
}

/** A card (126 x 176 px) turned by `deg` about its centre. */
function card(cx: number, cy: number, deg: number, w = 126, h = 176): Vec[] {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => [cx + x! * c - y! * s, cy + x! * s + y! * c] as Vec);
}

/** The largest distance from a true corner to the nearest found corner. */
function cornerError(found: readonly Vec[], truth: readonly Vec[]): number {
  return Math.max(...truth.map((t) => Math.min(...found.map((f) => Math.hypot(f[0] - t[0], f[1] - t[1])))));
}

const TABLE: Colour = [60, 110, 80];
const PAPER: Colour = [235, 232, 225];
const SLEEVE: Colour = [120, 30, 40];

describe('a card seen in part, completed on the table plane', () => {
  it('stands the card on its two seen corners, not on the corners the sleeve makes', () => {
    const truth = card(240, 210, 8);
    // A sleeve over the lower 60% of the card, running off both sides of the picture.
    const sleeve: Vec[] = [
      [-10, 200],
      [W + 10, 215],
      [W + 10, H + 10],
      [-10, H + 10],
    ];
    const { rgba, grey } = paint(TABLE, [{ quad: truth, colour: PAPER }, { quad: sleeve, colour: SLEEVE }]);
    // The outline of what is seen: the card's top down to the sleeve's edge.
    const topLeft = truth[0]!;
    const topRight = truth[1]!;
    const seen: Vec[] = [topLeft, topRight, [topRight[0] - 2, 214], [topLeft[0] - 2, 201]];
    const rough = refineQuad(grey, seen);
    // All four sides of what is seen are clear edges: four corners to stand on.
    expect(rough.support.every((v) => v >= 0.5)).toBe(true);
    const done = completeOnPlane(rgba, grey, rough, TO_TABLE, TO_FRAME, SIZE);
    expect(done).not.toBeNull();
    expect(cornerError(done!.refined.quad, truth)).toBeLessThan(1.5);
  });

  it('completes a card cut by the frame from the corners in sight', () => {
    const truth = card(420, 180, -5);
    const { rgba, grey } = paint(TABLE, [{ quad: truth, colour: PAPER }]);
    // The scan's rough guess: the card cut at the layout's angle (0 degrees), a little off.
    const rough = refineQuad(grey, card(425, 180, 0));
    const done = completeOnPlane(rgba, grey, rough, TO_TABLE, TO_FRAME, SIZE);
    expect(done).not.toBeNull();
    // The corners out of the frame are where the card's size puts them.
    expect(cornerError(done!.refined.quad, truth)).toBeLessThan(1.5);
  });
});

describe('a card run out over open table instead of under the cover', () => {
  // A card whose lower 55% lies under a sleeve, and a whole card beside it on the open table.
  const truth = card(130, 200, 3);
  const whole = card(370, 200, -2);
  const sleeve: Vec[] = [
    [-10, 190],
    [250, 196],
    [250, H + 10],
    [-10, H + 10],
  ];
  const { rgba, grey } = paint(TABLE, [{ quad: truth, colour: PAPER }, { quad: whole, colour: PAPER }, { quad: sleeve, colour: SLEEVE }]);
  // The scan's card-sized cut standing on the sleeve's edge, run up over the table.
  const up = (q: readonly Vec[], by: number): Vec[] => q.map(([x, y]) => [x + by * Math.sin((3 * Math.PI) / 180), y - by * Math.cos((3 * Math.PI) / 180)] as Vec);
  const wrong = up(truth, 96);

  it('tells open table from the cover and the paper', () => {
    const look = tableLook(rgba, [whole]);
    expect(look).not.toBeNull();
    expect(tableShare(rgba, truth, look!)).toBeLessThan(0.03);
    expect(tableShare(rgba, wrong, look!)).toBeGreaterThan(0.3);
  });

  it('slides the cut back under the sleeve, onto the card\'s own corners', () => {
    const look = tableLook(rgba, [whole])!;
    const back = slideOffTable(rgba, grey, wrong, look, TO_TABLE, TO_FRAME, SIZE);
    expect(back).not.toBeNull();
    expect(cornerError(back!.quad, truth)).toBeLessThan(3);
    // Already clear of the table: nothing to slide.
    expect(slideOffTable(rgba, grey, truth, look, TO_TABLE, TO_FRAME, SIZE)).toBeNull();
  });

  it('completes under the face-down deck a dev card whose outline the deck cuts short (it was reported cut, 22 px off)', async () => {
    const { image, truth } = await devFrame('progression-session', 24);
    const found = await detect(image);
    const i = truth.findIndex((t) => t.card === '5-star-red');
    const m = matchTruth(truth, found)[i]!;
    expect(m).toBeGreaterThanOrEqual(0);
    // Truth corners are pixel-edge based, found ones pixel-centre based.
    const corners = found[m]!.corners.map(([x, y]) => [x + 0.5, y + 0.5] as Vec);
    expect(cornerError(corners, truth[i]!.corners as unknown as Vec[])).toBeLessThan(8);
    expect(found[m]!.partial).toBe(true);
  });

  it('tells nothing on a table the colour of the paper', () => {
    const pale = paint(PAPER, [{ quad: whole, colour: [240, 238, 232] }]);
    expect(tableLook(pale.rgba, [whole])).toBeNull();
  });
});

describe('the top card of a pile', () => {
  it('takes the top card\'s own sides, not the outline round the cards below', () => {
    // The card below peeks out 8 px past two sides of the top card, whose own edge there is only
    // the faint shadow it casts: a weaker edge than the lower card's against the table.
    const below = card(236, 204, -2);
    const top = card(244, 212, -2);
    const { grey } = paint(TABLE, [
      { quad: below, colour: PAPER },
      { quad: card(244, 212, -2, 130, 180), colour: [175, 175, 170] },
      { quad: top, colour: PAPER },
    ]);
    // The union's outline, which the paper mask gives for a pile.
    const rough = refineQuad(grey, card(240, 209, 0, 140, 190));
    expect(cornerError(rough.quad, top)).toBeGreaterThan(4);
    const found = topOfPile(grey, rough.quad);
    expect(found).not.toBeNull();
    expect(cornerError(found!.quad, top)).toBeLessThan(2);
  });

  it('leaves a lone card as it is', () => {
    const lone = card(240, 200, 4);
    const { grey } = paint(TABLE, [{ quad: lone, colour: PAPER }]);
    expect(topOfPile(grey, refineQuad(grey, lone).quad)).toBeNull();
  });
});

describe('a card cut short by something against one end', () => {
  it('tells a deck lying against the card from open table all round', () => {
    const shortCard = card(240, 230, 0, 126, 150);
    const deck: Vec[] = [
      [170, 20],
      [310, 20],
      [310, 155],
      [170, 155],
    ];
    const against = paint(TABLE, [{ quad: deck, colour: [30, 40, 100] }, { quad: shortCard, colour: PAPER }]);
    expect(coveredSide(against.rgba, shortCard)).toBe(0);
    const alone = paint(TABLE, [{ quad: shortCard, colour: PAPER }]);
    expect(coveredSide(alone.rgba, shortCard)).toBeNull();
  });

  it('runs the card on under the cover to its full length, the seen end kept', () => {
    // 150 of 176 px seen, from y 155 down to 305: the whole card reaches up to y 129.
    const shortCard = card(240, 230, 0, 126, 150);
    expect(cornerError(extendUnderCover(shortCard, 0, TO_TABLE, TO_FRAME, SIZE)!, card(240, 217, 0))).toBeLessThan(0.01);
    // Turned, and cut along a long side: 100 of 126 px seen.
    const narrow = card(240, 200, 20, 100, 176);
    const full = extendUnderCover(narrow, 1, TO_TABLE, TO_FRAME, SIZE)!;
    const shift = 13;
    expect(cornerError(full, card(240 + shift * Math.cos(Math.PI / 9), 200 + shift * Math.sin(Math.PI / 9), 20))).toBeLessThan(0.01);
    // Cut askew along the cover's edge: one end of the cut a little past the card's own corner,
    // the other well short of it, the card about its size.
    const truth = card(240, 217, 0);
    const askew: Vec[] = [[truth[0]![0], truth[0]![1] - 5], [truth[1]![0], truth[1]![1] + 30], truth[2]!, truth[3]!];
    expect(cornerError(extendUnderCover(askew, 0, TO_TABLE, TO_FRAME, SIZE)!, truth)).toBeLessThan(0.01);
    // Not short that way (already whole), or too short to be one card: nothing.
    expect(extendUnderCover(card(240, 200, 0), 0, TO_TABLE, TO_FRAME, SIZE)).toBeNull();
    expect(extendUnderCover(card(240, 200, 0, 126, 60), 0, TO_TABLE, TO_FRAME, SIZE)).toBeNull();
  });

  it('runs the dev card cut askew by the face-down deck on under it (its stars, sheared, read as triangles)', async () => {
    // The deck's edge crosses the card's end at a slant: the cut was 22 px off at one corner.
    for (const index of [17, 18, 19, 25]) {
      const { image, truth } = await devFrame('progression-session', index);
      const found = await detect(image);
      const i = truth.findIndex((t) => t.card === '5-star-red');
      const m = matchTruth(truth, found)[i]!;
      expect(m).toBeGreaterThanOrEqual(0);
      expect(cornerError(found[m]!.corners as unknown as Vec[], truth[i]!.corners as unknown as Vec[])).toBeLessThan(5);
      expect(found[m]!.partial).toBe(true);
    }
  });

  it('marks partial the dev card cut short by the face-down deck (it read wrongly at 0.95 unmarked)', async () => {
    const { image, truth } = await devFrame('progression-session', 21);
    const found = await detect(image);
    const i = truth.findIndex((t) => t.card === '5-star-red');
    expect(i).toBeGreaterThanOrEqual(0);
    const m = matchTruth(truth, found)[i]!;
    expect(m).toBeGreaterThanOrEqual(0);
    expect(found[m]!.partial).toBe(true);
  });
});
