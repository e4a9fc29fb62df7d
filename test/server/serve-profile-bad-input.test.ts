// `seqref serve --profile` with input it cannot use: one line naming the problem, exit 2, no
// stack trace, before anything listens.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seqref } from '../helpers/cli.js';

const SESSION = join('test', 'session', 'fixtures', 'bumped-camera');

describe('serve --profile refuses what it cannot use', () => {
  it.each([
    ['a profile that is not there', ['--profile', 'no/such/profile.json', '--session', SESSION], /^seqref: no\/such\/profile\.json: cannot read the calibration profile \(ENOENT\)$/],
    ['a file that is not a profile', ['--profile', join(SESSION, 'fixture.json'), '--session', SESSION], /calibration profile field "kind" must be "seqref-calibration"$/],
    ['a profile given after every camera source', ['--session', SESSION, '--profile', join(SESSION, 'calibration.json')], /--profile .*calibration\.json is followed by no camera source/],
  ])('%s', (_, args, message) => {
    const result = seqref(['serve', '--port', '0', '--db', ':memory:', ...args]);
    expect(result.status).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(result.stdout).not.toContain('dashboard at');
  });
});
