// Tables in millimetres on the table plane: which card lies where, turned how, and what else lies
// on the table. Every layout is seeded; a card keeps its pose from one table state to the next.
import { ticDeck, ticValues } from '../cards/tic.js';
import type { Placement } from '../rules/layout.js';
import { cellKey, NEIGHBOUR_STEPS } from '../rules/layout.js';
import { randomInt, seededRandom, shuffled, type Random } from '../rules/random.js';
import { maskSize, oneStepMask, sequencingMask } from '../rules/tic-sequence.js';
import { fullStacksDeck, SPECIALS } from '../cards/stacks.js';
import { STANDARD_DECK, type DeckProfile } from '../deck/profile.js';

export const GAMES = ['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks', 'sequence'] as const;
export type GameId = (typeof GAMES)[number];
/** The games whose tables the camera photographs. */
export const TABLE_GAMES = ['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks'] as const;
export type TableGame = (typeof TABLE_GAMES)[number];

/** What a simulator hands over: a card in a grid cell; in a pile, `level` counts up from the bottom. */
export interface TablePlacement {
  readonly card: string;
  readonly row: number;
  readonly col: number;
  readonly level?: number;
  readonly faceDown?: boolean;
}

/** Anything lying flat on the table: a rectangle (cards, phone) or a disc (coin). */
export interface Solid {
  readonly kind: 'card' | 'back' | 'coin' | 'phone';
  /** Centre on the table, mm. */
  readonly x: number;
  readonly y: number;
  /** Clockwise turn, degrees; 0 is upright in table coordinates. */
  readonly angleDeg: number;
  /** Width and height (rectangles) or the diameter in both (discs), mm. */
  readonly w: number;
  readonly h: number;
  /** Stacking order: higher lies on top. */
  readonly z: number;
  /** Height above the table of the solid's top, mm (pile thickness; for shadows). */
  readonly lift: number;
}

export interface CardPose extends Solid {
  readonly kind: 'card' | 'back';
  readonly card: string;
  readonly row: number;
  readonly col: number;
  readonly level: number;
  /** Being slid across the table by a hand (recorded sessions). */
  readonly moving?: boolean;
}

export interface ObjectPose extends Solid {
  readonly kind: 'coin' | 'phone' | 'back';
  /** Coin metal or phone colour, as CSS. */
  readonly tint: string;
}

export interface Scene {
  readonly game: TableGame;
  readonly cards: readonly CardPose[];
  readonly objects: readonly ObjectPose[];
  /** Calibration markers lying flat on the table, under everything else (none unless asked for). */
  readonly markers?: readonly TableMarker[];
}

/** A printed square marker on its white paper (src/calibration): `cells` row by row, true = black, its border included. */
export interface TableMarker {
  readonly id: number;
  /** Centre on the table, mm. */
  readonly x: number;
  readonly y: number;
  readonly angleDeg: number;
  /** Side of the black square, mm. */
  readonly sizeMm: number;
  /** White paper round it, mm. */
  readonly marginMm: number;
  readonly cells: readonly (readonly boolean[])[];
}

/** How a grid lies on the table: spacing, the whole layout's turn and each card's wobble. */
export interface LayoutStyle {
  readonly gapMm: number;
  /** Each card turns by up to this much (degrees) from the layout. */
  readonly jitterDeg: number;
  /** Each card slides by up to this much (mm) from its cell centre. */
  readonly slideMm: number;
  /** Share of cards turned 180 degrees (cards face the player who laid them). */
  readonly flipShare: number;
  /** The whole layout's turn, degrees. */
  readonly angleDeg: number;
  /** Loose grids (Hunt): rows wander by up to this much (mm). */
  readonly wanderMm: number;
}

/** FNV-1a: one 32-bit seed from any text (so a card's pose depends on its name and cell only). */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function uniform(random: Random, lo: number, hi: number): number {
  return lo + (hi - lo) * random();
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[randomInt(random, items.length)]!;
}

