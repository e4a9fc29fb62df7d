import { describe, expect, it } from 'vitest';
import { sequenceShift, type ShiftVariant } from '../../src/rules/sequence-shift.js';
import { layout } from '../helpers/picture.js';

interface TurnPictures {
  readonly before: string;
  readonly after: string;
  readonly hand: readonly string[];
  readonly opened?: boolean;
  readonly variant?: ShiftVariant;
}

const turn = ({ before, after, hand, opened = true, variant = 'standard' }: TurnPictures) =>
  sequenceShift.judgeTurn({ before: layout(before), after: layout(after), hand, opened, variant });
const rules = (t: TurnPictures) => turn(t).violations.map((v) => v.rule);

const TRIPO = '1-circle-violet 2-crescent-cyan 3-triangle-yellow';

describe('Sequence Shift: opening play', () => {
  it('"Before a player may use or rearrange cards already on the table, that player must make an opening sequence entirely from cards in their own hand."', () => {
    const extended = { before: TRIPO, after: `${TRIPO} 4-square-orange`, hand: ['4-square-orange', '5-star-red'], opened: false };
    expect(rules(extended)).toEqual(['opening-touches-table']);
    expect(turn(extended).violations[0]!.message).toContain('4-square-orange touches the table card 3-triangle-yellow');
    expect(rules({ ...extended, opened: true })).toEqual([]);
  });

  it('"The opening sequence must: contain at least 2 cards; and form a legal Duo or Tripo."', () => {
    expect(rules({ before: '', after: '4-square-orange', hand: ['4-square-orange'], opened: false })).toEqual(['lone-card']);
    expect(rules({ before: '', after: '4-square-orange 3-circle-violet', hand: ['4-square-orange', '3-circle-violet'], opened: false })).toEqual([
      'run-not-duo-or-tripo',
    ]);
    const opening = turn({ before: '', after: '4-square-orange 5-star-red', hand: ['4-square-orange', '5-star-red', '1-circle-red'], opened: false });
    expect(opening).toEqual({ violations: [], played: ['4-square-orange', '5-star-red'] });
  });

  it('"A player may create more than one sequence using cards from their own hand on their opening turn"', () => {
    const after = `
      ${TRIPO}
      .               .               .
      4-square-orange 5-star-red      .
      .               .               .
      1-star-red      2-square-violet .
    `;
    const hand = ['4-square-orange', '5-star-red', '1-star-red', '2-square-violet'];
    expect(turn({ before: TRIPO, after, hand, opened: false })).toEqual({ violations: [], played: hand });
  });

  it('"but may not use or rearrange cards already on the table until a later turn"', () => {
    const moved = `
      1-circle-violet 2-crescent-cyan .
      .               .               .
      4-square-orange 5-star-red      .
      .               .               .
      3-triangle-yellow .             .
    `;
    // The opening itself is fine, but the table card moved (and its old pair with 3-triangle-yellow is gone).
    expect(rules({ before: TRIPO, after: moved, hand: ['4-square-orange', '5-star-red'], opened: false })).toContain('table-card-moved');
  });
});

describe('Sequence Shift: playing after opening', () => {
  it('"A sequence may be extended from either end as long as the new card continues its sequencing pattern."', () => {
    const ends = { before: `. ${TRIPO} .`, after: `5-circle-violet ${TRIPO} 4-square-orange`, hand: ['5-circle-violet', '4-square-orange'] };
    // 5 → 1 is no number step: the left end does not continue the pattern.
    expect(rules(ends)).toEqual(['run-not-duo-or-tripo']);
    expect(rules({ ...ends, after: `. ${TRIPO} 4-square-orange` })).toEqual([]);
  });

  it('"Only the final arrangement matters. A player is therefore free to change the type, direction or composition of existing sequences"', () => {
    // A 4-card Tripo split into two pairs, with a hand card crossing one of them.
    const before = '1-circle-violet 2-crescent-cyan 3-triangle-yellow 4-square-orange';
    const after = `
      1-circle-violet 2-crescent-cyan   .
      .               3-triangle-cyan   .
      .               .                 .
      3-triangle-yellow 4-square-orange .
    `;
    expect(turn({ before, after, hand: ['3-triangle-cyan'] })).toEqual({ violations: [], played: ['3-triangle-cyan'] });
  });

  it('"If a player rearranges cards already on the table, they must successfully add at least one card from their own hand before completing the turn."', () => {
    const before = '1-circle-violet 2-crescent-cyan 3-triangle-yellow 4-square-orange';
    const after = `
      1-circle-violet 2-crescent-cyan
      .               .
      3-triangle-yellow 4-square-orange
    `;
    const violations = turn({ before, after, hand: ['5-star-red'] }).violations;
    expect(violations.map((v) => v.rule)).toEqual(['no-card-played']);
  });

  it('"If the player cannot produce a completely legal arrangement" the attempt is illegal (the completed table is judged)', () => {
    const before = '1-circle-violet 2-crescent-cyan 3-triangle-yellow 4-square-orange';
    const after = `
      1-circle-violet 2-crescent-cyan 5-star-red
      .               .               .
      3-triangle-yellow .             .
    `;
    expect(rules({ before, after, hand: ['5-star-red'] })).toEqual(['run-not-duo-or-tripo', 'lone-card', 'card-left-table']);
  });

  it('table cards never leave the table, and new cards come from the hand', () => {
    const violations = turn({ before: TRIPO, after: '1-circle-violet 2-crescent-cyan . 4-square-orange 5-star-red', hand: ['4-square-orange'] }).violations;
    expect(violations.map((v) => [v.rule, v.cards])).toEqual([
      ['card-left-table', ['3-triangle-yellow']],
      ['card-not-in-hand', ['5-star-red']],
    ]);
  });

  it('a hand naming a card twice, or a card already on the table, is reported', () => {
    expect(rules({ before: TRIPO, after: `${TRIPO} 4-square-orange`, hand: ['4-square-orange', '4-square-orange'] })).toEqual(['hand-card-repeated']);
    expect(rules({ before: TRIPO, after: `${TRIPO} 4-square-orange`, hand: ['4-square-orange', '1-circle-violet'] })).toEqual(['hand-card-on-table']);
  });
});

