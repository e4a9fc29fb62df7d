// Progression scoring: every worked example of the rulebook, with concrete cards that make it true.
import { describe, expect, it } from 'vitest';
import type { Placement } from '../../src/rules/layout.js';
import { progression } from '../../src/rules/progression.js';
import { layout } from '../helpers/picture.js';

/** Lays `line` out in row 0 from col 0 and plays its last card onto the others. */
function playLast(line: string[], options: { reversing?: boolean } = {}) {
  const cards = line.map((card, col) => ({ card, row: 0, col }));
  return progression.judgePlay(cards.slice(0, -1), cards.slice(-1), options);
}

function legal<T extends { violations: readonly unknown[] }>(result: T): T {
  expect(result.violations).toEqual([]);
  return result;
}

describe('Progression scoring: making a sequence', () => {
  it('"2-triangle-yellow → 3-square-red ... a sequence must contain at least 3 cards before it can score."', () => {
    expect(legal(playLast(['2-triangle-yellow', '3-square-red'])).points).toBe(0);
    // A third card that carries number and shape on (4, star) makes the 3-card Duo: 6 points.
    const three = legal(playLast(['2-triangle-yellow', '3-square-red', '4-star-cyan']));
    expect(three.points).toBe(6);
    expect(three.across).toMatchObject({ type: 'duo', properties: ['number', 'shape'], length: 3, points: 6 });
  });

  it('"1-star-yellow → 2-square-yellow → 3-triangle-red → 4-crescent-cyan ... This is therefore a 4-card Duo. The colours do not need to sequence."', () => {
    const result = legal(playLast(['1-star-yellow', '2-square-yellow', '3-triangle-red', '4-crescent-cyan']));
    expect(result.across).toMatchObject({ type: 'duo', properties: ['number', 'shape'], length: 4, points: 8 });
    expect(result.points).toBe(8);
  });

  it('"Because several cards may be played together on one turn, a player may create a complete 3-, 4-, or 5-card sequence in a single play."', () => {
    // The 4-card Duo above, three of its cards laid down together next to 1-star-yellow.
    const table = layout('1-star-yellow');
    const play = layout('. 2-square-yellow 3-triangle-red 4-crescent-cyan');
    const result = legal(progression.judgePlay(table, play));
    expect(result.points).toBe(8);
    expect(result.across?.cards).toEqual(['1-star-yellow', '2-square-yellow', '3-triangle-red', '4-crescent-cyan']);
  });

  it('"A sequence may be created in a single multi-card play or built gradually over several turns."', () => {
    const line = ['1-star-yellow', '2-square-yellow', '3-triangle-red', '4-crescent-cyan'];
    expect(legal(playLast(line.slice(0, 2))).points).toBe(0);
    expect(legal(playLast(line.slice(0, 3))).points).toBe(6);
    expect(legal(playLast(line)).points).toBe(8);
  });
});

describe('Progression scoring: sequence direction', () => {
  it('"1–2–3–4 is a valid ascending sequence." (1-circle-red to 4-circle-red: a 4-card Mono in number)', () => {
    const result = legal(playLast(['1-circle-red', '2-circle-red', '3-circle-red', '4-circle-red']));
    expect(result.across).toMatchObject({ type: 'mono', properties: ['number'], length: 4 });
    expect(result.points).toBe(4);
  });

  it('"4–3–2–1 is a valid descending sequence."', () => {
    expect(legal(playLast(['4-circle-red', '3-circle-red', '2-circle-red', '1-circle-red'])).points).toBe(4);
  });

  it('"But: 1–2–5 is not a continuous number sequence." (5-square-yellow joins 2-square-cyan by colour, and scores nothing)', () => {
    const result = legal(playLast(['1-square-cyan', '2-square-cyan', '5-square-yellow']));
    expect(result.points).toBe(0);
    expect(result.across).toBeNull();
  });

  it('"The properties do not have to move in the same direction. For example, numbers could increase while shapes decrease."', () => {
    expect(legal(playLast(['1-star-cyan', '2-square-cyan', '3-triangle-cyan'])).across).toMatchObject({ type: 'duo', points: 6 });
  });
});

