// Sequence Hunt seen by a camera: cards arriving are turned cards (players in turn), cards leaving
// together are a claim judged as a set. Nobody can see who called: the organiser says.
import { describe, expect, it } from 'vitest';
import { apply, initialState, judge, type RefereeState } from '../../src/session/referee.js';
import type { SessionInput } from '../../src/session/types.js';

const grid = (tMs: number, ...cards: string[]): SessionInput => ({ kind: 'settled-table', tMs, cards: cards.map((card, col) => ({ card, row: 0, col })) });
const fold = (inputs: SessionInput[], variant: 'race' | 'for-points' = 'race'): RefereeState => inputs.reduce(apply, initialState({ game: 'sequence-hunt', players: 2, turnEnds: 'auto', huntVariant: variant }));

// A 3-card Mono in numbers: 1, 2, 3 (shapes and colours do not sequence).
const MONO = ['1-circle-red', '2-star-violet', '3-circle-cyan'];
const turned = [grid(0), grid(1, MONO[0]!), grid(2, MONO[0]!, MONO[1]!), grid(3, ...MONO), grid(4, ...MONO, '5-square-yellow')];

describe('Sequence Hunt from the face-up grid', () => {
  it('"Players take turns placing the top card of their face-down stack face-up onto the table."', () => {
    const j = judge(fold(turned));
    expect(j.turns.map((t) => [t.number, t.player, t.added[0]!.card])).toEqual([[1, 0, MONO[0]], [2, 1, MONO[1]], [3, 0, MONO[2]], [4, 1, '5-square-yellow']]);
    expect(j.current).toBe(0);
    // The finder spots both Monos lying there: 1-2-3 in numbers, and violet-cyan-yellow in colours.
    expect(j.info[0]).toBe('Sets lying on the grid: mono-3 ×2.');
  });

  it('"If the set is correct, they collect those cards": a claim is judged as a set and counts for its caller, whom the organiser names', () => {
    const claimed = [...turned, grid(5, '5-square-yellow')];
    const guessed = judge(fold(claimed));
    const claim = guessed.turns.at(-1)!;
    expect([claim.kind, claim.legal, claim.points]).toEqual(['claim', true, 1]);
    expect(claim.summary).toMatch(/^Mono of 3: 1-circle-red, 2-star-violet, 3-circle-cyan \(caller not seen/);
    // Until the organiser says, the claim goes to the player about to turn a card (player 1 here).
    expect(guessed.scores).toEqual([1, 0]);
    const named = judge(fold([...claimed, { kind: 'credit', card: '2-star-violet', player: 1 }]));
    expect(named.scores).toEqual([0, 1]);
    expect(named.turns.at(-1)!.summary).toMatch(/caller named by the organiser/);
  });

  it('For Points: "3 cards 1, 4 cards 3, 5 cards 10", with the Extreme bonus', () => {
    const j = judge(fold([...turned, grid(5, '5-square-yellow')], 'for-points'));
    expect(j.scoreUnit).toBe('points');
    expect(j.scores).toEqual([1, 0]);
  });

  it('"Every card in a claimed group must form one continuous sequence": cards taken that make no set are warned about, and put back they are withdrawn', () => {
    // 1-circle-red, 3-circle-cyan, 5-square-yellow: no property runs through three consecutive values.
    const wrong = [...turned, grid(5, MONO[1]!), grid(6, ...MONO, '5-square-yellow')];
    const j = judge(fold(wrong));
    const claim = j.turns.find((t) => t.kind === 'claim')!;
    expect(claim.warnings.map((w) => w.rule)).toEqual(['not-a-set']);
    expect(claim.warnings[0]!.sentence).toMatch(/^Every card in a claimed group/);
    expect(claim.withdrawn).toBe(true);
    expect(j.scores).toEqual([0, 0]);
  });

  it('race: "Each player needs to collect" each set once; a second Mono of 3 credited to the same caller is warned about', () => {
    const second = ['3-square-red', '4-star-violet', '5-square-cyan'];
    const inputs = [...turned, grid(5, '5-square-yellow'), { kind: 'credit', card: MONO[0]!, player: 0 } as SessionInput, grid(6, '5-square-yellow', ...second), grid(7, '5-square-yellow'), { kind: 'credit', card: second[0]!, player: 0 } as SessionInput];
    const j = judge(fold(inputs));
    expect(j.turns.at(-1)!.warnings.map((w) => w.rule)).toEqual(['set-already-collected']);
    expect(j.scores).toEqual([1, 0]);
  });

  it('a turned card goes to the player whose hand turned it: a card the camera missed shifts no later turn', () => {
    // Player 2 turned a card the camera never read; the next card comes from player 1's seat (bottom).
    const fromSeat = (input: SessionInput, edge: number): SessionInput => ({ ...input, edge }) as SessionInput;
    const j = judge(fold([grid(0), grid(1, MONO[0]!), fromSeat(grid(3, MONO[0]!, MONO[1]!), 0), fromSeat(grid(4, ...MONO), 1)]));
    expect(j.turns.map((t) => [t.player, t.added[0]!.card])).toEqual([[0, MONO[0]], [0, MONO[1]], [1, MONO[2]]]);
    expect(j.current).toBe(0);
  });
});
