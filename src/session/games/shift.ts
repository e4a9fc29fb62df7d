// Sequence Shift from the camera: each settled change is a turn, judged by the engine's turn rules
// (contracts "sequence-shift / turn"). The camera sees no hands, so every new card is taken to
// come from the player's hand; whether the player has opened is tracked from their own legal
// turns ("Once a player has successfully made an opening sequence, that player is considered
// open for the rest of the game"). A turn taken back ends the turn (the player draws instead).
// The score is what the game is about, the cards left in each hand: "Deal each player 12 cards",
// less the cards played, plus one drawn for a pass or a play taken back. "The first player to
// legally play all the cards from their hand wins."
import { sequenceShift, type ShiftVariant } from '../../rules/sequence-shift.js';
import type { GameInput, GameJudgement } from './common.js';
import { handsAfter, walkTurns, type HandRules } from './turns.js';

const DEAL = 12;
const DECK = 125;

export function judgeShift(input: GameInput): GameJudgement {
  const variant: ShiftVariant = sequenceShift.isVariant(input.config.variant) ? input.config.variant : 'standard';
  const { players } = input.config;
  const opened = new Array<boolean>(players).fill(false);
  const hands: HandRules = { deal: DEAL, drawPile: DECK - DEAL * players, refill: false, drawOnTakeBack: true };
  const walked = walkTurns(
    input,
    ({ before, after, player, added }) => {
      const judged = sequenceShift.judgeTurn({ before, after, hand: added.map((p) => p.card), opened: opened[player] === true, variant });
      return { violations: judged.violations, points: judged.played.length };
    },
    ({ player, added }) => {
      if (added.length > 0) opened[player] = true;
    },
    { withdrawnEndsTurn: true, hands, over: (held) => held.some((n) => n === 0) },
  );
  const counted = handsAfter(walked.turns, players, hands);
  walked.turns.forEach((t, i) => (t.scores = counted.each[i]!));
  const out = counted.hands.flatMap((n, p) => (n === 0 ? [p] : []));
  const notes = opened.map((o) => (variant === 'open-table' ? '' : o ? 'opened' : 'not opened yet'));
  return {
    turns: walked.turns,
    scores: counted.hands,
    scoreUnit: 'cards in hand',
    scoreNotes: notes,
    info: [`Draw pile: ${counted.drawPile} cards`],
    current: out.length > 0 ? -1 : walked.current,
    result: out.length > 0 ? { winners: out, reason: 'played every card in hand' } : null,
  };
}
