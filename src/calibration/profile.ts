// A calibration profile on disk: versioned JSON that `serve`, `verify` and `eval` read. Reading
// checks every field and names the file and the field in one line on failure.
import { readFileSync, writeFileSync } from 'node:fs';
import { COLOURS } from '../cards/tic.js';
import { InputError } from '../errors.js';
import type { Mat3 } from '../render/camera.js';
import type { Quad } from '../vision/image.js';
import { TableMapping, type TableBounds } from './homography.js';
import type { Light, Rgb } from './light.js';
import type { MarkerLayout, MmPoint } from './markers.js';

export const PROFILE_VERSION = 1;
export const PROFILE_KIND = 'seqref-calibration';

export interface CalibrationProfile {
  readonly kind: typeof PROFILE_KIND;
  readonly version: typeof PROFILE_VERSION;
  /** ISO 8601. */
  readonly created: string;
  /** The image file or camera it was made from. */
  readonly source: string;
  readonly image: { readonly width: number; readonly height: number };
  readonly markers: {
    readonly dictionary: string;
    readonly ids: readonly number[];
    readonly sizeMm: number;
    readonly marginMm: number;
    /** Marker centres in table mm, clockwise from the top-left. */
    readonly centresMm: MarkerLayout['centres'];
    /** Where each was seen, image pixels clockwise from its own top-left (the bump check compares these). */
    readonly seen: readonly { readonly id: number; readonly corners: Quad }[];
  };
  /** Image pixels -> table mm, row-major 3 x 3. */
  readonly homography: Mat3;
  /** RMS distance between the markers' corners as mapped and as laid out, mm. */
  readonly residualMm: number;
  /** Image pixels a table mm spans: at the region's centre, and the least and most across it. */
  readonly pxPerMm: { readonly centre: number; readonly min: number; readonly max: number };
  readonly tiltDeg: number;
  /** The region the markers enclose (paper included), table mm. */
  readonly region: TableBounds;
  readonly light: Light;
}

export function profileMapping(profile: CalibrationProfile): TableMapping {
  return new TableMapping(profile.homography);
}

export function writeProfile(path: string, profile: CalibrationProfile): void {
  writeFileSync(path, `${JSON.stringify(profile, null, 2)}\n`);
}

