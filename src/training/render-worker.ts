// A worker thread of renderTrainingSet: renders each frame number it is handed and sends back the
// frame's record (its JPEG written to the set's folder).
import { parentPort, workerData } from 'node:worker_threads';
import { renderTrainingFrame } from './render-set.js';

const { dir, seed } = workerData as { dir: string; seed: number };
parentPort!.on('message', (i: number) => {
  void renderTrainingFrame(dir, seed, i).then((frame) => parentPort!.postMessage({ i, frame }));
});
