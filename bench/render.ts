// Frames rendered per second: one still table photographed at 1280x720 (and 1920x1080), the whole
// path from the table plane to the JPEG and its truth. Medians over tables of every game.
import { performance } from 'node:perf_hooks';
import { figures, formatMs, percentile } from './harness.js';
import { TABLE_GAMES } from '../src/render/scene.js';
import { planShot, renderShot } from '../src/render/shot.js';

async function frames(width: number, height: number, samples: number): Promise<void> {
  const plan = (i: number) => planShot(TABLE_GAMES[i % TABLE_GAMES.length]!, 5000 + i, { conditions: { width, height } });
  // Warm-up: the JIT, and the table-top tiles the timed frames will use (cached after first use).
  for (let i = 0; i < samples; i++) await renderShot(plan(i));
  const times: number[] = [];
  // CPU time too: on a machine shared with other work, wall time alone overstates the cost.
  const cpu: number[] = [];
  for (let i = 0; i < samples; i++) {
    const shot = plan(i);
    const start = performance.now();
    const used = process.cpuUsage();
    await renderShot(shot);
    times.push(performance.now() - start);
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  const name = `render: one ${width}x${height} frame (table, warp, light, JPEG, truth)`;
  figures.push({ name, medianMs: median, p99Ms: percentile(times, 0.99), samples });
  console.log(`${name.padEnd(64)} median ${formatMs(median)}  p99 ${formatMs(percentile(times, 0.99))}  (n=${samples})   ${(1000 / median).toFixed(1)} frames/s, CPU ${formatMs(percentile(cpu, 0.5))} a frame`);
}

export async function run(): Promise<void> {
  await frames(1280, 720, 16);
  await frames(1920, 1080, 8);
}