/** A layout angle: usually near 0 or 180 degrees, sometimes anything (cards.md). */
export function layoutAngle(random: Random): number {
  const r = random();
  if (r < 0.35) return uniform(random, -8, 8);
  if (r < 0.55) return 180 + uniform(random, -8, 8);
  if (r < 0.7) return 90 + uniform(random, -8, 8) + (random() < 0.5 ? 0 : 180);
  return uniform(random, 0, 360);
}

export function randomLayoutStyle(game: TableGame, random: Random, overrides: Partial<LayoutStyle> = {}): LayoutStyle {
  const loose = game === 'sequence-hunt';
  const gapMm = overrides.gapMm ?? (loose ? uniform(random, 4, 18) : uniform(random, 0, 10));
  return {
    gapMm,
    jitterDeg: overrides.jitterDeg ?? (loose ? uniform(random, 1, 8) : uniform(random, 0, 5)),
    slideMm: overrides.slideMm ?? (loose ? uniform(random, 1, 2 + gapMm / 3) : Math.min(uniform(random, 0.3, 2.5), 0.6 + gapMm / 3)),
    flipShare: overrides.flipShare ?? (game === 'sequence-stacks' ? 0.1 : pick(random, [0, 0, 0.25, 0.5])),
    angleDeg: overrides.angleDeg ?? layoutAngle(random),
    wanderMm: overrides.wanderMm ?? (loose ? uniform(random, 1, 2 + gapMm / 2) : 0),
  };
}

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Turns (x, y) by `deg` clockwise (y down) about the origin. */
export function turn(x: number, y: number, deg: number): [number, number] {
  const c = Math.cos(rad(deg));
  const s = Math.sin(rad(deg));
  return [x * c - y * s, x * s + y * c];
}

/** A table point (mm) given in a solid's own frame, from its own top-left corner. */
export function solidToTable(solid: Solid, lx: number, ly: number): [number, number] {
  const [dx, dy] = turn(lx - solid.w / 2, ly - solid.h / 2, solid.angleDeg);
  return [solid.x + dx, solid.y + dy];
}

/** Whether a table point lies on the solid. */
export function solidCovers(solid: Solid, x: number, y: number): boolean {
  const [lx, ly] = turn(x - solid.x, y - solid.y, -solid.angleDeg);
  if (solid.kind === 'coin') return lx * lx + ly * ly <= (solid.w / 2) ** 2;
  return Math.abs(lx) <= solid.w / 2 && Math.abs(ly) <= solid.h / 2;
}

/** The four corners of a rectangle solid, clockwise from its own top-left. */
export function solidCorners(solid: Solid): [number, number][] {
  return [
    solidToTable(solid, 0, 0),
    solidToTable(solid, solid.w, 0),
    solidToTable(solid, solid.w, solid.h),
    solidToTable(solid, 0, solid.h),
  ];
}

// ---------------------------------------------------------------------------------------------
// Where grid cells and pile spaces lie (the game's "table geometry").

/** Sequence Stacks spaces as grid cells: row 0 holds red, red, draw pile, blue, blue (cards.md,
 * sequence-stacks.txt's 2-player picture); the used specials sit above the draw pile (row -1,
 * col 2); players' discard piles sit at their corners (rows 1 and -1, cols 0 and 4). */
export const STACKS_SPACES = {
  sequences: [
    { row: 0, col: 0 },
    { row: 0, col: 1 },
    { row: 0, col: 3 },
    { row: 0, col: 4 },
  ],
  draw: { row: 0, col: 2 },
  specials: { row: -1, col: 2 },
  discards: [
    { row: 1, col: 0 },
    { row: -1, col: 4 },
    { row: 1, col: 4 },
    { row: -1, col: 0 },
  ],
} as const;

function cellCentre(game: TableGame, row: number, col: number, style: LayoutStyle, profile: DeckProfile, random: Random): [number, number] {
  const w = profile.widthMm;
  const h = profile.heightMm;
  if (game === 'sequence-stacks') {
    // Spaces sit apart (room to reach in); discard piles out at the corners.
    const x = col * (w + 18 + style.gapMm) + (row !== 0 ? (col < 2 ? -30 : 30) : 0);
    const y = row * (h + 30 + style.gapMm) + (row > 0 ? 25 : row < 0 && col !== 2 ? -25 : 0);
    return [x, y];
  }
  const x = col * (w + style.gapMm);
  let y = row * (h + style.gapMm);
  if (style.wanderMm > 0) y += uniform(random, -style.wanderMm, style.wanderMm);
  return [x, y];
}

