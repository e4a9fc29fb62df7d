// The recognising commands' last line of defence. OpenCV.js rethrows uncaught errors from its own
// handler, which prints its whole source: an unexpected error is reported here instead, in a few
// lines, with exit 1. Bad input (InputError) goes on to main.ts's one-line message and exit 2.
import { InputError } from '../errors.js';
import { describeError } from '../vision/recognise.js';

export async function reportingOpenCvErrors(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InputError) throw error;
    process.stderr.write(`seqref: internal error: ${typeof error === 'number' ? await describeError(error) : ((error as Error).stack ?? String(error))}\n`);
    return 1;
  }
}
