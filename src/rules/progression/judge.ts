// Progression: is one turn's laydown legal, and what does it score (contracts section 2).
import { EXTREME_CARDS, extremeBonus, ticValues, type Property, type TicValues } from '../../cards/tic.js';
import { NEIGHBOUR_STEPS, type Placement } from '../layout.js';
import { maskProperties, maskSize, oneStepMask, sequencingMask, typeOfSize, type SequenceOptions, type SequenceType } from '../tic-sequence.js';
import { violation, type Violation } from '../violation.js';
import { cellName, gridKey, type GridKey } from './grid.js';

/** across: along a row; down: along a column. */
export type Direction = 'across' | 'down';

/** The one sequence a direction scores, for people and dashboards as much as for the total. */
export interface ScoredSequence {
  readonly direction: Direction;
  /** In line order: left to right (across) or top to bottom (down). */
  readonly cards: readonly string[];
  readonly placements: readonly Placement[];
  readonly type: SequenceType;
  /** The properties stepping through every card of it. */
  readonly properties: readonly Property[];
  readonly length: number;
  /** The Extreme Card bonus included in points. */
  readonly bonus: number;
  /** length x type + bonus. */
  readonly points: number;
}

export interface PlayJudgement {
  readonly violations: readonly Violation[];
  /** across + down; 0 when the play is illegal. */
  readonly points: number;
  readonly across: ScoredSequence | null;
  readonly down: ScoredSequence | null;
}

const CARD_BONUS = new Map<string, number>(EXTREME_CARDS.map((card) => [card, extremeBonus([card])]));

/**
 * Judges the cards placed in one turn (`play`) on the layout before it (`table`).
 * Legality never depends on `reversing`: the contact rule asks only for one property stepping by
 * one between two touching cards. Reversing changes what counts as a scoring sequence.
 */
export function judgePlay(table: readonly Placement[], play: readonly Placement[], options: SequenceOptions = {}): PlayJudgement {
  const violations: Violation[] = [];
  if (play.length === 0) violations.push(violation('empty-play', 'no card was placed'));

  const tableCells = new Map<GridKey, Placement>();
  const tableCards = new Set<string>();
  for (const p of table) {
    const key = gridKey(p.row, p.col);
    const other = tableCells.get(key);
    if (other) {
      violations.push(violation('table-cell-overlap', `${other.card} and ${p.card} lie on the same table cell (${cellName(p.row, p.col)})`, [other.card, p.card]));
    } else {
      tableCells.set(key, p);
    }
    if (tableCards.has(p.card)) violations.push(violation('table-card-repeated', `${p.card} lies on the table more than once`, [p.card]));
    tableCards.add(p.card);
  }

  // Placements on free cells, each cell once; only these take part in the geometry checks.
  const placedCells = new Map<GridKey, Placement>();
  const free: Placement[] = [];
  const placedCards = new Set<string>();
  for (const p of play) {
    if (tableCards.has(p.card)) violations.push(violation('card-already-on-table', `${p.card} is already on the table`, [p.card]));
    if (placedCards.has(p.card)) {
      if (!violations.some((v) => v.rule === 'card-played-twice' && v.cards[0] === p.card)) {
        violations.push(violation('card-played-twice', `${p.card} is placed more than once`, [p.card]));
      }
    }
    placedCards.add(p.card);
    const key = gridKey(p.row, p.col);
    const under = tableCells.get(key);
    if (under) {
      violations.push(violation('cell-occupied', `${p.card} is placed on ${cellName(p.row, p.col)}, where ${under.card} already lies`, [p.card, under.card]));
      continue;
    }
    const other = placedCells.get(key);
    if (other) {
      violations.push(violation('cell-played-twice', `${other.card} and ${p.card} are both placed on ${cellName(p.row, p.col)}`, [other.card, p.card]));
      continue;
    }
    placedCells.set(key, p);
    free.push(p);
  }

  if (free.length > 1) checkLine(free, placedCells, tableCells, violations);

  // Contacts: placed-table in every direction, placed-placed once each (to the right and below).
  let touches = false;
  for (const p of free) {
    const values = ticValues(p.card);
    for (const [dr, dc] of NEIGHBOUR_STEPS) {
      const key = gridKey(p.row + dr, p.col + dc);
      const onTable = tableCells.get(key);
      const neighbour = onTable ?? (dr + dc > 0 ? placedCells.get(key) : undefined);
      if (onTable) touches = true;
      if (neighbour && oneStepMask(values, ticValues(neighbour.card)) === 0) {
        violations.push(
          violation('no-step-at-contact', `${p.card} touches ${neighbour.card}, but no property steps by exactly one between them`, [p.card, neighbour.card]),
        );
      }
    }
  }
  if (!touches && tableCells.size > 0 && free.length > 0) {
    const cards = free.map((p) => p.card);
    violations.push(violation('not-touching-layout', `${cards.join(', ')} ${cards.length === 1 ? 'touches' : 'touch'} no card of the layout`, cards));
  }

  if (violations.length > 0) return { violations, points: 0, across: null, down: null };

  const sequenceOptions: SequenceOptions = { reversing: options.reversing === true };
  const across = bestSequence('across', free, placedCells, tableCells, sequenceOptions);
  const down = bestSequence('down', free, placedCells, tableCells, sequenceOptions);
  return { violations, points: (across?.points ?? 0) + (down?.points ?? 0), across, down };
}

