// `seqref eval DIR [--json OUT]`: recognise every frame of every fixture below DIR and score it
// against the truth (contracts section 3). A detection matches a truth card when its centre lies
// inside the truth's quadrilateral. Cards marked hidden (more than half out of sight) are scored
// apart: the headline figures are over the cards in sight, the `_all` figures over every card.
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { COLOURS, NUMBERS, SHAPES, isTicCard, ticValues } from '../cards/tic.js';
import { STACKS_CARDS } from '../cards/stacks.js';
import { InputError } from '../errors.js';
import { reportingOpenCvErrors } from './internal-error.js';
import { runEvalDiff } from './eval-diff.js';
import { GAMES_USAGE, runEvalGames } from './eval-games.js';
import { calibrateFrame } from '../calibration/calibrate.js';
import { regionLayout } from '../calibration/markers.js';
import { readProfile, type CalibrationProfile } from '../calibration/profile.js';
import { findFixtures, markerRegion, readFixture, type FixtureCard, type FixtureFrame } from '../render/fixture-io.js';
import { profileMismatch } from '../vision/calibrated.js';
import { openCv, type OpenCv } from '../vision/opencv.js';
import type { RgbaImage } from '../vision/image.js';
import { insidePolygon, quadCentre, type Vec } from '../vision/detect/geometry.js';
import { loadImage } from '../vision/image.js';
import { createRecogniser, describeError, type Recogniser, type VisionGame } from '../vision/recognise.js';
import { blindReader } from '../vision/read/index.js';
import { deckReading, readDeckFile } from '../deck/deck-file.js';
import type { CardReading, Recognition, RecognisedCard } from '../vision/types.js';
import { judgedByContact, judgePhoto, layoutViolations } from './verify.js';

export const EVAL_USAGE = `Usage: seqref eval DIR [--json OUT] [--no-read] [--stride N] [--profile FILE] [--compare-calibration] [--deck DECK.json]
       seqref eval --stress DIR [--frames N] [--seed S] [--json OUT]
       seqref eval --diff BEFORE.json AFTER.json
       seqref eval DIR --games [--json OUT] [--truth]

Recognises every frame of every fixture.json below DIR and compares it with the truth
(contracts section 3): card recall and precision, identity and per-property accuracy, grid
position accuracy (after the one best shift and quarter turn a frame), time a frame. Cards the
truth marks hidden (more than half out of sight) are counted apart: headline figures are over
the cards in sight, the "_all" figures over all of them. Cards the truth marks moving (in a hand,
not yet in their cell) count for recall and identity but not for grid position.

Options:
  --json OUT    also write the figures as JSON (contract fields, confusion matrices, stage
                times, worst frames, by_game, "failures": every card in sight missed or
                not named rightly, with the share of its face in sight, and "verify_verdicts":
                seqref verify's verdicts on the Progression and Shift photos, legal, illegal or
                none, counted by whether the truth table is legal)
  --diff BEFORE.json AFTER.json
                two --json reports of the same fixtures compared: the figures, and card by
                card which cards a change put right, lost, or reads otherwise
  --no-read     skip the card reader (detection and grid only; identity figures are then 0)
  --stride N    only every N-th frame of each fixture (quick looks)
  --stress DIR  render a set outside the training ranges into DIR first (tilt 45-60 degrees,
                stronger tints, smaller cards; see --frames, --seed), then evaluate it
  --frames N    frames a game for --stress (default 6)
  --seed S      seed for --stress (default 7)
  --profile FILE
                recognise under this calibration profile (seqref calibrate): its table plane
                and paper known; every frame must have the profile's size
  --deck DECK.json
                read the TIC cards with the reader seqref enrol trained for that deck instead
                of the one for the deck of cards.md
  --compare-calibration
                score every frame twice, without and with calibration, and print both side by
                side (per game and all); the profile is --profile FILE, or, without it, each
                frame's own, made from the markers it shows (frames name their marker rectangle
                in "markers": {"region_mm": [W, H]}, as fixtures/calibration does)

Progress goes to standard error. Exits 2 with one line on a fixture it cannot read.

${GAMES_USAGE}`;

const GAMES: readonly VisionGame[] = ['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks'];

/** One truth card and what became of it. */
export interface CardOutcome {
  readonly truth: FixtureCard;
  readonly found: RecognisedCard | null;
}

/**
 * Pairs truth cards with detections: a detection may serve a truth card whose quad holds its
 * centre; cards in sight are served first, nearest centres first, each detection once.
 */
