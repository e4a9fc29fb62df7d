// Recognition under a calibration profile: the frame itself, with the table plane and the paper's
// colour taken from the profile instead of inferred from lone cards, worked at the scale where the
// smallest card in view is as large as the detector wants it. Every later stage is the same.
import type { CalibrationProfile } from '../calibration/profile.js';
import { InputError } from '../errors.js';
import { STANDARD_DECK } from '../deck/profile.js';
import { applyHomography, invertHomography, type Homography } from './detect/geometry.js';
import { LOOKS } from './detect/params.js';
import type { Quad, RgbaImage } from './image.js';
import type { OpenCv } from './opencv.js';
import { CALIBRATED } from './params.js';
import { frameSight, type Sight } from './sight.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** One line naming why a profile does not fit a frame, or null when it does. */
export function profileMismatch(profile: CalibrationProfile, frame: { width: number; height: number }): string | null {
  if (profile.image.width === frame.width && profile.image.height === frame.height) return null;
  return `the calibration profile (${profile.source}) was made on ${profile.image.width} x ${profile.image.height} frames, this frame is ${frame.width} x ${frame.height}: calibrate this camera mode (seqref calibrate)`;
}

/** The working width at which a card's short side, where the frame shows cards smallest, spans CALIBRATED.leastCardPx. */
export function calibratedWorkWidth(profile: CalibrationProfile): number {
  const cardPx = STANDARD_DECK.widthMm * profile.pxPerMm.min;
  const width = Math.round((profile.image.width * CALIBRATED.leastCardPx) / cardPx);
  return Math.min(profile.image.width, Math.max(LOOKS.workWidth, width));
}

/** The markers' paper (square plus white margin) in frame pixels. */
function markerQuads(profile: CalibrationProfile, fromTable: Homography): Quad[] {
  const reach = profile.markers.sizeMm / 2 + profile.markers.marginMm;
  const at = (x: number, y: number): [number, number] => applyHomography(fromTable, [x, y]) as [number, number];
  return profile.markers.centresMm.map(([x, y]) => [at(x - reach, y - reach), at(x + reach, y - reach), at(x + reach, y + reach), at(x - reach, y + reach)] as const);
}

/** The frame under a calibration profile. InputError where the profile was made for another frame size. */
export function calibratedSight(cv: OpenCv, frame: RgbaImage, source: Mat, profile: CalibrationProfile): Sight {
  const mismatch = profileMismatch(profile, frame);
  if (mismatch) throw new InputError(mismatch);
  const plane = [...profile.homography];
  return frameSight(cv, frame, source, {
    plane,
    paper: profile.light.white,
    workWidth: calibratedWorkWidth(profile),
    notCards: markerQuads(profile, invertHomography(plane)!),
  });
}
