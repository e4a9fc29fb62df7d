// A simulated Sequence game as a recorded session: no camera, the board's serial log for the same
// game, which the built `seqref board --replay` plays back to the record's final board.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBoardLine } from '../../src/bridge/protocol.js';
import { parseSerialLog } from '../../src/bridge/serial-log.js';
import { readFixture } from '../../src/render/fixture-io.js';
import { renderRecordedSession, SNAPSHOT_MS, type RecordedStates } from '../../src/render/recorded.js';
import { SERIAL_FILE } from '../../src/render/session.js';
import { simulate, type SequenceRecord } from '../../src/simulate/index.js';
import { seqref } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-recorded-sequence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Attempts every 3rd turn alternate a chip on a covered space and two chips at once.
const record: SequenceRecord = simulate('sequence', { seed: 4, players: 2, illegalEvery: 3 });
let recorded: RecordedStates;
beforeAll(async () => {
  ({ recorded } = await renderRecordedSession(record, { out: dir, seed: 77, fps: 2 }));
});

const finalBoard = (): readonly string[] => record.turns.at(-1)!.stateAfter.board;

describe('recorded Sequence sessions', () => {
  it('has no frames, names the serial log and the events', () => {
    const fixture = readFixture(dir);
    expect(fixture.game).toBe('sequence');
    expect(fixture.frames).toEqual([]);
    expect(fixture.serial).toBe(SERIAL_FILE);
    expect(fixture.events).toBe('events.json');
    expect(record.result.reason).toBe('won');
  });

  it('the log is well-formed board frames: hello first, seq one up each frame, a snapshot at least every 5 s', () => {
    const entries = parseSerialLog(readFileSync(join(dir, SERIAL_FILE), 'latin1'), SERIAL_FILE);
    const frames = entries.map((e) => {
      expect(e.direction).toBe('<');
      const line = e.bytes.toString('latin1');
      expect(line.endsWith('\r\n')).toBe(true);
      const frame = decodeBoardLine(line.slice(1, -2));
      if (typeof frame === 'string') throw new Error(`${line} is ${frame}`);
      return { t: e.tMs, frame };
    });
    expect(frames[0]!.frame.type).toBe('H');
    frames.slice(1).forEach((f, i) => expect(f.frame.seq).toBe((frames[i]!.frame.seq + 1) % 65536));
    const snapshots = frames.filter((f) => f.frame.type === 'S').map((f) => f.t);
    expect(snapshots[0]).toBe(0);
    for (let i = 1; i < snapshots.length; i++) expect(snapshots[i]! - snapshots[i - 1]!).toBeLessThanOrEqual(SNAPSHOT_MS);
    const times = frames.map((f) => f.t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Each placed or removed chip is one D frame; two chips at once are two, and two more taken back.
    const moves = record.turns.filter((t) => !t.deliberate && (t.move.type === 'place' || t.move.type === 'remove')).length;
    const twoChips = record.turns.filter((t) => t.deliberate && t.move.type === 'two-chips').length;
    expect(twoChips).toBeGreaterThan(0);
    expect(frames.filter((f) => f.frame.type === 'D')).toHaveLength(moves + 4 * twoChips);
  });

  it('replays through the built `seqref board --replay FILE --json` to the record\'s final board, past the illegal two chips', () => {
    const result = seqref(['board', '--replay', join(dir, SERIAL_FILE), '--json', '--speed', '0']);
    expect(result.status).toBe(0);
    const views = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { t_ms: number; board: string[]; synced: boolean });
    expect(views.at(-1)!.board).toEqual(finalBoard());
    expect(views.at(-1)!.synced).toBe(true);
    // The board the two chips made was seen (the referee's evidence), and left again.
    const attempt = recorded.shows.findIndex((s) => s.kind === 'attempt');
    const withChips = recorded.boards![attempt]!;
    expect(views.some((v) => v.board.join('') === withChips)).toBe(true);
  });

  it('events.json: every record entry as a turn event with its board, at the time its board settled', () => {
    const log = JSON.parse(readFileSync(join(dir, 'events.json'), 'utf8')) as { events: Array<{ t_ms: number; events: Array<{ kind: string; index?: number; board?: string[]; violations?: Array<{ rule: string }> }> }> };
    const turns = log.events.flatMap((e) => e.events).filter((e) => e.kind === 'turn');
    expect(turns.map((e) => e.index)).toEqual(record.turns.map((t) => t.index));
    expect(turns.map((e) => e.board)).toEqual(record.turns.map((t) => t.stateAfter.board));
    const rules = new Set(turns.flatMap((e) => (e.violations ?? []).map((v) => v.rule)));
    expect(rules.has('space-covered')).toBe(true);
    expect(rules.has('several-changes')).toBe(true);
    const times = log.events.map((e) => e.t_ms);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