export function matchFrame(truth: readonly FixtureCard[], found: readonly RecognisedCard[]): { outcomes: CardOutcome[]; unmatched: number } {
  const pairs: { t: number; f: number; hidden: boolean; d: number }[] = [];
  truth.forEach((card, t) => {
    const quad = card.corners as unknown as Vec[];
    const centre = quadCentre(quad);
    found.forEach((f, k) => {
      if (insidePolygon(quad, f.centre)) pairs.push({ t, f: k, hidden: card.hidden === true, d: Math.hypot(f.centre[0] - centre[0], f.centre[1] - centre[1]) });
    });
  });
  pairs.sort((a, b) => Number(a.hidden) - Number(b.hidden) || a.d - b.d);
  const byTruth = new Map<number, number>();
  const used = new Set<number>();
  for (const p of pairs) {
    if (byTruth.has(p.t) || used.has(p.f)) continue;
    byTruth.set(p.t, p.f);
    used.add(p.f);
  }
  const outcomes = truth.map((card, t) => ({ truth: card, found: byTruth.has(t) ? found[byTruth.get(t)!]! : null }));
  return { outcomes, unmatched: found.length - used.size };
}

/** Turns (r, c) by k quarter turns. */
const quarter = (row: number, col: number, k: number): [number, number] => {
  switch (((k % 4) + 4) % 4) {
    case 0:
      return [row, col];
    case 1:
      return [col, -row];
    case 2:
      return [-row, -col];
    default:
      return [-col, row];
  }
};

/**
 * Which matched cards sit in the right cell after the one shift (and quarter turn) of the found
 * grid that agrees best with the truth. Returns a flag for each pair.
 */
export function gridAgreement(pairs: readonly { truth: { row: number; col: number }; found: { row: number; col: number } }[]): boolean[] {
  let best: boolean[] = pairs.map(() => false);
  let bestCount = -1;
  for (let k = 0; k < 4; k++) {
    const votes = new Map<string, number>();
    const shifts = pairs.map((p) => {
      const [r, c] = quarter(p.found.row, p.found.col, k);
      const key = `${p.truth.row - r},${p.truth.col - c}`;
      votes.set(key, (votes.get(key) ?? 0) + 1);
      return key;
    });
    let top = '';
    let count = -1;
    for (const [key, n] of votes) if (n > count) [top, count] = [key, n];
    if (count > bestCount) {
      bestCount = count;
      best = shifts.map((s) => s === top);
    }
  }
  return best;
}

/** Counts for one group of frames (all, or one game). */
class Tally {
  frames = 0;
  truth = 0;
  truthAll = 0;
  detected = 0;
  matchedDetections = 0;
  matched = 0;
  matchedAll = 0;
  identity = 0;
  identityAll = 0;
  tic = 0;
  number = 0;
  shape = 0;
  colour = 0;
  position = 0;
  /** Cards in sight that lie in a cell (not in a hand sliding them across the table). */
  positionTruth = 0;
  positionAll = 0;
  positionAllTruth = 0;
  moving = 0;
  /** Matched cards named wrongly at confidence >= 0.9, all and those partly out of sight. */
  wrongSure = 0;
  wrongSureOccluded = 0;
  occludedMatched = 0;
  ms: number[] = [];
  detectMs: number[] = [];
  readMs: number[] = [];
  gridMs: number[] = [];
}

interface Confusion {
  readonly labels: string[];
  /** rows: truth label; columns: read label, then "unknown". */
  readonly counts: number[][];
}

const confusion = (labels: readonly string[]): Confusion => ({ labels: [...labels], counts: labels.map(() => new Array<number>(labels.length + 1).fill(0)) });

function count(c: Confusion, truth: string, read: string | null | undefined): void {
  const t = c.labels.indexOf(truth);
  if (t < 0) return;
  const r = read ? c.labels.indexOf(read) : -1;
  c.counts[t]![r < 0 ? c.labels.length : r]!++;
}

interface FrameScore {
  readonly fixture: string;
  /** The fixture's folder within the DIR evaluated (what --diff matches reports by). */
  readonly within: string;
  readonly image: string;
  readonly game: string;
  readonly truth: number;
  readonly missed: number;
  readonly wrongIdentity: number;
  readonly wrongPosition: number;
  readonly extra: number;
  readonly errors: number;
  /** The cards in sight missed or named wrongly. */
  readonly failures: CardFailure[];
}

