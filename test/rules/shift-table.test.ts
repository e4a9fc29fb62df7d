import { describe, expect, it } from 'vitest';
import { sequenceShift } from '../../src/rules/sequence-shift.js';
import { layout } from '../helpers/picture.js';

const judge = (picture: string) => sequenceShift.judgeTable(layout(picture));
const rules = (picture: string) => judge(picture).violations.map((v) => v.rule);

describe('Sequence Shift: which lines are legal sequences', () => {
  it('"a Duo could have: number ascending and shape ascending"', () => {
    const { violations, sequences } = judge('1-circle-red 2-crescent-violet 3-triangle-orange');
    expect(violations).toEqual([]);
    expect(sequences).toEqual([{ direction: 'across', cards: ['1-circle-red', '2-crescent-violet', '3-triangle-orange'], type: 'duo', properties: ['number', 'shape'] }]);
  });

  it('"number ascending and shape descending"', () => {
    expect(judge('1-star-red 2-square-violet 3-triangle-orange').sequences[0]).toMatchObject({ type: 'duo', properties: ['number', 'shape'] });
  });

  it('"number descending and colour ascending"', () => {
    expect(judge('3-star-violet 2-circle-cyan 1-star-yellow').sequences[0]).toMatchObject({ type: 'duo', properties: ['number', 'colour'] });
  });

  it('"shape ascending and colour descending"', () => {
    expect(judge('2-circle-red 5-crescent-orange 1-triangle-yellow').sequences[0]).toMatchObject({ type: 'duo', properties: ['shape', 'colour'] });
  });

  it('"If all three properties sequence, the sequence is a Tripo and is also legal."', () => {
    expect(judge('1-circle-violet 2-crescent-cyan 3-triangle-yellow 4-square-orange').sequences[0]).toMatchObject({ type: 'tripo' });
  });

  it('"The third property in a Duo does not have to follow a sequence."', () => {
    // number and shape step; colour jumps about.
    expect(rules('1-circle-red 2-crescent-violet 3-triangle-red 4-square-yellow')).toEqual([]);
  });

  it('"at least two of the same properties must progress consecutively, in consistent directions, throughout the entire sequence"', () => {
    // Each neighbouring pair is a Duo (number + shape, then shape + colour), but only shape runs through all three.
    expect(rules('1-circle-red 2-crescent-violet')).toEqual([]);
    expect(rules('2-crescent-violet 2-triangle-cyan')).toEqual([]);
    const violations = judge('1-circle-red 2-crescent-violet 2-triangle-cyan').violations;
    expect(violations.map((v) => v.rule)).toEqual(['run-not-duo-or-tripo']);
    expect(violations[0]!.message).toContain('1-circle-red, 2-crescent-violet, 2-triangle-cyan');
  });

  it('"A number sequence such as: 1 → 3 → 5 is not legal."', () => {
    expect(rules('1-circle-red 2-crescent-red 3-triangle-red')).toEqual([]);
    expect(rules('1-circle-red 3-crescent-red 5-triangle-red')).toEqual(['run-not-duo-or-tripo']);
  });

  it('"Sequences do not wrap around. For example: 4 → 5 → 1 is not legal."', () => {
    expect(rules('3-circle-red 4-crescent-red 5-triangle-red')).toEqual([]);
    expect(rules('4-circle-red 5-crescent-red 1-triangle-red')).toEqual(['run-not-duo-or-tripo']);
  });

  it('"Likewise, star does not continue to circle, and red does not continue to violet."', () => {
    expect(rules('1-square-violet 1-star-cyan 1-circle-yellow')).toEqual(['run-not-duo-or-tripo']);
    expect(rules('1-circle-orange 1-crescent-red 1-triangle-violet')).toEqual(['run-not-duo-or-tripo']);
  });

  it('"For Sequence Shift, only Duos and Tripos are legal table sequences." (a Mono is not)', () => {
    const violations = judge('1-circle-red 2-circle-red 3-circle-red').violations;
    expect(violations.map((v) => v.rule)).toEqual(['run-not-duo-or-tripo']);
    expect(violations[0]!.message).toMatch(/only number steps by one.*Mono/);
    expect(violations[0]!.cards).toEqual(['1-circle-red', '2-circle-red', '3-circle-red']);
  });
});

