// `npm start` with nothing changed since the last build (goal < 5 s): the wall time from spawning
// `npm start -- --port 0 --db TEMP` (npm from PATH, in the repository's root) until a GET of the
// dashboard URL it prints answers 200. Then `npm run build --silent` alone on the same unchanged
// tree, the part of that time the incremental build (tsc -b) takes. Medians of 5 after a warm-up,
// which also builds whatever a change left unbuilt; if a timed run rebuilt, the figures are refused.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { recordTimes } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)); // from dist/bench
const BUILD_INFO = join(ROOT, 'dist', 'build.tsbuildinfo');
const RUNS = 5;
const TIMEOUT_MS = 120_000;


/** One `npm start`: ms until its dashboard answers 200; the process group is stopped before it resolves. */
async function startOnce(db: string): Promise<number> {
  const start = performance.now();
  const child = spawn('npm', ['start', '--', '--port', '0', '--db', db], { cwd: ROOT, detached: true, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
  // 'close' comes once npm, the shell and node have all let go of the pipes: the whole group is gone.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`npm start printed no dashboard URL in ${TIMEOUT_MS / 1000} s:\n${output}`)), TIMEOUT_MS);
      createInterface({ input: child.stdout }).on('line', (line) => {
        output += `${line}\n`;
        const match = /^seqref: dashboard at (\S+)/.exec(line);
        if (match) resolve(match[1]!);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => reject(new Error(`npm start exited (${code ?? signal}) before printing its dashboard URL:\n${output}`)));
    });
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    return performance.now() - start;
  } finally {
    clearTimeout(timer);
    const pid = child.pid;
    if (pid !== undefined) {
      stopGroup(pid, 'SIGTERM');
      const killer = setTimeout(() => stopGroup(pid, 'SIGKILL'), 10_000);
      await closed;
      clearTimeout(killer);
    }
  }
}

/** Signals npm's process group (npm, its shell, node); a group already gone is fine. */
function stopGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function buildOnce(): number {
  const start = performance.now();
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
  const elapsed = performance.now() - start;
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return elapsed;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'seqref-bench-start-'));
  try {
    await startOnce(join(dir, 'warmup.sqlite'));
    const builtMs = statSync(BUILD_INFO).mtimeMs;
    const starts: number[] = [];
    for (let i = 0; i < RUNS; i++) starts.push(await startOnce(join(dir, `events-${i}.sqlite`)));
    const builds = Array.from({ length: RUNS }, buildOnce);
    // tsc -b leaves its build info untouched when it finds nothing to do.
    if (statSync(BUILD_INFO).mtimeMs !== builtMs) throw new Error('a timed run rebuilt (did a source change meanwhile?): these are not figures of an unchanged tree');
    recordTimes('npm start, nothing changed: spawn to the dashboard answering 200', starts, '< 5 s when nothing changed');
    recordTimes('npm run build --silent alone, nothing changed', builds);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
