// `seqref simulate`: seeded random games of one game, a summary on standard output and, with
// --out, every game record as one JSON line (src/simulate/index.ts documents the record).
import { closeSync, openSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { InputError } from '../errors.js';
import { DEFAULT_MAX_TURNS, POLICIES, simulate, SIMULATED_GAMES, isSimulatedGame, type AnyGameRecord, type PolicyName, type SimulatedGame } from '../simulate/index.js';

export const SIMULATE_USAGE = `Usage: seqref simulate --game G [options]

Plays seeded random games through the rules engines and prints a summary: games, winners,
mean turns, time. Game i (from 0) uses seed N + i, so any one game can be replayed alone.

Options:
  --game G            ${SIMULATED_GAMES.join(' | ')}
  --seed N            seed of the first game (default 1)
  --games N           how many games (default 1)
  --players N         seats at the table (default 2)
  --policy P          ${POLICIES.join(' | ')} (default random)
  --variant V         progression: standard | shedding; sequence-shift: standard | simple | open-table;
                      sequence-hunt: race | for-points
  --illegal-every N   every N-th turn opens with a deliberate illegal attempt (default never)
  --max-turns N       turn cap per game (default: ${SIMULATED_GAMES.map((g) => `${g} ${DEFAULT_MAX_TURNS[g]}`).join(', ')})
  --out FILE          write each game record as one JSON line to FILE ("-": standard output,
                      the summary then goes to standard error)

Progress goes to standard error on long runs. Bad options exit 2 with one line.`;

const VALUED = new Set(['--game', '--seed', '--games', '--players', '--policy', '--variant', '--illegal-every', '--max-turns', '--out']);

function parse(args: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!VALUED.has(arg)) throw new InputError(`simulate: unknown option "${arg}"; see seqref simulate --help`);
    const value = args[++i];
    if (value === undefined || (value.startsWith('--') && value !== '-')) throw new InputError(`simulate: ${arg} needs a value; see seqref simulate --help`);
    if (values.has(arg)) throw new InputError(`simulate: ${arg} given twice`);
    values.set(arg, value);
  }
  return values;
}

function whole(values: Map<string, string>, name: string, lo: number, hi: number): number | undefined {
  const text = values.get(name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < lo || n > hi) throw new InputError(`simulate: ${name} must be a whole number from ${lo} to ${hi}, got "${text}"`);
  return n;
}

export function runSimulate(args: readonly string[]): number {
  const values = parse(args);
  const game = values.get('--game');
  if (game === undefined) throw new InputError(`simulate: --game is required (${SIMULATED_GAMES.join(', ')})`);
  if (!isSimulatedGame(game)) throw new InputError(`simulate: unknown game "${game}" (${SIMULATED_GAMES.join(', ')})`);
  const seed = whole(values, '--seed', 0, 0xffffffff) ?? 1;
  const games = whole(values, '--games', 1, 1_000_000) ?? 1;
  if (seed + games - 1 > 0xffffffff) throw new InputError('simulate: --seed plus --games runs past the largest seed, 4294967295');
  const players = whole(values, '--players', 1, 12);
  const illegalEvery = whole(values, '--illegal-every', 1, 1_000_000);
  const maxTurns = whole(values, '--max-turns', 1, 1_000_000);
  const policy = values.get('--policy') ?? 'random';
  if (!(POLICIES as readonly string[]).includes(policy)) throw new InputError(`simulate: --policy must be ${POLICIES.join(' or ')}, got "${policy}"`);
  const variant = values.get('--variant');
  const out = values.get('--out');

  const options = {
    ...(players !== undefined ? { players } : {}),
    ...(variant !== undefined ? { variant } : {}),
    ...(illegalEvery !== undefined ? { illegalEvery } : {}),
    ...(maxTurns !== undefined ? { maxTurns } : {}),
    policy: policy as PolicyName,
  };
  // Bad players or variant are the engine's to name: try the first game before opening the output.
  let first: AnyGameRecord;
  try {
    first = simulate(game, { seed, ...options });
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`simulate: ${error.message}`);
    throw error;
  }

  const toStdout = out === '-';
  let fd: number | null = null;
  if (out !== undefined && !toStdout) {
    try {
      fd = openSync(out, 'w');
    } catch (error) {
      throw new InputError(`simulate: cannot write --out ${out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  }
  const summary = new Summary(game);
  const started = performance.now();
  const progressEvery = Math.max(1, Math.ceil(games / 10));
  try {
    for (let i = 0; i < games; i++) {
      const record = i === 0 ? first : simulate(game, { seed: seed + i, ...options });
      summary.add(record);
      const line = `${JSON.stringify(record)}\n`;
      if (fd !== null) writeSync(fd, line);
      else if (toStdout) process.stdout.write(line);
      if (games >= 20 && (i + 1) % progressEvery === 0 && i + 1 < games) process.stderr.write(`simulate: ${i + 1}/${games} games\n`);
    }
  } finally {
    if (fd !== null) closeSync(fd);
  }
  const text = summary.text(seed, games, policy, performance.now() - started, out);
  (toStdout ? process.stderr : process.stdout).write(`${text}\n`);
  return 0;
}

const TEAM_NAMES = ['green', 'blue', 'red'];

class Summary {
  private readonly winners = new Map<string, number>();
  private readonly reasons = new Map<string, number>();
  private turns = 0;
  private entries = 0;
  private illegal = 0;
  private players = 0;

  constructor(private readonly game: SimulatedGame) {}

  add(record: AnyGameRecord): void {
    this.players = record.config.players;
    const side = (i: number): string => (record.config.sides === 'teams' ? `team ${TEAM_NAMES[i] ?? i}` : `player ${i}`);
    const key = record.result.winners.length === 0 ? 'none' : record.result.winners.map(side).join(' and ');
    this.winners.set(key, (this.winners.get(key) ?? 0) + 1);
    this.reasons.set(record.result.reason, (this.reasons.get(record.result.reason) ?? 0) + 1);
    this.turns += record.result.turns;
    this.entries += record.result.entries;
    this.illegal += record.result.illegalAttempts;
  }

  text(seed: number, games: number, policy: string, ms: number, out: string | undefined): string {
    const list = (m: Map<string, number>): string =>
      [...m]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
    const seeds = games === 1 ? `seed ${seed}` : `seeds ${seed}-${seed + games - 1}`;
    return [
      `${this.game}: ${games} game${games === 1 ? '' : 's'} (${seeds}), ${this.players} players, ${policy} policy`,
      `winners: ${list(this.winners)}`,
      `ended: ${list(this.reasons)}`,
      `mean turns ${(this.turns / games).toFixed(1)} (${(this.entries / games).toFixed(1)} actions); deliberate illegal attempts ${this.illegal}`,
      `time ${(ms / 1000).toFixed(2)} s (${(ms / games).toFixed(2)} ms a game)`,
      ...(out !== undefined && out !== '-' ? [`records: ${out}`] : []),
    ].join('\n');
  }
}
