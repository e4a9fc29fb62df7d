// `seqref print-deck`, printed as a player would print it: the PDF rasterised by poppler (as a
// printer's driver would), cut along its crop marks, and the cut cards photographed on a table.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImage, type Image } from '@napi-rs/canvas';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { printedCards } from '../../src/deck/print.js';
import { planShot, renderShot } from '../../src/render/shot.js';
import { decodeImage } from '../../src/vision/image.js';
import { openCv } from '../../src/vision/opencv.js';
import { recogniseWith } from '../../src/vision/recognise.js';
import { seqref } from '../helpers/cli.js';
import { matchTruth } from '../vision/detect-helpers.js';
import { MUST_HAVE_MODEL, sharedReader } from '../vision/read-helpers.js';

const DPI = 200;
const PX_PER_MM = DPI / 25.4;
const dir = mkdtempSync(join(tmpdir(), 'seqref-print-'));
// Without poppler-utils this skips locally and FAILS under CI=true (.ci/run installs it).
const HAVE_POPPLER = spawnSync('pdftoppm', ['-v']).status === 0;

interface Raster {
  readonly width: number;
  readonly height: number;
  readonly grey: Uint8Array;
  readonly png: Buffer;
}

/** One page of a PDF as the printer would put it on paper, at DPI. */
async function rasterise(pdf: string, page: number): Promise<Raster> {
  const result = spawnSync('pdftoppm', ['-r', String(DPI), '-f', String(page), '-l', String(page), '-png', '-singlefile', pdf], { maxBuffer: 256 << 20 });
  expect(result.status, String(result.stderr)).toBe(0);
  const png = result.stdout;
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, grey: new Uint8Array(data), png };
}

/** Centres of runs of true in a profile. */
function runs(marked: boolean[]): number[] {
  const centres: number[] = [];
  for (let i = 0; i < marked.length; i++) {
    if (!marked[i]) continue;
    const start = i;
    while (i + 1 < marked.length && marked[i + 1]) i++;
    centres.push((start + i) / 2);
  }
  return centres;
}

/**
 * The cut lines, read off the crop marks as someone with a ruler would: the marks are the only ink
 * above the cards (vertical cuts) and right of them (horizontal cuts).
 */
function cutLines(page: Raster): { xs: number[]; ys: number[] } {
  const { width, height, grey } = page;
  const inked = (x: number, y: number): boolean => grey[y * width + x]! < 128;
  const notWhite = (x: number, y: number): boolean => grey[y * width + x]! < 250;
  const rowCovered = (y: number): boolean => Array.from({ length: width }, (_, x) => notWhite(x, y)).filter(Boolean).length > width / 2;
  const colCovered = (x: number): boolean => Array.from({ length: height }, (_, y) => notWhite(x, y)).filter(Boolean).length > height / 2;
  let top = 0;
  while (!rowCovered(top)) top++;
  let right = width - 1;
  while (!colCovered(right)) right--;
  const xs = runs(Array.from({ length: width }, (_, x) => Array.from({ length: top - 2 }, (_, y) => inked(x, y)).filter(Boolean).length >= 10));
  const ys = runs(Array.from({ length: height }, (_, y) => Array.from({ length: width - right - 3 }, (_, k) => inked(right + 3 + k, y)).filter(Boolean).length >= 10));
  return { xs, ys };
}

async function cutCards(page: Raster, count: number): Promise<Image[]> {
  const { xs, ys } = cutLines(page);
  const cards: Image[] = [];
  for (let slot = 0; slot < count; slot++) {
    const [c, r] = [slot % 3, Math.floor(slot / 3)];
    const left = Math.round(xs[c]!);
    const top = Math.round(ys[r]!);
    const cut = await sharp(page.png).extract({ left, top, width: Math.round(xs[c + 1]!) - left, height: Math.round(ys[r + 1]!) - top }).png().toBuffer();
    cards.push(await loadImage(cut));
  }
  return cards;
}

