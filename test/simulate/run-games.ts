// Plays many seeded games one at a time (each record is checked, then dropped) and gathers what
// the tests count: how games ended, deliberate attempts and their rule codes, events by kind.
// Checks push problems as text instead of calling expect per entry (hundreds of thousands of
// entries): each test asserts the list is empty, so the first problems are what a failure shows.
import { expect } from 'vitest';
import { simulate, type AnyGameRecord, type SimulatedGame, type SimulateOptions } from '../../src/simulate/index.js';

export const GAMES_PER_TEST = 1000;

export interface Tally {
  games: number;
  entries: number;
  reasons: Record<string, number>;
  deliberate: number;
  codes: Record<string, number>;
  events: Record<string, number>;
  policies: Record<string, number>;
  problems: string[];
}

/** Pushes a problem (at most a few hundred kept) when `ok` is false. */
export function ensure(tally: Tally, ok: boolean, problem: () => string): void {
  if (!ok && tally.problems.length < 200) tally.problems.push(problem());
}

/** Numbering, legality flags and attempt codes, the same in every game. */
function checkCommon(tally: Tally, record: AnyGameRecord, expectedCodes: readonly string[]): void {
  const at = (i: number): string => `${record.game} seed ${record.seed} entry ${i}`;
  ensure(tally, record.format === 'seqref-game-record' && record.version === 1, () => `${at(0)}: format ${record.format} ${record.version}`);
  record.turns.forEach((entry, i) => {
    ensure(tally, entry.index === i, () => `${at(i)}: index ${entry.index}`);
    ensure(tally, entry.legal === (entry.violations.length === 0), () => `${at(i)}: legal ${entry.legal} with ${entry.violations.length} violations`);
    if (!entry.deliberate) {
      // No legal game raises a violation: every move a policy chose is legal.
      ensure(tally, entry.violations.length === 0, () => `${at(i)}: ${JSON.stringify(entry.move)} refused: ${entry.violations.map((v) => `${v.rule}: ${v.message}`).join('; ')}`);
    } else {
      ensure(tally, entry.violations.length > 0, () => `${at(i)}: a deliberate attempt ${JSON.stringify(entry.move)} was not refused`);
      for (const v of entry.violations) ensure(tally, expectedCodes.includes(v.rule), () => `${at(i)}: unexpected rule ${v.rule}: ${v.message}`);
    }
    if (i > 0) ensure(tally, entry.turn >= record.turns[i - 1]!.turn, () => `${at(i)}: turn went back`);
  });
  ensure(tally, record.result.reason !== 'refused', () => `${at(record.turns.length - 1)}: the engine refused a policy's move`);
  ensure(tally, record.result.entries === record.turns.length, () => `${at(0)}: result.entries`);
  ensure(tally, record.result.illegalAttempts === record.turns.filter((t) => t.deliberate).length, () => `${at(0)}: result.illegalAttempts`);
  if (record.config.illegalEvery === 0) ensure(tally, record.result.illegalAttempts === 0, () => `${at(0)}: attempts without illegalEvery`);
}

export function playGames(
  game: SimulatedGame,
  configOf: (seed: number) => Omit<SimulateOptions, 'seed'>,
  expectedCodes: readonly string[],
  check: (record: AnyGameRecord, tally: Tally) => void,
  count = GAMES_PER_TEST,
): Tally {
  const tally: Tally = { games: 0, entries: 0, reasons: {}, deliberate: 0, codes: {}, events: {}, policies: {}, problems: [] };
  for (let seed = 1; seed <= count; seed++) {
    const record = simulate(game, { seed, ...configOf(seed) });
    checkCommon(tally, record, expectedCodes);
    check(record, tally);
    tally.games += 1;
    tally.entries += record.turns.length;
    tally.reasons[record.result.reason] = (tally.reasons[record.result.reason] ?? 0) + 1;
    tally.policies[record.config.policy] = (tally.policies[record.config.policy] ?? 0) + 1;
    for (const entry of record.turns) {
      if (entry.deliberate) {
        tally.deliberate += 1;
        for (const v of entry.violations) tally.codes[v.rule] = (tally.codes[v.rule] ?? 0) + 1;
      }
      for (const event of entry.events as readonly { kind: string }[]) tally.events[event.kind] = (tally.events[event.kind] ?? 0) + 1;
    }
  }
  return tally;
}

/** The same seed and config replay the identical record, and the record is plain JSON. */
export function expectReplays(game: SimulatedGame, options: SimulateOptions): AnyGameRecord {
  const first = simulate(game, options);
  const again = simulate(game, options);
  expect(JSON.stringify(again)).toBe(JSON.stringify(first));
  expect(JSON.parse(JSON.stringify(first))).toStrictEqual(first);
  return first;
}

/** The entry before `i`'s state (the start for the first entry). */
export function before<V>(record: { start: { stateAfter: V }; turns: readonly { stateAfter: V }[] }, i: number): V {
  return i === 0 ? record.start.stateAfter : record.turns[i - 1]!.stateAfter;
}

export function scoresBefore(record: { start: { scores: readonly number[] }; turns: readonly { scores: readonly number[] }[] }, i: number): readonly number[] {
  return i === 0 ? record.start.scores : record.turns[i - 1]!.scores;
}
