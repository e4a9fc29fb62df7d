// Recorded frames read by a recogniser (not the truth): a recogniser numbers the grid from the
// cards it sees, so each frame may come out shifted and turned by a quarter. Put back on the
// table the referee believes, they give the recorded game's turns all the same. The stand-in here
// reads the truth and renumbers it as a recogniser would (its own origin and turn each frame).
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../src/render/fixture-io.js';
import { TableSession } from '../../src/session/session.js';
import { truthObservation } from '../../src/session/sources/recorded.js';
import type { Recogniser } from '../../src/session/sources/source.js';
import { recordedGame, replayRecognised } from './recorded-games.js';

const TURNS = [(r: number, c: number) => [r, c], (r: number, c: number) => [c, -r], (r: number, c: number) => [-r, -c], (r: number, c: number) => [-c, r]] as const;

function standIn(dir: string): Recogniser {
  const frames = new Map(readFixture(dir, { checkImages: false }).frames.map((f, i) => [f.t_ms, { frame: f, index: i }]));
  return {
    name: 'stand-in recogniser',
    async recognise(image) {
      const { frame, index } = frames.get(image.tMs)!;
      const truth = truthObservation(frame);
      const turn = TURNS[index % 4]!;
      const turned = truth.cards.map((c) => {
        const [row, col] = turn(c.row, c.col);
        return { ...c, row: row!, col: col! };
      });
      const r0 = Math.min(...turned.map((c) => c.row)), c0 = Math.min(...turned.map((c) => c.col));
      return { ...truth, cards: turned.map((c) => ({ ...c, row: c.row - r0, col: c.col - c0 })), relativeCells: true };
    },
  };
}

describe('recorded frames through a recogniser that numbers the grid its own way', () => {
  for (const game of ['progression', 'sequence-shift'] as const) {
    it(`${game}: the same turns, legality, rules and points as the recorded game`, async () => {
      const recorded = recordedGame('dev', game);
      const view = await replayRecognised(game, recorded, standIn(recorded.dir));
      expect(view.turns.map((t) => [t.number, t.player, t.legal, t.warnings.map((w) => w.rule)])).toEqual(recorded.turns.map((t) => [t.turn, t.player, t.legal, t.violations.map((v) => v.rule)]));
      if (game === 'progression') expect(view.scores).toEqual(recorded.result.scores);
      // The cards keep their shape relative to each other (one rigid turn and shift of the truth).
      expect(view.table.length).toBe(readFixture(recorded.dir, { checkImages: false }).frames.at(-1)!.cards.length);
    });
  }
});

describe('card faces the reader cannot name', () => {
  const obs = (tMs: number, unread: [number, number][]) => ({ tMs, busy: false, relativeCells: true, cards: [{ card: '4-star-orange', row: 0, col: 0 }], unread });

  it('one that stays where it was is a card it cannot name: the table still settles', () => {
    const t = new TableSession({ id: 't', config: { game: 'progression', players: 2, turnEnds: 'auto' } }, null, null);
    for (let i = 0; i < 3; i++) t.observeTable(obs(i * 500, [[990, 483]]), null);
    expect(t.view().busy).toBe(false);
    expect(t.view().table).toEqual([{ card: '4-star-orange', row: 0, col: 0 }]);
  });

  it('one lying where the last frame read a card is that card read worse: it keeps its name', () => {
    const t = new TableSession({ id: 't', config: { game: 'progression', players: 2, turnEnds: 'auto' } }, null, null);
    const corners: [number, number][] = [[960, 440], [1020, 440], [1020, 525], [960, 525]];
    const both = (tMs: number) => ({ tMs, busy: false, relativeCells: true, cards: [{ card: '4-star-orange', row: 0, col: 0 }, { card: '5-crescent-red', row: 0, col: 1, corners }] });
    const glare = (tMs: number) => ({ tMs, busy: false, relativeCells: true, cards: [{ card: '4-star-orange', row: 0, col: 0 }], unread: [[990, 483]] as [number, number][] });
    t.observeTable(both(0), null);
    t.observeTable(glare(500), null);
    t.observeTable(both(1000), null);
    expect(t.view().busy).toBe(false);
    expect(t.view().table.map((p) => p.card).sort()).toEqual(['4-star-orange', '5-crescent-red']);
  });
});
