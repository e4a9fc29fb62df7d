// Fits the score that judges the scan's hits (src/vision/detect/hit-score.ts) on rendered truth:
// every hit the recogniser snaps and judges is labelled a card where it matches one the renderer
// placed, and boosted regression trees are fitted to those labels; so is the first look, which
// judges each hit from a near snap. Rendered under seeds of our own, never the fixtures' or the
// tuning sets'.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { InputError } from '../errors.js';
import { join } from 'node:path';
import { findFixtures, readFixture, renderBundledFixtures } from '../render/index.js';
import { markerRegion } from '../render/fixture-io.js';
import { renderCalibrationFixtures } from '../render/fixtures.js';
import { calibrateFrame } from '../calibration/calibrate.js';
import { regionLayout } from '../calibration/markers.js';
import type { CalibrationProfile } from '../calibration/profile.js';
import { openCv } from '../vision/opencv.js';
import { planShot, renderShot } from '../render/shot.js';
import type { PhotoConditions } from '../render/conditions.js';
import { seededRandom, type Random } from '../rules/random.js';
import { decodeImage, loadImage, type RgbaImage } from '../vision/image.js';
import { dist, insidePolygon, quadCentre, type Vec } from '../vision/detect/geometry.js';
import { FIRST_LOOK_FEATURES, HIT_FEATURES, hitOdds, type FirstLook, type HitScore, type SavedHitScore, type SavedNode } from '../vision/detect/hit-score.js';
import type { Recogniser, VisionGame } from '../vision/recognise.js';
import type { DetectDebug } from '../vision/detect/index.js';

/** A hit counts as a card where its corners lie this near a truth card's, in shares of its diagonal... */
const NEAR = 0.45;
/** ...and at least this share of that card is in sight. */
const IN_SIGHT = 0.4;

/** Frames a game in each calibration set rendered for training. */
const CALIBRATED_FRAMES = 24;

/** How the trees are grown. */
export const TREES = { count: 200, depth: 3, rate: 0.15, leastLeaf: 8, thresholds: 32, l2: 1 } as const;

/** A hit judged: its features, and whether it is a card. */
export interface LabelledHit {
  readonly x: number[];
  readonly card: boolean;
  /** Where it came from (a set and frame, or a scene), for figures held back by source. */
  readonly source: string;
}

/** A truth card as both the fixtures and the renderer give it. */
interface Truth {
  readonly corners: readonly (readonly [number, number])[];
  readonly visible?: number;
}

/** Labelled hits: those the score judged, and those the first look saw. */
export interface LabelledHits {
  readonly judged: LabelledHit[];
  readonly firstLooks: LabelledHit[];
}

/** The scan hits of one frame, at the first look and judged by the recogniser, labelled against the truth. */
export function labelledHits(recogniser: Recogniser, judge: HitScore, image: RgbaImage, game: VisionGame, truth: readonly Truth[], source: string, calibration?: CalibrationProfile): LabelledHits {
  const debug: DetectDebug = { judged: [], firstLooks: [] };
  recogniser.recognise(image, { game, detect: { debug, hitScore: judge }, ...(calibration ? { calibration } : {}) });
  const judged = debug.judged!.map((h): LabelledHit => ({ x: h.features, card: matchesCard(h.quad, truth), source }));
  // At the first look a hit counts as a card where, snapped, it reached the score as one: what dropping it loses.
  const firstLooks = debug.firstLooks!.map((h): LabelledHit => ({ x: h.features, card: h.judged !== undefined && matchesCard(h.judged, truth), source }));
  return { judged, firstLooks };
}

function matchesCard(quad: readonly Vec[], truth: readonly Truth[]): boolean {
  const centre = quadCentre(quad);
  return truth.some((t) => {
    const corners = t.corners as unknown as Vec[];
    if ((t.visible ?? 1) < IN_SIGHT || !insidePolygon(corners, centre)) return false;
    return cornerError(quad, corners) < NEAR * dist(corners[0]!, corners[2]!);
  });
}

