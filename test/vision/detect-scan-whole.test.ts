// The scan on faint cards whose faces carry big shapes: a rectangle straddling two cards whose
// upright sides run along the shapes' edges (over part of their length only), or lying across a
// Stacks card's numeral, must not outscore the cards' own faint sides, which run their whole
// length. (Scored by their means alone, the straddling rectangle below won.)
import { describe, expect, it } from 'vitest';
import { openCv } from '../../src/vision/opencv.js';
import { quadCentre, type Homography, type Vec } from '../../src/vision/detect/geometry.js';
import { scanTable } from '../../src/vision/detect/scan.js';
import { cornerError, detect, matchTruth, recordedFrame } from './detect-helpers.js';

const W = 400;
const H = 300;
/** Frame pixels to table mm: two pixels a millimetre, straight down. */
const TO_TABLE: Homography = [0.5, 0, 0, 0, 0.5, 0, 0, 0, 1];

describe('a row of two faint cards with shapes lined up across the gap', () => {
  // Cards 126 x 176 px (63 x 88 mm) 10 px apart, paper a little lighter than the table.
  const cards = [
    { x0: 60, y0: 60 },
    { x0: 196, y0: 60 },
  ];
  const data = new Uint8Array(W * H).fill(200);
  for (const c of cards) for (let y = c.y0; y < c.y0 + 176; y++) for (let x = c.x0; x < c.x0 + 126; x++) data[y * W + x] = 216;
  // Shapes in the top and bottom thirds of each card, their edges where the sides of a card-sized
  // rectangle half over each card fall (x 130 and 256).
  const bar = (x0: number, x1: number): void => {
    for (const [y0, y1] of [
      [70, 118],
      [178, 226],
    ] as const) {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * W + x] = 176;
    }
  };
  bar(130, 150);
  bar(236, 256);

  const best = async (): Promise<Vec> => {
    const cv = await openCv();
    const grey = cv.matFromArray(H, W, cv.CV_8UC1, [...data]);
    try {
      const hits = scanTable({ grey, greyToFrame: 1, toTable: TO_TABLE, box: { x0: 0, y0: 0, x1: W / 2, y1: H / 2 }, size: { widthMm: 63, heightMm: 88 }, angles: [0] });
      expect(hits.length).toBeGreaterThan(0);
      return quadCentre(hits[0]!.quad);
    } finally {
      grey.delete();
    }
  };

  it('scored by whole sides, the best hit is a card', async () => {
    const c = await best();
    const own = cards.map((k) => Math.hypot(c[0] - (k.x0 + 63), c[1] - (k.y0 + 88)));
    expect(Math.min(...own)).toBeLessThan(6);
  });
});

describe('a Stacks card on a table nearly as light as its paper', () => {
  it('is found where its big numeral lines up with no side of it', async () => {
    // Frame 24 of the Stacks game filmed as the held-out recorded game films it (seed 10118): a
    // red-5 on a light blue-grey table, its paper 10 grey levels above it. Scored by their means,
    // the scan's best rectangles lay 35 px along the card, one side on the numeral's edge, and the
    // card was missed in 9 frames of the game.
    const { image, truth } = await recordedFrame('sequence-stacks', 'heldout', 10118, 24);
    const k = truth.findIndex((t) => t.card === 'red-5' && !t.hidden);
    const found = await detect(image, 'stacks');
    const match = matchTruth(truth, found);
    expect(match[k]).toBeGreaterThanOrEqual(0);
    expect(cornerError(found[match[k]!]!.corners, truth[k]!.corners)).toBeLessThan(6);
  }, 60_000);
});
