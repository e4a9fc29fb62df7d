// `seqref enrol` (contracts section 6) on photographs of another printing of the deck, taken as a
// player would take them: what the photos show, what a wrong photo gets, and an enrolled deck
// reading that printing's tables where the built-in reader cannot.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { COLOURS } from '../../src/cards/tic.js';
import { deckDesign } from '../../src/deck/designs.js';
import { planEnrolmentShots, withCardsSwapped } from '../../src/render/enrolment.js';
import { planShot, renderShot, type Shot } from '../../src/render/shot.js';
import { readEnrolmentPhotos } from '../../src/training/enrol.js';
import { loadImage } from '../../src/vision/image.js';
import { SEQREF, seqref } from '../helpers/cli.js';
import { MUST_HAVE_MODEL } from '../vision/read-helpers.js';

// A development design (src/deck/designs.ts): the held-out ones are never used here.
const design = deckDesign('bridge-serif-dice');
const dir = mkdtempSync(join(tmpdir(), 'seqref-enrol-'));
const photo = (set: string, k: number): string => join(dir, set, `photo-${k}.jpg`);

async function writeSet(set: string, shots: readonly Shot[]): Promise<string[]> {
  mkdirSync(join(dir, set), { recursive: true });
  for (const [k, shot] of shots.entries()) writeFileSync(photo(set, k + 1), (await renderShot(shot)).jpeg);
  return shots.map((_, k) => photo(set, k + 1));
}

/** The cards `seqref serve` settles on at its one table, once it has some, and its startup lines. */
async function servedTable(args: readonly string[]): Promise<string[]> {
  const child = spawn(process.execPath, [SEQREF, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', join(dir, 'serve.sqlite'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    let exited = false;
    child.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (out += chunk.toString()));
    child.on('exit', () => void (exited = true));
    const deadline = Date.now() + 90_000;
    const wait = (): Promise<void> => new Promise((r) => setTimeout(r, 250));
    while (!/dashboard at (\S+)/.test(out) && !exited && Date.now() < deadline) await wait();
    const url = /dashboard at (\S+)/.exec(out)?.[1];
    if (!url) throw new Error(`serve did not start:\n${out}`);
    expect(out).toMatch(/seqref: deck .*deck\.json: read with its own card reader/);
    const [table] = (await (await fetch(`${url}/api/tables`)).json()) as { id: string; deck: string | null }[];
    // The dashboard names the table's deck.
    expect(table!.deck).toBe('deck.json');
    while (Date.now() < deadline) {
      const view = (await (await fetch(`${url}/api/tables/${table!.id}`)).json()) as { table: { card: string }[] };
      if (view.table.length > 0) return view.table.map((p) => p.card);
      await wait();
    }
    throw new Error(`serve settled no table in 90 s:\n${out}`);
  } finally {
    child.kill('SIGTERM');
  }
}

const hexRgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const distance = (a: number[], b: number[]): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('enrolment photos', () => {
  let clean: string[];
  beforeAll(async () => {
    const shots = planEnrolmentShots(design.profile, 11);
    clean = await writeSet('clean', shots);
    // A pair swapped within a column (same colour) and a pair within a row (same shape).
    await writeSet('swapped', shots.map((s, k) => (k === 1 ? withCardsSwapped(s, [1, 0], [3, 0]) : k === 2 ? withCardsSwapped(s, [0, 1], [0, 2]) : s)));
  }, 60_000);

  test('tell the card shape, the paper and the five inks, every card found and none out of place', async () => {
    const findings = await readEnrolmentPhotos(await Promise.all(clean.map(async (path) => ({ label: path, image: await loadImage(path) }))));
    expect(findings.missing).toEqual([]);
    expect(findings.swapped).toEqual([]);
    expect(findings.faces.size).toBe(125);
    expect(findings.card.size).toBe('bridge');
    expect(Math.abs(findings.card.aspect - 57 / 89)).toBeLessThan(0.03);
    // Under the photos' own light: each ink learnt lies nearest the printed ink of its own colour.
    for (const colour of COLOURS) {
      const learnt = hexRgb(findings.colours[colour]);
      const nearest = COLOURS.reduce((best, c) => (distance(hexRgb(design.profile.tic.colours[c]), learnt) < distance(hexRgb(design.profile.tic.colours[best]), learnt) ? c : best));
      expect(nearest, colour).toBe(colour);
    }
    expect(Math.min(...hexRgb(findings.paper))).toBeGreaterThan(150);
  }, 60_000);

  test('name two cards lying in each other\'s places, in a column and in a row', async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5].map(async (k) => ({ label: photo('swapped', k), image: await loadImage(photo('swapped', k)) })));
    const findings = await readEnrolmentPhotos(photos);
    const pairs = findings.swapped.map((s) => [s.a.card, s.b.card].sort());
    expect(pairs).toContainEqual(['2-crescent-violet', '2-square-violet']);
    expect(pairs).toContainEqual(['3-circle-cyan', '3-circle-yellow']);
  }, 60_000);

  test('a photo that is not a 5 x 5 grid exits 2 with one line naming it', async () => {
    const partial = planShot('progression', 5, { profile: design.profile, placements: [0, 1, 2, 3, 4, 5, 6].map((i) => ({ card: `2-star-${COLOURS[i % 5]}`, row: Math.floor(i / 4), col: i % 4 })), conditions: { distractors: [] } });
    const few = join(dir, 'few.jpg');
    writeFileSync(few, (await renderShot(partial)).jpeg);
    const result = seqref(['enrol', clean[0]!, few, clean[2]!, clean[3]!, clean[4]!, '--out', join(dir, 'never.json')]);
    expect(result.status).toBe(2);
    // Progress lines ("enrol: ...") go before it; the error is one line, no stack.
    const lines = result.stderr.trim().split('\n').filter((line) => !line.startsWith('enrol: '));
    expect(lines).toEqual([expect.stringMatching(/^seqref: .*few\.jpg: \d+ cards found; photo 2 must show the 25 cards of number 2 face up in a 5 x 5 grid/)]);
    const four = seqref(['enrol', ...clean.slice(0, 4), '--out', join(dir, 'never.json')]);
    expect(four.status).toBe(2);
    expect(four.stderr).toBe('seqref: enrol: takes exactly five photos (the ones, twos, threes, fours and fives), got 4; see seqref enrol --help\n');
  }, 60_000);

  test.skipIf(!MUST_HAVE_MODEL)('an enrolled deck reads that printing\'s tables far better than the built-in reader', async () => {
    const deck = join(dir, 'deck.json');
    // A short training (the default takes minutes): enough to show the enrolled reader at work.
    const enrolled = seqref(['enrol', ...clean, '--out', deck, '--training-photos', '10', '--epochs', '2'], undefined, 300_000);
    expect(enrolled.stderr).toMatch(/enrol: photo 5 \(.*\): 25 of 25 cards in its 5 x 5 grid/);
    expect(enrolled.status).toBe(0);
    expect(enrolled.stdout).toMatch(/^card: 57 x 89 mm \(bridge size/);
    expect(enrolled.stdout).toMatch(/told apart: \d+\.\d% of the cards on held-back rendered tables named right/);
    const tables = join(dir, 'tables');
    expect(seqref(['render', '--game', 'progression', '--design', design.name, '--frames', '3', '--seed', '4', '--distractors', 'none', '--out', tables]).status).toBe(0);
    const identity = (args: string[]): number => {
      const result = seqref(['eval', tables, ...args], undefined, 120_000);
      expect(result.status).toBe(0);
      return Number(/^all .*?(\d+\.\d)%\s+(\d+\.\d)%\s+(\d+\.\d)%\s+(\d+\.\d)%/m.exec(result.stdout)?.[4]);
    };
    const builtIn = identity([]);
    const withDeck = identity(['--deck', deck]);
    expect(withDeck).toBeGreaterThan(builtIn + 20);
    const wrong = seqref(['eval', tables, '--deck', join(dir, 'few.jpg')]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^seqref: --deck .*few\.jpg: cannot read it \(/);

    // serve: a camera table (a folder of the same photo, as a still table) read with the deck.
    const still = join(dir, 'still');
    mkdirSync(still);
    const fixture = JSON.parse(readFileSync(join(tables, 'fixture.json'), 'utf8')) as { frames: { image: string; cards: { card: string; visible: number }[] }[] };
    for (const k of [1, 2, 3, 4]) copyFileSync(join(tables, fixture.frames[0]!.image), join(still, `frame-${k}.jpg`));
    const named = await servedTable(['--deck', deck, '--images', still, '--game', 'progression']);
    const inSight = fixture.frames[0]!.cards.filter((c) => c.visible > 0.9).map((c) => c.card);
    expect(named.filter((card) => inSight.includes(card)).length).toBeGreaterThanOrEqual(Math.ceil(0.8 * inSight.length));
  }, 400_000);
});
