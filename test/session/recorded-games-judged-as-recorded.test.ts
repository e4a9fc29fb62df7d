// Every recorded whole game (dev and heldout), read from its truth frames through smoothing and
// the referee, is judged as its events.json says the engines judged it when it was played: who
// played each turn, its legality, the rules broken, the points, and the final scores. What a
// camera cannot see (a pass, who called a Hunt set) is said the way an organiser would say it.
import { describe, expect, it } from 'vitest';
import type { SessionInput } from '../../src/session/types.js';
import { recordedGame, refereeFromTruth, stateAt, type RecordedGame, type TurnEvent } from './recorded-games.js';

const SPLITS = ['dev', 'heldout'] as const;
const rules = (list: readonly { rule: string }[]): string[] => list.map((v) => v.rule);

/** One organiser input per recorded event that matches, once its state has settled. */
function organiser(recorded: RecordedGame, inputsFor: (turn: TurnEvent) => SessionInput[]): (tMs: number) => SessionInput[] {
  const done = new Set<number>();
  return (tMs) => {
    const state = stateAt(recorded, tMs);
    if (!state || done.has(state.t_ms)) return [];
    done.add(state.t_ms);
    return (state.events.filter((e) => e.kind === 'turn') as unknown as TurnEvent[]).flatMap(inputsFor);
  };
}

const isPass = (t: TurnEvent): boolean => t.move.type === 'pass' || t.move.type === 'draw';

for (const split of SPLITS) {
  describe(`recorded ${split} games, judged from their truth frames`, () => {
    it('Progression: each play by the right player with its legality, rules and points; an illegal play taken back is tried again; the final scores are the result', () => {
      const recorded = recordedGame(split, 'progression');
      // A pass shows nothing to the camera: the organiser ends the turn on the unchanged table.
      const judged = refereeFromTruth('progression', recorded, organiser(recorded, (t) => (isPass(t) ? [{ kind: 'end-turn', by: 'dashboard' }] : [])));
      const points = (t: TurnEvent): number => (t.legal ? t.events.filter((e) => e.kind === 'play').reduce((n, e) => n + ((e as { points?: number }).points ?? 0), 0) : 0);
      expect(judged.turns.map((t) => [t.number, t.player, t.legal, t.points, rules(t.warnings)])).toEqual(recorded.turns.map((t) => [t.turn, t.player, t.legal, points(t), rules(t.violations)]));
      // The deliberate illegal plays were filmed lying there, then taken back.
      expect(judged.turns.filter((t) => !t.legal).every((t) => t.withdrawn)).toBe(true);
      expect(judged.scores).toEqual(recorded.result.scores);
    });

    it('Sequence Shift: each turn by the right player with its legality and rules ("The player then draws one card and their turn ends"); the cards left in each hand after every turn; everyone who played has opened; the player out of cards wins', () => {
      const recorded = recordedGame(split, 'sequence-shift');
      const judged = refereeFromTruth('sequence-shift', recorded, organiser(recorded, (t) => (isPass(t) ? [{ kind: 'end-turn', by: 'dashboard' }] : [])), { variant: recorded.variant });
      expect(judged.turns.map((t) => [t.number, t.player, t.legal, rules(t.warnings)])).toEqual(recorded.turns.map((t) => [t.turn, t.player, t.legal, rules(t.violations)]));
      // "Deal each player 12 cards": the record's scores are the cards in hand.
      expect(judged.turns.map((t) => t.scores)).toEqual(recorded.turns.map((t) => t.scores));
      expect(judged.scores).toEqual(recorded.result.scores);
      expect(judged.scoreUnit).toBe('cards in hand');
      recorded.turns.forEach((t) => t.legal && expect(judged.scoreNotes[t.player]).toBe('opened'));
      expect(judged.result).toEqual({ winners: recorded.result.winners, reason: 'played every card in hand' });
      expect(judged.current).toBe(-1);
    });

    it('Sequence Hunt: each turned card by the player whose turn it is, each claim judged as the set it is; credited as the organiser says, the sets per player are the result', () => {
      const recorded = recordedGame(split, 'sequence-hunt');
      const credit = (t: TurnEvent): SessionInput[] => {
        const claim = t.events.find((e) => e.kind === 'claim');
        return claim ? [{ kind: 'credit', card: t.move.cards![0]!, player: claim.player! }] : [];
      };
      const judged = refereeFromTruth('sequence-hunt', recorded, organiser(recorded, credit));
      // A wrong call on cards that stay on the grid shows the camera nothing: only claims that took cards count.
      const visible = recorded.turns.filter((t) => t.move.type === 'turn-card' || t.events.some((e) => e.kind === 'claim'));
      const sorted = (cards: readonly string[]): string[] => [...cards].sort();
      expect(judged.turns.map((t) => (t.kind === 'claim' ? ['claim', t.player, sorted(t.removed.map((p) => p.card))] : ['turn', t.number, t.player, t.added[0]!.card]))).toEqual(
        visible.map((t) => (t.move.type === 'turn-card' ? ['turn', t.turn, t.player, (t.move as unknown as { card: string }).card] : ['claim', t.player, sorted(t.move.cards!)])),
      );
      expect(judged.turns.every((t) => t.legal)).toBe(true);
      expect(judged.scores).toEqual(recorded.result.scores);
    });

    it('Sequence Stacks: each action read off the piles by the right player, the illegal ones with the rule the engine gave; the chips are the result', () => {
      const recorded = recordedGame(split, 'sequence-stacks');
      const judged = refereeFromTruth('sequence-stacks', recorded);
      // One settled table per recorded state that put a card down (a discard and its unseen refill together).
      const expected = recorded.states
        .map((s) => s.events.filter((e) => e.kind === 'turn') as unknown as TurnEvent[])
        .filter((turns) => turns.length > 0)
        .map((turns) => [turns[0]!.turn, turns[0]!.player, turns.every((t) => t.legal), turns.flatMap((t) => rules(t.violations))]);
      expect(judged.turns.map((t) => [t.number, t.player, t.legal, rules(t.warnings)])).toEqual(expected);
      expect(judged.turns.filter((t) => !t.legal).every((t) => t.withdrawn)).toBe(true);
      expect(judged.scores).toEqual(recorded.result.scores);
    });
  });
}
