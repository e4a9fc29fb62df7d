// Recorded sessions: a game as a list of table states, filmed by a fixed camera at a few frames a
// second. Between stable states a hand slides each new card in from the player's side (and moved
// or taken cards out). The writer takes states from any simulator; Sequence adds the board's log.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatLogEntry, LOG_HEADER } from '../bridge/serial-log.js';
import { seededRandom, type Random } from '../rules/random.js';
import type { Camera, Vec2 } from './camera.js';
import { randomConditions, type PhotoConditions } from './conditions.js';
import { STANDARD_DECK, type DeckProfile } from '../deck/profile.js';
import { FIXTURE_VERSION, writeFixture, type Fixture, type FixtureFrame } from './fixture-io.js';
import { randomHand, type HandSpec } from './hands.js';
import { cameraFor, renderFrame, type RenderedFrame } from './photo.js';
import { hashSeed, placeCards, placeObjects, randomLayoutStyle, uniform, type CardPose, type GameId, type LayoutStyle, type ObjectPose, type Scene, type TableGame, type TablePlacement } from './scene.js';
import { describeConditions } from './describe.js';

export interface SessionState {
  /** The table once this state has settled. */
  readonly table: readonly TablePlacement[];
  /** The truth of the turn that led here (moves, scores, legality warnings), kept as given. */
  readonly events?: readonly unknown[];
  /** How long the table stays still, seconds (default: the session's holdSeconds). */
  readonly holdSeconds?: number;
  /** The frame edge the hand reaching in comes from: 0 bottom, 1 top, 2 left, 3 right (default: bottom and top turn about). */
  readonly side?: number;
}

/** A board-to-host line (contracts section 4, CR LF optional) and when the board sent it. */
export interface SerialFrame {
  readonly t_ms: number;
  readonly frame: string;
}

export interface SessionOptions {
  readonly game: GameId;
  /** Folder to write fixture.json, the frames, events.json (and board-serial.txt) into. */
  readonly out: string;
  readonly seed: number;
  /** Frames a second (default 4). */
  readonly fps?: number;
  /** Seconds a settled table is filmed (default 1.5). */
  readonly holdSeconds?: number;
  /** Seconds a hand takes to slide one card (default 1.5). */
  readonly moveSeconds?: number;
  readonly conditions?: Partial<PhotoConditions>;
  readonly style?: Partial<LayoutStyle>;
  /** Sequence: the board's frames for the same game, written as a serial log beside the fixture. */
  readonly serial?: readonly SerialFrame[];
  readonly description?: string;
  readonly split?: string;
  readonly profile?: DeckProfile;
  /** Called after each frame is written (progress lines). */
  readonly onFrame?: (done: number, total: number) => void;
}

/** One planned frame: what lies on the table, the hands over it, and the events settled at it. */
export interface PlannedFrame {
  readonly t_ms: number;
  readonly cards: readonly CardPose[];
  readonly hands: readonly HandSpec[];
  readonly stable: boolean;
  /** Index of the state shown (while moving: the state being reached). */
  readonly state: number;
  readonly events?: readonly unknown[];
}

export interface SessionPlan {
  readonly game: GameId;
  readonly conditions: PhotoConditions;
  readonly camera: Camera | null;
  readonly objects: readonly ObjectPose[];
  readonly frames: readonly PlannedFrame[];
}

export const SERIAL_FILE = 'board-serial.txt';
export const EVENTS_FILE = 'events.json';

const keyOf = (p: CardPose): string => `${p.card}|${p.row}|${p.col}|${p.level}`;
const ease = (t: number): number => t * t * (3 - 2 * t);

/**
 * A hand whose fingers rest on the trailing half of a card being slid from `from` (image), its arm
 * reaching from `from` towards the card, or, where the card has come to `from` itself (carried off
 * the table), towards `onTable`, where it lay on the table.
 */
function handOn(card: CardPose, camera: Camera, from: Vec2, look: HandSpec, onTable: CardPose): HandSpec {
  const centre = camera.project(card.x, card.y);
  const carriedOff = Math.hypot(centre[0] - from[0], centre[1] - from[1]) < 1;
  const target = carriedOff ? camera.project(onTable.x, onTable.y) : centre;
  const direction = Math.atan2(target[1] - from[1], target[0] - from[0]);
  const scale = camera.pxPerMmAt(centre[0], centre[1]) * 1.12;
  const reach = 18 * scale;
  return { ...look, tip: [centre[0] + Math.cos(direction) * reach, centre[1] + Math.sin(direction) * reach], direction, scale };
}

