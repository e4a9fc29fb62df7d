// The vision bench's frames recognised in this process alone, for bench/vision.ts to run held to
// one core (taskset -c 0): prints the sorted times as JSON.
import { openCv } from '../src/vision/opencv.js';
import { createCardReader } from '../src/vision/read/index.js';
import { frameTimes } from './vision.js';

const reader = await createCardReader();
const { total, first, detect, read } = await frameTimes(await openCv(), reader, 40);
reader.dispose();
process.stdout.write(JSON.stringify({ total, first, detect, read }));
