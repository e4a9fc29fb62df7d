// The renderer's public surface: photographs of tables with their truth, recorded sessions, and
// fixtures on disk (contracts section 3). `seqref render` and `seqref eval` use only this.
export { STANDARD_DECK, type DeckProfile } from '../deck/profile.js';
export { drawFace, faceCanvas } from '../deck/faces.js';
export { Camera, type CameraSpec } from './camera.js';
export { plainConditions, randomConditions, type PhotoConditions } from './conditions.js';
export { cameraFor, renderFrame, type FrameRequest, type RenderedFrame } from './photo.js';
export { planShot, renderShot, type Shot, type ShotOptions } from './shot.js';
export { placeCards, randomTable, stacksPlacements, STACKS_SPACES, TABLE_GAMES, type GameId, type Scene, type StacksTable, type TableGame, type TablePlacement } from './scene.js';
export type { TruthCard } from './truth.js';
export { planSession, renderSession, type SerialFrame, type SessionOptions, type SessionPlan, type SessionState } from './session.js';
export { findFixtures, FixtureError, readFixture, validateFixture, writeFixture, type Fixture, type FixtureCard, type FixtureFrame } from './fixture-io.js';
export { contactSheet, previewFixtures } from './preview.js';
export { renderBundledFixtures, DEFAULT_FIXTURE_SEED } from './fixtures.js';
