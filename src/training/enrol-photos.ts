// What the five enrolment photographs show (contracts section 6): each photo's 25 cards placed in
// its 5 x 5 grid, every card cut upright, and what the deck's printing is made of: the card's shape,
// its paper and its five inks; cards lying where another belongs are named.
import { COLOURS, SHAPES } from '../cards/tic.js';
import { STANDARD_DECK } from '../deck/profile.js';
import { InputError } from '../errors.js';
import { enrolmentCard } from '../render/enrolment.js';
import { detectCards } from '../vision/detect/index.js';
import { applyHomography, dist, invertHomography, median, portrait, quadCentre, unit, type Homography, type Vec } from '../vision/detect/geometry.js';
import { tablePlane, type CardSize } from '../vision/detect/table.js';
import type { Quad, RgbaImage } from '../vision/image.js';
import type { OpenCv } from '../vision/opencv.js';
import { rectifyMat, toMat } from '../vision/rectify.js';

/** Common card sizes (mm): the photos tell a card's shape, not its scale, so the nearest in shape is taken. */
export const CARD_SIZES: readonly { readonly name: string; readonly widthMm: number; readonly heightMm: number }[] = [
  { name: 'poker', widthMm: 63, heightMm: 88 },
  { name: 'bridge', widthMm: 57, heightMm: 89 },
  { name: 'tarot', widthMm: 70, heightMm: 120 },
  { name: 'square', widthMm: 70, heightMm: 70 },
];

export const ENROL = {
  /** A photo with fewer cards found than this is not taken for a grid with some cards missing. */
  fewestCards: 15,
  /** A colour this far (RGB distance) from a column's ink costs as much as a whole correlation of likeness. */
  colourScale: 100,
  /** Two cards are taken as swapped where exchanging them gains this much fit between them. */
  swapGain: 0.5,
} as const;

/** Enrolled faces are kept this many pixels wide (their height follows the card's shape). */
export const FACE_WIDTH = 96;

export interface EnrolmentPhoto {
  readonly label: string;
  readonly image: RgbaImage;
}

/** One card as found in its photo. */
export interface PlacedCard {
  /** The card its place in the grid says it is. */
  readonly card: string;
  readonly photo: number;
  readonly row: number;
  readonly col: number;
  readonly quad: Quad;
}

export interface PhotoGrid {
  readonly photo: number;
  readonly cards: PlacedCard[];
  /** Places of the grid where no card was found. */
  readonly missing: string[];
}

/** Groups sorted positions where they jump by more than `gap`: each value's group number. */
function groups(values: readonly number[], gap: number): { of: number[]; count: number } {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const of = new Array<number>(values.length).fill(0);
  let group = 0;
  order.forEach((i, k) => {
    if (k > 0 && values[i]! - values[order[k - 1]!]! > gap) group++;
    of[i] = group;
  });
  return { of, count: group + 1 };
}

/**
 * A photo's cards are all one size, but the detector may take a frame printed inside one card for
 * its edge and the edge itself on the next. Each card is brought to the photo's median size on the
 * table, along its own axes about its own centre, so that every face is cut to the same register.
 */
function toOneSize(quads: Quad[], toTable: Homography, toImage: Homography): Quad[] {
  const onTable = quads.map((q) => q.map((p) => applyHomography(toTable, p)) as unknown as Quad);
  const widths = onTable.map((q) => (dist(q[0], q[1]) + dist(q[3], q[2])) / 2);
  const heights = onTable.map((q) => (dist(q[0], q[3]) + dist(q[1], q[2])) / 2);
  const [width, height] = [median(widths), median(heights)];
  return onTable.map((q, i) => {
    const [sx, sy] = [width / widths[i]!, height / heights[i]!];
    const c = quadCentre(q);
    const across = unit([q[1][0] - q[0][0] + q[2][0] - q[3][0], q[1][1] - q[0][1] + q[2][1] - q[3][1]]);
    const down: Vec = [-across[1], across[0]];
    return q.map((p) => {
      const d: Vec = [p[0] - c[0], p[1] - c[1]];
      const a = (d[0] * across[0] + d[1] * across[1]) * sx;
      const b = (d[0] * down[0] + d[1] * down[1]) * sy;
      return applyHomography(toImage, [c[0] + a * across[0] + b * down[0], c[1] + a * across[1] + b * down[1]]);
    }) as unknown as Quad;
  });
}

/**
 * The photo's cards in their grid places: found, laid on the table plane they make, turned square
 * to the grid and grouped into rows and columns. A photo that is not a 5 x 5 grid of cards is one
 * line naming what is wrong.
 */
