// The card reader's network: a small dense net over the card's features with one output row cut into
// heads. Dense, as the features already do the looking and dense layers train on TF.js's wasm backend.
// Weights live under models/ as layers JSON plus float16 weights, loaded from disk.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { CORNER_AT, CORNER_SIZE, FEATURE_SIZE } from './features.js';
import { INDEX_OUTPUTS, OUTPUTS } from './heads.js';
import { modelPath } from '../models.js';

/** The model's name and its files in its folder. */
export const MODEL_NAME = 'card-reader';
export const MODEL_FILE = 'model.json';
export const WEIGHTS_FILE = 'weights.bin';

/** The network's layer sizes. */
export interface ModelShape {
  readonly hidden: readonly number[];
  readonly dropout: number;
  /** Units of the index reader. */
  readonly index: number;
}

/** The shape the committed model is trained with. */
export const DEFAULT_SHAPE: ModelShape = { hidden: [160, 96], dropout: 0.15, index: 48 };

let backendReady: Promise<void> | undefined;

/** Starts TF.js on its WebAssembly backend, far faster than the CPU one; its files come from disk. */
export function useWasmBackend(): Promise<void> {
  backendReady ??= (async () => {
    const require = createRequire(import.meta.url);
    setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'))}/dist/`);
    if (!(await tf.setBackend('wasm'))) throw new Error('TF.js could not start its wasm backend');
    await tf.ready();
  })();
  return backendReady;
}

/**
 * The network: an index reader over the corner crops with its own heads, and a trunk over all the
 * features that also sees the index reader's units. Outputs the main heads, then the index heads.
 */
export function buildModel(shape: ModelShape = DEFAULT_SHAPE, seed = 1): tf.LayersModel {
  const input = tf.input({ shape: [FEATURE_SIZE], name: 'features' });
  const corners = tf.input({ shape: [CORNER_SIZE], name: 'corners' });
  const index = tf.layers.dense({ units: shape.index, activation: 'relu', name: 'index0', kernelInitializer: tf.initializers.heNormal({ seed: seed + 70 }) }).apply(corners) as tf.SymbolicTensor;
  const indexHeads = tf.layers.dense({ units: INDEX_OUTPUTS, name: 'indexHeads', kernelInitializer: tf.initializers.glorotNormal({ seed: seed + 71 }) }).apply(index) as tf.SymbolicTensor;
  let x: tf.SymbolicTensor = input;
  shape.hidden.forEach((units, i) => {
    if (i === shape.hidden.length - 1) x = tf.layers.concatenate({ name: 'withIndex' }).apply([x, index]) as tf.SymbolicTensor;
    x = tf.layers.dense({ units, activation: 'relu', name: `hidden${i}`, kernelInitializer: tf.initializers.heNormal({ seed: seed + i }) }).apply(x) as tf.SymbolicTensor;
    // Active in training only: no unit may carry a card alone, so a covered patch costs little.
    if (i === 0 && shape.dropout > 0) x = tf.layers.dropout({ rate: shape.dropout, seed: seed + 50, name: 'dropout0' }).apply(x) as tf.SymbolicTensor;
  });
  const heads = tf.layers.dense({ units: OUTPUTS - INDEX_OUTPUTS, name: 'heads', kernelInitializer: tf.initializers.glorotNormal({ seed: seed + 99 }) }).apply(x) as tf.SymbolicTensor;
  const out = tf.layers.concatenate({ name: 'allHeads' }).apply([heads, indexHeads]) as tf.SymbolicTensor;
  return tf.model({ inputs: [input, corners], outputs: out, name: MODEL_NAME });
}

/** The network's two inputs for `rows` feature rows: all the features, and their corner crops. */
export function modelInputs(features: Float32Array, rows: number): [tf.Tensor2D, tf.Tensor2D] {
  const corners = new Float32Array(rows * CORNER_SIZE);
  for (let r = 0; r < rows; r++) corners.set(features.subarray(r * FEATURE_SIZE + CORNER_AT, r * FEATURE_SIZE + CORNER_AT + CORNER_SIZE), r * CORNER_SIZE);
  return [tf.tensor2d(features, [rows, FEATURE_SIZE]), tf.tensor2d(corners, [rows, CORNER_SIZE])];
}

/**
 * The network as a plain function for reading: each layer's kernel in order, the same bits as
 * model.predict without tf.layers' per-call overhead. Any layer kind the reader does not use is an error.
 */
