// Enrolment from the phone: the five photos /capture took are handed to `seqref enrol` in a child
// process (minutes of work, off the server's thread), its lines passed on as progress. One at a time:
// it takes a core for its whole run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));

/** How an enrolment ended: the deck file's name in the decks folder, `seqref enrol`'s exit code and the line that says why where it failed. */
export interface Enrolled {
  readonly deck: string | null;
  readonly code: number;
  readonly error?: string;
}

/** A deck's file name from what the player called it: letters, digits and dashes. */
export function deckFileName(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
  return `${slug || 'deck'}.json`;
}

export class Enroller {
  private running = false;

  /** `extraArgs` go to every `seqref enrol` (e.g. --training-photos). */
  constructor(readonly decksDir: string, private readonly extraArgs: readonly string[] = []) {}

  get busy(): boolean {
    return this.running;
  }

  /** Runs `seqref enrol` on five JPEGs, writing the deck as NAME.json (NAME-2.json, ... beside an older one). */
  async enrol(name: string, photos: readonly Buffer[], progress: (line: string) => void): Promise<Enrolled> {
    if (this.running) throw new Error('a deck is being learnt already; wait for it to finish');
    this.running = true;
    const work = mkdtempSync(join(tmpdir(), 'seqref-enrol-'));
    try {
      const paths = photos.map((jpeg, k) => {
        const path = join(work, `photo-${k + 1}.jpg`);
        writeFileSync(path, jpeg);
        return path;
      });
      mkdirSync(this.decksDir, { recursive: true });
      const file = this.freeName(deckFileName(name));
      const out = join(resolve(this.decksDir), file);
      let lastError = '';
      const code = await new Promise<number>((done) => {
        const child = spawn(process.execPath, [CLI, 'enrol', ...paths, '--out', out, ...this.extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
        const lines = (chunk: Buffer, error: boolean): void => {
          for (const line of chunk.toString().split('\n').filter((l) => l.trim() !== '')) {
            if (error) lastError = line;
            progress(line);
          }
        };
        child.stdout.on('data', (c: Buffer) => lines(c, false));
        child.stderr.on('data', (c: Buffer) => lines(c, true));
        child.once('error', (error) => {
          lastError = error.message;
          done(2);
        });
        child.once('exit', (c) => done(c ?? 2));
      });
      // Exit 1 is a deck written with some cards named as missing or swapped: still a deck.
      return code <= 1 && existsSync(out) ? { deck: file, code } : { deck: null, code, error: lastError || `seqref enrol exited ${code}` };
    } finally {
      rmSync(work, { recursive: true, force: true });
      this.running = false;
    }
  }

  private freeName(file: string): string {
    const stem = file.replace(/\.json$/, '');
    let candidate = file;
    for (let n = 2; existsSync(join(this.decksDir, candidate)); n++) candidate = `${stem}-${n}.json`;
    return candidate;
  }
}
