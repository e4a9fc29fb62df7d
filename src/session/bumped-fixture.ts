// A small recorded session for the live referee's bump detection: the hand-written Progression
// game (its first three states) filmed with the four calibration markers round the cards, a hand
// resting over one marker for a moment, and the camera knocked (shifted and turned) while the
// table is still between two turns. Beside the fixture: `calibration.json`, the profile made from
// its first frame, as `seqref calibrate` would have made it before the game.
//
// Remake it (same bytes for the same seed):
//   npx tsc -p tsconfig.build.json && node dist/src/session/bumped-fixture.js test/session/fixtures/bumped-camera
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { calibrateFrame } from '../calibration/calibrate.js';
import { markersAroundCards } from '../calibration/scene-markers.js';
import { writeProfile } from '../calibration/profile.js';
import { seededRandom } from '../rules/random.js';
import { Camera } from '../render/camera.js';
import { frameCamera, type PhotoConditions } from '../render/conditions.js';
import { progressionExampleStates } from '../render/example-session.js';
import { FIXTURE_VERSION, writeFixture, type Fixture, type FixtureFrame } from '../render/fixture-io.js';
import { randomHand, type HandSpec } from '../render/hands.js';
import { renderFrame } from '../render/photo.js';
import { describeConditions } from '../render/describe.js';
import { hashSeed, solidCorners, type Scene } from '../render/scene.js';
import { EVENTS_FILE, planSession } from '../render/session.js';
import { decodeImage } from '../vision/image.js';
import { openCv } from '../vision/opencv.js';

export const BUMPED_SEED = 8808;
export const PROFILE_FILE = 'calibration.json';

/** How the camera is knocked: its aim shifted across the table and the camera turned a little. */
export const BUMP = { shiftMm: [14, -6] as const, yawDeg: 2.5, tiltDeg: 3 };

export interface BumpedPlan {
  /** Index of the first frame filmed by the knocked camera. */
  readonly bumpFrame: number;
  /** Frames with a hand resting over the bottom-right marker (before the bump). */
  readonly handFrames: readonly number[];
  readonly frames: number;
}

/** A hand drawn for one camera, redrawn for another: the same fingertip and forearm on the table. */
function moveHand(hand: HandSpec, from: Camera, to: Camera): HandSpec {
  const ahead: [number, number] = [hand.tip[0] + Math.cos(hand.direction) * 50, hand.tip[1] + Math.sin(hand.direction) * 50];
  const tipOnTable = from.tableAt(hand.tip[0], hand.tip[1]);
  const aheadOnTable = from.tableAt(ahead[0], ahead[1]);
  const tip = to.project(tipOnTable[0], tipOnTable[1]);
  const next = to.project(aheadOnTable[0], aheadOnTable[1]);
  const scale = (hand.scale * to.pxPerMmAt(tip[0], tip[1])) / from.pxPerMmAt(hand.tip[0], hand.tip[1]);
  return { ...hand, tip, direction: Math.atan2(next[1] - tip[1], next[0] - tip[0]), scale };
}

