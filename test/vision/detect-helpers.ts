// Shared by the detection tests: frames from the dev fixtures (or rendered on the spot) with their
// truth, run through the detector and matched as `seqref eval` matches them.
import { expect } from 'vitest';
import { join } from 'node:path';
import { readFixture, type FixtureCard } from '../../src/render/fixture-io.js';
import { exampleSessionOptions, stillTablePlan, type SetPlan } from '../../src/render/fixtures.js';
import { progressionExampleStates } from '../../src/render/example-session.js';
import { chooseGame, RECORDED_GAMES, sessionOptions, type RecordedGamePlan } from '../../src/render/recorded-set.js';
import { recordedStates } from '../../src/render/recorded.js';
import { planSession, renderSessionFrame, type SessionOptions, type SessionState } from '../../src/render/session.js';
import { planShot, renderShot, type ShotOptions } from '../../src/render/shot.js';
import type { TableGame } from '../../src/render/scene.js';
import { decodeImage, loadImage, type RgbaImage } from '../../src/vision/image.js';
import { openCv } from '../../src/vision/opencv.js';
import { toMat } from '../../src/vision/rectify.js';
import { detectCards, type DetectDebug, type Detection } from '../../src/vision/detect/index.js';
import { insidePolygon, quadCentre, type Vec } from '../../src/vision/detect/geometry.js';
import type { RefinedQuad } from '../../src/vision/detect/refine.js';

export async function devFrame(game: string, index: number): Promise<{ image: RgbaImage; truth: FixtureCard[]; deck: 'tic' | 'stacks' }> {
  const dir = join('fixtures', 'dev', game);
  const fixture = readFixture(dir);
  const frame = fixture.frames[index]!;
  return { image: await loadImage(join(dir, frame.image)), truth: frame.cards, deck: game === 'sequence-stacks' ? 'stacks' : 'tic' };
}

/** The recorded game the plan for `game` and `split` chooses from `seed`: the plan, the session's seed and the game's table states. */
function recordedGame(game: RecordedGamePlan['game'], split: string, seed: number): { plan: RecordedGamePlan; sessionSeed: number; states: SessionState[] } {
  const plan = RECORDED_GAMES.find((p) => p.game === game && p.split === split)!;
  const { record, sessionSeed } = chooseGame(plan, seed);
  return { plan, sessionSeed, states: recordedStates(record, sessionSeed).states };
}

/** Frame `index` of the hand-written Progression session, filmed as the bundled set films it for `split` from `seed`. */
export function exampleSessionFrame(split: string, seed: number, index: number): Promise<{ image: RgbaImage; truth: FixtureCard[] }> {
  return filmed(progressionExampleStates(), exampleSessionOptions(seed, split, ''), index);
}

/** Frame `index` of a planned session, filmed, with its truth. */
async function filmed(states: readonly SessionState[], options: SessionOptions, index: number): Promise<{ image: RgbaImage; truth: FixtureCard[] }> {
  const rendered = await renderSessionFrame(planSession(states, options), options, index);
  return { image: await decodeImage(rendered.jpeg), truth: rendered.truth };
}

/**
 * One table of a recorded game (state `state` of the game the plan for `game` and `split` chooses
 * from `seed`), filmed alone under that game's conditions.
 */
export function recordedTable(game: RecordedGamePlan['game'], split: string, seed: number, state: number): Promise<{ image: RgbaImage; truth: FixtureCard[] }> {
  const { plan, sessionSeed, states } = recordedGame(game, split, seed);
  return filmed([states[state]!], { game, out: '', seed: sessionSeed, fps: 1, holdSeconds: 1, moveSeconds: 1, conditions: plan.conditions! }, 0);
}

/** Still table `index` of `game` in a split, as `seqref render --fixtures --seed SEED` renders it. */
export async function stillFrame(game: TableGame, split: SetPlan['split'], seed: number, index: number): Promise<{ image: RgbaImage; truth: FixtureCard[] }> {
  const plan = stillTablePlan(game, split, seed, index);
  const rendered = await renderShot(planShot(game, plan.seed, plan));
  return { image: await decodeImage(rendered.jpeg), truth: rendered.truth };
}

/** Frame `index` of a recorded game (the game the plan for `game` and `split` chooses from `seed`), as its fixture films it. */
export function recordedFrame(game: RecordedGamePlan['game'], split: string, seed: number, index: number): Promise<{ image: RgbaImage; truth: FixtureCard[] }> {
  const { plan, sessionSeed, states } = recordedGame(game, split, seed);
  return filmed(states, sessionOptions(plan, sessionSeed, ''), index);
}

