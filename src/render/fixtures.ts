// The bundled fixture set: still tables of every game under a schedule of conditions that covers
// every condition the issue names, plus a recorded session; a development part and a held-out part
// nothing is tuned on. One seed regenerates all of it.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeckProfile } from '../deck/profile.js';
import { BACKGROUNDS } from './background.js';
import { WHITE_BALANCES, type Distractor, type PhotoConditions } from './conditions.js';
import { describeConditions } from './describe.js';
import { progressionExampleStates } from './example-session.js';
import { FIXTURE_VERSION, writeFixture, type Fixture, type FixtureFrame } from './fixture-io.js';
import { recordedGameSummary, renderRecordedGames, type RecordedGameSummary } from './recorded-set.js';
import { renderSession, type SessionOptions } from './session.js';
import { hashSeed, TABLE_GAMES, type LayoutStyle, type TableGame } from './scene.js';
import { planShot, renderShot } from './shot.js';

export const DEFAULT_FIXTURE_SEED = 20260601;

/** Clutter, cycled so every kind and some pairs appear in every game. */
const CLUTTER: readonly (readonly Distractor[])[] = [[], ['hand'], ['coins'], ['sleeve'], ['phone'], ['deck', 'coins'], [], ['hand', 'phone'], ['deck'], ['sleeve', 'coins']];

export interface SetPlan {
  readonly split: 'dev' | 'heldout';
  readonly perGame: number;
}

export const BUNDLED_SET: readonly SetPlan[] = [
  { split: 'dev', perGame: 14 },
  { split: 'heldout', perGame: 7 },
];

/** Still table `i` of `game` in a split of the bundled set rendered from `seed`: its own seed, conditions and layout style. */
export function stillTablePlan(game: TableGame, split: SetPlan['split'], seed: number, i: number): { seed: number; conditions: Partial<PhotoConditions>; style: Partial<LayoutStyle> } {
  const { perGame } = BUNDLED_SET.find((s) => s.split === split)!;
  return { seed: hashSeed(`${seed}|${split}|${game}|${i}`), ...scheduledConditions(game, i, perGame, split === 'dev' ? 0 : 7) };
}

/**
 * The i-th frame's conditions out of n for a game: stratified so that tilt, gap and JPEG quality
 * spread over their whole ranges, and backgrounds, white balance, sizes and clutter all cycle.
 */
export function scheduledConditions(game: TableGame, i: number, n: number, offset: number): { conditions: Partial<PhotoConditions>; style: Partial<LayoutStyle> } {
  const g = TABLE_GAMES.indexOf(game);
  const spread = (lo: number, hi: number, shift: number): number => lo + ((((i + shift) % n) + 0.5) / n) * (hi - lo);
  const k = i + offset;
  return {
    conditions: {
      ...(k % 3 === 1 ? { width: 1920, height: 1080 } : { width: 1280, height: 720 }),
      tiltDeg: spread(0, 40, g),
      background: BACKGROUNDS[(k + g) % BACKGROUNDS.length]!,
      whiteBalance: WHITE_BALANCES[(k + 2 * g) % WHITE_BALANCES.length]!,
      jpegQuality: Math.round(spread(60, 95, 2 * g + 1)),
      distractors: CLUTTER[(k + 3 * g) % CLUTTER.length]!,
      glare: (k + g) % 3 === 0 ? 0.4 + 0.5 * (((k * 7) % 10) / 10) : 0,
      shadows: (k + g) % 2 === 0 ? 0.15 + 0.3 * (((k * 3) % 10) / 10) : 0,
    },
    style: game === 'sequence-hunt' || game === 'sequence-stacks' ? {} : { gapMm: spread(0, 10, 3 * g + 2) },
  };
}

export interface FixtureProgress {
  (line: string): void;
}

