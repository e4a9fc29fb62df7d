// OpenCV.js (WebAssembly), loaded once. Emscripten makes its module object a thenable, so
// awaiting it (or returning it from an async function) never settles: once the runtime is up we
// drop its `then`, after which it is a plain object that promises can carry.
// It is required, not imported: an ESM import (and test runners' module loaders) hand the
// module object through a promise, which would adopt the thenable and hang.
import { createRequire } from 'node:module';
import type CvModule from '@techstark/opencv-js';

export type OpenCv = typeof CvModule;

let loading: Promise<OpenCv> | undefined;

export function openCv(): Promise<OpenCv> {
  loading ??= new Promise((resolve) => {
    const module = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv & { onRuntimeInitialized?: () => void; then?: unknown };
    const ready = () => {
      delete module.then;
      resolve(module);
    };
    if (typeof module.Mat === 'function') ready();
    else module.onRuntimeInitialized = ready;
  });
  return loading;
}

/**
 * A thing made once for an OpenCV runtime (a matcher's templates, drawn once), or null where it
 * cannot be made here (no font or canvas to draw with): then the reader's own reading stands.
 */
export function madeOnce<T>(make: (cv: OpenCv) => T): (cv: OpenCv) => T | null {
  let made: { cv: OpenCv; value: T | null } | undefined;
  return (cv) => {
    if (made?.cv !== cv) {
      let value: T | null = null;
      try {
        value = make(cv);
      } catch {
        // Left null: see above.
      }
      made = { cv, value };
    }
    return made.value;
  };
}
