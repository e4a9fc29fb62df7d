// Live referee figures: frame-to-dashboard latency (a camera frame into a table session, through
// smoothing, the referee, the SQLite log and Socket.IO, until a dashboard client has the new
// state), and the push latency of 50 simulated tables at 5 updates a second to 200 Socket.IO
// clients on loopback (goal p99 <= 150 ms). Server and clients share this one process, so the
// figures include the clients' own work: a pessimistic setting.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { ticDeck } from '../src/cards/tic.js';
import { startServer } from '../src/server/server.js';
import { TableSession } from '../src/session/session.js';
import { EventStore } from '../src/session/store.js';
import type { TableObservation, TableView } from '../src/session/types.js';
import { readFixture } from '../src/render/fixture-io.js';
import { apply, initialState, judge, type RefereeState } from '../src/session/referee.js';
import { Smoother } from '../src/session/smoothing.js';
import { truthObservation } from '../src/session/sources/recorded.js';
import { checkBump } from '../src/calibration/bump.js';
import { readProfile } from '../src/calibration/profile.js';
import { recalibrate } from '../src/calibration/recalibrate.js';
import { CHECK_EVERY_FRAMES, decodeFrame } from '../src/session/camera-watch.js';
import { openCv } from '../src/vision/opencv.js';
import type { SessionGame } from '../src/session/types.js';
import { measure, recordTimes } from './harness.js';


const DECK = ticDeck();
const config = { game: 'progression' as const, players: 2, turnEnds: 'auto' as const };

/** Frame i of a table: a row of cards that grows by one every 3 frames (so every third settles a turn). */
function observation(i: number): TableObservation {
  const count = 1 + Math.floor(i / 3);
  const cards = Array.from({ length: Math.min(count, 60) }, (_, k) => ({ card: DECK[k]!, row: 0, col: k, corners: [[k * 20, 0], [k * 20 + 18, 0], [k * 20 + 18, 26], [k * 20, 26]] as const }));
  return { tMs: i * 200, cards, busy: false };
}

const nowMs = (): number => performance.timeOrigin + performance.now();

function connected(url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function frameToDashboard(dir: string): Promise<void> {
  const store = new EventStore(join(dir, 'latency.sqlite'));
  const table = new TableSession({ id: 'bench', config }, store, null);
  const server = await startServer({ port: 0, token: 'x', tables: [table] });
  const client = await connected(server.url);
  await client.emitWithAck('watch', 'bench');
  const latencies: number[] = [];
  for (let i = 0; i < 330; i++) {
    const received = new Promise<number>((resolve) => client.once('state', () => resolve(performance.now())));
    const start = performance.now();
    table.observeTable(observation(i), null);
    const end = await received;
    if (i >= 30) latencies.push(end - start);
  }
  recordTimes('frame to dashboard (session + SQLite + Socket.IO), one table', latencies);
  client.close();
  await server.close();
  store.close();
}

async function fanOut(dir: string): Promise<void> {
  const TABLES = 50, CLIENTS = 200, RATE = 5, SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 10);
  const store = new EventStore(join(dir, 'fanout.sqlite'));
  const tables = Array.from({ length: TABLES }, (_, t) => new TableSession({ id: `t${t}`, config }, store, null));
  const server = await startServer({ port: 0, token: 'x', tables });
  const clients: Socket[] = [];
  for (let c = 0; c < CLIENTS; c++) clients.push(await connected(server.url));
  await Promise.all(clients.map((client, c) => client.emitWithAck('watch', `t${c % TABLES}`)));
  const latencies: number[] = [];
  let measuring = false;
  for (const client of clients) {
    client.on('state', (view: TableView) => {
      if (measuring) latencies.push(nowMs() - view.updatedMs);
    });
  }
  // Each table updates every 200 ms, the tables spread evenly over the period.
  const frameIndex = new Array<number>(TABLES).fill(0);
  const timers: NodeJS.Timeout[] = [];
  tables.forEach((table, t) => {
    const offset = (t * 1000) / RATE / TABLES;
    timers.push(
      setTimeout(() => {
        timers.push(setInterval(() => table.observeTable(observation(frameIndex[t]!++), null), 1000 / RATE));
      }, offset),
    );
  });
  await new Promise((r) => setTimeout(r, 1000));
  measuring = true;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  for (const timer of timers) clearInterval(timer);
  recordTimes(`push latency, ${TABLES} tables x ${RATE}/s to ${CLIENTS} clients (${SECONDS} s)`, latencies, 'p99 <= 150 ms');
  const expected = TABLES * RATE * SECONDS * (CLIENTS / TABLES);
  console.log(`${''.padEnd(64)} ${latencies.length} pushes received of about ${expected} sent`);
  for (const client of clients) client.close();
  await server.close();
  store.close();
}

