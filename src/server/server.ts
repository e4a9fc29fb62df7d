// The dashboard server: express serves web/, Socket.IO streams each table's view (the server's
// player view: a viewer gets what the dashboard shows and nothing else) and its camera frames,
// an organiser's lobby lists every table; organiser actions need the token. Every input from a
// socket is validated (validate.ts) and answered, never thrown.
import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { Server as IoServer, type Socket } from 'socket.io';
import { shown } from '../errors.js';
import { LAYOUT } from '../rules/sequence-board-layout.js';
import type { TableSession } from '../session/session.js';
import { BrowserCameraSource, ReadingSource } from '../session/sources/cameras.js';
import type { TableView } from '../session/types.js';
import type { EventBook } from '../event/book.js';
import { parsePairings } from '../event/pairings.js';
import { turnsCsv, type GameRecord } from '../session/record.js';
import { captureFrame, enrolPhoto, enrolStart, tableDeck, eventAction, MAX_FRAME_BYTES, organiserAction, tableId } from './validate.js';
import type { Enroller } from './enrolment.js';

export interface ServerOptions {
  readonly port: number;
  readonly host?: string;
  /** Organiser actions must carry it. */
  readonly token: string;
  readonly tables: readonly TableSession[];
  /** The folder of the web pages (default: the repository's web/). */
  readonly webDir?: string;
  /** The event: pairings, rounds, results (none: tables only). */
  readonly event?: EventBook;
  /** Serve over HTTPS with this certificate (a phone's browser lets only a secure page use its camera). */
  readonly tls?: { readonly key: string; readonly cert: string };
  /** Decks: learnt from /capture's five photos, those a camera's table may read with, and the switch. */
  readonly decks?: { readonly enroller: Enroller; names(): string[]; use(table: string, deck: string | null): Promise<string> };
}

/** One line a table for the organiser's view and the table picker. */
export interface TableSummary {
  readonly id: string;
  readonly name: string;
  readonly game: string;
  /** The table's number in the event (1, 2, ... in the order served). */
  readonly number: number;
  /** The event's round in play, where the table has a pairing in it. */
  readonly round: number | null;
  readonly status: string;
  readonly statusText: string;
  readonly source: string;
  readonly sourceKind: string;
  readonly playerNames: readonly string[];
  readonly scores: readonly number[];
  readonly current: number;
  readonly turns: number;
  /** Warnings that stand (not taken back, not dismissed). */
  readonly warnings: number;
  readonly lastWarning: { readonly turn: number; readonly rule: string; readonly message: string } | null;
  readonly winner: string | null;
  readonly updatedMs: number;
  /** The camera's calibration in a few words, and its latest warning (null: no profile). */
  readonly calibration: { readonly calibrated: boolean; readonly warning: string | null; readonly warningKind: string | null } | null;
  /** The enrolled deck a camera's table reads cards as (file name); null: the deck of cards.md. */
  readonly deck: string | null;
  readonly deckDoubt: string | null;
}

export function summarise(view: TableView, number = 0, round: number | null = null): TableSummary {
  // Warnings taken back or dismissed no longer stand.
  const standing = view.warnings.filter((w) => w.standing);
  const last = standing.at(-1);
  return {
    id: view.id,
    name: view.name,
    game: view.game,
    number,
    round,
    status: view.status,
    statusText: view.statusText,
    source: view.source,
    sourceKind: view.sourceKind,
    playerNames: view.playerNames,
    scores: view.scores,
    current: view.current,
    turns: view.turns.length,
    warnings: standing.length,
    lastWarning: last ? { turn: last.turn, rule: last.rule, message: last.message } : null,
    winner: view.winner,
    updatedMs: view.updatedMs,
    calibration: view.calibration ? { calibrated: view.calibration.calibrated, warning: view.calibration.warning?.text ?? null, warningKind: view.calibration.warning?.kind ?? null } : null,
    deck: view.deck,
    deckDoubt: view.deckDoubt,
  };
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly io: IoServer;
  readonly http: HttpServer;
  close(): Promise<void>;
}

