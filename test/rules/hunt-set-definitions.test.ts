import { describe, expect, it } from 'vitest';
import { sequenceHunt } from '../../src/rules/sequence-hunt.js';
import { listSets } from '../../src/rules/hunt-finder.js';
import { layout } from '../helpers/picture.js';

const { judgeClaim, setPoints } = sequenceHunt;
const rules = (cards: string[], type: 'mono' | 'duo' | 'tripo', size = cards.length): string[] =>
  judgeClaim({ type, size }, cards).violations.map((v) => v.rule);

describe('what makes a valid Sequence Hunt set', () => {
  it('"In a Mono set, exactly one property sequences consecutively through all the cards."', () => {
    // Numbers run 1 → 5; shapes and colours repeat, so they cannot run.
    const cards = ['3-star-violet', '1-star-red', '5-triangle-yellow', '2-circle-cyan', '4-crescent-red'];
    const judged = judgeClaim({ type: 'mono', size: 5 }, cards);
    expect(judged.violations).toEqual([]);
    // "The order of the cards is determined by the property that sequences."
    expect(judged.set?.cards).toEqual(['1-star-red', '2-circle-cyan', '3-star-violet', '4-crescent-red', '5-triangle-yellow']);
    expect(rules(cards, 'duo')).toEqual(['not-a-set']);
  });

  it('"The other two properties do not also form complete consecutive sequences." (a Duo is no Mono)', () => {
    expect(rules(['1-circle-violet', '2-crescent-cyan', '3-triangle-violet'], 'mono')).toEqual(['not-a-set']);
    expect(rules(['1-circle-violet', '2-crescent-cyan', '3-triangle-violet'], 'duo')).toEqual([]);
  });

  it('"In a Duo set, exactly two properties sequence ... numbers could ascend from 1 to 5; while colours descend from red to violet. The shapes would not also form a complete sequence."', () => {
    const cards = ['1-circle-red', '2-star-orange', '3-circle-yellow', '4-square-cyan', '5-triangle-violet'];
    expect(rules(cards, 'duo')).toEqual([]);
    expect(rules(cards, 'mono')).toEqual(['not-a-set']);
    expect(rules(cards, 'tripo')).toEqual(['not-a-set']);
  });

  it('"If all three properties sequence, the set is a Tripo rather than a Duo."', () => {
    const cards = ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow'];
    expect(rules(cards, 'tripo')).toEqual([]);
    expect(rules(cards, 'duo')).toEqual(['not-a-set']);
    expect(rules(cards, 'mono')).toEqual(['not-a-set']);
  });

  it('"numbers may ascend; shapes may descend; and colours may ascend. ... A 5-card Tripo therefore uses all five values of number, all five shapes and all five colours"', () => {
    const cards = ['4-crescent-orange', '1-star-violet', '5-circle-red', '3-triangle-yellow', '2-square-cyan'];
    const judged = judgeClaim({ type: 'tripo', size: 5 }, cards);
    expect(judged.violations).toEqual([]);
    expect(judged.set?.cards).toEqual(['1-star-violet', '2-square-cyan', '3-triangle-yellow', '4-crescent-orange', '5-circle-red']);
  });

  it('"Different properties may sequence in different directions. For example, number could ascend while shape descends."', () => {
    expect(rules(['1-star-red', '2-square-red', '3-triangle-violet'], 'duo')).toEqual([]);
  });

  it('"Every card in a claimed group must form one continuous sequence when arranged in the correct order." (shown in any order, judged in the right one)', () => {
    const judged = judgeClaim({ type: 'duo', size: 4 }, ['3-triangle-yellow', '1-circle-red', '4-square-violet', '2-crescent-orange']);
    expect(judged.violations).toEqual([]);
    expect(judged.set).toEqual({ type: 'duo', size: 4, cards: ['1-circle-red', '2-crescent-orange', '3-triangle-yellow', '4-square-violet'] });
  });

  it('a group one order makes a Mono and another a Duo is a legal claim of either', () => {
    // By number only number runs; by shape, shape and colour run together.
    const cards = ['1-crescent-cyan', '2-circle-violet', '3-triangle-yellow'];
    expect(judgeClaim({ type: 'mono', size: 3 }, cards).set?.cards).toEqual(['1-crescent-cyan', '2-circle-violet', '3-triangle-yellow']);
    expect(judgeClaim({ type: 'duo', size: 3 }, cards).set?.cards).toEqual(['2-circle-violet', '1-crescent-cyan', '3-triangle-yellow']);
    expect(rules(cards, 'tripo')).toEqual(['not-a-set']);
  });
});

