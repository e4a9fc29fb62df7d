import { describe, expect, it } from 'vitest';
import { ticDeck } from '../../src/cards/tic.js';
import { check, seqref } from '../helpers/cli.js';

const CONTRACT_DUO = ['1-circle-red', '2-crescent-orange', '3-triangle-yellow', '4-square-violet'];

describe('seqref check: sequence-hunt / claim', () => {
  it('judges the contract\'s 4-card Duo legal, worth 3 points, in sequence order', () => {
    const { status, answer } = check({ game: 'sequence-hunt', kind: 'claim', claim: { type: 'duo', size: 4 }, cards: [...CONTRACT_DUO].reverse() });
    expect(status).toBe(0);
    expect(answer).toMatchObject({ legal: true, points: 3, violations: [], set: { type: 'duo', size: 4, cards: CONTRACT_DUO } });
  });

  it('adds the Extreme bonus to the For Points value', () => {
    const cards = ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow', '4-square-orange', '5-star-red'];
    expect(check({ game: 'sequence-hunt', kind: 'claim', claim: { type: 'tripo', size: 5 }, cards }).answer.points).toBe(13);
  });

  it('answers 0 points and a violation for an illegal claim, exit 0', () => {
    const { status, answer } = check({ game: 'sequence-hunt', kind: 'claim', claim: { type: 'tripo', size: 4 }, cards: CONTRACT_DUO });
    expect(status).toBe(0);
    expect(answer.legal).toBe(false);
    expect(answer.points).toBe(0);
    expect(answer.violations.map((v: { rule: string }) => v.rule)).toEqual(['not-a-set']);
    expect(answer.violations[0].message).toContain('number and shape sequence (a Duo)');
  });

  it('treats a card named twice as a violation, not bad input', () => {
    const { status, answer } = check({ game: 'sequence-hunt', kind: 'claim', claim: { type: 'mono', size: 3 }, cards: ['1-circle-red', '2-star-red', '1-Circle-Red'] });
    expect(status).toBe(0);
    expect(answer.violations).toEqual([{ rule: 'card-named-twice', message: '1-circle-red is named more than once', cards: ['1-circle-red'] }]);
    expect(answer.points).toBe(0);
  });
});

describe('seqref check: sequence-hunt / spot', () => {
  it('counts every set of the whole deck: mono-3 115461, duo-3 6426, tripo-3 108', () => {
    const { status, answer } = check({ game: 'sequence-hunt', kind: 'spot', cards: ticDeck() });
    expect(status).toBe(0);
    expect(answer.legal).toBe(true);
    expect(answer.points).toBeNull();
    expect(answer.counts).toEqual({
      'mono-3': 115461, 'duo-3': 6426, 'tripo-3': 108,
      'mono-4': 2154478, 'duo-4': 14904, 'tripo-4': 32,
      'mono-5': 28168241, 'duo-5': 18738, 'tripo-5': 4,
    });
    expect(answer.sets).toHaveLength(1000);
    expect(answer.sets[0]).toEqual({ type: 'mono', size: 3, cards: expect.any(Array) });
  });

  it('lists up to "limit" sets, and flags a card named twice', () => {
    const cards = ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow', '4-square-orange', '3-triangle-yellow'];
    const { status, answer } = check({ game: 'sequence-hunt', kind: 'spot', cards, limit: 2 });
    expect(status).toBe(0);
    expect(answer.counts['tripo-4']).toBe(1);
    expect(answer.counts['tripo-3']).toBe(2);
    expect(answer.sets).toEqual([
      { type: 'tripo', size: 3, cards: ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow'] },
      { type: 'tripo', size: 3, cards: ['2-crescent-cyan', '3-triangle-yellow', '4-square-orange'] },
    ]);
    expect(answer.legal).toBe(false);
    expect(answer.violations.map((v: { rule: string }) => v.rule)).toEqual(['card-named-twice']);
  });
});

describe('seqref check: bad Sequence Hunt input', () => {
  const cases: Array<[string, unknown]> = [
    ['an unknown card', { game: 'sequence-hunt', kind: 'claim', claim: { type: 'duo', size: 3 }, cards: ['1-circle-red', '2-hexagon-red', '3-circle-red'] }],
    ['an unknown set type', { game: 'sequence-hunt', kind: 'claim', claim: { type: 'quadro', size: 3 }, cards: ['1-circle-red'] }],
    ['a size that is not a whole number', { game: 'sequence-hunt', kind: 'claim', claim: { type: 'mono', size: 3.5 }, cards: [] }],
    ['a missing claim', { game: 'sequence-hunt', kind: 'claim', cards: ['1-circle-red'] }],
    ['cards that are not a list', { game: 'sequence-hunt', kind: 'spot', cards: '1-circle-red' }],
    ['a negative limit', { game: 'sequence-hunt', kind: 'spot', cards: [], limit: -1 }],
  ];
  for (const [what, input] of cases) {
    it(`exits 2 with one line and no stack trace on ${what}`, () => {
      const { status, stderr } = check(input);
      expect(status).toBe(2);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^seqref: /);
      expect(stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('exits 2 on text that is not JSON', () => {
    const { status, stderr } = seqref(['check', '-'], '{ "game": "sequence-hunt", ');
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
