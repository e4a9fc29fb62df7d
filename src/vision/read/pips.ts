// A second look at a TIC card's pips, which at the reader's 1 px/mm can be faint blobs whose shapes
// differ by a few pixels. The face is cut again finer and each shape matched at each pip place, both
// ways up, giving odds on number and shape beside the reader's own.
import { COLOURS, NUMBERS, SHAPES } from '../../cards/tic.js';
import { facePixels } from '../../deck/faces.js';
import { STANDARD_DECK, type DeckProfile } from '../../deck/profile.js';
import type { Quad, RgbaImage, SizedCut } from '../image.js';
import { madeOnce, type OpenCv } from '../opencv.js';
import type { CardReading } from '../types.js';
import { paperColour } from './features.js';
import { fromTicOdds } from './index.js';
import { PIPS } from './params.js';

type Mat = InstanceType<OpenCv['Mat']>;

/** Matches pip shapes against cards; dispose() frees its templates. */
export interface PipMatcher {
  /**
   * How well each number and shape (number-major) fits the pips under `quad`: the weighted mean
   * correlation over that number's places. Only the `numbers` given (indices) are scored; others stay 0.
   */
  score(quad: Quad, cut: SizedCut, numbers?: readonly number[]): Float32Array;
  dispose(): void;
}

/** Ink against the card's own paper in the channel that departs most (0 paper, 1 black); the caller deletes it. */
function inkMat(cv: OpenCv, image: RgbaImage): Mat {
  const n = image.width * image.height;
  const paper = paperColour(image.data, n);
  const per = paper.map((v) => 1 / Math.max(v, 1));
  const mat = new cv.Mat(image.height, image.width, cv.CV_32FC1);
  const ink = mat.data32F;
  for (let i = 0; i < n; i++) {
    let most = 0;
    for (let c = 0; c < 3; c++) {
      const v = 1 - image.data[i * 4 + c]! * per[c]!;
      if (v > most) most = v;
    }
    ink[i] = most;
  }
  return mat;
}

/** Each shape's pip in a `box` px square, blurred, upright and turned round. */
function shapeTemplates(cv: OpenCv, profile: DeckProfile, box: number): Mat[][] {
  return SHAPES.map((shape) => {
    const face = inkMat(cv, facePixels(`1-${shape}-violet`, PIPS.pxPerMm, profile));
    const x0 = Math.round(face.cols / 2 - box / 2);
    const y0 = Math.round(face.rows / 2 - box / 2);
    const roi = face.roi(new cv.Rect(x0, y0, box, box));
    const upright = new cv.Mat();
    cv.GaussianBlur(roi, upright, new cv.Size(0, 0), PIPS.templateBlur);
    roi.delete();
    face.delete();
    const turned = new cv.Mat();
    cv.flip(upright, turned, -1);
    // A circle or a square turned round is itself: matched once.
    const same = upright.data32F.every((v: number, i: number) => Math.abs(v - turned.data32F[i]!) < PIPS.sameTemplate);
    if (same) turned.delete();
    return same ? [upright] : [upright, turned];
  });
}

/** Every place a pip may lie (px on the cut), and which of them each number's pips take. */
function pipPlaces(pipOffsetsMm: DeckProfile['tic']['pipOffsetsMm'], width: number, height: number): { places: [number, number][]; placesOf: number[][] } {
  const places: [number, number][] = [];
  const placesOf = NUMBERS.map((n) =>
    pipOffsetsMm[n].map(([dx, dy]) => {
      const p: [number, number] = [Math.round(width / 2 + dx * PIPS.pxPerMm), Math.round(height / 2 + dy * PIPS.pxPerMm)];
      const k = places.findIndex((q) => q[0] === p[0] && q[1] === p[1]);
      return k >= 0 ? k : places.push(p) - 1;
    }),
  );
  return { places, placesOf };
}

