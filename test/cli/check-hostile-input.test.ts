// Hostile input to `seqref check`: a card field nested 5,000 levels deep, a Hunt spot limit of
// 1e9, integers past 2^53, a 5 MB card name. Each answers exit 2 with one short line naming the
// problem, never a stack trace, an out-of-memory crash or a wrong verdict.
import { describe, expect, it } from 'vitest';
import { seqref } from '../helpers/cli.js';

const refused = (text: string, problem: RegExp): void => {
  const run = seqref(['check', '-'], text);
  expect(run.status, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]!.length).toBeLessThanOrEqual(320);
  expect(lines[0]).toMatch(problem);
  expect(run.stderr).not.toMatch(/\n\s+at |RangeError|FATAL|heap/i);
};

const play = (table: string): string => `{"game":"progression","kind":"play","table":[${table}],"play":[{"card":"3-square-red","row":0,"col":1}]}`;

describe('seqref check on hostile input', () => {
  it('a card field nested 5,000 levels deep (and a JSON text nested 200,000 deep)', () => {
    refused(play(`{"card":${'['.repeat(5000)}${']'.repeat(5000)},"row":0,"col":0}`), /nested 17 levels deep; a case needs at most 16/);
    refused(play(`{"card":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)},"row":0,"col":0}`), /nested/);
    refused(`{"game":${'['.repeat(200_000)}${']'.repeat(200_000)}}`, /nested/);
  });

  it('a Sequence Hunt spot limit of 1e9, and one of 1e30', () => {
    refused('{"game":"sequence-hunt","kind":"spot","cards":["1-circle-red","2-circle-red","3-circle-red"],"limit":1e9}', /"limit" must be from 0 to 100000, not 1000000000/);
    refused('{"game":"sequence-hunt","kind":"spot","cards":["1-circle-red"],"limit":1e30}', /"limit" must be an integer of at most 2\^53 - 1/);
  });

  it('integers past 2^53 (read as their neighbours, they would give a wrong verdict), and positions far off the table', () => {
    refused(play('{"card":"2-triangle-yellow","row":9007199254740993,"col":0}'), /table\[0\]: field "row" must be an integer of at most 2\^53 - 1/);
    refused(play('{"card":"2-triangle-yellow","row":0,"col":-123456789}'), /field "col" must be from -1000 to 1000/);
  });

  it('a 5 MB card name is quoted short', () => {
    refused(play(`{"card":"${'x'.repeat(5_000_000)}","row":0,"col":0}`), /unknown TIC card "x{40}"\.\.\. \(5000000 characters\)/);
    refused(`{"game":"${'g'.repeat(5_000_000)}","kind":"play"}`, /unknown case "g{40}"\.\.\. \(5000000 characters\)/);
  });

  it('the largest legal answer is still given: every set of the whole deck, counted, up to the limit', () => {
    const deck = [1, 2, 3, 4, 5].flatMap((n) => ['circle', 'crescent', 'triangle', 'square', 'star'].flatMap((s) => ['violet', 'cyan', 'yellow', 'orange', 'red'].map((c) => `${n}-${s}-${c}`)));
    const run = seqref(['check', '-'], JSON.stringify({ game: 'sequence-hunt', kind: 'spot', cards: deck, limit: 5_000 }));
    expect(run.status, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout) as { counts: Record<string, number>; sets: unknown[] };
    expect(answer.counts['mono-3']).toBe(115461);
    expect(answer.sets).toHaveLength(5_000);
  });
});
