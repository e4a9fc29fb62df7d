// Training samples for the card reader: cards cut from rendered photographs by their TRUTH corners,
// moved a few pixels at random (a detector's quad is never exact) and turned 0 or 180 degrees (now
// and then 90, which the reader must call sideways), plus quads that are not a card face (card
// backs, the table, half of one card and half of the next) that it must call "no card".
import { isStacksCard, STACKS_CARDS } from '../cards/stacks.js';
import { isTicCard, ticValues } from '../cards/tic.js';
import type { Random } from '../rules/random.js';
import type { Point, Quad, RgbaImage } from '../vision/image.js';
import type { OpenCv } from '../vision/opencv.js';
import { rectifyMat } from '../vision/rectify.js';
import { cardFeatures, FEATURE_SIZE } from '../vision/read/features.js';
import { HEADS, ORIENT_SIDEWAYS, ORIENT_TURNED, ORIENT_UP, OUTPUTS } from '../vision/read/heads.js';
import { glare, occlude } from './occlude.js';

/** Loss groups, one mask column each. */
export const GROUPS = ['number', 'shape', 'colour', 'stacks', 'orient', 'card', 'visible', 'indexNumber', 'indexShape'] as const;

/** A growing table of samples: features, soft targets (one row of OUTPUTS) and per-group masks. */
export class SampleStore {
  features: Float32Array;
  targets: Float32Array;
  masks: Float32Array;
  count = 0;

  constructor(capacity = 4096) {
    this.features = new Float32Array(capacity * FEATURE_SIZE);
    this.targets = new Float32Array(capacity * OUTPUTS);
    this.masks = new Float32Array(capacity * GROUPS.length);
  }

  private grow(): void {
    const capacity = (this.features.length / FEATURE_SIZE) * 2;
    const more = (a: Float32Array, width: number): Float32Array => {
      const b = new Float32Array(capacity * width);
      b.set(a);
      return b;
    };
    this.features = more(this.features, FEATURE_SIZE);
    this.targets = more(this.targets, OUTPUTS);
    this.masks = more(this.masks, GROUPS.length);
  }

  /** Adds a row; returns its index (features written by the caller through `featureRow`). */
  add(card: RgbaImage, label: SampleLabel): number {
    if ((this.count + 1) * FEATURE_SIZE > this.features.length) this.grow();
    const i = this.count++;
    cardFeatures(card, this.features, i * FEATURE_SIZE);
    writeTargets(label, this.targets.subarray(i * OUTPUTS, (i + 1) * OUTPUTS), this.masks.subarray(i * GROUPS.length, (i + 1) * GROUPS.length));
    return i;
  }
}

export interface SampleLabel {
  /** A card name, or null for a quad that is not a card face. */
  readonly card: string | null;
  readonly orient: number;
  /** Share of the face in sight, 0..1. */
  readonly visible: number;
}

/** Circles and squares look the same turned 180 degrees (so do their pip layouts and the two indices). */
function symmetricTurn(card: string): boolean {
  if (!isTicCard(card)) return false;
  const shape = ticValues(card)[1];
  return shape === 1 || shape === 4;
}

