// Sequence Stacks figures: judging one turn as the camera reports it, the legal moves, and whole seeded games.
import { randomInt, seededRandom } from '../src/rules/random.js';
import { sequenceStacks, type StacksAction, type StacksState, type StacksTable } from '../src/rules/sequence-stacks/index.js';
import { measure } from './harness.js';

interface RecordedTurn {
  readonly table: StacksTable;
  readonly current: number;
  readonly turn: StacksAction[];
}

/** A seeded random legal game that favours using cards (as people do) over discarding at once. */
function playGame(players: number, seed: number, onStep?: (before: StacksState, action: StacksAction, after: StacksState) => void): StacksState {
  const random = seededRandom(seed);
  let state = sequenceStacks.setup({ players, seed });
  for (let i = 0; i < 5000 && !sequenceStacks.result(state).over; i++) {
    const legal = sequenceStacks.moves(state);
    const uses = legal.filter((a) => a.type !== 'discard');
    const pool = uses.length > 0 && random() < 0.8 ? uses : legal;
    const result = sequenceStacks.step(state, pool[randomInt(random, pool.length)]!);
    onStep?.(state, result.action, result.state);
    state = result.state;
  }
  return state;
}

/** Every complete turn of some seeded 4-player games, as (table before, player, actions). */
function recordedTurns(): RecordedTurn[] {
  const turns: RecordedTurn[] = [];
  for (let seed = 1; seed <= 10; seed++) {
    let start: StacksState | null = null;
    let actions: StacksAction[] = [];
    playGame(4, seed, (before, action, after) => {
      start ??= before;
      actions.push(action);
      if (action.type === 'refill' || after.winner !== null) {
        turns.push({ table: sequenceStacks.toTable(start), current: start.current, turn: actions });
        start = null;
        actions = [];
      }
    });
  }
  return turns;
}

export function run(): void {
  const turns = recordedTurns();
  const long = turns.filter((t) => t.turn.length >= 6);
  const mean = (turns.reduce((n, t) => n + t.turn.length, 0) / turns.length).toFixed(1);
  console.log(`${turns.length} turns recorded from 10 seeded 4-player games (${mean} actions a turn); ${long.length} turns of 6+ actions`);
  measure(
    'sequence-stacks: judge one turn from its table (4 players)',
    (i) => turns[(i * 7919) % turns.length]!,
    (t) => sequenceStacks.judgeTurn(sequenceStacks.fromTable(t.table, { current: t.current }), t.turn),
    { samples: 5000 },
  );
  measure(
    'sequence-stacks: judge one turn of 6+ actions from its table',
    (i) => long[(i * 7919) % long.length]!,
    (t) => sequenceStacks.judgeTurn(sequenceStacks.fromTable(t.table, { current: t.current }), t.turn),
    { samples: 5000 },
  );
  measure('sequence-stacks: judge one table (4 players)', (i) => turns[(i * 7919) % turns.length]!.table, (table) => sequenceStacks.judgeTable(table), { samples: 5000 });
  const states = turns.map((t) => sequenceStacks.fromTable(t.table, { current: t.current }));
  measure('sequence-stacks: legal moves at the start of a turn', (i) => states[(i * 7919) % states.length]!, (state) => sequenceStacks.moves(state), { samples: 5000 });
  measure('sequence-stacks: one seeded 4-player game, random legal policy', (i) => i + 1, (seed) => playGame(4, seed), { samples: 100 });
}
