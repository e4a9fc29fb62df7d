// The recorded games of the bundled fixture set: one whole simulated game a game in each split,
// chosen from the fixture seed by a fixed rule so that one seed remakes every byte, and short
// enough that the set stays small (see RECORDED_GAMES and the README section it writes).
import { join } from 'node:path';
import { simulate, type AnyGameRecord, type SimulatedGame, type SimulateOptions } from '../simulate/index.js';
import type { PhotoConditions } from './conditions.js';
import { recordedStates, renderRecordedSession, type RecordedStates } from './recorded.js';
import { hashSeed, type LayoutStyle } from './scene.js';
import { planSession, type SessionOptions } from './session.js';

/** How the games are filmed: a few frames a second, a settled table held, each card slid in a hand. */
export const RECORDED_TIMING = { fps: 2, holdSeconds: 1, moveSeconds: 1 } as const;

export interface GameChoice {
  /** At most this many frames (planned; Sequence: not filmed, no limit). */
  readonly maxFrames?: number;
  /** The table's grid span, long side and short side in cells, over the whole game. */
  readonly maxSpan?: readonly [number, number];
  readonly minTurns?: number;
  /** At least this many deliberate illegal attempts lying on the table (filmed, then taken back). */
  readonly minAttempts?: number;
  /** Sequence: the deliberate attempts must include each of these moves. */
  readonly attemptMoves?: readonly string[];
  /** The game ended by its own rules with a winner (not at the turn cap). */
  readonly won?: boolean;
}

export interface RecordedGamePlan {
  readonly game: SimulatedGame;
  readonly split: 'dev' | 'heldout';
  readonly simulation: Omit<SimulateOptions, 'seed'>;
  readonly choice: GameChoice;
  readonly conditions?: Partial<PhotoConditions>;
  readonly style?: Partial<LayoutStyle>;
  /** What makes the game short, for the README. */
  readonly short: string;
}

const HD = { width: 1280, height: 720 } as const;

/**
 * The games. Progression plays the rulebook's shorter game ("For a shorter game, begin with a
 * reduced deck"): 13 cards, the deal and the starting card. Shift games are whole (a player goes
 * out), chosen small. Hunt and Stacks games run 100 turns and more: they are capped, and their
 * records say so (result.reason "turn-cap"). Sequence is not filmed, so its games are whole.
 * Shift tables grow downwards (each new sequence below the others): the layout is turned a
 * quarter so the long side lies along the frame's width. The sessions keep the sensor noise low
 * and the JPEG quality moderate: they are many frames and the set must stay under 30 MB.
 */