/** A card in sight the recogniser missed (found false) or did not name rightly (read null: unknown). */
export interface CardFailure {
  readonly card: string;
  readonly visible: number;
  readonly moving: boolean;
  readonly found: boolean;
  readonly read: string | null;
  readonly confidence: number | null;
}

export interface EvalReport {
  readonly [key: string]: unknown;
}

const share = (n: number, d: number): number | null => (d > 0 ? round4(n / d) : null);
const round4 = (v: number): number => Math.round(v * 10000) / 10000;
const round1 = (v: number): number => Math.round(v * 10) / 10;
const median = (v: readonly number[]): number => {
  if (v.length === 0) return 0;
  const s = [...v].sort((a, b) => a - b);
  return round1(s[(s.length - 1) >> 1]!);
};

function figures(t: Tally): Record<string, unknown> {
  return {
    frames: t.frames,
    cards_truth: t.truth,
    cards_detected: t.detected,
    card_precision: share(t.matchedDetections, t.detected),
    card_recall: share(t.matched, t.truth),
    identity_accuracy: share(t.identity, t.truth),
    number_accuracy: share(t.number, t.tic),
    shape_accuracy: share(t.shape, t.tic),
    colour_accuracy: share(t.colour, t.tic),
    position_accuracy: share(t.position, t.positionTruth),
    ms_per_frame_median: median(t.ms),
    cards_truth_all: t.truthAll,
    cards_hidden: t.truthAll - t.truth,
    cards_moving: t.moving,
    card_recall_all: share(t.matchedAll, t.truthAll),
    identity_accuracy_all: share(t.identityAll, t.truthAll),
    position_accuracy_all: share(t.positionAll, t.positionAllTruth),
    wrong_identity_at_0_9: t.wrongSure,
    wrong_identity_at_0_9_occluded: t.wrongSureOccluded,
    occluded_matched: t.occludedMatched,
    stage_ms_median: { detect: median(t.detectMs), read: median(t.readMs), grid: median(t.gridMs) },
  };
}

const sameIdentity = (truth: string, reading: CardReading): boolean => reading.card === truth;

/** Scores one frame into the tallies; returns its own score. */
export function scoreFrame(tallies: readonly Tally[], confusions: Record<string, Confusion>, frame: FixtureFrame, cards: readonly RecognisedCard[], where: { fixture: string; within: string; game: string; reading?: boolean }): FrameScore {
  const { outcomes, unmatched } = matchFrame(frame.cards, cards);
  const placed = outcomes.filter((o) => o.found && o.found.row !== null && o.found.col !== null && o.truth.moving !== true);
  const agree = gridAgreement(placed.map((o) => ({ truth: o.truth, found: { row: o.found!.row!, col: o.found!.col! } })));
  const rightCell = new Set(placed.filter((_, i) => agree[i]).map((o) => o.truth));
  let missed = 0;
  let wrongIdentity = 0;
  let wrongPosition = 0;
  const failures: CardFailure[] = [];
  for (const t of tallies) {
    t.frames++;
    t.detected += cards.length;
    t.matchedDetections += cards.length - unmatched;
  }
  for (const o of outcomes) {
    const inSight = o.truth.hidden !== true;
    const reading = o.found?.reading;
    const identityRight = reading ? sameIdentity(o.truth.card, reading) : false;
    const cellRight = rightCell.has(o.truth);
    const partly = (o.truth.visible ?? 1) < 0.999;
    for (const t of tallies) {
      t.truthAll++;
      if (o.found) t.matchedAll++;
      if (identityRight) t.identityAll++;
      if (o.truth.moving !== true) {
        t.positionAllTruth++;
        if (cellRight) t.positionAll++;
      }
      if (reading && reading.card !== null && !identityRight && reading.confidence >= 0.9) {
        t.wrongSure++;
        if (partly) t.wrongSureOccluded++;
      }
      if (o.found && partly) t.occludedMatched++;
      if (!inSight) continue;
      t.truth++;
      if (o.found) t.matched++;
      if (identityRight) t.identity++;
      // A card in a hand being slid in has no cell yet: its truth names where it will lie.
      if (o.truth.moving === true) t.moving++;
      else {
        t.positionTruth++;
        if (cellRight) t.position++;
      }
      if (isTicCard(o.truth.card)) {
        t.tic++;
        const [n, s, c] = ticValues(o.truth.card);
        if (reading?.number?.value === n) t.number++;
        if (reading?.shape?.value === SHAPES[s - 1]) t.shape++;
        if (reading?.colour?.value === COLOURS[c - 1]) t.colour++;
      }
    }
    if (!inSight) continue;
    if (!o.found) missed++;
    else {
      if (!identityRight) wrongIdentity++;
      if (!cellRight && o.truth.moving !== true) wrongPosition++;
    }
    if (!o.found || (where.reading !== false && !identityRight)) {
      failures.push({ card: o.truth.card, visible: o.truth.visible ?? 1, moving: o.truth.moving === true, found: o.found !== null, read: reading?.card ?? null, confidence: reading ? round4(reading.confidence) : null });
    }
    if (isTicCard(o.truth.card)) {
      const [n, s, c] = ticValues(o.truth.card);
      count(confusions.number!, String(n), reading?.number?.value == null ? null : String(reading.number.value));
      count(confusions.shape!, SHAPES[s - 1]!, reading?.shape?.value);
      count(confusions.colour!, COLOURS[c - 1]!, reading?.colour?.value);
    } else count(confusions.stacks!, o.truth.card, reading?.card);
  }
  const truth = outcomes.filter((o) => o.truth.hidden !== true).length;
  return { fixture: where.fixture, within: where.within, image: frame.image, game: where.game, truth, missed, wrongIdentity, wrongPosition, extra: unmatched, errors: missed + (where.reading === false ? 0 : wrongIdentity) + wrongPosition + unmatched, failures };
}

