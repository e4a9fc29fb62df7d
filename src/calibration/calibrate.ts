// Calibration from one frame: the markers, the table plane, the light.
import type { OpenCv } from '../vision/opencv.js';
import type { Point, RgbaImage } from '../vision/image.js';
import { detectMarkers, type FoundMarker } from './detect-markers.js';
import { estimateTilt, fitTable, layoutBounds, topDown, TableMapping } from './homography.js';
import { lightFromWhite, lightWithReferences, markerPaper } from './light.js';
import { TABLE_MARKERS, type MarkerLayout, type MarkerProfile } from './markers.js';
import { PROFILE_KIND, PROFILE_VERSION, type CalibrationProfile } from './profile.js';

export interface CalibrateOptions {
  readonly layout: MarkerLayout;
  readonly markers?: MarkerProfile;
  /** Measure the colours of reference cards (one TIC card of each colour) lying inside the markers. */
  readonly referenceCards?: boolean;
  readonly source?: string;
  /** For reproducible profiles (tests, the bundled example). */
  readonly created?: Date;
}

export interface Calibration {
  readonly profile: CalibrationProfile;
  readonly found: readonly FoundMarker[];
}

/** Finds the markers and measures the table and the light. Throws RangeError with a sentence when the frame cannot be calibrated. */
export function calibrateFrame(cv: OpenCv, frame: RgbaImage, options: CalibrateOptions): Calibration {
  const markers = options.markers ?? TABLE_MARKERS;
  const found = detectMarkers(cv, frame, markers);
  const { mapping, residualMm } = fitTable(found, options.layout, markers);
  const region = layoutBounds(options.layout, markers);
  const samples: number[] = [];
  for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) samples.push(mapping.pxPerMmAt([region.x0 + (i / 4) * region.widthMm, region.y0 + (j / 4) * region.heightMm]));
  const centre = mapping.pxPerMmAt([region.x0 + region.widthMm / 2, region.y0 + region.heightMm / 2]);
  let light = lightFromWhite(markerPaper(frame, mapping, options.layout, markers));
  if (options.referenceCards) {
    // Inside the markers only (their paper and the table beyond would count as cards' colours).
    const reach = options.layout.sizeMm / 2 + markers.marginMm + 2;
    const xs = options.layout.centres.map((c) => c[0]);
    const ys = options.layout.centres.map((c) => c[1]);
    const inner = { x0: Math.min(...xs) + reach, y0: Math.min(...ys) + reach, widthMm: Math.max(...xs) - Math.min(...xs) - 2 * reach, heightMm: Math.max(...ys) - Math.min(...ys) - 2 * reach };
    if (inner.widthMm > 20 && inner.heightMm > 20) light = lightWithReferences(light, topDown(frame, mapping, inner, 1).image);
  }
  const round = (v: number, places = 3): number => Number(v.toFixed(places));
  const profile: CalibrationProfile = {
    kind: PROFILE_KIND,
    version: PROFILE_VERSION,
    created: (options.created ?? new Date()).toISOString(),
    source: options.source ?? 'frame',
    image: { width: frame.width, height: frame.height },
    markers: {
      dictionary: markers.dictionary,
      ids: [...markers.ids],
      sizeMm: options.layout.sizeMm,
      marginMm: markers.marginMm,
      centresMm: options.layout.centres,
      seen: found.map((m) => ({ id: m.id, corners: m.corners.map(([u, v]) => [round(u, 2), round(v, 2)]) as unknown as FoundMarker['corners'] })),
    },
    homography: mapping.imageToTable,
    residualMm: round(residualMm),
    pxPerMm: { centre: round(centre), min: round(Math.min(...samples)), max: round(Math.max(...samples)) },
    tiltDeg: round(estimateTilt(mapping, frame.width, frame.height).tiltDeg, 1),
    region,
    light: { ...light, gains: light.gains.map((g) => round(g, 4)) as unknown as typeof light.gains, matrix: light.matrix.map((m) => round(m, 4)) as unknown as typeof light.matrix, unevenness: round(light.unevenness) },
  };
  return { profile, found };
}

/** A frame point in table mm under the profile (for positions reported in mm). */
export function frameToTable(profile: CalibrationProfile, point: Point): readonly [number, number] {
  return new TableMapping(profile.homography).toTable(point);
}
