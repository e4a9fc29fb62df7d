// One photographed table, planned from a seed: the table, how it lies, the conditions, the
// camera and the hands; then rendered. Everything a frame needs is in the plan, so it replays.
import { seededRandom } from '../rules/random.js';
import type { Camera } from './camera.js';
import { randomConditions, type PhotoConditions } from './conditions.js';
import { STANDARD_DECK, type DeckProfile } from '../deck/profile.js';
import type { HandSpec } from './hands.js';
import { cameraFor, chooseHands, renderFrame, type FaceImages, type RenderedFrame } from './photo.js';
import { placeCards, placeObjects, randomLayoutStyle, randomTable, type CardPose, type LayoutStyle, type Scene, type Solid, type TableGame, type TableMarker, type TableObjectKind, type TablePlacement } from './scene.js';

export interface ShotOptions {
  /** The table to photograph; a plausible one for the game when absent. */
  readonly placements?: readonly TablePlacement[];
  readonly conditions?: Partial<PhotoConditions>;
  readonly style?: Partial<LayoutStyle>;
  readonly profile?: DeckProfile;
  /** Calibration markers to lay on the table, placed from the cards' poses (src/calibration); the camera frames them too. None by default. */
  readonly markers?: (cards: readonly CardPose[]) => readonly TableMarker[];
}

export interface Shot {
  readonly game: TableGame;
  readonly seed: number;
  readonly placements: readonly TablePlacement[];
  readonly style: LayoutStyle;
  readonly conditions: PhotoConditions;
  readonly scene: Scene;
  readonly camera: Camera;
  readonly hands: readonly HandSpec[];
  readonly profile: DeckProfile;
}

const OBJECT_KINDS: readonly string[] = ['coins', 'phone', 'deck'];

export function planShot(game: TableGame, seed: number, options: ShotOptions = {}): Shot {
  const random = seededRandom(seed);
  const profile = options.profile ?? STANDARD_DECK;
  const placements = options.placements ?? randomTable(game, random);
  const style = randomLayoutStyle(game, random, options.style);
  const conditions = randomConditions(random, options.conditions);
  const cards = placeCards(game, placements, style, seed, profile);
  const objectKinds = conditions.distractors.filter((d): d is TableObjectKind => OBJECT_KINDS.includes(d));
  const objects = placeObjects(objectKinds, cards, random, profile);
  const markers = options.markers?.(cards);
  const scene: Scene = markers ? { game, cards, objects, markers } : { game, cards, objects };
  const camera = markers ? cameraFor([...cards, ...markers.map(markerSolid)], conditions) : cameraFor(cards, conditions);
  const hands = chooseHands(scene, camera, conditions, random);
  return { game, seed, placements, style, conditions, scene, camera, hands, profile };
}

/** A marker's paper as a flat solid, for framing the camera on it. */
function markerSolid(marker: TableMarker): Solid {
  const side = marker.sizeMm + 2 * marker.marginMm;
  return { kind: 'card', x: marker.x, y: marker.y, angleDeg: marker.angleDeg, w: side, h: side, z: -1, lift: 0 };
}

/** Renders the planned shot; `faces` shows pictures of faces (a printed deck, say) instead of drawing them. */
export function renderShot(shot: Shot, options: { keepRgb?: boolean; faces?: FaceImages } = {}): Promise<RenderedFrame> {
  const { faces, ...rest } = options;
  return renderFrame({ scene: shot.scene, conditions: shot.conditions, camera: shot.camera, seed: shot.seed, hands: shot.hands, profile: shot.profile, ...(faces ? { faces } : {}) }, rest);
}
