// OpenCV.js (WebAssembly), loaded once. Its module object is a thenable that never settles, so it is
// required, not imported, and its `then` is dropped once the runtime is up so promises can carry it.
import { createRequire } from 'node:module';
import type CvModule from '@techstark/opencv-js';

/** The OpenCV.js module. */
export type OpenCv = typeof CvModule;

let loading: Promise<OpenCv> | undefined;

/** The OpenCV.js runtime, loaded on first call. */
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

/** Makes a thing once per OpenCV runtime; null where it cannot be made here (no font or canvas). */
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