/**
 * The referee judges a table again from its inputs on every settled change (so a correction or an
 * undo re-judges everything after it): the cost of that at the end of each recorded dev game.
 */
function judgeWholeGames(): void {
  for (const game of ['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks'] as const satisfies readonly SessionGame[]) {
    const fixture = readFixture(join('fixtures', 'dev', `${game}-game`), { checkImages: false });
    const smoother = new Smoother({ steadyFrames: 3 });
    let state: RefereeState = initialState({ game, players: 2, turnEnds: 'auto' });
    for (const frame of fixture.frames) {
      const settled = smoother.push(truthObservation(frame));
      if (settled) state = apply(state, { kind: 'settled-table', tMs: frame.t_ms, cards: settled });
    }
    measure(`referee: judge the whole dev ${game} game (${state.after.length} settled tables)`, () => state, judge, { samples: 200 });
  }
  // Sequence: the board's 100-odd moves, the longest game bundled.
  const events = JSON.parse(readFileSync(join('fixtures', 'dev', 'sequence-game', 'events.json'), 'utf8')) as { events: { t_ms: number; events: { kind: string; board?: string[] }[] }[] };
  let state: RefereeState = initialState({ game: 'sequence', players: 2, turnEnds: 'auto', teams: 2 });
  state = apply(state, { kind: 'settled-board', tMs: 0, cells: '.'.repeat(100) });
  for (const s of events.events) for (const e of s.events) if (e.board) state = apply(state, { kind: 'settled-board', tMs: s.t_ms, cells: e.board.join('') });
  measure(`referee: judge the whole dev Sequence game (${state.boards.length} boards)`, () => state, judge, { samples: 50 });
}

/**
 * Watching a calibrated camera for a bump: one check (decode the frame's JPEG, find the markers,
 * compare them with the profile) on the 1280 x 720 frames of the bumped-camera session, what it
 * costs per frame at the session's rate of one check every CHECK_EVERY_FRAMES frames, and one
 * recalibration (made once, when a bump is confirmed).
 */
async function bumpChecks(): Promise<void> {
  const dir = join('test', 'session', 'fixtures', 'bumped-camera');
  const profile = readProfile(join(dir, 'calibration.json'));
  const jpegs = readFixture(dir, { checkImages: false }).frames.map((f) => readFileSync(join(dir, f.image)));
  const cv = await openCv();
  const checks: number[] = [];
  const recalibrations: number[] = [];
  for (let i = 0; i < 8 + 96; i++) {
    const jpeg = jpegs[i % jpegs.length]!;
    const start = performance.now();
    const frame = await decodeFrame({ tMs: 0, jpeg, width: 0, height: 0 });
    checkBump(cv, frame, profile);
    const checked = performance.now();
    if (i >= 8) checks.push(checked - start);
    if (i >= 8 && i % 4 === 0) {
      recalibrate(cv, frame, profile);
      recalibrations.push(performance.now() - checked);
    }
  }
  recordTimes('camera bump check: decode + find markers + compare, 1280x720', checks);
  recordTimes(`camera bump check per frame (one check every ${CHECK_EVERY_FRAMES} frames)`, checks.map((t) => t / CHECK_EVERY_FRAMES));
  recordTimes('camera recalibration from a decoded frame (once a bump is confirmed)', recalibrations);
}

export async function run(): Promise<void> {
  judgeWholeGames();
  await bumpChecks();
  const dir = mkdtempSync(join(tmpdir(), 'seqref-bench-server-'));
  try {
    await frameToDashboard(dir);
    await fanOut(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
