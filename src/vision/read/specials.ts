// A second look at the Stacks specials, whose faces carry only a small word that at the reader's
// 1 px/mm differs by a few pixels. The middle is cut again finer, with a margin, and each word is slid
// over it at a few widths both ways up, coarse then fine, so a quad a few mm off still lines it up.
import { SPECIALS as SPECIAL_CARDS, type Special } from '../../cards/stacks.js';
import { facePixels } from '../../deck/faces.js';
import { STANDARD_DECK, type DeckProfile } from '../../deck/profile.js';
import { isYellow } from '../detect/complete.js';
import { applyHomography, homography } from '../detect/geometry.js';
import type { Quad, RgbaImage, SizedCut } from '../image.js';
import { madeOnce, type OpenCv } from '../opencv.js';
import type { CardReading } from '../types.js';
import { SPECIALS } from './params.js';

type Mat = InstanceType<OpenCv['Mat']>;

interface Template {
  readonly special: Special;
  readonly turned: boolean;
  /** The word at each of SPECIALS.scales, at SPECIALS.pxPerMm. */
  readonly fine: Mat[];
  /** The same at half the resolution, for the search: at every other scale. */
  readonly coarse: Mat[];
}

/** How well each special's word matched a card. */
export interface SpecialScores {
  /** Best correlation of each special's word (SPECIALS order, src/cards/stacks.ts), either way up. */
  readonly scores: number[];
  /** Whether the best word was found turned 180 degrees. */
  readonly turned: boolean;
}

/** Matches the specials' words against cards; dispose() frees its templates. */
export interface SpecialMatcher {
  /** Scores the words against the card under `quad`; `cut` warps a frame quad to an image of the given size. */
  score(quad: Quad, cut: SizedCut): SpecialScores;
  dispose(): void;
}

/**
 * Ink against the face round it: 1 - (R + G) over the local brightest R + G, so the word reads the same
 * under glare or in shadow. Yellow keeps red and green where black loses both.
 */
function inkMat(cv: OpenCv, image: RgbaImage): Mat {
  const n = image.width * image.height;
  const v = new cv.Mat(image.height, image.width, cv.CV_32FC1);
  // Written straight into the Mat (nothing allocated meanwhile, so the view stays good).
  const level = v.data32F;
  for (let i = 0; i < n; i++) level[i] = image.data[i * 4]! + image.data[i * 4 + 1]! + 1;
  const envelope = new cv.Mat();
  const kernel = cv.Mat.ones(SPECIALS.envelope, SPECIALS.envelope, cv.CV_8U);
  try {
    cv.dilate(v, envelope, kernel);
    cv.blur(envelope, envelope, new cv.Size(SPECIALS.envelope, SPECIALS.envelope));
    cv.divide(v, envelope, v);
    // 1 - ratio: the ink; a pixel brighter than its envelope's blur is no ink.
    cv.threshold(v, v, 1, 1, cv.THRESH_TRUNC);
    v.convertTo(v, -1, -1, 1);
    return v;
  } finally {
    envelope.delete();
    kernel.delete();
  }
}