describe.skipIf(!HAVE_POPPLER && process.env.CI !== 'true')('print-deck', () => {
  const letter = join(dir, 'tic-letter.pdf');
  beforeAll(() => {
    const result = seqref(['print-deck', '--game', 'tic', '--paper', 'letter', '--out', letter]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/125 cards on 14 sheets of US Letter \(28 pages, faces then backs\)/);
  });

  test('the deck comes as 14 sheets of faces, each followed by its backs, on the paper asked for', () => {
    const info = spawnSync('pdfinfo', [letter], { encoding: 'utf8' }).stdout;
    expect(info).toMatch(/Pages:\s+28\n/);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  test('cut along the crop marks, every card is 63 x 88 mm, on A4 and on Letter', async () => {
    const a4 = join(dir, 'stacks-a4.pdf');
    expect(seqref(['print-deck', '--game', 'sequence-stacks', '--out', a4]).status).toBe(0);
    for (const pdf of [letter, a4]) {
      const { xs, ys } = cutLines(await rasterise(pdf, 1));
      expect(xs).toHaveLength(4);
      expect(ys).toHaveLength(4);
      for (let k = 0; k < 3; k++) {
        expect(Math.abs((xs[k + 1]! - xs[k]!) / PX_PER_MM - 63)).toBeLessThan(0.3);
        expect(Math.abs((ys[k + 1]! - ys[k]!) / PX_PER_MM - 88)).toBeLessThan(0.3);
      }
    }
  });

  test('a back page holds a back behind each face of its sheet, mirrored for the long-edge flip', async () => {
    // The last sheet holds 8 faces (125 = 13 x 9 + 8): its back page leaves the bottom-left slot empty.
    const backs = await rasterise(letter, 28);
    const { xs, ys } = cutLines(await rasterise(letter, 27));
    const dark = (c: number, r: number): boolean => {
      const x = Math.round((xs[c]! + xs[c + 1]!) / 2);
      const y = Math.round((ys[r]! + ys[r + 1]!) / 2);
      return backs.grey[y * backs.width + x]! < 128;
    };
    const filled = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => dark(c, r)));
    expect(filled).toEqual([true, true, true, true, true, true, false, true, true]);
  });

  test.skipIf(!MUST_HAVE_MODEL)('printed cards photographed on a table are read as well as rendered ones', async () => {
    const deck = printedCards('tic');
    const cards: string[] = [];
    const faces = new Map<string, Image>();
    // Sheets 1, 7 and 14: ones, threes and fives of every shape and colour between them.
    for (const sheet of [1, 7, 14]) {
      const onSheet = deck.slice((sheet - 1) * 9, sheet * 9);
      const cut = await cutCards(await rasterise(letter, 2 * sheet - 1), onSheet.length);
      onSheet.forEach((card, k) => faces.set(card, cut[k]!));
      cards.push(...onSheet);
    }
    const placements = cards.map((card, k) => ({ card, row: Math.floor(k / 6), col: k % 6 }));
    const cv = await openCv();
    const reader = await sharedReader();
    const score = async (rendered: Awaited<ReturnType<typeof renderShot>>): Promise<{ right: number; wrongSure: number }> => {
      const found = recogniseWith(cv, reader, await decodeImage(rendered.jpeg), { game: 'progression' }).cards;
      const at = matchTruth(rendered.truth, found);
      let right = 0;
      let wrongSure = 0;
      rendered.truth.forEach((t, i) => {
        const reading = found[at[i]!]?.reading;
        if (reading?.card === t.card) right++;
        else if (reading?.card && reading.confidence >= 0.9) wrongSure++;
      });
      return { right, wrongSure };
    };
    // A plain table from above, then tables as the renderer imagines them: light, clutter, hands.
    for (const [seed, conditions] of [[4901, { distractors: [], tiltDeg: 15 }], [4902, {}], [4903, {}]] as const) {
      const shot = planShot('progression', seed, { placements, conditions: { width: 1280, height: 720, ...conditions } });
      const [printedFrame, drawnFrame] = [await renderShot(shot, { faces }), await renderShot(shot)];
      // The printed cards are what the camera saw: the photographs differ (square-cut corners, the
      // printer's rasterising) while the scene is the same.
      const [a, b] = [await decodeImage(printedFrame.jpeg), await decodeImage(drawnFrame.jpeg)];
      let changed = 0;
      for (let i = 0; i < a.data.length; i++) if (Math.abs(a.data[i]! - b.data[i]!) > 8) changed++;
      expect(changed / a.data.length).toBeGreaterThan(0.002);
      const printed = await score(printedFrame);
      const drawn = await score(drawnFrame);
      expect(printed.right).toBeGreaterThanOrEqual(drawn.right);
      expect(printed.right).toBeGreaterThanOrEqual(cards.length - 1);
      expect(printed.wrongSure).toBe(0);
    }
  }, 120_000);

  test('the decks in print-and-play/ are what print-deck prints now', async () => {
    for (const game of ['tic', 'sequence-stacks']) {
      const committed = join('print-and-play', `${game}-a4.pdf`);
      expect(existsSync(committed)).toBe(true);
      const fresh = join(dir, `${game}-a4-now.pdf`);
      expect(seqref(['print-deck', '--game', game, '--paper', 'a4', '--out', fresh]).status).toBe(0);
      for (const page of [1, 28]) {
        const [a, b] = [await rasterise(committed, page), await rasterise(fresh, page)];
        expect([a.width, a.height]).toEqual([b.width, b.height]);
        let differ = 0;
        for (let i = 0; i < a.grey.length; i++) if (Math.abs(a.grey[i]! - b.grey[i]!) > 32) differ++;
        expect(differ / a.grey.length).toBeLessThan(0.001);
      }
    }
  });
});

test('print-deck says in one line what is wrong with its input, and writes nothing', () => {
  const cases: [string[], string][] = [
    [['--game', 'chess', '--out', join(dir, 'x.pdf')], 'seqref: print-deck: unknown --game "chess"; use tic or sequence-stacks'],
    [['--game', 'tic', '--paper', 'a5', '--out', join(dir, 'x.pdf')], 'seqref: print-deck: unknown --paper "a5"; use a4 or letter'],
    [['--game', 'tic'], 'seqref: print-deck: --game and --out are required; see seqref print-deck --help'],
    [['--game', 'tic', '--out', 'README.md/deck.pdf'], "seqref: print-deck: cannot write README.md/deck.pdf: EEXIST: file already exists, mkdir 'README.md'"],
  ];
  for (const [args, line] of cases) {
    const result = seqref(['print-deck', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${line}\n`);
  }
  expect(existsSync(join(dir, 'x.pdf'))).toBe(false);
});