interface Parsed {
  dir: string;
  json?: string;
  noRead: boolean;
  stride: number;
  stress?: string;
  frames: number;
  seed: number;
  profile?: string;
  deck?: string;
  compare: boolean;
}

function parse(args: readonly string[]): Parsed {
  const out: Parsed = { dir: '', noRead: false, stride: 1, frames: 6, seed: 7, compare: false };
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new InputError(`eval: ${a} needs a value; see seqref eval --help`);
      return v;
    };
    const whole = (name: string, v: string, lo: number): number => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < lo) throw new InputError(`eval: ${name} must be a whole number ${lo} or more, got "${v}"`);
      return n;
    };
    if (a === '--json') out.json = value();
    else if (a === '--no-read') out.noRead = true;
    else if (a === '--stride') out.stride = whole('--stride', value(), 1);
    else if (a === '--stress') out.stress = value();
    else if (a === '--frames') out.frames = whole('--frames', value(), 1);
    else if (a === '--seed') out.seed = whole('--seed', value(), 0);
    else if (a === '--profile') out.profile = value();
    else if (a === '--deck') out.deck = value();
    else if (a === '--compare-calibration') out.compare = true;
    else if (a.startsWith('--')) throw new InputError(`eval: unknown option "${a}"; see seqref eval --help`);
    else positional.push(a);
  }
  if (out.stress) {
    if (positional.length > 0) throw new InputError('eval: give either DIR or --stress DIR, not both');
    out.dir = out.stress;
  } else {
    if (positional.length !== 1) throw new InputError('eval: give exactly one DIR of fixtures; see seqref eval --help');
    out.dir = positional[0]!;
  }
  return out;
}

const progress = (line: string): void => {
  process.stderr.write(`eval: ${line}\n`);
};

/**
 * Tables photographed outside the ranges the fixtures (and the reader's training) cover: camera
 * tilt 45-60 degrees instead of 0-40, white balance casts up to 1.7 times the strongest, and the
 * table filling a third to a half of the frame (smaller cards), always at 1280 x 720.
 */
async function renderStressSet(dir: string, framesPerGame: number, seed: number): Promise<void> {
  const { renderStillFixture } = await import('../render/fixtures.js');
  const { hashSeed } = await import('../render/scene.js');
  for (const game of GAMES) {
    const seeds = Array.from({ length: framesPerGame }, (_, i) => hashSeed(`stress|${seed}|${game}|${i}`));
    await renderStillFixture(
      game,
      join(dir, game),
      seeds,
      (i) => {
        const t = (i + 0.5) / framesPerGame;
        return {
          conditions: { width: 1280, height: 720, tiltDeg: 45 + 15 * t, wbStrength: 1.2 + 0.5 * ((i * 7) % framesPerGame) / framesPerGame, whiteBalance: i % 2 === 0 ? 'warm' : 'cool', fill: 0.35 + 0.15 * ((i * 3) % framesPerGame) / framesPerGame },
          style: {},
        };
      },
      { description: `${game}: ${framesPerGame} stress frames outside the training ranges (tilt 45-60, strong tint, small cards)`, seed, split: 'stress' },
      (line) => progress(line),
    );
  }
}

