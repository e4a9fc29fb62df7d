// A rendered table with the four calibration markers round it, and its frame as RGBA pixels.
import { markersAroundCards, type SceneMarkers } from '../../src/calibration/scene-markers.js';
import type { PhotoConditions } from '../../src/render/conditions.js';
import { planShot, renderShot, type Shot } from '../../src/render/shot.js';
import { decodeImage, type RgbaImage } from '../../src/vision/image.js';

export interface MarkedShot {
  readonly shot: Shot;
  readonly frame: RgbaImage;
  readonly placed: SceneMarkers;
}

export async function markedShot(seed: number, conditions: Partial<PhotoConditions>): Promise<MarkedShot> {
  let placed: SceneMarkers | undefined;
  const shot = planShot('progression', seed, {
    conditions: { distractors: [], ...conditions },
    markers: (cards) => {
      placed = markersAroundCards(cards);
      return placed.markers;
    },
  });
  const rendered = await renderShot(shot);
  return { shot, frame: await decodeImage(rendered.jpeg), placed: placed! };
}
