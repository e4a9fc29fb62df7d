// A camera table's calibration during play: the profile recognition uses, and a watch on the
// markers for a camera bumped mid-game. Every few frames the markers are compared with the
// profile (src/calibration/bump.ts); `moved` on two checks in a row is a bump (one check alone
// is most often a hand over a marker), and the table is recalibrated from the frame in hand.
// When that fails (the markers are not all in sight) the old profile is known to be wrong, so
// recognition goes on uncalibrated, as it does without a profile, until a later check can
// recalibrate, or finds the markers back where the old profile has them.
import { createHash } from 'node:crypto';
import type { BumpCheck } from '../calibration/bump.js';
import type { CalibrationProfile } from '../calibration/profile.js';
import type { Recalibration } from '../calibration/recalibrate.js';
import type { RgbaImage } from '../vision/image.js';
import type { FrameImage } from './sources/source.js';

/** Frames between two checks, unless told: one check costs about 20 ms on a 1280 x 720 frame (bench/server.ts). */
export const CHECK_EVERY_FRAMES = 3;
/** Checks in a row that must say `moved` before the camera counts as bumped. */
export const CONFIRM_CHECKS = 2;

/** What the log keeps of each change of calibration (so a restart carries on with it). */
export interface CalibrationEvent {
  readonly kind: 'recalibrated' | 'recalibration-failed' | 'restored';
  /** The profile the table was set up with (a restart with another profile starts afresh). */
  readonly base: string;
  /** The profile the markers are now checked against, and whether recognition uses it. */
  readonly reference: CalibrationProfile;
  readonly active: boolean;
  readonly movedMm: number | null;
  /** For the dashboard: "camera moved 14 mm: recalibrated". */
  readonly text: string;
  /** The frame's time on the source's clock. */
  readonly tMs: number;
}

/** The table's calibration as the dashboard shows it. */
export interface CalibrationView {
  /** Recognition uses a profile now. */
  readonly calibrated: boolean;
  readonly tiltDeg: number;
  readonly pxPerMm: number;
  readonly residualMm: number;
  readonly source: string;
  readonly created: string;
  readonly recalibrations: number;
  /** The last check's verdict (`pending` before the first). */
  readonly check: BumpCheck['status'] | 'pending';
  /** The latest camera warning, kept until the next one. */
  readonly warning: { readonly kind: CalibrationEvent['kind']; readonly text: string } | null;
}

export interface CameraChecks {
  check(frame: RgbaImage, profile: CalibrationProfile): BumpCheck;
  recalibrate(frame: RgbaImage, profile: CalibrationProfile): Recalibration;
}

/** The real checks: OpenCV's ArUco detector, loaded on first use. */
export async function openCvChecks(): Promise<CameraChecks> {
  const [{ openCv }, { checkBump }, { recalibrate }] = await Promise.all([import('../vision/opencv.js'), import('../calibration/bump.js'), import('../calibration/recalibrate.js')]);
  const cv = await openCv();
  return { check: (frame, profile) => checkBump(cv, frame, profile), recalibrate: (frame, profile) => recalibrate(cv, frame, profile) };
}