export async function renderBumpedSession(out: string, seed = BUMPED_SEED, onFrame?: (done: number, total: number) => void): Promise<BumpedPlan> {
  const fps = 2;
  const states = progressionExampleStates().slice(0, 3);
  // The still table after the first turn is filmed for 5 s: the hand over a marker, then the knock.
  const held = states.map((s, i) => (i === 1 ? { ...s, holdSeconds: 5 } : s));
  const conditions: Partial<PhotoConditions> = { width: 1280, height: 720, tiltDeg: 28, rollDeg: 2, distortion: 0.01, fill: 0.8, offset: [0, 0], distractors: [], glare: 0, shadows: 0.1, shakePx: 0, blurSigma: 0.4, jpegQuality: 70, noise: 1.5, whiteBalance: 'warm', wbStrength: 0.4 };
  const plan = planSession(held, { game: 'progression', out, seed, fps, holdSeconds: 1.5, moveSeconds: 1, conditions });
  const planned0 = plan.camera;
  if (!planned0) throw new Error('a filmed game has a camera');
  const allCards = [...new Map(plan.frames.flatMap((f) => f.cards.filter((c) => !c.moving)).map((c) => [`${c.card}|${c.row}|${c.col}`, c])).values()];
  const placed = markersAroundCards(allCards);
  // Frame the cards and the markers' paper, as someone setting the camera up would.
  const points = [...allCards.flatMap((c) => solidCorners(c)), ...placed.markers.flatMap((m) => {
    const r = m.sizeMm / 2 + m.marginMm + 10;
    return [[m.x - r, m.y - r], [m.x + r, m.y - r], [m.x + r, m.y + r], [m.x - r, m.y + r]] as [number, number][];
  })];
  const before = frameCamera(points, plan.conditions);
  const after = new Camera({ ...before.spec, target: [before.spec.target[0] + BUMP.shiftMm[0], before.spec.target[1] + BUMP.shiftMm[1]], yawDeg: before.spec.yawDeg + BUMP.yawDeg, tiltDeg: before.spec.tiltDeg + BUMP.tiltDeg });

  // The long hold after turn 1: frames 2-3 of it with a hand over a marker, the knock at its middle.
  const holdStart = plan.frames.findIndex((f) => f.state === 1 && f.stable);
  const holdEnd = plan.frames.findIndex((f) => f.state === 2);
  const handFrames = [holdStart + 2, holdStart + 3];
  const bumpFrame = holdStart + 6;
  if (!(holdStart > 0 && bumpFrame < holdEnd - 1)) throw new Error('the hold after turn 1 is too short for the knock');
  const random = seededRandom(hashSeed(`${seed}|marker-hand`));
  const covered = placed.markers[2]!;
  const markerTip = before.project(covered.x, covered.y);
  const onMarker = randomHand(random, markerTip, Math.atan2(markerTip[1] - before.spec.height * 1.3, markerTip[0] - before.spec.width * 1.1), before.pxPerMmAt(markerTip[0], markerTip[1]) * 1.12, false);

  mkdirSync(out, { recursive: true });
  const eventLog = plan.frames.filter((f) => f.events).map((f) => ({ t_ms: f.t_ms, state: f.state, events: f.events }));
  writeFileSync(join(out, EVENTS_FILE), `${JSON.stringify({ version: 1, game: 'progression', events: eventLog }, null, 1)}\n`);
  const frames: FixtureFrame[] = [];
  let first: Uint8Array | null = null;
  for (const [i, planned] of plan.frames.entries()) {
    const camera = i < bumpFrame ? before : after;
    const hands = [...planned.hands.map((h) => moveHand(h, planned0, camera)), ...(handFrames.includes(i) ? [onMarker] : [])];
    const scene: Scene = { game: 'progression', cards: planned.cards, objects: [], markers: placed.markers };
    const rendered = await renderFrame({ scene, conditions: plan.conditions, camera, seed: hashSeed(`${seed}|frame|${i}`), lightSeed: seed, hands });
    const image = `frame-${String(i).padStart(3, '0')}.jpg`;
    writeFileSync(join(out, image), rendered.jpeg);
    if (i === 0) first = rendered.jpeg;
    frames.push({ image, t_ms: planned.t_ms, ...(planned.events ? { events: [...planned.events] } : {}), stable: planned.stable, ...(i === 0 || i === bumpFrame ? { conditions: describeConditions(plan.conditions, camera) } : {}), cards: rendered.truth });
    onFrame?.(i + 1, plan.frames.length);
  }
  const fixture: Fixture = {
    version: FIXTURE_VERSION,
    game: 'progression',
    description: `recorded progression session with calibration markers; the camera is knocked (${BUMP.shiftMm.join(', ')} mm, ${BUMP.yawDeg} deg turn, ${BUMP.tiltDeg} deg tilt) at frame ${bumpFrame}; a hand rests over marker ${covered.id} at frames ${handFrames.join(', ')}; ${frames.length} frames at ${fps} fps`,
    seed,
    events: EVENTS_FILE,
    frames,
  };
  writeFixture(out, fixture);
  const cv = await openCv();
  const { profile } = calibrateFrame(cv, await decodeImage(first!), { layout: placed.layout, source: 'frame-000.jpg', created: new Date('2026-01-01T00:00:00Z') });
  writeProfile(join(out, PROFILE_FILE), profile);
  return { bumpFrame, handFrames, frames: frames.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: node dist/src/session/bumped-fixture.js OUT_DIR\n');
    process.exit(2);
  }
  const plan = await renderBumpedSession(out, BUMPED_SEED, (done, total) => process.stderr.write(`\rbumped-fixture: frame ${done}/${total}`));
  process.stderr.write(`\nbumped-fixture: ${plan.frames} frames in ${out}; the camera moves at frame ${plan.bumpFrame}\n`);
}
