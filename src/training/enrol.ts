// Enrolment (contracts section 6): a player's own TIC deck learnt from its five photographs. The faces
// are cut from the photos, photographed again on rendered tables (camera, light, hands, clutter),
// and the built-in card reader is trained on from there for this printing; held-back photographs say
// how surely it tells each card from its nearest neighbour.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { performance } from 'node:perf_hooks';
import { COLOURS, ticDeck, ticId } from '../cards/tic.js';
import { DECK_FORMAT, DECK_VERSION, deckFaces, deckProfile, type DeckFile } from '../deck/deck-file.js';
import type { DeckProfile } from '../deck/profile.js';
import { hashSeed, type TableGame } from '../render/scene.js';
import { planShot, renderShot } from '../render/shot.js';
import { seededRandom, type Random } from '../rules/random.js';
import { decodeImage, type RgbaImage } from '../vision/image.js';
import { openCv, type OpenCv } from '../vision/opencv.js';
import { pipModel, shapeEvidence, weighedByPips } from '../vision/read/enrolled-faces.js';
import { createCardReader } from '../vision/read/index.js';
import { pipMeasures } from '../vision/read/pip-shapes.js';
import type { CardReading } from '../vision/types.js';
import { loadModel, type SavedModelJson } from '../vision/read/model.js';
import { rectifyMat, toMat } from '../vision/rectify.js';
import { cardSize, cutFaces, deckInks, photoGrid, swappedCards, type EnrolmentPhoto, type Rgb, type Swap } from './enrol-photos.js';
import { modelFiles } from './reader-model.js';
import { cutCard, cutFrame, SampleStore, toQuad, type CutOptions } from './samples.js';
import { fitReader, fitTemperatures, formatAccuracy, headAccuracy } from './train.js';

export interface EnrolOptions {
  /** Rendered tables of the enrolled faces the reader trains on (default 150). */
  readonly trainingPhotos?: number;
  readonly epochs?: number;
  readonly seed?: number;
  readonly progress?: (line: string) => void;
}

/** What enrolment learnt and how it went, for the user. */
export interface EnrolReport {
  readonly deck: DeckFile;
  /** Held-back rendered photographs: share of cards named right, and the cards told apart least surely. */
  readonly identity: number;
  readonly weakest: readonly { readonly card: string; readonly nearest: string; readonly margin: number }[];
  readonly seconds: number;
}

const TRAINING_GAMES: readonly TableGame[] = ['progression', 'sequence-shift', 'sequence-hunt'];
const CUT: CutOptions = { cuts: 6, jitterPx: 3, negatives: 6, occludeShare: 0.4 };
/** Weights of the pips' shapes beside the reader tried at enrolment (0: the reader alone). */
const PIP_WEIGHTS = [0, 0.25, 0.5, 1, 2];
/** Cuts of each enrolled face at other scales, besides those of the rendered tables. */
const FACE_CUTS = 100;
/** How far a face is drawn larger or smaller, and off centre, as shares of its size. */
const REREGISTER = { scale: 0.04, shift: 0.03 };

const hex = (c: Rgb): string => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function canvasOf(image: RgbaImage): Canvas {
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(image.width, image.height);
  data.data.set(image.data);
  ctx.putImageData(data, 0, 0);
  return canvas;
}

/** The 125 faces in one PNG, 25 a row in ticDeck() order (a face not photographed stays blank). */
function faceSprite(faces: ReadonlyMap<string, RgbaImage>, width: number, height: number): string {
  const sprite = createCanvas(25 * width, 5 * height);
  const ctx = sprite.getContext('2d');
  ticDeck().forEach((card, i) => {
    const face = faces.get(card);
    if (face) ctx.drawImage(canvasOf(face), (i % 25) * width, Math.floor(i / 25) * height);
  });
  return sprite.toBuffer('image/png').toString('base64');
}

/**
 * Where a face `w` x `h` is drawn (or cut) off register: a little larger or smaller and off centre.
 * Each photographed face was cut a few pixels off its own way, and that must not tell one card from another.
 */
function offRegister(w: number, h: number, random: Random): { x: number; y: number; w: number; h: number } {
  const scale = 1 + REREGISTER.scale * (2 * random() - 1);
  const [dx, dy] = [REREGISTER.shift * w * (2 * random() - 1), REREGISTER.shift * h * (2 * random() - 1)];
  return { x: (w * (1 - scale)) / 2 + dx, y: (h * (1 - scale)) / 2 + dy, w: w * scale, h: h * scale };
}

