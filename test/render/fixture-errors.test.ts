// A malformed fixture.json or a missing image is one line naming the file and the field.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFixtures, FixtureError, readFixture, writeFixture, type Fixture } from '../../src/render/fixture-io.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-fixture-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const corners = [
  [10, 10],
  [60, 12],
  [58, 80],
  [8, 78],
];
const good = (): Fixture =>
  ({
    version: 1,
    game: 'progression',
    description: 'two cards',
    frames: [
      {
        image: 'frame-000.jpg',
        t_ms: 0,
        cards: [
          { card: '3-star-orange', row: 0, col: 2, corners: corners.map((p) => [...p]) },
          { card: '1-circle-violet', row: 1, col: 2, corners: corners.map((p) => [...p]), hidden: true, visible: 0.3 },
        ],
      },
    ],
  }) as Fixture;

function fixtureIn(name: string, json: string, withImage = true): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'fixture.json'), json);
  if (withImage) writeFileSync(join(folder, 'frame-000.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  return folder;
}

function errorOf(path: string): string {
  try {
    readFixture(path);
  } catch (error) {
    expect(error).toBeInstanceOf(FixtureError);
    return (error as Error).message;
  }
  throw new Error('expected the fixture to be refused');
}

describe('reading fixtures', () => {
  it('reads back what writeFixture wrote', () => {
    const folder = join(dir, 'good');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'frame-000.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    writeFixture(folder, good());
    expect(readFixture(folder)).toEqual(good());
  });

  it('writeFixture refuses to write a fixture whose image is missing', () => {
    expect(() => writeFixture(join(dir, 'unwritten'), good())).toThrow(/frames\[0\]\.image: file "frame-000\.jpg" not found/);
  });

  it('not JSON: names the file', () => {
    const message = errorOf(fixtureIn('not-json', '{ "version": 1, "frames": [ '));
    expect(message).toMatch(/not-json[/\\]fixture\.json: not valid JSON/);
    expect(message).not.toContain('\n');
  });

  it('a card with three corners: names the file and frames[0].cards[1].corners', () => {
    const bad = good() as unknown as { frames: Array<{ cards: Array<{ corners: unknown }> }> };
    bad.frames[0]!.cards[1]!.corners = corners.slice(0, 3);
    const message = errorOf(fixtureIn('three-corners', JSON.stringify(bad)));
    expect(message).toMatch(/three-corners[/\\]fixture\.json: frames\[0\]\.cards\[1\]\.corners: expected 4 \[x, y\] points/);
    expect(message).not.toContain('\n');
  });

  it('a corner that is not a number: names the corner', () => {
    const bad = good() as unknown as { frames: Array<{ cards: Array<{ corners: unknown[] }> }> };
    bad.frames[0]!.cards[0]!.corners[2] = [58, 'eighty'];
    expect(errorOf(fixtureIn('text-corner', JSON.stringify(bad)))).toMatch(/fixture\.json: frames\[0\]\.cards\[0\]\.corners\[2\]: expected \[x, y\] numbers/);
  });

  it('an unknown card or a missing row: names the field', () => {
    const bad = good() as unknown as { frames: Array<{ cards: Array<Record<string, unknown>> }> };
    bad.frames[0]!.cards[0]!.card = '6-star-orange';
    expect(errorOf(fixtureIn('bad-card', JSON.stringify(bad)))).toMatch(/fixture\.json: frames\[0\]\.cards\[0\]\.card: not a progression card: "6-star-orange"/);
    bad.frames[0]!.cards[0]!.card = '3-star-orange';
    delete bad.frames[0]!.cards[1]!.row;
    expect(errorOf(fixtureIn('no-row', JSON.stringify(bad)))).toMatch(/fixture\.json: frames\[0\]\.cards\[1\]\.row: expected an integer/);
  });

  it('a missing image: names the file, frames[0].image and the image', () => {
    const message = errorOf(fixtureIn('no-image', JSON.stringify(good()), false));
    expect(message).toMatch(/no-image[/\\]fixture\.json: frames\[0\]\.image: file "frame-000\.jpg" not found/);
    expect(message).not.toContain('\n');
  });

  it('a wrong version or game: names the field', () => {
    expect(errorOf(fixtureIn('version', JSON.stringify({ ...good(), version: 2 })))).toMatch(/fixture\.json: version: expected 1, got 2/);
    expect(errorOf(fixtureIn('game', JSON.stringify({ ...good(), game: 'poker' })))).toMatch(/fixture\.json: game: expected one of/);
  });

  it('a missing fixture.json: names the file', () => {
    expect(errorOf(join(dir, 'nowhere', 'fixture.json'))).toMatch(/nowhere[/\\]fixture\.json: cannot be read/);
  });

  it('finds fixtures in linked folders, each folder once', () => {
    const sets = join(dir, 'sets');
    mkdirSync(sets);
    fixtureIn('linked-set/progression', JSON.stringify(good()));
    symlinkSync(join(dir, 'linked-set'), join(sets, 'a'));
    // A link back up the tree: followed once, not for ever.
    symlinkSync(sets, join(sets, 'loop'));
    expect(findFixtures(sets)).toEqual([join(sets, 'a', 'progression', 'fixture.json')]);
    expect(readFixture(findFixtures(sets)[0]!).frames).toHaveLength(1);
  });
});
