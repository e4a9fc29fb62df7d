// Recognition under a calibration profile: the table plane and the paper's colour taken from the
// profile instead of inferred from lone cards, and cards looked for in the markers' region seen
// from straight above. Every later stage is the same, on the frame.
import type { CalibrationProfile } from '../calibration/profile.js';
import { InputError } from '../errors.js';
import { STANDARD_DECK } from '../deck/profile.js';
import { applyHomography, invertHomography, multiplyHomography, type Homography } from './detect/geometry.js';
import type { Quad, RgbaImage } from './image.js';
import type { OpenCv } from './opencv.js';
import { CALIBRATED } from './params.js';
import { pixelsOf, toMat, warpLinear } from './rectify.js';
import { frameSight, type Sight, type View } from './sight.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** One line naming why a profile does not fit a frame, or null when it does. */
export function profileMismatch(profile: CalibrationProfile, frame: { width: number; height: number }): string | null {
  if (profile.image.width === frame.width && profile.image.height === frame.height) return null;
  return `the calibration profile (${profile.source}) was made on ${profile.image.width} x ${profile.image.height} frames, this frame is ${frame.width} x ${frame.height}: calibrate this camera mode (seqref calibrate)`;
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
  const known = { plane, paper: profile.light.white, notCards: markerQuads(profile, invertHomography(plane)!) };
  return frameSight(cv, frame, source, known, topDownView(cv, frame, profile));
}

/**
 * The markers' region seen from straight above at CALIBRATED.cardPx a card's width: every card
 * in it has one size and one shape there, however steep the camera and far the card.
 */
function topDownView(cv: OpenCv, frame: RgbaImage, profile: CalibrationProfile): View {
  const { x0, y0, widthMm, heightMm } = profile.region;
  const pxPerMm = CALIBRATED.cardPx / STANDARD_DECK.widthMm;
  const tableToView: Homography = [pxPerMm, 0, -x0 * pxPerMm, 0, pxPerMm, -y0 * pxPerMm, 0, 0, 1];
  const frameToView = multiplyHomography(tableToView, profile.homography);
  const width = Math.round(widthMm * pxPerMm);
  const height = Math.round(heightMm * pxPerMm);
  const pixels = new Uint32Array(width * height);
  warpLinear(pixelsOf(frame), frame.width, frame.height, frameToView, pixels, width, height, 4, 'replicate');
  const image = { width, height, data: new Uint8Array(pixels.buffer) };
  return {
    image,
    mat: toMat(cv, image),
    plane: invertHomography(tableToView)!,
    notCards: markerQuads(profile, tableToView),
    workWidth: width,
    toFrame: invertHomography(frameToView)!,
  };
}
