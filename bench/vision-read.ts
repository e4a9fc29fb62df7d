// Reading a frame's cards: 30 rectified cards (cut from dev fixtures by their truth corners) read in
// one batch, both ways up, on the wasm backend: features, the network and the heads. Also the
// table settlement over those 30 reads. One thread: TF.js's wasm backend runs single-threaded here.
import { join } from 'node:path';
import { measure } from './harness.js';
import { cutFixtureCards } from '../src/training/evaluate.js';
import { createCardReader } from '../src/vision/read/index.js';
import { settleTicTable } from '../src/vision/settle.js';

export async function run(): Promise<void> {
  const cards = (await cutFixtureCards([join('fixtures', 'dev', 'sequence-hunt')], { includeHidden: false, maxFrames: 4 })).slice(0, 30);
  if (cards.length < 30) throw new Error(`vision-read bench: only ${cards.length} dev cards to read`);
  const images = cards.map((c) => c.image);
  const reader = await createCardReader();
  measure('vision-read: read 30 rectified cards (features + network, both ways up)', () => images, (batch) => reader.read(batch, 'tic'), { samples: 200, goal: '<= 10 ms (a small share of a 33 ms frame)' });
  const single = await createCardReader({ bothWays: false });
  measure('vision-read: read 30 rectified cards, one way up only', () => images, (batch) => single.read(batch, 'tic'), { samples: 200 });
  const readings = reader.read(images, 'tic');
  measure('vision-read: settle a 30-card TIC table', () => readings, (r) => settleTicTable(r), { samples: 200 });
  reader.dispose();
  single.dispose();
}
