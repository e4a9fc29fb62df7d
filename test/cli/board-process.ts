// A `seqref` command running in the background, read line by line (the board commands run until
// stopped, so the synchronous helper in test/helpers/cli.ts cannot hold them).
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { SEQREF } from '../helpers/cli.js';

export class SeqrefProcess {
  readonly stdout: string[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiters = new Set<() => void>();

  constructor(args: readonly string[]) {
    this.child = spawn(process.execPath, [SEQREF, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let partial = '';
    this.child.stdout.setEncoding('utf8').on('data', (text: string) => {
      partial += text;
      const lines = partial.split('\n');
      partial = lines.pop()!;
      this.stdout.push(...lines);
      for (const wake of [...this.waiters]) wake();
    });
    this.child.stderr.setEncoding('utf8').on('data', (text: string) => {
      this.stderr += text;
      for (const wake of [...this.waiters]) wake();
    });
    // 'close', not 'exit': the exit status can come before the last output has been read.
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }

  /** Resolves once `test` holds (checked after each output), rejects after timeoutMs. */
  until(test: () => boolean, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!test()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out; stdout tail: ${this.stdout.slice(-2).join('\n')}; stderr: ${this.stderr}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  json(): Array<Record<string, unknown>> {
    return this.stdout.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  signal(name: NodeJS.Signals): Promise<number | null> {
    this.child.kill(name);
    return this.exited;
  }
}
