// The cells by a layout that a photo leaves open (src/vision/unseen.ts), and verify's judgement of
// what a card there, or a card found but not read, could mend (src/cli/verify.ts).
import { describe, expect, it } from 'vitest';
import { judgeRecognition } from '../../src/cli/verify.js';
import { openCv } from '../../src/vision/opencv.js';
import { recogniseWith } from '../../src/vision/recognise.js';
import type { Quad } from '../../src/vision/image.js';
import type { Recognition } from '../../src/vision/types.js';
import { unseenCells } from '../../src/vision/unseen.js';
import { devFrame } from './detect-helpers.js';
import { MUST_HAVE_MODEL, sharedReader } from './read-helpers.js';

/** A recognition of a text layout: card names, "?" for a card found but not read, "." for no card. */
function recognitionOf(picture: string): Recognition {
  const square: Quad = [[0, 0], [1, 0], [1, 1], [0, 1]];
  const cards = picture
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line, row) =>
      line
        .trim()
        .split(/\s+/)
        .flatMap((token, col) => (token === '.' ? [] : [{ corners: square, centre: [0.5, 0.5] as const, partial: false, row, col, reading: { deck: 'tic' as const, card: token === '?' ? null : token, confidence: token === '?' ? 0.2 : 1 } }])),
    );
  return { width: 1, height: 1, cards, times: { detectMs: 0, readMs: 0, gridMs: 0 } };
}

describe('verify with cards out of sight', () => {
  it('Progression: a card apart from the layout but for an unseen cell is unsure, and the photo gets no verdict', () => {
    const table = recognitionOf('1-circle-violet 2-circle-violet . 5-star-red');
    expect(judgeRecognition('progression', table).legal).toBe(false);
    const verdict = judgeRecognition('progression', table, [{ row: 0, col: 2 }]);
    expect(verdict.legal).toBeNull();
    expect(verdict.violations).toEqual([]);
    expect(verdict.unsure.map((v) => [v.rule, v.cards])).toEqual([['not-touching-layout', ['5-star-red']]]);
  });

  it('Progression: a card no unseen cell joins to the layout stands apart, and a contact between cards in sight stands', () => {
    const apart = judgeRecognition('progression', recognitionOf('1-circle-violet 2-circle-violet . . 5-star-red'), [{ row: 0, col: 2 }]);
    expect(apart.legal).toBe(false);
    expect(apart.violations.map((v) => [v.rule, v.cards])).toEqual([['not-touching-layout', ['5-star-red']]]);
    const contact = judgeRecognition('progression', recognitionOf('1-circle-violet 3-star-red'), [{ row: 0, col: 2 }, { row: 1, col: 0 }]);
    expect(contact.violations.map((v) => v.rule)).toEqual(['no-step-at-contact']);
  });

  it('Progression: a card found but not read joins the layout', () => {
    const verdict = judgeRecognition('progression', recognitionOf('1-circle-violet 2-circle-violet ? 3-circle-violet'));
    expect(verdict.violations).toEqual([]);
    expect(verdict.unknown).toBe(1);
  });

  it('Sequence Shift: a lone card beside an unseen cell, or beside a card not read, is unsure', () => {
    const lone = '1-circle-violet 2-crescent-cyan . . 5-star-red';
    expect(judgeRecognition('sequence-shift', recognitionOf(lone)).violations.map((v) => v.rule)).toEqual(['lone-card']);
    const besideUnseen = judgeRecognition('sequence-shift', recognitionOf(lone), [{ row: 1, col: 4 }]);
    expect(besideUnseen.legal).toBeNull();
    expect(besideUnseen.unsure.map((v) => [v.rule, v.cards])).toEqual([['lone-card', ['5-star-red']]]);
    const besideUnread = judgeRecognition('sequence-shift', recognitionOf('1-circle-violet 2-crescent-cyan . ? 5-star-red'));
    expect(besideUnread.legal).toBeNull();
    // Not beside it: the card stands alone whatever lies in that cell.
    expect(judgeRecognition('sequence-shift', recognitionOf(lone), [{ row: 1, col: 0 }]).legal).toBe(false);
  });

  it('Sequence Shift: a run that is no Duo is unsure only where a card past one of its ends could lengthen it', () => {
    const run = recognitionOf('1-circle-violet 3-star-red');
    expect(judgeRecognition('sequence-shift', run, [{ row: 0, col: 2 }]).unsure.map((v) => v.rule)).toEqual(['run-not-duo-or-tripo']);
    expect(judgeRecognition('sequence-shift', run, [{ row: 0, col: -1 }]).legal).toBeNull();
    // Below a card of it: a run down from there, but the run across stays what it is.
    const below = judgeRecognition('sequence-shift', run, [{ row: 1, col: 0 }]);
    expect(below.legal).toBe(false);
    expect(below.violations.map((v) => v.rule)).toEqual(['run-not-duo-or-tripo']);
  });
});

describe.skipIf(!MUST_HAVE_MODEL)('cells a photo leaves open', () => {
  it('finds the cell under a hand between two cards and not the open table beside the layout', async () => {
    // Frame 1 of the dev Progression table: a hand over the 2-triangle-red that joins the
    // 2-square-red to the layout (31% of it in sight: the detector has nothing to find there).
    const { image } = await devFrame('progression', 1);
    const recognition = recogniseWith(await openCv(), await sharedReader(), image, { game: 'progression' });
    const at = (name: string): [number, number] => {
      const c = recognition.cards.find((k) => k.reading.card === name)!;
      return [c.row!, c.col!];
    };
    const top = at('2-square-red');
    const below = at('5-crescent-orange');
    expect(below[0] - top[0]).toBe(2);
    const unseen = unseenCells(image, recognition);
    const cells = unseen.map((c) => [c.row, c.col]);
    expect(cells).toContainEqual([top[0] + 1, top[1]]);
    // Red felt beside the 4-circle-red at the row's end and above the row (a card's width clear).
    const end = at('4-circle-red');
    const row = recognition.cards.filter((c) => c.row === end[0]).map((c) => c.col!);
    const outward = end[1] === Math.min(...row) ? -1 : 1;
    expect(cells).not.toContainEqual([end[0], end[1] + outward]);
    expect(cells).not.toContainEqual([end[0] - 1, end[1]]);
    const verdict = judgeRecognition('progression', recognition, unseen);
    expect(verdict.legal).toBeNull();
    expect(verdict.unsure[0]!.cards).toContain('2-square-red');
  }, 60_000);
});
