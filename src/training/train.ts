// Trains the card reader from rendered photographs only: renders (or reuses) the training set,
// cuts its cards by their truth corners with jitter and turns, fits the network with a loss per
// head (each masked to the samples it applies to), and saves the weights under models/.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seededRandom, type Random } from '../rules/random.js';
import { loadImage } from '../vision/image.js';
import { openCv } from '../vision/opencv.js';
import { toMat } from '../vision/rectify.js';
import { FEATURE_SIZE } from '../vision/read/features.js';
import { HEADS, OUTPUTS, type Head } from '../vision/read/heads.js';
import { modelInputs, tf, useWasmBackend } from '../vision/read/model.js';
import { buildModel, DEFAULT_SHAPE, saveModel, type ModelShape, type SavedModelInfo } from './reader-model.js';
import { renderTrainingSet, type TrainingFrame } from './render-set.js';
import { cutFrame, GROUPS, SampleStore, type CutOptions } from './samples.js';

export interface TrainOptions {
  /** Where the rendered training photographs are kept (reused when the seed matches). */
  readonly dataDir: string;
  readonly frames: number;
  readonly seed: number;
  readonly epochs: number;
  /** Where the model is written. */
  readonly out: string;
  readonly shape?: ModelShape;
  readonly cut?: Partial<CutOptions>;
  readonly batchSize?: number;
  readonly learningRate?: number;
  /** Share of frames kept out of training to measure it (rendered, never fixtures). */
  readonly validationShare?: number;
  /** Worker threads the photographs render in (default one a core). */
  readonly workers?: number;
  readonly progress?: (line: string) => void;
}

export interface TrainReport {
  readonly samples: number;
  readonly validationSamples: number;
  readonly seconds: { render: number; cut: number; fit: number };
  readonly validation: Record<string, number>;
  readonly saved: SavedModelInfo;
}

const GROUP_WEIGHT: Record<(typeof GROUPS)[number], number> = { number: 1, shape: 1, colour: 1, stacks: 1, orient: 0.5, card: 1, visible: 0.5, indexNumber: 0.5, indexShape: 0.5 };

async function cutFrames(frames: readonly TrainingFrame[], dataDir: string, random: Random, cut: CutOptions, progress?: (line: string) => void): Promise<SampleStore> {
  const cv = await openCv();
  const store = new SampleStore(frames.length * 60);
  for (const [i, frame] of frames.entries()) {
    const image = await loadImage(join(dataDir, frame.image));
    const mat = toMat(cv, image);
    try {
      cutFrame(cv, mat, image, frame, store, random, cut);
    } finally {
      mat.delete();
    }
    if ((i + 1) % 50 === 0 || i + 1 === frames.length) progress?.(`cut ${i + 1}/${frames.length} frames: ${store.count} samples`);
  }
  return store;
}

/** The masked loss of one batch: each head's cross-entropy over the samples it applies to. */
function batchLoss(logits: tf.Tensor2D, targets: tf.Tensor2D, masks: tf.Tensor2D): tf.Scalar {
  const terms: tf.Scalar[] = [];
  GROUPS.forEach((group, g) => {
    const head: Head = HEADS[group];
    const l = logits.slice([0, head.start], [-1, head.size]);
    const t = targets.slice([0, head.start], [-1, head.size]);
    const m = masks.slice([0, g], [-1, 1]).reshape([-1]);
    const perSample =
      head.kind === 'softmax'
        ? tf.neg(tf.sum(tf.mul(t, tf.logSoftmax(l)), 1))
        : tf.sum(tf.add(tf.sub(tf.relu(l), tf.mul(l, t)), tf.log1p(tf.exp(tf.neg(tf.abs(l))))), 1);
    terms.push(tf.mul(tf.div(tf.sum(tf.mul(perSample, m)), tf.add(tf.sum(m), 1)), GROUP_WEIGHT[group]) as tf.Scalar);
  });
  return tf.addN(terms) as tf.Scalar;
}

function gather(store: SampleStore, order: Int32Array, from: number, to: number): { x: Float32Array; t: Float32Array; m: Float32Array } {
  const n = to - from;
  const x = new Float32Array(n * FEATURE_SIZE);
  const t = new Float32Array(n * OUTPUTS);
  const m = new Float32Array(n * GROUPS.length);
  for (let k = 0; k < n; k++) {
    const i = order[from + k]!;
    x.set(store.features.subarray(i * FEATURE_SIZE, (i + 1) * FEATURE_SIZE), k * FEATURE_SIZE);
    t.set(store.targets.subarray(i * OUTPUTS, (i + 1) * OUTPUTS), k * OUTPUTS);
    m.set(store.masks.subarray(i * GROUPS.length, (i + 1) * GROUPS.length), k * GROUPS.length);
  }
  return { x, t, m };
}