/** The mean corner distance between two quads, over every way round and either direction. */
function cornerError(a: readonly Vec[], b: readonly Vec[]): number {
  let best = Infinity;
  for (let turn = 0; turn < 4; turn++) {
    for (const way of [1, -1]) {
      let sum = 0;
      for (let k = 0; k < 4; k++) {
        sum += dist(a[k]!, b[(turn + way * k + 8) % 4]!);
      }
      best = Math.min(best, sum / 4);
    }
  }
  return best;
}

/**
 * The tables the scene tests pin, in turn: cream and plain tables under warm light, strong glare,
 * red felt, checked cloth, the default, sleeves and hands, on plain tables too.
 */
const SCENE_CLASSES: readonly ((r: Random) => Partial<PhotoConditions>)[] = [
  (r) => ({ background: 'plain', backgroundVariant: Math.floor(r() * 4), whiteBalance: 'warm', wbStrength: 0.6 + 0.4 * r(), glare: 0, distractors: [] }),
  (r) => ({ background: 'plain', backgroundVariant: Math.floor(r() * 4), glare: r(), distractors: [] }),
  (r) => ({ whiteBalance: 'warm', wbStrength: 0.8 + 0.3 * r(), glare: 0.8 + 0.2 * r(), distractors: [] }),
  (r) => ({ background: 'felt', backgroundVariant: Math.floor(r() * 4), whiteBalance: 'warm', wbStrength: 0.9, glare: 1, distractors: [], fill: 0.3 + 0.3 * r() }),
  (r) => ({ background: 'cloth', backgroundVariant: Math.floor(r() * 4) }),
  () => ({}),
  (r) => ({ distractors: [r() < 0.5 ? 'sleeve' : 'hand'] }),
  (r) => ({ background: 'plain', backgroundVariant: Math.floor(r() * 4), distractors: [r() < 0.5 ? 'sleeve' : 'hand'] }),
];

const SCENE_GAMES: readonly VisionGame[] = ['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks'];

/** Scene `i` of the series under `seed`: its game and conditions. */
function sceneShot(seed: number, i: number): { game: VisionGame; shot: ReturnType<typeof planShot> } {
  const game = SCENE_GAMES[i % SCENE_GAMES.length]!;
  const conditions = SCENE_CLASSES[Math.floor(i / SCENE_GAMES.length) % SCENE_CLASSES.length]!(seededRandom(seed + i));
  return { game, shot: planShot(game, seed + i, { conditions: { width: 1280, height: 720, ...conditions } as PhotoConditions }) };
}

export interface HitScoreOptions {
  /** Where rendered sets are kept and reused. */
  readonly dataDir: string;
  /** The file the model is written to. */
  readonly out: string;
  readonly seed: number;
  /** Fixture-style sets to render (held-out and development splits in turn), one a seed from `seed`. */
  readonly sets: number;
  /** Single tables rendered in the scene classes. */
  readonly scenes: number;
  /** Calibration sets (markers round the cards, steep views), recognised under their own markers, one a seed after the sets'. */
  readonly calibrated: number;
  readonly recogniser: Recogniser;
  /** Fit again on the hits the last run collected (in dataDir) instead of collecting them. */
  readonly refit?: boolean;
  readonly progress: (line: string) => void;
}

/** Of some hits, how many are cards and how many other hits, and how many of each are kept. */
export interface Kept {
  readonly cards: number;
  readonly kept: number;
  readonly others: number;
  readonly othersKept: number;
}

export interface HitScoreReport {
  readonly hits: number;
  readonly cards: number;
  /** On the last set, held back from fitting: cards and other hits kept, at the keep odds. */
  readonly heldBack: Kept;
  /** The first look on the last set, fitted without it: cards and other hits it keeps for the snap. */
  readonly firstLook: Kept;
  readonly bytes: number;
}

