// The firmware's own unit tests (C++, firmware-bridge/test) and the sketch's compile check, run by
// make as CI runs them. Needs g++ and make: skipped without them, except under CI=true.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../../src/bridge/firmware-host.js';
import { describeLive } from './live-rig.js';

describeLive('the firmware host build', () => {
  it('passes its unit tests and the sketch compiles against the Arduino API', () => {
    const run = spawnSync('make', ['-s', '-C', join(repoRoot(), 'firmware-bridge'), 'test'], { encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/firmware tests: \d+ checks passed/);
  });
});
