// A camera bumped mid-game: the markers no longer sit where the profile saw them. Each marker seen
// now is mapped through the profile's homography back to the table; if the camera (or the marker)
// moved, it lands away from its laid-out place.
import type { OpenCv } from '../vision/opencv.js';
import type { RgbaImage } from '../vision/image.js';
import { detectMarkers, type FoundMarker } from './detect-markers.js';
import { markerCornersMm } from './markers.js';
import { profileMapping, type CalibrationProfile } from './profile.js';

/** How far (mm on the table) a marker may seem to move before the camera counts as bumped: about a fifth of a card's margin, well above the detector's jitter. */
export const BUMP_TOLERANCE_MM = 3;

export interface BumpCheck {
  /** `moved`: at least one marker is off its place; `steady`: all seen are in place; `unknown`: fewer than 2 in sight (hands, a bag over them). */
  readonly status: 'steady' | 'moved' | 'unknown';
  /** Per marker in sight: how far its corners are off, mm (the worst corner). */
  readonly offsetsMm: Readonly<Record<number, number>>;
  readonly unseen: readonly number[];
  readonly worstMm: number;
}

/** Compares markers found in a new frame with the profile. */
export function compareMarkers(found: readonly FoundMarker[], profile: CalibrationProfile, toleranceMm = bumpTolerance(profile)): BumpCheck {
  const mapping = profileMapping(profile);
  const offsetsMm: Record<number, number> = {};
  for (const marker of found) {
    const slot = profile.markers.ids.indexOf(marker.id);
    if (slot < 0) continue;
    const laid = markerCornersMm(profile.markers.centresMm[slot]!, profile.markers.sizeMm);
    offsetsMm[marker.id] = Math.max(...marker.corners.map((p, i) => {
      const [x, y] = mapping.toTable(p);
      return Math.hypot(x - laid[i]![0], y - laid[i]![1]);
    }));
  }
  const seen = Object.keys(offsetsMm).map(Number);
  const worstMm = seen.length > 0 ? Math.max(...Object.values(offsetsMm)) : 0;
  const unseen = profile.markers.ids.filter((id) => !seen.includes(id));
  // One marker off is enough: a marker kicked across the table also spoils the mapping.
  const status = worstMm > toleranceMm ? 'moved' : seen.length < 2 ? 'unknown' : 'steady';
  return { status, offsetsMm, unseen, worstMm };
}

/**
 * The tolerance for a profile: 3 mm, or more where the profile itself is coarser (three times its
 * fit's residual, lens distortion mostly; 3 px where the table is seen at under 1 px a mm).
 */
export function bumpTolerance(profile: CalibrationProfile): number {
  return Math.max(BUMP_TOLERANCE_MM, 3 * profile.residualMm, 3 / profile.pxPerMm.min);
}

export function checkBump(cv: OpenCv, frame: RgbaImage, profile: CalibrationProfile, toleranceMm = bumpTolerance(profile)): BumpCheck {
  if (frame.width !== profile.image.width || frame.height !== profile.image.height) {
    // Another resolution is another camera mode: the old homography says nothing about it.
    return { status: 'moved', offsetsMm: {}, unseen: [...profile.markers.ids], worstMm: Infinity };
  }
  return compareMarkers(detectMarkers(cv, frame), profile, toleranceMm);
}
