// The score that judges a snapped scan hit: the odds it is a card, from what its outline and face
// show. Boosted trees fitted on rendered truth (src/training/hit-score.ts), saved in
// models/hit-score.json; nothing here is typed in but the features' definitions.
import { existsSync, readFileSync } from 'node:fs';
import { modelPath } from '../models.js';
import { ascending, insetGrid, insidePolygon, type Vec } from './geometry.js';
import { plausible, type Candidate } from './select.js';
import { boxAround } from './scan.js';
import { isYellow, tableShares } from './complete.js';
import { faceStats, paperInOnePiece, paperRims, type FaceStats } from './face.js';
import type { RefinedQuad } from './refine.js';
import type { Look } from './look.js';
import type { Pass } from './lone.js';
import type { Plane } from './plane.js';

/** The features of a snapped hit, in the order hitFeatures gives them and the model reads them. */
export const HIT_FEATURES = [
  // Edge support of the four sides, weakest first, and the two weakest together.
  'support0', 'support1', 'support2', 'support3', 'support01',
  // The grey fall to the table at the two weakest sides (a share of 60 levels).
  'fall0', 'fall1',
  // How far off a card's size and area on the table plane.
  'sizeError', 'areaOff',
  // The face's paper, ink, middle ink (log) and glare shares; paper and ink judged beside the glare.
  'paper', 'ink', 'inkCore', 'glare', 'paperBesideGlare', 'inkBesideGlare',
  // The largest piece's share of the paper, also beside the glare; paper along the sides.
  'onePiece', 'onePieceBesideGlare', 'rims',
  // The deck, a minor peak, a table whose cards' sides fall only a little.
  'tic', 'minorPeak', 'faintTable',
  'paperOnePiece', 'inkPaper', 'ticOnePiece', 'ticInk', 'glarePaper',
  // Stacks: the share of the face that looks like open table, also counted only outside the cards found.
  'openTable', 'yellow', 'openTableOutsideCards',
] as const;

/**
 * What the first look at a hit measures, once it is snapped near where the scan put it: the scan's
 * own figures, the near snap's sides, size and face. Cheap beside the rest of the snap and judging.
 */
export const FIRST_LOOK_FEATURES = [
  // The scan's mean of the three strongest sides, its weakest side, and their ratio; a minor peak.
  'scanScore', 'scanWeakest', 'weakestShare', 'minorPeak',
  // The near snap's edge support of the four sides, weakest first, and its two weakest falls.
  'support0', 'support1', 'support2', 'support3', 'fall0', 'fall1',
  // How far off a card's size and area on the table plane.
  'sizeError', 'areaOff',
  // The face's paper, ink, middle ink (log) and glare shares, and the largest piece's share of the paper.
  'paper', 'ink', 'inkCore', 'glare', 'onePiece',
  // The deck, a table whose cards' sides fall only a little.
  'tic', 'faintTable',
] as const;

/** A tree node as saved: a split, or a leaf's log-odds. */
export type SavedNode = { readonly v: number } | { readonly f: number; readonly t: number; readonly l: SavedNode; readonly r: SavedNode };

/** The model as saved in models/hit-score.json. */
export interface SavedHitScore {
  readonly features: readonly string[];
  /** Log-odds before the trees. */
  readonly base: number;
  readonly trees: readonly SavedNode[];
  /** A hit is a card from these odds (0..1) on... */
  readonly keep: number;
  /** ...and tentatively one (a card only where the reader names one) from these. */
  readonly tentative: number;
  /** The first look: trees over FIRST_LOOK_FEATURES; a hit whose odds there fall below `drop` is snapped no further. */
  readonly firstLook?: FirstLook;
  /** How the model was fitted (data, figures): for the model card, not read here. */
  readonly training?: unknown;
}

/** Trees judging a hit from its near snap, and the odds below which it is dropped. */
export interface FirstLook {
  readonly features: readonly string[];
  readonly base: number;
  readonly trees: readonly SavedNode[];
  readonly drop: number;
}

/** A hit score ready to judge by: the saved model, its features checked. */
export type HitScore = Pick<SavedHitScore, 'trees' | 'base' | 'keep' | 'tentative' | 'firstLook'>;

/** The committed model: models/hit-score.json, beside the card reader's folder. */
export const defaultHitScorePath = (): string => modelPath('hit-score.json');

let committed: HitScore | null = null;

/** The committed model, read once. */
export function committedHitScore(): HitScore {
  return (committed ??= loadHitScore(defaultHitScorePath()));
}

/** Reads a saved model; a clear error where it is missing or made for other features. */
export function loadHitScore(path: string): HitScore {
  if (!existsSync(path)) throw new Error(`hit score model not found: ${path} (seqref train --hit-score writes it)`);
  return hitScoreOf(JSON.parse(readFileSync(path, 'utf8')) as SavedHitScore, path);
}

/** A saved model, checked to read this recogniser's features. */
export function hitScoreOf(saved: SavedHitScore, source = 'hit score model'): HitScore {
  const firstLookOk = !saved.firstLook || saved.firstLook.features?.join() === FIRST_LOOK_FEATURES.join();
  if (saved.features?.join() !== HIT_FEATURES.join() || !firstLookOk) throw new Error(`${source}: made for other features than this recogniser's; train it again (seqref train --hit-score)`);
  return saved;
}

