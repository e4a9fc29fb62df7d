// `seqref train` (npm run train): renders training photographs under seeds of our own, trains the
// card reader on them and writes models/card-reader; `--evaluate DIR` reads fixture cards cut by
// their truth corners with the committed (or --model) weights and prints the scores.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { InputError } from '../errors.js';
import { DEFAULT_FIXTURE_SEED, findFixtures } from '../render/index.js';
import { evaluateFixtures } from '../training/evaluate.js';
import { defaultModelDir } from '../vision/read/model.js';
import { formatAccuracy, trainReader } from '../training/train.js';
import { parseOptions, wholeOption } from './options.js';
import { trainHitScore } from '../training/hit-score.js';
import { defaultHitScorePath } from '../vision/detect/hit-score.js';
import { createRecogniser } from '../vision/recognise.js';

export const TRAIN_USAGE = `Usage:
  seqref train [options]            train the card reader from rendered photographs, write the model
  seqref train --hit-score [options]
                                    fit the score judging the scan's hits (and its first look,
                                    from a near snap), write models/hit-score.json
  seqref train --evaluate DIR [--model DIR] [--jitter PX] [--turned]
                                    read every fixture card below DIR cut by its truth corners, print scores

Options:
  --frames N      training photographs to render (default 2880; kept in --data and reused)
  --seed N        seed of the training photographs (default 7071; never the fixtures' ${DEFAULT_FIXTURE_SEED})
  --epochs N      passes over the samples (default 24)
  --data DIR      where the training photographs are kept (default tmp/train-reader)
  --out DIR       where the model is written (default models/card-reader)
  --workers N     threads the photographs render in (default: one a core, here ${availableParallelism()})

With --hit-score: --seed N (default 5301) is the first of --sets N (default 8) fixture-style sets
and --calibrated N (default 2) calibration sets, rendered into --data (default tmp/train-hit-score)
and reused; --scenes N (default 1152) single tables in the scene tests' conditions; --out FILE
(default models/hit-score.json); --refit fits again on the hits the last run kept in --data.

Trains from rendered data only, never from fixtures/. Progress goes to standard error.`;

const VALUED = new Set(['--sets', '--calibrated', '--scenes', '--frames', '--seed', '--epochs', '--data', '--out', '--evaluate', '--model', '--jitter', '--workers']);
const FLAGS = new Set(['--turned', '--hit-score', '--refit']);

const whole = (values: ReadonlyMap<string, string>, name: string, fallback: number, lo: number, hi: number): number => wholeOption('train', values, name, fallback, lo, hi);

const say = (line: string): void => void process.stderr.write(`${line}\n`);

export async function runTrain(args: readonly string[]): Promise<number> {
  const { values, flags } = parseOptions('train', args, VALUED, FLAGS);
  const evaluate = values.get('--evaluate');
  if (evaluate !== undefined) {
    const fixtures = findFixtures(evaluate);
    if (fixtures.length === 0) throw new InputError(`train: no fixture.json below ${evaluate}`);
    const jitter = Number(values.get('--jitter') ?? 0);
    if (!Number.isFinite(jitter) || jitter < 0 || jitter > 20) throw new InputError(`train: --jitter must be a number of pixels from 0 to 20, got "${values.get('--jitter')}"`);
    const text = await evaluateFixtures(fixtures, { modelDir: values.get('--model') ?? defaultModelDir(), jitterPx: jitter, turned: flags.has('--turned'), progress: say });
    console.log(text);
    return 0;
  }
  if (flags.has('--hit-score')) return runHitScore(values, flags.has('--refit'));
  const seed = whole(values, '--seed', 7071, 0, 2 ** 32 - 1);
  if (seed === DEFAULT_FIXTURE_SEED) throw new InputError(`train: --seed ${seed} is the bundled fixtures' seed; train under a seed of your own`);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const report = await trainReader({
    dataDir: values.get('--data') ?? join('tmp', 'train-reader'),
    frames: whole(values, '--frames', 2880, 20, 100_000),
    seed,
    epochs: whole(values, '--epochs', 24, 1, 1000),
    out: values.get('--out') ?? defaultModelDir(),
    workers: whole(values, '--workers', availableParallelism(), 1, 64),
    progress: say,
  });
  const total = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  // CPU time as well as wall time: on a shared machine the wall clock overstates the work.
  const cpuSeconds = (used.user + used.system) / 1e6;
  console.log(
    `trained the card reader on ${report.samples} samples (${report.validationSamples} held back, rendered) in ${total.toFixed(0)} s, ${cpuSeconds.toFixed(0)} s of CPU ` +
      `(render ${report.seconds.render.toFixed(0)} s, cut ${report.seconds.cut.toFixed(0)} s, fit ${report.seconds.fit.toFixed(0)} s); ` +
      `${report.saved.parameters} parameters, ${(report.saved.bytes / 1024).toFixed(0)} KiB; validation ${formatAccuracy(report.validation)}`,
  );
  return 0;
}

async function runHitScore(values: Map<string, string>, refit: boolean): Promise<number> {
  const seed = whole(values, '--seed', 5301, 0, 2 ** 31);
  const sets = whole(values, '--sets', 8, 1, 100);
  const calibrated = whole(values, '--calibrated', 2, 0, 100);
  if (DEFAULT_FIXTURE_SEED >= seed && DEFAULT_FIXTURE_SEED < seed + sets + calibrated) throw new InputError(`train: the sets' seeds ${seed}..${seed + sets + calibrated - 1} take in the bundled fixtures' seed ${DEFAULT_FIXTURE_SEED}; train under seeds of your own`);
  const out = values.get('--out') ?? defaultHitScorePath();
  const start = performance.now();
  const recogniser = await createRecogniser();
  try {
    const report = await trainHitScore({
      dataDir: values.get('--data') ?? join('tmp', 'train-hit-score'),
      out,
      seed,
      sets,
      calibrated,
      scenes: whole(values, '--scenes', 1152, 0, 100_000),
      recogniser,
      refit,
      progress: say,
    });
    const b = report.heldBack;
    console.log(
      `fitted the hit score on ${report.hits} judged hits (${report.cards} cards) in ${((performance.now() - start) / 1000).toFixed(0)} s; ` +
        `${(report.bytes / 1024).toFixed(0)} KiB written to ${out}; on the last set, fitted without it: ${b.kept}/${b.cards} cards kept, ${b.othersKept}/${b.others} other hits kept; ` +
        `the first look let ${report.firstLook.kept}/${report.firstLook.cards} cards and ${report.firstLook.othersKept}/${report.firstLook.others} other hits through to the snap`,
    );
    return 0;
  } finally {
    recogniser.dispose();
  }
}