/** Renders `count` still tables of one game into one fixture folder. */
export async function renderStillFixture(game: TableGame, dir: string, seeds: readonly number[], plan: (i: number) => { conditions: Partial<PhotoConditions>; style: Partial<LayoutStyle>; profile?: DeckProfile }, meta: { description: string; seed: number; split?: string }, progress?: FixtureProgress): Promise<Fixture> {
  mkdirSync(dir, { recursive: true });
  const frames: FixtureFrame[] = [];
  for (const [i, seed] of seeds.entries()) {
    const { conditions, style, profile } = plan(i);
    const shot = planShot(game, seed, { conditions, style, ...(profile ? { profile } : {}) });
    const rendered = await renderShot(shot);
    const image = `frame-${String(i).padStart(3, '0')}.jpg`;
    writeFileSync(join(dir, image), rendered.jpeg);
    frames.push({ image, t_ms: 0, conditions: { seed, ...describeConditions(shot.conditions, shot.camera, shot.style) }, cards: rendered.truth });
    progress?.(`${dir}: frame ${i + 1}/${seeds.length}`);
  }
  const fixture: Fixture = { version: FIXTURE_VERSION, game, description: meta.description, seed: meta.seed, ...(meta.split ? { split: meta.split } : {}), frames };
  writeFixture(dir, fixture);
  return fixture;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

export interface BundledSummary {
  readonly fixtures: number;
  readonly frames: number;
  readonly bytes: number;
}

/** How the bundled set films its hand-written Progression session (progressionExampleStates) for `split`, into `out`. */
export function exampleSessionOptions(seed: number, split: string, out: string): SessionOptions {
  return {
    game: 'progression',
    out,
    seed: hashSeed(`${seed}|${split}|session`),
    fps: 3,
    holdSeconds: 1,
    moveSeconds: 1,
    split,
    conditions: { width: 1280, height: 720, jpegQuality: split === 'dev' ? 68 : 72, tiltDeg: split === 'dev' ? 22 : 34, fill: 0.55 },
    description: `progression session (${split}): a hand-written 4-state game filmed at 3 fps, hands sliding cards in, the last play deliberately illegal`,
  };
}

/**
 * Regenerates the bundled set under `root` (its dev/ and heldout/ folders are replaced). With
 * `only`, that split alone, under that split's conditions, without the calibration set or the
 * README: a tuning set like the held-out one, from another seed.
 */
export async function renderBundledFixtures(root: string, seed = DEFAULT_FIXTURE_SEED, progress?: FixtureProgress, only?: SetPlan['split']): Promise<BundledSummary> {
  let fixtures = 0;
  let frames = 0;
  const manifest: Array<{ path: string; game: string; split: string; frames: number; description: string }> = [];
  const recorded: RecordedGameSummary[] = [];
  for (const { split, perGame } of BUNDLED_SET.filter((s) => !only || s.split === only)) {
    const splitDir = join(root, split);
    if (existsSync(splitDir)) rmSync(splitDir, { recursive: true });
    for (const game of TABLE_GAMES) {
      const plans = Array.from({ length: perGame }, (_, i) => stillTablePlan(game, split, seed, i));
      const dir = join(splitDir, game);
      const fixture = await renderStillFixture(game, dir, plans.map((p) => p.seed), (i) => plans[i]!, { description: `${game}: ${perGame} still tables, one a frame, under scheduled conditions (${split})`, seed, split }, progress);
      fixtures++;
      frames += fixture.frames.length;
      manifest.push({ path: `${split}/${game}`, game, split, frames: fixture.frames.length, description: fixture.description });
    }
    // The recorded-session writer on a hand-written game; each split films it under its own conditions.
    const sessionDir = join(splitDir, 'progression-session');
    const session = await renderSession(progressionExampleStates(), {
      ...exampleSessionOptions(seed, split, sessionDir),
      onFrame: (done, total) => progress?.(`${sessionDir}: frame ${done}/${total}`),
    });
    fixtures++;
    frames += session.frames.length;
    manifest.push({ path: `${split}/progression-session`, game: 'progression', split, frames: session.frames.length, description: session.description });
    // Whole simulated games, one a game, filmed (or, for Sequence, logged by the board).
    for (const game of await renderRecordedGames(root, split, seed, progress)) {
      fixtures++;
      frames += game.frames;
      recorded.push(game);
      manifest.push({ path: game.path, game: game.game, split, frames: game.frames, description: game.description });
    }
  }
  if (!only) {
    const calibration = await renderCalibrationFixtures(root, seed, progress);
    manifest.push(...calibration);
    fixtures += calibration.length;
    frames += calibration.reduce((n, c) => n + c.frames, 0);
    writeFileSync(join(root, 'README.md'), readme(root, seed) + recordedGameSummary(recorded) + CALIBRATION_README);
  }
  const command = `seqref render --fixtures --out ${root} --seed ${seed}${only ? ` --split ${only}` : ''}`;
  writeFileSync(join(root, 'manifest.json'), `${JSON.stringify({ version: 1, seed, command, fixtures: manifest }, null, 1)}\n`);
  return { fixtures, frames, bytes: folderBytes(root) };
}

function readme(root: string, seed: number): string {
  return `# Rendered fixtures (generated: do not edit)

Made by \`seqref render --fixtures --out ${root} --seed ${seed}\` (src/render/fixtures.ts); the same
command and seed remake every byte. \`manifest.json\` lists the fixtures. Larger sets for training are
made on demand (\`seqref render --game all --out DIR --frames N --seed S\`) and not committed.

- \`dev/\`: for developing and tuning the recogniser.
- \`heldout/\`: for reporting only. Nothing is tuned on it; its seeds and condition schedule differ.

Each folder is one fixture (contracts section 3): \`fixture.json\` and its JPEG frames. Still
fixtures hold one table a frame, under a schedule that sweeps camera tilt (0-40 degrees), grid
gaps (0-10 mm), JPEG quality (60-95), and cycles image size (1280x720, 1920x1080), table top
(wood, felt, cloth, plain), white balance (neutral, warm, cool), glare, soft shadows and clutter
(a hand or sleeve over a card, coins, a phone, the face-down deck). Lens blur, sensor noise,
vignetting, uneven light, lens distortion, the layout's turn and each card's wobble are drawn at
random from the frame's seed. \`progression-session\` is a recorded session (a hand-written
4-state game at 3 frames a second, hands sliding each card in; the last play is deliberately
illegal) with \`events.json\`; the \`*-game\` folders are whole simulated games (see below).

The truth comes from the renderer's geometry, never from the recogniser. Fields added to the
contract: per card \`visible\` (share of the face the camera sees), \`hidden: true\` (more than
half hidden: under a hand, a phone, a coin, other cards of a pile, or out of the frame; cards
not seen at all are left out) and \`moving: true\` (in a hand, sliding to the cell given); per
frame \`conditions\` (what it was rendered under, with its seed) and, in sessions, \`stable\`
(no hand moving cards) and \`events\` (the turn that settled at that frame); per fixture
\`seed\`, \`split\`, \`events\` and, for Sequence sessions, \`serial\` (the board's log in the
bridge's serial-log format). Face-down cards (the draw pile) are not in the truth: they show no
identity. Sequence Stacks spaces are grid cells: row 0 holds red, red, draw pile, blue, blue
(cols 0-4), the used specials are row -1 col 2, discard piles rows 1 and -1 at cols 0 and 4;
cards of one pile share its cell, the top one last.
`;
}

// ---------------------------------------------------------------------------------------------
// The calibration set: tables with the four corner markers round the cards, photographed steeply
// (30-45 degrees) under strong warm or cool casts, for `seqref eval --compare-calibration`. For
// reporting only, like heldout/: nothing is tuned on it.

/** Frames a game in fixtures/calibration. */
export const CALIBRATION_FRAMES = 6;

/** What a calibration frame records of its markers (a frame field added to contracts section 3). */
export interface FrameMarkers {
  readonly dictionary: string;
  readonly ids: readonly number[];
  readonly size_mm: number;
  /** Marker centres on the corners of this rectangle, centre to centre (`seqref calibrate --region WxH`). */
  readonly region_mm: readonly [number, number];
}

/**
 * The i-th calibration frame's conditions out of n: tilt spread over 30-45 degrees, the cast
 * alternating warm and cool at 0.9-1.4 of the renderer's strongest (past 1 is beyond the reader's
 * training range), one frame in three at 1920 x 1080. No clutter: a hand over a marker is the
 * bump check's matter, not this set's. Each still has its own camera, so each frame is
 * calibrated from its own markers.
 */
export function calibrationConditions(game: TableGame, i: number, n: number): Partial<PhotoConditions> {
  const g = TABLE_GAMES.indexOf(game);
  const spread = (lo: number, hi: number, shift: number): number => lo + ((((i + shift) % n) + 0.5) / n) * (hi - lo);
  return {
    ...(i % 3 === 2 ? { width: 1920, height: 1080 } : { width: 1280, height: 720 }),
    tiltDeg: spread(30, 45, g),
    whiteBalance: (i + g) % 2 === 0 ? 'warm' : 'cool',
    wbStrength: spread(0.9, 1.4, 2 * g + 1),
    jpegQuality: Math.round(spread(70, 92, g + 2)),
    distractors: [],
  };
}

/** Renders fixtures/calibration (`root`/calibration/GAME); returns the manifest entries. */
export async function renderCalibrationFixtures(root: string, seed = DEFAULT_FIXTURE_SEED, progress?: FixtureProgress, perGame = CALIBRATION_FRAMES): Promise<Array<{ path: string; game: string; split: string; frames: number; description: string }>> {
  const { markersAroundCards } = await import('../calibration/scene-markers.js');
  const { TABLE_MARKERS } = await import('../calibration/markers.js');
  const splitDir = join(root, 'calibration');
  if (existsSync(splitDir)) rmSync(splitDir, { recursive: true });
  const entries: Array<{ path: string; game: string; split: string; frames: number; description: string }> = [];
  for (const game of TABLE_GAMES) {
    const dir = join(splitDir, game);
    mkdirSync(dir, { recursive: true });
    const frames: (FixtureFrame & { markers: FrameMarkers })[] = [];
    for (let i = 0; i < perGame; i++) {
      const frameSeed = hashSeed(`${seed}|calibration|${game}|${i}`);
      let region: readonly [number, number] = [0, 0];
      const shot = planShot(game, frameSeed, {
        conditions: calibrationConditions(game, i, perGame),
        markers: (cards) => {
          const placed = markersAroundCards(cards);
          region = [placed.widthMm, placed.heightMm];
          return placed.markers;
        },
      });
      const rendered = await renderShot(shot);
      const image = `frame-${String(i).padStart(3, '0')}.jpg`;
      writeFileSync(join(dir, image), rendered.jpeg);
      const markers: FrameMarkers = { dictionary: TABLE_MARKERS.dictionary, ids: [...TABLE_MARKERS.ids], size_mm: TABLE_MARKERS.sizeMm, region_mm: region };
      frames.push({ image, t_ms: 0, conditions: { seed: frameSeed, ...describeConditions(shot.conditions, shot.camera, shot.style) }, markers, cards: rendered.truth });
      progress?.(`${dir}: frame ${i + 1}/${perGame}`);
    }
    const description = `${game}: ${perGame} still tables with the four calibration markers round the cards, camera 30-45 degrees from straight down, strong warm or cool casts (calibration; reporting only)`;
    writeFixture(dir, { version: FIXTURE_VERSION, game, description, seed, split: 'calibration', frames });
    entries.push({ path: `calibration/${game}`, game, split: 'calibration', frames: frames.length, description });
  }
  return entries;
}

export const CALIBRATION_README = `
## The calibration set

\`calibration/\` (reporting only, like \`heldout/\`): ${CALIBRATION_FRAMES} still tables a game with the four
calibration markers (ArUco DICT_4X4_50 ids 0-3, 40 mm) laid round the cards on a rectangle of whole
centimetres, the camera 30-45 degrees from straight down, strong warm or cool casts (0.9-1.4 of the
renderer's strongest; past 1 is beyond the reader's training range), no clutter. Each frame adds
\`markers\` (\`dictionary\`, \`ids\`, \`size_mm\`, \`region_mm\`: the rectangle's width and height,
centre to centre, what \`seqref calibrate --region WxH\` is told). Every still has its own camera,
so each frame is calibrated from its own markers: \`seqref eval fixtures/calibration
--compare-calibration\` scores every frame with and without calibration in one run.
`;
