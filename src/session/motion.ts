// Hands over the table, from what changed since the last clear view: a placed card lies inside the
// frame, an arm crosses its edge. Frames are compared as thumbnails, where noise and JPEG blocks
// average out and comparing is cheap.

/** Thresholds: hands over the table, from what changed between a fixed camera's frames. */
export const MOTION = {
  /** Frame pixels a thumbnail pixel averages, each way. */
  cell: 8,
  /** Levels any colour channel of a thumbnail pixel must change by to count as changed (noise stays well under). */
  changedLevels: 16,
  /** A change reaching the frame's edge must cover at least this share of the frame to be an arm reaching in. */
  reachShare: 0.0015,
  /** A change within this many thumbnail pixels of the frame's edge reaches it. */
  edgeCells: 1,
  /** Blocks a side of the thumbnail is cut into for the table's colour: a lamp lights one end brighter. */
  tableBlocks: 2,
  /** Thumbnail pixels a mask of quads is grown by, unless told. */
  maskGrow: 1,
} as const;

/** A small copy of a frame: red, green and blue bytes a pixel, row by row. */
export interface Thumbnail {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** What a comparison of thumbnails takes; MOTION by default, whose fields are described above. */
export interface MotionParameters {
  readonly cell: number;
  readonly changedLevels: number;
  readonly reachShare: number;
  readonly edgeCells: number;
}

/** The frame averaged over cells of `cell` x `cell` pixels (RGBA in, RGB out). */
export function thumbnail(frame: { readonly width: number; readonly height: number; readonly data: Uint8Array | Uint8ClampedArray }, cell: number = MOTION.cell): Thumbnail {
  const width = Math.max(1, Math.floor(frame.width / cell));
  const height = Math.max(1, Math.floor(frame.height / cell));
  const sums = new Uint32Array(width * height * 3);
  const { data } = frame;
  for (let y = 0; y < height * cell; y++) {
    const row = ((y / cell) | 0) * width;
    let i = y * frame.width * 4;
    for (let x = 0; x < width * cell; x++, i += 4) {
      const k = (row + ((x / cell) | 0)) * 3;
      sums[k]! += data[i]!;
      sums[k + 1]! += data[i + 1]!;
      sums[k + 2]! += data[i + 2]!;
    }
  }
  const out = new Uint8Array(width * height * 3);
  const area = cell * cell;
  for (let k = 0; k < out.length; k++) out[k] = Math.round(sums[k]! / area);
  return { width, height, data: out };
}

/** The frame edges, as the renderer and the seats name them. */
export const EDGES = ['bottom', 'top', 'left', 'right'] as const;

/** What differs between two thumbnails. */
export interface Change {
  /** Share of the frame changed. */
  readonly changed: number;
  /** An arm reaching in: its share of the frame and the edge it crosses most (index into EDGES). */
  readonly reach: { readonly share: number; readonly edge: number } | null;
}

/** How much two thumbnails differ, and any arm reaching in at an edge; pixels `ignore` marks are no arm. */
export function compareThumbnails(before: Thumbnail, after: Thumbnail, parameters: MotionParameters = MOTION, ignore?: Uint8Array): Change {
  const { width, height } = after;
  if (before.width !== width || before.height !== height) return { changed: 1, reach: { share: 1, edge: 0 } };
  const n = width * height;
  const changed = new Uint8Array(n);
  const table = localTableColour(after);
  let count = 0;
  const a = before.data;
  const b = after.data;
  for (let k = 0, i = 0; k < n; k++, i += 3) {
    const d = Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!));
    if (d >= parameters.changedLevels) {
      count++;
      // Something came in only where the pixel stands out from the table more than before.
      const here = table(k % width, Math.floor(k / width));
      if (!ignore?.[k] && fromColour(b, i, here) > fromColour(a, i, here)) changed[k] = 1;
    }
  }
  let reach: Change['reach'] = null;
  const label = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  for (let start = 0; start < n; start++) {
    if (!changed[start] || label[start] !== -1) continue;
    // One region: its size, whether it comes near the edge, and its pixels on each edge line.
    const onEdge = [0, 0, 0, 0];
    let near = false;
    let size = 0;
    label[start] = start;
    stack.push(start);
    const e = parameters.edgeCells;
    while (stack.length > 0) {
      const k = stack.pop()!;
      size++;
      const x = k % width;
      const y = (k - x) / width;
      if (y >= height - e || y < e || x < e || x >= width - e) near = true;
      if (y === height - 1) onEdge[0]!++;
      if (y === 0) onEdge[1]!++;
      if (x === 0) onEdge[2]!++;
      if (x === width - 1) onEdge[3]!++;
      for (const m of [x > 0 ? k - 1 : -1, x < width - 1 ? k + 1 : -1, y > 0 ? k - width : -1, y < height - 1 ? k + width : -1]) {
        if (m >= 0 && changed[m] && label[m] === -1) {
          label[m] = start;
          stack.push(m);
        }
      }
    }
    const share = size / n;
    // The edge an arm crosses is the one it is widest across.
    const most = Math.max(...onEdge);
    if (near && share >= parameters.reachShare && (!reach || share > reach.share)) reach = { share, edge: most > 0 ? onEdge.indexOf(most) : nearestEdge(label, start, width, height) };
  }
  return { changed: count / n, reach };
}

