// The recorded-session writer: table states in, frames with truth, events and (Sequence) the
// board's serial log out, on the hand-written Progression example.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { frameLine } from '../../src/bridge/protocol.js';
import { parseSerialLog } from '../../src/bridge/serial-log.js';
import { progressionExampleStates } from '../../src/render/example-session.js';
import { readFixture } from '../../src/render/fixture-io.js';
import { planSession, renderSession, SERIAL_FILE } from '../../src/render/session.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-session-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const small = { width: 320, height: 180, distractors: [] };
const cellsOf = (cards: ReadonlyArray<{ card: string; row: number; col: number }>): string[] => cards.map((c) => `${c.card}@${c.row},${c.col}`).sort();

describe('recorded sessions', () => {
  it('the example game: every stable frame shows exactly its state, moving frames one card in a hand', async () => {
    const states = progressionExampleStates();
    const out = join(dir, 'progression');
    await renderSession(states, { game: 'progression', out, seed: 11, fps: 2, holdSeconds: 0.5, moveSeconds: 0.5, conditions: small });
    const fixture = readFixture(out);
    expect(fixture.events).toBe('events.json');
    // 1 still frame per state; 2 frames a card moved (4 cards) and 1 frame of the hand going back a turn.
    expect(fixture.frames).toHaveLength(4 + 4 * 2 + 3);
    fixture.frames.forEach((frame, i) => expect(frame.t_ms).toBe(i * 500));
    const stable = fixture.frames.filter((f) => f.stable);
    expect(stable).toHaveLength(4);
    stable.forEach((frame, i) => {
      expect(cellsOf(frame.cards)).toEqual(cellsOf(states[i]!.table));
      expect(frame.cards.every((c) => !c.hidden && !c.moving)).toBe(true);
      expect(frame.events).toEqual(JSON.parse(JSON.stringify(states[i]!.events)));
    });
    const moving = fixture.frames.filter((f) => f.cards.some((c) => c.moving));
    expect(moving).toHaveLength(8);
    for (const frame of moving) {
      expect(frame.stable).toBe(false);
      expect(frame.cards.filter((c) => c.moving)).toHaveLength(1);
    }
  });

  it('events.json holds every turn at the time its table settled, the illegal play flagged', async () => {
    const out = join(dir, 'progression');
    const log = JSON.parse(readFileSync(join(out, 'events.json'), 'utf8'));
    const frames = readFixture(out).frames;
    expect(log.events.map((e: { t_ms: number }) => e.t_ms)).toEqual(frames.filter((f) => f.events).map((f) => f.t_ms));
    const plays = log.events.slice(1).map((e: { events: Array<{ legal: boolean; points: number; violations: unknown[] }> }) => e.events[0]!);
    expect(plays.map((p: { legal: boolean }) => p.legal)).toEqual([true, true, false]);
    // 3-square-red, 4-star-orange, 5-star-red: a 3-card Mono in number, +2 for 5-star-red.
    expect(plays[1].points).toBe(5);
    expect(plays[2].violations.length).toBeGreaterThan(0);
  });

  it('Sequence: no camera, the board serial log written beside the events', async () => {
    const out = join(dir, 'sequence');
    const empty = '.'.repeat(100);
    const serial = [
      { t_ms: 0, frame: frameLine('H,7,SEQB,1.0.0,10x10') },
      { t_ms: 5, frame: frameLine(`S,8,${empty}`) },
      { t_ms: 900, frame: frameLine('D,9,4,5,G') },
    ];
    const fixture = await renderSession([{ table: [] }, { table: [], events: [{ kind: 'move', team: 'G', card: '7H', row: 4, col: 5 }] }], { game: 'sequence', out, seed: 3, serial });
    expect(fixture.frames).toEqual([]);
    expect(fixture.serial).toBe(SERIAL_FILE);
    const entries = parseSerialLog(readFileSync(join(out, SERIAL_FILE), 'utf8'), SERIAL_FILE);
    expect(entries.map((e) => [e.tMs, e.direction, e.bytes.toString('latin1')])).toEqual(serial.map((s) => [s.t_ms, '<', s.frame]));
    expect(JSON.parse(readFileSync(join(out, 'events.json'), 'utf8')).events).toHaveLength(1);
    expect(readFixture(out).serial).toBe(SERIAL_FILE);
  });

  it('a line that is not a board frame is refused', async () => {
    await expect(renderSession([{ table: [] }], { game: 'sequence', out: join(dir, 'bad'), seed: 1, serial: [{ t_ms: 0, frame: 'hello' }] })).rejects.toThrow(/not a board frame/);
  });

  it('the plan is a timeline simulators can line their own logs up with', () => {
    const plan = planSession(progressionExampleStates(), { game: 'progression', out: '', seed: 1, fps: 4, holdSeconds: 1, moveSeconds: 1, conditions: small });
    expect(plan.frames.map((f) => f.t_ms).slice(0, 3)).toEqual([0, 250, 500]);
    expect(plan.frames.filter((f) => f.events).map((f) => f.state)).toEqual([0, 1, 2, 3]);
  });
});
