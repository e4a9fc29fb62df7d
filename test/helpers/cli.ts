// Runs the built `seqref` command in a child process, as a user or another program would.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const SEQREF = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function seqref(args: readonly string[], input?: string, timeoutMs = 60_000): CliResult {
  const result = spawnSync(process.execPath, [SEQREF, ...args], { input, encoding: 'utf8', timeout: timeoutMs });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `seqref check -` on a case object; parses the answer when the exit status is 0. */
export function check(caseObject: unknown): { status: number | null; answer: any; stderr: string } {
  const result = seqref(['check', '-'], JSON.stringify(caseObject));
  return { status: result.status, answer: result.status === 0 ? JSON.parse(result.stdout) : null, stderr: result.stderr };
}
