// The score that judges the scan's hits: fitted trees separate what they are shown, the recogniser
// refuses a model made for other features, and the training command refuses bad runs in one line.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/rules/random.js';
import { fitBoostedTrees, type LabelledHit } from '../../src/training/hit-score.js';
import { committedHitScore, FIRST_LOOK_FEATURES, HIT_FEATURES, hitOdds, hitScoreOf } from '../../src/vision/detect/hit-score.js';
import { seqref } from '../helpers/cli.js';

/** Hits whose label depends on two features together, one of them only past a threshold. */
function hits(n: number, seed: number): LabelledHit[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const x = HIT_FEATURES.map(() => random());
    return { x, card: x[0]! + 0.5 * (x[9]! > 0.6 ? 1 : 0) > 0.9, source: 'synthetic' };
  });
}

describe('the hit score', () => {
  it('fits trees that keep the cards and turn down the rest on hits it was not fitted on', () => {
    const model = fitBoostedTrees(hits(3000, 1));
    const score = hitScoreOf(model);
    const fresh = hits(1000, 2);
    const right = fresh.filter((h) => (hitOdds(score, h.x) >= model.keep) === h.card).length;
    expect(right / fresh.length).toBeGreaterThan(0.97);
    expect(fresh.filter((h) => h.card).length).toBeGreaterThan(200);
  });

  it('refuses a model made for other features, naming the fix', () => {
    const model = fitBoostedTrees(hits(200, 3));
    expect(() => hitScoreOf({ ...model, features: model.features.slice(1) }, 'old.json')).toThrow(/old.json: made for other features.*seqref train --hit-score/);
  });

  it('refuses a model whose first look reads other features', () => {
    const model = fitBoostedTrees(hits(200, 4));
    const firstLook = { features: FIRST_LOOK_FEATURES.slice(1), base: 0, trees: [], drop: 0.1 };
    expect(() => hitScoreOf({ ...model, firstLook }, 'old.json')).toThrow(/old.json: made for other features/);
    expect(hitScoreOf({ ...model, firstLook: { ...firstLook, features: [...FIRST_LOOK_FEATURES] } }).firstLook?.drop).toBe(0.1);
  });

  it('is committed for the features the recogniser measures, with a first look', () => {
    const score = committedHitScore();
    expect(score.trees.length).toBeGreaterThan(10);
    expect(score.keep).toBeGreaterThan(score.tentative);
    expect(score.firstLook?.trees.length).toBeGreaterThan(10);
    // It drops hits, never one it takes for a card more likely than not.
    expect(score.firstLook!.drop).toBeGreaterThan(0);
    expect(score.firstLook!.drop).toBeLessThan(0.5);
  });

  it('is trained by a command that refuses bad runs in one line, exit 2', () => {
    for (const args of [['train', '--hit-score', '--sets', '0'], ['train', '--hit-score', '--seed', '20260600', '--sets', '3'], ['train', '--hit-score', '--scenes', 'many']]) {
      const result = seqref(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
