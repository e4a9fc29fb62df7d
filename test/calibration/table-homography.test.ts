// The table plane from the markers: found on tilted tables, and mapping the renderer's truth to millimetres.
import { beforeAll, describe, expect, test } from 'vitest';
import { calibrateFrame } from '../../src/calibration/calibrate.js';
import { profileMapping } from '../../src/calibration/profile.js';
import { detectMarkers } from '../../src/calibration/detect-markers.js';
import { estimateTilt, fitHomography, TableMapping, topDown } from '../../src/calibration/homography.js';
import { markerCells, markerCornersMm, TABLE_MARKERS } from '../../src/calibration/markers.js';
import { solidCorners } from '../../src/render/scene.js';
import { openCv, type OpenCv } from '../../src/vision/opencv.js';
import { markedShot, type MarkedShot } from './helpers.js';

let cv: OpenCv;
const shots = new Map<number, MarkedShot>();
beforeAll(async () => {
  cv = await openCv();
  for (const tilt of [30, 45]) shots.set(tilt, await markedShot(11 + tilt, { tiltDeg: tilt, width: 1280, height: 720, distortion: 0 }));
});

test('the marker bits drawn without OpenCV are the ones its DICT_4X4_50 generates', () => {
  const dictionary = (cv as unknown as { getPredefinedDictionary(d: number): { generateImageMarker(id: number, side: number, out: InstanceType<OpenCv['Mat']>, border: number): void; delete(): void } }).getPredefinedDictionary(TABLE_MARKERS.dictionaryId);
  for (const id of TABLE_MARKERS.ids) {
    const out = new cv.Mat();
    dictionary.generateImageMarker(id, 6, out, 1);
    const cells = markerCells(id);
    for (let y = 0; y < 6; y++) for (let x = 0; x < 6; x++) expect(out.data[y * 6 + x] === 0, `id ${id} cell ${x},${y}`).toBe(cells[y]![x]);
    out.delete();
  }
  dictionary.delete();
});

test('fitHomography recovers a known homography from exact points', () => {
  const truth = new TableMapping([0.8, 0.1, 20, -0.05, 1.1, 5, 0.0004, 0.0002, 1]);
  const table = [[0, 0], [300, 0], [300, 200], [0, 200], [150, 100], [40, 170]] as const;
  const image = table.map((p) => truth.toImage(p));
  const fitted = new TableMapping(fitHomography(image, table));
  for (const p of table) {
    const [x, y] = fitted.toTable(truth.toImage(p));
    expect(Math.hypot(x - p[0], y - p[1])).toBeLessThan(1e-6);
  }
});

describe.each([30, 45])('a table photographed at %i degrees tilt', (tilt) => {
  test('all four markers are found, each within 1.5 px of where the renderer put it', () => {
    const { shot, frame, placed } = shots.get(tilt)!;
    const found = detectMarkers(cv, frame);
    expect(found.map((m) => m.id)).toEqual([0, 1, 2, 3]);
    found.forEach((m, i) => {
      const truth = markerCornersMm([placed.markers[i]!.x, placed.markers[i]!.y], TABLE_MARKERS.sizeMm).map(([x, y]) => shot.camera.project(x, y));
      m.corners.forEach((p, j) => expect(Math.hypot(p[0] - truth[j]![0], p[1] - truth[j]![1])).toBeLessThan(1.5));
    });
  });

  test("the homography maps the markers' laid-out corners within 1 mm and every truth card to a 63 x 88 mm rectangle", () => {
    const { shot, frame, placed } = shots.get(tilt)!;
    const { profile } = calibrateFrame(cv, frame, { layout: placed.layout });
    expect(profile.residualMm).toBeLessThan(1);
    const mapping = new TableMapping(profile.homography);
    for (const card of shot.scene.cards) {
      const [a, b, c, d] = solidCorners(card).map(([x, y]) => mapping.toTable(shot.camera.project(x, y)));
      const side = (p: readonly number[], q: readonly number[]): number => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!);
      expect(side(a!, b!)).toBeCloseTo(63, -0.3); // within about 1 mm
      expect(side(d!, c!)).toBeCloseTo(63, -0.3);
      expect(side(a!, d!)).toBeCloseTo(88, -0.3);
      expect(side(b!, c!)).toBeCloseTo(88, -0.3);
      // A rectangle: its diagonals agree.
      expect(Math.abs(side(a!, c!) - side(b!, d!))).toBeLessThan(1.5);
      // And where the renderer laid it, in the region's millimetres.
      const [x, y] = mapping.toTable(shot.camera.project(card.x, card.y));
      expect(Math.hypot(x - (card.x - placed.origin[0]), y - (card.y - placed.origin[1]))).toBeLessThan(1.5);
    }
  });

  test('the tilt is estimated within 5 degrees from the homography alone', () => {
    const { frame, placed } = shots.get(tilt)!;
    const { profile } = calibrateFrame(cv, frame, { layout: placed.layout });
    expect(Math.abs(profile.tiltDeg - tilt)).toBeLessThan(5);
    expect(estimateTilt(new TableMapping(profile.homography), frame.width, frame.height).focalPx).toBeGreaterThan(0);
  });
});

test("topDown: the table from above at a known px/mm, marker 0's black square where the layout puts it, and the way back to the frame", () => {
  const { frame, placed } = shots.get(30)!;
  const { profile } = calibrateFrame(cv, frame, { layout: placed.layout });
  const view = topDown(frame, profileMapping(profile), profile.region, 2);
  expect(view.image.width).toBe(Math.round(profile.region.widthMm * 2));
  const at = ([x, y]: readonly [number, number]): number => {
    const u = Math.round((x - view.bounds.x0) * 2);
    const v = Math.round((y - view.bounds.y0) * 2);
    const i = (v * view.image.width + u) * 4;
    return view.image.data[i]! + view.image.data[i + 1]! + view.image.data[i + 2]!;
  };
  // The border cell (black) 2 mm inside marker 0's top-left corner; its paper 4 mm outside it.
  const h = TABLE_MARKERS.sizeMm / 2;
  expect(at([-h + 2, -h + 2])).toBeLessThan(at([-h - 4, -h - 4]) / 2);
  const p = [640, 360] as const;
  const back = view.toFrame(view.fromFrame(p));
  expect(Math.hypot(back[0] - p[0], back[1] - p[1])).toBeLessThan(1e-6);
});
