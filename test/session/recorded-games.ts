// Reading a recorded game (fixtures/*/<game>-game) the way the live referee does, from its truth
// frames, and its events.json (what the simulator recorded at the time) to hold it against.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFixture } from '../../src/render/fixture-io.js';
import { apply, initialState, judge, type Judged, type RefereeConfig, type RefereeState } from '../../src/session/referee.js';
import { Smoother } from '../../src/session/smoothing.js';
import { TableSession } from '../../src/session/session.js';
import { RecordedSessionSource, truthObservation } from '../../src/session/sources/recorded.js';
import type { Recogniser } from '../../src/session/sources/source.js';
import type { SessionGame, SessionInput, TableView } from '../../src/session/types.js';

export interface TurnEvent {
  kind: 'turn';
  index: number;
  turn: number;
  player: number;
  team?: string;
  move: { type: string; placements?: { card: string; row: number; col: number }[]; cards?: string[]; claim?: { type: string; size: number } };
  legal: boolean;
  deliberate: boolean;
  violations: { rule: string; cards: string[] }[];
  scores: number[];
  chips?: unknown;
  events: { kind: string; player?: number; set?: { cards: string[] } }[];
}

type AnyEvent = { kind: string } & Record<string, unknown>;

export interface RecordedGame {
  readonly dir: string;
  readonly players: number;
  readonly variant: string;
  readonly teams: number;
  /** Each state as it settled: its time and its events. */
  readonly states: { t_ms: number; events: AnyEvent[] }[];
  readonly turns: TurnEvent[];
  readonly result: { scores: number[]; winners: number[]; turns: number; reason: string };
}

export function recordedGame(split: string, game: SessionGame): RecordedGame {
  const dir = join('fixtures', split, `${game}-game`);
  const log = JSON.parse(readFileSync(join(dir, 'events.json'), 'utf8')) as { events: RecordedGame['states'] };
  const all = log.events.flatMap((s) => s.events);
  const start = all.find((e) => e.kind === 'start') as unknown as { config: { players: number; variant: string; options: { teams?: number } } };
  return {
    dir,
    players: start.config.players,
    variant: start.config.variant,
    teams: start.config.options.teams ?? start.config.players,
    states: log.events,
    turns: all.filter((e) => e.kind === 'turn') as unknown as TurnEvent[],
    result: all.find((e) => e.kind === 'result') as unknown as RecordedGame['result'],
  };
}

/**
 * The truth frames through the smoother and the referee, as `seqref serve --truth` does. `after`
 * adds what an organiser would say once a state settles (a pass, who called a claim).
 */
export function refereeFromTruth(game: SessionGame, recorded: RecordedGame, after: (tMs: number) => SessionInput[] = () => [], config: Partial<RefereeConfig> = {}): Judged {
  const fixture = readFixture(recorded.dir, { checkImages: false });
  const smoother = new Smoother({ steadyFrames: 3 });
  let state: RefereeState = initialState({ game, players: recorded.players, turnEnds: 'auto', ...config });
  for (const frame of fixture.frames) {
    const settled = smoother.push(truthObservation(frame));
    if (!settled) continue;
    state = apply(state, { kind: 'settled-table', tMs: frame.t_ms, cards: settled });
    for (const input of after(frame.t_ms)) state = apply(state, input);
  }
  return judge(state);
}

/** The state whose events a settled frame at `tMs` shows (the last state settled by then). */
export function stateAt(recorded: RecordedGame, tMs: number): RecordedGame['states'][number] | undefined {
  return [...recorded.states].reverse().find((s) => s.t_ms <= tMs);
}

/** The recorded game's frames read by `recogniser`, smoothed and judged by a table as `seqref serve` runs it; its view at the end. */
export async function replayRecognised(game: SessionGame, recorded: RecordedGame, recogniser: Recogniser): Promise<TableView> {
  const source = new RecordedSessionSource({ path: recorded.dir, speed: 0, recogniser });
  const table = new TableSession({ id: 't', config: { game, players: recorded.players, turnEnds: 'auto' } }, null, source);
  const ended = new Promise<void>((resolve) => table.on('ended', () => resolve()));
  await table.start();
  await ended;
  return table.view();
}
