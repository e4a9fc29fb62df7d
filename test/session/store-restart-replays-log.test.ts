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

const obs = (tMs: number, cards: [string, number, number][], busy = false) => ({ tMs, busy, cards: cards.map(([card, row, col]) => ({ card, row, col })) });

describe('the SQLite session log', () => {
  it('a session opened again on the same log has every turn, score and warning it had', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqref-store-'));
    dirs.push(dir);
    const path = join(dir, 'events.sqlite');
    const config = { game: 'progression' as const, players: 2, turnEnds: 'auto' as const };
    let store = new EventStore(path);
    const first = new TableSession({ id: 't1', config }, store, null);
    const frames = [
      ...[0, 1, 2].map((i) => obs(i * 500, [['2-triangle-yellow', 0, 0]])),
      ...[3, 4, 5].map((i) => obs(i * 500, [['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1]])),
      ...[6, 7, 8].map((i) => obs(i * 500, [['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1], ['2-circle-violet', 1, 0]])),
    ];
    for (const f of frames) first.observeTable(f, null);
    const before = first.view();
    expect(before.turns).toHaveLength(2);
    expect(before.warnings.length).toBeGreaterThan(0);
    store.close();

    store = new EventStore(path);
    const again = new TableSession({ id: 't1', config }, store, null);
    const after = again.view();
    expect(after.turns).toEqual(before.turns);
    expect(after.scores).toEqual(before.scores);
    expect(after.warnings).toEqual(before.warnings);
    // The same steady table seen again after the restart is not a new turn.
    for (const f of frames.slice(-3)) again.observeTable({ ...f, tMs: f.tMs + 5000 }, null);
    expect(again.view().turns).toHaveLength(2);
    const exported = store.events('t1');
    expect(exported.filter((e) => e.type === 'turn')).toHaveLength(2);
    store.close();
  });
});
