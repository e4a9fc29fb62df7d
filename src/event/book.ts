// The event of one `seqref serve`: its pairings (who plays at which table in which round), the
// round in play, and each table's result once its game ends. The round's pairing names the seats
// of its table. Every game the referee ends is kept with its whole record, and is its pairing's
// result. Every change is written to the session log, so a restart on the same pairing file
// carries on where it was.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { InputError } from '../errors.js';
import type { GameRecord } from '../session/record.js';
import type { TableSession } from '../session/session.js';
import type { EventStore } from '../session/store.js';
import type { TableView } from '../session/types.js';
import { checkPairings, pairingsCsv, type Pairing } from './pairings.js';
import { resultsCsv, standings, type EventResult, type Standing } from './standings.js';

/** The log's table id for the event's own records. */
const EVENT_LOG = '#event';

export interface EventTable {
  readonly id: string;
  /** 1, 2, ... in the order the tables were named to serve. */
  readonly number: number;
  readonly game: string;
  readonly seats: number;
}

export interface EventView {
  readonly name: string;
  /** The round in play (1 before any pairing). */
  readonly round: number;
  readonly rounds: readonly number[];
  readonly tables: readonly EventTable[];
  readonly pairings: readonly (Pairing & { readonly tableId: string; readonly number: number; readonly result: EventResult | null })[];
  readonly results: readonly EventResult[];
  readonly standings: readonly Standing[];
  /** Every game kept when it ended, oldest first. */
  readonly games: readonly KeptGame[];
}

interface Saved {
  readonly source: string;
  readonly pairings: readonly Pairing[];
  readonly round: number;
  readonly results: readonly EventResult[];
  /** Every game kept when it ended, oldest first. */
  readonly kept?: readonly KeptGame[];
}

/** A game kept when it ended (its record: `game(id)`). */
export interface KeptGame {
  readonly id: string;
  readonly tableId: string;
  readonly number: number;
  readonly game: string;
  readonly players: readonly string[];
  /** The winners' names joined, or null (nobody won). */
  readonly winner: string | null;
  /** The round it counted for (null: its table had no pairing then). */
  readonly round: number | null;
  /** Its turns and result in short: a recording played again is the same game, kept once. */
  readonly fingerprint: string;
}

export interface EventOptions {
  readonly name: string;
  readonly pairings: readonly Pairing[];
  readonly tables: readonly TableSession[];
  readonly store: EventStore | null;
}

export class EventBook extends EventEmitter<{ change: [] }> {
  readonly name: string;
  private pairings: readonly Pairing[] = [];
  private round = 1;
  private results: readonly EventResult[] = [];
  /** The games (`table#game`) whose end was seen: a game is looked at once, whatever round follows it. */
  private readonly ended = new Set<string>();
  private kept: readonly KeptGame[] = [];
  private readonly tables: readonly EventTable[];
  private readonly sessions: ReadonlyMap<string, TableSession>;
  /** What the event started from: a restart on other pairings starts afresh. */
  private readonly source: string;

  constructor(private readonly options: EventOptions) {
    super();
    this.name = options.name;
    this.tables = options.tables.map((t, i) => ({ id: t.id, number: i + 1, game: t.view().game, seats: t.seats }));
    this.sessions = new Map(options.tables.map((t) => [t.id, t]));
    this.source = createHash('sha256').update(pairingsCsv(options.pairings)).digest('hex').slice(0, 16);
    this.pairings = this.bound(options.pairings, (p) => `round ${p.round}, table ${p.table}`);
    const saved = (options.store?.ofType(EVENT_LOG, 'event') ?? []).at(-1) as Saved | undefined;
    if (saved && saved.source === this.source) {
      this.pairings = saved.pairings;
      this.round = saved.round;
      this.results = saved.results;
      this.kept = saved.kept ?? [];
    }
    this.nameSeats();
    for (const table of options.tables) table.on('update', (view) => this.observe(view));
  }

  get roundInPlay(): number {
    return this.round;
  }

  /** The table a pairing names (its number or its id), or null. */
  tableOf(ref: string): EventTable | null {
    return this.tables.find((t) => t.id === ref || String(t.number) === ref) ?? null;
  }

  /** The pairings with every table known and every pairing seating as many as its table has seats. */
  private bound(list: readonly Pairing[], where: (p: Pairing, i: number) => string): Pairing[] {
    const range = this.tables.length === 0 ? 'none' : `1-${this.tables.length}`;
    const seen = new Map<string, string>();
    return list.map((p, i) => {
      const table = this.tableOf(p.table);
      if (!table) throw new InputError(`${where(p, i)}: no table "${p.table}" (tables ${range}, or their ids)`);
      if (p.players.length !== table.seats) throw new InputError(`${where(p, i)}: table ${table.number} (${table.id}, ${table.game}) seats ${table.seats}, the pairing names ${p.players.length}`);
      // A table named by its number and by its id is one table.
      const key = `${p.round}|${table.number}`;
      if (seen.has(key)) throw new InputError(`${where(p, i)}: table ${table.number} is paired twice in round ${p.round} (as "${seen.get(key)}" and "${p.table}")`);
      seen.set(key, p.table);
      return { ...p, table: String(table.number) };
    });
  }

  /** The pairing of `table` in the round in play. */
  pairingAt(tableId: string, round = this.round): Pairing | null {
    const table = this.tables.find((t) => t.id === tableId);
    return this.pairings.find((p) => p.round === round && p.table === String(table?.number)) ?? null;
  }

  private nameSeats(): void {
    for (const [id, session] of this.sessions) session.setPlayerNames(this.pairingAt(id)?.players ?? null);
  }