export async function decodeFrame(image: FrameImage): Promise<RgbaImage> {
  const sharp = (await import('sharp')).default;
  const { data, info } = await sharp(image.jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

export function profileKey(profile: CalibrationProfile): string {
  return createHash('sha256').update(JSON.stringify(profile)).digest('hex').slice(0, 16);
}

export interface CameraWatchOptions {
  readonly every?: number;
  readonly confirm?: number;
  /** Default: openCvChecks(). */
  readonly checks?: Promise<CameraChecks> | CameraChecks;
}

export class CameraWatch {
  readonly base: string;
  private reference: CalibrationProfile;
  private active: boolean = true;
  private frames = 0;
  private movedRun = 0;
  private checking = false;
  private last: CalibrationView['check'] = 'pending';
  private warning: CalibrationView['warning'] = null;
  private recalibrations = 0;
  private checks: Promise<CameraChecks> | null = null;
  private readonly every: number;
  private readonly confirm: number;

  /** `logged`: this table's calibration events from the log, oldest first (a restart resumes from the last for this base). */
  constructor(readonly profile: CalibrationProfile, private readonly options: CameraWatchOptions = {}, logged: readonly CalibrationEvent[] = []) {
    this.base = profileKey(profile);
    this.reference = profile;
    this.every = Math.max(1, options.every ?? CHECK_EVERY_FRAMES);
    this.confirm = Math.max(1, options.confirm ?? CONFIRM_CHECKS);
    const mine = logged.filter((e) => e.base === this.base);
    const latest = mine.at(-1);
    if (latest) {
      this.reference = latest.reference;
      this.active = latest.active;
      this.warning = { kind: latest.kind, text: latest.text };
      this.recalibrations = mine.filter((e) => e.kind === 'recalibrated').length;
    }
  }

  /** The profile recognition uses now (null: uncalibrated, the camera moved and could not be recalibrated). */
  get current(): CalibrationProfile | null {
    return this.active ? this.reference : null;
  }

  /** One check said `moved` and the next has not confirmed or cleared it: what the camera shows may be shifting. */
  get suspect(): boolean {
    return this.movedRun > 0;
  }

  view(): CalibrationView {
    const p = this.reference;
    return { calibrated: this.active, tiltDeg: p.tiltDeg, pxPerMm: p.pxPerMm.centre, residualMm: p.residualMm, source: p.source, created: p.created, recalibrations: this.recalibrations, check: this.last, warning: this.warning };
  }

  /** Looks at a frame (every `every`th); returns the change of calibration it led to, if any. */
  async inspect(image: FrameImage): Promise<CalibrationEvent | null> {
    const due = this.frames % this.every === 0;
    this.frames++;
    if (!due || this.checking) return null;
    this.checking = true;
    try {
      this.checks ??= Promise.resolve(this.options.checks ?? openCvChecks());
      const checks = await this.checks;
      const frame = await decodeFrame(image);
      return this.judge(checks, frame, image.tMs);
    } finally {
      this.checking = false;
    }
  }

  private judge(checks: CameraChecks, frame: RgbaImage, tMs: number): CalibrationEvent | null {
    const result = checks.check(frame, this.reference);
    this.last = result.status;
    const mm = Number.isFinite(result.worstMm) ? `${Math.round(result.worstMm)} mm` : '(another picture size)';
    if (!this.active) {
      // Known moved, not recalibrated: back in place, or recalibrate once all markers show.
      if (result.status === 'steady') return this.event('restored', null, tMs, 'the markers are back in place: calibrated again with the profile');
      if (result.status !== 'moved') return null;
      const again = checks.recalibrate(frame, this.reference);
      if (!again.ok) return null;
      return this.switchTo(again.profile, result.worstMm, tMs, `camera moved ${mm}: recalibrated`);
    }
    if (result.status === 'steady') this.movedRun = 0;
    // `unknown` (fewer than two markers in sight: hands, a bag) neither counts nor clears.
    if (result.status !== 'moved') return null;
    this.movedRun++;
    if (this.movedRun < this.confirm) return null;
    this.movedRun = 0;
    const again = checks.recalibrate(frame, this.reference);
    if (again.ok) return this.switchTo(again.profile, result.worstMm, tMs, `camera moved ${mm}: recalibrated`);
    this.active = false;
    return this.event('recalibration-failed', result.worstMm, tMs, `camera moved ${mm}: could not recalibrate (${again.reason}); recognising uncalibrated until the markers are all in sight`);
  }

  private switchTo(profile: CalibrationProfile, movedMm: number, tMs: number, text: string): CalibrationEvent {
    this.reference = profile;
    this.recalibrations++;
    return this.event('recalibrated', movedMm, tMs, text);
  }

  private event(kind: CalibrationEvent['kind'], movedMm: number | null, tMs: number, text: string): CalibrationEvent {
    this.active = kind !== 'recalibration-failed';
    this.movedRun = 0;
    this.warning = { kind, text };
    return { kind, base: this.base, reference: this.reference, active: this.active, movedMm: movedMm !== null && Number.isFinite(movedMm) ? Number(movedMm.toFixed(1)) : null, text, tMs };
  }
}
