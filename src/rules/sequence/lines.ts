// Sequences: five in a row across, down or diagonally; corners count for every team.
//
// Which sets of five-cell lines a team can hold at once: any two share at most one space, and two
// that share one run in different directions (rulebook, Completing a Sequence). Two distinct
// straight lines in different directions meet in at most one space, so the only real constraint
// is between lines in the same direction: on one board line they must not overlap (with the
// house rule "nine in a row counts twice", they may share one end space). Lines on different
// board lines never meet. So the maximum splits into independent board lines, and on each line
// into maximal runs of the team's spaces: a run of L spaces holds floor(L / 5) disjoint fives
// (house rule: floor((L - 1) / 4), fives chained end to end). No search is needed; a test checks
// this against an exhaustive search over candidate lines.
import { BOARD_SIZE, CELL_COUNT, type Cells, type Team, isCorner, position } from './board.js';

export const DIRECTIONS = ['across', 'down', 'diagonal', 'anti-diagonal'] as const;
export type Direction = (typeof DIRECTIONS)[number];
const STEPS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [1, 1],
  [1, -1],
];

export interface SequenceOptions {
  /** House rule: a row of nine counts as two sequences sharing the middle chip. */
  readonly nineCountsTwice?: boolean;
}

/** One sequence: five spaces in line order (a corner among them counts for the team). */
export interface Sequence {
  readonly team: Team;
  readonly direction: Direction;
  readonly cells: readonly (readonly [number, number])[];
}

/** A board line (a whole row, column or diagonal of 5+ spaces) as cell indices. */
interface BoardLine {
  readonly dir: number;
  readonly cells: readonly number[];
}

const LINES: BoardLine[] = [];
/** LINE_OF[dir * 100 + cell] = index into LINES (or -1 when that diagonal is shorter than 5). */
const LINE_OF = new Int16Array(4 * CELL_COUNT).fill(-1);
/** POS_OF[dir * 100 + cell] = the cell's position along its line. */
const POS_OF = new Int8Array(4 * CELL_COUNT);

for (let dir = 0; dir < 4; dir++) {
  const [dr, dc] = STEPS[dir]!;
  for (let start = 0; start < CELL_COUNT; start++) {
    const [r, c] = position(start);
    // A line starts where the previous cell in its direction falls off the board.
    const pr = r - dr;
    const pc = c - dc;
    if (pr >= 0 && pr < BOARD_SIZE && pc >= 0 && pc < BOARD_SIZE) continue;
    const cells: number[] = [];
    for (let rr = r, cc = c; rr >= 0 && rr < BOARD_SIZE && cc >= 0 && cc < BOARD_SIZE; rr += dr, cc += dc) {
      cells.push(rr * BOARD_SIZE + cc);
    }
    if (cells.length < 5) continue;
    const id = LINES.length;
    LINES.push({ dir, cells });
    cells.forEach((cell, pos) => {
      LINE_OF[dir * CELL_COUNT + cell] = id;
      POS_OF[dir * CELL_COUNT + cell] = pos;
    });
  }
}

const CORNER = new Uint8Array(CELL_COUNT);
for (let i = 0; i < CELL_COUNT; i++) CORNER[i] = isCorner(i) ? 1 : 0;

function owns(cells: Cells, index: number, team: Team): boolean {
  return cells[index] === team || CORNER[index] === 1;
}

/** A sequence as the engine keeps it: which board line, and where along it the five start. */
export interface HeldLine {
  readonly team: Team;
  readonly line: number;
  readonly start: number;
}

export function toSequence(held: HeldLine): Sequence {
  const line = LINES[held.line]!;
  return {
    team: held.team,
    direction: DIRECTIONS[line.dir]!,
    cells: line.cells.slice(held.start, held.start + 5).map(position),
  };
}

export function heldCells(held: HeldLine): number[] {
  return LINES[held.line]!.cells.slice(held.start, held.start + 5);
}

/** Reads a sequence back (from state or input) into the engine's form; null when it is not five in a row. */
export function fromSequence(sequence: Sequence): HeldLine | null {
  if (sequence.cells.length !== 5) return null;
  const indices = sequence.cells.map(([r, c]) => r * BOARD_SIZE + c);
  for (let dir = 0; dir < 4; dir++) {
    const line = LINE_OF[dir * CELL_COUNT + indices[0]!]!;
    if (line < 0) continue;
    const start = POS_OF[dir * CELL_COUNT + indices[0]!]!;
    if (indices.every((cell, k) => LINE_OF[dir * CELL_COUNT + cell] === line && POS_OF[dir * CELL_COUNT + cell] === start + k)) {
      return { team: sequence.team, line, start };
    }
  }
  return null;
}

/**
 * The most sequences each team can hold at once on this board, as one such set: team by team in
 * `teams`, then by direction, then along the board. Corners count for every team, even under an
 * (illegal) chip.
 */