  /**
   * A game the referee ended is kept, once, with its whole record; it is the result of its table's
   * pairing in the round in play where that has none yet.
   */
  private observe(view: TableView): void {
    const session = this.sessions.get(view.id)!;
    const game = `${view.id}#${session.gameNumber}`;
    if (!view.result || this.ended.has(game)) return;
    this.ended.add(game);
    const record = session.record();
    // (After a restart the games kept before are known again by their fingerprints.)
    const fingerprint = createHash('sha256').update(JSON.stringify([record.result, record.turns.map((t) => [t.player, t.summary, t.scores])])).digest('hex').slice(0, 16);
    if (this.kept.some((k) => k.tableId === view.id && k.fingerprint === fingerprint)) return;
    const table = this.tables.find((t) => t.id === view.id)!;
    const found = this.pairingAt(view.id);
    const pairing = found && !this.resultOf(found.round, found.table) ? found : null;
    const gameId = pairing ? `round-${pairing.round}-table-${pairing.table}` : `table-${table.number}-game-${this.kept.filter((k) => k.tableId === view.id).length + 1}`;
    this.options.store?.note(EVENT_LOG, 'event-game', { id: gameId, record });
    this.kept = [...this.kept, { id: gameId, tableId: view.id, number: table.number, game: view.game, players: view.playerNames, winner: view.winner, round: pairing?.round ?? null, fingerprint }];
    if (pairing) this.addResult({ ...this.resultFrom(view, pairing), by: 'referee', gameId });
    else this.save();
  }

  private resultFrom(view: TableView, pairing: Pairing): Omit<EventResult, 'by' | 'gameId'> {
    return {
      round: pairing.round,
      table: pairing.table,
      players: view.playerNames,
      game: view.game,
      winners: view.result?.winners ?? [],
      scores: view.scores,
      scoreUnit: view.scoreUnit,
      reason: view.result?.reason ?? '',
      turns: view.turns.length,
      warnings: view.warnings.filter((w) => w.standing).length,
    };
  }

  private resultOf(round: number, table: string): EventResult | null {
    return this.results.find((r) => r.round === round && r.table === table) ?? null;
  }

  private addResult(result: EventResult): void {
    this.results = [...this.results.filter((r) => !(r.round === result.round && r.table === result.table)), result];
    this.save();
  }

  private save(): void {
    this.options.store?.note(EVENT_LOG, 'event', { source: this.source, pairings: this.pairings, round: this.round, results: this.results, kept: this.kept } satisfies Saved);
    this.emit('change');
  }

  /**
   * The organiser's pairing list (from the browser: rows, or `source` a pasted CSV already read):
   * checked, tables known, results of pairings that remain kept.
   */
  setPairings(list: unknown, source?: string): string {
    const pairings = this.bound(checkPairings(list), (p, i) => (source ? `${source}: round ${p.round}, table ${p.table}` : `row ${i + 1}`));
    this.pairings = pairings;
    this.results = this.results.filter((r) => pairings.some((p) => p.round === r.round && p.table === r.table));
    this.nameSeats();
    this.save();
    return `${pairings.length} pairing${pairings.length === 1 ? '' : 's'} saved`;
  }

  /** The round in play (checked as the server's input: validate.ts). */
  setRound(round: number): string {
    this.round = round;
    this.nameSeats();
    this.save();
    return `round ${round} in play`;
  }

  /** The organiser's word on a pairing's result: `winners` by seat (none: nobody won). */
  setResult(round: number, table: string, winners: readonly number[]): string {
    const pairing = this.pairings.find((p) => p.round === round && p.table === table);
    if (!pairing) throw new InputError(`no pairing for table ${table} in round ${round}`);
    if (winners.some((w) => !Number.isInteger(w) || w < 0 || w >= pairing.players.length)) throw new InputError(`winners must be seats of table ${table} (0 to ${pairing.players.length - 1})`);
    const session = this.sessions.get(this.tableOf(table)!.id)!;
    const view = session.view();
    const base = this.resultFrom(view, pairing);
    const names = winners.map((w) => pairing.players[w]).join(' and ');
    this.addResult({ ...base, players: pairing.players, winners, reason: winners.length ? `${names} won, as the organiser recorded` : 'nobody won, as the organiser recorded', by: 'organiser', gameId: null });
    return `round ${round}, table ${table}: ${winners.length ? `${names} won` : 'nobody won'}`;
  }

  clearResult(round: number, table: string): string {
    if (!this.resultOf(round, table)) throw new InputError(`round ${round}, table ${table} has no result to clear`);
    this.results = this.results.filter((r) => !(r.round === round && r.table === table));
    this.save();
    return `the result of round ${round}, table ${table} cleared`;
  }

  /** A game recorded when it ended, by its id. */
  game(id: string): GameRecord | null {
    const saved = (this.options.store?.ofType(EVENT_LOG, 'event-game') ?? []) as { id: string; record: GameRecord }[];
    return saved.filter((g) => g.id === id).at(-1)?.record ?? null;
  }

  view(): EventView {
    const rounds = [...new Set([...this.pairings.map((p) => p.round), this.round])].sort((a, b) => a - b);
    return {
      name: this.name,
      round: this.round,
      rounds,
      tables: this.tables,
      pairings: this.pairings.map((p) => ({ ...p, tableId: this.tableOf(p.table)!.id, number: Number(p.table), result: this.resultOf(p.round, p.table) })),
      results: this.results,
      standings: standings(this.pairings, this.results),
      games: this.kept,
    };
  }

  pairingsCsv(): string {
    return pairingsCsv(this.pairings);
  }

  resultsCsv(): string {
    return resultsCsv(this.pairings, this.results);
  }
}