/** The odds (0..1) that a hit with features `x` is a card. */
export function hitOdds(model: Pick<SavedHitScore, 'base' | 'trees'>, x: ArrayLike<number>): number {
  let z = model.base;
  for (const tree of model.trees) {
    let node = tree;
    while (!('v' in node)) node = x[node.f]! <= node.t ? node.l : node.r;
    z += node.v;
  }
  return 1 / (1 + Math.exp(-z));
}

/** What a hit's features are measured against: the look, its pass and plane, and the cards found so far. */
export interface HitContext {
  readonly look: Look;
  readonly pass: Pass;
  readonly on: Plane;
  readonly faintTable: boolean;
  /** The cards found so far. */
  readonly found: readonly Candidate[];
}

/** Whether a point lies in a card found about `quad` (their boxes overlap): all a share over it needs. */
function inCardNear(found: readonly Candidate[], quad: readonly Vec[]): (p: Vec) => boolean {
  const box = boxAround(quad);
  const near: Vec[][] = [];
  for (const f of found) {
    if (!plausible(f)) continue;
    const b = boxAround(f.quad);
    if (b.x0 <= box.x1 && b.x1 >= box.x0 && b.y0 <= box.y1 && b.y1 >= box.y0) near.push(f.quad);
  }
  return (p) => near.some((q) => insidePolygon(q, p));
}

/** Every feature of a snapped hit, in HIT_FEATURES' order. */
export function hitFeatures(c: HitContext, refined: RefinedQuad, minorPeak: boolean): number[] {
  const { look, pass, on } = c;
  const { surface, deck, frame } = look;
  const { chroma, mask } = pass;
  const work = refined.quad.map(look.toWork);
  const st = faceStats(surface, chroma, mask, work);
  // Beside the glare is the same as everywhere where there is none.
  const beside: FaceStats = st.glare > 0 ? faceStats(surface, chroma, mask, work, true) : st;
  const piece = paperInOnePiece(surface, chroma, mask, work, deck);
  const pieceBeside = st.glare > 0 ? paperInOnePiece(surface, chroma, mask, work, deck, true) : piece;
  const support = [...refined.support].sort(ascending);
  const fall = [...refined.contrast].sort(ascending);
  // Stacks only: in TIC layouts a sleeve or hand over a card may look like the table about it.
  const table = deck === 'stacks' ? on.tableSeen() : null;
  const [open, openOutside] = table ? tableShares(frame, refined.quad, table, inCardNear(c.found, refined.quad)) : [0, 0];
  const tic = deck === 'tic' ? 1 : 0;
  return [
    support[0]!, support[1]!, support[2]!, support[3]!, support[0]! * support[1]!,
    Math.min(fall[0]!, 60) / 60, Math.min(fall[1]!, 60) / 60,
    Math.min(on.sizeError(refined.quad), 1), Math.abs(on.areaOnTable(refined.quad) - 1),
    st.paper, st.ink, Math.log1p(st.inkCore), st.glare, beside.paper, beside.ink,
    piece, pieceBeside, paperRims(surface, mask, work) ? 1 : 0,
    tic, minorPeak ? 1 : 0, c.faintTable ? 1 : 0,
    st.paper * piece, st.ink * st.paper, tic * piece, tic * st.ink, st.glare * beside.paper,
    open, yellowShare(look, work), openOutside,
  ];
}

/** The first look's features of a hit and its near snap (FIRST_LOOK_FEATURES). */
export function firstLookFeatures(c: HitContext, hit: { readonly score: number; readonly weakest: number; readonly minor: boolean }, near: RefinedQuad): number[] {
  const { look, pass, on } = c;
  const { surface, deck } = look;
  const work = near.quad.map(look.toWork);
  const st = faceStats(surface, pass.chroma, pass.mask, work);
  const piece = paperInOnePiece(surface, pass.chroma, pass.mask, work, deck);
  const support = [...near.support].sort(ascending);
  const fall = [...near.contrast].sort(ascending);
  return [
    hit.score, hit.weakest, hit.score > 0 ? hit.weakest / hit.score : 0, hit.minor ? 1 : 0,
    support[0]!, support[1]!, support[2]!, support[3]!, Math.min(fall[0]!, 60) / 60, Math.min(fall[1]!, 60) / 60,
    Math.min(on.sizeError(near.quad), 1), Math.abs(on.areaOnTable(near.quad) - 1),
    st.paper, st.ink, Math.log1p(st.inkCore), st.glare, piece,
    deck === 'tic' ? 1 : 0, c.faintTable ? 1 : 0,
  ];
}

/** The share of a grid over the quad (working pixels) in a Stacks special's yellow. */
function yellowShare(look: Look, work: readonly Vec[]): number {
  const { rgba, width, height } = look.surface;
  const points = insetGrid(work);
  let yellow = 0;
  for (const [x, y] of points) {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= width || yi >= height) continue;
    const i = (yi * width + xi) * 4;
    if (isYellow(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!)) yellow++;
  }
  return yellow / points.length;
}