export function runEval(args: readonly string[]): Promise<number> {
  if (args[0] === '--diff') return Promise.resolve(runEvalDiff(args.slice(1)));
  if (args.includes('--games')) return reportingOpenCvErrors(() => runGames(args));
  return reportingOpenCvErrors(() => runEvalInner(args));
}

/** `eval DIR --games [--json OUT] [--truth]`: whole games (eval-games.ts). */
function runGames(args: readonly string[]): Promise<number> {
  const rest = args.filter((a) => a !== '--games' && a !== '--truth');
  const json = rest.indexOf('--json');
  if (json >= 0 && (rest[json + 1] === undefined || rest[json + 1]!.startsWith('--'))) throw new InputError('eval: --json needs a value; see seqref eval --help');
  const positional = json >= 0 ? rest.filter((_, i) => i !== json && i !== json + 1) : rest;
  const unknown = positional.find((a) => a.startsWith('--'));
  if (unknown) throw new InputError(`eval --games does not take "${unknown}"; see seqref eval --help`);
  if (positional.length !== 1) throw new InputError('eval --games: give exactly one DIR of recorded games; see seqref eval --help');
  return runEvalGames(positional[0]!, { ...(json >= 0 ? { json: rest[json + 1]! } : {}), truth: args.includes('--truth') });
}

/** One pipeline's tallies: all frames, by game, confusions and frame scores. */
class Run {
  readonly all = new Tally();
  readonly byGame = new Map<string, Tally>();
  readonly confusions: Record<string, Confusion> = {
    number: confusion(NUMBERS.map(String)),
    shape: confusion(SHAPES),
    colour: confusion(COLOURS),
    stacks: confusion(STACKS_CARDS),
  };
  readonly frames: FrameScore[] = [];
  /** `seqref verify`'s verdicts on the Progression and Shift photos, by the truth table's: legal or not (its cards not in a hand). */
  readonly verdicts = { legal: { legal: 0, illegal: 0, none: 0 }, illegal: { legal: 0, illegal: 0, none: 0 } };

  add(game: string, frame: FixtureFrame, recognition: Recognition, ms: number, where: { fixture: string; within: string; reading: boolean }, image: RgbaImage): void {
    if (where.reading && judgedByContact(game)) {
      const table = frame.cards.filter((c) => !c.moving).map(({ card, row, col }) => ({ card, row, col }));
      const said = judgePhoto(game, image, recognition).verdict.legal;
      this.verdicts[layoutViolations(game, table).length === 0 ? 'legal' : 'illegal'][said === null ? 'none' : said ? 'legal' : 'illegal']++;
    }
    const tally = this.byGame.get(game) ?? new Tally();
    this.byGame.set(game, tally);
    for (const t of [this.all, tally]) {
      t.ms.push(ms);
      t.detectMs.push(recognition.times.detectMs);
      t.readMs.push(recognition.times.readMs);
      t.gridMs.push(recognition.times.gridMs);
    }
    this.frames.push(scoreFrame([this.all, tally], this.confusions, frame, recognition.cards, { ...where, game }));
  }

  worst(): FrameScore[] {
    return [...this.frames].filter((f) => f.errors > 0).sort((a, b) => b.errors - a.errors || b.missed - a.missed).slice(0, 12);
  }

  report(): Record<string, unknown> {
    return {
      ...figures(this.all),
      by_game: Object.fromEntries([...this.byGame].map(([g, t]) => [g, figures(t)])),
      confusion: Object.fromEntries(Object.entries(this.confusions).filter(([, c]) => c.counts.some((row) => row.some((v) => v > 0))).map(([k, c]) => [k, { labels: c.labels, columns: [...c.labels, 'unknown'], counts: c.counts }])),
      worst_frames: this.worst().map((f) => ({ fixture: f.fixture, image: f.image, game: f.game, cards: f.truth, missed: f.missed, wrong_identity: f.wrongIdentity, wrong_position: f.wrongPosition, extra: f.extra })),
      failures: this.failures(),
      verify_verdicts: this.verdicts,
    };
  }

  /** Every card in sight missed or not named rightly, frame by frame (the fixture as a folder within DIR). */
  failures(): (CardFailure & { fixture: string; image: string })[] {
    return this.frames.flatMap((f) => f.failures.map((c) => ({ fixture: f.within, image: f.image, ...c })));
  }
}