function shuffledOrder(n: number, random: Random): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = order[i]!;
    order[i] = order[j]!;
    order[j] = a;
  }
  return order;
}

function argmax(values: Float32Array, start: number, size: number): number {
  let best = 0;
  for (let k = 1; k < size; k++) if (values[start + k]! > values[start + best]!) best = k;
  return best;
}

/** Per-head accuracy on a store (argmax of logits against argmax of targets, masked). */
export function headAccuracy(model: tf.LayersModel, store: SampleStore): Record<string, number> {
  const right: Record<string, number> = {};
  const total: Record<string, number> = {};
  const order = Int32Array.from({ length: store.count }, (_, i) => i);
  for (let from = 0; from < store.count; from += 512) {
    const to = Math.min(store.count, from + 512);
    const { x, t, m } = gather(store, order, from, to);
    const out = tf.tidy(() => (model.predict(modelInputs(x, to - from)) as tf.Tensor2D).dataSync() as Float32Array);
    for (let k = 0; k < to - from; k++) {
      GROUPS.forEach((group, g) => {
        if (m[k * GROUPS.length + g] === 0) return;
        const head = HEADS[group];
        let ok: boolean;
        if (head.kind === 'sigmoid') {
          if (group === 'visible') return;
          ok = out[k * OUTPUTS + head.start]! > 0 === t[k * OUTPUTS + head.start]! > 0.5;
        } else {
          const target = t.subarray(k * OUTPUTS + head.start, k * OUTPUTS + head.start + head.size);
          if (Math.max(...target) < 0.9) return;
          ok = argmax(out, k * OUTPUTS + head.start, head.size) === argmax(t, k * OUTPUTS + head.start, head.size);
        }
        right[group] = (right[group] ?? 0) + (ok ? 1 : 0);
        total[group] = (total[group] ?? 0) + 1;
      });
    }
  }
  return Object.fromEntries(Object.keys(total).map((k) => [k, right[k]! / total[k]!]));
}

/** Logits of every sample of a store, row by row. */
export function allLogits(model: tf.LayersModel, store: SampleStore): Float32Array {
  const out = new Float32Array(store.count * OUTPUTS);
  const order = Int32Array.from({ length: store.count }, (_, i) => i);
  for (let from = 0; from < store.count; from += 512) {
    const to = Math.min(store.count, from + 512);
    const { x } = gather(store, order, from, to);
    out.set(tf.tidy(() => (model.predict(modelInputs(x, to - from)) as tf.Tensor2D).dataSync() as Float32Array), from * OUTPUTS);
  }
  return out;
}

/**
 * A temperature per softmax head, fitted on rendered frames kept out of training (least negative
 * log-likelihood): a network sure of itself on its training cards is divided down to the odds it
 * actually has on unseen ones.
 */
export function fitTemperatures(model: tf.LayersModel, store: SampleStore): Record<string, number> {
  const logits = allLogits(model, store);
  const temperatures: Record<string, number> = {};
  GROUPS.forEach((group, g) => {
    const head = HEADS[group];
    if (head.kind !== 'softmax') return;
    let best = 1;
    let bestLoss = Infinity;
    for (let t = 0.5; t <= 4.0001; t += 0.05) {
      let loss = 0;
      let n = 0;
      for (let i = 0; i < store.count; i++) {
        if (store.masks[i * GROUPS.length + g] === 0) continue;
        const row = i * OUTPUTS + head.start;
        let max = -Infinity;
        for (let k = 0; k < head.size; k++) max = Math.max(max, logits[row + k]! / t);
        let sum = 0;
        for (let k = 0; k < head.size; k++) sum += Math.exp(logits[row + k]! / t - max);
        const logZ = max + Math.log(sum);
        for (let k = 0; k < head.size; k++) loss -= store.targets[row + k]! * (logits[row + k]! / t - logZ);
        n++;
      }
      if (n > 0 && loss / n < bestLoss) {
        bestLoss = loss / n;
        best = Math.round(t * 100) / 100;
      }
    }
    temperatures[group] = best;
  });
  return temperatures;
}