export function maxSequences(cells: Cells, teams: readonly Team[], options: SequenceOptions = {}): HeldLine[] {
  const chained = options.nineCountsTwice === true;
  const found: HeldLine[] = [];
  for (const team of teams) {
    for (let id = 0; id < LINES.length; id++) {
      const line = LINES[id]!.cells;
      let runStart = -1;
      for (let pos = 0; pos <= line.length; pos++) {
        const mine = pos < line.length && owns(cells, line[pos]!, team);
        if (mine) {
          if (runStart < 0) runStart = pos;
          continue;
        }
        if (runStart >= 0) {
          // Fives one after another; with the house rule each next one reuses the last space.
          const step = chained ? 4 : 5;
          for (let s = runStart; s + 5 <= pos; s += step) found.push({ team, line: id, start: s });
          runStart = -1;
        }
      }
    }
  }
  return found;
}

/** How many of `held` each team has. */
export function countByTeam(held: readonly HeldLine[]): Record<Team, number> {
  const counts = { G: 0, B: 0, R: 0 };
  for (const h of held) counts[h.team]++;
  return counts;
}

/**
 * After `team` placed a chip on `index`: the new sequences it completes, given the sequences the
 * team already holds (which stay fixed: completed sequences are locked). A new sequence must hold
 * the new chip. Where several fives through it are possible, the engine takes the one that leaves
 * the most room for further fives along the same line, then the first along the line.
 */
export function completedBy(cells: Cells, team: Team, index: number, held: readonly HeldLine[], options: SequenceOptions = {}): HeldLine[] {
  const chained = options.nineCountsTwice === true;
  const maxShared = chained ? 1 : 0;
  const added: HeldLine[] = [];
  for (let dir = 0; dir < 4; dir++) {
    const id = LINE_OF[dir * CELL_COUNT + index]!;
    if (id < 0) continue;
    const line = LINES[id]!.cells;
    const p = POS_OF[dir * CELL_COUNT + index]!;
    let lo = p;
    while (lo > 0 && owns(cells, line[lo - 1]!, team)) lo--;
    let hi = p;
    while (hi < line.length - 1 && owns(cells, line[hi + 1]!, team)) hi++;
    if (hi - lo + 1 < 5) continue;
    const sameLine = held.filter((h) => h.team === team && h.line === id).map((h) => h.start);
    for (;;) {
      let best = -1;
      let bestScore = -1;
      for (let s = Math.max(lo, p - 4); s <= Math.min(p, hi - 4); s++) {
        if (sameLine.some((t) => overlap(s, t) > maxShared)) continue;
        const score = room(cells, line, team, sameLine, s, chained);
        if (score > bestScore) {
          best = s;
          bestScore = score;
        }
      }
      if (best < 0) break;
      sameLine.push(best);
      added.push({ team, line: id, start: best });
    }
  }
  return added;
}

/** Spaces shared by two fives on one line starting at a and b. */
function overlap(a: number, b: number): number {
  return Math.max(0, Math.min(a, b) + 5 - Math.max(a, b));
}

/** Further fives the line could still hold beside a five at `start` (own, corner or empty spaces). */
function room(cells: Cells, line: readonly number[], team: Team, taken: readonly number[], start: number, chained: boolean): number {
  const open = (pos: number): boolean => {
    const cell = line[pos]!;
    if (taken.some((t) => pos >= t && pos < t + 5)) return false;
    return cells[cell] === '.' || owns(cells, cell, team);
  };
  let left = 0;
  for (let pos = start - 1; pos >= 0 && open(pos); pos--) left++;
  let right = 0;
  for (let pos = start + 5; pos < line.length && open(pos); pos++) right++;
  const per = chained ? 4 : 5;
  return Math.floor(left / per) + Math.floor(right / per);
}

/** Spaces whose chip lies in some five in a row of its own colour: it may belong to a completed sequence. */
export function inFiveInARow(cells: Cells): boolean[] {
  const marked = new Array<boolean>(CELL_COUNT).fill(false);
  for (const team of ['G', 'B', 'R'] as const) {
    for (const { cells: line } of LINES) {
      let runStart = -1;
      for (let pos = 0; pos <= line.length; pos++) {
        if (pos < line.length && owns(cells, line[pos]!, team)) {
          if (runStart < 0) runStart = pos;
          continue;
        }
        if (runStart >= 0 && pos - runStart >= 5) {
          for (let k = runStart; k < pos; k++) if (cells[line[k]!] === team) marked[line[k]!] = true;
        }
        runStart = -1;
      }
    }
  }
  return marked;
}

/** Every five-space line on the board (192 of them), for tests and searches. */
export function allFives(): { direction: Direction; cells: number[] }[] {
  const fives: { direction: Direction; cells: number[] }[] = [];
  for (const { dir, cells } of LINES) {
    for (let s = 0; s + 5 <= cells.length; s++) fives.push({ direction: DIRECTIONS[dir]!, cells: cells.slice(s, s + 5) });
  }
  return fives;
}