export const RECORDED_GAMES: readonly RecordedGamePlan[] = [
  {
    game: 'progression',
    split: 'dev',
    simulation: { players: 2, policy: 'greedy', illegalEvery: 4, options: { deckSize: 13 } },
    choice: { maxFrames: 62, maxSpan: [8, 6], minAttempts: 1 },
    conditions: { ...HD, background: 'felt', noise: 1, jpegQuality: 64, blurSigma: 0.6, tiltDeg: 16, fill: 0.8 },
    short: 'a reduced deck of 13 cards',
  },
  {
    game: 'sequence-shift',
    split: 'dev',
    simulation: { players: 2, policy: 'random', illegalEvery: 3 },
    choice: { maxFrames: 70, maxSpan: [10, 5], minTurns: 4, minAttempts: 1, won: true },
    conditions: { ...HD, background: 'plain', noise: 1, jpegQuality: 64, tiltDeg: 8, yawDeg: 4, fill: 0.85 },
    style: { angleDeg: 91 },
    short: 'a game won in few turns',
  },
  {
    game: 'sequence-hunt',
    split: 'dev',
    simulation: { players: 2, policy: 'random', illegalEvery: 3, maxTurns: 8 },
    choice: { maxFrames: 58 },
    conditions: { ...HD, background: 'wood', noise: 0.8, jpegQuality: 58, blurSigma: 1.2, tiltDeg: 24 },
    short: 'capped at 8 turns',
  },
  {
    game: 'sequence-stacks',
    split: 'dev',
    simulation: { players: 2, policy: 'random', illegalEvery: 2, maxTurns: 4 },
    choice: { maxFrames: 60, minAttempts: 2 },
    conditions: { ...HD, background: 'felt', noise: 1.2, jpegQuality: 64, blurSigma: 0.7, tiltDeg: 30 },
    short: 'capped at 4 turns',
  },
  {
    game: 'sequence',
    split: 'dev',
    simulation: { players: 2, policy: 'random', illegalEvery: 5 },
    choice: { won: true, attemptMoves: ['place', 'two-chips'] },
    short: 'a whole game',
  },
  {
    game: 'progression',
    split: 'heldout',
    simulation: { players: 2, policy: 'greedy', options: { deckSize: 13 } },
    choice: { maxFrames: 50, maxSpan: [8, 6] },
    conditions: { ...HD, background: 'plain', noise: 1.2, jpegQuality: 64, tiltDeg: 32 },
    short: 'a reduced deck of 13 cards',
  },
  {
    game: 'sequence-shift',
    split: 'heldout',
    simulation: { players: 2, policy: 'random' },
    choice: { maxFrames: 56, maxSpan: [10, 5], minTurns: 4, won: true },
    conditions: { ...HD, background: 'felt', noise: 1, jpegQuality: 62, tiltDeg: 20, yawDeg: -7, fill: 0.85 },
    style: { angleDeg: 268 },
    short: 'a game won in few turns',
  },
  {
    game: 'sequence-hunt',
    split: 'heldout',
    simulation: { players: 3, policy: 'random', illegalEvery: 4, maxTurns: 8 },
    choice: { maxFrames: 58 },
    conditions: { ...HD, background: 'cloth', noise: 0.8, jpegQuality: 60, tiltDeg: 12 },
    short: 'capped at 8 turns',
  },
  {
    game: 'sequence-stacks',
    split: 'heldout',
    simulation: { players: 3, policy: 'random', maxTurns: 4 },
    choice: { maxFrames: 56 },
    conditions: { ...HD, background: 'plain', noise: 1, jpegQuality: 64, tiltDeg: 38 },
    short: 'capped at 4 turns',
  },
  {
    game: 'sequence',
    split: 'heldout',
    simulation: { players: 3, policy: 'greedy', illegalEvery: 6 },
    choice: { won: true, attemptMoves: ['place', 'two-chips'] },
    short: 'a whole game',
  },
];

/** Candidate simulator seeds are tried in this order; a plan that finds none is a bug in the plan. */
const MAX_TRIES = 5000;

function span(states: RecordedStates): [number, number] {
  const cells = states.states.flatMap((s) => s.table);
  if (cells.length === 0) return [0, 0];
  const rows = cells.map((p) => p.row);
  const cols = cells.map((p) => p.col);
  const h = Math.max(...rows) - Math.min(...rows) + 1;
  const w = Math.max(...cols) - Math.min(...cols) + 1;
  return [Math.max(h, w), Math.min(h, w)];
}

/** How the split's recorded game is filmed (into `out`). */
export function sessionOptions(plan: RecordedGamePlan, sessionSeed: number, out: string): SessionOptions {
  return { game: plan.game, out, seed: sessionSeed, split: plan.split, ...RECORDED_TIMING, ...(plan.conditions ? { conditions: plan.conditions } : {}), ...(plan.style ? { style: plan.style } : {}) };
}

