import { describe, expect, it } from 'vitest';
import { gridAgreement } from '../../src/cli/eval.js';
import { assignGrid } from '../../src/vision/grid.js';
import { detect, devFrame, matchTruth } from './detect-helpers.js';

// A handful of dev frames across the games and table tops (the full sets are `seqref eval`'s).
const FRAMES: readonly [string, number][] = [
  ['progression', 0], // wood, layout turned ~50 degrees, flipped cards
  ['sequence-shift', 7], // wood, cool light, 14 cards
  ['sequence-hunt', 4], // checked cloth, loose grid
  ['sequence-stacks', 1], // piles on wood, yellow special faces
  ['sequence-shift', 6], // plain table, sleeve over two cards
];

describe('finding cards in dev fixture frames', () => {
  it('finds at least 95% of the cards in sight and puts at least 95% of them in the right cell', async () => {
    let inSight = 0;
    let found = 0;
    let placed = 0;
    let extra = 0;
    for (const [game, index] of FRAMES) {
      const { image, truth, deck } = await devFrame(game, index);
      const detections = await detect(image, deck);
      const visible = truth.filter((t) => t.hidden !== true);
      const match = matchTruth(visible, detections);
      inSight += visible.length;
      found += match.filter((m) => m >= 0).length;
      extra += detections.length - match.filter((m) => m >= 0).length;
      // Grid cells from the detections alone, compared after the one best shift and quarter turn.
      const cells = assignGrid(detections.map((d) => ({ corners: d.corners })), { game });
      const pairs = visible.flatMap((t, i) => (match[i]! >= 0 ? [{ truth: t, found: cells[match[i]!]! }] : []));
      placed += gridAgreement(pairs).filter(Boolean).length;
    }
    expect(inSight).toBeGreaterThan(40);
    expect(found / inSight).toBeGreaterThanOrEqual(0.95);
    expect(placed / inSight).toBeGreaterThanOrEqual(0.95);
    // Stacks piles hide cards under the top one: a detection there matches no card in sight.
    expect(extra).toBeLessThanOrEqual(3);
  });

  it('finds cards partly under a sleeve or hand and marks them partial', async () => {
    // Progression dev frames 3 and 7: a sleeve and a hand lie over several cards.
    let covered = 0;
    let found = 0;
    let flagged = 0;
    for (const index of [3, 7]) {
      const { image, truth } = await devFrame('progression', index);
      const detections = await detect(image);
      const partly = truth.filter((t) => t.hidden !== true && (t.visible ?? 1) < 0.85);
      const match = matchTruth(partly, detections);
      covered += partly.length;
      found += match.filter((m) => m >= 0).length;
      flagged += match.filter((m) => m >= 0 && detections[m]!.partial).length;
    }
    expect(covered).toBeGreaterThanOrEqual(4);
    expect(found / covered).toBeGreaterThanOrEqual(0.75);
    expect(flagged).toBe(found);
  });

  it('outlines each card within a few pixels of its true corners', async () => {
    const { image, truth } = await devFrame('sequence-shift', 7);
    const detections = await detect(image);
    const match = matchTruth(truth, detections);
    const errors: number[] = [];
    truth.forEach((t, i) => {
      const d = detections[match[i]!];
      if (!d) return;
      // Corners are compared as a set: which end is up is the reader's business.
      for (const [x, y] of t.corners) errors.push(Math.min(...d.corners.map(([u, v]) => Math.hypot(u - x!, v - y!))));
    });
    errors.sort((a, b) => a - b);
    expect(errors.length).toBeGreaterThanOrEqual(4 * 12);
    expect(errors[Math.floor(errors.length / 2)]!).toBeLessThan(3);
    expect(errors[Math.floor(errors.length * 0.9)]!).toBeLessThan(8);
  });
});
