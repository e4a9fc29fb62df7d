// Board bridge figures: frames parsed per second and the share of one core it takes, in memory and
// through a real pseudo-terminal from the host-built firmware; and the time from a detected gap to
// a synced board again. Medians throughout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BoardModel } from '../src/bridge/board-model.js';
import { BoardBridge } from '../src/bridge/bridge.js';
import { FirmwareHost } from '../src/bridge/firmware-host.js';
import { FrameParser } from '../src/bridge/frame-parser.js';
import { SerialLink } from '../src/bridge/link.js';
import { encodeBoardFrame, EMPTY_BOARD, type Space } from '../src/bridge/protocol.js';
import { randomInt, seededRandom } from '../src/rules/random.js';
import { type Figure, figures, formatMs, measure, percentile } from './harness.js';

/** 115200 baud, 8N1: ten bits a byte. */
const LINE_BYTES_PER_S = 115200 / 10;

function record(name: string, values: number[], unit: string, goal?: string): void {
  const sorted = [...values].sort((a, b) => a - b);
  const figure: Figure = { name, medianMs: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), samples: values.length, ...(goal ? { goal } : {}) };
  figures.push(figure);
  const show = (v: number): string => (unit === 'ms' ? formatMs(v) : `${v.toFixed(unit === '%' ? 2 : 0)} ${unit}`);
  console.log(`${name.padEnd(64)} median ${show(figure.medianMs)}  p99 ${show(figure.p99Ms)}  (n=${values.length})${goal ? `   goal ${goal}` : ''}`);
}

/** A play-like stream: mostly D frames, a snapshot every 50, a little garbage now and then. */
function playStream(frames: number): { bytes: Buffer; frames: number } {
  const random = seededRandom(1);
  const states: Space[] = ['.', 'G', 'B', 'R'];
  const parts: string[] = [];
  let cells = EMPTY_BOARD;
  for (let seq = 0; seq < frames; seq++) {
    if (seq % 50 === 0) {
      parts.push(encodeBoardFrame({ type: 'S', seq, board: cells }));
    } else {
      const space = 1 + randomInt(random, 98);
      if (space === 9 || space === 90) {
        parts.push(encodeBoardFrame({ type: 'K', seq, button: 1 }));
        continue;
      }
      const state = states[randomInt(random, 4)]!;
      cells = cells.slice(0, space) + state + cells.slice(space + 1);
      parts.push(encodeBoardFrame({ type: 'D', seq, row: Math.floor(space / 10), col: space % 10, state }));
    }
    if (seq % 500 === 499) parts.push('\x00\xff noise\r\n');
  }
  return { bytes: Buffer.from(parts.join(''), 'latin1'), frames };
}

function inMemory(): void {
  const { bytes, frames } = playStream(10_000);
  // 64-byte reads, the size a USB-serial adapter typically hands over.
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 64) chunks.push(bytes.subarray(at, at + 64));
  const parseAll = (): number => {
    const model = new BoardModel();
    const parser = new FrameParser({ frame: (frame) => model.receive(frame) });
    for (const chunk of chunks) parser.push(chunk);
    if (parser.stats.frames !== frames) throw new Error(`parsed ${parser.stats.frames} of ${frames} frames`);
    return parser.stats.frames;
  };
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const figure = measure(`parse + board model, ${frames} frames (${bytes.length} B) in 64 B reads`, () => null, parseAll, { samples: 40 });
  const wall = performance.now() - wallBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const perSecond = frames / (figure.medianMs / 1000);
  const bytesPerSecond = bytes.length / (figure.medianMs / 1000);
  console.log(`  frames parsed per second (median)          ${Math.round(perSecond).toLocaleString('en')} (${(bytesPerSecond / 1e6).toFixed(1)} MB/s)`);
  console.log(`  share of one core over the parse run       ${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(0)} % (process.cpuUsage; the run is CPU-bound)`);
  console.log(`  share of one core at 115200 baud           ${((LINE_BYTES_PER_S / bytesPerSecond) * 100).toFixed(3)} % (line rate / parse rate)`);
}

