// How well the reader reads fixture cards cut by their TRUTH corners: the reading stage measured on
// its own (detection and grid are measured end to end by `seqref eval`). For development on
// fixtures/dev and for reporting on fixtures/heldout; nothing here feeds training.
import { dirname, join } from 'node:path';
import { isTicCard, ticCard } from '../cards/tic.js';
import { readFixture } from '../render/fixture-io.js';
import { seededRandom } from '../rules/random.js';
import { loadImage, type RgbaImage } from '../vision/image.js';
import { openCv } from '../vision/opencv.js';
import { rectifyMat, toMat } from '../vision/rectify.js';
import type { CardReading } from '../vision/types.js';
import type { CardReader, ReadDeck } from '../vision/read/index.js';
import { jitterQuad, toQuad, turnQuad } from './samples.js';

export interface CutCard {
  readonly truth: string;
  readonly deck: ReadDeck;
  readonly visible: number;
  readonly hidden: boolean;
  readonly turned: boolean;
  /** Another card of its pile lies on it (Stacks): its truth quad shows mostly the card above. */
  readonly under: boolean;
  readonly image: RgbaImage;
  readonly where: string;
}

export interface CutOptions {
  /** Corner jitter in pixels (seeded), 0 for the exact truth corners. */
  readonly jitterPx?: number;
  /** Cut every card turned 180 degrees. */
  readonly turned?: boolean;
  /** Keep cards more than half hidden (default true; they are scored apart). */
  readonly includeHidden?: boolean;
  readonly seed?: number;
  /** At most this many frames a fixture (for quick tests). */
  readonly maxFrames?: number;
}

/** Cards of every frame of the fixtures (fixture.json paths or folders), cut by their truth corners. */
export async function cutFixtureCards(fixtures: readonly string[], options: CutOptions = {}): Promise<CutCard[]> {
  const cv = await openCv();
  const random = seededRandom(options.seed ?? 1);
  const out: CutCard[] = [];
  for (const path of fixtures) {
    const fixture = readFixture(path);
    const dir = path.endsWith('.json') ? dirname(path) : path;
    const deck: ReadDeck = fixture.game === 'sequence-stacks' ? 'stacks' : 'tic';
    if (fixture.game === 'sequence') continue;
    for (const frame of fixture.frames.slice(0, options.maxFrames ?? Infinity)) {
      const image = await loadImage(join(dir, frame.image));
      const mat = toMat(cv, image);
      try {
        for (const [k, card] of frame.cards.entries()) {
          const hidden = card.hidden === true;
          // Piles are listed bottom card first.
          const under = frame.cards.slice(k + 1).some((c) => c.row === card.row && c.col === card.col);
          if (hidden && options.includeHidden === false) continue;
          let quad = toQuad(card.corners);
          if (options.jitterPx) quad = jitterQuad(quad, options.jitterPx, random);
          if (options.turned) quad = turnQuad(quad, 2);
          out.push({ truth: card.card, deck, visible: card.visible ?? 1, hidden, under, turned: options.turned === true, image: rectifyMat(cv, mat, quad), where: `${join(dir, frame.image)} ${card.card}` });
        }
      } finally {
        mat.delete();
      }
    }
  }
  return out;
}

export interface Tally {
  right: number;
  total: number;
}

export interface ReadScore {
  /** Cards not more than half hidden. */
  readonly cards: number;
  readonly identity: Tally;
  /** Identity on cards wholly in sight (visible 1), and on cards partly covered (visible 0.5 to 1). */
  readonly clear: Tally;
  readonly partial: Tally;
  readonly number: Tally;
  readonly shape: Tally;
  readonly colour: Tally;
  readonly stacks: Tally;
  /** Named (not unknown) among the visible cards, and wrong among those named. */
  readonly named: number;
  readonly wrongNamed: number;
  /** Wrong identity at confidence >= 0.9: among all cards, among partly covered (visible < 1) and hidden ones. */
  readonly wrongConfident: number;
  readonly wrongConfidentCovered: number;
  readonly hidden: number;
  readonly hiddenNamed: number;
  /** Cards under another card of their pile: not scored (a reader sees the card on top). */
  readonly under: number;
  /** Cards whose way up can be told (not TIC circles and squares) read the right way up. */
  readonly orientation: Tally;
  /** Per TIC property, confusion[truth][read] (read index 5 = unknown). */
  readonly confusion: Record<'number' | 'shape' | 'colour', number[][]>;
  readonly failures: string[];
}

const tally = (): Tally => ({ right: 0, total: 0 });
const count = (t: Tally, ok: boolean): void => {
  t.total++;
  if (ok) t.right++;
};

