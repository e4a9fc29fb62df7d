// Options of the form `--name value` and bare `--flag`, with one-line errors naming the command;
// and a command's output file, written whole.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from '../errors.js';

export interface ParsedOptions {
  readonly values: Map<string, string>;
  readonly flags: Set<string>;
}

export function parseOptions(command: string, args: readonly string[], valued: ReadonlySet<string>, bare: ReadonlySet<string>): ParsedOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (valued.has(arg)) {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) throw new InputError(`${command}: ${arg} needs a value; see seqref ${command} --help`);
      values.set(arg, value);
    } else if (bare.has(arg)) {
      flags.add(arg);
    } else {
      throw new InputError(`${command}: unknown option "${arg}"; see seqref ${command} --help`);
    }
  }
  return { values, flags };
}

/** The whole number given as option `name`, `fallback` where it is not given; out of [lo, hi] is one line. */
export function wholeOption(command: string, values: ReadonlyMap<string, string>, name: string, fallback: number, lo: number, hi: number): number {
  const text = values.get(name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < lo || n > hi) throw new InputError(`${command}: ${name} must be a whole number from ${lo} to ${hi}, got "${text}"`);
  return n;
}

/** Writes a command's output file whole under another name first: an interrupted run never leaves half of it at `path`. */
export function writeOutput(command: string, path: string, data: string | Uint8Array): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.partial`, data);
    renameSync(`${path}.partial`, path);
  } catch (error) {
    throw new InputError(`${command}: cannot write ${path}: ${(error as Error).message}`);
  }
}