/**
 * Places table cards on the table plane. A card's wobble comes from a seed made of the layout
 * seed, its name and its cell, so the same card in the same cell lies the same way in every state.
 */
export function placeCards(game: TableGame, placements: readonly TablePlacement[], style: LayoutStyle, seed: number, profile: DeckProfile = STANDARD_DECK): CardPose[] {
  const sorted = [...placements].sort((a, b) => (a.level ?? 0) - (b.level ?? 0));
  return sorted.map((p, index) => {
    const level = p.level ?? 0;
    const random = seededRandom(hashSeed(`${seed}|${p.card}|${p.row}|${p.col}|${level}`));
    const cellRandom = seededRandom(hashSeed(`${seed}|cell|${p.row}|${p.col}`));
    const [cx, cy] = cellCentre(game, p.row, p.col, style, profile, cellRandom);
    // Piles: cards above the bottom one slide further, so the ones under them peek out.
    const slide = game === 'sequence-stacks' ? (level === 0 ? 1.5 : uniform(random, 1.5, 4.5)) : style.slideMm;
    const jitter = game === 'sequence-stacks' ? uniform(random, 1, 7) : style.jitterDeg;
    const sx = uniform(random, -slide, slide);
    const sy = uniform(random, -slide, slide);
    const flip = random() < style.flipShare ? 180 : 0;
    const wobble = uniform(random, -jitter, jitter);
    const [x, y] = turn(cx + sx, cy + sy, style.angleDeg);
    return {
      kind: p.faceDown ? 'back' : 'card',
      card: p.card,
      row: p.row,
      col: p.col,
      level,
      x,
      y,
      angleDeg: style.angleDeg + flip + wobble,
      w: profile.widthMm,
      h: profile.heightMm,
      z: level * 1000 + index,
      lift: (level + 1) * profile.thicknessMm,
    } satisfies CardPose;
  });
}

// ---------------------------------------------------------------------------------------------
// Plausible tables for each game (seeded), as grid placements.

/** Progression: grown one card at a time, every new edge contact stepping one property by one. */
export function progressionTable(random: Random, count: number, maxCols = 6, maxRows = 5): Placement[] {
  const deck = shuffled(ticDeck(), random);
  const cells = new Map<string, Placement>();
  const first = deck.pop()!;
  cells.set(cellKey(0, 0), { card: first, row: 0, col: 0 });
  let attempts = 0;
  while (cells.size < count && attempts < 4000 && deck.length > 0) {
    attempts++;
    const anchor = pick(random, [...cells.values()]);
    // Prefer carrying a line on: the step away from an existing neighbour.
    const [dr, dc] = pick(random, NEIGHBOUR_STEPS);
    const row = anchor.row + dr;
    const col = anchor.col + dc;
    if (cells.has(cellKey(row, col))) continue;
    const rows = [...cells.values()].map((p) => p.row).concat(row);
    const cols = [...cells.values()].map((p) => p.col).concat(col);
    if (Math.max(...rows) - Math.min(...rows) >= maxRows || Math.max(...cols) - Math.min(...cols) >= maxCols) continue;
    const cardIndex = randomInt(random, deck.length);
    const card = deck[cardIndex]!;
    const touches = NEIGHBOUR_STEPS.map(([r, c]) => cells.get(cellKey(row + r, col + c))).filter((p): p is Placement => p !== undefined);
    if (!touches.every((n) => oneStepMask(ticValues(n.card), ticValues(card)) !== 0)) continue;
    deck.splice(cardIndex, 1);
    cells.set(cellKey(row, col), { card, row, col });
  }
  return [...cells.values()];
}

