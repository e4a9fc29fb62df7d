// The recogniser, loaded on demand: src/vision/recognise.ts turns a frame into cards with grid
// cells (createRecogniser() loads OpenCV and the card reader once; recognise() is then
// synchronous). The session depends only on the Recogniser interface; this adapter finds the
// vision module and its trained model when they are there, and says why not when they are not,
// so the server still runs (on recorded truth and the board) without them.
import type { CalibrationProfile } from '../calibration/profile.js';
import { deckReading, readDeckFile } from '../deck/deck-file.js';
import { DECK_DOUBT } from './deck-doubt.js';
import type { Recogniser } from './sources/source.js';
import { STACKS_CELLS } from './games/stacks.js';
import type { SeenCard, TableObservation } from './types.js';
import { thumbnail } from './motion.js';
import type { FrameRequest, WorkerAnswer } from './recognise-worker.js';

/** What the adapter reads of a recognised card (src/vision/types.ts RecognisedCard). */
export interface VisionCard {
  readonly corners?: readonly (readonly [number, number])[];
  readonly partial?: boolean;
  readonly reading?: { readonly card?: string | null; readonly deck?: string; readonly confidence?: number };
  readonly row?: number | null;
  readonly col?: number | null;
}

export interface VisionRecogniser {
  recognise(frame: { width: number; height: number; data: Uint8Array }, options: { game: string; calibration?: CalibrationProfile }): { cards?: readonly VisionCard[]; drawPile?: unknown } | null;
}

interface VisionModule {
  createRecogniser: (options?: Record<string, unknown>) => Promise<VisionRecogniser>;
}

const VISION_GAMES = new Set(['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks']);

function isVisionModule(value: unknown): value is VisionModule {
  return typeof value === 'object' && value !== null && typeof (value as { createRecogniser?: unknown }).createRecogniser === 'function';
}

/** Pixels from an edge within which a cut-off card is taken to leave the frame, not to be covered. */
const EDGE_PX = 3;
/** A card cut off by the frame's edge is a card on the table when at least this share of it is in the frame. */
const IN_FRAME = 0.6;

/** The share of a polygon's area inside the frame (the polygon clipped to it). */
function shareInFrame(corners: readonly (readonly [number, number])[], width: number, height: number): number {
  const area = (pts: readonly (readonly [number, number])[]): number => Math.abs(pts.reduce((s, p, i) => s + p[0] * pts[(i + 1) % pts.length]![1] - pts[(i + 1) % pts.length]![0] * p[1], 0)) / 2;
  let clipped: (readonly [number, number])[] = [...corners];
  const sides: ((p: readonly [number, number]) => number)[] = [(p) => p[0], (p) => width - p[0], (p) => p[1], (p) => height - p[1]];
  for (const inside of sides) {
    const out: (readonly [number, number])[] = [];
    clipped.forEach((p, i) => {
      const q = clipped[(i + 1) % clipped.length]!;
      const [a, b] = [inside(p), inside(q)];
      if (a >= 0) out.push(p);
      if ((a >= 0) !== (b >= 0)) out.push([p[0] + ((q[0] - p[0]) * a) / (a - b), p[1] + ((q[1] - p[1]) * a) / (a - b)]);
    });
    clipped = out;
  }
  const whole = area(corners);
  return whole > 0 && clipped.length >= 3 ? area(clipped) / whole : 0;
}

/**
 * A recognition as the session wants it: named cards on cells. A named card the grid could not
 * place (a card in flight) suggests a hand over the table and makes the frame busy. A card face the
 * reader cannot name is listed by where it lies (`unread`): the session keeps the name it had there.
 * Each observation carries the frame's thumbnail, from which the session tells hands over the
 * table (src/session/hands.ts). A card mostly past the frame's edge is only out of sight, and a shape the reader says is no card
 * face (a card back, a phone) is not a card: both are left out. The cells are the recogniser's own
 * grid, or, where it found a fixed space (`anchor`: the Sequence Stacks draw pile), the table's.
 */
export function toObservation(tMs: number, cards: readonly VisionCard[], size?: { width: number; height: number }, anchor?: readonly [number, number]): TableObservation {
  const seen: SeenCard[] = [];
  const unread: [number, number][] = [];
  let unsure = 0;
  let busy = false;
  for (const c of cards) {
    const name = c.reading?.card ?? null;
    const atEdge = size !== undefined && c.corners !== undefined && c.corners.some(([x, y]) => x < EDGE_PX || y < EDGE_PX || x > size.width - EDGE_PX || y > size.height - EDGE_PX);
    if (c.partial && atEdge && (!c.corners || shareInFrame(c.corners, size.width, size.height) < IN_FRAME)) continue;
    if (name === null && c.reading?.deck === 'unknown') continue;
    const centre = c.corners && c.corners.length > 0 ? ([c.corners.reduce((s, p) => s + p[0], 0) / c.corners.length, c.corners.reduce((s, p) => s + p[1], 0) / c.corners.length] as [number, number]) : null;
    if (name === null) {
      if (centre) unread.push(centre);
      else busy = true;
      continue;
    }
    if (c.row === null || c.row === undefined || c.col === null || c.col === undefined || (c.partial && !centre)) {
      busy = true;
      continue;
    }
    if ((c.reading?.confidence ?? 1) < DECK_DOUBT.sure) unsure++;
    seen.push({ card: name, row: c.row, col: c.col, ...(c.corners ? { corners: c.corners.map((p) => [p[0], p[1]] as const) } : {}) });
  }
  return { tMs, cards: seen, busy, ...(anchor ? { anchor: [anchor[0], anchor[1]] as const } : { relativeCells: true }), ...(unread.length > 0 ? { unread } : {}), ...(unsure > 0 ? { unsure } : {}) };
}

