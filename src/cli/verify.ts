// `seqref verify IMAGE --game G [--out PNG] [--json]`: recognise one photo of a table, judge what
// is on it and draw the verdict. Progression: the layout's legality (every edge contact steps a
// property by one); Sequence Shift: table legality; Sequence Hunt: every set on the table;
// Sequence Stacks: the cards read (its rules need the game's history, not one photo).
import { writeFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { isTicCard, ticValues } from '../cards/tic.js';
import { InputError } from '../errors.js';
import { reportingOpenCvErrors } from './internal-error.js';
import { countSets, HUNT_KINDS, listSets, type HuntSet } from '../rules/hunt-finder.js';
import { cellKey, NEIGHBOUR_STEPS, repeatedCards, type Placement } from '../rules/layout.js';
import { sequenceShift } from '../rules/sequence-shift.js';
import { oneStepMask } from '../rules/tic-sequence.js';
import { violation, type Violation } from '../rules/violation.js';
import { readProfile } from '../calibration/profile.js';
import { annotate } from './verify-picture.js';
import { profileMismatch } from '../vision/calibrated.js';
import { loadImage, type RgbaImage } from '../vision/image.js';
import { createRecogniser, type VisionGame } from '../vision/recognise.js';
import { deckReading, readDeckFile } from '../deck/deck-file.js';
import type { Recognition } from '../vision/types.js';
import { unseenCells, type Cell, type UnseenCell } from '../vision/unseen.js';

export const VERIFY_USAGE = `Usage: seqref verify IMAGE --game G [--out PNG] [--json] [--profile FILE] [--deck DECK.json]

Recognises the cards in one photo of a table and judges it:
  progression       the layout: every edge-to-edge contact steps a property by exactly one
  sequence-shift    table legality (every run a Duo or Tripo, every card in a run)
  sequence-hunt     every set on the table (Mono, Duo, Tripo of 3, 4 and 5 cards)
  sequence-stacks   the cards read, pile by pile (its rules need the game, not one photo)

Prints the verdict (--json: one JSON object) and writes a picture with the cards outlined and
named, their grid cells, and the cards of every violation in red (default IMAGE-verify.png).
Cards that cannot be read are marked unknown and left out of the judgement. A violation that a
card out of sight (under a hand, past the frame's edge) or not read could mend, by touching a
card or lengthening a run, is listed as unsure: with only such, the photo gets no verdict.
With --profile FILE (seqref calibrate), recognition works on the calibrated table: seen from
above, in millimetres, under the profile's light; the photo must have the profile's size.
With --deck DECK.json (seqref enrol), the TIC cards are read as that printing of the deck.
Exits 0 when it judged the photo, 2 with one line on input it cannot read.`;

const GAMES: readonly VisionGame[] = ['progression', 'sequence-shift', 'sequence-hunt', 'sequence-stacks'];

export interface Verdict {
  readonly game: VisionGame;
  readonly legal: boolean | null;
  readonly violations: Violation[];
  /** What the cards in sight break unless a card not known (out of sight, or not read) mends it: no verdict either way. */
  readonly unsure: Violation[];
  readonly cards: { card: string | null; row: number | null; col: number | null; confidence: number; partial: boolean }[];
  readonly unknown: number;
  readonly counts?: Record<string, number>;
  readonly sets?: HuntSet[];
}

/**
 * Progression layout legality: no card twice, no cell twice, every contact steps a property by one.
 * `open`: cells whose card is not known (read as unknown, or out of sight): a card may lie there,
 * joining the layout, so no card is said to touch none of it through them.
 */
export function progressionLayoutViolations(layout: readonly Placement[], open: readonly Cell[] = []): Violation[] {
  const violations: Violation[] = [];
  for (const card of repeatedCards(layout.map((p) => p.card))) violations.push(violation('table-card-repeated', `${card} lies on the table more than once`, [card]));
  const cells = new Map<string, Placement>();
  for (const p of layout) {
    const other = cells.get(cellKey(p.row, p.col));
    if (other) violations.push(violation('table-cell-overlap', `${other.card} and ${p.card} lie on the same table cell (row ${p.row}, column ${p.col})`, [other.card, p.card]));
    else cells.set(cellKey(p.row, p.col), p);
  }
  for (const p of cells.values()) {
    for (const [dr, dc] of [[0, 1], [1, 0]] as const) {
      const n = cells.get(cellKey(p.row + dr, p.col + dc));
      if (n && oneStepMask(ticValues(p.card), ticValues(n.card)) === 0) {
        violations.push(violation('no-step-at-contact', `${p.card} touches ${n.card}, but no property steps by exactly one between them`, [p.card, n.card]));
      }
    }
  }
  // A layout grows by touching: every card joined to the others through edge contacts.
  if (cells.size > 1) {
    const start = cells.values().next().value as Placement;
    const joins = new Set([...cells.keys(), ...open.map((c) => cellKey(c.row, c.col))]);
    const seen = new Set([cellKey(start.row, start.col)]);
    const queue: Cell[] = [start];
    while (queue.length) {
      const { row, col } = queue.pop()!;
      for (const [dr, dc] of NEIGHBOUR_STEPS) {
        const key = cellKey(row + dr, col + dc);
        if (joins.has(key) && !seen.has(key)) {
          seen.add(key);
          queue.push({ row: row + dr, col: col + dc });
        }
      }
    }
    const apart = [...cells.values()].filter((p) => !seen.has(cellKey(p.row, p.col))).map((p) => p.card);
    if (apart.length) violations.push(violation('not-touching-layout', `${apart.join(', ')} ${apart.length === 1 ? 'touches' : 'touch'} no card of the layout`, apart));
  }
  return violations;
}

/** The games whose layout is judged by which cards touch (a Hunt table's sets are its cards', wherever they lie). */
export function judgedByContact(game: string): game is 'progression' | 'sequence-shift' {
  return game === 'progression' || game === 'sequence-shift';
}

/** The layout rules of the games judged by which cards touch: Progression's layout, Sequence Shift's table. */
export function layoutViolations(game: 'progression' | 'sequence-shift', layout: readonly Placement[]): Violation[] {
  return game === 'progression' ? progressionLayoutViolations(layout) : sequenceShift.judgeTable(layout).violations;
}

/**
 * Judges what the recogniser read. `unseen`: empty cells by the layout that show no open table
 * (src/vision/unseen.ts). A card may lie in one of those, or be the card found but not read in its
 * cell: a violation such a card could mend (a card touching no other, a run it could lengthen, a
 * layout it could join) is unsure, and the table illegal only by the violations that stand whatever
 * those cards are; with unsure ones alone, legal is null (no verdict).
 */
export function judgeRecognition(game: VisionGame, recognition: Recognition, unseen: readonly Cell[] = []): Verdict {
  const cards = recognition.cards.map((c) => ({ card: c.reading.card, row: c.row, col: c.col, confidence: Math.round(c.reading.confidence * 1000) / 1000, partial: c.partial }));
  const known = recognition.cards.filter((c) => c.reading.card !== null);
  const unknown = recognition.cards.length - known.length;
  if (game === 'sequence-stacks') return { game, legal: null, violations: [], unsure: [], cards, unknown };
  const open: Cell[] = [...recognition.cards.flatMap((c) => (c.reading.card === null && c.row !== null && c.col !== null ? [{ row: c.row, col: c.col }] : [])), ...unseen];
  const tic = known.filter((c) => isTicCard(c.reading.card!));
  const placements: Placement[] = tic.filter((c) => c.row !== null && c.col !== null).map((c) => ({ card: c.reading.card!, row: c.row!, col: c.col! }));
  const verdict = (violations: Violation[], unsure: Violation[]): Verdict => ({ game, legal: violations.length > 0 ? false : unsure.length > 0 ? null : true, violations, unsure, cards, unknown });
  if (game === 'progression') {
    const standing = progressionLayoutViolations(placements, open);
    const apart = new Set(standing.find((v) => v.rule === 'not-touching-layout')?.cards ?? []);
    const mayJoin = (progressionLayoutViolations(placements).find((v) => v.rule === 'not-touching-layout')?.cards ?? []).filter((c) => !apart.has(c));
    return verdict(standing, mayJoin.length > 0 ? [violation('not-touching-layout', `${mayJoin.join(', ')} ${mayJoin.length === 1 ? 'touches' : 'touch'} no card in sight of the layout; a card out of sight or unread may join them`, mayJoin)] : []);
  }
  if (game === 'sequence-shift') {
    const mendable = shiftMendable(placements, open);
    const all = layoutViolations(game, placements);
    return verdict(all.filter((v) => !mendable(v)), all.filter(mendable));
  }
  const names = [...new Set(tic.map((c) => c.reading.card!))];
  const violations = repeatedCards(tic.map((c) => c.reading.card!)).map((card) => violation('card-repeated', `${card} is on the table more than once`, [card]));
  const counts = countSets(names);
  // Longer sets first (HUNT_KINDS runs from 3 cards up): the best one is among the first listed.
  const sets = [...listSets(names, 200, [...HUNT_KINDS].reverse())];
  return { ...verdict(violations, []), counts, sets };
}

/** A photo judged (judgeRecognition), with the cells by its layout a card may lie in out of sight where cards touching counts. */
export function judgePhoto(game: VisionGame, frame: RgbaImage, recognition: Recognition): { verdict: Verdict; unseen: UnseenCell[] } {
  const unseen = judgedByContact(game) ? unseenCells(frame, recognition) : [];
  return { verdict: judgeRecognition(game, recognition, unseen), unseen };
}

/**
 * Whether a card in one of the `open` cells could mend a Sequence Shift violation: a lone card's
 * neighbour, or a card past either end of a run that is no Duo or Tripo (or branches), lengthening
 * it. (A card repeated, or two on a cell, stands whatever else lies there.)
 */
function shiftMendable(placements: readonly Placement[], open: readonly Cell[]): (v: Violation) => boolean {
  const isOpen = new Set(open.map((c) => cellKey(c.row, c.col)));
  const cellOf = new Map(placements.map((p) => [p.card, p]));
  return (v) => {
    const cells = v.cards.flatMap((c) => cellOf.get(c) ?? []);
    if (v.rule === 'lone-card') return cells.some((p) => NEIGHBOUR_STEPS.some(([dr, dc]) => isOpen.has(cellKey(p.row + dr, p.col + dc))));
    if (v.rule !== 'run-not-duo-or-tripo' && v.rule !== 'branching') return false;
    const across = cells.every((p) => p.row === cells[0]!.row);
    const [dr, dc] = across ? [0, 1] : [1, 0];
    const along = (p: Placement): number => (across ? p.col : p.row);
    const first = cells.reduce((a, b) => (along(b) < along(a) ? b : a));
    const last = cells.reduce((a, b) => (along(b) > along(a) ? b : a));
    return isOpen.has(cellKey(first.row - dr, first.col - dc)) || isOpen.has(cellKey(last.row + dr, last.col + dc));
  };
}

const TYPE_RANK: Record<string, number> = { tripo: 3, duo: 2, mono: 1 };

/** The set worth most to claim: the longest, then the most properties sequencing. */
function bestSet(sets: readonly HuntSet[]): HuntSet | undefined {
  return [...sets].sort((a, b) => b.size - a.size || (TYPE_RANK[b.type] ?? 0) - (TYPE_RANK[a.type] ?? 0))[0];
}

function parse(args: readonly string[]): { image: string; game: VisionGame; out: string; json: boolean; profile?: string; deck?: string } {
  let image: string | undefined;
  let game: string | undefined;
  let out: string | undefined;
  let profile: string | undefined;
  let deck: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--game' || a === '--out' || a === '--profile' || a === '--deck') {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new InputError(`verify: ${a} needs a value; see seqref verify --help`);
      if (a === '--game') game = v;
      else if (a === '--profile') profile = v;
      else if (a === '--deck') deck = v;
      else out = v;
    } else if (a === '--json') json = true;
    else if (a.startsWith('--')) throw new InputError(`verify: unknown option "${a}"; see seqref verify --help`);
    else if (image === undefined) image = a;
    else throw new InputError('verify: give one IMAGE; see seqref verify --help');
  }
  if (image === undefined) throw new InputError('verify: give an IMAGE to recognise; see seqref verify --help');
  if (game === undefined) throw new InputError(`verify: --game is needed (${GAMES.join(', ')})`);
  if (!(GAMES as readonly string[]).includes(game)) throw new InputError(`verify: --game must be one of ${GAMES.join(', ')}, got "${game}"`);
  return { image, game: game as VisionGame, out: out ?? `${basename(image, extname(image))}-verify.png`, json, ...(profile !== undefined ? { profile } : {}), ...(deck !== undefined ? { deck } : {}) };
}