export function scoreReadings(cards: readonly CutCard[], readings: readonly CardReading[]): ReadScore {
  const score = {
    cards: 0,
    identity: tally(),
    clear: tally(),
    partial: tally(),
    number: tally(),
    shape: tally(),
    colour: tally(),
    stacks: tally(),
    named: 0,
    wrongNamed: 0,
    wrongConfident: 0,
    wrongConfidentCovered: 0,
    hidden: 0,
    hiddenNamed: 0,
    under: 0,
    orientation: tally(),
    confusion: {
      number: Array.from({ length: 5 }, () => new Array<number>(6).fill(0)),
      shape: Array.from({ length: 5 }, () => new Array<number>(6).fill(0)),
      colour: Array.from({ length: 5 }, () => new Array<number>(6).fill(0)),
    },
    failures: [] as string[],
  };
  const NUMBERS = [1, 2, 3, 4, 5];
  const SHAPES = ['circle', 'crescent', 'triangle', 'square', 'star'];
  const COLOURS = ['violet', 'cyan', 'yellow', 'orange', 'red'];
  cards.forEach((card, i) => {
    const reading = readings[i]!;
    if (card.under) {
      score.under++;
      return;
    }
    const wrong = reading.card !== null && reading.card !== card.truth;
    if (wrong && reading.confidence >= 0.9) {
      score.wrongConfident++;
      if (card.visible < 1) score.wrongConfidentCovered++;
    }
    if (card.hidden) {
      score.hidden++;
      if (reading.card !== null) score.hiddenNamed++;
      return;
    }
    score.cards++;
    const right = reading.card === card.truth;
    count(score.identity, right);
    count(card.visible >= 1 ? score.clear : score.partial, right);
    if (reading.card !== null) {
      score.named++;
      if (wrong) score.wrongNamed++;
    }
    if (!right) score.failures.push(`${card.where}${card.turned ? ' (turned)' : ''}: read ${reading.card ?? 'unknown'} at ${reading.confidence.toFixed(3)}, visible ${card.visible}`);
    if (isTicCard(card.truth)) {
      const t = ticCard(card.truth);
      const props = [
        ['number', NUMBERS.indexOf(t.number), NUMBERS.indexOf(reading.number?.value ?? -1)],
        ['shape', SHAPES.indexOf(t.shape), SHAPES.indexOf(reading.shape?.value ?? '')],
        ['colour', COLOURS.indexOf(t.colour), COLOURS.indexOf(reading.colour?.value ?? '')],
      ] as const;
      for (const [name, truth, read] of props) {
        count(score[name], truth === read);
        score.confusion[name][truth]![read < 0 ? 5 : read]!++;
      }
      if (t.shape !== 'circle' && t.shape !== 'square' && right) count(score.orientation, reading.upsideDown === card.turned);
    } else {
      count(score.stacks, right);
      if (right) count(score.orientation, reading.upsideDown === card.turned);
    }
  });
  return score;
}

/** Reads the cut cards in frame-sized batches and scores them. */
export function readAndScore(reader: CardReader, cards: readonly CutCard[]): { score: ReadScore; readings: CardReading[] } {
  const readings: CardReading[] = [];
  for (let i = 0; i < cards.length; i += 32) {
    const batch = cards.slice(i, i + 32);
    // A batch holds one deck at a time, as a frame does.
    for (const deck of ['tic', 'stacks'] as const) {
      const idx = batch.map((c, k) => (c.deck === deck ? k : -1)).filter((k) => k >= 0);
      if (idx.length === 0) continue;
      const read = reader.read(idx.map((k) => batch[k]!.image), deck);
      idx.forEach((k, j) => (readings[i + k] = read[j]!));
    }
  }
  return { score: scoreReadings(cards, readings), readings };
}

const pct = (t: Tally): string => (t.total === 0 ? 'n/a' : `${((100 * t.right) / t.total).toFixed(2)}% (${t.right}/${t.total})`);

export function formatScore(score: ReadScore, label: string): string {
  const lines = [
    `${label}: ${score.cards} cards in sight (${score.hidden} more than half hidden, scored apart; ${score.under} under another card of their pile, not scored)`,
    `  identity ${pct(score.identity)}: wholly in sight ${pct(score.clear)}, partly covered ${pct(score.partial)}`,
    `  TIC number ${pct(score.number)}, shape ${pct(score.shape)}, colour ${pct(score.colour)}; Stacks ${pct(score.stacks)}`,
    `  named ${score.named}, wrong among named ${score.wrongNamed}; way up ${pct(score.orientation)}`,
    `  wrong identity at confidence >= 0.9: ${score.wrongConfident} (${score.wrongConfidentCovered} of them partly covered); hidden cards named: ${score.hiddenNamed}/${score.hidden}`,
  ];
  for (const name of ['number', 'shape', 'colour'] as const) {
    const rows = score.confusion[name].map((row) => row.map((n) => String(n).padStart(4)).join(''));
    lines.push(`  ${name} confusion (rows truth, columns read, last unknown):`, ...rows.map((r) => `   ${r}`));
  }
  return lines.join('\n');
}

/** Cuts, reads and scores every card of the fixtures; returns the printable report. */
export async function evaluateFixtures(fixtures: readonly string[], options: CutOptions & { modelDir?: string; progress?: (line: string) => void } = {}): Promise<string> {
  const { createCardReader } = await import('../vision/read/index.js');
  const reader = await createCardReader(options.modelDir ? { modelDir: options.modelDir } : {});
  const parts: string[] = [];
  const all: CutCard[] = [];
  const allReadings: CardReading[] = [];
  for (const fixture of fixtures) {
    options.progress?.(`reading ${fixture}`);
    const cards = await cutFixtureCards([fixture], options);
    const { score, readings } = readAndScore(reader, cards);
    all.push(...cards);
    allReadings.push(...readings);
    parts.push(formatScore(score, fixture).split('\n').slice(0, 5).join('\n'));
  }
  const total = scoreReadings(all, allReadings);
  reader.dispose();
  const failures = total.failures.length ? `\nmisread or unknown:\n${total.failures.map((f) => `  ${f}`).join('\n')}` : '';
  return `${parts.join('\n')}\n\n${formatScore(total, `all ${fixtures.length} fixtures${options.jitterPx ? `, corners jittered ${options.jitterPx} px` : ''}${options.turned ? ', cut turned 180' : ''}`)}${failures}`;
}