const fromColour = (data: Uint8Array, i: number, c: readonly number[]): number => Math.abs(data[i]! - c[0]!) + Math.abs(data[i + 1]! - c[1]!) + Math.abs(data[i + 2]! - c[2]!);

/** The table's colour about each pixel: each channel's median over its block, as most of a view is table. */
function localTableColour(thumb: Thumbnail): (x: number, y: number) => readonly number[] {
  const bw = Math.ceil(thumb.width / MOTION.tableBlocks);
  const bh = Math.ceil(thumb.height / MOTION.tableBlocks);
  const colours: number[][] = [];
  for (let by = 0; by < MOTION.tableBlocks; by++) {
    for (let bx = 0; bx < MOTION.tableBlocks; bx++) {
      const [x0, y0] = [bx * bw, by * bh];
      const [x1, y1] = [Math.min(thumb.width, x0 + bw), Math.min(thumb.height, y0 + bh)];
      colours.push(
        [0, 1, 2].map((c) => {
          const histogram = new Uint32Array(256);
          for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) histogram[thumb.data[(y * thumb.width + x) * 3 + c]!]!++;
          const half = ((x1 - x0) * (y1 - y0)) / 2;
          let v = 0;
          for (let seen = 0; v < 255 && (seen += histogram[v]!) < half; ) v++;
          return v;
        }),
      );
    }
  }
  return (x, y) => colours[Math.floor(y / bh) * MOTION.tableBlocks + Math.floor(x / bw)]!;
}

/** The edge nearest to any pixel of the region labelled `id`. */
function nearestEdge(label: Int32Array, id: number, width: number, height: number): number {
  let best = Infinity;
  let edge = 0;
  for (let k = 0; k < label.length; k++) {
    if (label[k] !== id) continue;
    const x = k % width;
    const y = (k - x) / width;
    const d = [height - 1 - y, y, x, width - 1 - x];
    for (let i = 0; i < 4; i++) if (d[i]! < best) [best, edge] = [d[i]!, i];
  }
  return edge;
}

/** A mask of the thumbnail pixels the quads (frame pixels) cover, each grown by `grow` pixels. */
export function quadMask(thumb: { readonly width: number; readonly height: number }, quads: readonly (readonly (readonly [number, number])[])[], cell: number = MOTION.cell, grow: number = MOTION.maskGrow): Uint8Array {
  const mask = new Uint8Array(thumb.width * thumb.height);
  for (const quad of quads) {
    const pts = quad.map(([x, y]) => [x / cell - 0.5, y / cell - 0.5] as const);
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const [x0, x1] = [Math.max(0, Math.floor(Math.min(...xs)) - 1), Math.min(thumb.width - 1, Math.ceil(Math.max(...xs)) + 1)];
    const [y0, y1] = [Math.max(0, Math.floor(Math.min(...ys)) - 1), Math.min(thumb.height - 1, Math.ceil(Math.max(...ys)) + 1)];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) if (nearPolygon(pts, x, y, grow)) mask[y * thumb.width + x] = 1;
    }
  }
  return mask;
}

/** Whether (x, y) lies inside the polygon or within `margin` of its sides. */
function nearPolygon(pts: readonly (readonly [number, number])[], x: number, y: number, margin: number): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    const [dx, dy] = [xj - xi, yj - yi];
    const t = Math.max(0, Math.min(1, ((x - xi) * dx + (y - yi) * dy) / (dx * dx + dy * dy || 1)));
    if (Math.hypot(x - xi - t * dx, y - yi - t * dy) <= margin) return true;
  }
  return inside;
}

/** The share of the pixels `mask` marks that differ between two thumbnails of one camera. */
export function changedWithin(before: Thumbnail, after: Thumbnail, mask: Uint8Array, parameters: MotionParameters = MOTION): number {
  if (before.width !== after.width || before.height !== after.height) return 1;
  let inside = 0;
  let changed = 0;
  for (let k = 0, i = 0; k < mask.length; k++, i += 3) {
    if (!mask[k]) continue;
    inside++;
    const d = Math.max(Math.abs(after.data[i]! - before.data[i]!), Math.abs(after.data[i + 1]! - before.data[i + 1]!), Math.abs(after.data[i + 2]! - before.data[i + 2]!));
    if (d >= parameters.changedLevels) changed++;
  }
  return inside > 0 ? changed / inside : 1;
}

/** The share of a card's place (its outline in frame pixels) that differs between two thumbnails. */
export function changedUnder(before: Thumbnail, after: Thumbnail, quad: readonly (readonly [number, number])[]): number {
  return changedWithin(before, after, quadMask(after, [quad], MOTION.cell, 0));
}