/** Draws the pip templates for a deck and returns a matcher. */
export function createPipMatcher(cv: OpenCv, profile: DeckProfile = STANDARD_DECK): PipMatcher {
  const { pipBoxMm, pipOffsetsMm } = profile.tic;
  const width = Math.round(profile.widthMm * PIPS.pxPerMm);
  const height = Math.round(profile.heightMm * PIPS.pxPerMm);
  const box = Math.round((pipBoxMm + 2 * PIPS.boxPadMm) * PIPS.pxPerMm);
  // The part of the cut each place is looked at in: the box, and PIPS.reach round it.
  const side = box + 2 * PIPS.reach;
  const templates = shapeTemplates(cv, profile, box);
  const { places, placesOf } = pipPlaces(pipOffsetsMm, width, height);
  const result = new cv.Mat();
  const noMask = new cv.Mat();
  const mean = new cv.Mat();
  const deviation = new cv.Mat();

  const score = (quad: Quad, cut: SizedCut, numbers: readonly number[] = NUMBERS.map((_, n) => n)): Float32Array => {
    const observed = inkMat(cv, cut(quad, { width, height }));
    // fits[place][shape][way up]: the best correlation near the place; unasked places stay at 0.
    const fits = places.map(() => templates.map((ways) => ways.map(() => 0)));
    // spread[place]: the ink's standard deviation there.
    const spread = places.map(() => 0);
    const wanted = new Set(numbers.flatMap((n) => placesOf[n]!));
    try {
      for (const k of wanted) {
        const [cx, cy] = places[k]!;
        const x0 = Math.max(0, Math.min(width - side, cx - Math.round(side / 2)));
        const y0 = Math.max(0, Math.min(height - side, cy - Math.round(side / 2)));
        const roi = observed.roi(new cv.Rect(x0, y0, side, side));
        cv.meanStdDev(roi, mean, deviation);
        spread[k] = deviation.data64F[0]!;
        templates.forEach((ways, s) =>
          ways.forEach((t, way) => {
            cv.matchTemplate(roi, t, result, cv.TM_CCOEFF_NORMED);
            // Flat ink (no pip there, nothing to correlate) gives NaN: no fit.
            const best = cv.minMaxLoc(result, noMask).maxVal;
            fits[k]![s]![way] = Number.isFinite(best) ? best : 0;
          }),
        );
        roi.delete();
      }
    } finally {
      observed.delete();
    }
    // Each place counts by its best fit times its ink's contrast, squared: correlation is blind to
    // contrast, and a washed-out or empty place fits every shape alike and would blur the lead.
    const weights = fits.map((f, k) => (Math.max(0, ...f.flat()) * spread[k]!) ** 2);
    const out = new Float32Array(NUMBERS.length * SHAPES.length);
    numbers.forEach((n) => {
      const own = placesOf[n]!;
      const total = own.reduce((sum, k) => sum + weights[k]!, 0);
      SHAPES.forEach((_, s) => {
        const mean = (way: number): number => (total > 0 ? own.reduce((sum, k) => sum + weights[k]! * fits[k]![s]![way]!, 0) / total : 0);
        out[n * SHAPES.length + s] = Math.max(...templates[s]!.map((_, way) => mean(way)));
      });
    });
    return out;
  };

  return {
    score,
    dispose: () => {
      templates.flat().forEach((m) => m.delete());
      [result, noMask, mean, deviation].forEach((m) => m.delete());
    },
  };
}

/**
 * A TIC read with its pip fits weighed in on shape only, each number's odds keeping their total: a
 * hidden pip fits no shape, as a missing one does, so the count is left to the reader. Capped as
 * averagedTicRead is, as the pips are the same photo.
 */
export function withPipFits(read: CardReading, fits: Float32Array, threshold: number, most: number): CardReading {
  if (!read.ticProbabilities) return read;
  const p = new Float32Array(read.ticProbabilities);
  // ticDeck() order: number-major, then shape, then colour.
  const perNumber = SHAPES.length * COLOURS.length;
  NUMBERS.forEach((_, n) => {
    const own = fits.subarray(n * SHAPES.length, (n + 1) * SHAPES.length);
    const top = Math.max(...own);
    let before = 0;
    let after = 0;
    for (let k = n * perNumber; k < (n + 1) * perNumber; k++) {
      before += p[k]!;
      after += p[k] = p[k]! * Math.exp(PIPS.gain * (own[Math.floor(k / COLOURS.length) % SHAPES.length]! - top));
    }
    if (after > 0) for (let k = n * perNumber; k < (n + 1) * perNumber; k++) p[k] = (p[k]! * before) / after;
  });
  return fromTicOdds(read, p, threshold, most);
}

/** An unsure TIC read with its likely numbers' pip fits weighed in, where some shape fits clearly. */
export function lookAtPips(pips: PipMatcher, read: CardReading, quad: Quad, cut: SizedCut, threshold: number, most: number): CardReading {
  const odds = read.ticProbabilities;
  if (!odds) return read;
  const perNumber = odds.length / NUMBERS.length;
  const total = odds.reduce((a, b) => a + b, 0);
  const likely = NUMBERS.map((_, n) => n).filter((n) => odds.subarray(n * perNumber, (n + 1) * perNumber).reduce((a, b) => a + b, 0) >= PIPS.likelyNumber * total);
  const fits = pips.score(quad, cut, likely);
  return Math.max(...fits) >= PIPS.clearFit ? withPipFits(read, fits, threshold, most) : read;
}

/** One matcher a process, its shapes drawn once; null where the deck cannot be drawn here. */
export const pipMatcher = madeOnce((cv) => createPipMatcher(cv));
