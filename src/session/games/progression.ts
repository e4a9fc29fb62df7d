// Progression from the camera: each settled change is a play, judged by the engine for placement
// and points; cards taken off or moved are warned about (played cards stay where they are).
import { progression } from '../../rules/progression.js';
import { violation, type Violation } from '../../rules/violation.js';
import type { GameInput, GameJudgement } from './common.js';
import { scoresOf, walkTurns } from './turns.js';

export function judgeProgression(input: GameInput): GameJudgement {
  const reversing = input.config.reversing === true;
  const walked = walkTurns(input, ({ before, after, added, removed, moved }) => {
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
  });
  return { turns: walked.turns, scores: scoresOf(walked.turns, input.config.players), scoreUnit: 'points', scoreNotes: [], info: [], current: walked.current, winner: null };
}
