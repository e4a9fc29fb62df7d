// What the board's LEDs should show: completed sequences in their team's colour, faulty spaces in
// white. Only differences go out, one $L frame per space that changes.
import { COLS, CORNERS, type LedColour, ROWS, type Space, SPACES } from './protocol.js';

/** Space index to the colour its LED should show; spaces not named are off. */
export type LedPlan = ReadonlyMap<number, LedColour>;

/**
 * Finds the spaces to light for completed sequences. The Sequence engine (a later issue) can pass its
 * own; this one lights every space of every line of five held by one team, corners counting for all.
 */
export type SequenceLighting = (cells: string) => LedPlan;

const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [[0, 1], [1, 0], [1, 1], [1, -1]];

export const lineOfFiveLighting: SequenceLighting = (cells) => {
  const plan = new Map<number, LedColour>();
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLS; col++) {
      for (const [dr, dc] of DIRECTIONS) {
        const endRow = row + 4 * dr;
        const endCol = col + 4 * dc;
        if (endRow < 0 || endRow >= ROWS || endCol < 0 || endCol >= COLS) continue;
        let team: Space | null = null;
        let line = true;
        const spaces: number[] = [];
        for (let k = 0; k < 5 && line; k++) {
          const index = (row + k * dr) * COLS + (col + k * dc);
          spaces.push(index);
          if (CORNERS.has(index)) continue;
          const state = cells[index] as Space;
          if (state === '.' || (team !== null && state !== team)) line = false;
          else team = state;
        }
        if (!line || team === null) continue;
        for (const index of spaces) if (!plan.has(index)) plan.set(index, team);
      }
    }
  }
  return plan;
};

/** Sequences, with faulty spaces drawn over them in white. */
export function ledPlan(cells: string, faults: Iterable<number>, lighting: SequenceLighting = lineOfFiveLighting): LedPlan {
  const plan = new Map(lighting(cells));
  for (const index of faults) plan.set(index, 'W');
  return plan;
}

/** Keeps what the board was last told, so only changes are sent. */
export class LedState {
  // null: unknown (a board that kept its power while the host was away may show anything).
  private shown: (LedColour | null)[] = new Array<LedColour | null>(SPACES).fill(null);

  /** The board has just powered up: every LED is off. */
  allOff(): void {
    this.shown.fill('.');
  }

  /** The host cannot know what the board shows (a new connection). */
  unknown(): void {
    this.shown.fill(null);
  }

  /** The $L frames that bring the board from what it shows to the plan. */
  commands(plan: LedPlan): Array<{ row: number; col: number; colour: LedColour }> {
    const out: Array<{ row: number; col: number; colour: LedColour }> = [];
    for (let index = 0; index < SPACES; index++) {
      const want = plan.get(index) ?? '.';
      if (this.shown[index] === want) continue;
      this.shown[index] = want;
      out.push({ row: Math.floor(index / COLS), col: index % COLS, colour: want });
    }
    return out;
  }
}

/** The space an `E` frame names, when its text starts `<row>,<col>,` as this firmware writes it. */
export function faultSpace(text: string): number | null {
  const match = /^(\d),(\d)(?:,|$)/.exec(text);
  return match ? Number(match[1]) * COLS + Number(match[2]) : null;
}
