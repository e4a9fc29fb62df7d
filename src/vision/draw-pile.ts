// Sequence Stacks' face-down draw pile, which fixes which cells are which: the faces alone give only
// a relative grid. The detector looks for card paper and misses a back, so the pile is found here as
// a solid, card-sized rectangle far from the open table's colour, on the plane the faces give.
import type { OpenCv } from './opencv.js';
import type { Quad } from './image.js';
import { applyHomography, dist, polygonArea, portrait, type Homography, type Vec } from './detect/geometry.js';
import { tablePlane, type CardSize } from './detect/table.js';
import { DRAW_PILE } from './params.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** The draw pile's cell (row, col): the middle of the row of spaces (src/session/games/stacks.ts). */
export const STACKS_DRAW_PILE = [0, 2] as const;

/**
 * Where the draw pile may be (portrait quads in `source` pixels), likeliest first; a deck put aside looks
 * the same, so the caller picks. `shapes` are left out; the `face` ones, or `known`, give the table plane.
 */
export function drawPileCandidates(cv: OpenCv, source: Mat, frameWidth: number, frameHeight: number, shapes: readonly Quad[], face: readonly boolean[], size: CardSize, known?: Homography): Quad[] {
  const faces = shapes.filter((_, i) => face[i]);
  if (faces.length === 0) return [];
  // The plane with its perspective even from one card: the pile often lies nearer or further than
  // the cards, and the flat plane mis-sizes it.
  const toTable = known ?? tablePlane(faces.map((q) => portrait(q)), size)?.toTable;
  if (!toTable) return [];
  const k = frameWidth / DRAW_PILE.workWidth;
  const width = DRAW_PILE.workWidth;
  const height = Math.max(1, Math.round(frameHeight / k));
  const rgba = coarseLook(cv, source, width, height);
  const masked = shapesMask(shapes, k, width, height);
  const faceSide = Math.sqrt(faces.reduce((s, q) => s + polygonArea(q), 0) / faces.length) / k;
  const on = offTable(cv, rgba, masked, width, height, faceSide);
  // A card's area in working pixels near the faces: small regions are passed over at once.
  const faceArea = faces.reduce((s, q) => s + polygonArea(q), 0) / faces.length / (k * k);
  const found = solidPiles(on, width, height, faceArea, k, toTable, size);
  // A back close to the table's colour (dark blue on dark felt) still shows its outline.
  for (const outline of outlinedShapes(cv, rgba, width, height, faceArea)) {
    const centre = outline.corners.reduce((c, p) => [c[0] + p[0] / 4, c[1] + p[1] / 4] as Vec, [0, 0] as Vec);
    if (masked[Math.round(centre[1]) * width + Math.round(centre[0])]) continue;
    const judged = pileScore(outline.corners.map(([x, y]) => [x * k, y * k] as Vec), outline.fill, toTable, size);
    if (judged && !found.some((f) => dist(quadCentreOf(f.quad), quadCentreOf(judged.quad)) < faceSide * k * DRAW_PILE.sameCentre)) found.push(judged);
  }
  return found.sort((a, b) => b.score - a.score).map((f) => f.quad);
}

/** The frame at `width` x `height` (RGBA), each pixel a block average. */
function coarseLook(cv: OpenCv, source: Mat, width: number, height: number): Uint8Array {
  const half = new cv.Mat();
  const small = new cv.Mat();
  try {
    // Block averages in two steps: halving bilinearly averages 2 x 2 blocks, cheaper than INTER_AREA
    // from the full frame.
    cv.resize(source, half, new cv.Size(width * 2, height * 2), 0, 0, cv.INTER_LINEAR);
    cv.resize(half, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
    return new Uint8Array(small.data);
  } finally {
    half.delete();
    small.delete();
  }
}

/** 1 where a pixel of the coarse look (frame pixels over `k`) lies in one of `shapes`, grown a little. */
function shapesMask(shapes: readonly Quad[], k: number, width: number, height: number): Uint8Array {
  // Grown to take in their shade and outline, which are neither table nor pile.
  const masked = new Uint8Array(width * height);
  for (const q of shapes) {
    const c: Vec = [(q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4 / k, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4 / k];
    const grown = q.map(([x, y]) => [c[0] + (x / k - c[0]) * DRAW_PILE.shapesGrown, c[1] + (y / k - c[1]) * DRAW_PILE.shapesGrown] as Vec);
    const xs = grown.map((p) => p[0]);
    const ys = grown.map((p) => p[1]);
    for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(height - 1, Math.ceil(Math.max(...ys))); y++) {
      // insidePolygon at each pixel's centre, its sides' crossings of the row worked out once a row.
      const cy = y + 0.5;
      const crossings: number[] = [];
      for (let i = 0, j = grown.length - 1; i < grown.length; j = i++) {
        const [a, b] = [grown[i]!, grown[j]!];
        if (a[1] > cy !== b[1] > cy) crossings.push(((b[0] - a[0]) * (cy - a[1])) / (b[1] - a[1]) + a[0]);
      }
      for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(width - 1, Math.ceil(Math.max(...xs))); x++) {
        let inside = false;
        for (const c of crossings) if (x + 0.5 < c) inside = !inside;
        if (inside) masked[y * width + x] = 1;
      }
    }
  }
  return masked;
}

