// Sequence Shift table legality (contracts section 2, "sequence-shift / table").
// A table is legal when every maximal run of touching cards in a row or a column is one Duo or
// Tripo and every card lies in at least one such run. Everything else the rulebook says about
// layout follows from that: a card lies in at most one run across and one run down (so at most
// two sequences, one each way), two sequences touching end to end are one run, and a card stuck
// beside a sequence makes a run of its own that has to be a Duo or Tripo (no branching).
import { ticValues, type Property } from '../../cards/tic.js';
import { cellKey, overlappingPlacements, repeatedCards, type Placement } from '../layout.js';
import { maskProperties, maskSize, sequencingMask, typeOfSize, type SequenceType } from '../tic-sequence.js';
import { violation, type Violation } from '../violation.js';

export type Direction = 'across' | 'down';

/** A maximal run of 2+ touching cards in one row (across, left to right) or column (down, top to bottom). */
export interface TableRun {
  readonly direction: Direction;
  readonly placements: readonly Placement[];
  /** The properties stepping by one through the whole run (sequencingMask). */
  readonly mask: number;
}

/** A legal run as the judge reports it. */
export interface TableSequence {
  readonly direction: Direction;
  readonly cards: readonly string[];
  readonly type: SequenceType;
  readonly properties: readonly Property[];
}

export interface TableJudgement {
  readonly violations: Violation[];
  readonly sequences: TableSequence[];
}

const MIN_TYPE_SIZE = 2; // Duo or better: "Monos are not sufficient for this game"

/** Every maximal run of 2+ touching cards, rows first, in reading order. The first card named on a cell holds it. */
export function tableRuns(table: readonly Placement[]): TableRun[] {
  const cells = firstOnEachCell(table);
  const ordered = [...cells.values()].sort((a, b) => a.row - b.row || a.col - b.col);
  const runs: TableRun[] = [];
  for (const [direction, dr, dc] of [['across', 0, 1], ['down', 1, 0]] as const) {
    for (const start of ordered) {
      if (cells.has(cellKey(start.row - dr, start.col - dc))) continue; // not the first card of its run
      const placements: Placement[] = [start];
      for (let next = cells.get(cellKey(start.row + dr, start.col + dc)); next; next = cells.get(cellKey(next.row + dr, next.col + dc))) {
        placements.push(next);
      }
      if (placements.length >= 2) runs.push({ direction, placements, mask: sequencingMask(placements.map((p) => ticValues(p.card))) });
    }
  }
  return runs;
}

export function isLegalRun(run: TableRun): boolean {
  return maskSize(run.mask) >= MIN_TYPE_SIZE;
}

/** All the ways a table breaks the layout rules, and its legal sequences. */
export function judgeTable(table: readonly Placement[]): TableJudgement {
  const violations: Violation[] = [];
  for (const card of repeatedCards(table.map((p) => p.card))) {
    violations.push(violation('card-repeated', `${card} is on the table more than once; the deck holds one of each card`, [card]));
  }
  const cells = firstOnEachCell(table);
  for (const extra of overlappingPlacements(table)) {
    const holder = cells.get(cellKey(extra.row, extra.col))!;
    violations.push(
      violation('cell-taken', `${extra.card} and ${holder.card} are both on row ${extra.row}, col ${extra.col}; a cell holds one card`, [
        holder.card,
        extra.card,
      ]),
    );
  }

  const runs = tableRuns(table);
  const runsByCell = new Map<string, TableRun[]>();
  for (const run of runs) {
    for (const p of run.placements) {
      const key = cellKey(p.row, p.col);
      runsByCell.set(key, [...(runsByCell.get(key) ?? []), run]);
    }
  }

  const sequences: TableSequence[] = [];
  for (const run of runs) {
    const cards = run.placements.map((p) => p.card);
    if (isLegalRun(run)) {
      sequences.push({ direction: run.direction, cards, type: typeOfSize(maskSize(run.mask))!, properties: maskProperties(run.mask) });
      continue;
    }
    violations.push(runViolation(run, runsByCell));
  }

  for (const p of cells.values()) {
    if (!runsByCell.has(cellKey(p.row, p.col))) {
      violations.push(
        violation('lone-card', `${p.card} touches no other card; every card must be part of a Duo or Tripo of at least 2 cards`, [p.card]),
      );
    }
  }
  return { violations, sequences };
}

function runViolation(run: TableRun, runsByCell: ReadonlyMap<string, readonly TableRun[]>): Violation {
  const cards = run.placements.map((p) => p.card);
  const why = whyNotDuo(run);
  // A failing run that shares a card with a legal sequence the other way hangs off that
  // sequence: the rulebook's "Sequences may not branch".
  for (const p of run.placements) {
    const crossing = runsByCell.get(cellKey(p.row, p.col))!.find((other) => other !== run && isLegalRun(other));
    if (!crossing) continue;
    const others = cards.filter((c) => c !== p.card);
    return violation(
      'branching',
      `${list(others)} ${others.length === 1 ? 'is' : 'are'} attached ${run.direction === 'down' ? 'above or below' : 'beside'} ${p.card} ` +
        `of the ${crossing.direction} sequence ${list(crossing.placements.map((q) => q.card))} without making a Duo or Tripo ` +
        `(${why}); sequences may not branch: a card there must complete a ${run.direction} Duo or Tripo of its own`,
      cards,
    );
  }
  return violation('run-not-duo-or-tripo', `the ${run.direction} run ${list(cards)} is not a Duo or Tripo: ${why}${splitHint(run)}`, cards);
}

function whyNotDuo(run: TableRun): string {
  const properties = maskProperties(run.mask);
  if (properties.length === 1) return `only ${properties[0]} steps by one through it, and a Mono is not enough`;
  const first = brokenStep(run);
  return `no two properties step by one, in one direction, through all of it${first}`;
}

/** Where a run first stops being a Duo, to point a person at the offending pair. */
function brokenStep(run: TableRun): string {
  const values = run.placements.map((p) => ticValues(p.card));
  for (let end = 2; end <= values.length; end++) {
    if (maskSize(sequencingMask(values.slice(0, end))) < MIN_TYPE_SIZE) {
      return end === values.length && end === 2
        ? ''
        : ` (it stops at ${run.placements[end - 1]!.card})`;
    }
  }
  return '';
}

/** Two legal sequences touching end to end read as one run; say so when that is what happened. */
function splitHint(run: TableRun): string {
  const values = run.placements.map((p) => ticValues(p.card));
  for (let k = 2; k <= values.length - 2; k++) {
    if (maskSize(sequencingMask(values.slice(0, k))) >= MIN_TYPE_SIZE && maskSize(sequencingMask(values.slice(k))) >= MIN_TYPE_SIZE) {
      const line = run.direction === 'across' ? 'row' : 'column';
      return `; two sequences in one ${line} need an empty cell between them, touching end to end they are one run`;
    }
  }
  return '';
}

function list(cards: readonly string[]): string {
  return cards.join(', ');
}

function firstOnEachCell(table: readonly Placement[]): Map<string, Placement> {
  const cells = new Map<string, Placement>();
  for (const p of table) {
    const key = cellKey(p.row, p.col);
    if (!cells.has(key)) cells.set(key, p);
  }
  return cells;
}
