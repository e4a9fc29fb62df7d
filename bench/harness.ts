// Medians, never single timings: each figure is measured over many runs after a warm-up.
import { performance } from 'node:perf_hooks';

export interface Figure {
  readonly name: string;
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly samples: number;
  readonly goal?: string;
}

export interface MeasureOptions {
  /** How many timed runs (default 200). */
  readonly samples?: number;
  /** Untimed runs first, so the JIT has settled (default samples / 10). */
  readonly warmup?: number;
  /** The goal as the issue states it, printed beside the figure. */
  readonly goal?: string;
}

export const figures: Figure[] = [];

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

/** Times `run` (one call = one sample; `prepare` is untimed and feeds it fresh input). */
export function measure<T>(name: string, prepare: (i: number) => T, run: (input: T) => unknown, options: MeasureOptions = {}): Figure {
  const samples = options.samples ?? 200;
  const warmup = options.warmup ?? Math.ceil(samples / 10);
  const times: number[] = [];
  let sink: unknown;
  for (let i = 0; i < warmup + samples; i++) {
    const input = prepare(i);
    const start = performance.now();
    sink = run(input);
    const elapsed = performance.now() - start;
    if (i >= warmup) times.push(elapsed);
  }
  void sink;
  times.sort((a, b) => a - b);
  const figure: Figure = { name, medianMs: percentile(times, 0.5), p99Ms: percentile(times, 0.99), samples, ...(options.goal ? { goal: options.goal } : {}) };
  figures.push(figure);
  const goal = figure.goal ? `   goal ${figure.goal}` : '';
  console.log(`${name.padEnd(64)} median ${formatMs(figure.medianMs)}  p99 ${formatMs(figure.p99Ms)}  (n=${samples})${goal}`);
  return figure;
}

/** A figure measured once as a whole (for long jobs like 1,000 simulated games). */
export function report(name: string, ms: number, note = ''): void {
  figures.push({ name, medianMs: ms, p99Ms: ms, samples: 1 });
  console.log(`${name.padEnd(64)} ${formatMs(ms)}${note ? `   ${note}` : ''}`);
}

export function formatMs(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(1)} us` : `${ms.toFixed(2)} ms`;
}

/** Records and prints the median and p99 of timings measured elsewhere (ms), with the issue's goal. */
export function recordTimes(name: string, values: readonly number[], goal?: string): void {
  const sorted = [...values].sort((a, b) => a - b);
  const figure: Figure = { name, medianMs: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), samples: values.length, ...(goal ? { goal } : {}) };
  figures.push(figure);
  console.log(`${name.padEnd(64)} median ${formatMs(figure.medianMs)}  p99 ${formatMs(figure.p99Ms)}  (n=${values.length})${goal ? `   goal ${goal}` : ''}`);
}
