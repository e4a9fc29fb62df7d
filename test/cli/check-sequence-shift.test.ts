import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { check, SEQREF, seqref } from '../helpers/cli.js';

const TRIPO = [
  { card: '1-circle-violet', row: 0, col: 0 },
  { card: '2-crescent-cyan', row: 0, col: 1 },
  { card: '3-triangle-yellow', row: 0, col: 2 },
];

const turnCase = (overrides: Record<string, unknown> = {}) => ({
  game: 'sequence-shift',
  kind: 'turn',
  opened: true,
  variant: 'standard',
  before: TRIPO,
  after: [...TRIPO, { card: '4-square-orange', row: 0, col: 3 }],
  hand: ['4-square-orange', '5-star-red'],
  ...overrides,
});

function expectBadInput(result: { status: number | null; stderr: string }, mentions: RegExp): void {
  expect(result.status).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(mentions);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('seqref check: sequence-shift', () => {
  beforeAll(() => {
    if (!existsSync(SEQREF)) throw new Error('build first: npx tsc -p tsconfig.build.json');
  });

  it('judges a legal table with an intersection, naming its sequences', () => {
    const { status, answer } = check({
      game: 'sequence-shift',
      kind: 'table',
      table: [...TRIPO, { card: '3-Triangle-Cyan', row: 1, col: 1 }],
    });
    expect(status).toBe(0);
    expect(answer).toEqual({
      legal: true,
      points: null,
      violations: [],
      sequences: [
        { direction: 'across', cards: ['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow'], type: 'tripo', properties: ['number', 'shape', 'colour'] },
        { direction: 'down', cards: ['2-crescent-cyan', '3-triangle-cyan'], type: 'duo', properties: ['number', 'shape'] },
      ],
    });
  });

  it('reports a branch, a lone card and a card named twice as violations (exit 0)', () => {
    const { status, answer } = check({
      game: 'sequence-shift',
      kind: 'table',
      table: [...TRIPO, { card: '5-star-red', row: 1, col: 1 }, { card: '4-square-orange', row: 5, col: 5 }, { card: '1-circle-violet', row: 9, col: 9 }],
    });
    expect(status).toBe(0);
    expect(answer.legal).toBe(false);
    expect(answer.points).toBeNull();
    expect(answer.violations.map((v: { rule: string }) => v.rule)).toEqual(['card-repeated', 'branching', 'lone-card', 'lone-card']);
  });

  it('judges a turn and names the cards played', () => {
    const { status, answer } = check(turnCase());
    expect(status).toBe(0);
    expect(answer).toEqual({ legal: true, points: null, violations: [], played: ['4-square-orange'] });
  });

  it('holds a player who has not opened to sequences from the hand only', () => {
    const { answer } = check(turnCase({ opened: false }));
    expect(answer.legal).toBe(false);
    expect(answer.violations.map((v: { rule: string }) => v.rule)).toEqual(['opening-touches-table']);
    const { answer: open } = check(turnCase({ opened: false, variant: 'open-table' }));
    expect(open.legal).toBe(true);
  });

  it('reads "opened" as false and "variant" as standard when they are left out', () => {
    const { opened: _o, variant: _v, ...bare } = turnCase();
    expect(check(bare).answer.violations.map((v: { rule: string }) => v.rule)).toEqual(['opening-touches-table']);
  });

  it('refuses an unknown variant as bad input: exit 2, one line, no stack trace', () => {
    expectBadInput(check(turnCase({ variant: 'speedy' })), /variant.*standard, simple, open-table/);
  });

  it('refuses an unknown card, a missing field and a non-boolean "opened" the same way', () => {
    expectBadInput(check(turnCase({ hand: ['4-square-orange', '6-star-red'] })), /hand\[1\].*6-star-red/);
    const { after: _a, ...noAfter } = turnCase();
    expectBadInput(check(noAfter), /"after"/);
    expectBadInput(check(turnCase({ opened: 'yes' })), /"opened"/);
    expectBadInput(check({ game: 'sequence-shift', kind: 'table', table: [{ card: '1-circle-violet', row: 0.5, col: 0 }] }), /row/);
    expectBadInput(seqref(['check', '-'], '{ "game": "sequence-shift", "kind": "table", "table": [ }'), /JSON/);
  });

  it('judges the bundled example cases as their descriptions say', () => {
    const expected: Record<string, boolean> = {
      'sequence-shift-table-intersection.json': true,
      'sequence-shift-table-branching.json': false,
      'sequence-shift-turn-rearrange.json': true,
      'sequence-shift-turn-not-opened.json': false,
    };
    for (const [file, legal] of Object.entries(expected)) {
      const path = new URL(`../../examples/cases/${file}`, import.meta.url);
      const result = seqref(['check', path.pathname]);
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout).legal).toBe(legal);
      expect(JSON.parse(readFileSync(path, 'utf8')).description).toMatch(legal ? /\(legal\)/ : /\(illegal\)/);
    }
  });
});