export function photoGrid(cv: OpenCv, photo: EnrolmentPhoto, index: number): PhotoGrid {
  const number = index + 1;
  const source = toMat(cv, photo.image);
  let quads: Quad[];
  try {
    quads = detectCards(cv, photo.image, source, { deck: 'tic' }).map((d) => portrait(d.corners));
  } finally {
    source.delete();
  }
  const notGrid = (why: string): InputError => new InputError(`${photo.label}: ${why}; photo ${number} must show the 25 cards of number ${number} face up in a 5 x 5 grid (shapes down, colours across)`);
  if (quads.length < ENROL.fewestCards || quads.length > 25) throw notGrid(`${quads.length} cards found`);
  const { widthMm: w, heightMm: h } = STANDARD_DECK;
  const plane = tablePlane(quads, { widthMm: w, heightMm: h }, undefined, photo.image);
  if (!plane) throw notGrid('the cards do not lie on one table');
  const toImage = invertHomography(plane.toTable);
  if (toImage) quads = toOneSize(quads, plane.toTable, toImage);
  const onTable = quads.map((q) => q.map((p) => applyHomography(plane.toTable, p)));
  // Square to the grid: the cards' top edges' mean direction on the table.
  const tops = onTable.map((q) => Math.atan2(q[1]![1] - q[0]![1], q[1]![0] - q[0]![0]));
  const turn = Math.atan2(tops.reduce((a, t) => a + Math.sin(t), 0), tops.reduce((a, t) => a + Math.cos(t), 0));
  const [cos, sin] = [Math.cos(-turn), Math.sin(-turn)];
  const centres = onTable.map((q) => {
    const [x, y] = quadCentre(q);
    return [x * cos - y * sin, x * sin + y * cos] as Vec;
  });
  const rows = groups(centres.map((c) => c[1]), h / 2);
  const cols = groups(centres.map((c) => c[0]), w / 2);
  if (rows.count !== 5 || cols.count !== 5) throw notGrid(`the ${quads.length} cards found lie in ${rows.count} rows and ${cols.count} columns`);
  const taken = new Set<string>();
  const cards = quads.map((quad, i): PlacedCard => {
    const [row, col] = [rows.of[i]!, cols.of[i]!];
    const key = `${row},${col}`;
    if (taken.has(key)) throw notGrid(`two cards found at row ${row + 1}, column ${col + 1}`);
    taken.add(key);
    if (Math.abs(Math.sin(tops[i]! - turn)) > Math.SQRT1_2) throw notGrid(`the card at row ${row + 1}, column ${col + 1} lies sideways`);
    return { card: enrolmentCard(number, row, col), photo: index, row, col, quad };
  });
  const missing = SHAPES.flatMap((_, row) => COLOURS.map((_, col) => (taken.has(`${row},${col}`) ? null : enrolmentCard(number, row, col)))).filter((c): c is string => c !== null);
  return { photo: index, cards, missing };
}

/**
 * The common size nearest in shape to the cards' median short side over long side in the photos.
 * From above (tilt up to 20 degrees) a card's shape is foreshortened by at most 6%, and a photo
 * tells a card's shape, not its scale.
 */
export function cardSize(grids: readonly PhotoGrid[]): { size: (typeof CARD_SIZES)[number]; aspect: number } {
  const aspects = grids.flatMap((g) => g.cards.map(({ quad: q }) => (dist(q[0], q[1]) + dist(q[2], q[3])) / (dist(q[1], q[2]) + dist(q[3], q[0]))));
  const aspect = median(aspects);
  const size = CARD_SIZES.reduce((best, s) => (Math.abs(s.widthMm / s.heightMm - aspect) < Math.abs(best.widthMm / best.heightMm - aspect) ? s : best));
  return { size, aspect };
}

/** Each card cut upright at FACE_WIDTH pixels across, the card's shape kept. */
export function cutFaces(cv: OpenCv, photos: readonly EnrolmentPhoto[], grids: readonly PhotoGrid[], size: CardSize): Map<string, RgbaImage> {
  const faces = new Map<string, RgbaImage>();
  const cut = { width: FACE_WIDTH, height: Math.round((FACE_WIDTH * size.heightMm) / size.widthMm) };
  for (const grid of grids) {
    const source = toMat(cv, photos[grid.photo]!.image);
    try {
      for (const card of grid.cards) faces.set(card.card, rectifyMat(cv, source, card.quad, cut));
    } finally {
      source.delete();
    }
  }
  return faces;
}

export type Rgb = readonly [number, number, number];

const distance = (a: Rgb, b: Rgb): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function pixel(face: RgbaImage, i: number): Rgb {
  return [face.data[4 * i]!, face.data[4 * i + 1]!, face.data[4 * i + 2]!];
}

/** Indices of the face's pixels inside a margin of `share` of each side (the cut's edge may show table). */
function inner(face: RgbaImage, share: number): number[] {
  const out: number[] = [];
  const [mx, my] = [Math.round(face.width * share), Math.round(face.height * share)];
  for (let y = my; y < face.height - my; y++) for (let x = mx; x < face.width - mx; x++) out.push(y * face.width + x);
  return out;
}

