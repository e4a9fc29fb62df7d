// An event's standings and its results as CSV, worked out from the pairings and the games'
// outcomes. Pure: values in, values out, no I/O.
//
// One result counts per table and round: a later result replaces an earlier one (a replayed or
// corrected game), except that a referee's never replaces an organiser's.
import { spreadsheetCsv } from '../csv.js';
import { byRoundAndTable, nameKey, type Pairing } from './pairings.js';

/** A game's outcome at one table in one round. */
export interface EventResult {
  readonly round: number;
  /** As in the pairing. */
  readonly table: string;
  /** Names at the time the game ended, in seat order. */
  readonly players: readonly string[];
  /** 'progression', 'sequence', ... */
  readonly game: string;
  /** Seat indices; several = a shared win; none = nobody won. */
  readonly winners: readonly number[];
  readonly scores: readonly number[];
  /** "points", "sequences", ... */
  readonly scoreUnit: string;
  /** In words. */
  readonly reason: string;
  readonly turns: number;
  /** Warnings still standing when the game ended. */
  readonly warnings: number;
  readonly by: 'referee' | 'organiser';
  /** The saved game record, if any. */
  readonly gameId: string | null;
}

export interface Standing {
  /** From 1; equal (points, wins) share a rank, the next rank skipped ("competition ranking" 1, 2, 2, 4). */
  readonly rank: number;
  readonly name: string;
  readonly played: number;
  /** Sole or shared wins. */
  readonly wins: number;
  /** 1 a sole win, 1/k a k-way shared win, 0 otherwise. */
  readonly points: number;
  /** Index r-1: "W", "W=" (shared), "L", "-" (nobody won), or null (did not play, or no result yet). */
  readonly byRound: readonly (string | null)[];
}

// Points are counted in 840ths (every table size 1..8 divides it), so equal points compare equal
// exactly: three 1/3 shares make the same 1 as one sole win.
const SHARE = 840;
const MIN_COLUMNS = 2;

interface Tally {
  name: string;
  /** The round the spelling was last seen in: the latest round's spelling is the one shown. */
  spelledIn: number;
  played: number;
  wins: number;
  shares: number;
  readonly byRound: (string | null)[];
}

export function standings(pairings: readonly Pairing[], results: readonly EventResult[]): Standing[] {
  const counted = countedResults(results);
  const rounds = Math.max(0, ...[...pairings, ...counted].map((at) => at.round).filter(isRound));
  const tallies = new Map<string, Tally>();
  const tallyOf = (name: string, round: number): Tally | undefined => {
    const spelling = name.trim();
    if (spelling === '') return undefined;
    const tally = tallies.get(nameKey(spelling));
    if (!tally) {
      const fresh: Tally = { name: spelling, spelledIn: round, played: 0, wins: 0, shares: 0, byRound: Array<string | null>(rounds).fill(null) };
      tallies.set(nameKey(spelling), fresh);
      return fresh;
    }
    if (round >= tally.spelledIn) {
      tally.name = spelling;
      tally.spelledIn = round;
    }
    return tally;
  };
  for (const pairing of [...pairings].sort(byRoundAndTable)) for (const name of pairing.players) tallyOf(name, pairing.round);
  // Results after pairings: within a round, the name as it stood when the game ended wins.
  for (const result of counted) {
    const winners = winnerSeats(result);
    const seen = new Set<string>();
    result.players.forEach((name, seat) => {
      const tally = tallyOf(name, result.round);
      if (!tally || seen.has(nameKey(name))) return;
      seen.add(nameKey(name));
      const won = winners.includes(seat);
      tally.played++;
      if (won) {
        tally.wins++;
        tally.shares += SHARE / winners.length;
      }
      if (isRound(result.round)) tally.byRound[result.round - 1] = winners.length === 0 ? '-' : !won ? 'L' : winners.length === 1 ? 'W' : 'W=';
    });
  }
  const sorted = [...tallies.entries()].sort(([aKey, a], [bKey, b]) =>
    b.shares - a.shares || b.wins - a.wins || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (aKey < bKey ? -1 : aKey > bKey ? 1 : 0));
  const ranked: Standing[] = [];
  sorted.forEach(([, tally], index) => {
    const previous = sorted[index - 1]?.[1];
    const tied = previous !== undefined && previous.shares === tally.shares && previous.wins === tally.wins;
    const rank = tied ? (ranked[index - 1]?.rank ?? index + 1) : index + 1;
    ranked.push({ rank, name: tally.name, played: tally.played, wins: tally.wins, points: tally.shares / SHARE, byRound: tally.byRound });
  });
  return ranked;
}

/**
 * One line per pairing, in round then table order: round, table, game, player 1..N, winner,
 * scores, score unit, turns, warnings, reason, by, game id. A pairing without a result has empty
 * result cells; a result without a pairing gets a line of its own, as it counts in the standings.
 */
export function resultsCsv(pairings: readonly Pairing[], results: readonly EventResult[]): string {
  const unpaired = new Map(countedResults(results).map((result) => [tableKey(result), result]));
  const lines = pairings.map((pairing) => {
    const result = unpaired.get(tableKey(pairing));
    unpaired.delete(tableKey(pairing));
    return { round: pairing.round, table: pairing.table, players: pairing.players, result };
  });
  for (const result of unpaired.values()) lines.push({ round: result.round, table: result.table, players: result.players, result });
  lines.sort(byRoundAndTable);
  // The players as the result names them: the scores are in their seat order.
  const seated = lines.map((line) => (line.result ?? line).players.map((name) => name.trim()));
  const columns = Math.max(MIN_COLUMNS, ...seated.map((players) => players.length));
  const header = ['round', 'table', 'game', ...Array.from({ length: columns }, (_, i) => `player ${i + 1}`), 'winner', 'scores', 'score unit', 'turns', 'warnings', 'reason', 'by', 'game id'];
  const rows = lines.map(({ round, table, result }, index) => {
    const players = seated[index] ?? [];
    const outcome = result
      ? [winnerNames(result, players), result.scores.join('-'), result.scoreUnit, result.turns, result.warnings, result.reason, result.by, result.gameId ?? '']
      : ['', '', '', '', '', '', '', ''];
    return [round, table, result?.game ?? '', ...players, ...Array<string>(columns - players.length).fill(''), ...outcome];
  });
  return spreadsheetCsv([header, ...rows]);
}

/** The result that counts at each table and round, in the order they were first reported. */
function countedResults(results: readonly EventResult[]): EventResult[] {
  const counted = new Map<string, EventResult>();
  for (const result of results) {
    const earlier = counted.get(tableKey(result));
    if (earlier?.by === 'organiser' && result.by === 'referee') continue;
    counted.set(tableKey(result), result);
  }
  return [...counted.values()];
}

/** The winning seats, each once; a seat the game does not have is no winner. */
function winnerSeats(result: EventResult): number[] {
  return [...new Set(result.winners)].filter((seat) => Number.isInteger(seat) && seat >= 0 && seat < result.players.length);
}

function winnerNames(result: EventResult, players: readonly string[]): string {
  const winners = winnerSeats(result);
  return winners.length === 0 ? 'nobody' : winners.map((seat) => players[seat] ?? '').join(' and ');
}

function tableKey(at: { readonly round: number; readonly table: string }): string {
  return `${at.round}\u0000${at.table}`;
}

function isRound(round: number): boolean {
  return Number.isInteger(round) && round >= 1;
}
