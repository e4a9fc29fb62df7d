// `npm run bench`: every figure the issues name, as medians. Each game adds its file here.
import { writeFileSync } from 'node:fs';
import { figures } from './harness.js';

const suites: Array<[string, () => Promise<{ run: () => void | Promise<void> }>]> = [
  ['bridge', () => import('./bridge.js')],
  ['progression', () => import('./progression.js')],
  ['sequence-hunt', () => import('./sequence-hunt.js')],
  ['sequence-shift', () => import('./sequence-shift.js')],
  ['sequence', () => import('./sequence.js')],
  ['sequence-stacks', () => import('./sequence-stacks.js')],
  ['simulate', () => import('./simulate.js')],
  ['render', () => import('./render.js')],
  ['vision-read', () => import('./vision-read.js')],
  ['vision', () => import('./vision.js')],
  ['vision-code', () => import('./vision-code.js')],
  ['enrol', () => import('./enrol.js')],
  ['server', () => import('./server.js')],
  ['start', () => import('./start.js')],
];

// `npm run bench -- progression sequence` runs only the suites named.
const only = new Set(process.argv.slice(2));
for (const [name, load] of suites) {
  if (only.size > 0 && !only.has(name)) continue;
  console.log(`\n== ${name}`);
  await (await load()).run();
}
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures, null, 2));
