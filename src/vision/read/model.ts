// The card reader's network, loaded and run: a small dense net over the card's features with one
// output row cut into heads (src/training/reader-model.ts builds and saves it). Weights live under
// models/ as layers JSON plus float16 weights, loaded from disk.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { CORNER_AT, CORNER_SIZE, FEATURE_SIZE } from './features.js';
import { modelPath } from '../models.js';

/** The model's name and its files in its folder. */
export const MODEL_NAME = 'card-reader';
export const MODEL_FILE = 'model.json';
export const WEIGHTS_FILE = 'weights.bin';

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
  return modelFromFiles(JSON.parse(readFileSync(jsonPath, 'utf8')) as SavedModelJson, readFileSync(binPath));
}

/** model.json as the trainer writes it. */
export interface SavedModelJson {
  readonly format: string;
  readonly generatedBy: string;
  readonly convertedBy: string;
  readonly modelTopology: object;
  readonly weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }>;
  readonly userDefinedMetadata?: Record<string, unknown>;
}

/** A model from its two files' contents (from disk, or carried inside an enrolled deck). */
export async function modelFromFiles(json: SavedModelJson, weights: Uint8Array): Promise<LoadedModel> {
  await useWasmBackend();
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer;
  const specs = json.weightsManifest.flatMap((m) => m.weights);
  const model = await tf.loadLayersModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: specs, weightData }));
  return { model, meta: json.userDefinedMetadata ?? {} };
}

export { tf };
