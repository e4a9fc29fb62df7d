// What the hot loops keep between calls, so each frame does not pay in page faults and GC: typed
// arrays, each known by its name, grown as needed, keeping its last numbers (callers write before
// reading, and two arrays in use at once need two names); and values made once per object (cached).

type Kept = Float64Array | Float32Array | Int32Array | Uint16Array | Uint8Array;

const kept = new Map<string, Kept>();

function keep<T extends Kept>(name: string, n: number, make: new (length: number) => T): T {
  let a = kept.get(name) as T | undefined;
  if (!a || a.length < n) kept.set(name, (a = new make(n)));
  // A view is an allocation: the array itself where it is the size asked for.
  return a.length === n ? a : (a.subarray(0, n) as T);
}

/** A kept array of `n` cells under `name`; its old contents stay until overwritten. */
export const float64s = (name: string, n: number): Float64Array => keep(name, n, Float64Array);
export const float32s = (name: string, n: number): Float32Array => keep(name, n, Float32Array);
export const int32s = (name: string, n: number): Int32Array => keep(name, n, Int32Array);
export const uint16s = (name: string, n: number): Uint16Array => keep(name, n, Uint16Array);
export const bytes = (name: string, n: number): Uint8Array => keep(name, n, Uint8Array);

/** The value `map` holds for `key`, made by `make` the first time it is asked for. */
export function cached<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
