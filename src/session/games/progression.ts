// Progression from the camera: each settled change is a play, judged by the engine for placement
// and points; cards taken off or moved are warned about (played cards stay where they are).
// "Deal 6 cards to each player", "draw from the deck until your hand returns to 6 cards": with
// the deck's size known, the referee counts every hand. A player with no card left once the deck
// is gone passes, and when every hand is empty, or every player in turn has passed with the deck
// gone, "no player can make another legal play": the game ends and "the player with the highest
// total score wins".
import { progression } from '../../rules/progression.js';
import { violation, type Violation } from '../../rules/violation.js';
import { leaders, type GameInput, type GameJudgement } from './common.js';
import { handsAfter, isPass, scoresAfterEach, walkTurns, type HandRules } from './turns.js';

const DEAL = 6;
const DECK = 125;

export function judgeProgression(input: GameInput): GameJudgement {
  const reversing = input.config.reversing === true;
  const { players } = input.config;
  // The starting card is turned after the deal.
  const hands: HandRules = { deal: DEAL, drawPile: (input.config.deckSize ?? DECK) - DEAL * players - 1, refill: true, drawOnTakeBack: false };
  const over = (held: readonly number[], drawPile: number): boolean => drawPile === 0 && held.every((n) => n === 0);
  const walked = walkTurns(
    input,
    ({ before, after, added, removed, moved }) => {
      const violations: Violation[] = [];
      for (const r of removed) violations.push(violation('card-removed', `${r.card} was taken off the table at (${r.row},${r.col}); played cards stay where they are`, [r.card]));
      for (const m of moved) violations.push(violation('card-moved', `${m.card} moved from (${m.from.join(',')}) to (${m.to.join(',')}); played cards stay where they are`, [m.card]));
      let points = 0;
      // A turn that only took or moved cards is judged by those warnings alone.
      if (added.length > 0 || violations.length === 0) {
        const afterCards = new Set(after.map((p) => p.card));
        const judged = progression.judgePlay(before.filter((p) => afterCards.has(p.card)), added, { reversing });
        violations.push(...judged.violations);
        points = judged.points;
      }
      return { violations, points };
    },
    undefined,
    { hands, over },
  );
  const scores = scoresAfterEach(walked.turns, players);
  const stood = walked.turns.filter((t) => !t.withdrawn);
  const blocked = walked.drawPile === 0 && stood.length >= players && stood.slice(-players).every(isPass);
  const ended = input.start.length > 0 && (over(walked.hands, walked.drawPile) || blocked);
  const held = handsAfter(walked.turns, players, hands).hands;
  return {
    turns: walked.turns,
    scores,
    scoreUnit: 'points',
    scoreNotes: held.map((n) => `${n} card${n === 1 ? '' : 's'} in hand`),
    info: [walked.drawPile > 0 ? `Deck: ${walked.drawPile} cards` : 'The deck is gone'],
    current: ended ? -1 : walked.current,
    result: ended ? { winners: leaders(scores), reason: blocked ? 'no player can play' : 'every card played' } : null,
  };
}
