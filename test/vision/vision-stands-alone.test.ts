// The recogniser stands on its own: src/vision imports nothing from the renderer, the reader's
// training, the session, the server or the command line. What it shares with the renderer (the
// deck's profile and faces) lives in src/deck.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const VISION = resolve('src/vision');
const OUTSIDE = ['render', 'training', 'session', 'server', 'cli'].map((d) => resolve('src', d));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('src/vision stands alone', () => {
  it('imports nothing from render, training, session, server or cli', () => {
    const files = sources(VISION);
    expect(files.length).toBeGreaterThan(20);
    const crossings: string[] = [];
    for (const file of files) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = resolve(dirname(file), spec!);
        if (OUTSIDE.some((d) => target.startsWith(d + '/'))) crossings.push(`${relative('.', file)} -> ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
