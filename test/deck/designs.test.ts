// The other printings the renderer draws (src/deck/designs.ts): each card shows its number, shape
// and colour the way its design says, and `seqref render --design` photographs tables of them.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ticCard, ticDeck } from '../../src/cards/tic.js';
import { DECK_DESIGNS } from '../../src/deck/designs.js';
import { facePixels } from '../../src/deck/faces.js';
import { seqref } from '../helpers/cli.js';

const PX_PER_MM = 4;

/** Pixel areas of the 4-connected blobs whose colour is within `tolerance` of `hex`. */
function blobsOf(face: { width: number; height: number; data: Uint8Array }, hex: string, tolerance = 40): number[] {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const { width, height, data } = face;
  const inColour = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    if (data[4 * i + 3]! > 200 && Math.abs(data[4 * i]! - r!) + Math.abs(data[4 * i + 1]! - g!) + Math.abs(data[4 * i + 2]! - b!) < tolerance) inColour[i] = 1;
  }
  const areas: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < inColour.length; start++) {
    if (inColour[start] !== 1) continue;
    inColour[start] = 2;
    stack.push(start);
    let area = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      area++;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j >= 0 && j < inColour.length && inColour[j] === 1) {
          inColour[j] = 2;
          stack.push(j);
        }
      }
    }
    areas.push(area);
  }
  return areas;
}

describe('deck designs', () => {
  test('there are at least five besides cards.md, two of them held out, spanning sizes, papers and faces', () => {
    expect(DECK_DESIGNS.length).toBeGreaterThanOrEqual(5);
    expect(DECK_DESIGNS.filter((d) => d.heldOut)).toHaveLength(2);
    const sizes = new Set(DECK_DESIGNS.map((d) => `${d.profile.widthMm}x${d.profile.heightMm}`));
    expect(sizes).toEqual(new Set(['63x88', '57x89']));
    expect(new Set(DECK_DESIGNS.map((d) => d.profile.cornerRadiusMm === 0)).size).toBe(2);
    expect(new Set(DECK_DESIGNS.map((d) => d.profile.frame !== undefined)).size).toBe(2);
    expect(new Set(DECK_DESIGNS.map((d) => d.profile.tic.indexNumeralMm === 0)).size).toBe(2);
  });

  for (const design of DECK_DESIGNS) {
    test(`${design.name}: a card of number n shows n pips, or one large shape where the numeral tells it, in its colour`, () => {
      const { tic } = design.profile;
      const oneShape = tic.pipOffsetsMm[5].length === 1;
      // A pip's area at least (the smallest shape, the crescent, fills about a third of its box).
      const pipArea = (tic.pipBoxMm * PX_PER_MM) ** 2 * 0.25;
      for (const name of ticDeck().filter((_, i) => i % 7 === 0)) {
        const card = ticCard(name);
        const face = facePixels(name, PX_PER_MM, design.profile);
        expect([face.width, face.height]).toEqual([Math.round(design.profile.widthMm * PX_PER_MM), Math.round(design.profile.heightMm * PX_PER_MM)]);
        const pips = blobsOf(face, tic.colours[card.colour]).filter((area) => area >= pipArea);
        expect(pips, name).toHaveLength(oneShape ? 1 : card.number);
      }
    });
  }
});

test('render --design photographs tables of another printing, its cards at their own size', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seqref-design-'));
  const result = seqref(['render', '--game', 'progression', '--design', 'bridge-serif-dice', '--frames', '1', '--tilt', '0', '--distractors', 'none', '--size', '1280x720', '--out', dir]);
  expect(result.status).toBe(0);
  const fixture = JSON.parse(readFileSync(join(dir, 'fixture.json'), 'utf8'));
  expect(fixture.description).toContain('deck design bridge-serif-dice');
  const sides = fixture.frames[0].cards.filter((c: { visible: number }) => c.visible > 0.99).map((c: { corners: number[][] }) => {
    const [a, b, , d] = c.corners as [[number, number], [number, number], [number, number], [number, number]];
    return Math.hypot(b[0] - a[0], b[1] - a[1]) / Math.hypot(d[0] - a[0], d[1] - a[1]);
  });
  expect(sides.length).toBeGreaterThan(3);
  for (const ratio of sides) expect(Math.abs(ratio - 57 / 89)).toBeLessThan(0.04);
  const bad = seqref(['render', '--game', 'progression', '--design', 'tarot', '--out', dir]);
  expect(bad.status).toBe(2);
  expect(bad.stderr).toMatch(/^seqref: unknown deck design "tarot"; the designs are bridge-serif-dice, /);
  expect(bad.stderr.trim().split('\n')).toHaveLength(1);
}, 60_000);
