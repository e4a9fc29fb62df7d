// `seqref check FILE|-` (contracts section 2).
import { readFileSync } from 'node:fs';
import { InputError } from '../../errors.js';
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

/** Judges the JSON text of one case. */
export function checkCase(text: string, label = 'case'): CheckAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${label}: not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(parsed)) throw new InputError(`${label}: a case must be a JSON object`);
  const game = stringField(parsed, 'game');
  const kind = stringField(parsed, 'kind');
  const judge = CASE_JUDGES[`${game}/${kind}`];
  if (!judge) {
    throw new InputError(`unknown case "${game}" / "${kind}" (known: ${Object.keys(CASE_JUDGES).join(', ')})`);
  }
  return judge(parsed);
}