async function withRig<T>(body: (board: FirmwareHost, bridge: BoardBridge) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'seqref-bench-'));
  const link = join(dir, 'board');
  const board = await FirmwareHost.start({ link, snapshotMs: 5000, debounceMs: 5, seed: 3 }, false);
  const bridge = new BoardBridge(new SerialLink({ path: link, retryMs: 20 }), { resyncMs: 200, silenceMs: 5000, leds: false });
  try {
    await bridge.start();
    await until(() => bridge.view().synced, 5000, bridge);
    return await body(board, bridge);
  } finally {
    await bridge.stop();
    await board.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Resolves once `test` holds: checked on each frame and view when given the bridge (for latency),
 * else every 5 ms (for throughput, where a check per frame would cost more than the wait).
 */
function until(test: () => boolean, timeoutMs: number, bridge?: BoardBridge): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (!test()) return;
      clearTimeout(timer);
      clearInterval(slow);
      bridge?.off('frame', check);
      bridge?.off('view', check);
      resolve();
    };
    const timer = setTimeout(() => {
      clearInterval(slow);
      bridge?.off('frame', check);
      bridge?.off('view', check);
      reject(new Error('timed out'));
    }, timeoutMs);
    const slow = setInterval(check, bridge ? 100 : 5);
    bridge?.on('frame', check);
    bridge?.on('view', check);
    check();
  });
}

function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r  ${text}\x1b[K`);
}

function progressDone(): void {
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
}

/** Frames through the real pseudo-terminal; returns frames/s and the share of one core Node used. */
async function flood(bridge: BoardBridge, board: FirmwareHost, frames: number, bytesPerSecond?: number): Promise<{ rate: number; share: number }> {
  const before = bridge.stats().frames;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  board.send(`flood ${frames} D${bytesPerSecond ? ` ${bytesPerSecond}` : ''}`);
  await until(() => bridge.stats().frames - before >= frames, 60_000);
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { rate: frames / (wall / 1000), share: (cpu.user + cpu.system) / 1000 / wall };
}

async function throughPty(): Promise<void> {
  await withRig(async (board, bridge) => {
    const rates: number[] = [];
    const shares: number[] = [];
    for (let run = 0; run < 5; run++) {
      const { rate, share } = await flood(bridge, board, 20_000);
      rates.push(rate);
      shares.push(share * 100);
      progress(`pty flood run ${run + 1}/5`);
    }
    progressDone();
    record('pty, full speed: D frames received and parsed per second', rates, 'frames/s');
    record('pty, full speed: share of one core (Node: serialport + bridge)', shares, '%');
    const lineShares: number[] = [];
    const frames = Math.round((LINE_BYTES_PER_S / 16) * 1.5);  // about 1.5 s at line rate
    for (let run = 0; run < 3; run++) {
      lineShares.push((await flood(bridge, board, frames, LINE_BYTES_PER_S)).share * 100);
      progress(`pty line-rate run ${run + 1}/3`);
    }
    progressDone();
    record('pty at 115200 baud (11520 B/s, 720 D frames/s): share of one core', lineShares, '%');
    if (bridge.stats().gaps > 0) console.log(`  (the pty flood lost frames: ${bridge.stats().lostFrames} in ${bridge.stats().gaps} gaps)`);
  });
}

async function gapToSynced(): Promise<void> {
  await withRig(async (board, bridge) => {
    const times: number[] = [];
    let lostAt: number | null = null;
    bridge.on('lost', (reason, tMs) => {
      if (reason === 'gap') lostAt = tMs;
    });
    bridge.on('view', (view, tMs) => {
      if (view.synced && lostAt !== null) {
        times.push(tMs - lostAt);
        lostAt = null;
      }
    });
    for (let sample = 0; sample < 30; sample++) {
      const space = 11 + (sample % 8);
      const chip = sample % 16 < 8 ? 'G' : '.';
      // The first change is lost on the wire; the second reveals the gap.
      board.send('fault drop', `chip ${Math.floor(space / 10)} ${space % 10} ${chip}`, 'wait 20', `chip 5 ${1 + (sample % 8)} ${chip === 'G' ? 'B' : '.'}`);
      await until(() => times.length > sample, 5000, bridge);
      progress(`gap sample ${sample + 1}/30`);
    }
    progressDone();
    record('time from a detected gap to a synced board (pty, real firmware)', times, 'ms');
  });
}

export async function run(): Promise<void> {
  inMemory();
  try {
    await throughPty();
    await gapToSynced();
  } catch (error) {
    console.log(`  pseudo-terminal figures not measured: ${error instanceof Error ? error.message : String(error)}`);
  }
}