function accepts(plan: RecordedGamePlan, record: AnyGameRecord, states: RecordedStates, frames: number): boolean {
  const c = plan.choice;
  if (record.result.reason === 'refused') return false;
  if (c.won && record.result.reason !== 'won') return false;
  if (c.minTurns !== undefined && record.result.turns < c.minTurns) return false;
  if (c.maxFrames !== undefined && frames > c.maxFrames) return false;
  if (c.minAttempts !== undefined && states.shows.filter((s) => s.kind === 'attempt').length < c.minAttempts) return false;
  if (c.maxSpan) {
    const [long, short] = span(states);
    if (long > c.maxSpan[0] || short > c.maxSpan[1]) return false;
  }
  if (c.attemptMoves) {
    const made = new Set(record.turns.filter((t) => t.deliberate).map((t) => (t.move as { type: string }).type));
    if (!c.attemptMoves.every((m) => made.has(m))) return false;
  }
  return true;
}

export interface ChosenGame {
  readonly record: AnyGameRecord;
  /** Which candidate it was (from 0). */
  readonly tries: number;
  readonly sessionSeed: number;
}

/** The first candidate game (seeds hashSeed("<seed>|<split>|<game>|game|<k>"), k = 0, 1, ...) the plan accepts. */
export function chooseGame(plan: RecordedGamePlan, seed: number): ChosenGame {
  const sessionSeed = hashSeed(`${seed}|${plan.split}|${plan.game}|session`);
  for (let k = 0; k < MAX_TRIES; k++) {
    const record = simulate(plan.game, { ...plan.simulation, seed: hashSeed(`${seed}|${plan.split}|${plan.game}|game|${k}`) });
    const states = recordedStates(record, sessionSeed);
    const frames = plan.game === 'sequence' ? 0 : planSession(states.states, sessionOptions(plan, sessionSeed, '')).frames.length;
    if (accepts(plan, record, states, frames)) return { record, tries: k, sessionSeed };
  }
  throw new Error(`no ${plan.game} game among ${MAX_TRIES} seeds meets the ${plan.split} plan; relax its choice`);
}

export interface RecordedGameSummary {
  readonly path: string;
  readonly game: SimulatedGame;
  readonly split: string;
  readonly frames: number;
  readonly description: string;
  readonly plan: RecordedGamePlan;
  readonly record: AnyGameRecord;
  readonly tries: number;
  readonly states: number;
}

function describe(plan: RecordedGamePlan, record: AnyGameRecord): string {
  const cfg = record.config;
  const illegal = record.result.illegalAttempts > 0 ? `, ${record.result.illegalAttempts} deliberate illegal attempt${record.result.illegalAttempts === 1 ? '' : 's'}` : ', no illegal plays';
  const ending = record.result.reason === 'turn-cap' ? `stopped at the turn cap after ${record.result.turns} turns` : `${record.result.reason} after ${record.result.turns} turns`;
  const filmed = plan.game === 'sequence' ? 'the board serial log and events, no camera' : `filmed at ${RECORDED_TIMING.fps} fps, hands sliding cards in and out`;
  return `${plan.game} game (${plan.split}): ${cfg.players} ${cfg.policy} players, ${plan.short}, ${ending}${illegal}; ${filmed}`;
}

/** Chooses and renders the split's recorded games under `root/<split>/<game>-game`. */
export async function renderRecordedGames(root: string, split: string, seed: number, progress?: (line: string) => void): Promise<RecordedGameSummary[]> {
  const done: RecordedGameSummary[] = [];
  for (const plan of RECORDED_GAMES.filter((p) => p.split === split)) {
    const { record, tries, sessionSeed } = chooseGame(plan, seed);
    const name = `${plan.game}-game`;
    const out = join(root, split, name);
    progress?.(`${out}: simulator seed ${record.seed} (candidate ${tries}), ${record.turns.length} record entries`);
    const description = describe(plan, record);
    const { fixture, recorded } = await renderRecordedSession(record, {
      ...sessionOptions(plan, sessionSeed, out),
      description,
      onFrame: (n, total) => progress?.(`${out}: frame ${n}/${total}`),
    });
    if (plan.game === 'sequence') progress?.(`${out}: ${recorded.states.length} board states, serial log written`);
    done.push({ path: `${split}/${name}`, game: plan.game, split, frames: fixture.frames.length, description, plan, record, tries, states: recorded.states.length });
  }
  return done;
}

