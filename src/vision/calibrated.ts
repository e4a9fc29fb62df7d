// Recognition on the calibrated table: the frame warped to the table from above and light-corrected,
// so detection knows its plane and card size from the profile. Faces are cut from the frame itself;
// the grid is read in true millimetres; corners go back to frame pixels.
import { rectifiedTable } from '../calibration/calibrate.js';
import type { TopDown } from '../calibration/homography.js';
import { correctImage, type Light } from '../calibration/light.js';
import type { CalibrationProfile } from '../calibration/profile.js';
import { InputError } from '../errors.js';
import { drawPileCandidates } from './draw-pile.js';
import { STANDARD_DECK } from '../deck/profile.js';
import type { Point, Quad, RgbaImage } from './image.js';
import type { OpenCv } from './opencv.js';
import { CALIBRATED } from './params.js';
import { rectifyMat, toMat } from './rectify.js';
import type { Sight } from './sight.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** The top-down image's px/mm: the frame's own at the centre, in quarters, no coarser than leastPxPerMm. */
export function calibratedScale(profile: CalibrationProfile): number {
  return Math.max(CALIBRATED.leastPxPerMm, Math.floor(profile.pxPerMm.centre * 4) / 4);
}

/** One line naming why a profile does not fit a frame, or null when it does. */
export function profileMismatch(profile: CalibrationProfile, frame: { width: number; height: number }): string | null {
  if (profile.image.width === frame.width && profile.image.height === frame.height) return null;
  return `the calibration profile (${profile.source}) was made on ${profile.image.width} x ${profile.image.height} frames, this frame is ${frame.width} x ${frame.height}: calibrate this camera mode (seqref calibrate)`;
}

/** The table seen from above, with its image colour-corrected. */
export interface CalibratedView {
  readonly table: TopDown;
  /** The top-down image with its colours as under the calibrated light. */
  readonly image: RgbaImage;
}

/** The frame as the recogniser sees it under a profile: top-down, colour-corrected. */
export function calibratedView(cv: OpenCv, frame: RgbaImage, profile: CalibrationProfile, pxPerMm = calibratedScale(profile)): CalibratedView {
  const table = rectifiedTable(frame, profile, pxPerMm);
  return { table, image: correctImage(profile.light, table.image) };
}

/** The profile's light made neutral without brightening, so cards lit brighter than the markers do not clip. */
export function neutralLight(light: Light): Light {
  const level = Math.max(...light.white.map((c) => Math.pow(c / 255, 2.2)));
  return { ...light, gains: light.gains.map((g) => g * level) as unknown as Light['gains'] };
}

/** Whether a table point (mm) lies on a marker's paper (its square plus the white margin), where no card is. */
function onMarker(profile: CalibrationProfile, [x, y]: readonly [number, number]): boolean {
  const reach = profile.markers.sizeMm / 2 + profile.markers.marginMm;
  return profile.markers.centresMm.some(([cx, cy]) => Math.abs(x - cx) < reach && Math.abs(y - cy) < reach);
}

/** The markers' paper (square plus margin) as quads in the view's pixels. */
function markerQuads(profile: CalibrationProfile, table: TopDown): Quad[] {
  const reach = profile.markers.sizeMm / 2 + profile.markers.marginMm;
  const s = table.pxPerMm;
  const at = (x: number, y: number): Point => [(x - table.bounds.x0) * s, (y - table.bounds.y0) * s];
  return profile.markers.centresMm.map(([x, y]) => [at(x - reach, y - reach), at(x + reach, y - reach), at(x + reach, y + reach), at(x - reach, y + reach)] as const);
}

/**
 * The direction of the cards' edges in the view, radians modulo a quarter turn: the length-weighted
 * peak of long straight edges with paper beside them, leaving out the markers and the frame's border.
 */