export function runVerify(args: readonly string[]): Promise<number> {
  return reportingOpenCvErrors(() => runVerifyInner(args));
}

async function runVerifyInner(args: readonly string[]): Promise<number> {
  const options = parse(args);
  const calibration = options.profile !== undefined ? readProfile(options.profile) : undefined;
  const frame = await loadImage(options.image);
  const mismatch = calibration ? profileMismatch(calibration, frame) : null;
  if (mismatch) throw new InputError(`verify: ${options.image}: ${mismatch}`);
  const deck = options.deck !== undefined ? readDeckFile(options.deck) : undefined;
  if (deck && options.game === 'sequence-stacks') throw new InputError('verify: --deck is a TIC deck; Sequence Stacks is read as cards.md draws it');
  const recogniser = await createRecogniser(deck ? await deckReading(deck) : {});
  let recognition: Recognition;
  try {
    recognition = recogniser.recognise(frame, { game: options.game, ...(calibration ? { calibration } : {}) });
  } finally {
    recogniser.dispose();
  }
  const { verdict, unseen } = judgePhoto(options.game, frame, recognition);
  const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;
  const title =
    options.game === 'sequence-stacks'
      ? `${options.game}: ${verdict.cards.length} cards read`
      : `${options.game}: ${verdict.legal === null ? `no verdict (${count(verdict.unsure.length, 'violation')} that a card out of sight could mend)` : verdict.legal ? 'legal' : `illegal, ${count(verdict.violations.length, 'violation')}`}`;
  const notes: string[] = [];
  if (calibration) notes.push(`calibrated with ${options.profile} (tilt ${calibration.tiltDeg} degrees, ${calibration.pxPerMm.centre} px/mm)`);
  if (verdict.unknown) notes.push(`${count(verdict.unknown, 'card')} could not be read (amber): left out of the verdict`);
  if (verdict.unsure.length > 0) notes.push(`cells a card may lie in out of sight: dashed amber`);
  if (verdict.counts) notes.push(`sets: ${HUNT_KINDS.filter((k) => verdict.counts![k]! > 0).map((k) => `${k} ${verdict.counts![k]}`).join(', ') || 'none'}`);
  const best = verdict.sets ? bestSet(verdict.sets) : undefined;
  if (best) notes.push(`best set (cyan): ${best.type} of ${best.size}: ${best.cards.join(' ')}`);
  writeFileSync(options.out, annotate(frame, recognition, { title, violations: verdict.violations, unsure: verdict.unsure, openCells: verdict.unsure.length > 0 ? unseen.map((c) => c.corners) : [], notes, ...(best ? { highlight: best.cards } : {}) }));
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ ...verdict, picture: options.out, ...(options.profile !== undefined ? { profile: options.profile } : {}) })}\n`);
    return 0;
  }
  const lines = [title, ...notes.map((n) => `  ${n}`)];
  for (const v of verdict.violations) lines.push(`  ${v.rule}: ${v.message}`);
  for (const v of verdict.unsure) lines.push(`  unsure, ${v.rule}: ${v.message}`);
  if (verdict.sets?.length) lines.push(`  e.g. ${verdict.sets.slice(0, 5).map((s) => `${s.type}-${s.size}: ${s.cards.join(' ')}`).join('; ')}`);
  const t = recognition.times;
  lines.push(`  ${verdict.cards.length} cards in ${Math.round(t.detectMs + t.readMs + t.gridMs)} ms; picture: ${options.out}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
