// A camera knocked mid-game, noticed from the calibration markers: the session checks them every
// few frames against the profile, takes `moved` on two checks in a row as a bump (one alone, or a
// hand over a marker, is not), recalibrates from the frame in hand, logs it so a restart carries
// on with the new profile, and says so on the table's view. Real frames (the bumped-camera
// fixture), real OpenCV, a real SQLite log.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectMarkers } from '../../src/calibration/detect-markers.js';
import { readProfile, type CalibrationProfile } from '../../src/calibration/profile.js';
import { readFixture, type Fixture } from '../../src/render/fixture-io.js';
import type { CalibrationEvent } from '../../src/session/camera-watch.js';
import { TableSession } from '../../src/session/session.js';
import { RecordedSessionSource, truthObservation } from '../../src/session/sources/recorded.js';
import type { FrameImage, Recogniser } from '../../src/session/sources/source.js';
import { EventStore } from '../../src/session/store.js';
import { openCv } from '../../src/vision/opencv.js';

const DIR = join('test', 'session', 'fixtures', 'bumped-camera');
const config = { game: 'progression' as const, players: 2, turnEnds: 'auto' as const };
let fixture: Fixture;
let profile: CalibrationProfile;
/** The first frame the knocked camera filmed (from the fixture's own description). */
let bumpFrame: number;
let handFrames: number[];
const work = mkdtempSync(join(tmpdir(), 'seqref-bump-'));

const image = (i: number): FrameImage => {
  const frame = fixture.frames[i]!;
  return { tMs: frame.t_ms, jpeg: readFileSync(join(DIR, frame.image)), width: 1280, height: 720 };
};

/** Plays frames through a session as a recorded source does: inspect, then the observation. */
async function play(session: TableSession, frames: readonly number[]): Promise<void> {
  for (const i of frames) {
    const img = image(i);
    await session.inspectFrame(img);
    session.observeTable(truthObservation(fixture.frames[i]!), img);
  }
}

function table(id: string, store: EventStore | null, every: number, base = profile): { session: TableSession; events: CalibrationEvent[] } {
  const session = new TableSession({ id, config, profile: base, cameraWatch: { every } }, store, null);
  const events: CalibrationEvent[] = [];
  session.on('calibration', (e) => events.push(e));
  return { session, events };
}

