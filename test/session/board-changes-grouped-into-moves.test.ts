// The board reports each space as it changes; a move is what the referee judges. Spaces changing
// within BOARD_SETTLE_MS of each other (on the board's clock) are one move, so two chips put down
// at once are one illegal move, not two turns.
import { describe, expect, it } from 'vitest';
import { BOARD_SETTLE_MS, TableSession } from '../../src/session/session.js';

const EMPTY = '.'.repeat(100);
const withChips = (...chips: [number, number, string][]): string => {
  const cells = [...EMPTY];
  for (const [r, c, chip] of chips) cells[r * 10 + c] = chip;
  return cells.join('');
};

function table(): TableSession {
  return new TableSession({ id: 'b', config: { game: 'sequence', players: 2, turnEnds: 'auto', teams: 2 } }, null, null);
}

describe('board changes grouped into moves', () => {
  it('two chips 400 ms apart are one move with its several-changes warning; taken back, the same team plays again', async () => {
    const t = table();
    t.observeBoard({ tMs: 0, cells: EMPTY, synced: true });
    t.observeBoard({ tMs: 1000, cells: withChips([6, 5, 'G']), synced: true });
    t.observeBoard({ tMs: 1400, cells: withChips([6, 5, 'G'], [6, 7, 'G']), synced: true });
    // Taken back, 400 ms apart again, then a legal green move.
    t.observeBoard({ tMs: 4000, cells: withChips([6, 7, 'G']), synced: true });
    t.observeBoard({ tMs: 4400, cells: EMPTY, synced: true });
    t.observeBoard({ tMs: 6000, cells: withChips([8, 4, 'G']), synced: true });
    await t.stop();
    const v = t.view();
    expect(v.turns.map((turn) => [turn.number, turn.player, turn.legal, turn.withdrawn === true, turn.warnings.map((w) => w.rule)])).toEqual([
      [1, 0, false, true, ['several-changes']],
      [1, 0, true, false, []],
    ]);
    expect(v.current).toBe(1);
  });

  it(`changes ${BOARD_SETTLE_MS} ms or more apart are separate moves`, async () => {
    const t = table();
    t.observeBoard({ tMs: 0, cells: EMPTY, synced: true });
    t.observeBoard({ tMs: 1000, cells: withChips([7, 5, 'G']), synced: true });
    t.observeBoard({ tMs: 1000 + BOARD_SETTLE_MS, cells: withChips([7, 5, 'G'], [8, 6, 'B']), synced: true });
    await t.stop();
    expect(t.view().turns.map((turn) => [turn.player, turn.legal])).toEqual([[0, true], [1, true]]);
  });

  it('a live board that goes quiet has its last move judged without waiting for another', async () => {
    const t = table();
    t.observeBoard({ tMs: 0, cells: EMPTY, synced: true });
    t.observeBoard({ tMs: 1000, cells: withChips([7, 5, 'G']), synced: true });
    expect(t.view().turns).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, BOARD_SETTLE_MS + 100));
    expect(t.view().turns).toHaveLength(1);
  });
});
