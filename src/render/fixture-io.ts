// Fixtures on disk (contracts section 3): write them, find them, and read them back with every
// field checked. A bad fixture is one line naming the file and the field, never a stack trace.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { isStacksCard } from '../cards/stacks.js';
import { isTicCard } from '../cards/tic.js';
import { InputError } from '../errors.js';
import { GAMES, type GameId } from './scene.js';

export const FIXTURE_FILE = 'fixture.json';
export const FIXTURE_VERSION = 1;

export type Point = [number, number];

export interface FixtureCard {
  readonly card: string;
  readonly row: number;
  readonly col: number;
  /** Image pixels, clockwise from the card's own top-left. */
  readonly corners: Point[];
  /** Additions to the contract: share of the face seen, more than half hidden, in a moving hand. */
  readonly visible?: number;
  readonly hidden?: boolean;
  readonly moving?: boolean;
}

export interface FixtureFrame {
  readonly image: string;
  readonly t_ms: number;
  readonly cards: FixtureCard[];
  /** Recorded sessions: the board's serial log (Sequence), the turn events settled at this frame. */
  readonly serial?: string;
  readonly events?: unknown[];
  /** Additions: the table is still (no hand moving cards), and what the frame was rendered under. */
  readonly stable?: boolean;
  readonly conditions?: Record<string, unknown>;
}

/** The rectangle a calibration frame's markers were laid on (mm), or null where it names none. */
export function markerRegion(frame: FixtureFrame): [number, number] | null {
  const markers = (frame as FixtureFrame & { markers?: { region_mm?: unknown } }).markers;
  const region = markers?.region_mm;
  if (!Array.isArray(region) || region.length !== 2 || !region.every((v) => typeof v === 'number' && v > 0)) return null;
  return [region[0] as number, region[1] as number];
}

export interface Fixture {
  readonly version: number;
  readonly game: GameId;
  readonly description: string;
  readonly frames: FixtureFrame[];
  /** Additions: how to make it again, and which part of the bundled set it belongs to. */
  readonly seed?: number;
  readonly split?: string;
  readonly serial?: string;
  readonly events?: string;
}

/** A fixture problem: `file: field: what is wrong`, one line. */
export class FixtureError extends InputError {}

