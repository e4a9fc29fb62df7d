import { describe, expect, it } from 'vitest';
import { CORNER_SIZE, FEATURE_SIZE } from '../../src/vision/read/features.js';
import { OUTPUTS } from '../../src/vision/read/heads.js';
import { createCardReader } from '../../src/vision/read/index.js';
import { inference, loadModel, ModelMissingError, modelInputs, tf, useWasmBackend } from '../../src/vision/read/model.js';
import { buildModel } from '../../src/training/reader-model.js';
import { MODEL_DIR, MUST_HAVE_MODEL } from './read-helpers.js';

describe('the committed card reader model', () => {
  it.skipIf(!MUST_HAVE_MODEL)('loads from models/ and maps the reader features to every head', async () => {
    const { model, meta } = await loadModel(MODEL_DIR);
    expect(model.inputs[0]!.shape).toEqual([null, FEATURE_SIZE]);
    expect(model.inputs[1]!.shape).toEqual([null, CORNER_SIZE]);
    expect(model.outputs[0]!.shape).toEqual([null, OUTPUTS]);
    expect(meta.trainedBy).toBe('seqref train');
    // Trained on rendered frames under its own seed, never the fixtures' seed.
    expect(meta.seed).not.toBe(20260601);
    const parameters = model.countParams();
    expect(parameters * 2).toBeLessThan(1024 * 1024);
    model.dispose();
  });

  it.skipIf(!MUST_HAVE_MODEL)('is read with the same bits as model.predict, without tf.layers', async () => {
    const { model } = await loadModel(MODEL_DIR);
    expectSameOutputs(model, 7);
    model.dispose();
  });

  it('reads any net the trainer builds with the same bits, and refuses a layer it does not know', async () => {
    await useWasmBackend();
    const other = buildModel({ hidden: [24, 12, 8], dropout: 0.1, index: 6 }, 5);
    expectSameOutputs(other, 3);
    other.dispose();
    const input = tf.input({ shape: [4] });
    const tanh = tf.model({ inputs: input, outputs: tf.layers.dense({ units: 2, activation: 'tanh', name: 'squash' }).apply(input) as tf.SymbolicTensor });
    expect(() => inference(tanh)).toThrow('card reader layer squash: activation tanh not supported for reading');
    tanh.dispose();
  });

  it('names the missing files instead of fetching anything when the model is absent', async () => {
    await expect(loadModel('/nonexistent/card-reader')).rejects.toThrow(ModelMissingError);
    await expect(createCardReader({ modelDir: '/nonexistent/card-reader' })).rejects.toThrow(/card reader model missing: expected \/nonexistent\/card-reader\/model.json/);
  });
});

/** Rows of varied features through both paths: every output float must be the same. */
function expectSameOutputs(model: tf.LayersModel, rows: number): void {
  const x = new Float32Array(rows * FEATURE_SIZE);
  for (let i = 0; i < x.length; i++) x[i] = (Math.sin(i * 12.9898) * 43758.5453) % 1;
  const expected = tf.tidy(() => (model.predict(modelInputs(x, rows)) as tf.Tensor).dataSync());
  const forward = inference(model);
  const actual = tf.tidy(() => forward(modelInputs(x, rows)).dataSync());
  expect(actual.length).toBe(rows * OUTPUTS);
  expect(Array.from(actual)).toEqual(Array.from(expected));
}
