// Reading the fields of a `seqref check` case; every problem is an InputError naming the field.
import { InputError } from '../../errors.js';
import { parseTicCard } from '../../cards/tic.js';
import type { Placement } from '../../rules/layout.js';

export type CaseObject = Record<string, unknown>;

export function field(obj: CaseObject, name: string, where = 'case'): unknown {
  if (!(name in obj) || obj[name] === undefined) throw new InputError(`${where}: missing field "${name}"`);
  return obj[name];
}

export function arrayField(obj: CaseObject, name: string, where = 'case'): unknown[] {
  const value = field(obj, name, where);
  if (!Array.isArray(value)) throw new InputError(`${where}: field "${name}" must be an array`);
  return value;
}

export function stringField(obj: CaseObject, name: string, where = 'case'): string {
  const value = field(obj, name, where);
  if (typeof value !== 'string') throw new InputError(`${where}: field "${name}" must be a string`);
  return value;
}

export function optionalField<T>(obj: CaseObject, name: string, fallback: T, check: (v: unknown) => v is T, expected: string): T {
  const value = obj[name];
  if (value === undefined) return fallback;
  if (!check(value)) throw new InputError(`case: field "${name}" must be ${expected}`);
  return value;
}

export function isBoolean(v: unknown): v is boolean {
  return typeof v === 'boolean';
}

export function isObject(v: unknown): v is CaseObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function objectField(obj: CaseObject, name: string, where = 'case'): CaseObject {
  const value = field(obj, name, where);
  if (!isObject(value)) throw new InputError(`${where}: field "${name}" must be an object`);
  return value;
}

/** A list of TIC card names (case-insensitive on input, lower case out). */
export function ticCardsField(obj: CaseObject, name: string, where = 'case'): string[] {
  return arrayField(obj, name, where).map((item, i) => withPlace(`${where}: ${name}[${i}]`, () => parseTicCard(item)));
}

/** A list of { card, row, col } with TIC card names and integer positions. */
export function ticPlacementsField(obj: CaseObject, name: string, where = 'case'): Placement[] {
  return arrayField(obj, name, where).map((item, i) => {
    const place = `${where}: ${name}[${i}]`;
    if (!isObject(item)) throw new InputError(`${place} must be an object { "card", "row", "col" }`);
    const card = withPlace(place, () => parseTicCard(field(item, 'card', place)));
    return { card, row: integerField(item, 'row', place, [-MAX_CELL, MAX_CELL]), col: integerField(item, 'col', place, [-MAX_CELL, MAX_CELL]) };
  });
}

/**
 * A whole number a double holds exactly (a larger one would be read as another: 2^53 + 1 is
 * 2^53), within `range` where the field has one.
 */
export function integerField(obj: CaseObject, name: string, where = 'case', range: readonly [number, number] = [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]): number {
  const value = field(obj, name, where);
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new InputError(`${where}: field "${name}" must be an integer${typeof value === 'number' && Number.isInteger(value) ? ` of at most 2^53 - 1 (got ${value})` : ''}`);
  }
  if (value < range[0] || value > range[1]) throw new InputError(`${where}: field "${name}" must be from ${range[0]} to ${range[1]}, not ${value}`);
  return value;
}

/**
 * How far from the origin a grid position may lie: a table of the whole deck spans 125 cells at
 * most, and the rules lay their grids out between the cards.
 */
export const MAX_CELL = 1000;

function withPlace<T>(place: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof InputError && !error.message.startsWith(place)) throw new InputError(`${place}: ${error.message}`);
    throw error;
  }
}
