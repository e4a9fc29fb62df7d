// The bundled recorded games as `seqref serve` replays them by default: every frame read by the real
// recogniser (OpenCV and the committed card reader), then smoothed and judged. Progression and
// Sequence Shift give the turns, legality and rules their events.json records. In both a card lies
// with its end under the face-down deck all game: covered in part in every frame, it must not hold
// the table busy for good (it did, and the Progression game settled no turn at all).
import { describe, expect, it } from 'vitest';
import { loadRecogniser, recogniserProblem } from '../../src/session/recogniser.js';
import { TableSession } from '../../src/session/session.js';
import { RecordedSessionSource } from '../../src/session/sources/recorded.js';
import { recordedGame } from './recorded-games.js';

describe('recorded games read by the recogniser', () => {
  for (const game of ['progression', 'sequence-shift'] as const) {
    it(`${game}: the turns, legality and rules of the recorded game`, async () => {
      const recogniser = await loadRecogniser();
      expect(recogniser, recogniserProblem() ?? '').not.toBeNull();
      const recorded = recordedGame('dev', game);
      const source = new RecordedSessionSource({ path: recorded.dir, speed: 0, recogniser: recogniser! });
      const table = new TableSession({ id: 't', config: { game, players: recorded.players, turnEnds: 'auto' } }, null, source);
      const ended = new Promise<void>((resolve) => table.on('ended', () => resolve()));
      await table.start();
      await ended;
      const view = table.view();
      expect(view.turns.map((t) => [t.number, t.player, t.legal, t.warnings.map((w) => w.rule)])).toEqual(recorded.turns.map((t) => [t.turn, t.player, t.legal, t.violations.map((v) => v.rule)]));
      if (game === 'progression') expect(view.scores).toEqual(recorded.result.scores);
    }, 120_000);
  }
});