function writeTargets(label: SampleLabel, t: Float32Array, m: Float32Array): void {
  const set = (group: (typeof GROUPS)[number], on: boolean): void => {
    m[GROUPS.indexOf(group)] = on ? 1 : 0;
  };
  if (label.card === null) {
    t[HEADS.card.start] = 0;
    set('card', true);
    return;
  }
  t[HEADS.card.start] = 1;
  set('card', true);
  t[HEADS.visible.start] = label.visible;
  set('visible', true);
  if (label.orient !== ORIENT_SIDEWAYS && symmetricTurn(label.card)) {
    t[HEADS.orient.start + ORIENT_UP] = 0.5;
    t[HEADS.orient.start + ORIENT_TURNED] = 0.5;
  } else {
    t[HEADS.orient.start + label.orient] = 1;
  }
  set('orient', true);
  // Sideways cuts are squashed and turned: the reader only has to see that they are sideways.
  if (label.orient === ORIENT_SIDEWAYS) return;
  if (isTicCard(label.card)) {
    const [n, s, c] = ticValues(label.card);
    t[HEADS.number.start + n - 1] = 1;
    t[HEADS.shape.start + s - 1] = 1;
    t[HEADS.colour.start + c - 1] = 1;
    t[HEADS.indexNumber.start + n - 1] = 1;
    t[HEADS.indexShape.start + s - 1] = 1;
    set('number', true);
    set('shape', true);
    set('colour', true);
    set('indexNumber', true);
    set('indexShape', true);
  } else if (isStacksCard(label.card)) {
    t[HEADS.stacks.start + STACKS_CARDS.indexOf(label.card)] = 1;
    set('stacks', true);
    // Stacks number cards carry the numeral in their corners too (no shape); wilds and specials none.
    const number = /^(?:red|blue)-([1-5])$/.exec(label.card);
    if (number) {
      t[HEADS.indexNumber.start + Number(number[1]) - 1] = 1;
      set('indexNumber', true);
    }
  }
}

export function uniform(random: Random, lo: number, hi: number): number {
  return lo + (hi - lo) * random();
}

/** The quad's corners moved independently by up to `px` pixels. */
export function jitterQuad(quad: Quad, px: number, random: Random): Quad {
  return quad.map(([x, y]) => [x + uniform(random, -px, px), y + uniform(random, -px, px)] as Point) as unknown as Quad;
}

/** The same quad starting `steps` corners later: 2 = the card cut upside down, 1 or 3 = sideways. */
export function turnQuad(quad: Quad, steps: number): Quad {
  return [0, 1, 2, 3].map((i) => quad[(i + steps) % 4]!) as unknown as Quad;
}

export function toQuad(corners: readonly (readonly number[])[]): Quad {
  return corners.map(([x, y]) => [x!, y!] as Point) as unknown as Quad;
}

/** Light the renderer did not draw: a tint and exposure change on the cut card (before white balance). */
export function shiftLight(card: RgbaImage, random: Random, strength: number): RgbaImage {
  const k = uniform(random, 1 - 0.25 * strength, 1 + 0.12 * strength);
  const gains = [0, 1, 2].map(() => k * uniform(random, 1 - 0.15 * strength, 1 + 0.15 * strength));
  const data = new Uint8Array(card.data.length);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = Math.min(255, card.data[i]! * gains[0]!);
    data[i + 1] = Math.min(255, card.data[i + 1]! * gains[1]!);
    data[i + 2] = Math.min(255, card.data[i + 2]! * gains[2]!);
    data[i + 3] = 255;
  }
  return { width: card.width, height: card.height, data };
}

export interface FrameCards {
  readonly cards: ReadonlyArray<{ readonly card: string; readonly corners: readonly (readonly number[])[]; readonly visible: number; readonly top: boolean }>;
  readonly backs: ReadonlyArray<readonly (readonly number[])[]>;
}

export interface CutOptions {
  /** Cuts of each card. */
  readonly cuts: number;
  /** Corner jitter, pixels. */
  readonly jitterPx: number;
  /** Quads a frame that are no card face. */
  readonly negatives: number;
  /** Share of card cuts with a glare spot, a coin, fingers, a sleeve, a phone or the frame edge painted over them. */
  readonly occludeShare: number;
}

function centre(quad: Quad): Point {
  return [(quad[0][0] + quad[1][0] + quad[2][0] + quad[3][0]) / 4, (quad[0][1] + quad[1][1] + quad[2][1] + quad[3][1]) / 4];
}

