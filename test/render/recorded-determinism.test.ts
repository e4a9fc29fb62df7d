// The same seed makes the same bytes: a small recorded session rendered twice, and the choice of
// the bundled set's games, which every split covers with at least one game of illegal plays.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RECORDED_GAMES } from '../../src/render/recorded-set.js';
import { renderRecordedSession } from '../../src/render/recorded.js';
import { SIMULATED_GAMES, simulate } from '../../src/simulate/index.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-recorded-determinism-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = (folder: string): Map<string, Buffer> => new Map(readdirSync(folder).sort().map((name) => [name, readFileSync(join(folder, name))]));

describe('recorded sessions are reproducible', () => {
  it('same seed, same bytes: every frame, fixture.json and events.json', async () => {
    const record = simulate('sequence-hunt', { seed: 1, illegalEvery: 2, maxTurns: 2 });
    const options = { seed: 31, fps: 2, holdSeconds: 0.5, moveSeconds: 0.5, conditions: { width: 192, height: 108 } };
    await renderRecordedSession(record, { ...options, out: join(dir, 'a') });
    await renderRecordedSession(record, { ...options, out: join(dir, 'b') });
    const a = files(join(dir, 'a'));
    const b = files(join(dir, 'b'));
    expect([...a.keys()]).toEqual([...b.keys()]);
    expect([...a.keys()].filter((n) => n.endsWith('.jpg')).length).toBeGreaterThan(3);
    for (const [name, bytes] of a) expect(bytes.equals(b.get(name)!), name).toBe(true);
    // Another seed films it under other conditions.
    await renderRecordedSession(record, { ...options, seed: 32, out: join(dir, 'c') });
    expect(files(join(dir, 'c')).get('frame-000.jpg')!.equals(a.get('frame-000.jpg')!)).toBe(false);
  });

  it('same seed, same serial log for a Sequence game', async () => {
    const record = simulate('sequence', { seed: 8, illegalEvery: 4 });
    await renderRecordedSession(record, { seed: 3, fps: 2, out: join(dir, 's1') });
    await renderRecordedSession(record, { seed: 3, fps: 2, out: join(dir, 's2') });
    expect(readFileSync(join(dir, 's1', 'board-serial.txt')).equals(readFileSync(join(dir, 's2', 'board-serial.txt')))).toBe(true);
    expect(readFileSync(join(dir, 's1', 'events.json')).equals(readFileSync(join(dir, 's2', 'events.json')))).toBe(true);
  });

  it('the bundled set plans one game of every game in each split, each split with deliberate illegal plays', () => {
    for (const split of ['dev', 'heldout'] as const) {
      const plans = RECORDED_GAMES.filter((p) => p.split === split);
      expect(plans.map((p) => p.game).sort()).toEqual([...SIMULATED_GAMES].sort());
      expect(plans.some((p) => (p.simulation.illegalEvery ?? 0) > 0)).toBe(true);
    }
  });
});
