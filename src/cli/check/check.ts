// `seqref check FILE|-` (contracts section 2).
import { readFileSync } from 'node:fs';
import { InputError, shown } from '../../errors.js';
import type { CheckAnswer } from './answer.js';
import { isObject, stringField } from './case-input.js';
import { CASE_JUDGES } from './judges.js';

export function readCaseText(source: string): string {
  try {
    return readFileSync(source === '-' ? 0 : source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`${source === '-' ? 'standard input' : source}: cannot read (${code ?? String(error)})`);
  }
}

/** How deep cases nest (a Stacks turn's actions, with their cards, are the deepest: 5). */
const MAX_NESTING = 16;
/** The largest case read (a whole deck's cases are a few kilobytes). */
export const MAX_CASE_BYTES = 64 * 1024 * 1024;

/** How many levels of lists and objects a parsed value holds, counted without recursion (it may be 100,000 deep). */
function nesting(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    deepest = Math.max(deepest, depth);
    if (depth > MAX_NESTING) return depth;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Judges the JSON text of one case. */
export function checkCase(text: string, label = 'case'): CheckAnswer {
  let parsed: unknown;
  if (text.length > MAX_CASE_BYTES) throw new InputError(`${label}: ${text.length} characters; a case is at most ${MAX_CASE_BYTES}`);
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // JSON.parse itself gives up (a RangeError) on lists nested hundreds of thousands deep.
    throw new InputError(`${label}: not valid JSON (${error instanceof RangeError ? 'nested too deeply' : (error as Error).message})`);
  }
  if (!isObject(parsed)) throw new InputError(`${label}: a case must be a JSON object`);
  const depth = nesting(parsed);
  if (depth > MAX_NESTING) throw new InputError(`${label}: the case is nested ${depth} levels deep; a case needs at most ${MAX_NESTING}`);
  const game = stringField(parsed, 'game');
  const kind = stringField(parsed, 'kind');
  const judge = CASE_JUDGES[`${game}/${kind}`];
  if (!judge) {
    throw new InputError(`unknown case ${shown(game)} / ${shown(kind)} (known: ${Object.keys(CASE_JUDGES).join(', ')})`);
  }
  return judge(parsed);
}
