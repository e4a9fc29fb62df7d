// Sequence Stacks spaces are fixed cells, and the face-down draw pile (row 0, col 2) is the one a
// camera always sees taken: the recogniser finds it and numbers the cells from it, so a lone first
// card (a discard) lands on its own space, not on whatever cell a grid relative to it would give.
// Another card-sized shape off the faces may look like the pile; the one that puts the cards on spaces is kept.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../src/render/fixture-io.js';
import { loadImage } from '../../src/vision/image.js';
import { createRecogniser } from '../../src/vision/recognise.js';
import { sharedReader } from './read-helpers.js';

async function frameOf(fixture: string, index: number) {
  const dir = join('fixtures', 'dev', fixture);
  const frame = readFixture(dir).frames[index]!;
  const image = await loadImage(join(dir, frame.image));
  const recogniser = await createRecogniser({ reader: await sharedReader() });
  return { image, truth: frame.cards, recognition: recogniser.recognise(image, { game: 'sequence-stacks' }) };
}

describe('the Sequence Stacks draw pile anchors the cells', () => {
  it('puts a lone first discard on its player\'s discard pile (row 1, col 0), numbered from the pile', async () => {
    const { recognition } = await frameOf('sequence-stacks-game', 5);
    expect(recognition.drawPile).toBeDefined();
    // A grid relative to the card alone gave it 0,0: red-a, a play that breaks the rules.
    expect(recognition.cards.map((c) => [c.reading.card, c.row, c.col])).toEqual([['red-2', 1, 0]]);
  }, 60_000);

  it('numbers a table with a special left unread from the pile: every named card on its own space', async () => {
    // A WAIT! card the reader leaves unnamed is a card-sized shape off the faces, as the pile is.
    const { truth, recognition } = await frameOf('sequence-stacks', 3);
    expect(recognition.drawPile).toBeDefined();
    const named = recognition.cards.filter((c) => c.reading.card !== null);
    expect(named.length).toBeGreaterThanOrEqual(5);
    for (const c of named) expect(truth.some((t) => t.card === c.reading.card && t.row === c.row && t.col === c.col)).toBe(true);
  }, 60_000);
});