export function inference(model: tf.LayersModel): (inputs: readonly tf.Tensor2D[]) => tf.Tensor2D {
  interface Step {
    readonly name: string;
    readonly from: readonly string[];
    run(xs: tf.Tensor2D[]): tf.Tensor2D;
  }
  const steps = model.layers.map((layer): Step => {
    const from = layer.inboundNodes[0]!.inboundLayers.map((l) => l.name);
    const kind = layer.getClassName();
    if (kind === 'Dense') {
      const [kernel, bias] = layer.getWeights() as [tf.Tensor2D, tf.Tensor1D];
      const activation = (layer.getConfig().activation as string | undefined) ?? 'linear';
      if (activation !== 'relu' && activation !== 'linear') throw new Error(`card reader layer ${layer.name}: activation ${activation} not supported for reading`);
      return { name: layer.name, from, run: ([x]) => tf.fused.matMul({ a: x!, b: kernel, bias, activation }) as tf.Tensor2D };
    }
    if (kind === 'Concatenate') return { name: layer.name, from, run: (xs) => tf.concat(xs, -1) };
    // Dropout is the identity when reading; an input is looked up below.
    if (kind === 'Dropout' || kind === 'InputLayer') return { name: layer.name, from, run: ([x]) => x! };
    throw new Error(`card reader layer ${layer.name}: ${kind} not supported for reading`);
  });
  const output = model.outputLayers[0]!.name;
  return (inputs) => {
    const values = new Map<string, tf.Tensor2D>(model.inputLayers.map((layer, i) => [layer.name, inputs[i]!]));
    for (const step of steps) if (!values.has(step.name)) values.set(step.name, step.run(step.from.map((name) => values.get(name)!)));
    return values.get(output)!;
  };
}

/** The committed model's folder: models/card-reader at the repository's root. */
export function defaultModelDir(): string {
  return modelPath(MODEL_NAME);
}

// float32 -> IEEE half (round to nearest), for weights half the size; TF.js decodes float16 itself.
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function toHalf(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exponent = ((x >>> 23) & 0xff) - 127 + 15;
  const mantissa = x & 0x7fffff;
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    const m = (mantissa | 0x800000) >>> (1 - exponent);
    return sign | ((m + 0x1000) >>> 13);
  }
  if (exponent >= 31) return sign | 0x7c00;
  const rounded = (exponent << 10) | (mantissa >>> 13);
  return sign | (rounded + ((mantissa >>> 12) & 1));
}

/** The size of a saved model. */
export interface SavedModelInfo {
  readonly bytes: number;
  readonly parameters: number;
}

/** Writes model.json and weights.bin (float16) into `dir`. `meta` goes into model.json's userDefinedMetadata. */
export async function saveModel(model: tf.LayersModel, dir: string, meta: Record<string, unknown> = {}): Promise<SavedModelInfo> {
  mkdirSync(dir, { recursive: true });
  const weights = model.getWeights();
  const specs: tf.io.WeightsManifestEntry[] = [];
  const chunks: Uint16Array[] = [];
  let parameters = 0;
  model.weights.forEach((w, i) => {
    const values = weights[i]!.dataSync() as Float32Array;
    const half = new Uint16Array(values.length);
    for (let k = 0; k < values.length; k++) half[k] = toHalf(values[k]!);
    chunks.push(half);
    parameters += values.length;
    specs.push({ name: w.originalName, shape: w.shape as number[], dtype: 'float32', quantization: { dtype: 'float16' } });
  });
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const bin = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    bin.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), offset);
    offset += c.byteLength;
  }
  const topology = model.toJSON(null, false) as object;
  const json = {
    format: 'layers-model',
    generatedBy: `TensorFlow.js tfjs-layers v${tf.version['tfjs-layers']}`,
    convertedBy: 'seqref train',
    modelTopology: topology,
    weightsManifest: [{ paths: [WEIGHTS_FILE], weights: specs }],
    userDefinedMetadata: meta,
  };
  writeFileSync(join(dir, WEIGHTS_FILE), bin);
  writeFileSync(join(dir, MODEL_FILE), `${JSON.stringify(json)}\n`);
  return { bytes: bin.byteLength + Buffer.byteLength(JSON.stringify(json)), parameters };
}

/** No model files where the reader looked. */
export class ModelMissingError extends Error {}

/** A loaded model and its metadata. */
export interface LoadedModel {
  readonly model: tf.LayersModel;
  readonly meta: Record<string, unknown>;
}

/** Loads the model from disk through an in-memory IOHandler, with no fetch. */
export async function loadModel(dir: string = defaultModelDir()): Promise<LoadedModel> {
  const jsonPath = join(dir, MODEL_FILE);
  const binPath = join(dir, WEIGHTS_FILE);
  if (!existsSync(jsonPath) || !existsSync(binPath)) {
    throw new ModelMissingError(`card reader model missing: expected ${jsonPath} and ${binPath} (run npm run train)`);
  }
  await useWasmBackend();
  const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as { modelTopology: object; weightsManifest: Array<{ weights: tf.io.WeightsManifestEntry[] }>; userDefinedMetadata?: Record<string, unknown> };
  const bin = readFileSync(binPath);
  const weightData = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength);
  const specs = json.weightsManifest.flatMap((m) => m.weights);
  const model = await tf.loadLayersModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: specs, weightData }));
  return { model, meta: json.userDefinedMetadata ?? {} };
}

export { tf };
