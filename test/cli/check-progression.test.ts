// `seqref check` on progression / play cases, through the built command (npx tsc -p tsconfig.build.json first).
import { describe, expect, it } from 'vitest';
import { check, seqref } from '../helpers/cli.js';

const at = (card: string, row: number, col: number) => ({ card, row, col });

describe('seqref check: progression / play', () => {
  it('judges the contract example: legal, 0 points (two cards begin a Duo but do not score yet)', () => {
    const { status, answer } = check({
      game: 'progression',
      kind: 'play',
      table: [at('2-triangle-yellow', 0, 0)],
      play: [at('3-square-red', 0, 1)],
      options: { reversing: false },
    });
    expect(status).toBe(0);
    expect(answer).toEqual({ legal: true, points: 0, violations: [], sequences: [] });
  });

  it('answers the points and the scored sequences, reading card names case-insensitively and options.reversing', () => {
    const line = ['3-square-cyan', '4-square-cyan', '5-square-cyan', '4-square-orange'];
    const base = { game: 'progression', kind: 'play', table: line.map((card, col) => at(card, 0, col)), play: [at('3-Square-ORANGE', 0, 4)] };
    const standard = check(base);
    expect(standard.status).toBe(0);
    expect(standard.answer).toMatchObject({ legal: true, points: 3, violations: [] });
    expect(standard.answer.sequences).toEqual([
      expect.objectContaining({ direction: 'across', cards: ['5-square-cyan', '4-square-orange', '3-square-orange'], type: 'mono', length: 3, points: 3 }),
    ]);
    const reversing = check({ ...base, options: { reversing: true } });
    expect(reversing.answer).toMatchObject({ legal: true, points: 5 });
  });

  it('answers an illegal play with exit 0, legal false, 0 points and the violation codes', () => {
    const { status, answer } = check({
      game: 'progression',
      kind: 'play',
      table: [at('3-triangle-yellow', 0, 0)],
      play: [at('5-star-violet', 0, 1)],
    });
    expect(status).toBe(0);
    expect(answer.legal).toBe(false);
    expect(answer.points).toBe(0);
    expect(answer.violations).toEqual([
      { rule: 'no-step-at-contact', message: expect.stringContaining('5-star-violet'), cards: ['5-star-violet', '3-triangle-yellow'] },
    ]);
  });

  it('a card named twice is a violation, not bad input', () => {
    const { status, answer } = check({
      game: 'progression',
      kind: 'play',
      table: [at('3-triangle-yellow', 0, 0)],
      play: [at('4-triangle-yellow', 0, 1), at('4-triangle-yellow', 0, 2)],
    });
    expect(status).toBe(0);
    expect(answer.violations.map((v: { rule: string }) => v.rule)).toContain('card-played-twice');
  });

  const badInput: Array<[string, string, RegExp]> = [
    ['an unknown card', JSON.stringify({ game: 'progression', kind: 'play', table: [at('3-triangle-yellow', 0, 0)], play: [at('6-star-red', 0, 1)] }), /play\[0\].*6-star-red/],
    ['a missing field', JSON.stringify({ game: 'progression', kind: 'play', table: [] }), /missing field "play"/],
    ['a position that is no integer', JSON.stringify({ game: 'progression', kind: 'play', table: [], play: [at('3-star-red', 0, 1.5)] }), /play\[0\].*"col"/],
    ['a reversing option that is no boolean', JSON.stringify({ game: 'progression', kind: 'play', table: [], play: [at('3-star-red', 0, 1)], options: { reversing: 'yes' } }), /reversing/],
    ['bad JSON', '{ "game": "progression", "kind": "play", ', /not valid JSON/],
  ];
  for (const [what, input, message] of badInput) {
    it(`exits 2 with one line on standard error and no stack trace on ${what}`, () => {
      const result = seqref(['check', '-'], input);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  }
});
