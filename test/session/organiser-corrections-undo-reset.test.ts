import { describe, expect, it } from 'vitest';
import { apply, initialState, judge, type RefereeState } from '../../src/session/referee.js';
import type { SessionInput } from '../../src/session/types.js';

const fold = (inputs: SessionInput[], turnEnds: 'auto' | 'manual' = 'auto'): RefereeState => inputs.reduce(apply, initialState({ game: 'progression', players: 2, turnEnds }));
const settled = (tMs: number, ...cards: [string, number, number][]): SessionInput => ({ kind: 'settled-table', tMs, cards: cards.map(([card, row, col]) => ({ card, row, col })) });

const start = settled(0, ['2-triangle-yellow', 0, 0]);
const turn1 = settled(1, ['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1]);
// Misread: the camera read 4-star-orange as 4-star-violet (no step at the contact).
const turn2 = settled(2, ['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1], ['4-star-violet', 0, 2]);

describe('organiser actions on the referee', () => {
  it('a corrected misread card is judged again as what it really is', () => {
    const before = judge(fold([start, turn1, turn2]));
    expect(before.turns[1]!.legal).toBe(true);
    const after = judge(fold([start, turn1, turn2, { kind: 'correct', row: 0, col: 2, card: '4-star-orange' }]));
    expect(after.table.map((p) => p.card)).toContain('4-star-orange');
    // 2-triangle-yellow, 3-square-red, 4-star-orange: numbers and shapes step through all three.
    expect(after.turns[1]!.points).toBeGreaterThan(0);
    expect(after.scores[1]).toBe(after.turns[1]!.points);
  });

  it('undo takes the last turn back and gives the turn to its player again', () => {
    const j = judge(fold([start, turn1, turn2, { kind: 'undo' }]));
    expect(j.turns).toHaveLength(1);
    expect(j.current).toBe(1);
  });

  it('reset clears the table; the next steady state starts a new game', () => {
    const j = judge(fold([start, turn1, { kind: 'reset' }, settled(5, ['5-star-red', 3, 3])]));
    expect(j.turns).toHaveLength(0);
    expect(j.table).toEqual([{ card: '5-star-red', row: 3, col: 3 }]);
  });

  it('with manual turn ends, changes gather until the turn is ended (dashboard or $K)', () => {
    const twoSteps = [start, settled(1, ['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1]), settled(2, ['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1], ['4-star-orange', 0, 2])];
    expect(judge(fold(twoSteps, 'manual')).turns).toHaveLength(0);
    const ended = judge(fold([...twoSteps, { kind: 'end-turn', by: 'button' }], 'manual'));
    expect(ended.turns).toHaveLength(1);
    expect(ended.turns[0]!.added.map((p) => p.card)).toEqual(['3-square-red', '4-star-orange']);
  });

  it('a card taken off the table is a warning with the rule sentence', () => {
    const j = judge(fold([start, turn1, settled(2, ['2-triangle-yellow', 0, 0])]));
    expect(j.turns[1]!.warnings.map((w) => w.rule)).toEqual(['card-removed']);
  });

  it('an illegal play carries the rulebook sentence it breaks', () => {
    const j = judge(fold([start, settled(1, ['2-triangle-yellow', 0, 0], ['2-circle-violet', 1, 0])]));
    expect(j.turns[0]!.warnings[0]!.rule).toBe('no-step-at-contact');
    expect(j.turns[0]!.warnings[0]!.sentence).toMatch(/^Every edge-to-edge connection/);
  });
});
