// The session log: every input and every judged turn of every table, appended to an embedded
// SQLite file as it happens, so a restart loses nothing and a game can be replayed and exported.
// Inputs are the truth (the referee folds them again after a restart); the judged turns are kept
// beside them as what the referee said at the time, for export.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SessionInput } from './types.js';

export interface LoggedEvent {
  readonly id: number;
  readonly table: string;
  /** Milliseconds since the epoch when it was written. */
  readonly at: number;
  /** 'input' (folded on replay), 'calibration' (the camera's profile changed: read back after a restart) or 'turn', 'warning', 'note' (kept for export). */
  readonly type: string;
  readonly data: unknown;
}

export class EventStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly setCursor: Database.Statement;

  /** `path` ':memory:' keeps nothing across restarts (benches, tests). */
  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    // WAL: appends are cheap and a killed process leaves every committed event readable.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        table_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS events_table ON events (table_id, id);
      CREATE TABLE IF NOT EXISTS cursors (
        table_id TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        position REAL NOT NULL
      );
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
    this.db.prepare(`INSERT OR IGNORE INTO meta (key, value) VALUES ('format', 'seqref-session-log 1')`).run();
    this.insert = this.db.prepare('INSERT INTO events (table_id, at, type, data) VALUES (?, ?, ?, ?)');
    this.setCursor = this.db.prepare('INSERT INTO cursors (table_id, source, position) VALUES (?, ?, ?) ON CONFLICT(table_id) DO UPDATE SET source = excluded.source, position = excluded.position');
  }

  /** Appends an input, what it led to, and (optionally) where the source stands, in one transaction. */
  append(table: string, input: SessionInput, derived: readonly { type: string; data: unknown }[] = [], cursor?: { source: string; position: number }): void {
    const now = Date.now();
    this.db.transaction(() => {
      this.insert.run(table, now, 'input', JSON.stringify(input));
      for (const d of derived) this.insert.run(table, now, d.type, JSON.stringify(d.data));
      if (cursor) this.setCursor.run(table, cursor.source, cursor.position);
    })();
  }

  /** Appends an event that is not an input (a camera recalibrated): kept, and read back by type, never folded by the referee. */
  note(table: string, type: string, data: unknown): void {
    this.insert.run(table, Date.now(), type, JSON.stringify(data));
  }

  /** A table's events of one type, oldest first. */
  ofType(table: string, type: string): unknown[] {
    const rows = this.db.prepare('SELECT data FROM events WHERE table_id = ? AND type = ? ORDER BY id').all(table, type) as { data: string }[];
    return rows.map((r) => JSON.parse(r.data) as unknown);
  }

  /** Where a table's source had got to (a recorded session resumes after it). */
  cursor(table: string): { source: string; position: number } | null {
    const row = this.db.prepare('SELECT source, position FROM cursors WHERE table_id = ?').get(table) as { source: string; position: number } | undefined;
    return row ?? null;
  }

  moveCursor(table: string, source: string, position: number): void {
    this.setCursor.run(table, source, position);
  }

  /** The inputs of a table, in order (what a restart folds again). */
  inputs(table: string): SessionInput[] {
    const rows = this.db.prepare(`SELECT data FROM events WHERE table_id = ? AND type = 'input' ORDER BY id`).all(table) as { data: string }[];
    return rows.map((r) => JSON.parse(r.data) as SessionInput);
  }

  /** Everything logged for a table (the export). */
  events(table: string): LoggedEvent[] {
    const rows = this.db.prepare('SELECT id, table_id, at, type, data FROM events WHERE table_id = ? ORDER BY id').all(table) as { id: number; table_id: string; at: number; type: string; data: string }[];
    return rows.map((r) => ({ id: r.id, table: r.table_id, at: r.at, type: r.type, data: JSON.parse(r.data) as unknown }));
  }

  tables(): string[] {
    return (this.db.prepare('SELECT DISTINCT table_id FROM events ORDER BY table_id').all() as { table_id: string }[]).map((r) => r.table_id);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