/** One recogniser a deck (undefined: the deck of cards.md), loaded on first use. */
const loaded = new Map<string | undefined, Promise<Recogniser | null>>();
let problem: string | null = null;

/** Why loadRecogniser() gave null (null while it has not been asked, or when it loaded). */
export function recogniserProblem(): string | null {
  return problem;
}

/** The vision module's recogniser (reading with an enrolled deck's reader where `deck` names its file), or why there is none. */
export async function openVision(deck?: string): Promise<VisionRecogniser | string> {
  // A computed specifier: the module may not exist yet, and the build must not depend on it.
  const specifier = '../vision/recognise.js';
  let vision: unknown;
  try {
    vision = await import(specifier);
  } catch (error) {
    return `src/vision/recognise.ts is not built (${firstLine(error)})`;
  }
  if (!isVisionModule(vision)) return 'src/vision/recognise.ts has no createRecogniser()';
  try {
    return await vision.createRecogniser(deck !== undefined ? await deckReading(readDeckFile(deck)) : {});
  } catch (error) {
    return `the recogniser could not start: ${firstLine(error)}`;
  }
}

type Read = (frame: { width: number; height: number; data: Uint8Array }, game: string, calibration: CalibrationProfile | null) => Promise<{ cards: readonly VisionCard[]; drawPile: boolean }>;

/** Frames read in this thread. */
async function readHere(deck?: string): Promise<Read | string> {
  const vision = await openVision(deck);
  if (typeof vision === 'string') return vision;
  return async (frame, game, calibration) => {
    const result = vision.recognise(frame, { game, ...(calibration ? { calibration } : {}) });
    return { cards: result?.cards ?? [], drawPile: Boolean(result?.drawPile) };
  };
}

/** Frames read on a worker thread (recognise-worker.ts), in the order sent. */
async function readOnWorker(deck?: string): Promise<Read | string> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(new URL('./recognise-worker.js', import.meta.url), { workerData: { deck } });
  const waiting = new Map<number, { resolve: (r: { cards: VisionCard[]; drawPile: boolean }) => void; reject: (e: Error) => void }>();
  const started = await new Promise<string | null>((resolve) => {
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.kind === 'ready') return resolve(null);
      if (answer.kind === 'failed') return resolve(answer.problem);
      const asked = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) worker.unref();
      if (answer.kind === 'read') asked?.resolve(answer);
      else asked?.reject(new Error(answer.message));
    });
    worker.on('error', (error) => {
      resolve(`the recogniser's thread failed: ${firstLine(error)}`);
      for (const asked of waiting.values()) asked.reject(error);
      waiting.clear();
    });
  });
  if (started !== null) {
    await worker.terminate();
    return started;
  }
  // The thread keeps the process alive only while a frame is being read: a server or an eval ends
  // when its own work does.
  worker.unref();
  let next = 0;
  return (frame, game, calibration) =>
    new Promise((resolve, reject) => {
      const id = next++;
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
      // The pixels move to the worker (transferred, not copied); the caller keeps none of them.
      worker.postMessage({ id, width: frame.width, height: frame.height, data: frame.data, game, ...(calibration ? { calibration } : {}) } satisfies FrameRequest, [frame.data.buffer as ArrayBuffer]);
    });
}

/**
 * The vision recogniser, or null (recogniserProblem() says why) when it is not built or has no
 * model. Built (dist/), it reads on a worker thread, so the server stays quick to answer while
 * frames are read; run from the TypeScript sources (the tests), it reads in this thread.
 */
export function loadRecogniser(deck?: string): Promise<Recogniser | null> {
  const known = loaded.get(deck);
  if (known) return known;
  const loading = (async () => {
    const read = import.meta.url.endsWith('.js') ? await readOnWorker(deck) : await readHere(deck);
    if (typeof read === 'string') {
      problem = read;
      return null;
    }
    const sharp = (await import('sharp')).default;
    return {
      name: deck === undefined ? 'src/vision recognise()' : `src/vision recognise() with the deck of ${deck}`,
      async recognise(image, game, calibration) {
        if (!VISION_GAMES.has(game)) return { tMs: image.tMs, cards: [], busy: true };
        const { data, info } = await sharp(image.jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        const frame = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
        // Before the pixels go to the reader: the frame small, for telling hands over the table.
        const small = thumbnail(frame);
        // With a profile: recognition on the rectified table (src/vision/calibrated.ts).
        const result = await read(frame, game, calibration ?? null);
        // Sequence Stacks: the draw pile found, the cells are numbered from it (STACKS_CELLS.draw).
        return { ...toObservation(image.tMs, result.cards, info, result.drawPile ? STACKS_CELLS.draw : undefined), thumbnail: small };
      },
    } satisfies Recogniser;
  })();
  loaded.set(deck, loading);
  return loading;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
}
