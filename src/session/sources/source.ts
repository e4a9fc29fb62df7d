// Where a table's observations come from. Every source (a recorded session, a folder of images,
// a webcam through ffmpeg, a browser's camera, the serial board) sits behind this one interface;
// camera sources hand their frames to a Recogniser, the board source hands over board views.
import type { CalibrationProfile } from '../../calibration/profile.js';
import type { BoardObservation, TableObservation } from '../types.js';

export type SourceKind = 'recorded-truth' | 'recorded-frames' | 'recorded-board' | 'images' | 'webcam' | 'browser' | 'board';

/** One camera frame as the dashboard shows it. */
export interface FrameImage {
  readonly tMs: number;
  readonly jpeg: Buffer;
  readonly width: number;
  readonly height: number;
}

export interface SourceSink {
  /** A camera frame and what was read from it (the image may be left out to save bandwidth). */
  table(observation: TableObservation, image: FrameImage | null): void;
  board(view: BoardObservation): void;
  /** A button on the board ($K). */
  button(button: number, tMs: number): void;
  /** One line for a person. */
  status(text: string): void;
  /** A recorded source has nothing more; `position` is where it stopped. */
  ended(): void;
  /** Where a recorded source stands (its own clock), so a restart resumes after it. */
  position(position: number): void;
  /** A camera frame before it is read (the session checks the camera's markers on it). */
  inspect(image: FrameImage): Promise<void>;
  /** The calibration profile to read frames with now (null: none). */
  calibration(): CalibrationProfile | null;
}

export interface Source {
  readonly kind: SourceKind;
  /** For the dashboard: where the observations come from, honestly ("recorded truth: ..."). */
  readonly description: string;
  /** The enrolled deck (its file's name) the source reads cards as, where not the deck of cards.md. */
  readonly deck?: string | null;
  /** `resumeAfter`: a recorded source skips what it had already given before a restart. */
  start(sink: SourceSink, resumeAfter?: number | null): Promise<void>;
  stop(): Promise<void>;
}

/** Turns a camera frame into cards on grid cells (src/vision's recognise(), adapted). */
export interface Recogniser {
  readonly name: string;
  /** `calibration`: the table's profile (recognition on the rectified table), when it has one. */
  recognise(image: FrameImage, game: string, calibration?: CalibrationProfile | null): Promise<TableObservation>;
}
