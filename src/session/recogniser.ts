// The recogniser, loaded on demand: src/vision/recognise.ts turns a frame into cards with grid
// cells. The session depends only on the Recogniser interface; this adapter finds the vision
// module when it is there, so the server runs (on recorded truth and the board) without it.
import type { Recogniser } from './sources/source.js';
import type { SeenCard, TableObservation } from './types.js';

interface VisionCard {
  readonly corners?: readonly (readonly [number, number])[];
  readonly partial?: boolean;
  readonly reading?: { readonly card?: string | null };
  readonly row?: number | null;
  readonly col?: number | null;
}

interface VisionModule {
  recognise: (image: { width: number; height: number; data: Uint8Array }, options?: { game?: string }) => unknown;
}

function isVisionModule(value: unknown): value is VisionModule {
  return typeof value === 'object' && value !== null && typeof (value as { recognise?: unknown }).recognise === 'function';
}

/** A recognition as the session wants it: named cards on cells; anything unread makes the frame busy. */
export function toObservation(tMs: number, cards: readonly VisionCard[]): TableObservation {
  const seen: SeenCard[] = [];
  let busy = false;
  for (const c of cards) {
    const name = c.reading?.card ?? null;
    if (name === null || c.row === null || c.row === undefined || c.col === null || c.col === undefined) {
      // An unread shape over the table is most often a hand or a card in flight.
      if (!c.partial) busy = true;
      continue;
    }
    seen.push({ card: name, row: c.row, col: c.col, ...(c.corners ? { corners: c.corners.map((p) => [p[0], p[1]] as const) } : {}) });
  }
  return { tMs, cards: seen, busy };
}

let loaded: Promise<Recogniser | null> | null = null;

/** The vision recogniser, or null (with the reason) when src/vision/recognise.ts is not built. */
export function loadRecogniser(): Promise<Recogniser | null> {
  loaded ??= (async () => {
    // A computed specifier: the module may not exist yet, and the build must not depend on it.
    const specifier = '../vision/recognise.js';
    let vision: unknown;
    try {
      vision = await import(specifier);
    } catch {
      return null;
    }
    if (!isVisionModule(vision)) return null;
    const sharp = (await import('sharp')).default;
    const recognise = vision.recognise;
    return {
      name: 'src/vision recognise()',
      async recognise(image, game) {
        const { data, info } = await sharp(image.jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        const result = (await recognise({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }, { game })) as { cards?: readonly VisionCard[] } | null;
        return toObservation(image.tMs, result?.cards ?? []);
      },
    } satisfies Recogniser;
  })();
  return loaded;
}
