// The capture page's enrolment messages, checked before the server acts on them: a photo's number
// and JPEG bytes, the deck's name, and a deck chosen for a table by its file name only.
import { describe, expect, it } from 'vitest';
import { enrolPhoto, tableDeck, enrolStart, MAX_FRAME_BYTES } from '../../src/server/validate.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);

describe('enrolment messages from a browser', () => {
  it('takes photos 1 to 5 as JPEG bytes, a name, and a deck learnt here by file name', () => {
    expect(enrolPhoto({ index: 3, jpeg: JPEG })).toEqual({ ok: true, value: { index: 3, jpeg: JPEG } });
    expect(enrolPhoto({ index: 1, jpeg: new Uint8Array(JPEG).buffer })).toMatchObject({ ok: true, value: { index: 1 } });
    expect(enrolStart({ name: '  Grandma\'s deck ' })).toEqual({ ok: true, value: { name: 'Grandma\'s deck' } });
    expect(tableDeck({ table: 'camera', deck: 'grandma-s-deck.json' })).toEqual({ ok: true, value: { table: 'camera', deck: 'grandma-s-deck.json', token: null } });
    expect(tableDeck({ table: 'camera', deck: null, token: 't' })).toEqual({ ok: true, value: { table: 'camera', deck: null, token: 't' } });
  });

  const refused: [string, () => unknown, RegExp][] = [
    ['a photo that is no object', () => enrolPhoto('photo'), /^an enrolment photo must be an object/],
    ['photo 6', () => enrolPhoto({ index: 6, jpeg: JPEG }), /^index must be the photo's number, 1 to 5$/],
    ['photo 1.5', () => enrolPhoto({ index: 1.5, jpeg: JPEG }), /^index must be/],
    ['text for bytes', () => enrolPhoto({ index: 1, jpeg: 'ffd8' }), /^jpeg must be binary/],
    ['a PNG', () => enrolPhoto({ index: 1, jpeg: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }), /^the photo is not a JPEG image$/],
    ['too large a photo', () => enrolPhoto({ index: 1, jpeg: Buffer.concat([JPEG, Buffer.alloc(MAX_FRAME_BYTES)]) }), /^a photo must be a JPEG of at most/],
    ['no name', () => enrolStart({ name: '   ' }), /^name the deck in 1 to 60 characters$/],
    ['a name too long', () => enrolStart({ name: 'x'.repeat(61) }), /^name the deck/],
    ['a deck by path', () => tableDeck({ table: 'camera', deck: '../decks/x.json' }), /^deck must be the file name of a deck here/],
    ['a hidden file', () => tableDeck({ table: 'camera', deck: '..json' }), /^deck must be/],
    ['a deck not JSON', () => tableDeck({ table: 'camera', deck: 'deck.txt' }), /^deck must be/],
    ['a token that is no text', () => tableDeck({ table: 'camera', deck: null, token: 7 }), /^token must be text$/],
    ['no table', () => tableDeck({ deck: 'deck.json' }), /table/],
  ];
  for (const [what, check, error] of refused) {
    it(`refuses ${what} in one line`, () => {
      const result = check() as { ok: boolean; error?: string };
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(error);
      expect(result.error).not.toContain('\n');
    });
  }
});
