// Live camera sources: a folder of images, a webcam through ffmpeg, and a browser's camera whose
// frames arrive over Socket.IO (so a phone can be the camera). Each hands its JPEG frames to the
// recogniser; a frame that arrives while the last is still being read is dropped, not queued, so
// the dashboard shows the present and never falls behind.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { InputError } from '../../errors.js';
import type { FrameImage, Recogniser, Source, SourceKind, SourceSink } from './source.js';

/** Reads frames one at a time through a recogniser, dropping those that come while it is busy. */
export class FrameFeeder {
  private reading = false;
  dropped = 0;
  constructor(public recogniser: Recogniser | null, private readonly game: string, private readonly sink: SourceSink) {}

  /** Returns false when the frame was dropped. */
  async feed(jpeg: Buffer, tMs: number): Promise<boolean> {
    if (this.reading) {
      this.dropped++;
      return false;
    }
    this.reading = true;
    try {
      const meta = await sharp(jpeg).metadata();
      if (!meta.width || !meta.height) throw new InputError('the frame is not an image');
      const image: FrameImage = { tMs, jpeg, width: meta.width, height: meta.height };
      await this.sink.inspect(image);
      if (!this.recogniser) {
        this.sink.table({ tMs, cards: [], busy: true }, image);
        this.sink.status('no recogniser (src/vision/recognise.ts and its model): frames are shown, not read');
        return true;
      }
      this.sink.table(await this.recogniser.recognise(image, this.game, this.sink.calibration()), image);
      return true;
    } finally {
      this.reading = false;
    }
  }
}

/** A camera source that reads its frames through a recogniser, which may be changed while it runs (another deck). */
export abstract class ReadingSource {
  protected feeder: FrameFeeder | null = null;

  constructor(protected readonly game: string, protected recogniser: Recogniser | null, public deck: string | null = null) {}

  protected feederFor(sink: SourceSink): FrameFeeder {
    return (this.feeder = new FrameFeeder(this.recogniser, this.game, sink));
  }

  /** Reads the frames from now on with another recogniser (an enrolled deck's, or the built-in one). */
  useRecogniser(recogniser: Recogniser | null, deck: string | null): void {
    this.recogniser = recogniser;
    this.deck = deck;
    if (this.feeder) this.feeder.recogniser = recogniser;
  }
}

/** Every .jpg/.jpeg/.png in a folder, in name order, one every `intervalMs`. */
export class ImageFolderSource extends ReadingSource implements Source {
  readonly kind: SourceKind = 'images';
  readonly description: string;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly dir: string, game: string, recogniser: Recogniser | null, deck: string | null = null, private readonly intervalMs = 500) {
    super(game, recogniser, deck);
    this.description = `images in ${dir}`;
  }

  async start(sink: SourceSink, resumeAfter: number | null = null): Promise<void> {
    let files: string[];
    try {
      files = readdirSync(this.dir).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort();
    } catch {
      throw new InputError(`--images ${this.dir}: no such folder`);
    }
    if (files.length === 0) throw new InputError(`--images ${this.dir}: no .jpg or .png files`);
    const feeder = this.feederFor(sink);
    let index = resumeAfter === null ? 0 : Math.floor(resumeAfter) + 1;
    const tick = async (): Promise<void> => {
      const file = files[index];
      if (file === undefined) return sink.ended();
      let jpeg = readFileSync(join(this.dir, file));
      if (!/\.jpe?g$/i.test(file)) jpeg = await sharp(jpeg).jpeg({ quality: 85 }).toBuffer();
      await feeder.feed(jpeg, index * this.intervalMs);
      sink.position(index);
      index++;
      this.timer = setTimeout(() => void tick(), this.intervalMs);
    };
    await tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
  }
}

export function ffmpegAvailable(): boolean {
  return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
}

/**
 * ffmpeg's input arguments for a camera: a regular file is a recording played as if it were the
 * camera (`live`: at its own pace); anything else is a device (V4L2 on Linux, AVFoundation on macOS).
 */
export function ffmpegInput(device: string, options: { live: boolean }): string[] {
  if (existsSync(device) && statSync(device).isFile()) return options.live ? ['-re', '-i', device] : ['-i', device];
  if (process.platform === 'linux') return ['-f', 'v4l2', '-i', device];
  return process.platform === 'darwin' ? ['-f', 'avfoundation', '-i', device] : ['-i', device];
}

/** Splits an MJPEG byte stream into JPEG images (SOI FFD8 ... EOI FFD9). */
export class MjpegSplitter {
  private buffer = Buffer.alloc(0);
  push(chunk: Buffer, onImage: (jpeg: Buffer) => void): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const start = this.buffer.indexOf(Buffer.from([0xff, 0xd8]));
      if (start < 0) {
        this.buffer = Buffer.alloc(0);
        return;
      }
      const end = this.buffer.indexOf(Buffer.from([0xff, 0xd9]), start + 2);
      if (end < 0) {
        this.buffer = this.buffer.subarray(start);
        return;
      }
      onImage(Buffer.from(this.buffer.subarray(start, end + 2)));
      this.buffer = this.buffer.subarray(end + 2);
    }
  }
}

/** A webcam (V4L2 on Linux), or a video file played at its own pace, read through ffmpeg as MJPEG at a few frames a second. */
export class FfmpegCameraSource extends ReadingSource implements Source {
  readonly kind: SourceKind = 'webcam';
  readonly description: string;
  private child: ChildProcess | null = null;

  constructor(private readonly device: string, game: string, recogniser: Recogniser | null, deck: string | null = null, private readonly fps = 4) {
    super(game, recogniser, deck);
    this.description = `webcam ${device} (ffmpeg)`;
  }

  async start(sink: SourceSink): Promise<void> {
    if (!ffmpegAvailable()) throw new InputError(`--camera ${this.device}: ffmpeg is not installed (apt-get install ffmpeg), or use the browser camera page /capture`);
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...ffmpegInput(this.device, { live: true }), '-vf', `fps=${this.fps}`, '-f', 'image2pipe', '-vcodec', 'mjpeg', '-q:v', '5', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const feeder = this.feederFor(sink);
    const splitter = new MjpegSplitter();
    const origin = performance.now();
    child.stdout!.on('data', (chunk: Buffer) => splitter.push(chunk, (jpeg) => void feeder.feed(jpeg, performance.now() - origin)));
    child.stderr!.on('data', (chunk: Buffer) => sink.status(`ffmpeg: ${chunk.toString().trim().split('\n')[0]}`));
    child.on('exit', (code) => sink.status(`the camera stopped (ffmpeg exit ${code ?? 'signal'})`));
  }

  async stop(): Promise<void> {
    this.child?.kill('SIGTERM');
  }
}

/** A browser's camera (/capture): the server pushes each frame it receives over Socket.IO. */
export class BrowserCameraSource extends ReadingSource implements Source {
  readonly kind: SourceKind = 'browser';
  readonly description = 'browser camera (/capture)';
  private readonly origin = performance.now();

  async start(sink: SourceSink): Promise<void> {
    this.feederFor(sink);
    sink.status('waiting for a camera: open /capture on a phone or a laptop');
  }

  /** A frame from a browser (already checked to be a JPEG of a sane size). */
  push(jpeg: Buffer): Promise<boolean> {
    return this.feeder ? this.feeder.feed(jpeg, performance.now() - this.origin) : Promise.resolve(false);
  }

  async stop(): Promise<void> {
    this.feeder = null;
  }
}