describe('Sequence Shift: every card in a sequence', () => {
  it('"No card may be left by itself as an incomplete sequence"', () => {
    const violations = judge(`
      1-circle-violet 2-crescent-cyan . 5-star-red
    `).violations;
    expect(violations).toEqual([expect.objectContaining({ rule: 'lone-card', cards: ['5-star-red'] })]);
  });

  it('"A legal sequence must contain at least 2 cards" (one card alone is not a sequence)', () => {
    expect(rules('3-star-orange')).toEqual(['lone-card']);
  });

  it('"Diagonal sequences are not used."', () => {
    expect(rules(`
      1-circle-violet .
      .               2-crescent-cyan
    `)).toEqual(['lone-card', 'lone-card']);
  });

  it('an empty table is legal (the game starts with one)', () => {
    expect(sequenceShift.judgeTable([])).toEqual({ violations: [], sequences: [] });
  });

  it('"Two sequences in one row or column need an empty cell between them: touching end to end they are one run."', () => {
    // Two legal pairs: apart they are fine, together the row is one run that is no Duo.
    expect(rules('1-circle-violet 2-crescent-cyan . 5-star-red 4-square-orange')).toEqual([]);
    const violations = judge('1-circle-violet 2-crescent-cyan 5-star-red 4-square-orange').violations;
    expect(violations.map((v) => v.rule)).toEqual(['run-not-duo-or-tripo']);
    expect(violations[0]!.message).toContain('need an empty cell between them');
  });

  it('names a card on the table twice and two cards on one cell', () => {
    expect(
      sequenceShift.judgeTable([
        { card: '1-circle-violet', row: 0, col: 0 },
        { card: '2-crescent-cyan', row: 0, col: 1 },
        { card: '1-circle-violet', row: 2, col: 0 },
        { card: '2-crescent-cyan', row: 2, col: 1 },
      ]).violations.map((v) => v.rule),
    ).toEqual(['card-repeated', 'card-repeated']);
    const crowded = sequenceShift.judgeTable([
      { card: '1-circle-violet', row: 0, col: 0 },
      { card: '2-crescent-cyan', row: 0, col: 1 },
      { card: '3-triangle-yellow', row: 0, col: 1 },
    ]).violations;
    expect(crowded).toEqual([expect.objectContaining({ rule: 'cell-taken', cards: ['2-crescent-cyan', '3-triangle-yellow'] })]);
  });
});

describe('Sequence Shift: intersections and branching', () => {
  const cross = `
    .               1-circle-cyan   .
    1-circle-violet 2-crescent-cyan 3-triangle-yellow
    .               3-triangle-cyan .
  `;

  it('"Sequences may cross one another. One sequence is laid horizontally and another vertically. The card at the intersection belongs to both sequences."', () => {
    const { violations, sequences } = judge(cross);
    expect(violations).toEqual([]);
    expect(sequences.filter((s) => s.cards.includes('2-crescent-cyan')).map((s) => s.direction)).toEqual(['across', 'down']);
  });

  it('"The two intersecting sequences do not have to sequence using the same properties."', () => {
    const { violations, sequences } = judge(`
      .           3-circle-violet .
      1-star-red  2-square-cyan   3-triangle-violet
      .           1-triangle-yellow .
    `);
    expect(violations).toEqual([]);
    expect(sequences.map((s) => [s.direction, s.properties])).toEqual([
      ['across', ['number', 'shape']],
      ['down', ['number', 'colour']],
    ]);
  });

  it('"A card may belong to a maximum of two sequences. If a card belongs to two sequences, one must run horizontally and the other vertically."', () => {
    // A card lies in one maximal run across and one down at most, so no card is ever in three.
    const runs = sequenceShift.tableRuns(layout(cross));
    const holding = runs.filter((r) => r.placements.some((p) => p.card === '2-crescent-cyan'));
    expect(holding.map((r) => r.direction)).toEqual(['across', 'down']);
  });

  it('"Sequences may not branch. A card cannot simply have another card attached above or below it unless that card forms part of a complete vertical Duo or Tripo"', () => {
    const violations = judge(`
      1-circle-violet 2-crescent-cyan 3-triangle-yellow
      .               5-star-red      .
    `).violations;
    expect(violations.map((v) => v.rule)).toEqual(['branching']);
    expect(violations[0]!.message).toContain('5-star-red is attached above or below 2-crescent-cyan of the across sequence');
    expect(violations[0]!.message).toContain('may not branch');
    // The same cell with a card that completes a vertical Duo is an intersection.
    expect(rules(`
      1-circle-violet 2-crescent-cyan 3-triangle-yellow
      .               3-triangle-cyan .
    `)).toEqual([]);
  });

  it('a card touching a sequence end from the side of its line joins the run (extending), and must keep it a Duo', () => {
    expect(rules('1-circle-violet 2-crescent-cyan 3-triangle-yellow 4-square-orange')).toEqual([]);
    expect(rules('1-circle-violet 2-crescent-cyan 3-triangle-yellow 5-circle-red')).toEqual(['run-not-duo-or-tripo']);
  });
});