const channelMedians = (colours: readonly Rgb[]): Rgb => [0, 1, 2].map((c) => median(colours.map((p) => p[c]!))) as unknown as Rgb;

/** The face's paper: the median of its pixels between the 60th and 97th percentiles of brightness. */
export function paperOf(face: RgbaImage): Rgb {
  const pixels = inner(face, 0.06).map((i) => pixel(face, i));
  const sorted = [...pixels].sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]));
  return channelMedians(sorted.slice(Math.floor(sorted.length * 0.6), Math.floor(sorted.length * 0.97)));
}

/** The face's coloured ink: the median of its most colourful third of the pixels well off the paper. */
export function inkOf(face: RgbaImage, paper: Rgb): Rgb | null {
  const ink = inner(face, 0.06)
    .map((i) => pixel(face, i))
    .filter((p) => distance(p, paper) > 60);
  if (ink.length < 20) return null;
  const chroma = (p: Rgb): number => Math.max(...p) - Math.min(...p);
  ink.sort((a, b) => chroma(b) - chroma(a));
  return channelMedians(ink.slice(0, Math.ceil(ink.length / 3)));
}

/** Where the face's ink lies: the share of ink pixels in each cell of a 24 x 36 grid. */
function silhouette(face: RgbaImage, paper: Rgb, ink: Rgb | null): Float64Array {
  const [cw, ch] = [24, 36];
  const out = new Float64Array(cw * ch);
  const bar = ink ? distance(ink, paper) / 2 : 60;
  for (const i of inner(face, 0.06)) {
    const [x, y] = [i % face.width, Math.floor(i / face.width)];
    if (distance(pixel(face, i), paper) > bar) out[Math.floor((y * ch) / face.height) * cw + Math.floor((x * cw) / face.width)]! += 1;
  }
  return out;
}

function correlation(a: Float64Array, b: Float64Array): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

export interface DeckInks {
  readonly paper: Rgb;
  /** Each TIC colour's ink, in COLOURS order. */
  readonly colours: readonly Rgb[];
}

/** The deck's paper and inks: medians over all faces, and over each column's faces, so a stray card sways neither. */
export function deckInks(grids: readonly PhotoGrid[], faces: ReadonlyMap<string, RgbaImage>): DeckInks {
  const cards = grids.flatMap((g) => g.cards);
  const papers = new Map(cards.map((c) => [c.card, paperOf(faces.get(c.card)!)]));
  const colours = COLOURS.map((_, col) => {
    const inks = cards.filter((c) => c.col === col).map((c) => inkOf(faces.get(c.card)!, papers.get(c.card)!)).filter((i): i is Rgb => i !== null);
    return inks.length > 0 ? channelMedians(inks) : ([0, 0, 0] as Rgb);
  });
  return { paper: channelMedians([...papers.values()]), colours };
}

/** Two cards lying in each other's places: each looks more like the other's place than its own. */
export interface Swap {
  readonly a: PlacedCard;
  readonly b: PlacedCard;
}

/**
 * Cards swapped in their photo. A card fits a place by how alike its ink lies to that row's other
 * cards (a photo's cards share a number, so a row shares one look) less how far its colour is from
 * that column's ink; a pair is swapped where exchanging their places fits clearly better.
 */
export function swappedCards(grids: readonly PhotoGrid[], faces: ReadonlyMap<string, RgbaImage>, inks: DeckInks): Swap[] {
  const swaps: Swap[] = [];
  for (const grid of grids) {
    const looks = grid.cards.map((c) => {
      const face = faces.get(c.card)!;
      const paper = paperOf(face);
      const ink = inkOf(face, paper);
      return { ink, shape: silhouette(face, paper, ink) };
    });
    const fit = (i: number, row: number, col: number): number => {
      const peers = grid.cards.map((other, k) => (other.row === row && k !== i ? correlation(looks[i]!.shape, looks[k]!.shape) : null)).filter((v): v is number => v !== null);
      const ink = looks[i]!.ink;
      return (peers.length > 0 ? median(peers) : 0) - (ink ? distance(ink, inks.colours[col]!) / ENROL.colourScale : 0);
    };
    const gains: { i: number; j: number; gain: number }[] = [];
    grid.cards.forEach((a, i) =>
      grid.cards.forEach((b, j) => {
        if (j <= i) return;
        const gain = fit(i, b.row, b.col) + fit(j, a.row, a.col) - fit(i, a.row, a.col) - fit(j, b.row, b.col);
        if (gain > ENROL.swapGain) gains.push({ i, j, gain });
      }),
    );
    const used = new Set<number>();
    for (const { i, j } of gains.sort((p, q) => q.gain - p.gain)) {
      if (used.has(i) || used.has(j)) continue;
      used.add(i).add(j);
      swaps.push({ a: grid.cards[i]!, b: grid.cards[j]! });
    }
  }
  return swaps;
}