/** Renders (or reuses) the data, labels every hit at the first look and judged, fits both sets of trees and writes the model. */
export async function trainHitScore(options: HitScoreOptions): Promise<HitScoreReport> {
  const { progress } = options;
  const saved = join(options.dataDir, HITS_FILE);
  const { judged: hits, firstLooks } = options.refit ? readHits(saved) : await collectHits(options);
  if (!options.refit) {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(saved, JSON.stringify({ features: HIT_FEATURES, firstLookFeatures: FIRST_LOOK_FEATURES, hits, firstLooks }));
  }
  if (hits.length === 0) throw new Error('no scan hits were judged: nothing to fit');
  progress(`${hits.length} hits judged, ${hits.filter((h) => h.card).length} of them cards; ${firstLooks.length} at the first look; fitting ${TREES.count} trees each`);
  // Figures on the last set, fitted without it; the model written is fitted on everything.
  const lastSet = `set-${options.seed + options.sets - 1}`;
  const held = (h: LabelledHit): boolean => h.source === lastSet;
  const fitted = fitBoostedTrees(hits.filter((h) => !held(h)), progress);
  const heldBack = keptOf(hits.filter(held), (x) => hitOdds(fitted, x) >= fitted.keep);
  // The first look's drop odds are chosen on the held-back set, then kept for the trees fitted on everything.
  const firstFitted = fitTrees(firstLooks.filter((h) => !held(h)), FIRST_LOOK_FEATURES.length);
  const drop = dropOdds(firstFitted, firstLooks.filter(held));
  const firstLook: FirstLook = { features: [...FIRST_LOOK_FEATURES], ...fitTrees(firstLooks, FIRST_LOOK_FEATURES.length), drop };
  const firstHeldBack = keptOf(firstLooks.filter(held), (x) => hitOdds(firstFitted, x) >= drop);
  const training = { seed: options.seed, sets: options.sets, calibrated: options.calibrated, scenes: options.scenes, hits: hits.length, firstLooks: firstLooks.length, heldBack, firstLookHeldBack: firstHeldBack };
  const model: SavedHitScore = { ...fitBoostedTrees(hits, progress), firstLook, training };
  const text = JSON.stringify(model);
  mkdirSync(join(options.out, '..'), { recursive: true });
  writeFileSync(options.out, text);
  return { hits: hits.length, cards: hits.filter((h) => h.card).length, heldBack, firstLook: firstHeldBack, bytes: text.length };
}

/** The hits kept from the last collection, to fit again without collecting. */
const HITS_FILE = 'hits.json';

function readHits(path: string): { judged: LabelledHit[]; firstLooks: LabelledHit[] } {
  if (!existsSync(path)) throw new InputError(`train: no hits collected yet in ${path}; run without --refit first`);
  const saved = JSON.parse(readFileSync(path, 'utf8')) as { features: string[]; firstLookFeatures?: string[]; hits: LabelledHit[]; firstLooks: LabelledHit[] };
  if (saved.features.join() !== HIT_FEATURES.join() || saved.firstLookFeatures?.join() !== FIRST_LOOK_FEATURES.join()) {
    throw new InputError(`train: ${path} holds other features than this recogniser's; run without --refit`);
  }
  return { judged: saved.hits, firstLooks: saved.firstLooks };
}