describe('Sequence Shift: creating an intersection', () => {
  it('"a player could use an existing table card as one end of a new two-card vertical Duo by placing a compatible card immediately above or below it"', () => {
    const after = `
      ${TRIPO}
      . 3-triangle-cyan .
    `;
    expect(turn({ before: TRIPO, after, hand: ['3-triangle-cyan'] })).toEqual({ violations: [], played: ['3-triangle-cyan'] });
    const above = `
      . 1-circle-cyan .
      ${TRIPO}
    `;
    expect(turn({ before: `. . .\n${TRIPO}`, after: above, hand: ['1-circle-cyan'] }).violations).toEqual([]);
  });

  it('"Alternatively, the existing card could serve as the middle card of a new three-card vertical sequence, with one card placed above it and another below it."', () => {
    const after = `
      . 1-circle-cyan   .
      ${TRIPO}
      . 3-triangle-cyan .
    `;
    const hand = ['1-circle-cyan', '3-triangle-cyan'];
    expect(turn({ before: `. . .\n${TRIPO}`, after, hand })).toEqual({ violations: [], played: hand });
  });

  it('"Because the intersection card already belongs to a horizontal sequence, only one additional card is needed" - but a card that makes no Duo with it branches', () => {
    const after = `
      ${TRIPO}
      . 4-crescent-red .
    `;
    expect(rules({ before: TRIPO, after, hand: ['4-crescent-red'] })).toEqual(['branching']);
  });
});

describe('Sequence Shift: variations', () => {
  const before = '1-circle-violet 2-crescent-cyan 3-triangle-yellow 4-square-orange';
  const split = `
    1-circle-violet 2-crescent-cyan   .
    .               3-triangle-cyan   .
    .               .                 .
    3-triangle-yellow 4-square-orange .
  `;

  it('"Simple Shift: Players may create new sequences; extend existing sequences; and create intersections; but may not rearrange cards already played."', () => {
    expect(rules({ before, after: split, hand: ['3-triangle-cyan'], variant: 'simple' })).toEqual(['table-card-moved', 'table-card-moved']);
    expect(rules({ before, after: `${before} 5-star-red`, hand: ['5-star-red'], variant: 'simple' })).toEqual([]);
    const crossing = `
      ${before}
      . 3-triangle-cyan . .
    `;
    expect(rules({ before, after: crossing, hand: ['3-triangle-cyan'], variant: 'simple' })).toEqual([]);
  });

  it('Simple Shift still asks for an opening from the hand', () => {
    expect(rules({ before, after: `${before} 5-star-red`, hand: ['5-star-red'], variant: 'simple', opened: false })).toEqual(['opening-touches-table']);
  });

  it('"Open Table: Players do not need to make an independent opening sequence before using cards already on the table."', () => {
    expect(rules({ before, after: split, hand: ['3-triangle-cyan'], variant: 'open-table', opened: false })).toEqual([]);
    expect(rules({ before, after: split, hand: ['3-triangle-cyan'], variant: 'standard', opened: false })).toEqual(
      expect.arrayContaining(['table-card-moved', 'opening-touches-table']),
    );
  });
});
