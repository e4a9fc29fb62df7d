// The recogniser on a thread of its own (worker_threads): `seqref serve` and `eval --games` read
// frames here while the main thread answers pages and sockets and judges turns. It loads the
// vision module once, says `ready` (or why it could not), then answers each frame in order.
import { parentPort, workerData } from 'node:worker_threads';
import { openVision, type VisionCard, type VisionRecogniser } from './recogniser.js';
import type { CalibrationProfile } from '../calibration/profile.js';

export interface FrameRequest {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  readonly game: string;
  readonly calibration?: CalibrationProfile;
}

export type WorkerAnswer =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly problem: string }
  | { readonly kind: 'read'; readonly id: number; readonly cards: VisionCard[]; readonly drawPile: boolean }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };

const port = parentPort!;
const opened = await openVision((workerData as { deck?: string } | null)?.deck);
if (typeof opened === 'string') port.postMessage({ kind: 'failed', problem: opened } satisfies WorkerAnswer);
else {
  const vision: VisionRecogniser = opened;
  port.on('message', (request: FrameRequest) => {
    try {
      const result = vision.recognise(request, { game: request.game, ...(request.calibration ? { calibration: request.calibration } : {}) });
      // Only what the session reads crosses back (VisionCard): plain numbers and names.
      const cards = (result?.cards ?? []).map((c) => ({
        ...(c.corners ? { corners: c.corners.map((p) => [p[0], p[1]] as const) } : {}),
        ...(c.partial !== undefined ? { partial: c.partial } : {}),
        ...(c.reading ? { reading: { ...(c.reading.card !== undefined ? { card: c.reading.card } : {}), ...(c.reading.deck !== undefined ? { deck: c.reading.deck } : {}), ...(c.reading.confidence !== undefined ? { confidence: c.reading.confidence } : {}) } } : {}),
        ...(c.row !== undefined ? { row: c.row } : {}),
        ...(c.col !== undefined ? { col: c.col } : {}),
      }));
      port.postMessage({ kind: 'read', id: request.id, cards, drawPile: Boolean(result?.drawPile) } satisfies WorkerAnswer);
    } catch (error) {
      port.postMessage({ kind: 'error', id: request.id, message: error instanceof Error ? error.message.split('\n')[0]! : String(error) } satisfies WorkerAnswer);
    }
  });
  port.postMessage({ kind: 'ready' } satisfies WorkerAnswer);
}