/** Whether p lies inside the convex quad. */
export function insideQuad(quad: Quad, p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** `options.cuts` samples of one card lying under `quad` in `mat`: jittered, turned, painted over, tinted. */
export function cutCard(cv: OpenCv, mat: InstanceType<OpenCv['Mat']>, quad: Quad, card: string, cardVisible: number, store: SampleStore, random: Random, options: CutOptions): void {
  for (let k = 0; k < options.cuts; k++) {
    const r = random();
    const steps = r < 0.46 ? 0 : r < 0.92 ? 2 : r < 0.96 ? 1 : 3;
    // A detector's quad is a few pixels off, now and then nearly twice that.
    const big = random() < 0.15;
    let cut = rectifyMat(cv, mat, turnQuad(jitterQuad(quad, big ? options.jitterPx * 1.8 : options.jitterPx, random), steps));
    let visible = cardVisible;
    // A glare spot alone on 15% of the cuts without an occluder, besides those among the
    // occluders: a lamp's spot can lie on one card for a whole game, and a reader that had seen
    // few read such cards unknown.
    const painted = random() < options.occludeShare ? occlude(cut, random) : random() < 0.15 ? glare(cut, random) : null;
    if (painted) {
      cut = painted.image;
      visible *= 1 - painted.covered;
    }
    if (random() < 0.5) cut = shiftLight(cut, random, 1);
    store.add(cut, { card, orient: steps === 0 ? ORIENT_UP : steps === 2 ? ORIENT_TURNED : ORIENT_SIDEWAYS, visible });
  }
}

/** Cuts every sample of one frame into the store. `mat` is the frame as an RGBA Mat. */
export function cutFrame(cv: OpenCv, mat: InstanceType<OpenCv['Mat']>, frame: { width: number; height: number }, cards: FrameCards, store: SampleStore, random: Random, options: CutOptions): void {
  const faces = cards.cards.filter((c) => c.top).map((c) => ({ ...c, quad: toQuad(c.corners) }));
  for (const face of faces) cutCard(cv, mat, face.quad, face.card, face.visible, store, random, options);
  const notFace = (quad: Quad): void => {
    let cut = rectifyMat(cv, mat, quad);
    if (random() < 0.5) cut = shiftLight(cut, random, 1);
    store.add(cut, { card: null, orient: ORIENT_UP, visible: 0 });
  };
  for (const back of cards.backs) {
    const quad = toQuad(back);
    if (!quad.some(([x, y]) => x >= 0 && y >= 0 && x < frame.width && y < frame.height)) continue;
    notFace(turnQuad(jitterQuad(quad, options.jitterPx, random), Math.floor(random() * 4)));
  }
  const truthQuads = cards.cards.map((c) => toQuad(c.corners));
  for (let n = 0; n < options.negatives && faces.length > 0; n++) {
    const face = faces[Math.floor(random() * faces.length)]!;
    const q = face.quad;
    if (random() < 0.5) {
      // Slid along the card's own axes by a third to two thirds of it: half of this card, half of the next.
      const along = random() < 0.5 ? [q[1][0] - q[0][0], q[1][1] - q[0][1]] : [q[3][0] - q[0][0], q[3][1] - q[0][1]];
      const t = uniform(random, 0.33, 0.67) * (random() < 0.5 ? -1 : 1);
      notFace(turnQuad(q.map(([x, y]) => [x + along[0]! * t, y + along[1]! * t] as Point) as unknown as Quad, random() < 0.5 ? 0 : 2));
    } else {
      // The same quad somewhere else in the frame, off every card's centre.
      const c = centre(q);
      const to: Point = [uniform(random, 0, frame.width), uniform(random, 0, frame.height)];
      const moved = q.map(([x, y]) => [x - c[0] + to[0], y - c[1] + to[1]] as Point) as unknown as Quad;
      if (truthQuads.some((t) => insideQuad(t, to) || insideQuad(moved, centre(t)))) continue;
      notFace(turnQuad(moved, random() < 0.5 ? 0 : 2));
    }
  }
}
