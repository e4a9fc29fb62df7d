import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The built module (npm test builds first): its worker threads run the built worker script, which
// TypeScript sources under the test runner do not have.
const BUILT = new URL('../../dist/src/training/render-set.js', import.meta.url).href;
type RenderSet = typeof import('../../src/training/render-set.js');

const dirs: string[] = [];
const fresh = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'seqref-train-render-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every file of a folder, name and bytes. */
const contents = (dir: string): Record<string, string> => Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name)).toString('base64')]));

describe('training photographs rendered in worker threads', () => {
  it('are the photographs, record and all, that one thread renders; a set begun in one thread is finished in two alike', async () => {
    const { renderTrainingSet } = (await import(BUILT)) as RenderSet;
    const one = fresh();
    const single = await renderTrainingSet(one, 6, 7071, { workers: 1 });
    const two = fresh();
    const lines: string[] = [];
    await renderTrainingSet(two, 2, 7071, { workers: 1 });
    const parallel = await renderTrainingSet(two, 6, 7071, { workers: 2, progress: (line) => lines.push(line) });
    expect(lines[0]).toBe('rendering 4 training frames in 2 worker threads');
    expect(lines.filter((line) => line.startsWith('rendered training frame '))).toHaveLength(4);
    expect(parallel).toEqual(single);
    expect(parallel.frames.map((f) => f.image)).toEqual(['frame-0000.jpg', 'frame-0001.jpg', 'frame-0002.jpg', 'frame-0003.jpg', 'frame-0004.jpg', 'frame-0005.jpg']);
    expect(contents(two)).toEqual(contents(one));
  }, 60_000);
});