/** The word's ink box on the face (mm), found in a rendering of the face. */
function wordBox(ink: Float32Array, width: number, height: number, pxPerMm: number): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  // Skip the rounded corners and border: only the word is dark on a special's face.
  const inset = Math.ceil(SPECIALS.borderMm * pxPerMm);
  for (let y = inset; y < height - inset; y++) {
    for (let x = inset; x < width - inset; x++) {
      if (ink[y * width + x]! < SPECIALS.wordInk) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return { x0: x0 / pxPerMm, y0: y0 / pxPerMm, x1: x1 / pxPerMm, y1: y1 / pxPerMm };
}

/** A template's best correlation anywhere in an image, and where. */
type BestMatch = (image: Mat, template: Mat) => { score: number; x: number; y: number };

/** Where the coarse search found a word best: template, score, place and scale (index into SPECIALS.scales). */
interface CoarseMatch {
  readonly t: Template;
  readonly score: number;
  readonly x: number;
  readonly y: number;
  readonly j: number;
}

/**
 * Every special's word as the deck profile draws it, both ways up at each scale, and the band of the
 * card (mm from its top) that holds every word either way up, padded.
 */
function wordTemplates(cv: OpenCv, profile: DeckProfile): { templates: Template[]; top: number; bottom: number } {
  const w = profile.widthMm;
  const h = profile.heightMm;
  const templates: Template[] = [];
  // The region to cut (card mm): every word's box plus padding and margin, both ways up.
  let top = h / 2;
  let bottom = h / 2;
  for (const special of SPECIAL_CARDS) {
    const face = facePixels(special, SPECIALS.pxPerMm, profile);
    const ink = inkMat(cv, face);
    const box = wordBox(ink.data32F, face.width, face.height, SPECIALS.pxPerMm);
    // Symmetric about the card's centre, so the same box holds the word turned round.
    const half = Math.max(h / 2 - box.y0, box.y1 - h / 2) + SPECIALS.padMm;
    const halfW = Math.max(w / 2 - box.x0, box.x1 - w / 2) + SPECIALS.padMm;
    top = Math.min(top, h / 2 - half);
    bottom = Math.max(bottom, h / 2 + half);
    const rect = new cv.Rect(Math.round((w / 2 - halfW) * SPECIALS.pxPerMm), Math.round((h / 2 - half) * SPECIALS.pxPerMm), Math.round(2 * halfW * SPECIALS.pxPerMm), Math.round(2 * half * SPECIALS.pxPerMm));
    const upright = ink.roi(rect).clone();
    ink.delete();
    for (const turned of [false, true]) {
      const base = new cv.Mat();
      if (turned) cv.flip(upright, base, -1);
      else upright.copyTo(base);
      const fine = SPECIALS.scales.map((sx) => {
        const m = new cv.Mat();
        cv.resize(base, m, new cv.Size(Math.round(rect.width * sx), rect.height), 0, 0, cv.INTER_AREA);
        return m;
      });
      const coarse = fine.map((m, j) => {
        const c = new cv.Mat();
        if (j % 2 === 1) cv.resize(m, c, new cv.Size(Math.round(m.cols / 2), Math.round(m.rows / 2)), 0, 0, cv.INTER_AREA);
        return c;
      });
      base.delete();
      templates.push({ special, turned, fine, coarse });
    }
    upright.delete();
  }
  return { templates, top, bottom };
}

/** Where each word lies best, which way up and how stretched, over the whole cut at half resolution. */
function coarseMatches(small: Mat, templates: readonly Template[], bestMatch: BestMatch): Map<Special, CoarseMatch> {
  const coarse = new Map<Special, CoarseMatch>();
  for (const t of templates) {
    for (let j = 1; j < SPECIALS.scales.length; j += 2) {
      const c = t.coarse[j]!;
      if (c.cols > small.cols || c.rows > small.rows) continue;
      const m = bestMatch(small, c);
      if (m.score > (coarse.get(t.special)?.score ?? -Infinity)) coarse.set(t.special, { t, ...m, j });
    }
  }
  return coarse;
}

/** The best full-resolution correlation near the coarse match's place and scale; -Infinity where none fits. */
function fineMatch(cv: OpenCv, observed: Mat, at: CoarseMatch, bestMatch: BestMatch): number {
  const cx = 2 * at.x + at.t.coarse[at.j]!.cols;
  const cy = 2 * at.y + at.t.coarse[at.j]!.rows;
  let s = -Infinity;
  for (let j = Math.max(0, at.j - 1); j <= Math.min(SPECIALS.scales.length - 1, at.j + 1); j++) {
    const f = at.t.fine[j]!;
    const x0 = Math.max(0, Math.round(cx - f.cols / 2) - SPECIALS.fineReach);
    const y0 = Math.max(0, Math.round(cy - f.rows / 2) - SPECIALS.fineReach);
    const x1 = Math.min(observed.cols, x0 + f.cols + 2 * SPECIALS.fineReach);
    const y1 = Math.min(observed.rows, y0 + f.rows + 2 * SPECIALS.fineReach);
    if (x1 - x0 < f.cols || y1 - y0 < f.rows) continue;
    const roi = observed.roi(new cv.Rect(x0, y0, x1 - x0, y1 - y0));
    s = Math.max(s, bestMatch(roi, f).score);
    roi.delete();
  }
  return s;
}

/** Draws the words' templates for a deck and returns a matcher. */
export function createSpecialMatcher(cv: OpenCv, profile: DeckProfile = STANDARD_DECK): SpecialMatcher {
  const w = profile.widthMm;
  const h = profile.heightMm;
  const { templates, top, bottom } = wordTemplates(cv, profile);
  // The cut: the card's width and the words' band, each with the margin round it.
  const region: [number, number][] = [
    [-SPECIALS.marginMm, top - SPECIALS.marginMm],
    [w + SPECIALS.marginMm, top - SPECIALS.marginMm],
    [w + SPECIALS.marginMm, bottom + SPECIALS.marginMm],
    [-SPECIALS.marginMm, bottom + SPECIALS.marginMm],
  ];
  const size = { width: Math.round((w + 2 * SPECIALS.marginMm) * SPECIALS.pxPerMm), height: Math.round((bottom - top + 2 * SPECIALS.marginMm) * SPECIALS.pxPerMm) };
  const card: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];

  const result = new cv.Mat();
  const noMask = new cv.Mat();
  const bestMatch: BestMatch = (image, template) => {
    cv.matchTemplate(image, template, result, cv.TM_CCOEFF_NORMED);
    const m = cv.minMaxLoc(result, noMask);
    return { score: m.maxVal, x: m.maxLoc.x, y: m.maxLoc.y };
  };

  const score = (quad: Quad, cut: SizedCut): SpecialScores => {
    const toFrame = homography(card, quad as unknown as [number, number][]);
    if (!toFrame) return { scores: SPECIAL_CARDS.map(() => 0), turned: false };
    const observed = inkMat(cv, cut(region.map((p) => applyHomography(toFrame, p)) as unknown as Quad, size));
    const small = new cv.Mat();
    const scores = SPECIAL_CARDS.map(() => 0);
    let turned = false;
    let top1 = 0;
    try {
      cv.resize(observed, small, new cv.Size(Math.round(observed.cols / 2), Math.round(observed.rows / 2)), 0, 0, cv.INTER_AREA);
      for (const [special, at] of coarseMatches(small, templates, bestMatch)) {
        const s = fineMatch(cv, observed, at, bestMatch);
        const k = SPECIAL_CARDS.indexOf(special);
        scores[k] = Math.max(0, s);
        if (s > top1) {
          top1 = s;
          turned = at.t.turned;
        }
      }
    } finally {
      observed.delete();
      small.delete();
    }
    return { scores, turned };
  };

  return {
    score,
    dispose: () => {
      templates.forEach((t) => [...t.fine, ...t.coarse].forEach((m) => m.delete()));
      result.delete();
      noMask.delete();
    },
  };
}