describe('Progression scoring: when one property reaches its end', () => {
  // All square, so the shape never sequences: only number and colour do.
  const duo = ['2-square-violet', '3-square-cyan', '4-square-yellow', '5-square-orange'];

  it('"2-violet → 3-cyan → 4-yellow → 5-orange is a 4-card Duo because both number and colour increase by one step."', () => {
    const result = legal(playLast(duo));
    expect(result.across).toMatchObject({ type: 'duo', properties: ['number', 'colour'], length: 4, points: 8 });
  });

  it('"A red card could therefore be added to create a 5-card Mono in colour. The number sequence remains present in the first four cards, but it does not extend into the fifth card."', () => {
    // 4-square-red: colour carries on from orange to red; the number turns back from 5 to 4.
    const result = legal(playLast([...duo, '4-square-red']));
    expect(result.across).toMatchObject({ type: 'mono', properties: ['colour'], length: 5, points: 5 });
    // The 4-card Duo (8) lies in the same row but holds no card of this turn, so 5 it is.
    expect(result.points).toBe(5);
  });

  it('"Variation 2: Reversing Sequences": with reversing the number turns at 5, so the same red card makes a 5-card Duo', () => {
    const result = legal(playLast([...duo, '4-square-red'], { reversing: true }));
    expect(result.across).toMatchObject({ type: 'duo', properties: ['number', 'colour'], length: 5, points: 10 });
  });
});

describe('Progression scoring: separate sequences along the same line', () => {
  // 1-2-3 in yellow squares, then 1-2-3 in orange squares: 3-square-yellow meets 1-square-orange by colour.
  const line = ['1-square-yellow', '2-square-yellow', '3-square-yellow', '1-square-orange', '2-square-orange', '3-square-orange'];

  it('"1–2–3–1–2–3 contains two separate 3-card ascending number sequences. The jump from 3 to 1 breaks the first number sequence, but another property—such as shape or colour—may still make that card-to-card connection legal."', () => {
    expect(legal(playLast(line.slice(0, 3))).points).toBe(3);
    expect(legal(playLast(line.slice(0, 4))).points).toBe(0);
    expect(legal(playLast(line.slice(0, 5))).points).toBe(0);
    // "A new number sequence can then begin. It does not matter that the same property has already formed a sequence earlier in the row or column."
    const second = legal(playLast(line));
    expect(second.across?.cards).toEqual(['1-square-orange', '2-square-orange', '3-square-orange']);
    expect(second.points).toBe(3);
  });
});

describe('Progression scoring: multiple possible scores on one line', () => {
  it('"For example, the card might complete both: • a 5-card Mono worth 5 points, and • a 3-card Tripo worth 9 points. ... In the example above, the player scores the 3-card Tripo for 9 points."', () => {
    // Colour runs violet..red through all five (the Mono); the last three also run 1-2-3 and circle-crescent-triangle (the Tripo).
    const result = legal(playLast(['4-star-violet', '2-square-cyan', '1-circle-yellow', '2-crescent-orange', '3-triangle-red']));
    expect(result.across).toMatchObject({ type: 'tripo', length: 3, points: 9, cards: ['1-circle-yellow', '2-crescent-orange', '3-triangle-red'] });
    // "Do not add together overlapping sequence scores from the same direction."
    expect(result.points).toBe(9);
  });
});

describe('Progression scoring: the scoring table "Sequence length × sequence type"', () => {
  const mono = ['1-square-cyan', '2-square-cyan', '3-square-cyan', '4-square-cyan', '5-square-cyan'];
  const duo = ['1-circle-cyan', '2-crescent-cyan', '3-triangle-cyan', '4-square-cyan', '5-star-cyan'];
  const tripo = ['1-star-violet', '2-square-cyan', '3-triangle-yellow', '4-crescent-orange', '5-circle-red'];
  const table: Array<[string, string[], number]> = [
    ['3-card Mono = 3 points', mono.slice(0, 3), 3],
    ['3-card Duo = 6 points', duo.slice(0, 3), 6],
    ['3-card Tripo = 9 points', tripo.slice(0, 3), 9],
    ['4-card Mono = 4 points', mono.slice(0, 4), 4],
    ['4-card Duo = 8 points', duo.slice(0, 4), 8],
    ['4-card Tripo = 12 points', tripo.slice(0, 4), 12],
    ['5-card Mono = 5 points', mono, 5],
    ['5-card Duo = 10 points', duo, 10],
    ['5-card Tripo = 15 points', tripo, 15],
  ];
  for (const [sentence, line, points] of table) {
    it(`"${sentence}" (${line.join(' ')}, no Extreme Card)`, () => {
      expect(legal(playLast(line)).points).toBe(points);
    });
  }

  it('"A 5-card Tripo is called a Grand Progression." (15 points, played all at once into an empty table too)', () => {
    const cards = tripo.map((card, col) => ({ card, row: 0, col }));
    const result = legal(progression.judgePlay([], cards));
    expect(result.across).toMatchObject({ type: 'tripo', length: 5, properties: ['number', 'shape', 'colour'], bonus: 0, points: 15 });
  });
});

