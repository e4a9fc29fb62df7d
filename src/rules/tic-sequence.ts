// What "sequence" means for TIC cards, shared by Progression, Sequence Shift and Sequence Hunt.
import { PROPERTIES, ticValues, type Property, type TicValues } from '../cards/tic.js';

export interface SequenceOptions {
  /** Progression Variation 2: a property may turn back when it reaches 1 or 5. */
  readonly reversing?: boolean;
}

export const SEQUENCE_TYPES = ['mono', 'duo', 'tripo'] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

/** Mono 1, Duo 2, Tripo 3: the number of properties that sequence, and the scoring multiplier. */
export function typeSize(type: SequenceType): number {
  return SEQUENCE_TYPES.indexOf(type) + 1;
}

export function typeOfSize(propertyCount: number): SequenceType | null {
  return SEQUENCE_TYPES[propertyCount - 1] ?? null;
}

/** Bit i stands for PROPERTIES[i]. */
export const ALL_PROPERTIES_MASK = 0b111;

export function maskSize(mask: number): number {
  return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1);
}

export function maskProperties(mask: number): Property[] {
  return PROPERTIES.filter((_, i) => mask & (1 << i));
}

/** The properties that change by exactly one step between two cards (the edge-contact rule). */
export function oneStepMask(a: TicValues, b: TicValues): number {
  let mask = 0;
  for (let p = 0; p < 3; p++) if (Math.abs(a[p]! - b[p]!) === 1) mask |= 1 << p;
  return mask;
}

/**
 * The properties that progress by one step from card to card through the whole ordered run,
 * each in one direction throughout (or, with `reversing`, turning only at 1 or 5).
 * A run of fewer than two cards sequences nothing.
 */
export function sequencingMask(run: readonly TicValues[], options: SequenceOptions = {}): number {
  if (run.length < 2) return 0;
  let mask = 0;
  for (let p = 0; p < 3; p++) {
    if (propertySequences(run, p, options.reversing === true)) mask |= 1 << p;
  }
  return mask;
}

function propertySequences(run: readonly TicValues[], p: number, reversing: boolean): boolean {
  let previousStep = 0;
  for (let i = 1; i < run.length; i++) {
    const step = run[i]![p]! - run[i - 1]![p]!;
    if (step !== 1 && step !== -1) return false;
    if (previousStep !== 0 && step !== previousStep) {
      const turningValue = run[i - 1]![p]!;
      if (!reversing || (turningValue !== 1 && turningValue !== 5)) return false;
    }
    previousStep = step;
  }
  return true;
}

/** sequencingMask over card names. */
export function sequencingProperties(cards: readonly string[], options: SequenceOptions = {}): Property[] {
  return maskProperties(sequencingMask(cards.map(ticValues), options));
}
