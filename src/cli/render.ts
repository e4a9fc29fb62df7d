// `seqref render`: photographs of tables with their truth (contracts section 3), the bundled
// fixture set, recorded sessions and contact sheets.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deckDesign, DECK_DESIGNS } from '../deck/designs.js';
import { InputError } from '../errors.js';
import { wholeOption } from './options.js';
import { BACKGROUNDS, type BackgroundKind } from '../render/background.js';
import { DISTRACTORS, WHITE_BALANCES, type Distractor, type PhotoConditions, type WhiteBalance } from '../render/conditions.js';
import { progressionExampleStates } from '../render/example-session.js';
import { DEFAULT_FIXTURE_SEED, renderBundledFixtures, renderStillFixture, type SetPlan } from '../render/fixtures.js';
import { previewFixtures } from '../render/preview.js';
import { hashSeed, TABLE_GAMES, type LayoutStyle, type TableGame } from '../render/scene.js';
import { renderSession } from '../render/session.js';

export const RENDER_USAGE = `Usage:
  seqref render --game G --out DIR [options]      photograph still tables: DIR/fixture.json + frames
  seqref render --fixtures [--out DIR] [--seed N] [--split dev|heldout]
                                                  regenerate the bundled set (default DIR: fixtures);
                                                  --split: that split alone (a tuning set from another seed)
  seqref render --session progression-example --out DIR [--seed N]
                                                  a recorded session of the hand-written example game
  seqref render --preview DIR [--out FILE] [--max N]
                                                  contact sheet of the fixtures below DIR, truth outlined

Options with --game:
  --game G            progression | sequence-shift | sequence-hunt | sequence-stacks | all
  --seed N            one seed reproduces every frame (default 1)
  --frames N          how many tables, one frame each (default 8)
  --size WxH          image size, e.g. 1280x720 or 1920x1080 (default: either, at random)
  --quality Q         JPEG quality 1-100 (default 60-95 at random)
  --tilt DEG          camera tilt from straight down, 0-60 (default 0-40 at random)
  --background B      ${BACKGROUNDS.join(' | ')}
  --white-balance W   ${WHITE_BALANCES.join(' | ')}
  --distractors LIST  comma-separated ${DISTRACTORS.join(', ')}, or none
  --gap MM            gap between grid neighbours, Progression and Shift (default 0-10 at random)
  --design NAME       TIC tables in another printing of the deck (${DECK_DESIGNS.map((d) => d.name).join(', ')});
                      default: the deck of cards.md
  --preview           also write DIR/contact-sheet.jpg

Progress goes to standard error; a summary line to standard output. Bad options exit 2.`;

interface Parsed {
  readonly flags: Set<string>;
  readonly values: Map<string, string>;
  readonly previewDir?: string;
}

const VALUED = new Set(['--game', '--out', '--seed', '--split', '--frames', '--size', '--quality', '--tilt', '--background', '--white-balance', '--distractors', '--gap', '--session', '--max', '--design']);
const FLAGS = new Set(['--fixtures', '--preview']);

function parse(args: readonly string[]): Parsed {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  let previewDir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (VALUED.has(arg)) {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) throw new InputError(`render: ${arg} needs a value; see seqref render --help`);
      values.set(arg, value);
    } else if (FLAGS.has(arg)) {
      flags.add(arg);
      // --preview DIR: a contact sheet of existing fixtures (without --game).
      if (arg === '--preview' && args[i + 1] !== undefined && !args[i + 1]!.startsWith('--')) previewDir = args[++i];
    } else {
      throw new InputError(`render: unknown option "${arg}"; see seqref render --help`);
    }
  }
  return { flags, values, ...(previewDir !== undefined ? { previewDir } : {}) };
}

function integer(p: Parsed, name: string, fallback: number, lo: number, hi: number): number {
  return wholeOption('render', p.values, name, fallback, lo, hi);
}

function number(p: Parsed, name: string, lo: number, hi: number): number | undefined {
  const text = p.values.get(name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < lo || n > hi) throw new InputError(`render: ${name} must be a number from ${lo} to ${hi}, got "${text}"`);
  return n;
}

function oneOf<T extends string>(p: Parsed, name: string, allowed: readonly T[]): T | undefined {
  const text = p.values.get(name);
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw new InputError(`render: ${name} must be one of ${allowed.join(', ')}, got "${text}"`);
  return text as T;
}

