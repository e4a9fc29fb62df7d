// A game's record holds, after each turn, the table as it was then: for the recorded Progression
// games (read from their truth frames), after each legal play of the recording the record's table
// is the starting card and every legal play up to it, nothing more; and the per-turn CSV has one
// line a turn with every score after it.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../src/render/fixture-io.js';
import { gameRecord, turnsCsv } from '../../src/session/record.js';
import { apply, initialState, judge, type RefereeState } from '../../src/session/referee.js';
import { Smoother } from '../../src/session/smoothing.js';
import { truthObservation } from '../../src/session/sources/recorded.js';
import { recordedGame } from './recorded-games.js';

const placed = (cards: readonly { card: string; row: number; col: number }[]): string[] => cards.map((p) => `${p.card}@${p.row},${p.col}`).sort();

for (const split of ['dev', 'heldout'] as const) {
  describe(`the record of the ${split} Progression game`, () => {
    const recorded = recordedGame(split, 'progression');
    const fixture = readFixture(recorded.dir, { checkImages: false });
    const smoother = new Smoother({ steadyFrames: 3 });
    let state: RefereeState = initialState({ game: 'progression', players: recorded.players, turnEnds: 'auto' });
    for (const frame of fixture.frames) {
      const settled = smoother.push(truthObservation(frame));
      if (settled) state = apply(state, { kind: 'settled-table', tMs: frame.t_ms, cards: settled });
    }
    const record = gameRecord(state, { id: 't', name: 'table', playerNames: ['Ana', 'Ben'] });

    it('has the table as it was after each legal play: the starting card and every legal play so far', () => {
      const judged = judge(state);
      expect(record.turns.map((t) => t.number)).toEqual(judged.turns.map((t) => t.number));
      const start = record.table;
      expect(start).toHaveLength(1);
      let expected = placed(start);
      let checked = 0;
      for (const truth of recorded.turns) {
        if (!truth.legal || !truth.move.placements) continue;
        expected = [...expected, ...placed(truth.move.placements)].sort();
        const turn = record.turns.find((t) => t.legal && !t.withdrawn && placed(t.added).join() === placed(truth.move.placements!).join());
        expect(turn, `turn ${truth.turn}`).toBeDefined();
        expect(placed(turn!.table), `the table after turn ${truth.turn}`).toEqual(expected);
        checked++;
      }
      expect(checked).toBeGreaterThan(3);
    });

    it('writes one CSV line a turn: who, what, legal, points, warnings and every score after it', () => {
      const lines = turnsCsv(record).trimEnd().split('\r\n');
      expect(lines[0]).toBe('turn,player,kind,summary,legal,withdrawn,points,warnings,score Ana,score Ben');
      expect(lines).toHaveLength(record.turns.length + 1);
      const last = record.turns.at(-1)!;
      expect(lines.at(-1)!.endsWith(`,${last.scores.join(',')}`)).toBe(true);
      for (const [i, t] of record.turns.entries()) {
        expect(lines[i + 1]!.startsWith(`${t.number},${t.playerName},`)).toBe(true);
        expect(lines[i + 1]).toContain(`,${t.legal ? 'yes' : 'no'},${t.withdrawn ? 'yes' : 'no'},${t.points},`);
        for (const w of t.warnings) expect(lines[i + 1]).toContain(w.rule);
      }
    });
  });
}
