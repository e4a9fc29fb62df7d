// What the LEDs show: completed sequences in team colours, faulty spaces in white, changes only.
import { describe, expect, it } from 'vitest';
import { faultSpace, LedState, ledPlan, lineOfFiveLighting } from '../../src/bridge/leds.js';

/** 10 rows of 10 characters as one string. */
const board = (...rows: string[]): string => rows.join('');

describe('LED plan', () => {
  it('lights five in a row of one team in its colour', () => {
    const cells = board('..........', '.GGGGG....', '..........', '..........', '..........', '..........', '..........', '..........', '..........', '..........');
    expect([...lineOfFiveLighting(cells).entries()].sort((a, b) => a[0] - b[0])).toEqual([[11, 'G'], [12, 'G'], [13, 'G'], [14, 'G'], [15, 'G']]);
  });

  it('"a Sequence that uses a corner needs only four of your own chips"', () => {
    const cells = board('..........', '.B........', '..B.......', '...B......', '....B.....', '..........', '..........', '..........', '..........', '..........');
    const plan = lineOfFiveLighting(cells);
    expect(plan.get(0)).toBe('B');
    expect([11, 22, 33, 44].map((i) => plan.get(i))).toEqual(['B', 'B', 'B', 'B']);
  });

  it('lights nothing for four in a row, or five mixed', () => {
    const cells = board('..........', '.GGGG.....', '.GGBGG....', '..........', '..........', '..........', '..........', '..........', '..........', '..........');
    expect(lineOfFiveLighting(cells).size).toBe(0);
  });

  it('draws faulty spaces in white over everything', () => {
    const cells = board('..........', '.RRRRR....', '..........', '..........', '..........', '..........', '..........', '..........', '..........', '..........');
    const plan = ledPlan(cells, [12, 77]);
    expect(plan.get(12)).toBe('W');
    expect(plan.get(77)).toBe('W');
    expect(plan.get(11)).toBe('R');
  });
});

describe('LED state', () => {
  it('sends every space once when it cannot know what the board shows, then only changes', () => {
    const leds = new LedState();
    expect(leds.commands(new Map([[5, 'G']]))).toHaveLength(100);
    expect(leds.commands(new Map([[5, 'G']]))).toEqual([]);
    expect(leds.commands(new Map([[6, 'G']]))).toEqual([{ row: 0, col: 5, colour: '.' }, { row: 0, col: 6, colour: 'G' }]);
  });

  it('after a power-up sends only the spaces that are lit', () => {
    const leds = new LedState();
    leds.allOff();
    expect(leds.commands(new Map([[99, 'W']]))).toEqual([{ row: 9, col: 9, colour: 'W' }]);
  });
});

describe('fault space', () => {
  it('reads the space an E text starts with', () => {
    expect(faultSpace('3,4,sensor at a rail 1023')).toBe(34);
    expect(faultSpace('battery low')).toBeNull();
    expect(faultSpace('34,5,x')).toBeNull();
  });
});