/** One row or one column, and no empty cell between the placed cards (table cards fill the line). */
function checkLine(free: readonly Placement[], placedCells: ReadonlyMap<GridKey, Placement>, tableCells: ReadonlyMap<GridKey, Placement>, violations: Violation[]): void {
  const first = free[0]!;
  const sameRow = free.every((p) => p.row === first.row);
  const sameCol = free.every((p) => p.col === first.col);
  if (!sameRow && !sameCol) {
    const cards = free.map((p) => p.card);
    violations.push(violation('not-in-one-line', `${cards.join(', ')} are not in one row or one column`, cards));
    return;
  }
  let low = first;
  let high = first;
  for (const p of free) {
    const at = sameRow ? p.col : p.row;
    if (at < (sameRow ? low.col : low.row)) low = p;
    if (at > (sameRow ? high.col : high.row)) high = p;
  }
  const from = sameRow ? low.col : low.row;
  const to = sameRow ? high.col : high.row;
  // Stops at the first empty cell, so a huge span costs no more than the cards there are.
  for (let at = from + 1; at < to; at++) {
    const row = sameRow ? first.row : at;
    const col = sameRow ? at : first.col;
    const key = gridKey(row, col);
    if (!placedCells.has(key) && !tableCells.has(key)) {
      violations.push(violation('gap-in-line', `the line from ${low.card} to ${high.card} has an empty cell at ${cellName(row, col)}`, [low.card, high.card]));
      return;
    }
  }
}

// Scratch for sequencingMask over three cards, so the hot path allocates no arrays per window.
const TRIPLE: TicValues[] = [
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
];

/**
 * The best scoring sequence over the lines (rows for across, columns for down) holding a placed
 * card. Each line is the maximal run of occupied cells through its placed cards; a scoring
 * sequence is any 3+ consecutive cards of it with a placed card among them.
 */
function bestSequence(
  direction: Direction,
  free: readonly Placement[],
  placedCells: ReadonlyMap<GridKey, Placement>,
  tableCells: ReadonlyMap<GridKey, Placement>,
  options: SequenceOptions,
): ScoredSequence | null {
  const across = direction === 'across';
  const lineCoordinates: number[] = [];
  let best: ScoredSequence | null = null;
  for (const placed of free) {
    const fixed = across ? placed.row : placed.col;
    if (lineCoordinates.includes(fixed)) continue;
    lineCoordinates.push(fixed);
    const at = (i: number): Placement | undefined => {
      const key = across ? gridKey(fixed, i) : gridKey(i, fixed);
      return placedCells.get(key) ?? tableCells.get(key);
    };
    let start = across ? placed.col : placed.row;
    let end = start;
    while (at(start - 1)) start--;
    while (at(end + 1)) end++;
    if (end - start < 2) continue;

    const line: Placement[] = [];
    for (let i = start; i <= end; i++) line.push(at(i)!);
    const found = bestWindow(direction, line, placedCells, options);
    if (found && (!best || found.points > best.points || (found.points === best.points && found.length > best.length))) best = found;
  }
  return best;
}

/**
 * The highest-scoring window of 3+ cards holding a placed card. A property sequences through a
 * window exactly when it sequences through each three consecutive cards of it (sequencingMask
 * only compares each step with the one before), so a window's mask is the AND of its triples'.
 * Ties go to the longer window, then the earlier one.
 */
function bestWindow(direction: Direction, line: readonly Placement[], placedCells: ReadonlyMap<GridKey, Placement>, options: SequenceOptions): ScoredSequence | null {
  const n = line.length;
  const values: TicValues[] = new Array<TicValues>(n);
  const placed: number[] = new Array<number>(n);
  const bonus: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const p = line[i]!;
    values[i] = ticValues(p.card);
    placed[i] = placedCells.get(gridKey(p.row, p.col)) === p ? 1 : 0;
    bonus[i] = CARD_BONUS.get(p.card) ?? 0;
  }
  const triples: number[] = new Array<number>(n - 2);
  for (let k = 0; k + 2 < n; k++) {
    TRIPLE[0] = values[k]!;
    TRIPLE[1] = values[k + 1]!;
    TRIPLE[2] = values[k + 2]!;
    triples[k] = sequencingMask(TRIPLE, options);
  }

  let bestPoints = 0;
  let bestStart = -1;
  let bestEnd = -1;
  let bestMask = 0;
  for (let i = 0; i + 2 < n; i++) {
    let mask = 0b111;
    let placedCount = placed[i]! + placed[i + 1]!;
    let bonusSum = bonus[i]! + bonus[i + 1]!;
    for (let j = i + 2; j < n; j++) {
      mask &= triples[j - 2]!;
      if (mask === 0) break;
      placedCount += placed[j]!;
      bonusSum += bonus[j]!;
      if (placedCount === 0) continue;
      const length = j - i + 1;
      const points = length * maskSize(mask) + bonusSum;
      if (points > bestPoints || (points === bestPoints && length > bestEnd - bestStart + 1)) {
        bestPoints = points;
        bestStart = i;
        bestEnd = j;
        bestMask = mask;
      }
    }
  }
  if (bestStart < 0) return null;

  const placements = line.slice(bestStart, bestEnd + 1).map(({ card, row, col }) => ({ card, row, col }));
  const cards = placements.map((p) => p.card);
  return {
    direction,
    cards,
    placements,
    type: typeOfSize(maskSize(bestMask))!,
    properties: maskProperties(bestMask),
    length: cards.length,
    bonus: extremeBonus(cards),
    points: bestPoints,
  };
}
