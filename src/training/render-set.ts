// The reader's training photographs: tables rendered by src/render under the full random range of
// conditions, from seeds of our own (never the fixtures' seed), kept on disk so training can be
// rerun without rendering again. Besides the truth, each frame records where face-down cards lie
// (the truth leaves them out), so the reader can learn that a card back is not a face.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SPECIALS, STACKS_CARDS } from '../cards/stacks.js';
import { seededRandom, type Random } from '../rules/random.js';
import { hashSeed, pick, randomTable, type TableGame, type TablePlacement } from '../render/scene.js';
import { planShot, renderShot } from '../render/shot.js';
import { projectCorners } from '../render/truth.js';

export const SET_FILE = 'training-set.json';
export const SET_VERSION = 1;

export interface TrainingCard {
  readonly card: string;
  readonly corners: [number, number][];
  readonly visible: number;
  /** False for a card with another card of its pile on top (its truth quad shows the card above). */
  readonly top: boolean;
}

export interface TrainingFrame {
  readonly image: string;
  readonly game: TableGame;
  readonly seed: number;
  readonly width: number;
  readonly height: number;
  readonly cards: TrainingCard[];
  /** Face-down cards (the draw pile, the deck beside the table): quads that are not faces. */
  readonly backs: [number, number][][];
}

export interface TrainingSet {
  readonly version: number;
  readonly seed: number;
  readonly frames: TrainingFrame[];
}

/** Games in turn, Stacks twice as often: its 17 kinds are fewer a table and mostly buried in piles. */
const GAME_CYCLE: readonly TableGame[] = ['progression', 'sequence-stacks', 'sequence-shift', 'sequence-hunt', 'sequence-stacks'];

/** A Stacks table whose pile tops are drawn evenly from the 17 kinds (the game's own deal shows few specials). */
function stacksTableEvenTops(random: Random): TablePlacement[] {
  const table = randomTable('sequence-stacks', random);
  const tops = new Map<string, TablePlacement>();
  for (const p of table) {
    if (p.faceDown) continue;
    const key = `${p.row}|${p.col}`;
    const level = p.level ?? 0;
    if ((tops.get(key)?.level ?? -1) < level) tops.set(key, p);
  }
  return table.map((p) => {
    const top = tops.get(`${p.row}|${p.col}`);
    if (top !== p) return p;
    const card = random() < 0.2 ? pick(random, SPECIALS) : pick(random, STACKS_CARDS);
    return { ...p, card };
  });
}

export function readTrainingSet(dir: string): TrainingSet | null {
  const file = join(dir, SET_FILE);
  if (!existsSync(file)) return null;
  const set = JSON.parse(readFileSync(file, 'utf8')) as TrainingSet;
  return set.version === SET_VERSION ? set : null;
}

/** Renders training photograph `i` of the set under `seed` into `dir`: its JPEG written, its record returned. */
export async function renderTrainingFrame(dir: string, seed: number, i: number): Promise<TrainingFrame> {
  const frameSeed = hashSeed(`seqref-train|${seed}|${i}`);
  const game = GAME_CYCLE[i % GAME_CYCLE.length]!;
  const random = seededRandom(frameSeed ^ 0x5eed);
  const placements = game === 'sequence-stacks' && random() < 0.6 ? stacksTableEvenTops(random) : undefined;
  const shot = planShot(game, frameSeed, placements ? { placements } : {});
  const rendered = await renderShot(shot);
  const image = `frame-${String(i).padStart(4, '0')}.jpg`;
  writeFileSync(join(dir, image), rendered.jpeg);
  // The truth lists a pile bottom first: a card is the top when no later card shares its cell.
  const cards: TrainingCard[] = rendered.truth.map((t, k) => ({
    card: t.card,
    corners: t.corners,
    visible: t.visible,
    top: !rendered.truth.slice(k + 1).some((u) => u.row === t.row && u.col === t.col),
  }));
  const solids = [...shot.scene.cards.filter((c) => c.kind === 'back'), ...shot.scene.objects.filter((o) => o.kind === 'back')];
  const backs = solids.map((s) => projectCorners(s, shot.camera).map(([u, v]) => [Math.round(u * 100) / 100, Math.round(v * 100) / 100] as [number, number]));
  return { image, game, seed: frameSeed, width: shot.conditions.width, height: shot.conditions.height, cards, backs };
}

