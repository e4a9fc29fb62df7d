// The scan on faint cards whose faces carry big shapes: a rectangle straddling two cards whose
// upright sides run along the shapes' edges (over part of their length only) must not outscore
// the cards' own faint sides, which run their whole length.
import { describe, expect, it } from 'vitest';
import { openCv } from '../../src/vision/opencv.js';
import { quadCentre, type Homography, type Vec } from '../../src/vision/detect/geometry.js';
import { scanTable } from '../../src/vision/detect/scan.js';

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

  const best = async (wholeSides: boolean): Promise<Vec> => {
    const cv = await openCv();
    const grey = cv.matFromArray(H, W, cv.CV_8UC1, [...data]);
    try {
      const hits = scanTable(cv, { grey, greyToFrame: 1, toTable: TO_TABLE, box: { x0: 0, y0: 0, x1: W / 2, y1: H / 2 }, size: { widthMm: 63, heightMm: 88 }, angles: [0], wholeSides });
      expect(hits.length).toBeGreaterThan(0);
      return quadCentre(hits[0]!.quad);
    } finally {
      grey.delete();
    }
  };

  it('scored by whole sides, the best hit is a card', async () => {
    const c = await best(true);
    const own = cards.map((k) => Math.hypot(c[0] - (k.x0 + 63), c[1] - (k.y0 + 88)));
    expect(Math.min(...own)).toBeLessThan(6);
  });

  it('scored by mean sides alone, the straddling rectangle won (why whole sides)', async () => {
    const c = await best(false);
    expect(Math.abs(c[0] - 193)).toBeLessThan(8);
  });
});
