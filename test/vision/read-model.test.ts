import { describe, expect, it } from 'vitest';
import { CORNER_SIZE, FEATURE_SIZE } from '../../src/vision/read/features.js';
import { OUTPUTS } from '../../src/vision/read/heads.js';
import { createCardReader } from '../../src/vision/read/index.js';
import { loadModel, ModelMissingError } from '../../src/vision/read/model.js';
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

  it('names the missing files instead of fetching anything when the model is absent', async () => {
    await expect(loadModel('/nonexistent/card-reader')).rejects.toThrow(ModelMissingError);
    await expect(createCardReader({ modelDir: '/nonexistent/card-reader' })).rejects.toThrow(/card reader model missing: expected \/nonexistent\/card-reader\/model.json/);
  });
});