export async function detect(image: RgbaImage, deck: 'tic' | 'stacks' = 'tic', debug?: DetectDebug): Promise<Detection[]> {
  const cv = await openCv();
  const source = toMat(cv, image);
  try {
    return detectCards(cv, image, source, { deck, ...(debug ? { debug } : {}) });
  } finally {
    source.delete();
  }
}

/** How far (px) the corners of the card found over the truth card `card` lie from its own; fails where none is found. */
export async function foundCornerError(image: RgbaImage, card: FixtureCard, deck: 'tic' | 'stacks' = 'tic'): Promise<number> {
  const found = await detect(image, deck);
  const [m] = matchTruth([card], found);
  expect(m).toBeGreaterThanOrEqual(0);
  return cornerError(found[m!]!.corners, card.corners);
}

/** For each truth card, the detection whose centre lies in its quad (nearest its centre), each used once. */
export function matchTruth(truth: readonly { corners: readonly (readonly number[])[] }[], found: readonly { centre: readonly [number, number] }[]): number[] {
  const used = new Set<number>();
  return truth.map((t) => {
    const quad = t.corners as unknown as Vec[];
    const c = quadCentre(quad);
    let best = -1;
    let bestD = Infinity;
    found.forEach((f, k) => {
      if (used.has(k) || !insidePolygon(quad, f.centre)) return;
      const d = Math.hypot(f.centre[0] - c[0], f.centre[1] - c[1]);
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    });
    if (best >= 0) used.add(best);
    return best;
  });
}

/**
 * The cards wholly in sight on a frame planned from the seed: each one's corner error (px) against
 * the detection matched to it, Infinity where none is.
 */
export async function wholeCardErrors(game: TableGame, seed: number, options?: ShotOptions): Promise<number[]> {
  const rendered = await renderShot(planShot(game, seed, options));
  const found = await detect(await decodeImage(rendered.jpeg), game === 'sequence-stacks' ? 'stacks' : 'tic');
  const whole = rendered.truth.filter((t) => t.visible === 1);
  return matchTruth(whole, found).map((m, i) => (m >= 0 ? cornerError(found[m]!.corners, whole[i]!.corners) : Infinity));
}

/**
 * A frame's cards in sight detected: for each, its corner error (px; Infinity where not found) and
 * whether it came out partial, and how many detections match no card in sight.
 */
export async function foundInSight(image: RgbaImage, truth: readonly FixtureCard[], deck: 'tic' | 'stacks'): Promise<{ cards: string[]; errors: number[]; partial: boolean[]; extra: number }> {
  const inSight = truth.filter((t) => !t.hidden);
  const found = await detect(image, deck);
  const match = matchTruth(inSight, found);
  return {
    cards: inSight.map((t) => t.card),
    errors: match.map((m, i) => (m >= 0 ? cornerError(found[m]!.corners, inSight[i]!.corners) : Infinity)),
    partial: match.map((m) => m >= 0 && found[m]!.partial),
    extra: found.length - match.filter((m) => m >= 0).length,
  };
}

/** The largest corner distance (px) between a detected quad and the truth, best rotation. */
export function cornerError(found: readonly (readonly number[])[], truth: readonly (readonly number[])[]): number {
  let best = Infinity;
  for (let s = 0; s < 4; s++) {
    // Detections put pixel centres on whole numbers, the renderer's truth at +0.5.
    const e = Math.max(...[0, 1, 2, 3].map((i) => Math.hypot(found[(i + s) % 4]![0]! + 0.5 - truth[i]![0]!, found[(i + s) % 4]![1]! + 0.5 - truth[i]![1]!)));
    best = Math.min(best, e);
  }
  return best;
}

/** A refined quad along `quad`'s own sides, each held as `support` and `contrast` say (as the edge search would report it). */
export function refinedAs(quad: readonly Vec[], support: RefinedQuad['support'], contrast: RefinedQuad['contrast']): RefinedQuad {
  const q = quad as [Vec, Vec, Vec, Vec];
  const lines = q.map((p, i) => {
    const b = q[(i + 1) % 4]!;
    const l = Math.hypot(b[0] - p[0], b[1] - p[1]);
    return { p, d: [(b[0] - p[0]) / l, (b[1] - p[1]) / l] as Vec };
  });
  return { quad: q, support, contrast, lines };
}