/** Every maximal run of 2+ cards in a row or column, in order. */
export function runsOf(table: readonly Placement[]): Placement[][] {
  const cells = new Map(table.map((p) => [cellKey(p.row, p.col), p]));
  const runs: Placement[][] = [];
  for (const [dr, dc] of [
    [0, 1],
    [1, 0],
  ] as const) {
    for (const p of table) {
      if (cells.has(cellKey(p.row - dr, p.col - dc))) continue;
      const run: Placement[] = [p];
      for (let next = cells.get(cellKey(p.row + dr, p.col + dc)); next; next = cells.get(cellKey(next.row + dr, next.col + dc))) run.push(next);
      if (run.length >= 2) runs.push(run);
    }
  }
  return runs;
}

/** Sequence Shift's table rule: every run Duo or Tripo, every card in a run. */
export function isLegalShiftTable(table: readonly Placement[]): boolean {
  const runs = runsOf(table);
  if (!runs.every((run) => maskSize(sequencingMask(run.map((p) => ticValues(p.card)))) >= 2)) return false;
  const inRun = new Set(runs.flat().map((p) => cellKey(p.row, p.col)));
  return table.every((p) => inRun.has(cellKey(p.row, p.col)));
}

/** A Duo/Tripo run through `through` (at index `at`), of `length` cards from `free`, or null. */
function runThrough(random: Random, through: string, at: number, length: number, free: Set<string>): string[] | null {
  const base = ticValues(through);
  const props = shuffled([0, 1, 2], random).slice(0, random() < 0.2 ? 3 : 2);
  // Each sequencing property steps up or down, whichever keeps it within 1..5 (either, at random).
  const dirs = [0, 1, 2].map((p) => {
    const fits = [1, -1].filter((d) => base[p]! - d * at >= 1 && base[p]! - d * at <= 5 && base[p]! + d * (length - 1 - at) >= 1 && base[p]! + d * (length - 1 - at) <= 5);
    return fits.length === 0 ? 0 : fits[randomInt(random, fits.length)]!;
  });
  if (props.some((p) => dirs[p] === 0)) return null;
  const run: string[] = [];
  for (let j = 0; j < length; j++) {
    if (j === at) {
      run.push(through);
      continue;
    }
    const values = [0, 1, 2].map((p) => (props.includes(p) ? base[p]! + dirs[p]! * (j - at) : 1 + randomInt(random, 5)));
    if (values.some((v) => v < 1 || v > 5)) return null;
    const name = ticDeck()[(values[0]! - 1) * 25 + (values[1]! - 1) * 5 + (values[2]! - 1)]!;
    if (!free.has(name) || run.includes(name)) return null;
    run.push(name);
  }
  return run;
}

/** Sequence Shift: legal tables of Duo/Tripo runs in rows, crossed by columns at intersections. */
export function shiftTable(random: Random, count: number): Placement[] {
  for (let tries = 0; tries < 200; tries++) {
    const table = growShiftTable(random, count);
    if (table.length >= Math.min(count, 4) && isLegalShiftTable(table)) return table;
  }
  throw new Error('could not grow a legal Sequence Shift table');
}

