import { describe, expect, it } from 'vitest';
import { seqref } from '../helpers/cli.js';

// The built command (run `npx tsc -p tsconfig.build.json` first). Only the refusals: training
// itself takes minutes and is `npm run train`'s job, not a test's.
describe('seqref train', () => {
  it('refuses to train on the bundled fixtures\' seed, in one line, exit 2', () => {
    const result = seqref(['train', '--seed', '20260601']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/seed 20260601 is the bundled fixtures' seed/);
  });

  it('names a bad option or value in one line, exit 2', () => {
    for (const args of [['train', '--frames', 'many'], ['train', '--epochs', '0'], ['train', '--bogus'], ['train', '--evaluate', 'no/such/dir'], ['train', '--workers', '0']]) {
      const result = seqref(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('prints its usage with --help', () => {
    const result = seqref(['train', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/rendered data only, never from fixtures/);
  });
});