/** Plans the frames of a session (no pixels): the timeline simulators can line their logs up with. */
export function planSession(states: readonly SessionState[], options: SessionOptions): SessionPlan {
  const fps = options.fps ?? 4;
  const frameMs = 1000 / fps;
  const holdFrames = (s: SessionState): number => Math.max(1, Math.round((s.holdSeconds ?? options.holdSeconds ?? 1.5) * fps));
  const moveFrames = Math.max(2, Math.round((options.moveSeconds ?? 1.5) * fps));
  const random = seededRandom(options.seed);
  const profile = options.profile ?? STANDARD_DECK;
  const filmed = options.game !== 'sequence';
  const game = options.game as TableGame;
  const style = randomLayoutStyle(game, random, options.style);
  // Hands come from the moves, so the clutter is what lies still: coins, a phone, the deck.
  const conditions = randomConditions(random, options.conditions);
  const still = { ...conditions, distractors: conditions.distractors.filter((d) => d !== 'hand' && d !== 'sleeve') };
  const posed = states.map((s) => (filmed ? placeCards(game, s.table, style, options.seed, profile) : []));
  const everything = new Map<string, CardPose>();
  for (const cards of posed) for (const c of cards) everything.set(keyOf(c), c);
  const all = [...everything.values()];
  const camera = filmed && all.length > 0 ? cameraFor(all, still) : null;
  const objects = camera ? placeObjects(still.distractors, all, random, profile, false) : [];
  const frames: PlannedFrame[] = [];
  const push = (frame: Omit<PlannedFrame, 't_ms'>): void => {
    frames.push({ t_ms: Math.round(frames.length * frameMs), ...frame });
  };
  const topZ = 1e6;
  states.forEach((state, i) => {
    const cards = posed[i]!;
    if (i > 0 && camera) {
      const before = posed[i - 1]!;
      const beforeKeys = new Set(before.map(keyOf));
      const afterKeys = new Set(cards.map(keyOf));
      const added = cards.filter((c) => !beforeKeys.has(keyOf(c)));
      const removed = before.filter((c) => !afterKeys.has(keyOf(c)));
      const turnRandom = seededRandom(hashSeed(`${options.seed}|turn|${i}`));
      const entry = entryPoint(camera, state.side ?? (i % 2 === 1 ? 0 : 1), turnRandom);
      const look = randomHand(turnRandom, [0, 0], 0, 1, turnRandom() < 0.4);
      // Pair a removed card with an added card of the same name: that card moved across the table.
      const moves: Array<{ from: CardPose | null; to: CardPose | null }> = [];
      const pending = [...removed];
      for (const to of added) {
        const j = pending.findIndex((r) => r.card === to.card);
        moves.push({ from: j >= 0 ? pending.splice(j, 1)[0]! : null, to });
      }
      for (const from of pending) moves.push({ from, to: null });
      const offTable = (pose: CardPose): CardPose => ({ ...pose, x: entry.table[0], y: entry.table[1], angleDeg: pose.angleDeg + uniform(turnRandom, -30, 30) });
      let settled = [...before];
      for (const move of moves) {
        const start = move.from ?? offTable(move.to!);
        const end = move.to ?? offTable(move.from!);
        const stay = settled.filter((c) => c !== move.from);
        for (let j = 1; j <= moveFrames; j++) {
          const t = ease(j / moveFrames);
          const pose: CardPose = {
            ...(move.to ?? move.from!),
            x: start.x + (end.x - start.x) * t,
            y: start.y + (end.y - start.y) * t,
            angleDeg: start.angleDeg + (end.angleDeg - start.angleDeg) * t,
            z: topZ,
            moving: true,
          };
          push({ cards: [...stay, pose], hands: [handOn(pose, camera, entry.image, look, (move.to ?? move.from)!)], stable: false, state: i });
        }
        settled = move.to ? [...stay, move.to] : stay;
      }
      // The hand goes back to its player.
      const last = moves.at(-1);
      if (last) {
        const pose = last.to ?? last.from!;
        const hand = handOn(pose, camera, entry.image, look, pose);
        const back: HandSpec = { ...hand, tip: [(hand.tip[0] + entry.image[0]) / 2, (hand.tip[1] + entry.image[1]) / 2] };
        push({ cards, hands: [back], stable: false, state: i });
      }
    }
    const hold = holdFrames(state);
    for (let j = 0; j < hold; j++) push({ cards, hands: [], stable: true, state: i, ...(j === 0 && state.events ? { events: state.events } : {}) });
  });
  return { game: options.game, conditions: still, camera, objects, frames };
}

