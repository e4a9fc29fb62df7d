// `seqref eval --diff BEFORE.json AFTER.json`: two `seqref eval --json` reports of the same fixtures
// (before and after a change to the recogniser) side by side: the headline figures, and card by card
// which cards in sight a change put right, which it lost, and which it reads otherwise but still wrong.
import { readFileSync } from 'node:fs';
import { InputError } from '../errors.js';
import type { CardFailure } from './eval.js';

type Failure = CardFailure & { fixture: string; image: string };

interface Report {
  readonly cards_truth: number;
  readonly card_recall: number;
  readonly identity_accuracy: number;
  readonly position_accuracy: number;
  readonly cards_detected: number;
  readonly card_precision: number;
  readonly wrong_identity_at_0_9: number;
  readonly failures: Failure[];
}

function readReport(file: string): Report {
  let report: Partial<Report>;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as Partial<Report>;
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not JSON';
    throw new InputError(`eval --diff: ${file}: ${why}`);
  }
  for (const field of ['cards_truth', 'card_recall', 'identity_accuracy', 'position_accuracy', 'cards_detected', 'card_precision', 'wrong_identity_at_0_9'] as const) {
    if (typeof report[field] !== 'number') throw new InputError(`eval --diff: ${file}: no "${field}" (is it a seqref eval --json report?)`);
  }
  if (!Array.isArray(report.failures)) throw new InputError(`eval --diff: ${file}: no "failures" list (written by a seqref eval older than --diff?)`);
  return report as Report;
}

const key = (f: Failure): string => `${f.fixture}/${f.image} ${f.card}`;
const what = (f: Failure): string => (!f.found ? 'not found' : f.read === null ? `unknown (${f.confidence})` : `${f.read} (${f.confidence})`);
const pct = (v: number): string => `${(v * 100).toFixed(2)}%`;

/** The comparison as lines a person reads; throws InputError on reports of different fixtures. */
export function diffReports(before: Report, after: Report): string {
  if (before.cards_truth !== after.cards_truth) throw new InputError(`eval --diff: the reports are of different fixtures (${before.cards_truth} and ${after.cards_truth} cards in sight)`);
  const was = new Map(before.failures.map((f) => [key(f), f]));
  const now = new Map(after.failures.map((f) => [key(f), f]));
  const right = before.failures.filter((f) => !now.has(key(f)));
  const lost = after.failures.filter((f) => !was.has(key(f)));
  const otherwise = after.failures.filter((f) => was.has(key(f)) && what(was.get(key(f))!) !== what(f));
  const identified = (r: Report): number => Math.round(r.identity_accuracy * r.cards_truth);
  const extra = (r: Report): number => r.cards_detected - Math.round(r.card_precision * r.cards_detected);
  const lines = [
    `cards in sight: ${before.cards_truth}; identified ${identified(before)} -> ${identified(after)} (${right.length} put right, ${lost.length} lost)`,
    `identity ${pct(before.identity_accuracy)} -> ${pct(after.identity_accuracy)}, recall ${pct(before.card_recall)} -> ${pct(after.card_recall)}, grid ${pct(before.position_accuracy)} -> ${pct(after.position_accuracy)}`,
    `named wrongly at confidence >= 0.9: ${before.wrong_identity_at_0_9} -> ${after.wrong_identity_at_0_9}; finds of no card: ${extra(before)} -> ${extra(after)}`,
  ];
  const list = (title: string, cards: Failure[], line: (f: Failure) => string): void => {
    if (cards.length > 0) lines.push('', `${title} (${cards.length}):`, ...cards.map((f) => `  ${key(f)}: ${line(f)}`));
  };
  list('put right', right, (f) => `was ${what(f)}`);
  list('lost', lost, (f) => `now ${what(f)}`);
  list('read otherwise, still not right', otherwise, (f) => `${what(was.get(key(f))!)} -> ${what(f)}`);
  return `${lines.join('\n')}\n`;
}

export function runEvalDiff(args: readonly string[]): number {
  if (args.length !== 2) throw new InputError('eval --diff takes two reports: seqref eval --diff BEFORE.json AFTER.json');
  process.stdout.write(diffReports(readReport(args[0]!), readReport(args[1]!)));
  return 0;
}
