/** Input the product cannot read: the CLI prints its message on one line and exits 2. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** The longest error line the CLI prints: a message quoting a 5 MB input stays one short line. */
export const MAX_MESSAGE = 300;

/**
 * A value as a message quotes it, short whatever it is: a string cut to `max` characters (saying
 * how long it was), a list or object named by what it is, never walked (one nested 5,000 deep).
 */
export function shown(value: unknown, max = 40): string {
  if (typeof value === 'string') return value.length <= max ? JSON.stringify(value) : `${JSON.stringify(value.slice(0, max))}... (${value.length} characters)`;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}

/** One line of at most MAX_MESSAGE characters. */
export function oneLine(message: string): string {
  const line = message.replace(/\s*\n\s*/g, ' ');
  return line.length <= MAX_MESSAGE ? line : `${line.slice(0, MAX_MESSAGE - 3)}...`;
}
