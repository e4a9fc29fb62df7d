// Settling a table of TIC reads jointly: each card exists once, so identities are assigned at once
// (Hungarian method on -log probability) and each confidence is conditioned pairwise on the others:
// P(a | the two differ) = p_i(a) (1 - p_j(a)) / (1 - sum_k p_i(k) p_j(k)).
import { COLOURS, SHAPES, ticCard, ticDeck } from '../cards/tic.js';
import { READ, SETTLE } from './read/params.js';
import type { CardReading, PropertyRead } from './types.js';

const DECK = ticDeck();

/** Minimum-cost assignment of n rows to m >= n columns (Hungarian method); the column of each row. */
export function assignMinCost(cost: readonly Float64Array[], m: number): number[] {
  const n = cost.length;
  if (n > m) throw new RangeError(`cannot assign ${n} rows to ${m} columns`);
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const p = new Int32Array(m + 1); // p[j]: row (1-based) holding column j
  const way = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(m + 1).fill(Infinity);
    const used = new Uint8Array(m + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = cost[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          u[p[j]!]! += delta;
          v[j]! -= delta;
        } else {
          minv[j]! -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const column = new Array<number>(n).fill(-1);
  for (let j = 1; j <= m; j++) if (p[j]! > 0) column[p[j]! - 1] = j - 1;
  return column;
}

function argmax(p: Float32Array): number {
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
  return best;
}

function withCard<T>(read: PropertyRead<T> | undefined, value: T, confidence: number, threshold: number): PropertyRead<T> {
  if (read && read.value === value) return { value, confidence: Math.max(read.confidence, confidence) };
  return { value: confidence >= threshold ? value : null, confidence };
}

/** How likely two reads name the same card: the dot product of their odds (at module level: docs/vision.md). */
function overlap(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!;
  return s;
}

/** The reads of one TIC table settled so no card is named twice; reads without TIC probabilities pass through. */
export function settleTicTable(readings: readonly CardReading[], threshold: number = READ.threshold): CardReading[] {
  const rows = readings.map((r, i) => (r.ticProbabilities && r.ticProbabilities.length === DECK.length && !r.sideways ? i : -1)).filter((i) => i >= 0);
  if (rows.length < 2 || rows.length > DECK.length) return [...readings];
  const probs = rows.map((i) => readings[i]!.ticProbabilities!);
  const firsts = probs.map(argmax);
  // Nothing to settle when no two reads share a likely card.
  const cost = probs.map((p) => Float64Array.from(p, (q) => -Math.log(Math.max(q, 1e-12))));
  const assigned = new Set(firsts).size === firsts.length ? firsts : assignMinCost(cost, DECK.length);
  const out = [...readings];
  rows.forEach((i, r) => {
    const reading = readings[i]!;
    const p = probs[r]!;
    const a = assigned[r]!;
    let confidence = p[a]!;
    for (let s = 0; s < rows.length; s++) {
      if (s === r) continue;
      const o = overlap(p, probs[s]!);
      if (o < SETTLE.overlapFloor) continue;
      confidence *= (1 - probs[s]![a]!) / Math.max(1e-9, 1 - o);
    }
    const changed = a !== firsts[r];
    // Settling only takes certainty away; a changed read rests on the other card being read right.
    confidence = Math.min(confidence, reading.confidence, changed ? SETTLE.cap : 1);
    if (!changed && Math.abs(confidence - reading.confidence) < SETTLE.unchanged) return;
    const name = DECK[a]!;
    const named = confidence >= threshold;
    if (!named && reading.card === null) {
      out[i] = { ...reading, confidence: Math.min(reading.confidence, confidence) };
      return;
    }
    const card = ticCard(name);
    out[i] = {
      ...reading,
      card: named ? name : null,
      confidence,
      ...(named
        ? {
            number: withCard(reading.number, card.number, confidence, threshold),
            shape: withCard(reading.shape, card.shape as (typeof SHAPES)[number] as string, confidence, threshold),
            colour: withCard(reading.colour, card.colour as (typeof COLOURS)[number] as string, confidence, threshold),
          }
        : {}),
    };
  });
  return out;
}