/**
 * 1 where a pixel not `masked` lies far from the table's colour near it (awayFromTable): beyond
 * DRAW_PILE.minContrast, and DRAW_PILE.textureFactor times the open table's median distance.
 */
function offTable(cv: OpenCv, rgba: Uint8Array, masked: Uint8Array, width: number, height: number, faceSide: number): Uint8Array {
  const n = width * height;
  // The table's colour near each pixel, as light varies across the frame: the open table blurred
  // over a few cards' widths, with the shapes first filled with its median.
  const table = mediansOf(rgba, masked, n);
  const filled = new Uint8Array(rgba);
  const [tr, tg, tb] = table;
  for (let i = 0; i < n; i++) {
    if (!masked[i]) continue;
    filled[i * 4] = tr;
    filled[i * 4 + 1] = tg;
    filled[i * 4 + 2] = tb;
  }
  const local = localMean(cv, filled, width, height, 2 * Math.round(faceSide * DRAW_PILE.localCards) + 1);
  const distance = new Float32Array(n);
  const histogram = new Uint32Array(443);
  let open = 0;
  for (let i = 0; i < n; i++) {
    if (masked[i]) continue;
    const d = awayFromTable(rgba, local, i * 4);
    distance[i] = d;
    histogram[Math.min(442, Math.round(d))]!++;
    open++;
  }
  let median = 0;
  for (let seen = 0; median < 442 && (seen += histogram[median]!) < open / 2; ) median++;
  const threshold = Math.max(DRAW_PILE.minContrast, DRAW_PILE.textureFactor * median);
  const on = new Uint8Array(n);
  for (let i = 0; i < n; i++) on[i] = !masked[i] && distance[i]! > threshold ? 1 : 0;
  return on;
}

/** The solid, card-sized regions of `on` clear of the frame's edge, scored as piles in source pixels. */
function solidPiles(on: Uint8Array, width: number, height: number, faceArea: number, k: number, toTable: Homography, size: CardSize): { quad: Quad; score: number }[] {
  const n = width * height;
  const found: { quad: Quad; score: number }[] = [];
  const reached = new Uint8Array(n);
  const stack: number[] = [];
  const visit = (q: number): void => {
    if (on[q] && !reached[q]) {
      reached[q] = 1;
      stack.push(q);
    }
  };
  for (let start = 0; start < n; start++) {
    if (!on[start] || reached[start]) continue;
    const pixels: number[] = [];
    visit(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x > 0) visit(p - 1);
      if (x < width - 1) visit(p + 1);
      if (y > 0) visit(p - width);
      if (y < height - 1) visit(p + width);
    }
    if (pixels.length < faceArea * DRAW_PILE.regionArea[0] || pixels.length > faceArea * DRAW_PILE.regionArea[1]) continue;
    // A shape cut off by the frame's edge cannot be measured.
    if (pixels.some((p) => p % width === 0 || p % width === width - 1 || p < width || p >= n - width)) continue;
    const rectangle = rectangleOf(pixels, width);
    if (rectangle.fill < DRAW_PILE.minFill) continue;
    const judged = pileScore(rectangle.corners.map(([x, y]) => [x * k, y * k] as Vec), rectangle.fill, toTable, size);
    if (judged) found.push(judged);
  }
  return found;
}

/**
 * How far a pixel's colour lies from the table's near it. Darkening along the table's colour counts
 * only a share: shade darkens the table without changing its hue, and a back differs in hue.
 */
function awayFromTable(rgba: Uint8Array, table: Uint8Array, i: number): number {
  // Written out (no arrays, no Math.hypot): this runs for every pixel of the coarse look.
  const r = rgba[i]!;
  const g = rgba[i + 1]!;
  const b = rgba[i + 2]!;
  const tr = table[i]!;
  const tg = table[i + 1]!;
  const tb = table[i + 2]!;
  const norm = Math.sqrt(tr * tr + tg * tg + tb * tb) || 1;
  const along = (r * tr + g * tg + b * tb) / norm - norm;
  const off = (r - tr) ** 2 + (g - tg) ** 2 + (b - tb) ** 2 - along * along;
  const weighted = along < 0 ? along * DRAW_PILE.darkerWeight : along;
  return Math.sqrt((off > 0 ? off : 0) + weighted * weighted);
}

/** Each pixel's mean over the `size` x `size` square round it (RGBA, row by row). */
function localMean(cv: OpenCv, rgba: Uint8Array, width: number, height: number, size: number): Uint8Array {
  const image = new cv.Mat(height, width, cv.CV_8UC4);
  const blurred = new cv.Mat();
  try {
    image.data.set(rgba);
    cv.blur(image, blurred, new cv.Size(size, size), new cv.Point(-1, -1), cv.BORDER_REFLECT);
    return new Uint8Array(blurred.data);
  } finally {
    image.delete();
    blurred.delete();
  }
}