beforeAll(() => {
  fixture = readFixture(DIR);
  profile = readProfile(join(DIR, 'calibration.json'));
  bumpFrame = Number(/knocked .* at frame (\d+)/.exec(fixture.description)![1]);
  handFrames = /frames ([\d, ]+);/.exec(fixture.description)![1]!.split(', ').map(Number);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a camera bumped mid-game', () => {
  it('two checks in a row that see the markers moved recalibrate the table, log it, and warn; a restart keeps the new profile', async () => {
    const path = join(work, 'events.sqlite');
    let store = new EventStore(path);
    const { session, events } = table('t', store, 3);
    expect(session.view().calibration).toMatchObject({ calibrated: true, tiltDeg: profile.tiltDeg, pxPerMm: profile.pxPerMm.centre, recalibrations: 0, warning: null });
    await play(session, fixture.frames.map((_, i) => i));

    // Checks at frames 0, 3, 6, ...: the first after the knock suspects it, the next confirms it.
    const firstCheckAfter = Math.ceil(bumpFrame / 3) * 3;
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.kind).toBe('recalibrated');
    expect(event!.tMs).toBe(fixture.frames[firstCheckAfter + 3]!.t_ms);
    expect(event!.movedMm).toBeGreaterThan(10);
    expect(event!.text).toMatch(/^camera moved \d+ mm: recalibrated$/);
    const now = session.calibration!;
    expect(now).not.toEqual(profile);
    expect(now.homography).not.toEqual(profile.homography);
    expect(now.markers.seen).toHaveLength(4);
    const view = session.view();
    expect(view.calibration).toMatchObject({ calibrated: true, recalibrations: 1, check: 'steady', warning: { kind: 'recalibrated', text: event!.text } });
    // The game went on through the knock: both turns, as the recording's own events score them.
    expect(view.turns).toHaveLength(2);
    expect(view.scores).toEqual([0, 5]);

    // The log holds the switch; a restart on it starts from the new profile, warning and all.
    expect(store.ofType('t', 'calibration')).toHaveLength(1);
    store.close();
    store = new EventStore(path);
    const again = table('t', store, 3);
    expect(again.session.calibration).toEqual(now);
    expect(again.session.view().calibration).toMatchObject({ calibrated: true, recalibrations: 1, warning: { kind: 'recalibrated', text: event!.text } });
    // ...and the knocked camera's frames are steady under it: nothing more to say.
    await play(again.session, [bumpFrame + 6, bumpFrame + 9]);
    expect(again.events).toEqual([]);
    expect(again.session.view().calibration!.check).toBe('steady');
    // Set up afresh with another profile, the logged switch is not this camera's: it starts from the profile given.
    const fresh = table('t', store, 3, { ...profile, created: '2026-02-01T00:00:00.000Z' });
    expect(fresh.session.view().calibration).toMatchObject({ recalibrations: 0, warning: null });
    store.close();
  });

  it('one check that sees the markers moved, then one that sees them in place, is not a bump; nor is a hand over a marker', async () => {
    const { session, events } = table('once', null, 1);
    // A hand rests over one marker: it is out of sight, the others are where they were.
    await play(session, handFrames);
    expect(events).toEqual([]);
    expect(session.view().calibration!.check).toBe('steady');
    // A knocked frame alone (checked at every frame here), then the table as the profile has it.
    await play(session, [bumpFrame]);
    expect(session.view().calibration!.check).toBe('moved');
    // While a bump is only suspected, nothing settles.
    expect(session.view().busy).toBe(true);
    await play(session, [bumpFrame - 1, bumpFrame + 1, 0]);
    expect(events).toEqual([]);
    expect(session.calibration).toBe(profile);
    expect(session.view().busy).toBe(false);
    // Two in a row is.
    await play(session, [bumpFrame + 2, bumpFrame + 3]);
    expect(events.map((e) => e.kind)).toEqual(['recalibrated']);
  });

  it('when the markers are not all in sight the table goes uncalibrated, says so, and recalibrates once they are', async () => {
    // A knocked frame with one marker covered over (painted with the felt around it).
    const cv = await openCv();
    const source = image(bumpFrame + 4);
    const { data, info } = await sharp(source.jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const marker = detectMarkers(cv, { width: info.width, height: info.height, data: rgba }).find((m) => m.id === 1)!;
    const xs = marker.corners.map((p) => p[0]);
    const ys = marker.corners.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs) - 25, Math.max(...xs) + 25, Math.min(...ys) - 25, Math.max(...ys) + 25].map(Math.round) as [number, number, number, number];
    const felt = (Math.round(y0 - 10) * info.width + Math.round(x0 - 10)) * 4;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) for (let c = 0; c < 4; c++) rgba[(y * info.width + x) * 4 + c] = rgba[felt + c]!;
    const covered = await sharp(Buffer.from(rgba), { raw: { width: info.width, height: info.height, channels: 4 } }).jpeg({ quality: 90 }).toBuffer();
    const coveredImage: FrameImage = { ...source, jpeg: covered };

    const { session, events } = table('covered', null, 1);
    await session.inspectFrame(coveredImage);
    await session.inspectFrame({ ...coveredImage, tMs: coveredImage.tMs + 500 });
    expect(events).toHaveLength(1);
    expect(events[0]!.kind).toBe('recalibration-failed');
    expect(events[0]!.text).toMatch(/^camera moved \d+ mm: could not recalibrate \(3 of the 4 markers in sight\); recognising uncalibrated/);
    expect(session.calibration).toBeNull();
    expect(session.view().calibration).toMatchObject({ calibrated: false, warning: { kind: 'recalibration-failed' } });
    // The hand lifts: all four in sight, recalibrated.
    await play(session, [bumpFrame + 5]);
    expect(events.map((e) => e.kind)).toEqual(['recalibration-failed', 'recalibrated']);
    expect(session.calibration).not.toBeNull();
    expect(session.view().calibration).toMatchObject({ calibrated: true, recalibrations: 1 });
  });

  it('a recorded source reads each frame with the profile in force once that frame is checked', async () => {
    // The recogniser's part is the vision module's; here it reads the recording's truth and notes the profile it was handed.
    const handed: (CalibrationProfile | null | undefined)[] = [];
    const noting: Recogniser = {
      name: 'truth, noting the profile',
      recognise: async (img, _game, calibration) => {
        handed.push(calibration);
        return truthObservation(fixture.frames.find((f) => f.t_ms === img.tMs)!);
      },
    };
    const session = new TableSession({ id: 'recorded', config, profile, cameraWatch: { every: 3 } }, null, new RecordedSessionSource({ path: DIR, speed: 0, recogniser: noting }));
    const ended = new Promise<void>((done) => session.once('ended', () => done()));
    await session.start();
    await ended;
    expect(handed).toHaveLength(fixture.frames.length);
    // The check that confirms the bump comes before that frame is read: from it on, the new profile.
    const confirmed = Math.ceil(bumpFrame / 3) * 3 + 3;
    expect(handed.slice(0, confirmed).every((p) => p === profile)).toBe(true);
    const after = session.calibration!;
    expect(after).not.toBe(profile);
    expect(handed.slice(confirmed).every((p) => p === after)).toBe(true);
    expect(session.view().scores).toEqual([0, 5]);
  });
});
