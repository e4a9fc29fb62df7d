// The card reader's network built for training and saved: a small dense net over the card's
// features with one output row cut into heads. Dense, as the features already do the looking and
// dense layers train on TF.js's wasm backend. src/vision/read/model.ts loads and runs it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORNER_SIZE, FEATURE_SIZE } from '../vision/read/features.js';
import { INDEX_OUTPUTS, OUTPUTS } from '../vision/read/heads.js';
import { MODEL_FILE, MODEL_NAME, tf, WEIGHTS_FILE, type SavedModelJson } from '../vision/read/model.js';

/** The network's layer sizes. */
export interface ModelShape {
  readonly hidden: readonly number[];
  readonly dropout: number;
  /** Units of the index reader. */
  readonly index: number;
}

/** The shape the committed model is trained with. */
export const DEFAULT_SHAPE: ModelShape = { hidden: [160, 96], dropout: 0.15, index: 48 };

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

/** The model as the two files of a saved model: model.json's object and weights.bin's float16 bytes. */
export function modelFiles(model: tf.LayersModel, meta: Record<string, unknown> = {}): { json: SavedModelJson; weights: Uint8Array; parameters: number } {
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
  const json: SavedModelJson = {
    format: 'layers-model',
    generatedBy: `TensorFlow.js tfjs-layers v${tf.version['tfjs-layers']}`,
    convertedBy: 'seqref train',
    modelTopology: model.toJSON(null, false) as object,
    weightsManifest: [{ paths: [WEIGHTS_FILE], weights: specs }],
    userDefinedMetadata: meta,
  };
  return { json, weights: bin, parameters };
}

/** Writes model.json and weights.bin (float16) into `dir`. `meta` goes into model.json's userDefinedMetadata. */
export async function saveModel(model: tf.LayersModel, dir: string, meta: Record<string, unknown> = {}): Promise<SavedModelInfo> {
  mkdirSync(dir, { recursive: true });
  const { json, weights, parameters } = modelFiles(model, meta);
  writeFileSync(join(dir, WEIGHTS_FILE), weights);
  writeFileSync(join(dir, MODEL_FILE), `${JSON.stringify(json)}\n`);
  return { bytes: weights.byteLength + Buffer.byteLength(JSON.stringify(json)), parameters };
}
