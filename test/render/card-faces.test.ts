// Card faces as cards.md draws them: the pips in the card's colour where the layout puts them,
// the paper elsewhere, the Stacks faces' colours.
import { describe, expect, it } from 'vitest';
import { faceCanvas } from '../../src/deck/faces.js';
import { STANDARD_DECK } from '../../src/deck/profile.js';

const PX = 4;
function at(name: string, xMm: number, yMm: number): string {
  const canvas = faceCanvas(name, PX);
  const d = canvas.getContext('2d').getImageData(Math.round(xMm * PX), Math.round(yMm * PX), 1, 1).data;
  return `#${[d[0], d[1], d[2]].map((v) => v!.toString(16).padStart(2, '0').toUpperCase()).join('')}`;
}

const { colours } = STANDARD_DECK.tic;

describe('card faces', () => {
  it('"1 = centre": a 1 card has its pip at the centre, paper around it', () => {
    expect(at('1-circle-violet', 31.5, 44)).toBe(colours.violet);
    expect(at('1-circle-violet', 31.5, 30)).toBe(STANDARD_DECK.paper);
  });

  it('"2 = centre column at -13 / +13 mm"; "3 = -20 / 0 / +20 mm"', () => {
    expect(at('2-square-cyan', 31.5, 44 - 13)).toBe(colours.cyan);
    expect(at('2-square-cyan', 31.5, 44 + 13)).toBe(colours.cyan);
    expect(at('2-square-cyan', 31.5, 44)).toBe(STANDARD_DECK.paper);
    for (const dy of [-20, 0, 20]) expect(at('3-circle-orange', 31.5, 44 + dy)).toBe(colours.orange);
  });

  it('"4 = corners of a box at +-10 mm across and +-13 mm down; 5 = those four and the centre"', () => {
    for (const [dx, dy] of [[-10, -13], [10, -13], [-10, 13], [10, 13]] as const) {
      expect(at('4-circle-yellow', 31.5 + dx, 44 + dy)).toBe(colours.yellow);
      expect(at('5-circle-red', 31.5 + dx, 44 + dy)).toBe(colours.red);
    }
    expect(at('4-circle-yellow', 31.5, 44)).toBe(STANDARD_DECK.paper);
    expect(at('5-circle-red', 31.5, 44)).toBe(colours.red);
  });

  it('"crescent = a disc less an equal disc shifted ... towards the right, horns pointing right"', () => {
    // Left part of the disc is ink; its centre-right is cut away.
    expect(at('1-crescent-violet', 31.5 - 5, 44)).toBe(colours.violet);
    expect(at('1-crescent-violet', 31.5 + 3, 44)).toBe(STANDARD_DECK.paper);
    expect(at('1-crescent-violet', 31.5 + 1.5, 44 - 5.8)).toBe(colours.violet);
  });

  it('the 0.5 mm grey border and the rounded corners', () => {
    expect(at('3-star-orange', 31.5, 0.25)).toBe(STANDARD_DECK.border);
    expect(at('3-star-orange', 0.2, 0.2)).toBe('#000000');
  });

  it('the index: the numeral 8 mm tall, 4 mm in from the top-left, in the card\'s colour; the same turned at the bottom-right', () => {
    const inkIn = (x0: number, y0: number, x1: number, y1: number): { ink: number; top: number; left: number } => {
      const d = faceCanvas('4-circle-red', PX).getContext('2d').getImageData(x0 * PX, y0 * PX, (x1 - x0) * PX, (y1 - y0) * PX);
      let ink = 0;
      let top = Infinity;
      let left = Infinity;
      for (let i = 0; i < d.width * d.height; i++) {
        if (d.data[i * 4]! > 180 && d.data[i * 4 + 1]! < 90) {
          ink++;
          top = Math.min(top, Math.floor(i / d.width));
          left = Math.min(left, i % d.width);
        }
      }
      return { ink, top: y0 + top / PX, left: x0 + left / PX };
    };
    const index = inkIn(2, 2, 12, 12);
    expect(index.ink).toBeGreaterThan(100);
    expect(index.top).toBeCloseTo(4, 0);
    expect(index.left).toBeCloseTo(4, 0);
    expect(inkIn(51, 76, 61, 86).ink).toBe(index.ink);
    expect(inkIn(51, 2, 61, 12).ink).toBe(0);
  });

  it('Stacks: numbers in red or blue, specials on a yellow face, WILD in its colour', () => {
    expect(at('red-1', 31.5, 44)).toBe(STANDARD_DECK.stacks.colours.red);
    expect(at('blue-4', 31.5 + 4, 44 + 8)).toBe(STANDARD_DECK.stacks.colours.blue);
    expect(at('jump', 10, 20)).toBe(STANDARD_DECK.stacks.specialFace);
    expect(at('chip-steal', 31.5, 70)).toBe(STANDARD_DECK.stacks.specialFace);
    expect(at('red-wild', 31.5, 20)).toBe(STANDARD_DECK.paper);
  });
});
