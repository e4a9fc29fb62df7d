// The recorded Sequence games' serial logs, played through the bridge's recorded-log link into a
// table session as `seqref serve` does: every move judged as the recording's events say, the two
// chips put down at once (two D frames 400 ms apart) one move with its several-changes warning,
// taken back and retried by the same team, and the final sequences and winner.
import { describe, expect, it } from 'vitest';
import { teamName } from '../../src/rules/sequence.js';
import { TableSession } from '../../src/session/session.js';
import { RecordedSessionSource } from '../../src/session/sources/recorded.js';
import { recordedGame } from './recorded-games.js';

const TEAMS = ['G', 'B', 'R'];

for (const split of ['dev', 'heldout']) {
  describe(`recorded ${split} Sequence game from its board's serial log`, () => {
    it('each move by the right team, the illegal ones the board can see warned with their rule; the sequences and winner are the result', async () => {
      const recorded = recordedGame(split, 'sequence');
      const source = new RecordedSessionSource({ path: recorded.dir, speed: 0 });
      const teams = source.setup.teams ?? 2;
      expect(teams).toBe(recorded.teams);
      const table = new TableSession({ id: 'board', config: { game: 'sequence', players: teams, turnEnds: 'auto', teams } }, null, source);
      const ended = new Promise<void>((resolve) => table.on('ended', () => resolve()));
      await table.start();
      await ended;
      const view = table.view();
      await table.stop();

      // A dead card exchanged, or a chip on a covered space, changes nothing the board sees.
      const seen = recorded.turns.filter((t) => t.move.type !== 'exchange' && !t.violations.some((v) => v.rule === 'space-covered'));
      expect(view.turns.map((t) => [t.number, TEAMS[t.player], t.legal, t.warnings.map((w) => w.rule)])).toEqual(seen.map((t) => [t.turn, t.team, t.legal, t.violations.map((v) => v.rule)]));
      const twoChips = view.warnings.filter((w) => w.rule === 'several-changes');
      expect(twoChips.length).toBe(recorded.turns.filter((t) => t.move.type === 'two-chips').length);
      expect(twoChips.length).toBeGreaterThan(0);
      expect(twoChips.every((w) => w.withdrawn && w.sentence?.startsWith('On your turn:'))).toBe(true);
      expect(view.scores).toEqual(recorded.result.scores);
      const winner = TEAMS[recorded.result.winners[0]!]!;
      expect(view.winner).toBe(teamName(winner as 'G').replace(/^./, (c) => c.toUpperCase()));
      expect(view.status).toBe('ended');
    });
  });
}