/** The matcher scoring each quad once: a frame's second looks come back to the same quads. */
export function scoringOnce(matcher: SpecialMatcher): SpecialMatcher {
  const scored = new Map<string, SpecialScores>();
  return {
    ...matcher,
    score(quad, cut) {
      const key = quad.flat().join(',');
      let scores = scored.get(key);
      if (!scores) scored.set(key, (scores = matcher.score(quad, cut)));
      return scores;
    },
  };
}

/** One matcher a process, its templates drawn once; null where the deck's font is missing. */
export const specialMatcher = madeOnce((cv) => createSpecialMatcher(cv));

/** Share of the face's pixels in a special's yellow. */
export function yellowShare(face: RgbaImage): number {
  const n = face.width * face.height;
  let yellow = 0;
  for (let i = 0; i < n; i++) if (isYellow(face.data[i * 4]!, face.data[i * 4 + 1]!, face.data[i * 4 + 2]!)) yellow++;
  return yellow / n;
}

function odds(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const e = scores.map((s) => Math.exp((s - top) / SPECIALS.tau));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/**
 * The Stacks readings after a look at the words of cards that may be specials: a word found names the
 * card and turns its quad; a special read with another word or none, or a yellow face named otherwise, drops.
 */
export function lookAgainAtSpecials(
  matcher: SpecialMatcher,
  readings: readonly CardReading[],
  faces: readonly RgbaImage[],
  quads: readonly Quad[],
  cut: SizedCut,
  threshold: number,
  turnedAcross: readonly boolean[],
): { readings: CardReading[]; quads: Quad[] } {
  const out = { readings: [...readings], quads: [...quads] };
  readings.forEach((r, i) => {
    const readSpecial = r.card !== null && (SPECIAL_CARDS as readonly string[]).includes(r.card);
    const yellow = yellowShare(faces[i]!);
    if (!readSpecial && yellow < SPECIALS.yellowLook) return;
    let quad = quads[i]!;
    let look = matcher.score(quad, cut);
    if (turnedAcross[i]) {
      const before: Quad = [quad[3], quad[0], quad[1], quad[2]];
      const again = matcher.score(before, cut);
      if (Math.max(...again.scores) > Math.max(...look.scores)) [quad, look] = [before, again];
    }
    const { scores, turned } = look;
    const p = odds(scores);
    const k = scores.indexOf(Math.max(...scores));
    const found = scores[k]! >= SPECIALS.wordPresent ? SPECIAL_CARDS[k]! : null;
    if (found && yellow >= SPECIALS.yellowLook) {
      const confidence = r.card === found ? Math.max(r.confidence, p[k]!) : Math.min(p[k]!, SPECIALS.secondLookCap);
      out.readings[i] = { ...r, deck: 'stacks', card: confidence >= threshold ? found : null, confidence, upsideDown: turned, sideways: false };
      out.quads[i] = quad;
    } else if (readSpecial && !found) {
      // No word where a special's should be: the reader's special stands on nothing.
      const confidence = Math.min(r.confidence, scores[k]!);
      out.readings[i] = { ...r, card: confidence >= threshold ? r.card : null, confidence };
    } else if (readSpecial && found !== r.card) {
      const confidence = Math.min(r.confidence, p[SPECIAL_CARDS.indexOf(r.card as Special)]!);
      out.readings[i] = { ...r, card: confidence >= threshold ? r.card : null, confidence };
    } else if (!readSpecial && r.card !== null && yellow >= SPECIALS.yellowFace) {
      // A number or a wild on a yellow face, with no word found: neither can be trusted.
      out.readings[i] = { ...r, card: null, confidence: Math.min(r.confidence, scores[k]!) };
    }
  });
  return out;
}
