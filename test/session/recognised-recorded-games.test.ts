// The bundled recorded games as `seqref serve` replays them by default: every frame read by the real
// recogniser (OpenCV and the committed card reader), then smoothed and judged. Progression and
// Sequence Shift give the turns, legality and rules their events.json records, Sequence Hunt every
// card turned and every set claimed (a camera sees no wrong call). In the Progression and Shift
// games a card lies with its end under the face-down deck all game: covered in part in every frame,
// it must not hold the table busy for good (it did, and the Progression game settled no turn).
// Sequence Stacks' spaces are fixed cells: the recogniser numbers them from the face-down draw pile
// (without it the first card, a discard, was read as a play on a sequence pile, and every turn
// after it was judged on the wrong spaces).
import { describe, expect, it } from 'vitest';
import { loadRecogniser, recogniserProblem } from '../../src/session/recogniser.js';
import { recordedGame, replayRecognised, type TurnEvent } from './recorded-games.js';

/** The dev recording of `game`, replayed through the real recogniser (which must be there). */
async function replayedByRecogniser(game: Parameters<typeof replayRecognised>[0]) {
  const recogniser = await loadRecogniser();
  expect(recogniser, recogniserProblem() ?? '').not.toBeNull();
  const recorded = recordedGame('dev', game);
  return { recorded, view: await replayRecognised(game, recorded, recogniser!) };
}

describe('recorded games read by the recogniser', () => {
  for (const game of ['progression', 'sequence-shift'] as const) {
    it(`${game}: the turns, legality and rules of the recorded game`, async () => {
      const { recorded, view } = await replayedByRecogniser(game);
      expect(view.turns.map((t) => [t.number, t.player, t.legal, t.warnings.map((w) => w.rule)])).toEqual(recorded.turns.map((t) => [t.turn, t.player, t.legal, t.violations.map((v) => v.rule)]));
      if (game === 'progression') expect(view.scores).toEqual(recorded.result.scores);
    }, 120_000);
  }

  it('sequence-stacks: each settled table by the right player with its legality and rules, on the right spaces; the illegal plays taken back', async () => {
    const { recorded, view } = await replayedByRecogniser('sequence-stacks');
    // One judged turn per recorded state that put a card down (a discard and its unseen refill together).
    const expected = recorded.states
      .map((s) => s.events.filter((e) => e.kind === 'turn') as unknown as TurnEvent[])
      .filter((turns) => turns.length > 0)
      .map((turns) => [turns[0]!.turn, turns[0]!.player, turns.every((t) => t.legal), turns.flatMap((t) => t.violations.map((v) => v.rule))]);
    expect(view.turns.map((t) => [t.number, t.player, t.legal, t.warnings.map((w) => w.rule)])).toEqual(expected);
    expect(view.turns.filter((t) => !t.legal).every((t) => t.withdrawn)).toBe(true);
    // The discards lie on their players' piles, the sequence pile holds what was played on it.
    expect(view.table.map((p) => `${p.card}@${p.row},${p.col}`).sort()).toEqual(['blue-5@1,0', 'red-1@0,0', 'red-2@0,0', 'red-2@1,0', 'red-4@-1,4', 'red-5@-1,4']);
    expect(view.scores).toEqual(recorded.result.scores);
  }, 120_000);

  it('sequence-hunt: every turned card by the player whose turn it is, and the set claimed', async () => {
    const { recorded, view } = await replayedByRecogniser('sequence-hunt');
    // A wrong call on cards that stay on the grid shows the camera nothing: only claims that took
    // cards count; who called is the organiser's to say (recorded-games-judged-as-recorded.test.ts).
    const visible = recorded.turns.filter((t) => t.move.type === 'turn-card' || t.events.some((e) => e.kind === 'claim'));
    const sorted = (cards: readonly string[]): string[] => [...cards].sort();
    expect(view.turns.map((t) => (t.kind === 'claim' ? ['claim', sorted(t.removed.map((p) => p.card))] : ['turn', t.number, t.player, t.added[0]?.card]))).toEqual(
      visible.map((t) => (t.move.type === 'turn-card' ? ['turn', t.turn, t.player, (t.move as unknown as { card: string }).card] : ['claim', sorted(t.move.cards!)])),
    );
    expect(view.turns.every((t) => t.legal)).toBe(true);
  }, 120_000);
});