/** web/ beside src/ (from src/server or dist/src/server). */
export function findWebDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'web', 'table.html'))) return join(dir, 'web');
    dir = dirname(dir);
  }
  throw new Error('cannot find the web/ folder of the dashboard');
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Ack = (answer: { ok: boolean; error?: string; changed?: boolean; message?: string }) => void;
const ackOf = (value: unknown): Ack => (typeof value === 'function' ? (value as Ack) : () => undefined);

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const tables = new Map(options.tables.map((t) => [t.id, t]));
  const app = express();
  app.disable('x-powered-by');
  const webDir = options.webDir ?? findWebDir();
  const page = (name: string) => (_req: express.Request, res: express.Response) => res.sendFile(join(webDir, name));
  // The first screen; an old link to one table (/?table=ID) still opens that table.
  app.get('/', (req, res) => {
    const { table, ...rest } = req.query as Record<string, string>;
    if (typeof table !== 'string') return void res.sendFile(join(webDir, 'home.html'));
    const query = new URLSearchParams(rest).toString();
    res.redirect(302, `/table/${encodeURIComponent(table)}${query ? `?${query}` : ''}`);
  });
  app.get('/organiser', page('organiser.html'));
  app.get('/capture', page('capture.html'));
  app.get('/event', page('event.html'));
  app.get('/overview', page('overview.html'));
  app.get('/table/:id', page('table.html'));
  app.get('/game/:id', page('table.html'));
  app.use(express.static(webDir, { index: false, maxAge: 0 }));
  app.get('/api/decks', (_req, res) => {
    res.json({ decks: options.decks?.names() ?? [] });
  });
  app.get('/api/sequence-layout', (_req, res) => {
    res.json(LAYOUT);
  });
  const event = options.event;
  const numberOf = new Map(options.tables.map((t, i) => [t.id, i + 1]));
  const summary = (view: TableView): TableSummary => summarise(view, numberOf.get(view.id) ?? 0, event?.pairingAt(view.id) ? event.roundInPlay : null);
  app.get('/api/tables', (_req, res) => {
    res.json([...tables.values()].map((t) => summary(t.view())));
  });
  app.get('/api/tables/:id', (req, res) => {
    const table = tables.get(req.params.id);
    if (!table) return void res.status(404).json({ error: `no table ${shown(req.params.id)}` });
    res.json(table.view());
  });
  app.get('/api/tables/:id/export', (req, res) => {
    const table = tables.get(req.params.id);
    if (!table) return void res.status(404).json({ error: `no table ${shown(req.params.id)}` });
    res.setHeader('Content-Disposition', `attachment; filename="${table.id}-log.json"`);
    res.json(table.exportLog());
  });
  // A game as a record: JSON (every turn with the table as it was) or one CSV line a turn.
  // `?download` asks the browser to save it.
  const sendGame = (req: express.Request, res: express.Response, id: string, record: GameRecord | null, file: string, csv: boolean): void => {
    if (!record) return void res.status(404).json({ error: `no game ${shown(id)}` });
    if ('download' in req.query) res.setHeader('Content-Disposition', `attachment; filename="${file}.${csv ? 'csv' : 'json'}"`);
    if (csv) res.type('text/csv').send(turnsCsv(record));
    else res.json(record);
  };
  app.get(/^\/api\/tables\/([A-Za-z0-9_.-]+)\/game(\.csv)?$/, (req, res) => {
    const id = String(req.params[0]);
    sendGame(req, res, id, tables.get(id)?.record() ?? null, `${id}-game`, Boolean(req.params[1]));
  });
  app.get(/^\/api\/games\/([A-Za-z0-9_.-]+?)(\.csv)?$/, (req, res) => {
    const id = String(req.params[0]);
    sendGame(req, res, id, event?.game(id) ?? null, id, Boolean(req.params[1]));
  });
  app.get('/api/event', (_req, res) => {
    if (!event) return void res.status(404).json({ error: 'this server runs no event' });
    res.json(event.view());
  });
  const sendCsv = (name: string, text: () => string | undefined) => (req: express.Request, res: express.Response) => {
    if (!event) return void res.status(404).json({ error: 'this server runs no event' });
    if ('download' in req.query) res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.type('text/csv').send(text());
  };
  app.get('/api/event/results.csv', sendCsv('results.csv', () => event?.resultsCsv()));
  app.get('/api/event/pairings.csv', sendCsv('pairings.csv', () => event?.pairingsCsv()));

  const http: HttpServer = options.tls ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, app) : createServer(app);
  const io = new IoServer(http, { maxHttpBufferSize: MAX_FRAME_BYTES + 64 * 1024, serveClient: true });

  // Each table pushes its latest view at most once per event-loop turn: a burst of frames becomes
  // one message. The lobby (every client: the table picker and the organiser's view) hears at most
  // twice a second, from the views the tables last pushed, so 50 busy tables do not flood it.
  const latest = new Map<string, TableView>();
  const summaries = (): TableSummary[] => [...tables.values()].map((t) => summary(latest.get(t.id) ?? t.view()));
  const pending = new Map<string, TableView>();
  let flushScheduled = false;
  const flush = (): void => {
    flushScheduled = false;
    for (const [id, view] of pending) io.to(`table:${id}`).emit('state', view);
    pending.clear();
  };
  let lobbyDirty = false;
  const lobbyTimer = setInterval(() => {
    if (!lobbyDirty) return;
    lobbyDirty = false;
    io.to('lobby').emit('tables', summaries());
  }, 500);
  lobbyTimer.unref();
  // The event's standings change when a game ends (or the organiser edits): everyone hears.
  event?.on('change', () => {
    lobbyDirty = true;
    io.to('lobby').emit('event', event.view());
  });
  const lastFrame = new Map<string, { jpeg: Buffer; width: number; height: number; tMs: number }>();
  for (const table of tables.values()) {
    table.on('update', (view) => {
      latest.set(table.id, view);
      pending.set(table.id, view);
      lobbyDirty = true;
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    });
    table.on('frame', (image) => {
      const frame = { jpeg: image.jpeg, width: image.width, height: image.height, tMs: image.tMs };
      lastFrame.set(table.id, frame);
      io.to(`table:${table.id}`).volatile.emit('frame', { table: table.id, ...frame });
    });
  }

  io.on('connection', (socket: Socket) => {
    const refuse = (event: string, error: string, ack?: Ack): void => {
      if (ack) ack({ ok: false, error });
      socket.emit('problem', { event, error });
    };
    socket.join('lobby');
    socket.emit('tables', summaries());
    if (event) socket.emit('event', event.view());
    socket.on('watch', (payload: unknown, ackRaw?: unknown) => {
      const ack = ackOf(ackRaw);
      const id = tableId(payload);
      if (!id.ok) return refuse('watch', id.error, ack);
      const table = tables.get(id.value);
      if (!table) return refuse('watch', `no table "${id.value}"`, ack);
      for (const room of socket.rooms) if (room.startsWith('table:')) void socket.leave(room);
      void socket.join(`table:${id.value}`);
      socket.emit('state', table.view());
      const frame = lastFrame.get(id.value);
      if (frame) socket.emit('frame', { table: id.value, ...frame });
      ack({ ok: true });
    });
    socket.on('action', (payload: unknown, ackRaw?: unknown) => {
      const ack = ackOf(ackRaw);
      const checked = organiserAction(payload, (id) => tables.get(id)?.view().game ?? null);
      if (!checked.ok) return refuse('action', checked.error, ack);
      if (!sameToken(checked.value.token, options.token)) return refuse('action', 'refused: organiser actions need the organiser token', ack);
      try {
        const { changed, message } = tables.get(checked.value.table)!.command(checked.value.action);
        ack({ ok: true, changed, message });
      } catch (error) {
        refuse('action', `the action failed: ${error instanceof Error ? error.message : String(error)}`, ack);
      }
    });
    socket.on('event', (payload: unknown, ackRaw?: unknown) => {
      const ack = ackOf(ackRaw);
      if (!event) return refuse('event', 'this server runs no event', ack);
      const checked = eventAction(payload);
      if (!checked.ok) return refuse('event', checked.error, ack);
      if (!sameToken(checked.value.token, options.token)) return refuse('event', 'refused: organiser actions need the organiser token', ack);
      try {
        const a = checked.value;
        const message = a.type === 'pairings' ? event.setPairings(a.pairings) : a.type === 'pairings-csv' ? event.setPairings(parsePairings(a.csv, 'the pasted list'), 'the pasted list') : a.type === 'round' ? event.setRound(a.round) : a.type === 'result' ? event.setResult(a.round, a.table, a.winners) : event.clearResult(a.round, a.table);
        ack({ ok: true, changed: true, message });
      } catch (error) {
        refuse('event', error instanceof Error ? error.message : String(error), ack);
      }
    });
    socket.on('capture:frame', (payload: unknown, ackRaw?: unknown) => {
      const ack = ackOf(ackRaw);
      const checked = captureFrame(payload);
      if (!checked.ok) return refuse('capture:frame', checked.error, ack);
      const source = tables.get(checked.value.table)?.currentSource;
      if (!(source instanceof BrowserCameraSource)) return refuse('capture:frame', `table "${checked.value.table}" does not take a browser camera (start it with --camera browser)`, ack);
      source.push(checked.value.jpeg).then(
        (taken) => ack({ ok: true, ...(taken ? {} : { error: 'dropped: the last frame is still being read' }) }),
        (error: unknown) => refuse('capture:frame', `the frame could not be read: ${error instanceof Error ? error.message : String(error)}`, ack),
      );
    });
    // Enrolment: the five photos one message each (each within a frame's size), then the name.
    const enrolPhotos: (Buffer | undefined)[] = [];
    socket.on('enrol:photo', (payload: unknown, ackRaw?: unknown) => {
      const ack = ackOf(ackRaw);
      const checked = enrolPhoto(payload);
      if (!checked.ok) return refuse('enrol:photo', checked.error, ack);
      enrolPhotos[checked.value.index - 1] = checked.value.jpeg;
      ack({ ok: true });
    });
    socket.on('enrol', (payload: unknown, ackRaw?: unknown) => {
      const ack = ackOf(ackRaw);
      const decks = options.decks;
      if (!decks) return refuse('enrol', 'this server learns no decks', ack);
      const checked = enrolStart(payload);
      if (!checked.ok) return refuse('enrol', checked.error, ack);
      const missing = [1, 2, 3, 4, 5].filter((k) => !enrolPhotos[k - 1]);
      if (missing.length > 0) return refuse('enrol', `photo ${missing.join(', ')} not taken yet`, ack);
      if (decks.enroller.busy) return refuse('enrol', 'a deck is being learnt already; wait for it to finish', ack);
      ack({ ok: true });
      decks.enroller.enrol(checked.value.name, enrolPhotos as Buffer[], (line) => socket.emit('enrol:progress', line)).then(
        (done) => socket.emit('enrol:done', done),
        (error: unknown) => socket.emit('enrol:done', { deck: null, code: 2, error: error instanceof Error ? error.message : String(error) }),
      );
    });
    // A camera's table reads with another deck: a browser camera's by whoever holds it, any other
    // by the organiser.
    socket.on('table:deck', (payload: unknown, ackRaw?: unknown) => {
      const ack = ackOf(ackRaw);
      const decks = options.decks;
      if (!decks) return refuse('table:deck', 'this server has no decks', ack);
      const checked = tableDeck(payload);
      if (!checked.ok) return refuse('table:deck', checked.error, ack);
      const { table, deck, token } = checked.value;
      const source = tables.get(table)?.currentSource;
      if (!(source instanceof ReadingSource)) return refuse('table:deck', `table "${table}" reads no camera`, ack);
      if (!(source instanceof BrowserCameraSource) && !sameToken(token ?? '', options.token)) return refuse('table:deck', 'refused: a deck for this table needs the organiser token', ack);
      decks.use(table, deck).then(
        (message) => {
          tables.get(table)!.deckChanged();
          ack({ ok: true, message });
        },
        (error: unknown) => refuse('table:deck', error instanceof Error ? error.message : String(error), ack),
      );
    });
    // Anything else a client sends is ignored; a client that throws garbage gets told once.
    socket.onAny((name: string) => {
      if (!['watch', 'action', 'event', 'capture:frame', 'enrol:photo', 'enrol', 'table:deck'].includes(name)) socket.emit('problem', { event: String(name).slice(0, 40), error: 'unknown message' });
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  return {
    url: `${options.tls ? 'https' : 'http'}://localhost:${port}`,
    port,
    io,
    http,
    async close() {
      clearInterval(lobbyTimer);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // A browser's idle keep-alive connections would hold the close open until they time out.
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
