/**
 * Object ⇄ bytes encoding used by backends (JSON by default, canonical so that no-op updates compare equal).
 * @module
 */
import { newInternalError } from './errors.js';
import { canonicalCopy, jsonCopy, keysSorted, NOT_PLAIN_JSON } from './json-copy.js';
import { isPlainObject, isStorageObject, type StorageObject } from './object.js';
import { utf8Bytes } from './utf8-bytes.js';

/** Encodes objects to bytes and back. */
export interface Codec<T extends StorageObject = StorageObject> {
  /** Encodes an object (callers clear resourceVersion/selfLink first). */
  encode(obj: T): Uint8Array;
  /** Decodes bytes; throws InternalError for data that is not a valid object. */
  decode(data: Uint8Array): T;
}

/** Sets `out[k]`; a `__proto__` key (JSON.parse makes it an own property) must stay one: assigning it sets the prototype. */
function setMember(out: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  else out[k] = v;
}

/**
 * `value` with object keys sorted and undefined members dropped, for JSON.stringify. Parts that already are in
 * that form (plain objects whose keys are sorted, plain arrays, whose members are too) are returned as they are
 * rather than copied: JSON.stringify writes them the same, as it leaves out undefined members itself.
 */
function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return canonicalArray(value);
  if (!isPlainObject(value)) return value;
  return canonicalObject(value);
}

function canonicalArray(value: unknown[]): unknown[] {
  if (Object.getPrototypeOf(value) !== Array.prototype) return value.map(canonicalize);
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    const c = canonicalize(v);
    if (c === v) continue;
    // The first item that changes: the items before it are canonical already.
    const out = value.slice(0, i);
    out.push(c);
    for (let j = i + 1; j < value.length; j++) out.push(canonicalize(value[j]));
    return out;
  }
  return value;
}

/** Whether `value` may be handed to JSON.stringify as it is when its members are canonical: a plain object without toJSON. */
function writtenAsIs(value: Record<string, unknown>): boolean {
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !Object.hasOwn(value, 'toJSON');
}

function canonicalObject(value: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(value);
  if (!keysSorted(keys) || !writtenAsIs(value)) return sortedCopy(value, keys.sort(), 0, {});
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = value[k];
    if (v === undefined) continue;
    const c = canonicalize(v);
    if (c === v) continue;
    // The first member that changes: the members before it are canonical already.
    const out: Record<string, unknown> = {};
    for (let j = 0; j < i; j++) {
      const kj = keys[j] as string;
      if (value[kj] !== undefined) setMember(out, kj, value[kj]);
    }
    setMember(out, k, c);
    return sortedCopy(value, keys, i + 1, out);
  }
  return value;
}

/** Copies the members `sortedKeys[from…]` of `value` into `out`, canonical, skipping undefined ones. */
function sortedCopy(value: Record<string, unknown>, sortedKeys: readonly string[], from: number, out: Record<string, unknown>): Record<string, unknown> {
  for (let i = from; i < sortedKeys.length; i++) {
    const k = sortedKeys[i] as string;
    const v = value[k];
    if (v !== undefined) setMember(out, k, canonicalize(v));
  }
  return out;
}

/** Canonical JSON text: object keys sorted, undefined members dropped. */
export function canonicalJSON(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

/**
 * A codec that can also give, with the encoding, the object decoding it would give: a write that returns what it
 * stored (a create) then takes that instead of decoding the bytes it just made.
 */
export interface DecodedEncoder<T extends StorageObject = StorageObject> {
  /** The bytes `encode(obj)` gives, and what `decode` of them gives (undefined when only decoding can tell). */
  encodeWithDecoded(obj: T): { readonly data: Uint8Array; readonly decoded: T | undefined };
}

/** Type guard: the codec implements {@link DecodedEncoder}. */
export function isDecodedEncoder<T extends StorageObject>(codec: Codec<T>): codec is Codec<T> & DecodedEncoder<T> {
  return typeof (codec as Partial<DecodedEncoder<T>>).encodeWithDecoded === 'function';
}

/** Default guard accepting any StorageObject as T (T is the caller's declared object type). */
function anyStorageObject<T extends StorageObject>(value: unknown): value is T {
  return isStorageObject(value);
}

/** Creates a canonical JSON codec; `guard` validates decoded values (default: any object with metadata). */
export function createJSONCodec<T extends StorageObject = StorageObject>(
  guard: (value: unknown) => value is T = anyStorageObject,
): Codec<T> & DecodedEncoder<T> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return {
    encode: (obj) => utf8Bytes(canonicalJSON(obj)),
    encodeWithDecoded: (obj) => {
      // A plain JSON object: its canonical copy is what decoding gives, and JSON writes it as the canonical text.
      const decoded = canonicalCopy(obj);
      if (decoded !== NOT_PLAIN_JSON && guard(decoded)) return { data: utf8Bytes(JSON.stringify(decoded)), decoded };
      const canonical = canonicalize(obj);
      const data = utf8Bytes(JSON.stringify(canonical));
      // The decoded object is a copy of the canonical value, when that is plain JSON (what parsing its text gives).
      const copy = jsonCopy(canonical);
      return { data, decoded: copy !== NOT_PLAIN_JSON && guard(copy) ? copy : undefined };
    },
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
export const jsonCodec: Codec & DecodedEncoder = createJSONCodec();

/** Byte-wise equality of two encodings. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