describe('Progression scoring: Extreme Card bonus', () => {
  it('"1-circle-violet: +1 point" (1-circle-violet 2-circle-violet 3-circle-violet: a 3-card Mono, 3 + 1)', () => {
    const result = legal(playLast(['1-circle-violet', '2-circle-violet', '3-circle-violet']));
    expect(result.across).toMatchObject({ type: 'mono', bonus: 1, points: 4 });
  });

  it('"5-star-red: +2 points" (3-star-red 4-star-red 5-star-red: a 3-card Mono, 3 + 2)', () => {
    expect(legal(playLast(['3-star-red', '4-star-red', '5-star-red'])).points).toBe(5);
  });

  it('"Add the Extreme Card bonus after calculating the normal Mono, Duo or Tripo score." (a Grand Progression from 1-circle-violet to 5-star-red: 15 + 1 + 2)', () => {
    const result = legal(playLast(['1-circle-violet', '2-crescent-cyan', '3-triangle-yellow', '4-square-orange', '5-star-red']));
    expect(result.across).toMatchObject({ type: 'tripo', length: 5, bonus: 3, points: 18 });
  });

  it('"The Extreme Card must be part of the sequence being scored to earn the bonus."', () => {
    // 1-circle-violet meets 3-crescent-yellow by shape only; the Mono is 3-4-5 crescent-yellow without it.
    const result = legal(playLast(['1-circle-violet', '3-crescent-yellow', '4-crescent-yellow', '5-crescent-yellow']));
    expect(result.across).toMatchObject({ cards: ['3-crescent-yellow', '4-crescent-yellow', '5-crescent-yellow'], bonus: 0 });
    expect(result.points).toBe(3);
  });

  it('"An Extreme Card may be involved in multiple scoring sequences, and the bonus can be earned more than once per turn." (5-star-red across and down: (3 + 2) + (3 + 2))', () => {
    const table = layout(`
      .          .          5-star-yellow
      .          .          5-star-orange
      3-star-red 4-star-red .
    `);
    const result = legal(progression.judgePlay(table, layout('5-star-red', { row: 2, col: 2 })));
    expect(result.across).toMatchObject({ cards: ['3-star-red', '4-star-red', '5-star-red'], bonus: 2, points: 5 });
    expect(result.down).toMatchObject({ cards: ['5-star-yellow', '5-star-orange', '5-star-red'], bonus: 2, points: 5 });
    expect(result.points).toBe(10);
  });

  it('"the bonus can be earned more than once per turn" also with 1-circle-violet played at a crossing ((3 + 1) + (3 + 1))', () => {
    const table = layout(`
      .               2-triangle-orange 3-triangle-orange
      1-crescent-violet .                 .
      1-triangle-violet .                 .
    `);
    const result = legal(progression.judgePlay(table, layout('1-circle-violet')));
    expect(result.across?.points).toBe(4);
    expect(result.down?.points).toBe(4);
    expect(result.points).toBe(8);
  });
});