function growShiftTable(random: Random, count: number): Placement[] {
  const free = new Set(ticDeck());
  let table: Placement[] = [];
  const take = (cards: string[], cells: [number, number][]): void => {
    cards.forEach((card, i) => {
      if (free.delete(card)) table.push({ card, row: cells[i]![0], col: cells[i]![1] });
    });
  };
  const start = pick(random, [...free]);
  const firstRun = runThrough(random, start, 0, 3 + randomInt(random, 3), free);
  if (!firstRun) return [];
  take(firstRun, firstRun.map((_, j) => [0, j]));
  for (let attempts = 0; table.length < count && attempts < 400; attempts++) {
    const cells = new Set(table.map((p) => cellKey(p.row, p.col)));
    const vertical = random() < 0.6;
    const length = 2 + randomInt(random, 4);
    let run: string[] | null;
    let positions: [number, number][];
    if (random() < 0.75) {
      // Cross an existing card: a run at right angles through it (an intersection).
      const anchor = pick(random, table);
      const at = randomInt(random, length);
      run = runThrough(random, anchor.card, at, length, new Set([...free, anchor.card]));
      positions = Array.from({ length }, (_, j) => (vertical ? [anchor.row + j - at, anchor.col] : [anchor.row, anchor.col + j - at]));
    } else {
      // A separate sequence beside the others, one empty cell away.
      const rows = table.map((p) => p.row);
      const row = random() < 0.5 ? Math.max(...rows) + 2 : Math.min(...rows) - 2;
      const col = Math.min(...table.map((p) => p.col)) + randomInt(random, 3);
      run = runThrough(random, pick(random, [...free]), 0, length, free);
      positions = Array.from({ length }, (_, j) => [row, col + j]);
    }
    if (!run) continue;
    if (positions.every(([r, c]) => cells.has(cellKey(r, c)))) continue;
    const candidate = [...table];
    run.forEach((card, i) => {
      const [r, c] = positions[i]!;
      if (!cells.has(cellKey(r, c))) candidate.push({ card, row: r, col: c });
    });
    // The new cards must be exactly the run's: any card of the run already on the table must sit in its cell.
    const byCell = new Map(candidate.map((p) => [cellKey(p.row, p.col), p.card]));
    if (!run.every((card, i) => byCell.get(cellKey(positions[i]![0], positions[i]![1])) === card)) continue;
    const rows = candidate.map((p) => p.row);
    const cols = candidate.map((p) => p.col);
    if (Math.max(...rows) - Math.min(...rows) > 5 || Math.max(...cols) - Math.min(...cols) > 6) continue;
    if (!isLegalShiftTable(candidate)) continue;
    table = candidate;
    for (const card of run) free.delete(card);
  }
  return table;
}

/** Sequence Hunt: cards turned face up into a loose grid, a few holes where cards were claimed. */
export function huntTable(random: Random, count: number): Placement[] {
  const deck = shuffled(ticDeck(), random);
  const cols = Math.max(3, Math.round(Math.sqrt(count * 1.4)));
  const table: Placement[] = [];
  for (let i = 0; table.length < count; i++) {
    const row = Math.floor(i / cols);
    const col = i % cols;
    if (random() < 0.12) continue;
    table.push({ card: deck.pop()!, row, col });
  }
  return table;
}

/** A Sequence Stacks table mid-game: the pile contents, bottom card first. */
export interface StacksTable {
  /** The four sequence spaces: red, red, blue, blue (cards.md). */
  readonly sequences: readonly (readonly string[])[];
  readonly specials: readonly string[];
  /** One discard pile per player. */
  readonly discards: readonly (readonly string[])[];
  /** Face-down draw pile: how many cards (only its top shows, as a back). */
  readonly drawPile: number;
}

export function stacksTable(random: Random, players = 2 + randomInt(random, 3)): StacksTable {
  const sequences = STACKS_SPACES.sequences.map((_, i) => {
    if (random() < 0.2) return [];
    const colour = i < 2 ? 'red' : 'blue';
    const length = 1 + randomInt(random, 4);
    return Array.from({ length }, (_, n) => (random() < 0.15 ? `${colour}-wild` : `${colour}-${n + 1}`));
  });
  const specials = Array.from({ length: randomInt(random, 4) }, () => pick(random, SPECIALS));
  const weighted = fullStacksDeck();
  const discards = Array.from({ length: players }, () => Array.from({ length: 1 + randomInt(random, 5) }, () => pick(random, weighted)));
  return { sequences, specials, discards, drawPile: 20 + randomInt(random, 40) };
}

/** A Stacks table as placements in its spaces (STACKS_SPACES), pile levels counting up. */
export function stacksPlacements(table: StacksTable): TablePlacement[] {
  const placements: TablePlacement[] = [];
  const pile = (cards: readonly string[], space: { row: number; col: number }, faceDown = false): void => {
    cards.forEach((card, level) => placements.push({ card, row: space.row, col: space.col, level, ...(faceDown ? { faceDown } : {}) }));
  };
  table.sequences.forEach((cards, i) => pile(cards, STACKS_SPACES.sequences[i]!));
  pile(table.specials, STACKS_SPACES.specials);
  table.discards.forEach((cards, i) => pile(cards, STACKS_SPACES.discards[i % 4]!));
  // The draw pile: a few backs stand for its height.
  pile(Array.from({ length: Math.min(4, table.drawPile) }, () => 'back'), STACKS_SPACES.draw, true);
  return placements;
}

