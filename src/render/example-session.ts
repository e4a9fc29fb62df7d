// A hand-written Progression game of four table states, for the recorded-session writer until the
// simulators feed it whole games. The events are judged by the Progression engine, not by hand.
import { progression } from '../rules/progression.js';
import type { Placement } from '../rules/layout.js';
import type { SessionState } from './session.js';

interface Turn {
  readonly player: number;
  readonly play: readonly Placement[];
}

/** "2-triangle-yellow → 3-square-red" (the rulebook's start of a Duo), a two-card column, then a deliberate illegal play. */
export const PROGRESSION_EXAMPLE: { readonly start: Placement; readonly turns: readonly Turn[] } = {
  start: { card: '2-triangle-yellow', row: 0, col: 0 },
  turns: [
    { player: 1, play: [{ card: '3-square-red', row: 0, col: 1 }] },
    {
      player: 2,
      play: [
        { card: '4-star-orange', row: 1, col: 1 },
        { card: '5-star-red', row: 2, col: 1 },
      ],
    },
    // Nothing steps by one across either new contact: the referee must warn.
    { player: 1, play: [{ card: '2-circle-violet', row: 1, col: 0 }] },
  ],
};

/** The example as session states, each turn's events the engine's judgement of it. */
export function progressionExampleStates(): SessionState[] {
  const states: SessionState[] = [{ table: [PROGRESSION_EXAMPLE.start], events: [{ kind: 'start', card: PROGRESSION_EXAMPLE.start.card, row: 0, col: 0 }] }];
  let table: Placement[] = [PROGRESSION_EXAMPLE.start];
  PROGRESSION_EXAMPLE.turns.forEach((turn, i) => {
    const judged = progression.judgePlay(table, turn.play);
    table = [...table, ...turn.play];
    states.push({
      table,
      events: [
        {
          kind: 'play',
          turn: i + 1,
          player: turn.player,
          play: turn.play,
          legal: judged.violations.length === 0,
          points: judged.points,
          violations: judged.violations,
        },
      ],
    });
  });
  return states;
}
