// The recogniser stays readable in stages: no function in src/vision longer than a screen or so,
// and data flows one way: src/vision imports nothing from the stages after it, nor the renderer.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeSize } from '../../bench/code-size.js';

/** Every relative import of each .ts file below `dir`, as a path from the repository root. */
function importsBelow(dir: string): { file: string; target: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => {
      const file = join(dir, f);
      return [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map((m) => ({ file, target: relative('.', resolve(dirname(file), m[1]!)) }));
    });
}

describe('src/vision', () => {
  it('has no function over 80 lines', () => {
    const size = codeSize('src/vision');
    expect(size.files).toBeGreaterThan(10);
    expect(size.long).toEqual([]);
  });

  it('imports nothing from the renderer, training, the session, rules, server or CLI', () => {
    const imports = importsBelow('src/vision');
    expect(imports.length).toBeGreaterThan(100);
    const later = imports.filter(({ target }) => /^src\/(render|training|session|rules|server|cli)\//.test(target));
    expect(later).toEqual([]);
  });

  it('counts a long function where there is one', () => {
    expect(codeSize('src/vision', 20).long.length).toBeGreaterThan(0);
  });
});
