// The host's belief about the board, frame by frame (contracts section 4, last paragraph).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoardModel } from '../../src/bridge/board-model.js';
import { type BoardFrame, COLS, EMPTY_BOARD, type Space } from '../../src/bridge/protocol.js';

const S = (seq: number, board: string): BoardFrame => ({ type: 'S', seq, board });
const D = (seq: number, row: number, col: number, state: Space): BoardFrame => ({ type: 'D', seq, row, col, state });
const H = (seq: number): BoardFrame => ({ type: 'H', seq, product: 'SEQB', version: '1.0.0', size: '10x10' });

function put(cells: string, row: number, col: number, state: Space): string {
  const i = row * COLS + col;
  return cells.slice(0, i) + state + cells.slice(i + 1);
}

function synced(frames: BoardFrame[]): BoardModel {
  const model = new BoardModel();
  for (const frame of frames) model.receive(frame);
  return model;
}

describe('the board model', () => {
  it('is not synced before its first snapshot, and holds D frames back until then', () => {
    const model = new BoardModel();
    const outcome = model.receive(D(5, 1, 1, 'G'));
    expect(outcome.wantSnapshot).toBe(true);
    expect(model.view()).toEqual({ cells: EMPTY_BOARD, synced: false, seq: 5 });
    model.receive(S(6, put(EMPTY_BOARD, 1, 1, 'G')));
    expect(model.view()).toEqual({ cells: put(EMPTY_BOARD, 1, 1, 'G'), synced: true, seq: 6 });
  });

  it('applies D frames in seq order', () => {
    const model = synced([S(10, EMPTY_BOARD), D(11, 2, 3, 'B'), D(12, 4, 5, 'R')]);
    expect(model.view()).toEqual({ cells: put(put(EMPTY_BOARD, 2, 3, 'B'), 4, 5, 'R'), synced: true, seq: 12 });
  });

  it('"any other jump in seq means frames were lost, and the host asks for a snapshot before it believes the board again"', () => {
    const model = synced([S(10, EMPTY_BOARD)]);
    const outcome = model.receive(D(13, 2, 3, 'B'));
    expect(outcome).toMatchObject({ changed: true, wantSnapshot: true });
    expect(outcome.notes).toContainEqual({ kind: 'gap', expected: 11, got: 13, lost: 2 });
    expect(model.view()).toEqual({ cells: EMPTY_BOARD, synced: false, seq: 13 });
    expect(model.receive(D(14, 5, 5, 'G')).wantSnapshot).toBe(true);
    expect(model.view().cells).toBe(EMPTY_BOARD);
    model.receive(S(15, put(EMPTY_BOARD, 9, 1, 'R')));
    expect(model.view()).toEqual({ cells: put(EMPTY_BOARD, 9, 1, 'R'), synced: true, seq: 15 });
  });

  it('"a repeat of the last seq is a duplicate and ignored"', () => {
    const model = synced([S(10, EMPTY_BOARD), D(11, 2, 3, 'B')]);
    const outcome = model.receive(D(11, 2, 3, 'G'));
    expect(outcome.changed).toBe(false);
    expect(outcome.wantSnapshot).toBe(false);
    expect(model.view()).toEqual({ cells: put(EMPTY_BOARD, 2, 3, 'B'), synced: true, seq: 11 });
    expect(model.stats.duplicates).toBe(1);
  });

  it('"a snapshot always wins over what the host had pieced together from D frames"', () => {
    const model = synced([S(10, EMPTY_BOARD), D(11, 2, 3, 'B')]);
    const outcome = model.receive(S(12, put(EMPTY_BOARD, 7, 7, 'G')));
    expect(outcome.notes).toContainEqual({ kind: 'corrected', spaces: 2 });
    expect(model.view().cells).toBe(put(EMPTY_BOARD, 7, 7, 'G'));
  });

  it('wraps seq from 65535 to 0 without seeing a gap', () => {
    const model = synced([S(65534, EMPTY_BOARD), D(65535, 1, 1, 'G'), D(0, 1, 2, 'G')]);
    expect(model.view()).toMatchObject({ synced: true, seq: 0 });
    expect(model.stats.gaps).toBe(0);
  });

  it('"the host takes the seq of a hello as a fresh start": a restarted board is asked for its board again', () => {
    const model = synced([S(10, EMPTY_BOARD)]);
    const outcome = model.receive(H(40_000));
    expect(outcome).toMatchObject({ changed: true, wantSnapshot: true });
    expect(outcome.notes).toEqual([{ kind: 'hello', product: 'SEQB', version: '1.0.0', size: '10x10', restart: true }]);
    expect(model.stats.gaps).toBe(0);
    expect(model.receive(D(40_001, 1, 1, 'G')).changed).toBe(false);
    model.receive(S(40_002, put(EMPTY_BOARD, 3, 3, 'B')));
    expect(model.view()).toEqual({ cells: put(EMPTY_BOARD, 3, 3, 'B'), synced: true, seq: 40_002 });
  });

  it('stays synced through a hello that continues the count (a running board answering $V)', () => {
    const model = synced([S(10, EMPTY_BOARD), D(11, 4, 4, 'R')]);
    const outcome = model.receive(H(12));
    expect(outcome).toMatchObject({ changed: false, wantSnapshot: false });
    expect(outcome.notes).toEqual([{ kind: 'hello', product: 'SEQB', version: '1.0.0', size: '10x10', restart: false }]);
    expect(model.view()).toEqual({ cells: put(EMPTY_BOARD, 4, 4, 'R'), synced: true, seq: 12 });
  });

  it('ignores a hello repeated on the wire', () => {
    const model = synced([H(7), S(8, EMPTY_BOARD)]);
    model.receive(H(9));
    expect(model.receive(H(9)).notes).toEqual([{ kind: 'duplicate', seq: 9 }]);
    expect(model.view().synced).toBe(true);
  });

  it('forgets the seq when the link is lost, and is unsynced until the next snapshot', () => {
    const model = synced([S(10, EMPTY_BOARD)]);
    expect(model.lose(true)).toBe(true);
    expect(model.view()).toEqual({ cells: EMPTY_BOARD, synced: false, seq: null });
    model.receive(D(500, 1, 1, 'G'));
    expect(model.stats.gaps).toBe(0);
    expect(model.view().synced).toBe(false);
  });

  it('reports buttons and board faults without touching the board', () => {
    const model = synced([S(1, EMPTY_BOARD)]);
    expect(model.receive({ type: 'K', seq: 2, button: 3 }).notes).toEqual([{ kind: 'button', button: 3 }]);
    expect(model.receive({ type: 'E', seq: 3, code: 'SENSOR', text: '1,1,x' }).notes).toEqual([{ kind: 'fault', code: 'SENSOR', text: '1,1,x' }]);
    expect(model.view()).toEqual({ cells: EMPTY_BOARD, synced: true, seq: 3 });
  });

  it('never shows a false board while synced, and ends on the true board, whatever frames are lost or repeated', () => {
    // A board makes random changes; the line loses, repeats or reorders nothing else. The board
    // snapshots every few frames, as the real one does on its timer and when asked.
    const change = fc.record({ space: fc.integer({ min: 1, max: 98 }), state: fc.constantFrom<Space>('.', 'G', 'B', 'R') });
    const fate = fc.constantFrom('deliver', 'deliver', 'deliver', 'drop', 'duplicate');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 65535 }), fc.array(fc.tuple(change, fate), { maxLength: 80 }), (start, steps) => {
        const model = new BoardModel();
        const truthAt = new Map<number, string>();
        let cells = EMPTY_BOARD;
        let seq = start;
        let asked = false;
        const send = (frame: BoardFrame, how: string): void => {
          truthAt.set(frame.seq, cells);
          if (how === 'drop') return;
          for (let copy = 0; copy < (how === 'duplicate' ? 2 : 1); copy++) {
            const outcome = model.receive(frame);
            asked ||= outcome.wantSnapshot;
            const view = model.view();
            if (view.synced) expect(view.cells).toBe(truthAt.get(view.seq!));
          }
        };
        send(S(seq, cells), 'deliver');
        steps.forEach(([{ space, state }, how], i) => {
          if (space === 9 || space === 90) return;
          cells = put(cells, Math.floor(space / COLS), space % COLS, state);
          seq = (seq + 1) & 0xffff;
          send(D(seq, Math.floor(space / COLS), space % COLS, state), how);
          if (asked || i % 7 === 6) {
            asked = false;
            seq = (seq + 1) & 0xffff;
            send(S(seq, cells), 'deliver');
          }
        });
        seq = (seq + 1) & 0xffff;
        send(S(seq, cells), 'deliver');
        expect(model.view()).toEqual({ cells, synced: true, seq });
      }),
    );
  });
});