export interface RenderSetOptions {
  /** One line a frame. */
  readonly progress?: (line: string) => void;
  /** Worker threads to render in (default: one a core; 1 renders in this thread). */
  readonly workers?: number;
}

/** The worker script, built beside this module (from TypeScript sources, as under the test runner, there is none: frames render in this thread). */
const WORKER = new URL('./render-worker.js', import.meta.url);

/**
 * Renders `frames` training photographs into `dir` (JPEG + training-set.json), reusing the frames
 * already there for the same seed. A frame depends only on the seed and its number, so frames
 * render in parallel alike; the record is saved every ten frames done in order, so a run stopped
 * part way loses none of them.
 */
export async function renderTrainingSet(dir: string, frames: number, seed: number, options: RenderSetOptions = {}): Promise<TrainingSet> {
  const { progress } = options;
  mkdirSync(dir, { recursive: true });
  const old = readTrainingSet(dir);
  const kept = old && old.seed === seed ? old.frames.filter((f) => existsSync(join(dir, f.image))) : [];
  const out: TrainingFrame[] = kept.slice(0, frames);
  const save = (): void => writeFileSync(join(dir, SET_FILE), JSON.stringify({ version: SET_VERSION, seed, frames: out } satisfies TrainingSet));
  // Frames finish out of order across workers: each is recorded once all before it are.
  const finished = new Map<number, TrainingFrame>();
  let done = out.length;
  const finish = (i: number, frame: TrainingFrame): void => {
    finished.set(i, frame);
    while (finished.has(out.length)) {
      out.push(finished.get(out.length)!);
      finished.delete(out.length - 1);
      if (out.length % 10 === 0) save();
    }
    progress?.(`rendered training frame ${++done}/${frames} (${frame.game}, ${frame.cards.length} cards)`);
  };
  const first = out.length;
  const workers = Math.max(1, Math.min(options.workers ?? availableParallelism(), frames - first));
  if (workers > 1 && existsSync(fileURLToPath(WORKER))) {
    progress?.(`rendering ${frames - first} training frames in ${workers} worker threads`);
    await renderInWorkers(dir, seed, first, frames, workers, finish);
  } else {
    for (let i = first; i < frames; i++) finish(i, await renderTrainingFrame(dir, seed, i));
  }
  save();
  return { version: SET_VERSION, seed, frames: out };
}

/** Frames first..end-1 rendered by `count` worker threads, each handed the next frame as it finishes one. */
function renderInWorkers(dir: string, seed: number, first: number, end: number, count: number, finish: (i: number, frame: TrainingFrame) => void): Promise<void> {
  let next = first;
  const pool = Array.from({ length: count }, () => new Worker(WORKER, { workerData: { dir, seed } }));
  return new Promise<void>((resolve, reject) => {
    let idle = 0;
    let stopped = false;
    const stop = (error?: Error): void => {
      stopped = true;
      for (const worker of pool) void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    for (const worker of pool) {
      const hand = (): void => {
        if (next < end) worker.postMessage(next++);
        else if (++idle === count) stop();
      };
      worker.on('message', (message: { i: number; frame: TrainingFrame }) => {
        finish(message.i, message.frame);
        hand();
      });
      worker.on('error', (error) => stop(error));
      worker.on('exit', (code) => void (stopped || stop(new Error(`a rendering worker stopped (exit code ${code})`))));
      hand();
    }
  });
}

/** Unused-seed guard: the bundled fixtures' seed must never make training data. */
export function checkTrainingSeed(seed: number, fixtureSeed: number): void {
  if (seed === fixtureSeed) throw new RangeError(`seed ${seed} is the bundled fixtures' seed; training must use seeds of its own`);
}
