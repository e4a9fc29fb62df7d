// An organiser's action on a table is logged, judged at once, and answered with what it did, or
// why it changed nothing: never a bare "done". A restart folds the log to the same judgement.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TableSession } from '../../src/session/session.js';
import { EventStore } from '../../src/session/store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const obs = (tMs: number, cards: [string, number, number][]) => ({ tMs, busy: false, cards: cards.map(([card, row, col]) => ({ card, row, col })) });
const config = { game: 'progression' as const, players: 2, turnEnds: 'auto' as const };

describe('organiser commands on a live table', () => {
  it('answer whether they changed anything, in the referee\'s words, and survive a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqref-commands-'));
    dirs.push(dir);
    const path = join(dir, 'events.sqlite');
    let store = new EventStore(path);
    const table = new TableSession({ id: 't', config }, store, null);
    const states: [string, number, number][][] = [
      [['2-triangle-yellow', 0, 0]],
      [['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1]],
      [['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1], ['2-circle-violet', 1, 0]],
    ];
    let t = 0;
    for (const cards of states) for (let i = 0; i < 2; i++) table.observeTable(obs((t += 500), cards), null);
    expect(table.view().turns).toHaveLength(2);
    expect(table.view().warnings.filter((w) => w.standing).length).toBeGreaterThan(0);

    expect(table.command({ kind: 'undo' })).toEqual({ changed: true, message: 'turn 2 undone by the organiser' });
    const nothing = table.command({ kind: 'merge', index: 0 });
    expect(nothing.changed).toBe(false);
    expect(nothing.message).toMatch(/^nothing merged/);
    expect(table.command({ kind: 'correct', row: 5, col: 5, card: '1-circle-red' })).toEqual({ changed: false, message: 'no card at (5,5) to correct' });
    expect(table.command({ kind: 'assign', index: 0, player: 1 }).changed).toBe(true);
    const before = table.view();
    store.close();

    store = new EventStore(path);
    const again = new TableSession({ id: 't', config }, store, null);
    expect(again.view().turns).toEqual(before.turns);
    expect(again.view().notices).toEqual(before.notices);
    store.close();
  });

  it('a warning taken back stays in the list, marked, but no longer stands', () => {
    const table = new TableSession({ id: 't', config }, null, null);
    const base: [string, number, number][] = [['2-triangle-yellow', 0, 0]];
    const tried: [string, number, number][] = [...base, ['2-circle-violet', 1, 0]];
    let t = 0;
    for (const cards of [base, tried, base]) for (let i = 0; i < 2; i++) table.observeTable(obs((t += 500), cards), null);
    const warnings = table.view().warnings;
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((w) => w.withdrawn === true && !w.standing)).toBe(true);
  });
});
