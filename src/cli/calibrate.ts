// `seqref calibrate`: the table's plane and light from one frame with the four markers in view;
// saves the profile `serve`, `verify` and `eval` read. Also prints the marker sheet and checks a
// frame against a saved profile (has the camera been bumped?).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkBump } from '../calibration/bump.js';
import { calibrateFrame } from '../calibration/calibrate.js';
import { regionLayout, sheetLayout, TABLE_MARKERS } from '../calibration/markers.js';
import { readProfile, writeProfile } from '../calibration/profile.js';
import { writeSheet } from '../calibration/sheet.js';
import { InputError } from '../errors.js';
import { ffmpegInput } from '../session/sources/cameras.js';
import { decodeImage, loadImage, type RgbaImage } from '../vision/image.js';
import { openCv } from '../vision/opencv.js';
import { parseOptions } from './options.js';

export const DEFAULT_PROFILE = '.seqref/calibration.json';

export const CALIBRATE_USAGE = `Usage:
  seqref calibrate --image FILE [--out PROFILE] [--region WxH] [--reference-cards]
  seqref calibrate --camera DEV [--out PROFILE] [--region WxH] [--reference-cards]
  seqref calibrate --image FILE --check PROFILE   has the camera moved since PROFILE was made?
  seqref calibrate --sheet DIR                    write the marker sheet (sheet-a4.png, sheet-a4.pdf)

Finds the four table markers (${TABLE_MARKERS.dictionary}, ids ${TABLE_MARKERS.ids.join(', ')}, ${TABLE_MARKERS.sizeMm} mm;
see calibration/README.md), fits the table plane (image pixels <-> millimetres), measures the
light from the markers' white paper and saves a versioned JSON profile (default ${DEFAULT_PROFILE}).

  --region WxH       the markers were cut out and laid at the corners of a W x H mm rectangle
                     (centre to centre); without it, the whole A4 sheet lies on the table
  --reference-cards  also measure one TIC card of each colour lying inside the markers: a 3 x 3
                     colour correction instead of white gains alone
  --camera DEV       grab one frame through ffmpeg (a V4L2 device such as /dev/video0, or a video file)

Progress goes to standard error, what was found to standard output. Exit 0 when calibrated (or,
with --check, when the markers are in place), 1 when --check finds them moved, 2 on bad input or
when the markers cannot be found.`;

const VALUED = new Set(['--image', '--camera', '--out', '--region', '--check', '--sheet']);
const FLAGS = new Set(['--reference-cards']);

function progress(line: string): void {
  process.stderr.write(`calibrate: ${line}\n`);
}

/** One frame from a camera device (or a video file) through ffmpeg (not a dependency: used where installed). */
async function grabFrame(device: string): Promise<RgbaImage> {
  const probe = spawnSync('ffmpeg', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new InputError('calibrate: --camera needs ffmpeg, which is not installed here; save a frame and use --image FILE');
  progress(`grabbing a frame from ${device} with ffmpeg`);
  const grab = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...ffmpegInput(device, { live: false }), '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'], { maxBuffer: 64 << 20, timeout: 20_000 });
  if (grab.status !== 0 || grab.stdout.length === 0) throw new InputError(`calibrate: ffmpeg could not grab a frame from ${device} (${String(grab.stderr).trim().split('\n')[0] ?? 'no output'})`);
  return decodeImage(grab.stdout, device);
}

function parseRegion(text: string): [number, number] {
  const match = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(text);
  const w = Number(match?.[1]);
  const h = Number(match?.[2]);
  if (!match || !(w > TABLE_MARKERS.sizeMm) || !(h > TABLE_MARKERS.sizeMm)) throw new InputError(`calibrate: --region "${text}" must be WIDTHxHEIGHT in mm, each more than the ${TABLE_MARKERS.sizeMm} mm marker (e.g. 600x400)`);
  return [w, h];
}

export async function runCalibrate(args: readonly string[]): Promise<number> {
  const { values, flags } = parseOptions('calibrate', args, VALUED, FLAGS);
  const sheetDir = values.get('--sheet');
  if (sheetDir !== undefined) {
    mkdirSync(sheetDir, { recursive: true });
    for (const path of writeSheet(sheetDir)) console.log(`wrote ${path}`);
    return 0;
  }
  const imagePath = values.get('--image');
  const camera = values.get('--camera');
  if ((imagePath === undefined) === (camera === undefined)) throw new InputError('calibrate: give exactly one of --image FILE or --camera DEV; see seqref calibrate --help');
  const region = values.get('--region');
  const layout = region === undefined ? sheetLayout() : regionLayout(...parseRegion(region));
  const checkPath = values.get('--check');
  const check = checkPath === undefined ? undefined : readProfile(checkPath);
  const frame = imagePath !== undefined ? await loadImage(imagePath) : await grabFrame(camera!);
  const source = imagePath ?? camera!;
  progress(`${source}: ${frame.width} x ${frame.height}; loading OpenCV`);
  const cv = await openCv();
  if (check) {
    const result = checkBump(cv, frame, check);
    const offsets = Object.entries(result.offsetsMm).map(([id, mm]) => `${id}: ${mm.toFixed(1)} mm`).join(', ');
    console.log(`markers ${result.status}${offsets ? ` (${offsets})` : ''}${result.unseen.length > 0 ? `; not in sight: ${result.unseen.join(', ')}` : ''}`);
    if (result.status === 'moved') console.log(`the camera or a marker moved since ${checkPath}: run seqref calibrate again`);
    return result.status === 'moved' ? 1 : 0;
  }
  progress('finding the markers');
  let calibration;
  try {
    calibration = calibrateFrame(cv, frame, { layout, referenceCards: flags.has('--reference-cards'), source });
  } catch (error) {
    if (error instanceof RangeError) throw new InputError(`calibrate: ${source}: ${error.message}`);
    throw error;
  }
  const { profile, found } = calibration;
  const out = values.get('--out') ?? DEFAULT_PROFILE;
  mkdirSync(dirname(out), { recursive: true });
  writeProfile(out, profile);
  const missing = TABLE_MARKERS.ids.filter((id) => !found.some((m) => m.id === id));
  const l = profile.light;
  console.log(`markers: ${found.length} of 4 (${found.map((m) => `${m.id} at ${m.centre.map((v) => v.toFixed(0)).join(',')}`).join('; ')})${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}`);
  console.log(`table: ${profile.region.widthMm.toFixed(0)} x ${profile.region.heightMm.toFixed(0)} mm, fit within ${profile.residualMm.toFixed(2)} mm; ${profile.pxPerMm.centre.toFixed(2)} px/mm at the centre (${profile.pxPerMm.min.toFixed(2)}-${profile.pxPerMm.max.toFixed(2)})`);
  console.log(`tilt: about ${profile.tiltDeg.toFixed(0)} degrees from straight down`);
  console.log(`white point: rgb(${l.white.join(', ')}), gains ${l.gains.map((g) => g.toFixed(2)).join(' / ')}, light ${l.unevenness.toFixed(2)}x brighter on the bright side`);
  if (flags.has('--reference-cards')) {
    const refs = Object.entries(l.references ?? {});
    console.log(refs.length > 0 ? `reference cards: ${refs.map(([c, rgb]) => `${c} rgb(${rgb.join(', ')})`).join('; ')}${refs.length < 3 ? ' (too few for a colour matrix: white gains only)' : ''}` : 'reference cards: none found inside the markers (white gains only)');
  }
  console.log(`profile: ${out}`);
  return 0;
}
