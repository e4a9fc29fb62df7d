// Typed arrays kept from call to call for the recogniser's hot loops (the scan's views, the
// refiner's profiles, the warps' source positions): made afresh for every frame, side or card they
// cost page faults and garbage collections, megabytes a frame in the scan. Each is known by its
// name, grown as needed, and still holds its last use's numbers: a caller writes every cell before
// reading it, and two arrays in use at once have two names.

type Kept = Float64Array | Float32Array | Int32Array | Uint16Array | Uint8Array;

const kept = new Map<string, Kept>();

function keep<T extends Kept>(name: string, n: number, make: new (length: number) => T): T {
  let a = kept.get(name) as T | undefined;
  if (!a || a.length < n) kept.set(name, (a = new make(n)));
  return a.subarray(0, n) as T;
}

export const float64s = (name: string, n: number): Float64Array => keep(name, n, Float64Array);
export const float32s = (name: string, n: number): Float32Array => keep(name, n, Float32Array);
export const int32s = (name: string, n: number): Int32Array => keep(name, n, Int32Array);
export const uint16s = (name: string, n: number): Uint16Array => keep(name, n, Uint16Array);
export const bytes = (name: string, n: number): Uint8Array => keep(name, n, Uint8Array);