/** Every hit the scan snaps on the rendered sets and scenes, judged by no model and labelled. */
async function collectHits(options: HitScoreOptions): Promise<LabelledHits> {
  const { progress, recogniser } = options;
  // The scan keeps none of its hits and has no first look: every hit it snaps is judged, whatever an
  // earlier model made of the hits before it, so the data depend on no model.
  const judge: HitScore = { trees: [], base: 0, keep: 2, tentative: 2 };
  const hits: LabelledHit[] = [];
  const firstLooks: LabelledHit[] = [];
  const add = (labelled: LabelledHits): void => {
    hits.push(...labelled.judged);
    firstLooks.push(...labelled.firstLooks);
  };
  for (let k = 0; k < options.sets; k++) {
    const seed = options.seed + k;
    const split = k % 2 === 0 ? 'heldout' : 'dev';
    const dir = join(options.dataDir, `set-${seed}`);
    if (!existsSync(join(dir, split))) {
      progress(`rendering set ${k + 1}/${options.sets} (${split}, seed ${seed}) into ${dir}`);
      await renderBundledFixtures(dir, seed, undefined, split);
    }
    for (const path of findFixtures(join(dir, split))) {
      const fixture = readFixture(path);
      if (fixture.game === 'sequence') continue;
      const folder = path.slice(0, -'fixture.json'.length);
      for (const [i, frame] of fixture.frames.entries()) {
        const image = await loadImage(join(folder, frame.image));
        add(labelledHits(recogniser, judge, image, fixture.game as VisionGame, frame.cards, `set-${seed}`));
        if (i % 20 === 19) progress(`set ${k + 1}/${options.sets}: ${fixture.game}, frame ${i + 1}/${fixture.frames.length}, ${hits.length} hits`);
      }
    }
  }
  const cv = await openCv();
  for (let k = 0; k < options.calibrated; k++) {
    const seed = options.seed + options.sets + k;
    const dir = join(options.dataDir, `set-${seed}`);
    if (!existsSync(join(dir, 'calibration'))) {
      progress(`rendering calibration set ${k + 1}/${options.calibrated} (seed ${seed}) into ${dir}`);
      await renderCalibrationFixtures(dir, seed, undefined, CALIBRATED_FRAMES);
    }
    for (const path of findFixtures(join(dir, 'calibration'))) {
      const fixture = readFixture(path);
      const folder = path.slice(0, -'fixture.json'.length);
      for (const frame of fixture.frames) {
        const region = markerRegion(frame);
        if (!region) continue;
        const image = await loadImage(join(folder, frame.image));
        let calibration: CalibrationProfile;
        try {
          calibration = calibrateFrame(cv, image, { layout: regionLayout(region[0], region[1]), source: frame.image }).profile;
        } catch (error) {
          if (error instanceof RangeError) continue;
          throw error;
        }
        add(labelledHits(recogniser, judge, image, fixture.game as VisionGame, frame.cards, `set-${seed}`, calibration));
      }
      progress(`calibration set ${k + 1}/${options.calibrated}: ${fixture.game}, ${hits.length} hits`);
    }
  }
  for (let i = 0; i < options.scenes; i++) {
    const { game, shot } = sceneShot(options.seed * 1000, i);
    const rendered = await renderShot(shot);
    add(labelledHits(recogniser, judge, await decodeImage(rendered.jpeg), game, rendered.truth, 'scene'));
    if (i % 20 === 19) progress(`scene ${i + 1}/${options.scenes}, ${hits.length} hits`);
  }
  return { judged: hits, firstLooks };
}

/** How many of the cards and other hits `keeps` keeps. */
function keptOf(hits: readonly LabelledHit[], keeps: (x: readonly number[]) => boolean): Kept {
  const kept = hits.filter((h) => keeps(h.x));
  return { cards: hits.filter((h) => h.card).length, kept: kept.filter((h) => h.card).length, others: hits.filter((h) => !h.card).length, othersKept: kept.filter((h) => !h.card).length };
}

/**
 * The first look lets through at least this share of the cards (on the held-back set): a card it
 * drops is lost, a hit of no card it lets through only costs its snap.
 */
const FIRST_LOOK_CARDS = 0.995;

/** The greatest odds below which at most 1 - FIRST_LOOK_CARDS of the cards among `hits` fall (0 where there are none). */
function dropOdds(trees: Pick<FirstLook, 'base' | 'trees'>, hits: readonly LabelledHit[]): number {
  const cards = hits.filter((h) => h.card).map((h) => hitOdds(trees, h.x)).sort((a, b) => a - b);
  return cards.length === 0 ? 0 : cards[Math.floor(cards.length * (1 - FIRST_LOOK_CARDS))]!;
}

/**
 * The odds from which a hit is kept, and below that, down to TENTATIVE, kept only where the reader
 * names a card. Chosen among 0.3, 0.4 and 0.5 on the tuning sets and the scene tests
 * (models/MODEL_CARD.md), not fitted.
 */
const KEEP = 0.4;
const TENTATIVE = 0.15;

/**
 * Gradient-boosted regression trees under the logistic loss (Newton steps, L2-shrunk leaves), each
 * feature split only at its quantiles: the saved model the recogniser loads.
 */
export function fitBoostedTrees(hits: readonly LabelledHit[], progress?: (line: string) => void): SavedHitScore {
  return { features: [...HIT_FEATURES], ...fitTrees(hits, HIT_FEATURES.length, progress), keep: KEEP, tentative: TENTATIVE };
}

