// A real rig: the host-built firmware on a pseudo-terminal, read by the bridge through serialport.
// On a machine without g++ or pseudo-terminals the live tests skip, except under CI=true, where
// they fail: CI must never pass without having run them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect } from 'vitest';
import { type BoardView } from '../../src/bridge/board-model.js';
import { type BridgeOptions, BoardBridge } from '../../src/bridge/bridge.js';
import { buildFirmwareHost, FirmwareHost, type FirmwareHostOptions, type Truth } from '../../src/bridge/firmware-host.js';
import { SerialLink } from '../../src/bridge/link.js';
import { COLS, decodeBoardLine } from '../../src/bridge/protocol.js';

function availability(): string | null {
  try {
    const binary = buildFirmwareHost();
    const dir = mkdtempSync(join(tmpdir(), 'seqref-probe-'));
    const probe = spawnSync(binary, ['--link', join(dir, 'board'), '--sensors', '-'], { input: 'quit\n', encoding: 'utf8', timeout: 10_000 });
    rmSync(dir, { recursive: true, force: true });
    if (probe.status !== 0 || !probe.stdout.startsWith('ready ')) return `the firmware host cannot open a pseudo-terminal: ${probe.stderr.trim() || probe.error?.message}`;
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const problem = availability();

/** A describe block that needs g++ and a pseudo-terminal. */
export function describeLive(name: string, body: () => void): void {
  if (problem !== null && !process.env.CI) {
    describe.skip(`${name} (skipped: ${problem})`, body);
    return;
  }
  describe(name, () => {
    beforeAll(() => {
      if (problem !== null) throw new Error(`live serial tests cannot run: ${problem}`);
    });
    body();
  });
}

export const FAST_BOARD: Partial<FirmwareHostOptions> = { snapshotMs: 300, debounceMs: 5, seed: 11, echoTx: true };
/**
 * Silence is a board quiet for 10 snapshot periods: a test process starved for a moment on a loaded
 * machine must not look like a silent board (the silence test sets its own).
 */
export const FAST_BRIDGE: BridgeOptions = { silenceMs: 3000, resyncMs: 100 };
/** Waits are for conditions; this only bounds how long a broken build takes to fail. */
export const WAIT_MS = 10_000;

export interface TimedView extends BoardView {
  readonly tMs: number;
}

/** A frame the bridge parsed (duplicates included), in the order it read them. */
export interface TakenFrame {
  readonly type: string;
  readonly seq: number;
}

/** A frame the firmware wrote (before the fault layer) and the board it held right after it. */
interface Written {
  readonly seq: number;
  readonly cells: string;
}

export class Rig {
  readonly views: TimedView[] = [];
  readonly frames: string[] = [];
  readonly taken: TakenFrame[] = [];
  private readonly dir: string;

  private constructor(readonly board: FirmwareHost, readonly bridge: BoardBridge, readonly path: string, dir: string) {
    this.dir = dir;
    bridge.on('view', (view, tMs) => this.views.push({ ...view, tMs }));
    bridge.on('frame', (frame) => {
      this.frames.push(frame.type);
      this.taken.push({ type: frame.type, seq: frame.seq });
    });
  }

  static async start(board: Partial<FirmwareHostOptions> = {}, bridge: BridgeOptions = {}): Promise<Rig> {
    const dir = mkdtempSync(join(tmpdir(), 'seqref-rig-'));
    const path = join(dir, 'board');
    const firmware = await FirmwareHost.start({ ...FAST_BOARD, ...board, link: path });
    const link = new SerialLink({ path, retryMs: 20, maxRetryMs: 200 });
    const rig = new Rig(firmware, new BoardBridge(link, { ...FAST_BRIDGE, ...bridge }), path, dir);
    await rig.bridge.start();
    await rig.until((view) => view.synced);
    // A quiet line to start on: a first snapshot slow to come (a loaded machine) is asked for
    // again, and that second one, answered in the middle of a test, would resync a loss the test
    // means the bridge to show.
    await rig.settle();
    return rig;
  }

  /** Resolves with the bridge's view once `test` holds, checked now and after every frame it takes. */
  until(test: (view: BoardView) => boolean, timeoutMs = WAIT_MS, what = 'the expected view'): Promise<BoardView> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const view = this.bridge.view();
        if (!test(view)) return false;
        clearTimeout(timer);
        this.bridge.off('view', check);
        this.bridge.off('frame', check);
        resolve(view);
        return true;
      };
      const timer = setTimeout(() => {
        this.bridge.off('view', check);
        this.bridge.off('frame', check);
        reject(new Error(`the bridge did not reach ${what} in ${timeoutMs} ms: ${JSON.stringify(this.bridge.view())}`));
      }, timeoutMs);
      if (!check()) {
        this.bridge.on('view', check);
        // Conditions on the frames taken (or the bridge's stats) change without a new view.
        this.bridge.on('frame', check);
      }
    });
  }

  /**
   * Resolves once the firmware's printed lines, all of them, satisfy `test` (checked now and after
   * each new line). Ask about the whole record ("a second powerup", "an `led 7 7 .` after the
   * `led 7 7 W`"), never "the next line that ...": this process reads the firmware's output and
   * the board's port on two channels with no order between them, so a line printed before an
   * action can still be unread after it (a board's first `powerup` read after the rig is synced),
   * and a line printed after it can be read before the test starts to wait for it.
   */
  lines(test: (lines: readonly string[]) => boolean, timeoutMs = WAIT_MS): Promise<void> {
    const lines = this.board.lines;
    if (test(lines)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`the board firmware's lines did not get there within ${timeoutMs} ms; its last lines: ${lines.slice(-3).join(' | ')}`));
      }, timeoutMs);
      const off = this.board.onLine(() => {
        if (!test(lines)) return;
        clearTimeout(timer);
        off();
        resolve();
      });
    });
  }

  /**
   * Lets every command sent so far run, then waits until the bridge has read everything the
   * firmware wrote up to then and shows the firmware's own board, synced: nothing lost once
   * resynced. Returns that truth.
   *
   * "Read everything" is known when the bridge takes a frame written after the truth: the line is
   * one ordered stream, so every byte before it (a duplicate, a frame cut into pieces, a button)
   * has been through the parser by then, and the bridge's stats are final for what came before.
   */
  async settle(timeoutMs = WAIT_MS): Promise<Truth> {
    const from = this.taken.length;
    this.board.send('wait 30');
    const truth = await this.board.truth();
    this.board.send('snapshot');  // a frame after the truth, so as not to wait for the periodic one
    const after = (seq: number): boolean => {
      const ahead = (seq - truth.seq) & 0xffff;
      return ahead > 0 && ahead < 0x8000;
    };
    await this.until(
      (view) => view.synced && view.cells === truth.cells && this.taken.slice(from).some((frame) => after(frame.seq)),
      timeoutMs,
      `the firmware's board (truth at seq ${truth.seq}) after a later frame`,
    );
    return truth;
  }

  /**
   * Nothing invented: every synced view the bridge showed is the board the firmware really held
   * right after the frame with that seq (rebuilt from every frame it wrote, before the fault
   * layer), and the views came in the order the firmware wrote those frames, so a stale board
   * cannot pass for a later frame whose seq happens to repeat (a board starts its count anywhere
   * after a power cycle).
   */
  async expectNothingInvented(): Promise<void> {
    const views = this.views.filter((view) => view.synced);
    // The bridge reads the pseudo-terminal; the test reads the firmware's echo on a pipe. This
    // process may read a frame from the first before its echo from the second. The firmware wrote
    // every frame the bridge has taken before it prints this truth line, so the echo is complete
    // for these views once that line is in.
    await this.board.truth();
    const written: Written[] = [];
    let cells = '.'.repeat(100);
    for (const line of this.board.lines) {
      if (!line.startsWith('tx $')) continue;
      const frame = decodeBoardLine(line.slice(4));
      if (typeof frame === 'string') throw new Error(`the firmware wrote a bad frame: ${line}`);
      if (frame.type === 'S') cells = frame.board;
      if (frame.type === 'D') {
        const i = frame.row * COLS + frame.col;
        cells = cells.slice(0, i) + frame.state + cells.slice(i + 1);
      }
      written.push({ seq: frame.seq, cells });
    }
    expect(views.length).toBeGreaterThan(0);
    let at = 0;
    for (const view of views) {
      expect(view.seq).not.toBeNull();
      const found = written.findIndex((frame, i) => i >= at && frame.seq === view.seq && frame.cells === view.cells);
      const heldEarlier = found < 0 && written.some((frame, i) => i < at && frame.seq === view.seq && frame.cells === view.cells);
      expect(found, `synced view at seq ${view.seq} (t ${view.tMs.toFixed(0)} ms) is not a board the firmware held${heldEarlier ? ' at that point: it is older than a view shown before it' : ''}`).toBeGreaterThanOrEqual(0);
      at = found;
    }
  }

  async stop(): Promise<void> {
    await this.bridge.stop();
    await this.board.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** One rig per test, always stopped. */
export function useRigs(): (board?: Partial<FirmwareHostOptions>, bridge?: BridgeOptions) => Promise<Rig> {
  const rigs: Rig[] = [];
  afterEach(async () => {
    await Promise.all(rigs.splice(0).map((rig) => rig.stop()));
  });
  return async (board, bridge) => {
    const rig = await Rig.start(board, bridge);
    rigs.push(rig);
    return rig;
  };
}

/** How many of the firmware's lines start with `prefix`. */
export function printed(lines: readonly string[], prefix: string): number {
  return lines.filter((line) => line.startsWith(prefix)).length;
}

/** Whether the firmware printed the line `then` after the (first) line `first`. */
export function printedAfter(lines: readonly string[], first: string, then: string): boolean {
  const at = lines.indexOf(first);
  return at >= 0 && lines.indexOf(then, at + 1) > at;
}

/** The board as 100 characters from chips named "r,c,X". */
export function cellsWith(...chips: string[]): string {
  const cells = [...'.'.repeat(100)];
  for (const chip of chips) {
    const [r, c, x] = chip.split(',');
    cells[Number(r) * COLS + Number(c)] = x!;
  }
  return cells.join('');
}
