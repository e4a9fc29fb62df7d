// The reader's training photographs: tables rendered by src/render under the full random range of
// conditions, from seeds of our own (never the fixtures' seed), kept on disk so training can be
// rerun without rendering again. Besides the truth, each frame records where face-down cards lie
// (the truth leaves them out), so the reader can learn that a card back is not a face.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPECIALS, STACKS_CARDS } from '../../../cards/stacks.js';
import { seededRandom, type Random } from '../../../rules/random.js';
import { hashSeed, pick, randomTable, TABLE_GAMES, type TableGame, type TablePlacement } from '../../../render/scene.js';
import { planShot, renderShot } from '../../../render/shot.js';
import { projectCorners } from '../../../render/truth.js';

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

/**
 * Renders `frames` training photographs into `dir` (JPEG + training-set.json), reusing the frames
 * already there for the same seed. `progress` gets one line a frame.
 */
export async function renderTrainingSet(dir: string, frames: number, seed: number, progress?: (line: string) => void): Promise<TrainingSet> {
  mkdirSync(dir, { recursive: true });
  const old = readTrainingSet(dir);
  const kept = old && old.seed === seed ? old.frames.filter((f) => existsSync(join(dir, f.image))) : [];
  const out: TrainingFrame[] = kept.slice(0, frames);
  for (let i = out.length; i < frames; i++) {
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
    out.push({ image, game, seed: frameSeed, width: shot.conditions.width, height: shot.conditions.height, cards, backs });
    if ((i + 1) % 10 === 0 || i + 1 === frames) {
      writeFileSync(join(dir, SET_FILE), JSON.stringify({ version: SET_VERSION, seed, frames: out } satisfies TrainingSet));
    }
    progress?.(`rendered training frame ${i + 1}/${frames} (${game}, ${cards.length} cards)`);
  }
  const set: TrainingSet = { version: SET_VERSION, seed, frames: out };
  writeFileSync(join(dir, SET_FILE), JSON.stringify(set));
  return set;
}

/** Unused-seed guard: the bundled fixtures' seed must never make training data. */
export function checkTrainingSeed(seed: number, fixtureSeed: number): void {
  if (seed === fixtureSeed) throw new RangeError(`seed ${seed} is the bundled fixtures' seed; training must use seeds of its own`);
}