function fail(file: string, field: string, problem: string): never {
  throw new FixtureError(`${file}: ${field}${field ? ': ' : ''}${problem}`.replace(/\s*\n\s*/g, ' '));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function validCardName(game: GameId, name: string): boolean {
  if (game === 'sequence-stacks') return isStacksCard(name);
  if (game === 'sequence') return /^([2-9TJQKA]|10)[SHDC]$/.test(name);
  return isTicCard(name);
}

/**
 * Checks a parsed fixture and returns it typed. `file` names it in errors; `dir` is where its
 * images must be (skipped when null).
 */
export function validateFixture(data: unknown, file: string, dir: string | null): Fixture {
  if (!isObject(data)) fail(file, '', 'expected a JSON object');
  if (data.version !== FIXTURE_VERSION) fail(file, 'version', `expected ${FIXTURE_VERSION}, got ${JSON.stringify(data.version)}`);
  if (typeof data.game !== 'string' || !(GAMES as readonly string[]).includes(data.game)) {
    fail(file, 'game', `expected one of ${GAMES.join(', ')}, got ${JSON.stringify(data.game)}`);
  }
  const game = data.game as GameId;
  if (typeof data.description !== 'string') fail(file, 'description', 'expected a string');
  if (!Array.isArray(data.frames)) fail(file, 'frames', 'expected an array of frames');
  for (const key of ['serial', 'events'] as const) {
    if (data[key] === undefined) continue;
    if (typeof data[key] !== 'string') fail(file, key, 'expected a file name');
    if (dir !== null && !existsSync(join(dir, data[key]))) fail(file, key, `file "${data[key]}" not found`);
  }
  data.frames.forEach((frame: unknown, f: number) => {
    const at = `frames[${f}]`;
    if (!isObject(frame)) fail(file, at, 'expected an object');
    if (typeof frame.image !== 'string' || frame.image === '') fail(file, `${at}.image`, 'expected an image file name');
    if (dir !== null && !existsSync(join(dir, frame.image))) fail(file, `${at}.image`, `file "${frame.image}" not found`);
    if (typeof frame.t_ms !== 'number' || !Number.isFinite(frame.t_ms) || frame.t_ms < 0) fail(file, `${at}.t_ms`, 'expected a time in ms, 0 or more');
    if (frame.serial !== undefined) {
      if (typeof frame.serial !== 'string') fail(file, `${at}.serial`, 'expected a file name');
      if (dir !== null && !existsSync(join(dir, frame.serial))) fail(file, `${at}.serial`, `file "${frame.serial}" not found`);
    }
    if (frame.events !== undefined && !Array.isArray(frame.events)) fail(file, `${at}.events`, 'expected an array');
    if (frame.stable !== undefined && typeof frame.stable !== 'boolean') fail(file, `${at}.stable`, 'expected true or false');
    if (!Array.isArray(frame.cards)) fail(file, `${at}.cards`, 'expected an array of cards');
    frame.cards.forEach((card: unknown, c: number) => {
      const here = `${at}.cards[${c}]`;
      if (!isObject(card)) fail(file, here, 'expected an object');
      if (typeof card.card !== 'string' || !validCardName(game, card.card)) fail(file, `${here}.card`, `not a ${game} card: ${JSON.stringify(card.card)}`);
      for (const key of ['row', 'col'] as const) {
        if (!Number.isInteger(card[key])) fail(file, `${here}.${key}`, `expected an integer, got ${JSON.stringify(card[key])}`);
      }
      const corners = card.corners;
      if (!Array.isArray(corners) || corners.length !== 4) fail(file, `${here}.corners`, 'expected 4 [x, y] points');
      corners.forEach((p: unknown, k: number) => {
        if (!Array.isArray(p) || p.length !== 2 || !p.every((v) => typeof v === 'number' && Number.isFinite(v))) {
          fail(file, `${here}.corners[${k}]`, `expected [x, y] numbers, got ${JSON.stringify(p)}`);
        }
      });
      if (card.visible !== undefined && (typeof card.visible !== 'number' || card.visible < 0 || card.visible > 1)) fail(file, `${here}.visible`, 'expected a share from 0 to 1');
      for (const key of ['hidden', 'moving'] as const) {
        if (card[key] !== undefined && typeof card[key] !== 'boolean') fail(file, `${here}.${key}`, 'expected true or false');
      }
    });
  });
  return data as unknown as Fixture;
}

/** Reads and checks one fixture: a folder holding fixture.json, or the file itself. */
export function readFixture(path: string, options: { checkImages?: boolean } = {}): Fixture {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, FIXTURE_FILE) : path;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    fail(file, '', 'cannot be read (missing?)');
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    fail(file, '', `not valid JSON (${(error as Error).message})`);
  }
  return validateFixture(data, file, options.checkImages === false ? null : dirname(file));
}

/** Every fixture.json below `root`, sorted, through linked folders too (each folder once). */
export function findFixtures(root: string): string[] {
  if (!existsSync(root)) throw new InputError(`${root}: no such folder`);
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (dir: string): void => {
    const real = realpathSync(dir);
    if (seen.has(real)) return;
    seen.add(real);
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() || (entry.isSymbolicLink() && statSync(path, { throwIfNoEntry: false })?.isDirectory())) walk(path);
      else if (entry.name === FIXTURE_FILE) found.push(path);
    }
  };
  if (statSync(root).isDirectory()) walk(root);
  else if (root.endsWith(FIXTURE_FILE)) found.push(root);
  return found;
}

/** Writes fixture.json into `dir` (its images are written by the caller), after checking it. */
export function writeFixture(dir: string, fixture: Fixture): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, FIXTURE_FILE);
  validateFixture(JSON.parse(JSON.stringify(fixture)), relative(process.cwd(), file) || file, dir);
  writeFileSync(file, formatFixture(fixture));
  return file;
}

/** JSON with one line a card, so a fixture stays small and a person can read it. */
export function formatFixture(fixture: Fixture): string {
  const { frames, ...top } = fixture;
  const head = Object.entries(top).map(([k, v]) => ` ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const body = frames.map((frame) => {
    const { cards, ...rest } = frame;
    const fields = Object.entries(rest).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
    const list = cards.map((card) => `   ${JSON.stringify(card)}`).join(',\n');
    return `  { ${fields.join(', ')},\n   "cards": [${cards.length ? `\n${list}\n  ` : ''}] }`;
  });
  return `{\n${head.join(',\n')},\n "frames": [${frames.length ? `\n${body.join(',\n')}\n ` : ''}]\n}\n`;
}
