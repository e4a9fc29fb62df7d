// The bundled recorded games as `seqref serve` replays them by default: every frame read by the real
// recogniser (OpenCV and the committed card reader), then smoothed and judged. Progression and
// Sequence Shift give the turns, legality and rules their events.json records. In both a card lies
// with its end under the face-down deck all game: covered in part in every frame, it must not hold
// the table busy for good (it did, and the Progression game settled no turn at all).
import { describe, expect, it } from 'vitest';
import { loadRecogniser, recogniserProblem } from '../../src/session/recogniser.js';
import { recordedGame, replayRecognised } from './recorded-games.js';

describe('recorded games read by the recogniser', () => {
  for (const game of ['progression', 'sequence-shift'] as const) {
    it(`${game}: the turns, legality and rules of the recorded game`, async () => {
      const recogniser = await loadRecogniser();
      expect(recogniser, recogniserProblem() ?? '').not.toBeNull();
      const recorded = recordedGame('dev', game);
      const view = await replayRecognised(game, recorded, recogniser!);
      expect(view.turns.map((t) => [t.number, t.player, t.legal, t.warnings.map((w) => w.rule)])).toEqual(recorded.turns.map((t) => [t.turn, t.player, t.legal, t.violations.map((v) => v.rule)]));
      if (game === 'progression') expect(view.scores).toEqual(recorded.result.scores);
    }, 120_000);
  }
});
