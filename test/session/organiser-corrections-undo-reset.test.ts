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

describe('corrections an arbiter needs, each judged again at once', () => {
  // Player 1 plays 3-square-red; the camera split Player 2's two cards into two turns.
  const split = [
    start,
    settled(500, ['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1]),
    settled(1000, ['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1], ['4-star-orange', 1, 1]),
    settled(1500, ['2-triangle-yellow', 0, 0], ['3-square-red', 0, 1], ['4-star-orange', 1, 1], ['5-star-red', 2, 1]),
  ];

  it('merge: two turns the camera split are one turn, by one player, scored as one play', () => {
    const before = judge(fold(split));
    expect(before.turns.map((t) => t.player)).toEqual([0, 1, 0]);
    const merged = judge(fold([...split, { kind: 'merge', index: 1 }]));
    expect(merged.turns.map((t) => [t.player, t.added.map((p) => p.card)])).toEqual([
      [0, ['3-square-red']],
      [1, ['4-star-orange', '5-star-red']],
    ]);
    // 3-square-red, 4-star-orange, 5-star-red down column 1 from (0,1)... and the bonus for 5-star-red.
    expect(merged.scores[1]).toBe(merged.turns[1]!.points);
    expect(merged.turns[1]!.points).toBeGreaterThan(0);
    expect(merged.current).toBe(0);
  });

  it('merge of the last turn changes nothing, and says why', () => {
    const state = fold([...split, { kind: 'merge', index: 2 }]);
    expect(judge(state).turns).toHaveLength(3);
    expect(state.notices.at(-1)).toMatch(/^nothing merged: turn 3 has no turn after it/);
  });

  it('assign: a turn given to another player moves the turn order on from them', () => {
    const j = judge(fold([...split, { kind: 'assign', index: 1, player: 0 }]));
    expect(j.turns.map((t) => t.player)).toEqual([0, 0, 1]);
    const same = fold([...split, { kind: 'assign', index: 1, player: 1 }]);
    expect(same.notices.at(-1)).toBe("nothing changed: turn 2 is already Player 2's");
  });

  it('dismiss: the warning stays, marked with the reason, and no longer counts against the turn', () => {
    const illegal = [start, settled(500, ['2-triangle-yellow', 0, 0], ['2-circle-violet', 1, 0])];
    expect(judge(fold(illegal)).turns[0]!.legal).toBe(false);
    const j = judge(fold([...illegal, { kind: 'dismiss', index: 0, rule: 'no-step-at-contact', reason: 'house rule agreed before the game' }]));
    expect(j.turns[0]!.legal).toBe(true);
    expect(j.turns[0]!.warnings).toEqual([expect.objectContaining({ rule: 'no-step-at-contact', dismissed: 'house rule agreed before the game' })]);
    const none = fold([...illegal, { kind: 'dismiss', index: 0, rule: 'card-moved', reason: 'x' }]);
    expect(none.notices.at(-1)).toBe('nothing dismissed: turn 1 has no card-moved warning');
  });
});
