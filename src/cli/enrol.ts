// `seqref enrol` (contracts section 6): a player's own TIC deck from five photographs.
import { COLOURS } from '../cards/tic.js';
import { InputError } from '../errors.js';
import { readEnrolmentPhotos, trainEnrolledDeck } from '../training/enrol.js';
import { loadImage } from '../vision/image.js';
import { parseOptions, wholeOption, writeOutput } from './options.js';

export const ENROL_USAGE = `Usage: seqref enrol PHOTO1 PHOTO2 PHOTO3 PHOTO4 PHOTO5 --out DECK.json [--training-photos N] [--epochs N] [--seed N]

Learns your own printing of the TIC deck. Photo k shows the 25 cards of number k face up and
upright in a 5 x 5 grid: row r from the top holds shape r (circle, crescent, triangle, square,
star), column c from the left colour c (violet, cyan, yellow, orange, red). Any table and light,
the camera above the table (tilt up to 20 degrees), cards about 100 px wide or more.

It prints what it learnt (the card size, the paper, the five inks, how surely it tells each card
from its nearest neighbour), names cards it could not find or that seem to lie in each other's
places, and writes DECK.json for --deck on eval, verify and serve. It takes a few minutes.
  --training-photos N   rendered tables of your faces the reader trains on (default 150)
  --epochs N            passes of training over them (default 10; fewer is quicker and reads worse)
  --seed N              picks those tables (default 1)

Exit status: 0 when enrolled, 1 when enrolled but some cards were missing or seemed swapped
(photograph those again), 2 on a photo that is not a 5 x 5 grid of cards, or other bad input.`;

export async function runEnrol(args: readonly string[]): Promise<number> {
  const photos = args.filter((a, i) => !a.startsWith('--') && (i === 0 || !['--out', '--training-photos', '--seed', '--epochs'].includes(args[i - 1]!)));
  const { values } = parseOptions('enrol', args.filter((a) => !photos.includes(a)), new Set(['--out', '--training-photos', '--seed', '--epochs']), new Set());
  if (photos.length !== 5) throw new InputError(`enrol: takes exactly five photos (the ones, twos, threes, fours and fives), got ${photos.length}; see seqref enrol --help`);
  const out = values.get('--out');
  if (!out) throw new InputError('enrol: --out DECK.json is required');
  const trainingPhotos = wholeOption('enrol', values, '--training-photos', 150, 10, 5000);
  const seed = wholeOption('enrol', values, '--seed', 1, 0, 2 ** 32 - 1);
  const epochs = wholeOption('enrol', values, '--epochs', 10, 1, 200);
  const progress = (line: string): void => void process.stderr.write(`enrol: ${line}\n`);
  const images = await Promise.all(photos.map(async (path) => ({ label: path, image: await loadImage(path) })));
  const findings = await readEnrolmentPhotos(images, progress);
  // What the photos show is said before the minutes of training: a swapped pair can be laid again now.
  console.log(`card: ${findings.card.widthMm} x ${findings.card.heightMm} mm (${findings.card.size} size, the nearest to the cards' shape in the photos, ${findings.card.aspect} wide for 1 long)`);
  console.log(`paper: ${findings.paper}`);
  console.log(`inks: ${COLOURS.map((c) => `${c} ${findings.colours[c]}`).join(', ')}`);
  for (const card of findings.missing) console.log(`not found: ${card}`);
  for (const { a, b } of findings.swapped) console.log(`swapped? photo ${a.photo + 1}: ${a.card} (row ${a.row + 1}, column ${a.col + 1}) and ${b.card} (row ${b.row + 1}, column ${b.col + 1}) each look like the other's place; taken as laid`);
  const report = await trainEnrolledDeck(findings, { trainingPhotos, seed, epochs, progress });
  const { deck } = report;
  const json = `${JSON.stringify(deck)}\n`;
  writeOutput('enrol', out, json);
  console.log(`told apart: ${(100 * report.identity).toFixed(1)}% of the cards on held-back rendered tables named right${report.deck.reader.pipWeight ? ` (the pips' shapes weighed in at ${report.deck.reader.pipWeight})` : ''}; least surely: ${report.weakest.map((w) => `${w.card} (nearest ${w.nearest}, margin ${w.margin})`).join(', ')}`);
  console.log(`wrote ${out} (${(Buffer.byteLength(json) / 1e6).toFixed(1)} MB) in ${Math.round(report.seconds)} s`);
  return findings.missing.length > 0 || findings.swapped.length > 0 ? 1 : 0;
}
