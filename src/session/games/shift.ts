// Sequence Shift from the camera: each settled change is a turn, judged by the engine's turn rules
// (contracts "sequence-shift / turn"). The camera sees no hands, so every new card is taken to
// come from the player's hand; whether the player has opened is tracked from their own legal
// turns ("Once a player has successfully made an opening sequence, that player is considered
// open for the rest of the game"). A turn taken back ends the turn (the player draws instead).
// Shift scores nothing on the table (a player wins by emptying
// their hand, which no camera sees): the score shown is the cards each player has put down.
import { sequenceShift, type ShiftVariant } from '../../rules/sequence-shift.js';
import type { GameInput, GameJudgement } from './common.js';
import { scoresOf, walkTurns } from './turns.js';

export function judgeShift(input: GameInput): GameJudgement {
  const variant: ShiftVariant = sequenceShift.isVariant(input.config.variant) ? input.config.variant : 'standard';
  const opened = new Array<boolean>(input.config.players).fill(false);
  const walked = walkTurns(
    input,
    ({ before, after, player, added }) => {
      const judged = sequenceShift.judgeTurn({ before, after, hand: added.map((p) => p.card), opened: opened[player] === true, variant });
      return { violations: judged.violations, points: judged.played.length };
    },
    ({ player, added }) => {
      if (added.length > 0) opened[player] = true;
    },
    { withdrawnEndsTurn: true },
  );
  const notes = opened.map((o) => (variant === 'open-table' ? '' : o ? 'opened' : 'not opened yet'));
  return { turns: walked.turns, scores: scoresOf(walked.turns, input.config.players), scoreUnit: 'cards played', scoreNotes: notes, info: [], current: walked.current, winner: null };
}