const ruleCounts = (record: AnyGameRecord): string => {
  const counts = new Map<string, number>();
  for (const t of record.turns) for (const v of t.violations) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
  return [...counts].map(([rule, n]) => `${rule} x${n}`).join(', ');
};

/** The README section on the recorded games. */
export function recordedGameSummary(games: readonly RecordedGameSummary[]): string {
  const lines = games.map((g) => {
    const r = g.record;
    const sim = JSON.stringify({ ...g.plan.simulation, seed: r.seed });
    const rules = ruleCounts(r);
    const what = g.game === 'sequence' ? `${g.states} board states` : `${g.frames} frames, ${g.states} table states`;
    return `- \`${g.path}\`: ${g.description}. ${what}; scores ${r.result.scores.join('-')} (${r.config.scores})${rules ? `; warnings: ${rules}` : ''}. \`simulate('${g.game}', ${sim})\` (candidate ${g.tries}).`;
  });
  return `
## Recorded games

Whole games from the simulators (src/simulate/index.ts documents the game record), one a game in
each split, made by src/render/recorded.ts and src/render/recorded-set.ts. Each game is the first
candidate, simulator seed \`hashSeed("<seed>|<split>|<game>|game|<k>")\` for k = 0, 1, ..., that
meets its plan (short enough, a table small enough to film, the illegal plays it should show), so
another \`--seed\` makes other games. Progression plays the rulebook's shorter game ("For a shorter
game, begin with a reduced deck": 13 cards, the deal and the starting card); Shift games are whole
and small; Hunt and Stacks games run 100 turns and more, so they are capped (their records end
with result.reason "turn-cap"); Sequence games are whole.

Filmed games: a fixed camera at ${RECORDED_TIMING.fps} frames a second; a settled table is held ${RECORDED_TIMING.holdSeconds} s (stable
frames), a hand slides each card in or out in ${RECORDED_TIMING.moveSeconds} s (a card moved within the table slides across),
then goes back; hands come from the acting player's side. Every stable frame's truth is the
record's table: the layout (Progression, Shift, Hunt: claimed sets leave the grid), or the Stacks
table (sequence piles, used specials, discard piles; completed sequences are set aside off the
table, refills come from the draw pile's backs). A deliberate illegal play that puts cards down
is filmed lying there (that state carries the attempt's event: when a referee warns) and then
taken back (one stable frame of the table as it was). One a table cannot show (a Hunt call on
cards that stay, a Stacks turn ended without a discard, a Sequence chip on a covered space) is an
event only.

\`events.json\` lists, at the time each state settled, its events: \`start\` (the record's config
and scores), one \`turn\` per record entry (the entry as the simulator wrote it without its table:
index, turn, player, team, move, legal, deliberate, violations with their rule codes, scores,
chips and the game's own events; Sequence adds the board), and \`result\` last. An entry that
leaves the table as it was (a draw, a pass, a call) joins the state already lying there, so the
\`turn\` events, in order, are exactly the record's entries.

Sequence games are not filmed (the board reports itself): \`fixture.json\` has no frames and names
\`board-serial.txt\`, the board's side of a serial log (src/bridge/serial-log.ts) for the same
game on the same timeline as the events: a hello and a snapshot at power-up, a D frame for each
space as its turn settles (turns take 1.5-6 s), a snapshot every 5 s, the seq counter starting
where the seed says and wrapping at 65535. Two chips put down at once (an illegal attempt) are
two D frames, and two more when they are taken back; a chip on a covered space changes nothing
the board sees. \`seqref board --replay board-serial.txt --json --speed 0\` plays it back to the
record's final board.

${lines.join('\n')}
`;
}
