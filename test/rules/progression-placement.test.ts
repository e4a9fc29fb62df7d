// Progression placement rules: which laydowns are legal, and the rule code of each violation.
import { describe, expect, it } from 'vitest';
import { progression } from '../../src/rules/progression.js';
import { layout } from '../helpers/picture.js';

const rules = (result: { violations: readonly { rule: string }[] }) => result.violations.map((v) => v.rule);

describe('Progression: legal placements', () => {
  it('"2-triangle-yellow → 3-square-red: The number increases by one and the shape increases by one, so these two cards begin a possible Duo sequence."', () => {
    const table = layout('2-triangle-yellow');
    const play = layout('. 3-square-red');
    const result = progression.judgePlay(table, play);
    expect(result.violations).toEqual([]);
    // "However, a sequence must contain at least 3 cards before it can score."
    expect(result.points).toBe(0);
    expect(result.across).toBeNull();
  });

  it('"Cards must be placed in horizontal or vertical rows and columns. Diagonal connections do not count."', () => {
    const table = layout('3-triangle-yellow');
    // 4-triangle-yellow steps in number with 3-triangle-yellow, but only touches it corner to corner.
    const result = progression.judgePlay(table, layout('. 4-triangle-yellow', { row: 1, col: 0 }));
    expect(rules(result)).toEqual(['not-touching-layout']);
    expect(result.points).toBe(0);
    // And what a card meets only diagonally never has to step: 2-triangle-yellow steps with
    // 3-triangle-yellow above it, not with 4-triangle-yellow at its corner, and is legal.
    const besideAndDiagonal = progression.judgePlay(layout('3-triangle-yellow 4-triangle-yellow'), layout('2-triangle-yellow', { row: 1, col: 0 }));
    expect(besideAndDiagonal.violations).toEqual([]);
  });

  it('"Every edge-to-edge connection created by the newly played cards must have at least one property that changes by exactly one step." (placed against table)', () => {
    // 5-star-violet against 3-triangle-yellow: 5 vs 3, star vs triangle, violet vs yellow: nothing steps by one.
    const result = progression.judgePlay(layout('3-triangle-yellow'), layout('. 5-star-violet'));
    expect(rules(result)).toEqual(['no-step-at-contact']);
    expect(result.violations[0]!.cards).toEqual(['5-star-violet', '3-triangle-yellow']);
    expect(result.violations[0]!.message).toContain('5-star-violet');
    expect(result.points).toBe(0);
  });

  it('"Every edge-to-edge connection created ..." includes the side contacts of a card played into a corner of the layout', () => {
    const table = layout(`
      3-triangle-yellow 4-triangle-yellow
      3-square-yellow   .
    `);
    // 4-square-yellow steps with 4-triangle-yellow above (shape) and 3-square-yellow left (number).
    expect(progression.judgePlay(table, layout('. 4-square-yellow', { row: 1, col: 0 })).violations).toEqual([]);
    // 2-star-violet steps with 3-square-yellow on its left (number, shape) but not with
    // 4-triangle-yellow above it (2/4, star/triangle, violet/yellow).
    const result = progression.judgePlay(table, layout('. 2-star-violet', { row: 1, col: 0 }));
    expect(rules(result)).toEqual(['no-step-at-contact']);
    expect(result.violations[0]!.cards).toEqual(['2-star-violet', '4-triangle-yellow']);
  });

  it('"If you play more than one card, all cards played on that turn must: • be placed in the same horizontal row or vertical column"', () => {
    const table = layout('3-triangle-yellow');
    const play = [
      { card: '4-triangle-yellow', row: 0, col: 1 },
      { card: '3-square-yellow', row: 1, col: 0 },
    ];
    const result = progression.judgePlay(table, play);
    expect(rules(result)).toEqual(['not-in-one-line']);
    expect(result.points).toBe(0);
  });

  it('"• form one continuous connected line with no gaps"', () => {
    const table = layout('3-triangle-yellow');
    const gap = progression.judgePlay(table, layout('. 4-triangle-yellow . 4-triangle-orange'));
    expect(rules(gap)).toEqual(['gap-in-line']);
    expect(gap.violations[0]!.message).toContain('row 0, col 2');
    // A table card between the placed cards fills the line: "You may ... use your cards to create
    // a new sequence connected to the existing layout".
    const bridged = progression.judgePlay(layout('. 3-triangle-yellow'), layout('2-triangle-yellow . 4-triangle-yellow'));
    expect(bridged.violations).toEqual([]);
    expect(bridged.points).toBe(3); // 2-3-4 in number: a 3-card Mono
  });

  it('"• create a legal sequence with the cards they connect to": each contact between two placed cards must step too', () => {
    const table = layout('3-triangle-yellow');
    // 4-triangle-yellow steps with the table card; 1-circle-red beside it steps with nothing.
    const result = progression.judgePlay(table, layout('. 4-triangle-yellow 1-circle-red'));
    expect(rules(result)).toEqual(['no-step-at-contact']);
    expect(result.violations[0]!.cards).toEqual(['4-triangle-yellow', '1-circle-red']);
  });

  it('a play must touch the layout', () => {
    const result = progression.judgePlay(layout('3-triangle-yellow'), layout('. . 4-triangle-yellow 5-triangle-yellow'));
    expect(rules(result)).toEqual(['not-touching-layout']);
    expect(result.violations[0]!.cards).toEqual(['4-triangle-yellow', '5-triangle-yellow']);
  });

  it('on an empty table any line of stepping cards is legal (contract: "touch the layout (unless the table is empty)")', () => {
    const result = progression.judgePlay([], layout('1-star-yellow 2-square-yellow 3-triangle-red 4-crescent-cyan'));
    expect(result.violations).toEqual([]);
    expect(result.points).toBe(8);
  });

  it('refuses an empty play, a card already on the table, a card placed twice and occupied cells, each with its code', () => {
    const table = layout('3-triangle-yellow 4-triangle-yellow');
    expect(rules(progression.judgePlay(table, []))).toEqual(['empty-play']);
    expect(rules(progression.judgePlay(table, [{ card: '4-triangle-yellow', row: 1, col: 0 }]))).toEqual(['card-already-on-table']);
    expect(rules(progression.judgePlay(table, [{ card: '5-triangle-yellow', row: 0, col: 1 }]))).toEqual(['cell-occupied']);
    const twice = progression.judgePlay(table, [
      { card: '5-triangle-yellow', row: 0, col: 2 },
      { card: '5-triangle-yellow', row: 0, col: 3 },
    ]);
    expect(rules(twice)).toContain('card-played-twice');
    const sameCell = progression.judgePlay(table, [
      { card: '5-triangle-yellow', row: 0, col: 2 },
      { card: '5-triangle-orange', row: 0, col: 2 },
    ]);
    expect(rules(sameCell)).toEqual(['cell-played-twice']);
    for (const result of [twice, sameCell]) expect(result.points).toBe(0);
  });

  it('reports a table that cannot be (a card twice, two cards on one cell)', () => {
    const play = layout('. . 5-triangle-yellow');
    expect(rules(progression.judgePlay([...layout('3-triangle-yellow 4-triangle-yellow'), { card: '3-triangle-yellow', row: 5, col: 5 }], play))).toEqual(['table-card-repeated']);
    expect(rules(progression.judgePlay([...layout('3-triangle-yellow 4-triangle-yellow'), { card: '1-circle-cyan', row: 0, col: 0 }], play))).toEqual(['table-cell-overlap']);
  });

  it('"You may add cards to one end of an existing line" (several cards at once, in a column)', () => {
    const table = layout('3-triangle-yellow');
    const play = [
      { card: '3-triangle-orange', row: 1, col: 0 },
      { card: '3-triangle-red', row: 2, col: 0 },
    ];
    const result = progression.judgePlay(table, play);
    expect(result.violations).toEqual([]);
    expect(result.down?.cards).toEqual(['3-triangle-yellow', '3-triangle-orange', '3-triangle-red']);
    expect(result.points).toBe(3);
  });
});