export function readProfile(path: string): CalibrationProfile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`${path}: cannot read the calibration profile (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseProfile(text, path);
}

/** Checks a profile's JSON text; `label` names it in errors. */
export function parseProfile(text: string, label: string): CalibrationProfile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${label}: not JSON (${(error as Error).message})`);
  }
  const fail = (field: string, want: string): never => {
    throw new InputError(`${label}: calibration profile field "${field}" ${want}`);
  };
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value)) return fail('(top level)', 'must be an object');
  const get = (object: Record<string, unknown>, key: string, path: string): unknown => {
    if (!(key in object)) fail(path, 'is missing');
    return object[key];
  };
  const num = (v: unknown, path: string, test: (n: number) => boolean = () => true, want = 'must be a number'): number => (typeof v === 'number' && Number.isFinite(v) && test(v) ? v : fail(path, want));
  const nums = (v: unknown, path: string, n: number): number[] => (Array.isArray(v) && v.length === n && v.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (v as number[]) : fail(path, `must be ${n} numbers`));
  const obj = (v: unknown, path: string): Record<string, unknown> => (isObject(v) ? v : fail(path, 'must be an object'));
  const positive = (n: number): boolean => n > 0;

  if (value.kind !== PROFILE_KIND) fail('kind', `must be "${PROFILE_KIND}"`);
  const version = get(value, 'version', 'version');
  if (version !== PROFILE_VERSION) fail('version', `is ${JSON.stringify(version)}; this seqref reads version ${PROFILE_VERSION} (run seqref calibrate again)`);
  const created = get(value, 'created', 'created');
  if (typeof created !== 'string' || Number.isNaN(Date.parse(created))) fail('created', 'must be an ISO date');
  const source = get(value, 'source', 'source');
  if (typeof source !== 'string') fail('source', 'must be a string');
  const image = obj(get(value, 'image', 'image'), 'image');
  const width = num(get(image, 'width', 'image.width'), 'image.width', (n) => Number.isInteger(n) && n > 0, 'must be a positive whole number');
  const height = num(get(image, 'height', 'image.height'), 'image.height', (n) => Number.isInteger(n) && n > 0, 'must be a positive whole number');
  const markers = obj(get(value, 'markers', 'markers'), 'markers');
  const dictionary = get(markers, 'dictionary', 'markers.dictionary');
  if (typeof dictionary !== 'string') fail('markers.dictionary', 'must be a string');
  const ids = nums(get(markers, 'ids', 'markers.ids'), 'markers.ids', 4);
  const sizeMm = num(get(markers, 'sizeMm', 'markers.sizeMm'), 'markers.sizeMm', positive, 'must be a positive number');
  const marginMm = num(get(markers, 'marginMm', 'markers.marginMm'), 'markers.marginMm', (n) => n >= 0, 'must be a number, 0 or more');
  const centresRaw = get(markers, 'centresMm', 'markers.centresMm');
  if (!Array.isArray(centresRaw) || centresRaw.length !== 4) fail('markers.centresMm', 'must be 4 [x, y] points');
  const centresMm = (centresRaw as unknown[]).map((c, i) => nums(c, `markers.centresMm[${i}]`, 2) as unknown as MmPoint) as unknown as MarkerLayout['centres'];
  const seenRaw = get(markers, 'seen', 'markers.seen');
  if (!Array.isArray(seenRaw)) fail('markers.seen', 'must be a list');
  const seen = (seenRaw as unknown[]).map((s, i) => {
    const o = obj(s, `markers.seen[${i}]`);
    const id = num(get(o, 'id', `markers.seen[${i}].id`), `markers.seen[${i}].id`, (n) => ids.includes(n), `must be one of the marker ids ${ids.join(', ')}`);
    const cornersRaw = get(o, 'corners', `markers.seen[${i}].corners`);
    if (!Array.isArray(cornersRaw) || cornersRaw.length !== 4) fail(`markers.seen[${i}].corners`, 'must be 4 [x, y] points');
    const corners = (cornersRaw as unknown[]).map((c, j) => nums(c, `markers.seen[${i}].corners[${j}]`, 2)) as unknown as Quad;
    return { id, corners };
  });
  const homography = nums(get(value, 'homography', 'homography'), 'homography', 9) as unknown as Mat3;
  try {
    new TableMapping(homography);
  } catch {
    fail('homography', 'is singular');
  }
  const residualMm = num(get(value, 'residualMm', 'residualMm'), 'residualMm', (n) => n >= 0, 'must be a number, 0 or more');
  const px = obj(get(value, 'pxPerMm', 'pxPerMm'), 'pxPerMm');
  const pxPerMm = {
    centre: num(get(px, 'centre', 'pxPerMm.centre'), 'pxPerMm.centre', positive, 'must be a positive number'),
    min: num(get(px, 'min', 'pxPerMm.min'), 'pxPerMm.min', positive, 'must be a positive number'),
    max: num(get(px, 'max', 'pxPerMm.max'), 'pxPerMm.max', positive, 'must be a positive number'),
  };
  const tiltDeg = num(get(value, 'tiltDeg', 'tiltDeg'), 'tiltDeg', (n) => n >= 0 && n <= 90, 'must be 0 to 90');
  const r = obj(get(value, 'region', 'region'), 'region');
  const region: TableBounds = {
    x0: num(get(r, 'x0', 'region.x0'), 'region.x0'),
    y0: num(get(r, 'y0', 'region.y0'), 'region.y0'),
    widthMm: num(get(r, 'widthMm', 'region.widthMm'), 'region.widthMm', positive, 'must be a positive number'),
    heightMm: num(get(r, 'heightMm', 'region.heightMm'), 'region.heightMm', positive, 'must be a positive number'),
  };
  const l = obj(get(value, 'light', 'light'), 'light');
  const rgb = (v: unknown, path: string): Rgb => {
    const c = nums(v, path, 3);
    if (!c.every((x) => x >= 0 && x <= 255)) fail(path, 'must be 3 numbers 0 to 255');
    return c as unknown as Rgb;
  };
  const light: Light = {
    white: rgb(get(l, 'white', 'light.white'), 'light.white'),
    gains: nums(get(l, 'gains', 'light.gains'), 'light.gains', 3) as unknown as Rgb,
    unevenness: num(get(l, 'unevenness', 'light.unevenness'), 'light.unevenness', (n) => n >= 1, 'must be a number, 1 or more'),
    matrix: nums(get(l, 'matrix', 'light.matrix'), 'light.matrix', 9) as unknown as Mat3,
    ...('references' in l && l.references !== undefined
      ? {
          references: Object.fromEntries(
            Object.entries(obj(l.references, 'light.references')).map(([colour, v]) => {
              if (!(COLOURS as readonly string[]).includes(colour)) fail(`light.references.${colour}`, `is not a TIC colour (${COLOURS.join(', ')})`);
              return [colour, rgb(v, `light.references.${colour}`)];
            }),
          ),
        }
      : {}),
  };
  return {
    kind: PROFILE_KIND,
    version: PROFILE_VERSION,
    created: created as string,
    source: source as string,
    image: { width, height },
    markers: { dictionary: dictionary as string, ids, sizeMm, marginMm, centresMm, seen },
    homography,
    residualMm,
    pxPerMm,
    tiltDeg,
    region,
    light,
  };
}
