// The calibration markers in one place, as the deck profile is for the cards: the ArUco dictionary,
// which id marks which corner of the table region, how large they print, and where they lie on
// the A4 sheet. Another print means new numbers here, not new code.

/** Table millimetres (x right, y towards the layout's bottom), as the renderer's table plane. */
export type MmPoint = readonly [number, number];

export type Corner = 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left';
export const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

export interface MarkerProfile {
  readonly name: string;
  /** OpenCV's predefined dictionary (cv.DICT_4X4_50 is 0: the smallest cells, so it reads from furthest away). */
  readonly dictionary: 'DICT_4X4_50';
  readonly dictionaryId: number;
  /** Ids clockwise from the region's top-left (CORNERS order). */
  readonly ids: readonly [number, number, number, number];
  /** Side of the black square, border included, mm. */
  readonly sizeMm: number;
  /** White paper kept round each marker (the quiet zone the detector needs, and the light reads), mm. */
  readonly marginMm: number;
  /** The inner bits of each id, row by row from the marker's own top-left, 1 = white (from
   * OpenCV's generateImageMarker; a test checks them against it), so the sheet and the renderer
   * draw markers without loading OpenCV. */
  readonly bits: Readonly<Record<number, readonly string[]>>;
}

export const TABLE_MARKERS: MarkerProfile = {
  name: 'seqref table markers (ArUco 4x4_50, ids 0-3, 40 mm)',
  dictionary: 'DICT_4X4_50',
  dictionaryId: 0,
  ids: [0, 1, 2, 3],
  sizeMm: 40,
  marginMm: 8,
  bits: {
    0: ['1011', '0101', '0011', '0010'],
    1: ['0000', '1111', '1001', '1010'],
    2: ['0011', '0011', '0010', '1101'],
    3: ['1001', '1001', '0100', '0110'],
  },
};

/** Where the four markers lie: their centres in table mm, upright (their own top edge towards -y). */
export interface MarkerLayout {
  /** Marker centres in CORNERS order. */
  readonly centres: readonly [MmPoint, MmPoint, MmPoint, MmPoint];
  readonly sizeMm: number;
}

/** The A4 sheet (210 x 297 mm, portrait): marker centres 35 mm in from each side; the sheet's own top-left is table (0, 0). */
export const A4 = { widthMm: 210, heightMm: 297, insetMm: 35 } as const;

export function sheetLayout(markers: MarkerProfile = TABLE_MARKERS): MarkerLayout {
  const { widthMm: w, heightMm: h, insetMm: i } = A4;
  return { centres: [[i, i], [w - i, i], [w - i, h - i], [i, h - i]], sizeMm: markers.sizeMm };
}

/**
 * Markers cut from the sheet and laid at the corners of a table region: centres on the corners of
 * a width x height mm rectangle whose top-left centre is table (0, 0).
 */
export function regionLayout(widthMm: number, heightMm: number, markers: MarkerProfile = TABLE_MARKERS): MarkerLayout {
  return { centres: [[0, 0], [widthMm, 0], [widthMm, heightMm], [0, heightMm]], sizeMm: markers.sizeMm };
}

/** A marker's four corners in table mm, clockwise from its own top-left (as OpenCV reports them). */
export function markerCornersMm(centre: MmPoint, sizeMm: number): [MmPoint, MmPoint, MmPoint, MmPoint] {
  const h = sizeMm / 2;
  const [x, y] = centre;
  return [[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]];
}

/**
 * A marker as cells: (n + 2) x (n + 2) booleans (true = black), the one-cell black border included.
 * Drawing code scales it to the marker's size.
 */
export function markerCells(id: number, markers: MarkerProfile = TABLE_MARKERS): boolean[][] {
  const inner = markers.bits[id];
  if (!inner) throw new RangeError(`no bits for marker id ${id} in ${markers.name}`);
  const n = inner.length;
  return Array.from({ length: n + 2 }, (_, y) => Array.from({ length: n + 2 }, (_, x) => (y === 0 || x === 0 || y === n + 1 || x === n + 1 ? true : inner[y - 1]![x - 1] === '0')));
}

/** Draws one marker, white margin included, with its centre at (0, 0) in the context's units (mm). */
export function drawMarker(ctx: MarkerContext, id: number, markers: MarkerProfile = TABLE_MARKERS): void {
  const cells = markerCells(id, markers);
  const s = markers.sizeMm;
  const m = markers.marginMm;
  const cell = s / cells.length;
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(-s / 2 - m, -s / 2 - m, s + 2 * m, s + 2 * m);
  ctx.fillStyle = '#000000';
  cells.forEach((row, y) =>
    row.forEach((black, x) => {
      // A hair of overlap so neighbouring cells leave no antialiased seam.
      if (black) ctx.fillRect(-s / 2 + x * cell - 0.01, -s / 2 + y * cell - 0.01, cell + 0.02, cell + 0.02);
    }),
  );
}

/** The part of a 2D canvas context drawMarker uses (@napi-rs/canvas and the browser's both fit). */
export interface MarkerContext {
  fillStyle: unknown;
  fillRect(x: number, y: number, w: number, h: number): void;
}
