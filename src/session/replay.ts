// A recorded game as `seqref serve` referees it: the recording's own setup (players, teams,
// variant, deck) makes the referee's config, and replayRecorded() plays the recording through the
// same source, smoother and referee as the server does, as fast as the machine allows, for
// `seqref eval --games`.
import type { RefereeConfig } from './referee.js';
import { TableSession } from './session.js';
import { RecordedSessionSource } from './sources/recorded.js';
import type { Recogniser } from './sources/source.js';
import { isSessionGame, type TableView } from './types.js';
import { InputError } from '../errors.js';

/** What a camera table is played with when the recording does not say. */
export interface TableDefaults {
  readonly players: number;
  readonly turnEnds: 'auto' | 'manual';
}

/** The referee's config for a table: the recording's own setup where it has one, else the defaults. */
export function tableConfig(game: RefereeConfig['game'], source: { readonly kind: string; readonly setup?: RecordedSessionSource['setup'] }, defaults: TableDefaults): RefereeConfig {
  const setup = source.setup ?? {};
  const teams: 2 | 3 = game === 'sequence' && (setup.teams === 3 || (setup.teams === undefined && setup.players === 3)) ? 3 : 2;
  return {
    game,
    players: game === 'sequence' ? teams : (setup.players ?? defaults.players),
    // A recording is judged as it was played: each settled change is a turn.
    turnEnds: game === 'sequence' || source.kind.startsWith('recorded') ? 'auto' : defaults.turnEnds,
    ...(game === 'sequence' ? { teams } : {}),
    ...(game === 'sequence-shift' && setup.variant ? { variant: setup.variant } : {}),
    ...(game === 'sequence-hunt' && (setup.variant === 'race' || setup.variant === 'for-points') ? { huntVariant: setup.variant } : {}),
    ...(setup.deckSize !== undefined ? { deckSize: setup.deckSize } : {}),
    ...(setup.reversing ? { reversing: true } : {}),
  };
}

export interface Replayed {
  readonly view: TableView;
  /** Camera frames read (0 for a board log). */
  readonly frames: number;
  readonly ms: number;
}

/**
 * Replays the recording in `dir` through a table as `seqref serve` runs one (no event log), to its
 * end. `recogniser` null reads the recording's truth instead of recognising its frames.
 */
export async function replayRecorded(dir: string, recogniser: Recogniser | null, options: { onFrame?: (frame: number) => void } = {}): Promise<Replayed> {
  const source = new RecordedSessionSource({ path: dir, speed: 0, recogniser });
  const game = source.fixture.game;
  if (!isSessionGame(game)) throw new InputError(`${dir}: the game "${game}" has no referee`);
  const table = new TableSession({ id: 'replay', config: tableConfig(game, source, { players: 2, turnEnds: 'auto' }) }, null, source);
  let frames = 0;
  table.on('frame', () => options.onFrame?.(++frames));
  const started = performance.now();
  const ended = new Promise<void>((resolve) => table.once('ended', () => resolve()));
  await table.start();
  await ended;
  await table.stop();
  return { view: table.view(), frames, ms: performance.now() - started };
}
