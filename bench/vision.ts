// The recogniser's speed: a 30-card table (5 rows of 6, Progression/Shift spacing) photographed at
// 1280x720 by the renderer under seeds of this bench's own, recognised again and again; medians
// for the whole frame and for each stage (detect, read, grid).
import { performance } from 'node:perf_hooks';
import { ticDeck } from '../src/cards/tic.js';
import { seededRandom, shuffled } from '../src/rules/random.js';
import { planShot, renderShot } from '../src/render/shot.js';
import { decodeImage, type RgbaImage } from '../src/vision/image.js';
import { openCv } from '../src/vision/opencv.js';
import { createCardReader, type CardReader } from '../src/vision/read/index.js';
import { recogniseWith } from '../src/vision/recognise.js';
import { figures, formatMs, percentile } from './harness.js';

const SEEDS = [91001, 91002, 91003];

async function frames(): Promise<{ image: RgbaImage; cards: number }[]> {
  const out: { image: RgbaImage; cards: number }[] = [];
  for (const [i, seed] of SEEDS.entries()) {
    const deck = shuffled(ticDeck(), seededRandom(seed));
    const placements = Array.from({ length: 30 }, (_, k) => ({ card: deck[k]!, row: Math.floor(k / 6), col: k % 6 }));
    const shot = planShot(i % 2 === 0 ? 'progression' : 'sequence-shift', seed, {
      placements,
      conditions: { width: 1280, height: 720, distractors: [], tiltDeg: 10 + 10 * i },
    });
    const rendered = await renderShot(shot);
    out.push({ image: await decodeImage(rendered.jpeg), cards: rendered.truth.length });
  }
  return out;
}

const blind: CardReader = { read: (cards) => cards.map(() => ({ deck: 'unknown', card: null, confidence: 0 })), meta: {}, threshold: 1, dispose: () => undefined };

export async function run(): Promise<void> {
  const cv = await openCv();
  let reader: CardReader;
  let note = '';
  try {
    reader = await createCardReader();
  } catch (error) {
    reader = blind;
    note = `   (no card reader: ${(error as Error).message.split('\n')[0]}; read time excludes the model)`;
  }
  const shots = await frames();
  const total: number[] = [];
  const detect: number[] = [];
  const read: number[] = [];
  const grid: number[] = [];
  const cpu: number[] = [];
  let found = 0;
  const samples = 40;
  for (let i = 0; i < samples + 5; i++) {
    const shot = shots[i % shots.length]!;
    const start = performance.now();
    const used = process.cpuUsage();
    const r = recogniseWith(cv, reader, shot.image, { game: 'progression' });
    const ms = performance.now() - start;
    const spent = process.cpuUsage(used);
    if (i < 5) continue; // warm-up
    total.push(ms);
    detect.push(r.times.detectMs);
    read.push(r.times.readMs);
    grid.push(r.times.gridMs);
    cpu.push((spent.user + spent.system) / 1000);
    found += r.cards.length;
  }
  for (const list of [total, detect, read, grid, cpu]) list.sort((a, b) => a - b);
  const line = (name: string, times: number[], goal?: string): void => {
    const median = percentile(times, 0.5);
    figures.push({ name, medianMs: median, p99Ms: percentile(times, 0.99), samples: times.length, ...(goal ? { goal } : {}) });
    console.log(`${name.padEnd(64)} median ${formatMs(median)}  p99 ${formatMs(percentile(times, 0.99))}  (n=${times.length})${goal ? `   goal ${goal}` : ''}`);
  };
  line('vision: recognise a 1280x720 frame with 30 cards', total, '<= 33 ms');
  line('vision:   detect (outlines, refined on the full frame)', detect);
  line('vision:   read (rectify, card reader, settle)', read);
  line('vision:   grid (rows and columns)', grid);
  // CPU time too: on a machine shared with other work, wall time alone overstates the cost.
  console.log(`vision: ${(found / samples).toFixed(1)} cards found a frame of ${shots[0]!.cards}; CPU ${formatMs(percentile(cpu, 0.5))} a frame (median)${note}`);
  reader.dispose();
}