/** The trees (TREES) over `d` features: log-odds before them, and the trees. */
function fitTrees(hits: readonly LabelledHit[], d: number, progress?: (line: string) => void): { base: number; trees: SavedNode[] } {
  const n = hits.length;
  const y = Float64Array.from(hits, (h) => (h.card ? 1 : 0));
  const positive = Math.min(n - 0.5, Math.max(0.5, y.reduce((a, b) => a + b, 0)));
  const base = Math.log(positive / (n - positive));
  // Each feature's split points, and each hit's bin: the number of split points below its value.
  const thresholds: number[][] = [];
  const bins: Uint8Array[] = [];
  for (let f = 0; f < d; f++) {
    const values = Float64Array.from(hits, (h) => h.x[f]!).sort();
    const cuts = [...new Set(Array.from({ length: TREES.thresholds - 1 }, (_, k) => quantile(values, (k + 1) / TREES.thresholds)))].sort((a, b) => a - b);
    thresholds.push(cuts);
    bins.push(Uint8Array.from(hits, (h) => cuts.filter((t) => h.x[f]! > t).length));
  }
  const score = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: SavedNode[] = [];
  for (let t = 0; t < TREES.count; t++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-score[i]!));
      g[i] = p - y[i]!;
      h[i] = p * (1 - p);
    }
    const all = Int32Array.from({ length: n }, (_, i) => i);
    const tree = grow(all, TREES.depth, { g, h, bins, thresholds, score });
    trees.push(tree);
    if (progress && (t + 1) % 50 === 0) progress(`tree ${t + 1}/${TREES.count}`);
  }
  return { base, trees };
}

function quantile(sorted: Float64Array, q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.min(sorted.length - 1, lo + 1)]! - sorted[lo]!) * (at - lo);
}

interface Growing {
  readonly g: Float64Array;
  readonly h: Float64Array;
  readonly bins: readonly Uint8Array[];
  readonly thresholds: readonly number[][];
  /** Each hit's log-odds so far: a leaf adds its value to the hits it holds. */
  readonly score: Float64Array;
}

/** A node over hits `rows`: the split that gains most, grown `depth` deeper, or a leaf. */
function grow(rows: Int32Array, depth: number, s: Growing): SavedNode {
  let G = 0;
  let H = 0;
  for (const i of rows) {
    G += s.g[i]!;
    H += s.h[i]!;
  }
  const split = depth > 0 && rows.length >= 2 * TREES.leastLeaf ? bestSplit(rows, G, H, s) : null;
  if (!split) {
    const v = (-G / (H + TREES.l2)) * TREES.rate;
    for (const i of rows) s.score[i] = s.score[i]! + v;
    return { v };
  }
  const { f, bin } = split;
  const left = rows.filter((i) => s.bins[f]![i]! <= bin);
  const right = rows.filter((i) => s.bins[f]![i]! > bin);
  return { f, t: s.thresholds[f]![bin]!, l: grow(left, depth - 1, s), r: grow(right, depth - 1, s) };
}

/** The feature and bin whose split gains most (none where no split gains or leaves too few hits a side). */
function bestSplit(rows: Int32Array, G: number, H: number, s: Growing): { f: number; bin: number } | null {
  const parent = (G * G) / (H + TREES.l2);
  let best: { f: number; bin: number } | null = null;
  let bestGain = 0;
  for (let f = 0; f < s.bins.length; f++) {
    const cuts = s.thresholds[f]!.length;
    const gs = new Float64Array(cuts + 1);
    const hs = new Float64Array(cuts + 1);
    const ns = new Int32Array(cuts + 1);
    const bins = s.bins[f]!;
    for (const i of rows) {
      const b = bins[i]!;
      gs[b] = gs[b]! + s.g[i]!;
      hs[b] = hs[b]! + s.h[i]!;
      ns[b] = ns[b]! + 1;
    }
    let gl = 0;
    let hl = 0;
    let nl = 0;
    for (let b = 0; b < cuts; b++) {
      gl += gs[b]!;
      hl += hs[b]!;
      nl += ns[b]!;
      if (nl < TREES.leastLeaf || rows.length - nl < TREES.leastLeaf) continue;
      const gain = (gl * gl) / (hl + TREES.l2) + ((G - gl) * (G - gl)) / (H - hl + TREES.l2) - parent;
      if (gain > bestGain) {
        bestGain = gain;
        best = { f, bin: b };
      }
    }
  }
  return best;
}