/** The faces each drawn off register on their paper, for one rendered table. */
function reregistered(faces: ReadonlyMap<string, Canvas>, paper: string, random: Random): Map<string, Canvas> {
  return new Map(
    [...faces].map(([card, face]) => {
      const canvas = createCanvas(face.width, face.height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = paper;
      ctx.fillRect(0, 0, face.width, face.height);
      const at = offRegister(face.width, face.height, random);
      ctx.drawImage(face, at.x, at.y, at.w, at.h);
      return [card, canvas];
    }),
  );
}

/** One rendered table of the enrolled faces: its cards cut into the store, and the exact cuts kept for scoring. */
async function trainingTable(cv: OpenCv, profile: DeckProfile, faces: ReadonlyMap<string, Canvas>, seed: number, i: number, store: SampleStore, random: Random, kept?: { image: RgbaImage; card: string }[]): Promise<void> {
  const game = TRAINING_GAMES[i % TRAINING_GAMES.length]!;
  // 1280 x 720: as many cards a table as at 1080p, at half the rendering.
  const shot = planShot(game, hashSeed(`seqref-enrol|${seed}|${i}`), { profile, conditions: { width: 1280, height: 720 } });
  const rendered = await renderShot(shot, { faces });
  const image = await decodeImage(rendered.jpeg);
  const mat = toMat(cv, image);
  try {
    const cards = rendered.truth.map((t) => ({ card: t.card, corners: t.corners, visible: t.visible, top: true }));
    cutFrame(cv, mat, image, { cards, backs: [] }, store, random, CUT);
    for (const t of rendered.truth) if (t.visible > 0.95) kept?.push({ image: rectifyMat(cv, mat, toQuad(t.corners)), card: t.card });
  } finally {
    mat.delete();
  }
}

/**
 * Cuts of the enrolled faces themselves, as a camera further off or nearer would give them: each face
 * shrunk to a card `width` of 28 to 100 px, then cut as from a photo (jitter, turns, paint, tint).
 */
function faceCuts(cv: OpenCv, faces: ReadonlyMap<string, RgbaImage>, perCard: number, store: SampleStore, random: Random): void {
  for (const [card, face] of faces) {
    const source = toMat(cv, face);
    const small = new cv.Mat();
    try {
      for (let k = 0; k < perCard; k++) {
        const width = Math.round(28 + 72 * random());
        const height = Math.round((width * face.height) / face.width);
        cv.resize(source, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
        const at = offRegister(width, height, random);
        const quad = toQuad([[at.x, at.y], [at.x + at.w, at.y], [at.x + at.w, at.y + at.h], [at.x, at.y + at.h]]);
        cutCard(cv, small, quad, card, 1, store, random, { ...CUT, cuts: 1, jitterPx: (CUT.jitterPx * width) / 64 });
      }
    } finally {
      source.delete();
      small.delete();
    }
  }
}

/** What the five photos show, before any training: enough to say at once what is wrong with them. */
export interface EnrolmentFindings {
  readonly photos: readonly EnrolmentPhoto[];
  readonly card: DeckFile['card'];
  readonly paper: string;
  readonly colours: DeckFile['colours'];
  readonly faces: ReadonlyMap<string, RgbaImage>;
  readonly swapped: readonly Swap[];
  /** Cards not found in their photo. */
  readonly missing: readonly string[];
}

/** Reads the five photos (contracts section 6); a photo that is not a 5 x 5 grid of cards is a one-line InputError. */
export async function readEnrolmentPhotos(photos: readonly EnrolmentPhoto[], progress: (line: string) => void = () => {}): Promise<EnrolmentFindings> {
  const cv = await openCv();
  const grids = photos.map((photo, i) => {
    const grid = photoGrid(cv, photo, i);
    progress(`photo ${i + 1} (${photo.label}): ${grid.cards.length} of 25 cards in its 5 x 5 grid`);
    return grid;
  });
  const { size, aspect } = cardSize(grids);
  const faces = cutFaces(cv, photos, grids, size);
  const inks = deckInks(grids, faces);
  return {
    photos,
    card: { widthMm: size.widthMm, heightMm: size.heightMm, size: size.name, aspect: Math.round(aspect * 1000) / 1000 },
    paper: hex(inks.paper),
    colours: Object.fromEntries(COLOURS.map((c, k) => [c, hex(inks.colours[k]!)])) as DeckFile['colours'],
    faces,
    swapped: swappedCards(grids, faces, inks),
    missing: grids.flatMap((g) => g.missing),
  };
}

/** Trains the card reader for the deck the photos showed, and writes it all into one deck file's contents. */
export async function trainEnrolledDeck(findings: EnrolmentFindings, options: EnrolOptions = {}): Promise<EnrolReport> {
  const start = performance.now();
  const progress = options.progress ?? (() => {});
  const seed = options.seed ?? 1;
  const cv = await openCv();
  const { faces, card, colours, paper } = findings;
  const profile = deckProfile({ name: 'enrolled', card, paper, colours });
  const faceCanvases = new Map([...faces].map(([name, face]) => [name, canvasOf(face)]));

  const random = seededRandom(seed ^ 0xe4201);
  const photos = options.trainingPhotos ?? 150;
  const heldBack = Math.max(4, Math.round(photos * 0.1));
  const store = new SampleStore(photos * 80);
  const validation = new SampleStore(heldBack * 60);
  const exact: { image: RgbaImage; card: string }[] = [];
  for (let i = 0; i < photos + heldBack; i++) {
    const drawn = reregistered(faceCanvases, paper, random);
    if (i < photos) await trainingTable(cv, profile, drawn, seed, i, store, random);
    else await trainingTable(cv, profile, drawn, seed, i, validation, random, exact);
    if ((i + 1) % 20 === 0 || i + 1 === photos + heldBack) progress(`training tables photographed and cut: ${i + 1} of ${photos + heldBack} (${store.count} samples)`);
  }

  faceCuts(cv, faces, FACE_CUTS, store, random);
  progress(`the faces themselves cut at other scales: ${store.count} samples in all`);
  const { model, meta } = await loadModel();
  fitReader(model, store, validation, { epochs: options.epochs ?? 10, learningRate: 1e-3, batchSize: 128, random, progress });
  const temperatures = fitTemperatures(model, validation);
  const accuracy = headAccuracy(model, validation);
  const files = modelFiles(model, { ...meta, temperatures, trainedBy: 'seqref enrol', enrolSeed: seed, samples: store.count, validation: accuracy });
  model.dispose();
  progress(`reader trained on: held-back ${formatAccuracy(accuracy)}`);

  const faceSize = faces.values().next().value!;
  const sprite = { width: faceSize.width, height: faceSize.height, sprite: faceSprite(faces, faceSize.width, faceSize.height) };
  const { identity, weakest, pipWeight } = await toldApart(files, await deckFaces({ faces: sprite }), exact);
  const seconds = (performance.now() - start) / 1000;
  const deck: DeckFile = {
    format: DECK_FORMAT,
    version: DECK_VERSION,
    game: 'tic',
    name: `enrolled from ${findings.photos.map((p) => p.label).join(', ')}`,
    card,
    paper,
    colours,
    faces: sprite,
    reader: { model: files.json, weights: Buffer.from(files.weights).toString('base64'), pipWeight },
    enrolment: {
      photos: findings.photos.map((p) => p.label),
      swapped: findings.swapped.map((s) => [s.a.card, s.b.card]),
      missing: findings.missing,
      trainingPhotos: photos,
      identity,
      weakest,
      pipWeight,
      seconds: Math.round(seconds),
    },
  };
  return { deck, identity, weakest, seconds };
}

/**
 * The trained reader on the held-back tables' cards cut by their true corners: the share named
 * right, and the five cards whose odds stand least clear of the nearest other card's.
 */
async function toldApart(files: { json: SavedModelJson; weights: Uint8Array }, faces: readonly (RgbaImage | null)[], cuts: readonly { image: RgbaImage; card: string }[]): Promise<{ identity: number; weakest: EnrolReport['weakest']; pipWeight: number }> {
  const reader = await createCardReader({ model: files });
  try {
    const read = reader.read(cuts.map((c) => c.image), 'tic');
    // How much the pips' shapes weigh beside the reader: the weight that names most of these cards right.
    const model = pipModel(faces);
    const evidence = model ? cuts.map((c) => shapeEvidence(model, pipMeasures(c.image))) : [];
    const weighed = (w: number): CardReading[] => (w > 0 ? read.map((r, i) => weighedByPips(r, evidence[i]!, w, reader.threshold)) : read);
    const tried = (model ? PIP_WEIGHTS : [0]).map((w) => {
      const readings = weighed(w);
      return { w, readings, named: readings.filter((r, i) => r.card === cuts[i]!.card).length };
    });
    const { w: pipWeight, readings, named } = tried.reduce((best, t) => (t.named > best.named ? t : best));
    const deck = ticDeck();
    const margins = new Map<string, { sum: number; n: number; nearest: Map<string, number> }>();
    readings.forEach((reading, i) => {
      const truth = cuts[i]!.card;
      const p = reading.ticProbabilities;
      if (!p) return;
      const own = p[ticId(truth)]!;
      let other = 0;
      let nearest = truth;
      p.forEach((q, k) => {
        if (k !== ticId(truth) && q > other) [other, nearest] = [q, deck[k]!];
      });
      const m = margins.get(truth) ?? { sum: 0, n: 0, nearest: new Map() };
      m.sum += own - other;
      m.n++;
      m.nearest.set(nearest, (m.nearest.get(nearest) ?? 0) + 1);
      margins.set(truth, m);
    });
    const weakest = [...margins]
      .map(([card, m]) => ({ card, nearest: [...m.nearest].sort((a, b) => b[1] - a[1])[0]![0], margin: Math.round((m.sum / m.n) * 100) / 100 }))
      .sort((a, b) => a.margin - b.margin)
      .slice(0, 5);
    return { identity: cuts.length > 0 ? named / cuts.length : 0, weakest, pipWeight };
  } finally {
    reader.dispose();
  }
}
