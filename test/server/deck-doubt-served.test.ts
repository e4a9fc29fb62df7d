// A camera table served without the deck its cards are printed as says so: tables of another
// printing (a design kept for development) read from a folder make the table doubt its deck, while
// the same tables in the deck of cards.md do not.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seqref } from '../helpers/cli.js';
import { serve, tempDir, waitFor } from './rig.js';

const dir = tempDir();
afterAll(() => dir.remove());

async function doubtAfterFrames(design: string | null): Promise<string | null> {
  const frames = join(dir.path, design ?? 'cards-md');
  const render = seqref(['render', '--game', 'progression', '--frames', '12', '--seed', '4911', '--distractors', 'none', '--out', frames, ...(design ? ['--design', design] : [])]);
  expect(render.status).toBe(0);
  const server = await serve(['--images', frames, '--game', 'progression', '--db', join(dir.path, `${design ?? 'cards-md'}.sqlite`)]);
  try {
    type Summary = { deckDoubt: string | null; status: string };
    const summary = async (): Promise<Summary> => ((await (await fetch(`${server.url}/api/tables`)).json()) as Summary[])[0]!;
    // Twelve frames, one every 500 ms: the folder ends once all are read.
    await waitFor('the folder read', async () => (await summary()).status === 'ended' || (await summary()).deckDoubt !== null, 90_000);
    return (await summary()).deckDoubt;
  } finally {
    await server.stop();
  }
}

describe('doubt about the deck, served', () => {
  it('is said for another printing read as the deck of cards.md', async () => {
    expect(await doubtAfterFrames('poker-large-shape')).toMatch(/^most cards in sight are not read: .*seqref enrol$/);
  }, 150_000);

  it('is not said for the deck of cards.md', async () => {
    expect(await doubtAfterFrames(null)).toBeNull();
  }, 150_000);
});