/** A pile's rectangle (source pixels) scored by how like a card on the table it is; null if not card-like. */
function pileScore(quad: Vec[], fill: number, toTable: Homography, size: CardSize): { quad: Quad; score: number } | null {
  const onTable = quad.map((p) => applyHomography(toTable, p));
  const a = (dist(onTable[0]!, onTable[1]!) + dist(onTable[2]!, onTable[3]!)) / 2;
  const b = (dist(onTable[1]!, onTable[2]!) + dist(onTable[3]!, onTable[0]!)) / 2;
  const scale = Math.sqrt((a * b) / (size.widthMm * size.heightMm));
  const aspect = Math.max(a, b) / Math.min(a, b);
  if (scale < DRAW_PILE.sizeRange[0] || scale > DRAW_PILE.sizeRange[1] || aspect < DRAW_PILE.aspectRange[0] || aspect > DRAW_PILE.aspectRange[1]) return null;
  return { quad: portrait(quad as unknown as Quad), score: fill - Math.abs(Math.log(scale)) - Math.abs(Math.log(aspect / (size.heightMm / size.widthMm))) };
}

const quadCentreOf = (q: Quad): Vec => [(q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4];

/** Closed outlines of about a card's area in the coarse image: each contour's rotated rectangle and its fill. */
function outlinedShapes(cv: OpenCv, rgba: Uint8Array, width: number, height: number, faceArea: number): { corners: Vec[]; fill: number }[] {
  const image = new cv.Mat(height, width, cv.CV_8UC4);
  const grey = new cv.Mat();
  const edges = new cv.Mat();
  const kernel = cv.Mat.ones(3, 3, cv.CV_8U);
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  try {
    image.data.set(rgba);
    cv.cvtColor(image, grey, cv.COLOR_RGBA2GRAY);
    cv.GaussianBlur(grey, grey, new cv.Size(3, 3), 0);
    cv.Canny(grey, edges, DRAW_PILE.outlineCanny[0], DRAW_PILE.outlineCanny[1]);
    cv.morphologyEx(edges, edges, cv.MORPH_CLOSE, kernel);
    cv.findContours(edges, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const shapes: { corners: Vec[]; fill: number }[] = [];
    for (let i = 0; i < contours.size(); i++) {
      const contour = contours.get(i);
      const area = cv.contourArea(contour);
      if (area >= faceArea * DRAW_PILE.outlineArea[0] && area <= faceArea * DRAW_PILE.outlineArea[1]) {
        const box = cv.minAreaRect(contour);
        const rectArea = box.size.width * box.size.height;
        const corners = (cv.RotatedRect.points(box) as { x: number; y: number }[]).map((p) => [p.x, p.y] as Vec);
        if (rectArea > 0) shapes.push({ corners, fill: area / rectArea });
      }
      contour.delete();
    }
    return shapes.filter((s) => s.fill >= DRAW_PILE.minFill);
  } finally {
    for (const m of [image, grey, edges, kernel, contours, hierarchy]) m.delete();
  }
}

/** The median of each colour channel over the pixels not masked. */
function mediansOf(rgba: Uint8Array, masked: Uint8Array, n: number): [number, number, number] {
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)] as const;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (masked[i]) continue;
    histograms[0][rgba[i * 4]!]!++;
    histograms[1][rgba[i * 4 + 1]!]!++;
    histograms[2][rgba[i * 4 + 2]!]!++;
    count++;
  }
  return histograms.map((histogram) => {
    let v = 0;
    for (let seen = 0; v < 255 && (seen += histogram[v]!) < count / 2; ) v++;
    return v;
  }) as [number, number, number];
}

/** The region's rectangle along its principal axes (working pixels) and the share of it the region fills. */
function rectangleOf(pixels: readonly number[], width: number): { corners: Vec[]; fill: number } {
  let mx = 0;
  let my = 0;
  for (const p of pixels) {
    mx += p % width;
    my += Math.floor(p / width);
  }
  mx /= pixels.length;
  my /= pixels.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const p of pixels) {
    const x = (p % width) - mx;
    const y = Math.floor(p / width) - my;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  let a0 = Infinity;
  let a1 = -Infinity;
  let b0 = Infinity;
  let b1 = -Infinity;
  for (const p of pixels) {
    const x = (p % width) - mx;
    const y = Math.floor(p / width) - my;
    const a = x * c + y * s;
    const b = -x * s + y * c;
    a0 = Math.min(a0, a);
    a1 = Math.max(a1, a);
    b0 = Math.min(b0, b);
    b1 = Math.max(b1, b);
  }
  // Pixel centres span one pixel less than the pixels themselves.
  a0 -= 0.5;
  a1 += 0.5;
  b0 -= 0.5;
  b1 += 0.5;
  const at = (a: number, b: number): Vec => [mx + 0.5 + a * c - b * s, my + 0.5 + a * s + b * c];
  return { corners: [at(a0, b0), at(a1, b0), at(a1, b1), at(a0, b1)], fill: pixels.length / ((a1 - a0) * (b1 - b0)) };
}
