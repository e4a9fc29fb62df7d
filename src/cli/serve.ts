// `seqref serve`: the live referee. Sessions from sources (recorded sessions, images, a webcam, a
// browser camera page, the serial board), the dashboard on http://localhost:3000, the organiser's
// view, and every event in an SQLite log so a restart loses nothing.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readProfile, type CalibrationProfile } from '../calibration/profile.js';
import { InputError } from '../errors.js';
import { loadRecogniser, recogniserProblem } from '../session/recogniser.js';
import { readDeckFile } from '../deck/deck-file.js';
import { tableConfig } from '../session/replay.js';
import { DEFAULT_STEADY } from '../session/smoothing.js';
import { CHECK_EVERY_FRAMES } from '../session/camera-watch.js';
import { TableSession } from '../session/session.js';
import { BrowserCameraSource, FfmpegCameraSource, ImageFolderSource, ReadingSource } from '../session/sources/cameras.js';
import { SerialBoardSource } from '../session/sources/board.js';
import { RecordedBoardSource, RecordedSessionSource } from '../session/sources/recorded.js';
import type { Recogniser, Source } from '../session/sources/source.js';
import { EventStore } from '../session/store.js';
import { isSessionGame, type SessionGame } from '../session/types.js';
import { EventBook } from '../event/book.js';
import { serverTls, type Tls } from '../server/tls.js';
import { Enroller } from '../server/enrolment.js';
import { networkInterfaces } from 'node:os';

