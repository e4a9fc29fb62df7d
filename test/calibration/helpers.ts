// A rendered table with the four calibration markers round it, and its frame as RGBA pixels.
import { markersAroundCards, type SceneMarkers } from '../../src/calibration/scene-markers.js';
import type { PhotoConditions } from '../../src/render/conditions.js';
import type { RenderedFrame } from '../../src/render/photo.js';
import type { TableGame, TablePlacement } from '../../src/render/scene.js';
import { planShot, renderShot, type Shot } from '../../src/render/shot.js';
import { decodeImage, type RgbaImage } from '../../src/vision/image.js';

export interface MarkedShot {
  readonly shot: Shot;
  readonly frame: RgbaImage;
  readonly placed: SceneMarkers;
  /** The renderer's truth for the frame (contracts section 3). */
  readonly truth: RenderedFrame['truth'];
  readonly jpeg: Buffer;
}

/** `placements`: the cards on the table (a random table of the game by default). */
export async function markedShot(seed: number, conditions: Partial<PhotoConditions>, game: TableGame = 'progression', placements?: readonly TablePlacement[]): Promise<MarkedShot> {
  let placed: SceneMarkers | undefined;
  const shot = planShot(game, seed, {
    ...(placements ? { placements } : {}),
    conditions: { distractors: [], ...conditions },
    markers: (cards) => {
      placed = markersAroundCards(cards);
      return placed.markers;
    },
  });
  const rendered = await renderShot(shot);
  return { shot, frame: await decodeImage(rendered.jpeg), placed: placed!, truth: rendered.truth, jpeg: rendered.jpeg };
}
