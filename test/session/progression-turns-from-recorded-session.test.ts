// The recorded Progression session, frame by frame through smoothing and the referee, must give
// the turns, points and warnings its own events.json records (the engine's truth at render time).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../src/render/fixture-io.js';
import { apply, initialState, judge } from '../../src/session/referee.js';
import { Smoother } from '../../src/session/smoothing.js';
import { truthObservation } from '../../src/session/sources/recorded.js';

interface PlayEvent {
  kind: string;
  turn: number;
  player: number;
  legal: boolean;
  points: number;
  violations: { rule: string }[];
}

for (const split of ['dev', 'heldout']) {
  describe(`recorded progression session (${split})`, () => {
    const dir = join('fixtures', split, 'progression-session');
    const fixture = readFixture(dir, { checkImages: false });
    const events = (JSON.parse(readFileSync(join(dir, 'events.json'), 'utf8')) as { events: { events: PlayEvent[] }[] }).events.flatMap((e) => e.events).filter((e) => e.kind === 'play');

    it('each settled change is one turn, judged as the recording says: points, legality, rule codes', () => {
      const smoother = new Smoother({ steadyFrames: 3 });
      let state = initialState({ game: 'progression', players: 2, turnEnds: 'auto' });
      for (const frame of fixture.frames) {
        const settled = smoother.push(truthObservation(frame));
        if (settled) state = apply(state, { kind: 'settled-table', tMs: frame.t_ms, cards: settled });
      }
      const judged = judge(state);
      expect(judged.turns.map((t) => [t.number, t.player + 1, t.legal, t.points, t.warnings.map((w) => w.rule)])).toEqual(events.map((e) => [e.turn, e.player, e.legal, e.points, e.violations.map((v) => v.rule)]));
      const scores = [0, 0];
      for (const e of events) scores[e.player - 1]! += e.points;
      expect(judged.scores).toEqual(scores);
    });
  });
}
