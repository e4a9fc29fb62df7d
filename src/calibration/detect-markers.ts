// Finds the calibration markers in a frame with OpenCV's ArUco detector. OpenCV.js 4.12 has it
// (cv.aruco_ArucoDetector, cv.getPredefinedDictionary) but its type declarations do not: the few
// members used are declared here.
import type { OpenCv } from '../vision/opencv.js';
import { toMat } from '../vision/rectify.js';
import type { Point, Quad, RgbaImage } from '../vision/image.js';
import { TABLE_MARKERS, type MarkerProfile } from './markers.js';

type Mat = InstanceType<OpenCv['Mat']>;
type MatVector = InstanceType<OpenCv['MatVector']>;

interface Deletable {
  delete(): void;
}
interface ArucoParameters extends Deletable {
  cornerRefinementMethod: number;
  cornerRefinementWinSize: number;
  adaptiveThreshWinSizeMax: number;
  minMarkerPerimeterRate: number;
}
interface ArucoDetector extends Deletable {
  detectMarkers(image: Mat, corners: MatVector, ids: Mat, rejected: MatVector): void;
}
interface Aruco {
  getPredefinedDictionary(dictionary: number): Deletable;
  aruco_DetectorParameters: new () => ArucoParameters;
  aruco_RefineParameters: new (minRepDistance: number, errorCorrectionRate: number, checkAllOrders: boolean) => Deletable;
  aruco_ArucoDetector: new (dictionary: Deletable, parameters: ArucoParameters, refine: Deletable) => ArucoDetector;
}

/** OpenCV's CORNER_REFINE_SUBPIX: corners to a fraction of a pixel, which the homography needs. */
const CORNER_REFINE_SUBPIX = 1;

export interface FoundMarker {
  readonly id: number;
  /** Image pixels, clockwise from the marker's own top-left. */
  readonly corners: Quad;
  readonly centre: Point;
}

/** Every marker of the profile's four in sight, in the profile's corner order (absent ones left out). */
export function detectMarkers(cv: OpenCv, frame: RgbaImage, markers: MarkerProfile = TABLE_MARKERS): FoundMarker[] {
  const aruco = cv as unknown as Aruco;
  const rgba = toMat(cv, frame);
  const grey = new cv.Mat();
  const corners = new cv.MatVector();
  const rejected = new cv.MatVector();
  const ids = new cv.Mat();
  const dictionary = aruco.getPredefinedDictionary(markers.dictionaryId);
  const parameters = new aruco.aruco_DetectorParameters();
  const refine = new aruco.aruco_RefineParameters(10, 3, true);
  parameters.cornerRefinementMethod = CORNER_REFINE_SUBPIX;
  // Small markers far across a tilted table: allow them a little smaller than the default 3% perimeter.
  parameters.minMarkerPerimeterRate = 0.02;
  const detector = new aruco.aruco_ArucoDetector(dictionary, parameters, refine);
  try {
    cv.cvtColor(rgba, grey, cv.COLOR_RGBA2GRAY);
    detector.detectMarkers(grey, corners, ids, rejected);
    const found = new Map<number, FoundMarker>();
    for (let i = 0; i < ids.rows; i++) {
      const id = ids.data32S[i]!;
      if (!markers.ids.includes(id) || found.has(id)) continue;
      const c = corners.get(i);
      const f = c.data32F;
      const quad: Quad = [
        [f[0]!, f[1]!],
        [f[2]!, f[3]!],
        [f[4]!, f[5]!],
        [f[6]!, f[7]!],
      ];
      c.delete();
      found.set(id, { id, corners: quad, centre: [(quad[0][0] + quad[1][0] + quad[2][0] + quad[3][0]) / 4, (quad[0][1] + quad[1][1] + quad[2][1] + quad[3][1]) / 4] });
    }
    return markers.ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  } finally {
    for (const m of [rgba, grey, ids]) m.delete();
    corners.delete();
    rejected.delete();
    detector.delete();
    refine.delete();
    parameters.delete();
    dictionary.delete();
  }
}
