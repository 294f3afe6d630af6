/**
 * A schema check of a large object in time slices (issue #19). A compiled TypeBox check is one call over the whole
 * object (0.3–0.6 s for a map of 160,000 keys on a loaded machine), so the object is checked in probes instead:
 * each large collection (a struct field holding {@link LARGE_COLLECTION} or more entries or items) is replaced by
 * one chunk of itself at a time, every other large collection by its first chunk, and each probe is checked
 * whole. Every element then has been checked with the rest of the object, so all probes pass exactly when the
 * object passes — for collection schemas whose elements are checked one by one; a schema bounding the count or
 * asking for unique items is checked whole. A probe that fails proves nothing about the object (a minimum count),
 * so the caller then checks the whole object.
 */
import type { TSchema } from 'typebox';
import { goPlanOf } from '../schema/go-plan.js';
import { setOwnProperty } from '../schema/own-property.js';
import { cheapStepDue, type SlicedPass } from './time-slice.js';

/** Entries or items from which a collection is checked in chunks. */
export const LARGE_COLLECTION = 4096;

/** Entries or items per probe. */
const CHUNK = 512;

/** Keywords whose meaning depends on the whole collection: a chunk that passes proves nothing for the whole. */
const WHOLE_COLLECTION_KEYWORDS = ['maxItems', 'maxProperties', 'uniqueItems', 'maxContains', '$ref', '$dynamicRef'];

/** One large collection: where it is (struct field names from the root) and its chunks. */
interface Collection {
  readonly path: readonly string[];
  readonly chunks: readonly unknown[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether a collection's schema checks its elements independently of each other and of their count's maximum. */
function checksElementwise(schema: unknown): boolean {
  if (!isRecord(schema)) return true;
  if (WHOLE_COLLECTION_KEYWORDS.some((k) => k in schema)) return false;
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[k];
    if (Array.isArray(branches) && !branches.every(checksElementwise)) return false;
  }
  return true;
}

/** The chunks of an array, or of a map whose `keys` are given (read once by the caller: see largeCollections). */
function* chunksOf(value: unknown[] | Record<string, unknown>, keys: readonly string[] | undefined): SlicedPass<unknown[]> {
  const chunks: unknown[] = [];
  if (Array.isArray(value) || keys === undefined) {
    const items = value as unknown[];
    for (let i = 0; i < items.length; i += CHUNK) {
      chunks.push(items.slice(i, i + CHUNK));
      yield;
    }
    return chunks;
  }
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk: Record<string, unknown> = {};
    const end = Math.min(i + CHUNK, keys.length);
    for (let k = i; k < end; k++) {
      const key = keys[k] as string;
      setOwnProperty(chunk, key, value[key]);
      if (cheapStepDue()) yield;
    }
    chunks.push(chunk);
  }
  return chunks;
}

/** The large collections under the struct fields of `value` (undefined when one cannot be checked in chunks). */
function* largeCollections(schema: TSchema, value: unknown, path: string[], out: Collection[]): SlicedPass<boolean> {
  const plan = goPlanOf(schema);
  if (plan.kind !== 'struct' || !isRecord(value)) return true;
  for (const [key, fieldSchema] of plan.fields) {
    const v = Object.hasOwn(value, key) ? value[key] : undefined;
    if (typeof v !== 'object' || v === null) continue;
    const kind = goPlanOf(fieldSchema).kind;
    // A map's keys are read once, for its size and its chunks: V8 collects and sorts every key of a large
    // (dictionary-mode) object for `for…in` as for `Object.keys`, ~45 ms for 160,000 keys.
    const keys = kind !== 'map' || Array.isArray(v) ? undefined : Object.keys(v);
    const size = keys?.length ?? (Array.isArray(v) ? v.length : 0);
    if ((kind === 'array' || kind === 'map') && size >= LARGE_COLLECTION) {
      if (!checksElementwise(fieldSchema)) return false;
      out.push({ path: [...path, key], chunks: yield* chunksOf(v as Record<string, unknown>, keys) });
    } else if (!(yield* largeCollections(fieldSchema, v, [...path, key], out))) return false;
  }
  return true;
}

/** `value` with the field at `path` replaced (copies along the path, the rest shared). */
function withFieldAt(value: unknown, path: readonly string[], replacement: unknown, depth = 0): unknown {
  if (depth === path.length) return replacement;
  const record = value as Record<string, unknown>;
  const key = path[depth] as string;
  return { ...record, [key]: withFieldAt(record[key], path, replacement, depth + 1) };
}

/**
 * Whether `check` passes for `value` of `schema`, as a sliced pass: `check(value)` itself when no struct field
 * holds a large collection (or one cannot be chunked); otherwise true when every probe passes, and `undefined`
 * when one fails (the caller checks the whole object to list its errors).
 */
export function* chunkedCheck(schema: TSchema, value: unknown, check: (v: unknown) => boolean): SlicedPass<boolean | undefined> {
  const collections: Collection[] = [];
  if (!(yield* largeCollections(schema, value, [], collections)) || collections.length === 0) return check(value);
  // Every other large collection as its first chunk, so that a probe is small.
  let base = value;
  for (const c of collections) base = withFieldAt(base, c.path, c.chunks[0]);
  for (const c of collections) {
    for (const chunk of c.chunks) {
      if (!check(withFieldAt(base, c.path, chunk))) return undefined;
      yield;
    }
  }
  return true;
}
