/**
 * Object ⇄ bytes encoding used by backends (JSON by default, canonical so that no-op updates compare equal).
 * @module
 */
import { newInternalError } from './errors.js';
import { isPlainObject, isStorageObject, type StorageObject } from './object.js';

/** Encodes objects to bytes and back. */
export interface Codec<T extends StorageObject = StorageObject> {
  /** Encodes an object (callers clear resourceVersion/selfLink first). */
  encode(obj: T): Uint8Array;
  /** Decodes bytes; throws InternalError for data that is not a valid object. */
  decode(data: Uint8Array): T;
}

function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalize);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = value[k];
    if (v === undefined) continue;
    // A `__proto__` key (JSON.parse makes it an own property) must stay one: assigning it sets the prototype.
    if (k === '__proto__') Object.defineProperty(out, k, { value: canonicalize(v), enumerable: true, writable: true, configurable: true });
    else out[k] = canonicalize(v);
  }
  return out;
}

/** Canonical JSON text: object keys sorted, undefined members dropped. */
export function canonicalJSON(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

/** Default guard accepting any StorageObject as T (T is the caller's declared object type). */
function anyStorageObject<T extends StorageObject>(value: unknown): value is T {
  return isStorageObject(value);
}

/** Creates a canonical JSON codec; `guard` validates decoded values (default: any object with metadata). */
export function createJSONCodec<T extends StorageObject = StorageObject>(
  guard: (value: unknown) => value is T = anyStorageObject,
): Codec<T> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return {
    encode: (obj) => encoder.encode(canonicalJSON(obj)),
    decode: (data) => {
      let value: unknown;
      try {
        value = JSON.parse(decoder.decode(data));
      } catch (err) {
        throw newInternalError(err);
      }
      if (!guard(value)) throw newInternalError(new Error('decoded value is not an object with metadata'));
      return value;
    },
  };
}

/** The default JSON codec for plain StorageObjects. */
export const jsonCodec: Codec = createJSONCodec();

/** Byte-wise equality of two encodings. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
