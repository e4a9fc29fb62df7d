// `seqref examples`: the bundled cases judged, so a new user sees the engines at work.
import { readdirSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';
import { checkCase, readCaseText } from './check/check.js';

const BUNDLED = resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples/cases');

export function runExamples(dir = BUNDLED): number {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    throw new InputError(`${dir}: no such folder of example cases`);
  }
  for (const file of files) {
    const path = join(dir, file);
    try {
      const result = checkCase(readCaseText(path), path);
      const verdict = result.legal ? 'legal  ' : 'ILLEGAL';
      const points = result.points === null ? '' : `  ${result.points} points`;
      console.log(`${verdict} ${file}${points}`);
      for (const v of result.violations) console.log(`          ${v.rule}: ${v.message}`);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      console.log(`UNREADABLE ${file}: ${error.message}`);
    }
  }
  console.log(`${files.length} cases judged from ${dir}`);
  return 0;
}
