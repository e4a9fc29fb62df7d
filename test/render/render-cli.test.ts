// `seqref render` as a user runs it (the built command in a child process).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../src/render/fixture-io.js';
import { seqref } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'seqref-render-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('seqref render', () => {
  it('--game writes a valid fixture: frames, truth, conditions; --preview adds a contact sheet', () => {
    const out = join(dir, 'hunt');
    const result = seqref(['render', '--game', 'sequence-hunt', '--out', out, '--frames', '2', '--size', '320x180', '--seed', '3', '--background', 'felt', '--distractors', 'coins', '--preview']);
    expect(result.stderr).toContain('frame 2/2');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/wrote 2 frames/);
    const fixture = readFixture(out);
    expect(fixture.game).toBe('sequence-hunt');
    expect(fixture.frames).toHaveLength(2);
    for (const frame of fixture.frames) {
      expect(frame.cards.length).toBeGreaterThan(0);
      expect(frame.conditions).toMatchObject({ size: '320x180', background: 'felt', distractors: ['coins'] });
    }
    expect(readFileSync(join(out, 'contact-sheet.jpg')).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('--preview DIR makes a sheet of existing fixtures', () => {
    const result = seqref(['render', '--preview', join(dir, 'hunt'), '--out', join(dir, 'sheet.jpg')]);
    expect(result.status).toBe(0);
    expect(readFileSync(join(dir, 'sheet.jpg')).length).toBeGreaterThan(1000);
  });

  it('a malformed fixture under --preview: exit 2, one line naming the file and the field', () => {
    const bad = join(dir, 'bad');
    seqref(['render', '--game', 'progression', '--out', bad, '--frames', '1', '--size', '160x90']);
    const text = readFileSync(join(bad, 'fixture.json'), 'utf8');
    writeFileSync(join(bad, 'fixture.json'), text.replace('"t_ms": 0', '"t_ms": "soon"'));
    const result = seqref(['render', '--preview', bad]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/bad[/\\]fixture\.json: frames\[0\]\.t_ms: expected a time in ms/);
  });

  it('bad options: exit 2 with one line, no stack trace', () => {
    for (const args of [
      ['render', '--game', 'poker', '--out', dir],
      ['render', '--game', 'progression', '--out', dir, '--size', 'big'],
      ['render', '--game', 'progression', '--out', dir, '--distractors', 'cat'],
      ['render', '--game', 'progression'],
      ['render', '--frobnicate'],
      ['render', '--fixtures', '--out', dir, '--split', 'train'],
    ]) {
      const result = seqref(args);
      expect(result.status).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^seqref: render: /);
    }
  });

  it('--help explains the command', () => {
    const result = seqref(['render', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('seqref render --fixtures');
  });
});
