// What settled stays settled until something changes it: a card the reader misses in a later
// clear frame (glare, a shadow) still lies there while its place in the picture looks the same,
// and the seat of a turn is the last hand's when several came before the table settled.
import { describe, expect, it } from 'vitest';
import { lastHandEdge, TableSession } from '../../src/session/session.js';
import type { SeenCard, TableObservation } from '../../src/session/types.js';
import type { Thumbnail } from '../../src/session/motion.js';

/** A 320 x 240 frame's thumbnail (8-pixel cells): grey table, a light card where `card` says. */
function thumb(card: boolean): Thumbnail {
  const data = new Uint8Array(40 * 30 * 3).fill(60);
  if (card) for (let y = 10; y < 21; y++) data.fill(230, (y * 40 + 10) * 3, (y * 40 + 18) * 3);
  return { width: 40, height: 30, data };
}
const CARD: SeenCard = { card: '3-star-red', row: 0, col: 0, corners: [[80, 80], [140, 80], [140, 168], [80, 168]] };

function session(): { show: (cards: readonly SeenCard[], cardThere: boolean) => void; table: TableSession } {
  const table = new TableSession({ id: 't', config: { game: 'sequence-hunt', players: 2, turnEnds: 'auto' } }, null, null);
  let tMs = 0;
  const show = (cards: readonly SeenCard[], cardThere: boolean): void => {
    for (let i = 0; i < 3; i++) table.observeTable({ tMs: (tMs += 500), cards, busy: false, thumbnail: thumb(cardThere) } satisfies TableObservation, null);
  };
  show([], false);
  show([CARD], true);
  return { show, table };
}

describe('the settled table holds', () => {
  it('a card the reader misses while its place looks the same still lies there', () => {
    const { show, table } = session();
    show([], true);
    expect(table.view().seen.map((c) => c.card)).toEqual(['3-star-red']);
    expect(table.view().turns.map((t) => t.kind)).toEqual(['turn']);
  });

  it('a card taken away is gone', () => {
    const { show, table } = session();
    show([], false);
    expect(table.view().seen).toEqual([]);
  });

  it("a turn's seat is the last hand's: the last run of two frames or more naming one edge", () => {
    expect(lastHandEdge([3, null, 3, 1, 1, 1])).toBe(1);
    // A fingertip touching the far edge for one frame is no hand of its own.
    expect(lastHandEdge([0, 0, 1])).toBe(0);
    expect(lastHandEdge([0, 1, 0, 1])).toBeNull();
    expect(lastHandEdge([])).toBeNull();
  });

  it("Progression's starting card is the card read first, alone, still lying where it was read", () => {
    const table = new TableSession({ id: 't', config: { game: 'progression', players: 2, turnEnds: 'auto' } }, null, null);
    const card = (name: string, x: number): SeenCard => ({ card: name, row: 0, col: 0, corners: [[x, 80], [x + 60, 80], [x + 60, 168], [x, 168]] });
    // Under glare until a hand came: read once, alone, while the first play was being laid.
    table.observeTable({ tMs: 0, cards: [], busy: false }, null);
    table.observeTable({ tMs: 500, cards: [card('5-crescent-yellow', 80)], busy: true }, null);
    const laid = [card('5-crescent-yellow', 80), { ...card('4-triangle-yellow', 150), col: 1 }, { ...card('3-square-orange', 220), col: 2 }];
    for (let tMs = 1000; tMs <= 2500; tMs += 500) table.observeTable({ tMs, cards: laid, busy: false }, null);
    const turns = table.view().turns;
    expect(turns.map((t) => t.added.map((p) => p.card))).toEqual([['4-triangle-yellow', '3-square-orange']]);
  });

  it('a card read as another while its place looks the same was misread: corrected, not a turn', () => {
    const table = new TableSession({ id: 't', config: { game: 'progression', players: 2, turnEnds: 'auto' } }, null, null);
    let tMs = 0;
    const show = (cards: readonly SeenCard[]): void => {
      for (let i = 0; i < 4; i++) table.observeTable({ tMs: (tMs += 500), cards, busy: false, thumbnail: thumb(true) }, null);
    };
    show([{ ...CARD, card: '4-crescent-yellow' }]);
    show([CARD]);
    const view = table.view();
    expect(view.turns).toEqual([]);
    expect(view.seen.map((c) => c.card)).toEqual(['3-star-red']);
    expect(view.notices.join(" | ")).toMatch(/4-crescent-yellow at \(0,0\) read again as 3-star-red/);
  });

  it('a card read in every other frame while its place looks the same lies there: the table settles', () => {
    const table = new TableSession({ id: 't', config: { game: 'sequence-hunt', players: 2, turnEnds: 'auto' } }, null, null);
    let tMs = 0;
    for (let i = 0; i < 3; i++) table.observeTable({ tMs: (tMs += 500), cards: [], busy: false, thumbnail: thumb(false) }, null);
    for (let i = 0; i < 6; i++) table.observeTable({ tMs: (tMs += 500), cards: i % 2 === 0 ? [CARD] : [], busy: false, thumbnail: thumb(true) }, null);
    expect(table.view().turns.map((t) => t.added.map((p) => p.card))).toEqual([['3-star-red']]);
  });
});