async function runEvalInner(args: readonly string[]): Promise<number> {
  const options = parse(args);
  if (options.stress) {
    await renderStressSet(options.stress, options.frames, options.seed);
  }
  const files = findFixtures(options.dir);
  if (files.length === 0) throw new InputError(`${options.dir}: no fixture.json below it`);
  // Read every fixture (and the profile) first: a bad one stops the run before any work.
  const fixtures = files.map((file) => ({ file, fixture: readFixture(file) }));
  const profile = options.profile !== undefined ? readProfile(options.profile) : undefined;
  const deck = options.deck !== undefined ? readDeckFile(options.deck) : undefined;
  const recogniser: Recogniser = await createRecogniser(options.noRead ? { reader: blindReader } : deck ? await deckReading(deck) : {});
  const cv: OpenCv | null = options.compare ? await openCv() : null;
  // Without --compare-calibration one run (calibrated when --profile is given); with it two.
  const plain = new Run();
  const calibrated = options.compare ? new Run() : null;
  const calibrateMs: number[] = [];
  const notCalibrated: string[] = [];
  const started = performance.now();
  const recognise = async (image: RgbaImage, game: string, label: string, calibration: CalibrationProfile | undefined): Promise<{ recognition: Recognition; ms: number }> => {
    const start = performance.now();
    try {
      return { recognition: recogniser.recognise(image, { game: game as VisionGame, ...(calibration ? { calibration } : {}) }), ms: performance.now() - start };
    } catch (error) {
      // One frame the recogniser trips on is scored as nothing found, and said, not fatal.
      progress(`${label}: recognition${calibration ? ' (calibrated)' : ''} failed (${(await describeError(error)).split('\n')[0]})`);
      return { recognition: { width: image.width, height: image.height, cards: [], times: { detectMs: 0, readMs: 0, gridMs: 0 } }, ms: performance.now() - start };
    }
  };
  try {
    for (const { file, fixture } of fixtures) {
      const game = fixture.game;
      if (!(GAMES as readonly string[]).includes(game)) {
        progress(`${relative(process.cwd(), file)}: skipped (${game} has no table to photograph)`);
        continue;
      }
      const chosen = fixture.frames.filter((_, i) => i % options.stride === 0);
      const name = relative(process.cwd(), dirname(file)) || dirname(file);
      for (const [i, frame] of chosen.entries()) {
        const label = `${name}/${frame.image}`;
        const image = await loadImage(join(dirname(file), frame.image));
        const mismatch = profile ? profileMismatch(profile, image) : null;
        if (mismatch) throw new InputError(`eval: ${label}: ${mismatch}`);
        const where = { fixture: name, within: relative(options.dir, dirname(file)) || '.', reading: !options.noRead };
        if (!calibrated) {
          const { recognition, ms } = await recognise(image, game, label, profile);
          plain.add(game, frame, recognition, ms, where, image);
        } else {
          const without = await recognise(image, game, label, undefined);
          plain.add(game, frame, without.recognition, without.ms, where, image);
          let own = profile;
          if (!own) {
            const region = markerRegion(frame);
            const t = performance.now();
            try {
              if (!region) throw new RangeError('the frame names no marker rectangle ("markers": {"region_mm": [W, H]})');
              own = calibrateFrame(cv!, image, { layout: regionLayout(region[0], region[1]), source: label }).profile;
              calibrateMs.push(performance.now() - t);
            } catch (error) {
              if (!(error instanceof RangeError)) throw error;
              notCalibrated.push(label);
              progress(`${label}: not calibrated (${error.message}): scored as without calibration`);
            }
          }
          const withIt = own ? await recognise(image, game, label, own) : without;
          calibrated.add(game, frame, withIt.recognition, withIt.ms, where, image);
        }
        if ((i + 1) % 10 === 0 || i + 1 === chosen.length) progress(`${name}: frame ${i + 1}/${chosen.length}`);
      }
    }
  } finally {
    recogniser.dispose();
  }
  const framesSeen = plain.all.frames;
  const calibration = calibrated
    ? {
        mode: 'compare',
        profile: options.profile ?? 'each frame from its own markers',
        frames_calibrated: framesSeen - notCalibrated.length,
        frames_not_calibrated: notCalibrated,
        calibrate_ms_median: median(calibrateMs),
      }
    : profile
      ? { mode: 'profile', profile: options.profile }
      : undefined;
  const report = {
    ...plain.report(),
    ...(calibrated ? { calibrated: calibrated.report() } : {}),
    ...(calibration ? { calibration } : {}),
    reader: options.noRead ? 'none (--no-read)' : (recogniser.reader.meta.name ?? 'card-reader'),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  if (calibrated) process.stdout.write(compared(plain, calibrated, calibration as { profile: string; frames_calibrated: number; calibrate_ms_median: number }));
  else {
    if (profile) process.stdout.write(`calibrated with ${options.profile} (${profile.source}, tilt ${profile.tiltDeg} degrees)\n`);
    process.stdout.write(readable(report, plain.all, plain.byGame, plain.confusions, plain.worst(), plain.failures()));
  }
  if (options.json) writeFileSync(options.json, `${JSON.stringify(report, null, 1)}\n`);
  return 0;
}

/** The side-by-side table: the same frames without and with calibration. */
function compared(plain: Run, calibrated: Run, about: { profile: string; frames_calibrated: number; calibrate_ms_median: number }): string {
  const lines: string[] = [];
  const cell = (a: unknown, b: unknown): string => `${pct(a).padStart(7)} ${pct(b).padStart(7)}`;
  lines.push(`without and with calibration (profile: ${about.profile}; ${about.frames_calibrated} of ${plain.all.frames} frames calibrated${about.calibrate_ms_median ? `, ${about.calibrate_ms_median} ms each to calibrate` : ''})`);
  lines.push(`${''.padEnd(18)}${''.padStart(6)}${''.padStart(7)}  ${'recall'.padStart(15)}  ${'identity'.padStart(15)}  ${'grid position'.padStart(15)}  ${'ms a frame'.padStart(15)}`);
  lines.push(`${'games'.padEnd(18)}${'frames'.padStart(6)}${'cards'.padStart(7)}  ${'without'.padStart(7)} ${'with'.padStart(7)}  ${'without'.padStart(7)} ${'with'.padStart(7)}  ${'without'.padStart(7)} ${'with'.padStart(7)}  ${'without'.padStart(7)} ${'with'.padStart(7)}`);
  const row = (label: string, a: Record<string, unknown>, b: Record<string, unknown>): string =>
    `${label.padEnd(18)}${String(a.frames).padStart(6)}${String(a.cards_truth).padStart(7)}  ${cell(a.card_recall, b.card_recall)}  ${cell(a.identity_accuracy, b.identity_accuracy)}  ${cell(a.position_accuracy, b.position_accuracy)}  ${String(a.ms_per_frame_median).padStart(7)} ${String(b.ms_per_frame_median).padStart(7)}`;
  for (const [game, t] of plain.byGame) lines.push(row(game, figures(t), figures(calibrated.byGame.get(game)!)));
  lines.push(row('all', figures(plain.all), figures(calibrated.all)));
  const a = figures(plain.all);
  const b = figures(calibrated.all);
  lines.push('', `precision ${pct(a.card_precision)} -> ${pct(b.card_precision)}; colour ${pct(a.colour_accuracy)} -> ${pct(b.colour_accuracy)}, number ${pct(a.number_accuracy)} -> ${pct(b.number_accuracy)}, shape ${pct(a.shape_accuracy)} -> ${pct(b.shape_accuracy)}; read wrongly at confidence >= 0.9: ${a.wrong_identity_at_0_9} -> ${b.wrong_identity_at_0_9}`);
  for (const [title, run] of [['without calibration', plain], ['with calibration', calibrated]] as const) {
    const worst = run.worst();
    if (worst.length === 0) continue;
    lines.push('', `worst frames ${title} (missed / wrong identity / wrong cell / extra of cards in sight):`);
    for (const f of worst.slice(0, 6)) lines.push(`  ${join(f.fixture, f.image).padEnd(50)} ${f.missed}/${f.wrongIdentity}/${f.wrongPosition}/${f.extra} of ${f.truth}`);
  }
  return `${lines.join('\n')}\n`;
}

const pct = (v: unknown): string => (typeof v === 'number' ? `${(v * 100).toFixed(1)}%` : '  -  ');

function readable(report: Record<string, unknown>, all: Tally, byGame: Map<string, Tally>, confusions: Record<string, Confusion>, worst: readonly FrameScore[], failures: readonly CardFailure[]): string {
  const lines: string[] = [];
  const row = (label: string, f: Record<string, unknown>): string =>
    `${label.padEnd(18)}${String(f.frames).padStart(6)}${String(f.cards_truth).padStart(7)}${String(f.cards_hidden).padStart(7)}  ${pct(f.card_recall).padStart(7)} ${pct(f.card_recall_all).padStart(7)} ${pct(f.card_precision).padStart(7)}  ${pct(f.identity_accuracy).padStart(7)} ${pct(f.identity_accuracy_all).padStart(7)}  ${pct(f.position_accuracy).padStart(7)}  ${String(f.wrong_identity_at_0_9).padStart(5)}  ${String(f.ms_per_frame_median).padStart(7)}`;
  lines.push(`${'games'.padEnd(18)}${'frames'.padStart(6)}${'cards'.padStart(7)}${'hidden'.padStart(7)}  ${'recall'.padStart(7)} ${'(all)'.padStart(7)} ${'precis.'.padStart(7)}  ${'ident.'.padStart(7)} ${'(all)'.padStart(7)}  ${'grid'.padStart(7)}  ${'wr.9'.padStart(5)}  ${'ms'.padStart(7)}`);
  for (const [game, t] of byGame) lines.push(row(game, figures(t)));
  lines.push(row('all', figures(all)));
  const s = report.stage_ms_median as Record<string, number>;
  lines.push('', `number ${pct(report.number_accuracy)}, shape ${pct(report.shape_accuracy)}, colour ${pct(report.colour_accuracy)}; median stage times: detect ${s.detect} ms, read ${s.read} ms, grid ${s.grid} ms`);
  lines.push(`cards in sight read wrongly at confidence >= 0.9: ${all.wrongSure} (of them partly covered: ${all.wrongSureOccluded}; partly covered cards matched: ${all.occludedMatched})`);
  for (const [name, c] of Object.entries(confusions)) {
    if (!c.counts.some((r) => r.some((v) => v > 0))) continue;
    if (name === 'stacks') {
      const errors = c.labels.flatMap((truth, t) => c.counts[t]!.map((n, r) => ({ truth, read: r < c.labels.length ? c.labels[r]! : 'unknown', n })).filter((e) => e.n > 0 && e.read !== truth));
      lines.push('', `stacks cards read wrongly (truth -> read x count): ${errors.length ? errors.map((e) => `${e.truth}->${e.read} x${e.n}`).join(', ') : 'none'}`);
      continue;
    }
    lines.push('', `${name} (rows truth, columns read):`);
    const width = Math.max(8, ...c.labels.map((l) => l.length + 1));
    lines.push(`${''.padEnd(width)}${[...c.labels, 'unknown'].map((l) => l.padStart(width)).join('')}`);
    c.labels.forEach((l, t) => lines.push(`${l.padEnd(width)}${c.counts[t]!.map((v) => String(v).padStart(width)).join('')}`));
  }
  if (failures.length) lines.push('', ...failuresBySight(failures));
  const v = report.verify_verdicts as Run['verdicts'];
  const said = (t: { legal: number; illegal: number; none: number }): string => `${t.legal} legal, ${t.illegal} illegal, ${t.none} no verdict`;
  if (v.legal.legal + v.legal.illegal + v.legal.none + v.illegal.legal + v.illegal.illegal + v.illegal.none > 0) {
    lines.push('', `verify's verdicts (Progression and Shift photos): on legal tables ${said(v.legal)}; on illegal tables ${said(v.illegal)}`);
  }
  if (worst.length) {
    lines.push('', 'worst frames (missed / wrong identity / wrong cell / extra of cards in sight):');
    for (const f of worst) lines.push(`  ${join(f.fixture, f.image).padEnd(50)} ${f.missed}/${f.wrongIdentity}/${f.wrongPosition}/${f.extra} of ${f.truth}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The failures (cards in sight) counted by how much of the face was in sight and what became of them; --json lists each. */
function failuresBySight(failures: readonly CardFailure[]): string[] {
  const bands = [
    { label: 'under 0.6', holds: (v: number) => v < 0.6 },
    { label: '0.6 to 0.8', holds: (v: number) => v >= 0.6 && v < 0.8 },
    { label: '0.8 or more', holds: (v: number) => v >= 0.8 },
  ];
  const kinds = [
    { label: 'not found', holds: (f: CardFailure) => !f.found },
    { label: 'unknown', holds: (f: CardFailure) => f.found && f.read === null },
    { label: 'named wrong', holds: (f: CardFailure) => f.read !== null },
  ];
  const lines = [`failures by share of the face in sight (${failures.length} cards; --json lists each):`, `${'in sight'.padEnd(14)}${kinds.map((k) => k.label.padStart(13)).join('')}`];
  for (const band of bands) {
    const inBand = failures.filter((f) => band.holds(f.visible));
    lines.push(`${band.label.padEnd(14)}${kinds.map((k) => String(inBand.filter(k.holds).length).padStart(13)).join('')}`);
  }
  return lines;
}