/** A plausible table for the game, as placements. */
export function randomTable(game: TableGame, random: Random, size?: number): TablePlacement[] {
  switch (game) {
    case 'progression':
      return progressionTable(random, size ?? 5 + randomInt(random, 12));
    case 'sequence-shift':
      return shiftTable(random, size ?? 6 + randomInt(random, 12));
    case 'sequence-hunt':
      return huntTable(random, size ?? 9 + randomInt(random, 16));
    case 'sequence-stacks':
      return stacksPlacements(stacksTable(random));
  }
}

// ---------------------------------------------------------------------------------------------
// Other things on the table.

export type TableObjectKind = 'coins' | 'phone' | 'deck';

/**
 * Coins, a phone or the face-down deck, near or partly over the cards (`overCards` false keeps
 * them beside the layout: in a recorded game, cards still to come would slide under them).
 */
export function placeObjects(kinds: readonly TableObjectKind[], cards: readonly CardPose[], random: Random, profile: DeckProfile = STANDARD_DECK, overCards = true): ObjectPose[] {
  const objects: ObjectPose[] = [];
  const faces = overCards ? cards.filter((c) => c.kind === 'card') : [];
  const xs = cards.map((c) => c.x);
  const ys = cards.map((c) => c.y);
  const box = { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  const topZ = Math.max(0, ...cards.map((c) => c.z)) + 1;
  const outside = (margin: number): [number, number] => {
    const side = randomInt(random, 4);
    const t = random();
    if (side === 0) return [box.x0 - margin, box.y0 + t * (box.y1 - box.y0)];
    if (side === 1) return [box.x1 + margin, box.y0 + t * (box.y1 - box.y0)];
    if (side === 2) return [box.x0 + t * (box.x1 - box.x0), box.y0 - margin];
    return [box.x0 + t * (box.x1 - box.x0), box.y1 + margin];
  };
  for (const kind of kinds) {
    if (kind === 'coins') {
      const n = 1 + randomInt(random, 3);
      for (let i = 0; i < n; i++) {
        const d = uniform(random, 16, 27);
        const onCard = faces.length > 0 && random() < 0.6;
        const [x, y] = onCard ? (() => {
          const c = pick(random, faces);
          return solidToTable(c, uniform(random, 0, c.w), uniform(random, 0, c.h));
        })() : outside(uniform(random, 60, 110));
        objects.push({ kind: 'coin', x, y, angleDeg: uniform(random, 0, 360), w: d, h: d, z: topZ + objects.length, lift: 1.8, tint: pick(random, ['#B87333', '#C0C0C0', '#D4AF37', '#A9A9A0']) });
      }
    } else if (kind === 'phone') {
      // Usually beside the layout; sometimes dropped over a card's edge.
      const over = faces.length > 0 && random() < 0.5;
      const [x, y] = over ? (() => {
        const c = pick(random, faces);
        return solidToTable(c, pick(random, [-30, c.w + 30]), uniform(random, 0, c.h));
      })() : outside(135);
      objects.push({ kind: 'phone', x, y, angleDeg: uniform(random, 0, 360), w: 72, h: 150, z: topZ + objects.length, lift: 8, tint: pick(random, ['#1A1A1C', '#2B2D33', '#E8E6E1', '#3A4A5C']) });
    } else {
      const [x, y] = outside(profile.heightMm * 0.9);
      objects.push({ kind: 'back', x, y, angleDeg: uniform(random, -20, 20) + pick(random, [0, 90]), w: profile.widthMm, h: profile.heightMm, z: topZ + objects.length, lift: 15, tint: profile.back.fill });
    }
  }
  return objects;
}