/** Where a player's hand comes from: beyond the given frame edge (0 bottom, 1 top, 2 left, 3 right). */
function entryPoint(camera: Camera, side: number, random: Random): { image: Vec2; table: Vec2 } {
  const { width: W, height: H } = camera.spec;
  const t = uniform(random, 0.25, 0.75);
  const sides: Vec2[] = [
    [W * t, H * 1.2],
    [W * t, -0.2 * H],
    [-0.2 * W, H * t],
    [W * 1.2, H * t],
  ];
  const image = sides[side % 4]!;
  return { image, table: camera.tableAt(image[0], image[1]) };
}

/** Frame `i` of a planned session, filmed (the same pixels renderSession writes for it). */
export function renderSessionFrame(plan: SessionPlan, options: SessionOptions, i: number): Promise<RenderedFrame> {
  const planned = plan.frames[i]!;
  const scene: Scene = { game: options.game as TableGame, cards: planned.cards, objects: plan.objects };
  return renderFrame({ scene, conditions: plan.conditions, camera: plan.camera!, seed: hashSeed(`${options.seed}|frame|${i}`), lightSeed: options.seed, hands: planned.hands, ...(options.profile ? { profile: options.profile } : {}) });
}

/**
 * Renders a session into `options.out`: frame-NNN.jpg for each planned frame, fixture.json with
 * the truth of each, events.json with every state's events and its time, and for Sequence the
 * board's serial log (board-serial.txt) for the same game.
 */
export async function renderSession(states: readonly SessionState[], options: SessionOptions): Promise<Fixture> {
  if (states.length === 0) throw new RangeError('a session needs at least one table state');
  const plan = planSession(states, options);
  mkdirSync(options.out, { recursive: true });
  const serial = options.serial ? writeSerial(options.out, options.serial) : undefined;
  const eventLog = plan.frames.filter((f) => f.events).map((f) => ({ t_ms: f.t_ms, state: f.state, events: f.events }));
  // Unfilmed games (Sequence: the board reports itself) keep the events at the state's time.
  writeFileSync(join(options.out, EVENTS_FILE), `${JSON.stringify({ version: 1, game: options.game, events: eventLog }, null, 1)}\n`);
  const frames: FixtureFrame[] = [];
  const { camera } = plan;
  if (camera) {
    const described = describeConditions(plan.conditions, camera);
    for (const [i, planned] of plan.frames.entries()) {
      const image = `frame-${String(i).padStart(3, '0')}.jpg`;
      const rendered = await renderSessionFrame(plan, options, i);
      writeFileSync(join(options.out, image), rendered.jpeg);
      frames.push({
        image,
        t_ms: planned.t_ms,
        ...(serial ? { serial } : {}),
        ...(planned.events ? { events: [...planned.events] } : {}),
        stable: planned.stable,
        ...(i === 0 ? { conditions: described } : {}),
        cards: rendered.truth,
      });
      options.onFrame?.(i + 1, plan.frames.length);
    }
  }
  const fixture: Fixture = {
    version: FIXTURE_VERSION,
    game: options.game,
    description: options.description ?? `recorded ${options.game} session: ${states.length} table states, ${frames.length} frames at ${options.fps ?? 4} fps`,
    seed: options.seed,
    ...(options.split ? { split: options.split } : {}),
    ...(serial ? { serial } : {}),
    events: EVENTS_FILE,
    frames,
  };
  writeFixture(options.out, fixture);
  return fixture;
}

function writeSerial(dir: string, frames: readonly SerialFrame[]): string {
  const lines = frames.map((f) => {
    const line = f.frame.replace(/\r?\n$/, '');
    if (!/^\$[A-Z][^$*]*\*[0-9A-Fa-f]{2}$/.test(line)) throw new RangeError(`serial frame at ${f.t_ms} ms is not a board frame: ${JSON.stringify(f.frame)}`);
    return formatLogEntry({ tMs: f.t_ms, direction: '<', bytes: Buffer.from(`${line}\r\n`, 'latin1') });
  });
  writeFileSync(join(dir, SERIAL_FILE), `${LOG_HEADER}\n${lines.join('')}`);
  return SERIAL_FILE;
}
