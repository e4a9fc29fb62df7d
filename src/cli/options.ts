// Options of the form `--name value` and bare `--flag`, with one-line errors naming the command.
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
