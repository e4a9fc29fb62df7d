// `seqref simulate` as a user runs it: the built command in a child process (build first:
// npx tsc -p tsconfig.build.json).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/simulate/index.js';
import { seqref } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-simulate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('seqref simulate', () => {
  it('prints a summary and writes one record a line with --out, game i played from seed N + i', () => {
    const out = join(dir, 'progression.jsonl');
    const result = seqref(['simulate', '--game', 'progression', '--seed', '5', '--games', '3', '--players', '3', '--illegal-every', '4', '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^progression: 3 games \(seeds 5-7\), 3 players, random policy$/m);
    expect(result.stdout).toMatch(/^winners: (player \d( and player \d)* \d+(, )?)+$/m);
    expect(result.stdout).toMatch(/^mean turns \d+\.\d \(\d+\.\d actions\); deliberate illegal attempts [1-9]\d*$/m);
    expect(result.stdout).toMatch(/^time \d+\.\d\d s \(\d+\.\d\d ms a game\)$/m);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    lines.forEach((line, i) => {
      // The same record the library makes in this process: nothing in it depends on the run.
      expect(line).toBe(JSON.stringify(simulate('progression', { seed: 5 + i, players: 3, illegalEvery: 4 })));
    });
  });

  it('writes the records to standard output with --out - and the summary to standard error', () => {
    const result = seqref(['simulate', '--game', 'sequence', '--games', '2', '--policy', 'greedy', '--out', '-']);
    expect(result.status).toBe(0);
    const records = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(records.map((r) => [r.game, r.seed, r.config.policy])).toEqual([
      ['sequence', 1, 'greedy'],
      ['sequence', 2, 'greedy'],
    ]);
    expect(result.stderr).toMatch(/^sequence: 2 games \(seeds 1-2\), 2 players, greedy policy$/m);
    expect(result.stderr).toMatch(/^winners: team (green|blue)/m);
  });

  it('reports progress on standard error for a long run', () => {
    const result = seqref(['simulate', '--game', 'sequence-shift', '--games', '20', '--variant', 'simple']);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('simulate: 10/20 games');
    expect(result.stdout).toMatch(/^sequence-shift: 20 games \(seeds 1-20\)/);
  });

  it.each([
    [['--game', 'chess'], 'unknown game "chess"'],
    [['--games', '3'], '--game is required'],
    [['--game', 'progression', '--games', '0'], '--games must be a whole number from 1'],
    [['--game', 'progression', '--seed'], '--seed needs a value'],
    [['--game', 'progression', '--seed', '-1'], '--seed must be a whole number from 0'],
    [['--game', 'progression', '--policy', 'clever'], '--policy must be random or greedy'],
    [['--game', 'progression', '--players', '7'], 'Progression is for 2 to 4 players'],
    [['--game', 'sequence-stacks', '--players', '1'], 'Sequence Stacks is for 2 to 6 players'],
    [['--game', 'sequence-hunt', '--variant', 'relay'], 'variant must be "race" or "for-points"'],
    [['--game', 'progression', '--turbo'], 'unknown option "--turbo"'],
    [['--game', 'progression', '--out', join(dir, 'no-such-dir', 'x.jsonl')], 'cannot write --out'],
  ])('exits 2 with one line for bad options: %j', (args, message) => {
    const result = seqref(['simulate', ...args]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^seqref: simulate: /);
    expect(result.stderr).toContain(message);
  });

  it('explains itself with --help', () => {
    const result = seqref(['simulate', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: seqref simulate --game G');
    expect(seqref(['--help']).stdout).toContain('seqref simulate --game G');
  });
});
