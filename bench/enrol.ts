// Issue "Any deck": on the two held-out deck designs (src/deck/designs.ts, never used in
// development), the enrolment's time on one core (taskset -c 0), then tables of each game drawn in
// that printing recognised with and without the enrolled deck: identity, recall, grid position and
// time a frame, against the deck of cards.md on the same tables; and what a swapped pair reports.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECK_DESIGNS } from '../src/deck/designs.js';
import { planEnrolmentShots, withCardsSwapped } from '../src/render/enrolment.js';
import { renderShot } from '../src/render/shot.js';
import { report } from './harness.js';

const SEQREF = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const ROOT = join('tmp', 'bench-enrol');
const GAMES = ['progression', 'sequence-shift', 'sequence-hunt'];
const FRAMES = 12;

function seqref(args: readonly string[], oneCore = false): { status: number | null; stdout: string; stderr: string } {
  const [command, rest] = oneCore ? ['taskset', ['-c', '0', process.execPath, SEQREF, ...args]] : [process.execPath, [SEQREF, ...args]];
  const result = spawnSync(command, rest as string[], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 30 * 60_000 });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

interface Scored {
  identity: number;
  recall: number;
  grid: number;
  ms: number;
}

function scored(dir: string, extra: readonly string[]): Scored {
  const json = join(dir, `eval-${extra.length > 0 ? 'deck' : 'built-in'}.json`);
  const result = seqref(['eval', dir, '--json', json, ...extra]);
  if (result.status !== 0) throw new Error(`eval ${dir}: ${result.stderr.trim().split('\n').pop()}`);
  const j = JSON.parse(readFileSync(json, 'utf8')) as { identity_accuracy: number; card_recall: number; position_accuracy: number; ms_per_frame_median: number };
  return { identity: j.identity_accuracy, recall: j.card_recall, grid: j.position_accuracy, ms: j.ms_per_frame_median };
}

const line = (label: string, s: Scored): string => `${label.padEnd(44)} identity ${(100 * s.identity).toFixed(1)}%  recall ${(100 * s.recall).toFixed(1)}%  grid ${(100 * s.grid).toFixed(1)}%  ${s.ms.toFixed(0)} ms a frame`;

async function photos(dir: string, shots: ReturnType<typeof planEnrolmentShots>): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const paths: string[] = [];
  for (const [k, shot] of shots.entries()) {
    paths.push(join(dir, `photo-${k + 1}.jpg`));
    writeFileSync(paths[k]!, (await renderShot(shot)).jpeg);
  }
  return paths;
}

export async function run(): Promise<void> {
  rmSync(ROOT, { recursive: true, force: true });
  // The same tables in cards.md's printing: what the built-in deck reads, for comparison.
  const standard = join(ROOT, 'cards-md');
  for (const game of GAMES) seqref(['render', '--game', game, '--frames', String(FRAMES), '--seed', '4901', '--out', join(standard, game)]);
  console.log(line('enrol: cards.md deck, built-in reader', scored(standard, [])));
  for (const design of DECK_DESIGNS.filter((d) => d.heldOut)) {
    const dir = join(ROOT, design.name);
    const shots = planEnrolmentShots(design.profile, 4901);
    const deck = join(dir, 'deck.json');
    const start = Date.now();
    const enrolled = seqref(['enrol', ...(await photos(join(dir, 'photos'), shots)), '--out', deck], true);
    // Exit 1 is a deck written with cards named as missing or swapped: said in its output below.
    if (enrolled.status !== 0 && enrolled.status !== 1) throw new Error(`enrol ${design.name}: exit ${enrolled.status}: ${enrolled.stderr.trim().split('\n').pop()}`);
    report(`enrol: ${design.name}, five photos to DECK.json, one core`, Date.now() - start, `(goal <= 5 min; exit ${enrolled.status})`);
    console.log(`  ${enrolled.stdout.trim().split('\n').join('\n  ')}`);
    const tables = join(dir, 'tables');
    for (const game of GAMES) seqref(['render', '--game', game, '--design', design.name, '--frames', String(FRAMES), '--seed', '4901', '--out', join(tables, game)]);
    console.log(line(`enrol: ${design.name}, without enrolment`, scored(tables, [])));
    console.log(line(`enrol: ${design.name}, enrolled (goals 99.5/99.5/99)`, scored(tables, ['--deck', deck])));
    // Two cards of photo 3 laid in each other's places (same shape, neighbouring colours).
    const swapped = shots.map((shot, k) => (k === 2 ? withCardsSwapped(shot, [2, 1], [2, 2]) : shot));
    const check = seqref(['enrol', ...(await photos(join(dir, 'swapped'), swapped)), '--out', join(dir, 'swapped.json'), '--training-photos', '10', '--epochs', '1']);
    console.log(`enrol: ${design.name}, photo 3 with two cards swapped: exit ${check.status}; ${check.stdout.split('\n').filter((l) => l.startsWith('swapped?') || l.startsWith('not found')).join('; ') || 'nothing named'}`);
  }
}