export function cardAxisAngle(cv: OpenCv, view: CalibratedView, profile: CalibrationProfile, frame: { width: number; height: number }): number {
  const { image, table } = view;
  const s = table.pxPerMm;
  const mat = toMat(cv, image);
  const grey = new cv.Mat();
  const edges = new cv.Mat();
  const lines = new cv.Mat();
  const BINS = 180;
  const hist = new Float64Array(BINS);
  const seen: { folded: number; len: number }[] = [];
  const { width: W, height: H } = image;
  const paperAt = (x: number, y: number): boolean => {
    const u = Math.round(x);
    const v = Math.round(y);
    if (u < 0 || v < 0 || u >= W || v >= H) return false;
    const k = (v * W + u) * 4;
    const lo = Math.min(image.data[k]!, image.data[k + 1]!, image.data[k + 2]!);
    const hi = Math.max(image.data[k]!, image.data[k + 1]!, image.data[k + 2]!);
    return lo >= CALIBRATED.paperLight && hi - lo <= CALIBRATED.paperChroma * hi;
  };
  const margin = CALIBRATED.frameMarginPx;
  const inFrame = (x: number, y: number): boolean => {
    const [u, v] = table.toFrame([x, y]);
    return u >= margin && v >= margin && u <= frame.width - 1 - margin && v <= frame.height - 1 - margin;
  };
  try {
    cv.cvtColor(mat, grey, cv.COLOR_RGBA2GRAY);
    // Scaled down to houghPxPerMm: the Hough transform's cost grows with the edge pixels.
    const k = Math.min(1, CALIBRATED.houghPxPerMm / s);
    if (k < 1) cv.resize(grey, grey, new cv.Size(0, 0), k, k, cv.INTER_AREA);
    cv.Canny(grey, edges, CALIBRATED.canny[0], CALIBRATED.canny[1]);
    const sk = s * k;
    cv.HoughLinesP(edges, lines, 1, Math.PI / 360, Math.round(CALIBRATED.houghVotesMm * sk), CALIBRATED.leastLineMm * sk, CALIBRATED.lineGapMm * sk);
    const d = lines.data32S;
    for (let i = 0; i < lines.rows; i++) {
      const [x1, y1, x2, y2] = [d[i * 4]! / k, d[i * 4 + 1]! / k, d[i * 4 + 2]! / k, d[i * 4 + 3]! / k];
      const len = Math.hypot(x2 - x1, y2 - y1);
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      if (onMarker(profile, table.toTable([mx, my])) || !inFrame(x1, y1) || !inFrame(x2, y2)) continue;
      // Paper a few mm to one side of the middle.
      const nx = (-(y2 - y1) / len) * CALIBRATED.paperSideMm * s;
      const ny = ((x2 - x1) / len) * CALIBRATED.paperSideMm * s;
      if (!paperAt(mx + nx, my + ny) && !paperAt(mx - nx, my - ny)) continue;
      const a = Math.atan2(y2 - y1, x2 - x1);
      const folded = ((a % (Math.PI / 2)) + Math.PI / 2) % (Math.PI / 2);
      hist[Math.min(BINS - 1, Math.floor((folded / (Math.PI / 2)) * BINS))]! += len;
      seen.push({ folded, len });
    }
  } finally {
    for (const m of [mat, grey, edges, lines]) m.delete();
  }
  // The smoothed histogram's peak, wrapping round the quarter turn; then the mean of the lines near it.
  const smooth = Array.from({ length: BINS }, (_, b) => [-2, -1, 0, 1, 2].reduce((t, k) => t + hist[(b + k + BINS) % BINS]!, 0));
  let best = 0;
  for (let b = 1; b < BINS; b++) if (smooth[b]! > smooth[best]!) best = b;
  const quarter = Math.PI / 2;
  const peak = ((best + 0.5) / BINS) * quarter;
  let sum = 0;
  let weight = 0;
  for (const { folded, len } of seen) {
    const d = ((folded - peak + 1.5 * quarter) % quarter) - quarter / 2;
    if (Math.abs(d) > (CALIBRATED.nearPeakDeg * Math.PI) / 180) continue;
    sum += d * len;
    weight += len;
  }
  return weight > 0 ? (((peak + sum / weight) % quarter) + quarter) % quarter : peak;
}

/**
 * The sight under a calibration profile. Faces are cut from the frame, not the view: the reader was
 * trained on single resamplings, and a second one blurs small pips. InputError for another frame size.
 */
export function calibratedSight(cv: OpenCv, frame: RgbaImage, source: Mat, profile: CalibrationProfile): Sight {
  const mismatch = profileMismatch(profile, frame);
  if (mismatch) throw new InputError(mismatch);
  const view = calibratedView(cv, frame, profile);
  const { table } = view;
  const s = table.pxPerMm;
  // View pixels -> table mm, turned to the cards' own edges: the detector looks for cards square to
  // its plane's axes, and the markers' axes are not the layout's.
  const angle = cardAxisAngle(cv, view, profile, frame);
  const [c, n] = [Math.cos(angle), Math.sin(angle)];
  const plane = [c / s, n / s, c * table.bounds.x0 + n * table.bounds.y0, -n / s, c / s, -n * table.bounds.x0 + c * table.bounds.y0, 0, 0, 1];
  const inFrame = ([u, v]: Point): boolean => u >= 0 && v >= 0 && u <= frame.width - 1 && v <= frame.height - 1;
  const toFrame = (q: Quad): Quad => q.map((p) => table.toFrame(p)) as unknown as Quad;
  const toView = (q: Quad): Quad => q.map((p) => table.fromFrame(p)) as unknown as Quad;
  // Neutral without brightening: the reader balances each face against its own paper anyway.
  const light = neutralLight(profile.light);
  const mat = toMat(cv, view.image);
  return {
    image: view.image,
    mat,
    plane,
    toFrame,
    cut: (q, size) => correctImage(light, rectifyMat(cv, source, toFrame(q), size)),
    // A marker's paper looks like a card but never is one.
    isCard: (d) => !onMarker(profile, table.toTable(d.centre)),
    // Part of the table outside the frame is black in the view: a card cut there is partial.
    cutOff: (q) => !toFrame(q).every(inFrame),
    drawPiles(read) {
      // In the view first, where the pile is a true rectangle; then in the frame, as the view's
      // corrected light can spread the table's colours. The markers' paper is neither table nor pile.
      const shapes = [...read.corners, ...markerQuads(profile, table)];
      const face = shapes.map((_, i) => i < read.corners.length && read.readings[i]!.deck !== 'unknown');
      return (function* () {
        yield* drawPileCandidates(cv, mat, view.image.width, view.image.height, shapes, face, STANDARD_DECK, plane);
        yield* drawPileCandidates(cv, source, frame.width, frame.height, shapes.map(toFrame), face, STANDARD_DECK, profile.homography).map(toView);
      })();
    },
    dispose: () => mat.delete(),
  };
}
