// How many looks a frame costs. A table of one or two cards, each found on its own, leaves no paper
// unaccounted for: the faint looks, which cost as much again each, have nothing left to find there.
import { describe, expect, it } from 'vitest';
import type { DetectDebug } from '../../src/vision/detect/index.js';
import { detect, devFrame, matchTruth } from './detect-helpers.js';

describe('the looks a frame takes', () => {
  for (const index of [2, 9]) {
    it(`reads the few cards of progression-session frame ${index} in one look`, async () => {
      const { image, truth } = await devFrame('progression-session', index);
      const debug: DetectDebug = { looks: [] };
      const found = await detect(image, 'tic', debug);
      const inSight = truth.filter((c) => c.visible === 1);
      expect(inSight.length).toBeGreaterThan(0);
      expect(matchTruth(inSight, found).every((k) => k >= 0)).toBe(true);
      expect(found).toHaveLength(inSight.length);
      expect(debug.looks).toHaveLength(1);
    }, 60_000);
  }
});
