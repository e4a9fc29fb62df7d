// A new profile for a camera that moved, from one frame of the game under way: the same markers
// in the same places on the table, seen from where the camera is now.
import type { OpenCv } from '../vision/opencv.js';
import type { RgbaImage } from '../vision/image.js';
import { calibrateFrame } from './calibrate.js';
import { TABLE_MARKERS, type MarkerLayout, type MarkerProfile } from './markers.js';
import type { CalibrationProfile } from './profile.js';
import { bumpTolerance } from './bump.js';

export type Recalibration = { readonly ok: true; readonly profile: CalibrationProfile } | { readonly ok: false; readonly reason: string };

/** The marker layout a profile was made with. */
export function profileLayout(profile: CalibrationProfile): MarkerLayout {
  return { centres: profile.markers.centresMm, sizeMm: profile.markers.sizeMm };
}

/** The printed markers a profile names (only the bundled dictionary's bits are known). */
function profileMarkers(profile: CalibrationProfile): MarkerProfile | null {
  if (profile.markers.dictionary !== TABLE_MARKERS.dictionary) return null;
  const ids = profile.markers.ids;
  if (ids.length !== 4 || !ids.every((id) => TABLE_MARKERS.bits[id] !== undefined)) return null;
  return { ...TABLE_MARKERS, ids: [ids[0]!, ids[1]!, ids[2]!, ids[3]!], sizeMm: profile.markers.sizeMm, marginMm: profile.markers.marginMm };
}

/**
 * Calibrates `frame` with `old`'s markers and layout. All four markers must be in sight (a fit
 * on two or three, mid-game with hands about, is not trusted), and the fit must be as tight as
 * the bump check's tolerance (a marker kicked out of place gives a loose fit, not a new camera).
 * The light is measured again from the markers' paper; reference cards are not (they are in
 * play), so a profile made with --reference-cards keeps its old light.
 */
export function recalibrate(cv: OpenCv, frame: RgbaImage, old: CalibrationProfile, at: Date = new Date()): Recalibration {
  const markers = profileMarkers(old);
  if (!markers) return { ok: false, reason: `the profile's markers (${old.markers.dictionary}, ids ${old.markers.ids.join(', ')}) are not ones seqref can find` };
  let profile: CalibrationProfile;
  let found: number;
  try {
    const calibration = calibrateFrame(cv, frame, { layout: profileLayout(old), markers, source: `${old.source}, recalibrated in play`, created: at });
    profile = calibration.profile;
    found = calibration.found.length;
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  if (found < 4) return { ok: false, reason: `${found} of the 4 markers in sight` };
  const tolerance = bumpTolerance(old);
  if (profile.residualMm > tolerance) return { ok: false, reason: `the markers do not fit their layout (residual ${profile.residualMm.toFixed(1)} mm): one may have been moved on the table` };
  return { ok: true, profile: old.light.references ? { ...profile, light: old.light } : profile };
}