describe('sequence length', () => {
  it('"A claimed set must contain exactly the number of cards required for that set." (a 3-card Duo, a 4-card Tripo, a 5-card Mono)', () => {
    expect(rules(['1-circle-violet', '2-crescent-cyan', '3-star-violet', '4-star-red'], 'duo', 3)).toEqual(['wrong-card-count']);
    expect(rules(['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow'], 'tripo', 4)).toEqual(['wrong-card-count']);
    expect(rules(['1-star-red', '2-circle-cyan', '3-star-violet', '4-crescent-red'], 'mono', 5)).toEqual(['wrong-card-count']);
    expect(rules(['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow', '4-square-orange', '5-star-red'], 'tripo', 6)).toEqual(['no-such-set']);
  });

  it('"1 → 2 → 3, 2 → 3 → 4 or 3 → 4 → 5 and any of these could also be reversed"', () => {
    for (const start of [1, 2, 3]) {
      const run = [start, start + 1, start + 2].map((n, i) => `${n}-${['circle', 'star', 'circle'][i]}-${['red', 'red', 'cyan'][i]}`);
      expect(rules(run, 'mono')).toEqual([]);
      expect(rules([...run].reverse(), 'mono')).toEqual([]);
      expect(judgeClaim({ type: 'mono', size: 3 }, [...run].reverse()).set?.cards).toEqual(run);
    }
  });

  it('"Sequences do not wrap around from the highest value back to the lowest value, or vice versa."', () => {
    expect(rules(['4-circle-red', '5-circle-red', '1-circle-red'], 'mono')).toEqual(['not-a-set']);
    expect(rules(['1-square-red', '1-star-red', '1-circle-red'], 'mono')).toEqual(['not-a-set']);
    expect(rules(['1-circle-orange', '1-circle-red', '1-circle-violet'], 'mono')).toEqual(['not-a-set']);
    expect(rules(['4-square-orange', '5-star-red', '1-circle-violet'], 'tripo')).toEqual(['not-a-set']);
  });

  it('a card named twice is a violation, not a set', () => {
    expect(rules(['1-circle-red', '2-star-red', '1-circle-red'], 'mono')).toEqual(['card-named-twice']);
  });
});

describe('where the cards lie', () => {
  it('"The cards in a claimed sequence do not need to touch each other. They may be scattered anywhere throughout the face-up grid."', () => {
    const grid = layout(`
      1-circle-violet  .                  4-star-red
      .                3-triangle-yellow  .
      5-circle-cyan    .                  2-crescent-cyan
    `).map((p) => p.card);
    expect([...listSets(grid, Infinity, ['tripo-3'])]).toEqual([
      { type: 'tripo', size: 3, cards: ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow'] },
    ]);
  });
});

describe('For Points', () => {
  it('"3-card set: 1 point - 4-card set: 3 points - 5-card set: 10 points"', () => {
    expect(setPoints(['2-star-red', '3-circle-red', '4-star-cyan'])).toBe(1);
    expect(setPoints(['2-star-red', '3-circle-red', '4-star-cyan', '5-star-cyan'])).toBe(3);
    expect(setPoints(['1-star-red', '2-circle-cyan', '3-star-violet', '4-crescent-red', '5-triangle-yellow'])).toBe(10);
  });

  it('"1-circle-violet: +1 point - 5-star-red: +2 points ... Each Extreme Card bonus is scored once for the set containing it."', () => {
    expect(setPoints(['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow'])).toBe(2);
    expect(setPoints(['3-triangle-yellow', '4-square-orange', '5-star-red'])).toBe(3);
    expect(setPoints(['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow', '4-square-orange', '5-star-red'])).toBe(13);
  });
});