/** This machine's IPv4 addresses other than loopback: where a phone on the network finds it. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).filter((a) => a.family === 'IPv4' && !a.internal).map((a) => a.address));
}
import { parsePairings } from '../event/pairings.js';

/** The event of a pairing file (none: an event without pairings yet, which the organiser can fill in). */
function openEvent(path: string | undefined, tables: readonly TableSession[], store: EventStore): EventBook {
  if (path === undefined) return new EventBook({ name: 'seqref event', pairings: [], tables, store });
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`--event ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const file = basename(path);
  const name = /^\uFEFF?#\s*event:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? file.replace(/\.csv$/i, '');
  const pairings = parsePairings(text, file);
  try {
    return new EventBook({ name, pairings, tables, store });
  } catch (error) {
    throw error instanceof InputError ? new InputError(`${file}: ${error.message}`) : error;
  }
}

export const SERVE_USAGE = `Usage: seqref serve [options]

Runs the live referee at http://localhost:3000: each table's page (/table/ID), the event's
standings (/event), every table at once for a projector (/overview), the organiser's view
(/organiser) and the camera page (/capture: a phone can be the camera). With no source named it
replays the bundled recorded games of fixtures/dev (one whole game of each of the five games, the
Sequence game from its board's serial log, and the short Progression session), one table each,
loops them, and names their players from examples/event.csv; a browser-camera table waits for
/capture.

Sources (each makes one table; repeat them for more tables):
  --session DIR       a recorded session (fixture folder: frames, or a Sequence board's serial log)
  --serial-log FILE   a recorded board log (seqref serial log format)
  --images DIR        a folder of images, read one every 500 ms
  --camera DEVICE     a webcam through ffmpeg (e.g. /dev/video0), a video file played as the
                      camera, or "browser" for the /capture page
  --board PATH        an electronic Sequence board on a serial port (--baud N, default 115200)
  --profile FILE      the camera's calibration profile (seqref calibrate) for the camera tables
                      named after it (--session with frames, --images, --camera), up to the next
                      --profile; with no source named, the browser camera's table. Recognition
                      works on the rectified table, and a camera bumped mid-game is noticed from
                      the markers, recalibrated and reported on the dashboard (when the markers
                      are not all in sight to recalibrate, the table is read uncalibrated, and
                      says so, until they are)
  --deck DECK.json    a TIC deck learnt by seqref enrol, for the camera tables named after it, up
                      to the next --deck (as --profile); with no source named, the browser
                      camera's table. Each such table reads its cards as that printing

Options:
  --game G            the game of the camera tables (progression, sequence-shift, sequence-hunt,
                      sequence-stacks; default progression)
  --players N         players at each camera table (default 2; a recording says its own)
  --turn-ends MODE    camera tables: auto, each settled change is a turn (default); manual, the
                      dashboard or a board button ($K) ends a turn. Recordings are always auto.
                      Ending a turn on an unchanged table is a pass (Progression, Shift)
  --steady N          frames a table must be seen unchanged and clear of hands before it counts
                      (default 2, and at least 0.4 s apart)
  --truth             recorded sessions: read the recording's own card positions (its truth)
                      instead of recognising its frames (the default once src/vision/recognise.ts
                      and its model are there); the dashboard labels them RECORDED TRUTH
  --speed X           replay pace of recordings (default 1)
  --loop              start recordings again (from a reset table) 15 s after they end
  --port N            HTTP port (default 3000; 0 picks a free one)
  --host H            address to listen on (default 0.0.0.0, so a phone on the network can connect)
  --db FILE           the SQLite event log (default .seqref/events.sqlite)
  --token T           the organiser token (default $SEQREF_TOKEN, else a random one, printed)
  --https             serve over HTTPS, so that a phone on the network may use its camera on
                      /capture (a browser lets only a secure page, or localhost, use a camera):
                      with a certificate made for this machine and kept beside --db, which the
                      phone asks to accept once; or --cert FILE --key FILE (PEM), your own
  --decks DIR         where decks learnt on /capture go (default: decks beside --db). The
                      capture page takes the five enrolment photos (contracts section 6) and
                      runs seqref enrol on them here; its table may then read with the new
                      deck, and /organiser sets any camera table's deck among these and --deck's
  --enrol-quick       learn decks on /capture in well under a minute, from 10 rendered tables
                      and 2 passes instead of 150 and 10: a weaker reader, for trying it out
  --event FILE        the event's pairing list (CSV: round,table,player 1,player 2,...; table is
                      a table's number, 1 for the first source named, or its id; a first line
                      "# event: NAME" names the event). The round in play names each table's
                      players; a game that ends is the pairing's result; /event shows standings
                      and the organiser can edit the pairings. With no source named, the bundled
                      examples/event.csv

Prints "seqref: dashboard at URL" once it listens. Exits 0 on Ctrl-C or SIGTERM.`;

type Flags = Map<string, (string | true)[]>;

const VALUE_FLAGS = new Set(['session', 'serial-log', 'images', 'camera', 'board', 'profile', 'deck', 'baud', 'game', 'players', 'turn-ends', 'steady', 'speed', 'port', 'host', 'db', 'token', 'event', 'cert', 'key', 'decks']);
const BOOL_FLAGS = new Set(['truth', 'loop', 'https', 'enrol-quick']);
const REPEATABLE = new Set(['session', 'serial-log', 'images', 'camera', 'board', 'profile', 'deck']);

/**
 * Which --profile applies to each camera source: per flag, one entry per occurrence (the profile
 * given last before it, if any). A --profile after the last camera source applies to none: refused.
 */
/**
 * A per-camera option (--profile, --deck) for the camera sources named after it, up to the next one
 * given; with no source named, the browser camera's. One that no camera source follows is an error.
 */
function perCamera(args: readonly string[], option: 'profile' | 'deck', demo: boolean): { bySource: Map<string, (string | undefined)[]>; demo: string | undefined } {
  const bySource = new Map<string, (string | undefined)[]>();
  let current: string | undefined;
  let used = true;
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.replace(/^--/, '');
    if (!VALUE_FLAGS.has(name)) continue;
    const value = args[++i]!;
    if (name === option) {
      if (!used && !demo) throw new InputError(`--${option} ${current} is followed by no camera source (--session, --images, --camera) before the next --${option}`);
      current = value;
      used = false;
    } else if (['session', 'images', 'camera'].includes(name)) {
      bySource.set(name, [...(bySource.get(name) ?? []), current]);
      used = true;
    }
  }
  if (!used && !demo) throw new InputError(`--${option} ${current} is followed by no camera source (--session, --images, --camera); a ${option === 'profile' ? 'profile' : 'deck file'} is given before the sources it is for`);
  return { bySource, demo: demo ? current : undefined };
}

function parse(args: readonly string[]): Flags {
  const flags: Flags = new Map();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = arg.replace(/^--/, '');
    if (!arg.startsWith('--') || !(VALUE_FLAGS.has(name) || BOOL_FLAGS.has(name))) throw new InputError(`serve does not take "${arg}"; see seqref serve --help`);
    if (flags.has(name) && !REPEATABLE.has(name)) throw new InputError(`${arg} is given twice`);
    let value: string | true = true;
    if (VALUE_FLAGS.has(name)) {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new InputError(`${arg} needs a value; see seqref serve --help`);
      value = v;
    }
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return flags;
}

const one = (flags: Flags, name: string): string | undefined => {
  const v = flags.get(name)?.[0];
  return typeof v === 'string' ? v : undefined;
};
const all = (flags: Flags, name: string): string[] => (flags.get(name) ?? []).filter((v): v is string => typeof v === 'string');

function number(flags: Flags, name: string, fallback: number, min: number, max: number, whole = true): number {
  const text = one(flags, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) throw new InputError(`--${name} takes a ${whole ? 'whole ' : ''}number from ${min} to ${max}, not "${text}"`);
  return value;
}

/** The repository's root (where fixtures/ lives), from src/cli or dist/src/cli. */
function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'fixtures', 'manifest.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/**
 * The bundled recorded games for the demo: the dev split only (heldout is for reporting, never
 * shown while tuning), one whole game each of the five games (fixtures/dev/*-game: Progression,
 * Sequence Shift, Hunt and Stacks filmed, Sequence from its board's serial log), then the short
 * Progression session with its illegal last play.
 */
export function bundledSessions(root = repoRoot()): string[] {
  const dir = join(root, 'fixtures', 'dev');
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((name) => existsSync(join(dir, name, 'fixture.json')));
  const order = ['progression-game', 'sequence-game', 'sequence-shift-game', 'sequence-hunt-game', 'sequence-stacks-game'];
  const games = [...order.filter((n) => names.includes(n)), ...names.filter((n) => n.endsWith('-game') && !order.includes(n)).sort()];
  const sessions = names.filter((n) => /-session/.test(n)).sort();
  return [...games, ...sessions].map((name) => join(dir, name));
}

interface Planned {
  readonly id: string;
  readonly name: string;
  readonly source: Source;
  readonly game: SessionGame;
  readonly recording: boolean;
  readonly remake?: () => Source;
  /** The camera's calibration profile. */
  readonly profile?: CalibrationProfile;
}

export async function runServe(args: readonly string[]): Promise<number> {
  const flags = parse(args);
  const game = one(flags, 'game') ?? 'progression';
  if (!isSessionGame(game) || game === 'sequence') throw new InputError(`--game must be progression, sequence-shift, sequence-hunt or sequence-stacks, not "${game}"`);
  const players = number(flags, 'players', 2, 1, 8);
  const turnEnds = one(flags, 'turn-ends') ?? 'auto';
  if (turnEnds !== 'auto' && turnEnds !== 'manual') throw new InputError(`--turn-ends must be auto or manual, not "${turnEnds}"`);
  const steadyFrames = number(flags, 'steady', DEFAULT_STEADY.frames, 1, 100);
  const speed = number(flags, 'speed', 1, 0.1, 1000, false);
  const port = number(flags, 'port', 3000, 0, 65535);
  const baud = number(flags, 'baud', 115200, 300, 4_000_000);
  const token = one(flags, 'token') ?? process.env.SEQREF_TOKEN ?? randomBytes(9).toString('base64url');
  const dbPath = resolve(one(flags, 'db') ?? join('.seqref', 'events.sqlite'));

  // Live cameras always use the recogniser; recorded sessions too, unless --truth asks for the
  // recording's own card positions (labelled RECORDED TRUTH on the dashboard). It is loaded only
  // when some table needs it (OpenCV and the reader's model take a moment).
  const truth = flags.has('truth');
  const demoFlag = !['session', 'serial-log', 'images', 'camera', 'board'].some((f) => flags.has(f));
  // Profiles are read first: a bad one is refused before the recogniser takes its time to load.
  const profilePaths = perCamera(args, 'profile', demoFlag);
  const loadedProfiles = new Map<string, CalibrationProfile>();
  for (const path of [...profilePaths.bySource.values()].flat().concat(profilePaths.demo)) if (path !== undefined && !loadedProfiles.has(path)) loadedProfiles.set(path, readProfile(path));
  // Decks too: each table reads with the deck named before it (seqref enrol), else the deck of cards.md.
  const deckPaths = perCamera(args, 'deck', demoFlag);
  for (const path of new Set([...deckPaths.bySource.values()].flat().concat(deckPaths.demo))) if (path !== undefined) readDeckFile(path);
  const needsRecogniser = demoFlag || flags.has('images') || flags.has('camera') || (flags.has('session') && !truth);
  const recogniser: Recogniser | null = needsRecogniser ? await loadRecogniser() : null;
  const decksUsed = new Map<string, Recogniser | null>();
  const deckOf = (flag: string, index: number): string | undefined => (flag === 'demo' ? deckPaths.demo : deckPaths.bySource.get(flag)?.[index]);
  const deckName = (flag: string, index: number): string | null => {
    const deck = deckOf(flag, index);
    return deck === undefined ? null : basename(deck);
  };
  // A recording's table is named with its deck; a camera's says it with its source, which may change deck.
  const deckNote = (flag: string, index: number): string => (deckName(flag, index) === null ? '' : ` · deck ${deckName(flag, index)}`);
  const recogniserFor = async (flag: string, index: number): Promise<Recogniser | null> => {
    const deck = deckOf(flag, index);
    if (deck === undefined || !needsRecogniser) return recogniser;
    if (!decksUsed.has(deck)) decksUsed.set(deck, await loadRecogniser(deck));
    return decksUsed.get(deck)!;
  };
  const planned: Planned[] = [];
  const ids = new Set<string>();
  const idFor = (base: string): string => {
    const clean = base.replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 48) || 'table';
    let id = clean;
    for (let n = 2; ids.has(id); n++) id = `${clean}-${n}`;
    ids.add(id);
    return id;
  };
  const demo = demoFlag;
  const profileFor = (flag: string, index: number): { profile?: CalibrationProfile } => {
    const path = flag === 'demo' ? profilePaths.demo : profilePaths.bySource.get(flag)?.[index];
    return path === undefined ? {} : { profile: loadedProfiles.get(path)! };
  };
  const sessions = demo ? bundledSessions() : all(flags, 'session');
  for (const [index, dir] of sessions.entries()) {
    const reader = truth ? null : demo ? recogniser : await recogniserFor('session', index);
    const make = (): RecordedSessionSource => new RecordedSessionSource({ path: resolve(dir), speed, recogniser: reader });
    const source = make();
    const g = source.fixture.game;
    if (!isSessionGame(g)) throw new InputError(`${dir}: the game "${g}" has no referee`);
    const split = basename(dirname(resolve(dir)));
    // A board log has no camera to calibrate.
    const calibrated = !demo && source.kind !== 'recorded-board' ? profileFor('session', index) : {};
    const named = `${g} (${basename(resolve(dir))})${reader && !demo ? deckNote('session', index) : ''}`;
    planned.push({ id: idFor(`${basename(resolve(dir))}${demo ? '' : `-${split}`}`), name: named, source, game: g, recording: true, remake: make, ...calibrated });
  }
  const logs = all(flags, 'serial-log');
  if (demo && !planned.some((p) => p.game === 'sequence')) {
    // No recorded Sequence session bundled yet: the recorded board log of fixtures/serial.
    const log = join(repoRoot(), 'fixtures', 'serial', 'faulty-game.log');
    if (existsSync(log)) logs.push(log);
  }
  for (const log of logs) {
    const make = (): RecordedBoardSource => new RecordedBoardSource(resolve(log), speed);
    planned.push({ id: idFor(basename(log).replace(/\.[a-z]+$/, '')), name: `sequence board (${basename(log)})`, source: make(), game: 'sequence', recording: true, remake: make });
  }
  for (const [index, dir] of all(flags, 'images').entries()) planned.push({ id: idFor(`images-${basename(dir)}`), name: `${game} (images ${basename(dir)})`, source: new ImageFolderSource(resolve(dir), game, await recogniserFor('images', index), deckName('images', index)), game, recording: true, ...profileFor('images', index) });
  const cameras = all(flags, 'camera');
  if (demo) cameras.push('browser');
  for (const [index, device] of cameras.entries()) {
    const reader = demo ? await recogniserFor('demo', 0) : await recogniserFor('camera', index);
    const deck = demo ? deckName('demo', 0) : deckName('camera', index);
    const source = device === 'browser' ? new BrowserCameraSource(game, reader, deck) : new FfmpegCameraSource(device, game, reader, deck);
    const calibrated = demo ? profileFor('demo', 0) : profileFor('camera', index);
    const named = `${game} (${source.description})`;
    planned.push({ id: idFor(device === 'browser' ? 'camera' : `webcam-${basename(device)}`), name: named, source, game, recording: false, ...calibrated });
  }
  for (const path of all(flags, 'board')) planned.push({ id: idFor(`board-${basename(path)}`), name: `sequence board (${path})`, source: new SerialBoardSource(path, baud), game: 'sequence', recording: false });
  if (planned.length === 0) throw new InputError('no table to referee: name a source (see seqref serve --help)');

  // (A certificate needs no log: made, or read, before the log is open.)
  const tls: Tls | undefined = flags.has('https') || flags.has('cert') || flags.has('key') ? await serverTls(dirname(dbPath), { ...(one(flags, 'cert') ? { cert: one(flags, 'cert')! } : {}), ...(one(flags, 'key') ? { key: one(flags, 'key')! } : {}) }) : undefined;
  const store = new EventStore(dbPath);
  const tables = planned.map((p) => new TableSession({ id: p.id, name: p.name, config: tableConfig(p.game, p.source, { players, turnEnds: turnEnds as 'auto' | 'manual' }), smoothing: { steadyFrames }, ...(p.profile ? { profile: p.profile } : {}) }, store, p.source));
  let event: EventBook;
  try {
    event = openEvent(one(flags, 'event') ?? (demo ? join(repoRoot(), 'examples', 'event.csv') : undefined), tables, store);
  } catch (error) {
    store.close();
    throw error;
  }
  const { startServer } = await import('../server/server.js');
  const enroller = new Enroller(resolve(one(flags, 'decks') ?? join(dirname(dbPath), 'decks')), flags.has('enrol-quick') ? ['--training-photos', '10', '--epochs', '2'] : []);
  // Decks a camera's table may switch to: those named on the command line and those learnt here.
  const deckFiles = (): Map<string, string> => {
    const found = new Map([...new Set([...deckPaths.bySource.values()].flat().concat(deckPaths.demo))].filter((p): p is string => p !== undefined).map((p) => [basename(p), resolve(p)]));
    if (existsSync(enroller.decksDir)) for (const f of readdirSync(enroller.decksDir).filter((f) => f.endsWith('.json'))) found.set(f, join(enroller.decksDir, f));
    return found;
  };
  const decks = {
    enroller,
    names: (): string[] => [...deckFiles().keys()].sort(),
    // A camera's table reads from now on with a deck (null: the deck of cards.md).
    async use(table: string, deck: string | null): Promise<string> {
      const path = deck === null ? null : deckFiles().get(deck);
      if (path === undefined) throw new Error(`no deck ${deck} here`);
      const loaded = path === null ? recogniser : await loadRecogniser(path);
      if (!loaded) throw new Error(`${deck ?? 'the deck of cards.md'}: ${recogniserProblem() ?? 'the recogniser could not start'}`);
      const source = tables.find((t) => t.id === table)?.currentSource;
      if (!(source instanceof ReadingSource)) throw new Error(`table ${table} reads no camera`);
      source.useRecogniser(loaded, deck);
      return `table ${table} now reads its cards as ${deck === null ? 'the deck of cards.md' : `the deck ${deck}`}`;
    },
  };
  const server = await startServer({ port, host: one(flags, 'host') ?? '0.0.0.0', token, tables, event, decks, ...(tls ? { tls } : {}) }).catch((error: unknown) => {
    store.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(code === 'EADDRINUSE' ? `port ${port} is in use (another seqref serve?); choose one with --port` : `cannot listen on port ${port}: ${code ?? String(error)}`);
  });
  process.stdout.write(`seqref: dashboard at ${server.url}\n`);
  process.stdout.write(`seqref: organiser view at ${server.url}/organiser (token ${one(flags, 'token') || process.env.SEQREF_TOKEN ? 'as given' : token})\n`);
  process.stdout.write(`seqref: camera page at ${server.url}/capture; event log ${dbPath}\n`);
  const lan = (one(flags, 'host') ?? '0.0.0.0') === '0.0.0.0' ? networkAddresses() : [];
  if (lan.length > 0) process.stdout.write(`seqref: from a phone on this network: ${lan.map((ip) => `${tls ? 'https' : 'http'}://${ip}:${server.port}`).join(', ')}${tls ? '' : ' (its camera needs --https)'}\n`);
  if (tls) process.stdout.write(`seqref: HTTPS with ${tls.source}\n`);
  const pairings = event.view().pairings.length;
  process.stdout.write(`seqref: event "${event.name}" at ${server.url}/event: ${pairings} pairings, round ${event.roundInPlay} in play; overview for a projector at ${server.url}/overview\n`);
  const recogniserLine = recogniser
    ? `${recogniser.name}${truth ? ' (live cameras; recorded sessions read their recorded truth: --truth)' : ''}`
    : needsRecogniser
      ? `not available: ${recogniserProblem() ?? 'unknown'}; recorded sessions read their recorded truth, cameras are shown unread`
      : 'not needed (recorded truth and boards only)';
  process.stdout.write(`seqref: recogniser ${recogniserLine}\n`);
  for (const [deck, loaded] of decksUsed) process.stdout.write(`seqref: deck ${deck}: ${loaded ? 'read with its own card reader' : `not available: ${recogniserProblem() ?? 'unknown'}`}\n`);
  for (const p of planned) if (p.profile) process.stdout.write(`seqref: table ${p.id} calibrated (${p.profile.source}: tilt ${p.profile.tiltDeg} deg, ${p.profile.pxPerMm.centre} px/mm); its markers are checked every ${CHECK_EVERY_FRAMES} frames\n`);

  const loop = demo || flags.has('loop');
  const timers = new Set<NodeJS.Timeout>();
  tables.forEach((table, i) => {
    const plan = planned[i]!;
    table.on('ended', () => {
      if (!loop || !plan.remake) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void (async () => {
          await table.replaceSource(plan.remake!(), true);
          table.command({ kind: 'reset', reason: 'the recording starts again' });
          await table.start();
        })();
      }, 15_000);
      timers.add(timer);
    });
  });
  for (const table of tables) {
    table.start().catch((error: unknown) => process.stderr.write(`seqref: table ${table.id}: ${error instanceof Error ? error.message : String(error)}\n`));
  }

  await new Promise<void>((resolveStop) => {
    const stop = (): void => resolveStop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  for (const t of timers) clearTimeout(t);
  await Promise.all(tables.map((t) => t.stop().catch(() => undefined)));
  await server.close();
  store.close();
  return 0;
}