export async function trainReader(options: TrainOptions): Promise<TrainReport> {
  const progress = options.progress ?? (() => {});
  const random = seededRandom(options.seed ^ 0x7ea1);
  const cut: CutOptions = { cuts: 5, jitterPx: 3, negatives: 6, occludeShare: 0.4, ...options.cut };
  let start = performance.now();
  const set = await renderTrainingSet(options.dataDir, options.frames, options.seed, { progress, workers: options.workers });
  const renderSeconds = (performance.now() - start) / 1000;

  start = performance.now();
  const held = Math.max(1, Math.round(set.frames.length * (options.validationShare ?? 0.08)));
  const trainFrames = set.frames.slice(0, set.frames.length - held);
  const validationFrames = set.frames.slice(set.frames.length - held);
  const store = await cutFrames(trainFrames, options.dataDir, random, cut, progress);
  const validation = await cutFrames(validationFrames, options.dataDir, random, { ...cut, cuts: 2 }, progress);
  const cutSeconds = (performance.now() - start) / 1000;

  await useWasmBackend();
  start = performance.now();
  const model = buildModel(options.shape ?? DEFAULT_SHAPE, options.seed);
  fitReader(model, store, validation, { epochs: options.epochs, learningRate: options.learningRate ?? 1e-3, batchSize: options.batchSize ?? 128, random, progress });
  const fitSeconds = (performance.now() - start) / 1000;
  const finalAccuracy = headAccuracy(model, validation);
  const temperatures = fitTemperatures(model, validation);
  progress(`temperatures fitted on the held-back rendered frames: ${JSON.stringify(temperatures)}`);
  const saved = await saveModel(model, options.out, {
    temperatures,
    trainedBy: 'seqref train',
    seed: options.seed,
    frames: set.frames.length,
    epochs: options.epochs,
    samples: store.count,
    validation: finalAccuracy,
  });
  model.dispose();
  return { samples: store.count, validationSamples: validation.count, seconds: { render: renderSeconds, cut: cutSeconds, fit: fitSeconds }, validation: finalAccuracy, saved };
}

/**
 * Fits the network to the store's samples (Adam, the rate decaying along a cosine to a twentieth),
 * saying each epoch's loss, and every fifth epoch's and the last one's validation accuracy.
 */
export function fitReader(model: tf.LayersModel, store: SampleStore, validation: SampleStore, options: { epochs: number; learningRate: number; batchSize: number; random: Random; progress: (line: string) => void }): void {
  const start = performance.now();
  const optimizer = tf.train.adam(options.learningRate);
  const rate = optimizer as unknown as { learningRate: number };
  const batch = options.batchSize;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    // Cosine decay to a twentieth: big steps first, then settle.
    rate.learningRate = options.learningRate * (0.05 + 0.95 * 0.5 * (1 + Math.cos((Math.PI * epoch) / options.epochs)));
    const order = shuffledOrder(store.count, options.random);
    let lossSum = 0;
    let batches = 0;
    for (let from = 0; from + batch <= store.count; from += batch) {
      const { x, t, m } = gather(store, order, from, from + batch);
      const loss = tf.tidy(() => {
        const xs = modelInputs(x, batch);
        const ts = tf.tensor2d(t, [batch, OUTPUTS]);
        const ms = tf.tensor2d(m, [batch, GROUPS.length]);
        return optimizer.minimize(() => batchLoss(model.apply(xs, { training: true }) as tf.Tensor2D, ts, ms), true) as tf.Scalar;
      });
      lossSum += loss.dataSync()[0]!;
      loss.dispose();
      batches++;
    }
    const accuracy = epoch === options.epochs - 1 || epoch % 5 === 4 ? headAccuracy(model, validation) : null;
    const seconds = ((performance.now() - start) / 1000).toFixed(0);
    options.progress(`epoch ${epoch + 1}/${options.epochs}: loss ${(lossSum / batches).toFixed(4)}${accuracy ? `, validation ${formatAccuracy(accuracy)}` : ''} (${seconds} s)`);
  }
  optimizer.dispose();
}

export function formatAccuracy(accuracy: Record<string, number>): string {
  return Object.entries(accuracy)
    .map(([k, v]) => `${k} ${(100 * v).toFixed(2)}%`)
    .join(', ');
}