describe('Progression scoring: intersecting sequences', () => {
  it('"If the card creates or extends a scoring sequence in both directions, both directions may score. Evaluate the horizontal and vertical sequences separately."', () => {
    const table = layout(`
      .               .               3-circle-orange
      .               .               3-crescent-yellow
      1-triangle-cyan 2-triangle-cyan .
    `);
    // Down: circle-crescent-triangle and orange-yellow-cyan: a 3-card Duo (6). Across: 1-2-3: a Mono (3).
    const result = legal(progression.judgePlay(table, layout('3-triangle-cyan', { row: 2, col: 2 })));
    expect(result.across).toMatchObject({ type: 'mono', points: 3 });
    expect(result.down).toMatchObject({ type: 'duo', properties: ['shape', 'colour'], points: 6 });
    expect(result.points).toBe(9);
  });

  it('"If one or more newly played cards also create a valid sequence in the perpendicular direction, score the highest valid sequence from that direction separately." (a column of three: best row counts once)', () => {
    const table = layout(`
      1-triangle-cyan   2-triangle-cyan   .
      1-crescent-yellow 2-triangle-yellow .
    `);
    // Placed down column 2: row 0 makes 1-2-3 cyan triangles (Mono 3), row 1 makes 1-2-3 with
    // crescent-triangle-square (Duo 6), the column makes triangle-square-star with cyan-yellow-orange (Duo 6).
    const play: Placement[] = [
      { card: '3-triangle-cyan', row: 0, col: 2 },
      { card: '3-square-yellow', row: 1, col: 2 },
      { card: '3-star-orange', row: 2, col: 2 },
    ];
    const result = legal(progression.judgePlay(table, play));
    expect(result.across).toMatchObject({ cards: ['1-crescent-yellow', '2-triangle-yellow', '3-square-yellow'], points: 6 });
    expect(result.down).toMatchObject({ cards: ['3-triangle-cyan', '3-square-yellow', '3-star-orange'], points: 6 });
    expect(result.points).toBe(12); // not 3 + 6 + 6
  });
});

describe('Progression scoring: important scoring principle', () => {
  const tripo = layout('1-star-violet 2-square-cyan 3-triangle-yellow');

  it('"A sequence that was completed on an earlier turn cannot simply be scored again because another card was placed elsewhere along the same line."', () => {
    // 3-triangle-cyan joins 3-triangle-yellow by colour and extends nothing.
    const result = legal(progression.judgePlay(tripo, layout('. . . 3-triangle-cyan')));
    expect(result.points).toBe(0);
    // Nor by a card touching the old sequence from the side.
    expect(legal(progression.judgePlay(tripo, layout('. 2-square-yellow', { row: 1, col: 0 }))).points).toBe(0);
  });

  it('"Your new card must create, extend, or become part of the sequence being scored." (extending the Tripo to 4 cards: 12)', () => {
    expect(legal(progression.judgePlay(tripo, layout('. . . 4-crescent-orange'))).points).toBe(12);
  });
});

describe('Progression scoring: no wrapping, and reversing', () => {
  it('"No Wrapping in the Standard Game ... 3–4–5–1 ... are not continuous number sequences." (1-square-yellow joins 5-square-cyan by colour)', () => {
    expect(legal(playLast(['3-square-cyan', '4-square-cyan', '5-square-cyan', '1-square-yellow'])).points).toBe(0);
    expect(legal(playLast(['3-square-cyan', '4-square-cyan', '5-square-cyan', '1-square-yellow'], { reversing: true })).points).toBe(0);
  });

  it('"and 3–2–1–5 are not continuous number sequences."', () => {
    expect(legal(playLast(['3-square-cyan', '2-square-cyan', '1-square-cyan', '5-square-yellow'])).points).toBe(0);
  });

  it('"When a property reaches 1 or 5, it can no longer continue in that direction in the standard game." / "Variation 2 ... For example: 3–4–5–4–3"', () => {
    const line = ['3-square-cyan', '4-square-cyan', '5-square-cyan', '4-square-orange', '3-square-orange'];
    // Standard: only 5-4-3 counts (a 3-card Mono).
    expect(legal(playLast(line)).across).toMatchObject({ cards: line.slice(2), points: 3 });
    // Reversing: the number turns at 5, all five cards are one Mono.
    expect(legal(playLast(line, { reversing: true })).across).toMatchObject({ cards: line, points: 5 });
  });

  it('"or: 3–2–1–2–3 ... This allows individual property sequences to continue beyond five cards"', () => {
    const line = ['3-square-cyan', '2-square-cyan', '1-square-cyan', '2-square-orange', '3-square-orange'];
    expect(legal(playLast(line)).points).toBe(3);
    expect(legal(playLast(line, { reversing: true })).points).toBe(5);
    const six = [...line, '4-square-orange'];
    expect(legal(playLast(six, { reversing: true })).across).toMatchObject({ length: 6, points: 6 });
  });

  it('"Each property can reverse independently." (number turns at 5 while colour runs on)', () => {
    // number 3-4-5-4, colour violet-cyan-yellow-orange: a 4-card Duo only when reversing.
    const line = ['3-circle-violet', '4-circle-cyan', '5-circle-yellow', '4-circle-orange'];
    expect(legal(playLast(line)).points).toBe(4);
    expect(legal(playLast(line, { reversing: true })).points).toBe(8);
  });
});