function conditionOverrides(p: Parsed): Partial<PhotoConditions> {
  const overrides: { -readonly [K in keyof PhotoConditions]?: PhotoConditions[K] } = {};
  const size = p.values.get('--size');
  if (size !== undefined) {
    const m = /^(\d{2,5})x(\d{2,5})$/.exec(size);
    if (!m || Number(m[1]) > 8192 || Number(m[2]) > 8192) throw new InputError(`render: --size must be WIDTHxHEIGHT (e.g. 1280x720), got "${size}"`);
    overrides.width = Number(m[1]);
    overrides.height = Number(m[2]);
  }
  const quality = number(p, '--quality', 1, 100);
  if (quality !== undefined) overrides.jpegQuality = quality;
  const tilt = number(p, '--tilt', 0, 60);
  if (tilt !== undefined) overrides.tiltDeg = tilt;
  const background = oneOf<BackgroundKind>(p, '--background', BACKGROUNDS);
  if (background) overrides.background = background;
  const wb = oneOf<WhiteBalance>(p, '--white-balance', WHITE_BALANCES);
  if (wb) overrides.whiteBalance = wb;
  const list = p.values.get('--distractors');
  if (list !== undefined) {
    const items = list === 'none' ? [] : list.split(',').map((s) => s.trim());
    for (const item of items) {
      if (!(DISTRACTORS as readonly string[]).includes(item)) throw new InputError(`render: --distractors takes ${DISTRACTORS.join(', ')} or none, got "${item}"`);
    }
    overrides.distractors = items as Distractor[];
  }
  return overrides;
}

const progressLine = (line: string): void => {
  process.stderr.write(`render: ${line}\n`);
};

export async function runRender(args: readonly string[]): Promise<number> {
  const p = parse(args);
  const seed = integer(p, '--seed', 1, 0, 2 ** 32 - 1);
  if (p.flags.has('--fixtures')) {
    const out = p.values.get('--out') ?? 'fixtures';
    const split = oneOf<SetPlan['split']>(p, '--split', ['dev', 'heldout']);
    const summary = await renderBundledFixtures(out, integer(p, '--seed', DEFAULT_FIXTURE_SEED, 0, 2 ** 32 - 1), progressLine, split);
    console.log(`wrote ${summary.fixtures} fixtures, ${summary.frames} frames, ${(summary.bytes / 1e6).toFixed(1)} MB to ${out}`);
    return 0;
  }
  const session = p.values.get('--session');
  if (session !== undefined) {
    if (session !== 'progression-example') throw new InputError(`render: --session knows only "progression-example" (simulated games plug in later), got "${session}"`);
    const out = p.values.get('--out');
    if (!out) throw new InputError('render: --session needs --out DIR');
    const fixture = await renderSession(progressionExampleStates(), { game: 'progression', out, seed, fps: 3, holdSeconds: 1, moveSeconds: 1, conditions: conditionOverrides(p), onFrame: (d, t) => progressLine(`${out}: frame ${d}/${t}`) });
    if (p.flags.has('--preview')) writeFileSync(join(out, 'contact-sheet.jpg'), await previewFixtures(out, { max: 12 }));
    console.log(`wrote ${fixture.frames.length} frames to ${join(out, 'fixture.json')}`);
    return 0;
  }
  const game = p.values.get('--game');
  if (game === undefined) {
    if (p.previewDir !== undefined) {
      const out = p.values.get('--out') ?? join(p.previewDir, 'contact-sheet.jpg');
      writeFileSync(out, await previewFixtures(p.previewDir, { max: integer(p, '--max', 24, 1, 400) }));
      console.log(`wrote ${out}`);
      return 0;
    }
    throw new InputError('render: say what to render: --game G --out DIR, --fixtures, --session or --preview DIR; see seqref render --help');
  }
  const games: TableGame[] = game === 'all' ? [...TABLE_GAMES] : [oneOf<TableGame>(p, '--game', TABLE_GAMES)!];
  const out = p.values.get('--out');
  if (!out) throw new InputError('render: --game needs --out DIR');
  const frames = integer(p, '--frames', 8, 1, 100000);
  const conditions = conditionOverrides(p);
  const gap = number(p, '--gap', 0, 40);
  const style: Partial<LayoutStyle> = gap !== undefined ? { gapMm: gap } : {};
  const designName = p.values.get('--design');
  const design = designName === undefined ? undefined : deckDesign(designName);
  if (design && games.includes('sequence-stacks')) throw new InputError('render: --design draws TIC decks; Sequence Stacks has only the deck of cards.md');
  const printing = design ? `, deck design ${design.name}` : '';
  for (const g of games) {
    const dir = games.length > 1 ? join(out, g) : out;
    const seeds = Array.from({ length: frames }, (_, i) => hashSeed(`${seed}|${g}|${i}`));
    const fixture = await renderStillFixture(g, dir, seeds, () => ({ conditions, style, ...(design ? { profile: design.profile } : {}) }), { description: `${g}: ${frames} still tables (seqref render --seed ${seed}${printing})`, seed }, progressLine);
    if (p.flags.has('--preview')) writeFileSync(join(dir, 'contact-sheet.jpg'), await previewFixtures(dir, { max: Math.min(frames, 24) }));
    console.log(`wrote ${fixture.frames.length} frames to ${join(dir, 'fixture.json')}`);
  }
  return 0;
}
