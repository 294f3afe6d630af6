/**
 * RFC 6902 JSON Patch (`application/json-patch+json`), as evanphx/json-patch applies it: add, remove, replace,
 * move, copy, test over RFC 6901 pointers (`-` appends to arrays).
 */
import { parseJSONLimited } from '@apiserver/runtime';
import { isJSONObject } from './json-object.js';
import { setOwn } from './own-key.js';

/** A malformed patch document (400) or an operation that cannot apply (422). */
export class JSONPatchError extends Error {
  /** `decode` for malformed documents, `apply` for failed operations. */
  readonly stage: 'decode' | 'apply';
  constructor(stage: 'decode' | 'apply', message: string) {
    super(message);
    this.name = 'JSONPatchError';
    this.stage = stage;
  }
}

/** One decoded operation. */
export interface JSONPatchOperation {
  /** add, remove, replace, move, copy or test. */
  readonly op: string;
  /** Target pointer. */
  readonly path: string;
  /** Source pointer (move, copy). */
  readonly from?: string;
  /** Value (add, replace, test). */
  readonly value?: unknown;
}

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** Parses a JSON Patch document; anything but an array of operations with string `op`/`path` is a decode error. */
export function decodeJSONPatch(text: string): JSONPatchOperation[] {
  let parsed: unknown;
  try {
    parsed = parseJSONLimited(text);
  } catch (err) {
    throw new JSONPatchError('decode', `${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Array.isArray(parsed)) throw new JSONPatchError('decode', 'json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  return parsed.map((raw: unknown) => {
    if (!isContainer(raw) || Array.isArray(raw)) throw new JSONPatchError('decode', 'json: cannot unmarshal into Go value of type jsonpatch.Operation');
    const { op, path, from } = raw;
    if (typeof op !== 'string') throw new JSONPatchError('decode', 'Unexpected kind: unknown');
    return {
      op,
      path: typeof path === 'string' ? path : '',
      ...(typeof from === 'string' ? { from } : {}),
      ...('value' in raw ? { value: raw.value } : {}),
    };
  });
}

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new JSONPatchError('apply', `invalid JSON pointer ${JSON.stringify(pointer)}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parent(doc: unknown, pointer: string): { container: Container; key: string } {
  const parts = tokens(pointer);
  const key = parts.pop();
  if (key === undefined) throw new JSONPatchError('apply', 'cannot operate on the document root');
  let current: unknown = doc;
  for (const part of parts) {
    current = child(current, part, pointer);
  }
  if (!isContainer(current)) throw new JSONPatchError('apply', `doc is missing path: ${JSON.stringify(pointer)}`);
  return { container: current, key };
}

function arrayIndex(arr: unknown[], key: string, pointer: string, allowEnd: boolean): number {
  if (key === '-' && allowEnd) return arr.length;
  if (!/^(0|[1-9]\d*)$/.test(key)) throw new JSONPatchError('apply', `invalid array index ${JSON.stringify(key)} in ${pointer}`);
  const i = Number(key);
  if (i > arr.length || (!allowEnd && i === arr.length)) {
    throw new JSONPatchError('apply', `Unable to access invalid index: ${i}: invalid index referenced`);
  }
  return i;
}

function child(value: unknown, key: string, pointer: string): unknown {
  if (Array.isArray(value)) return value[arrayIndex(value, key, pointer, false)];
  if (isJSONObject(value) && Object.hasOwn(value, key)) return value[key];
  throw new JSONPatchError('apply', `doc is missing path: ${JSON.stringify(pointer)}: missing value`);
}

function get(doc: unknown, pointer: string): unknown {
  let current = doc;
  for (const part of tokens(pointer)) current = child(current, part, pointer);
  return current;
}

function add(doc: unknown, pointer: string, value: unknown, state: ApplyState): unknown {
  if (pointer === '') return value;
  const { container, key } = parent(doc, pointer);
  if (Array.isArray(container)) {
    const i = arrayIndex(container, key, pointer, true);
    shift(state, container, i);
    container.splice(i, 0, value);
  } else setOwn(container, key, value);
  return doc;
}

function remove(doc: unknown, pointer: string, state: ApplyState): unknown {
  const { container, key } = parent(doc, pointer);
  if (Array.isArray(container)) {
    const i = arrayIndex(container, key, pointer, false);
    shift(state, container, i + 1);
    container.splice(i, 1);
  } else if (Object.hasOwn(container, key)) delete container[key];
  else throw new JSONPatchError('apply', `Unable to remove nonexistent key: ${key}: missing value`);
  return doc;
}

/** Replaces an existing value in place (an array element is overwritten, nothing shifts). */
function replace(doc: unknown, pointer: string, value: unknown): unknown {
  get(doc, pointer);
  const { container, key } = parent(doc, pointer);
  if (Array.isArray(container)) container[arrayIndex(container, key, pointer, false)] = value;
  else setOwn(container, key, value);
  return doc;
}

/** Structural JSON equality; it stops at the first difference, so it costs at most the smaller value's size. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (!isJSONObject(a) || !isJSONObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
}

/** Options of {@link applyJSONPatch}. */
export interface JSONPatchOptions {
  /**
   * The most bytes `copy` operations may add to the document, summed over the patch (evanphx/json-patch's
   * `AccumulatedCopySizeLimit`, set by kube-apiserver from `JSONPatchMaxCopyBytes`); 0 means unlimited.
   */
  readonly accumulatedCopySizeLimit?: number;
}

/** kube-apiserver's `JSONPatchMaxCopyBytes`: 3 MiB (twice etcd's 1.5 MiB request limit). */
export const DEFAULT_JSON_PATCH_MAX_COPY_BYTES = 3 * 1024 * 1024;

/** The length of Go's `json.Marshal` of a JSON value's text: its UTF-8 bytes plus Go's escapes of `<`, `>`, `&`, U+2028/9. */
export function goJSONSize(text: string): number {
  let extra = 0;
  for (const m of text.matchAll(/[<>&\u2028\u2029]/g)) extra += m[0] === '\u2028' || m[0] === '\u2029' ? 3 : 5;
  return Buffer.byteLength(text) + extra;
}

/**
 * The most array elements a patch's inserts and removals may shift, summed over the patch: 10000 inserts at the
 * head of a million-element array would otherwise block the event loop for half a minute. Deviation: upstream
 * has no such bound (Go shifts slices about ten times faster).
 */
export const MAX_JSON_PATCH_ARRAY_SHIFTS = 64 * 1024 * 1024;

/** Per-patch state: bytes copied and array elements shifted so far. */
interface ApplyState {
  readonly limit: number;
  copied: number;
  shifted: number;
}

/** Counts the elements a splice at `index` shifts; 422 past {@link MAX_JSON_PATCH_ARRAY_SHIFTS}. */
function shift(state: ApplyState, arr: readonly unknown[], index: number): void {
  state.shifted += arr.length - index;
  if (state.shifted > MAX_JSON_PATCH_ARRAY_SHIFTS) {
    throw new JSONPatchError('apply', `Unable to complete the patch, it shifts more than ${MAX_JSON_PATCH_ARRAY_SHIFTS} array elements`);
  }
}

/** The value at `o.path` for a `test`: undefined for a member the object lacks; a missing parent is an error. */
function testedValue(doc: unknown, path: string): unknown {
  let found: { container: Container; key: string };
  try {
    found = parent(doc, path);
  } catch {
    throw new JSONPatchError('apply', `test operation does not apply: is missing path: ${path}: missing value`);
  }
  const { container, key } = found;
  if (!Array.isArray(container)) return Object.hasOwn(container, key) ? container[key] : undefined;
  try {
    return container[arrayIndex(container, key, path, false)];
  } catch (err) {
    throw new JSONPatchError('apply', `error in test for path: '${path}': ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * `test` as evanphx/json-patch v4 (kube-apiserver's JSON patch) runs it: a member that is missing or null passes a
 * test of `null` (or of no value) and fails any other; a present value fails a test of no value.
 */
function testValue(doc: unknown, o: JSONPatchOperation): void {
  const failed = () => new JSONPatchError('apply', `testing value ${o.path} failed: test failed`);
  if (o.path === '') {
    if (!equal(doc, o.value)) throw failed();
    return;
  }
  const actual = testedValue(doc, o.path);
  const wanted = o.value;
  if (actual === undefined || actual === null) {
    if (wanted === undefined || wanted === null) return;
    throw failed();
  }
  if (wanted === undefined || !equal(actual, wanted)) throw failed();
}

function copy(doc: unknown, o: JSONPatchOperation, state: ApplyState): unknown {
  const text = JSON.stringify(get(doc, o.from ?? ''));
  if (o.path !== '') parent(doc, o.path);
  state.copied += goJSONSize(text);
  if (state.limit > 0 && state.copied > state.limit) {
    throw new JSONPatchError(
      'apply',
      `Unable to complete the copy, the accumulated size increase of copy is ${state.copied}, exceeding the limit ${state.limit}`,
    );
  }
  return add(doc, o.path, JSON.parse(text), state);
}

function applyOne(doc: unknown, o: JSONPatchOperation, state: ApplyState): unknown {
  switch (o.op) {
    case 'add':
      return add(doc, o.path, structuredClone(o.value), state);
    case 'remove':
      return remove(doc, o.path, state);
    case 'replace':
      if (o.path === '') return structuredClone(o.value);
      return replace(doc, o.path, structuredClone(o.value));
    case 'move': {
      // The moved value leaves its old place: no copy (a copy per move would let one value be cloned 10000 times).
      const value = get(doc, o.from ?? '');
      return add(remove(doc, o.from ?? '', state), o.path, value, state);
    }
    case 'copy':
      return copy(doc, o, state);
    case 'test':
      testValue(doc, o);
      return doc;
    default:
      throw new JSONPatchError('apply', `Unexpected kind: ${o.op}`);
  }
}

/** The operations applied in order to a copy of `doc`, one step (a `yield`) per operation. */
function* applySteps(doc: unknown, ops: readonly JSONPatchOperation[], options: JSONPatchOptions): Generator<void, unknown> {
  const state: ApplyState = { limit: options.accumulatedCopySizeLimit ?? DEFAULT_JSON_PATCH_MAX_COPY_BYTES, copied: 0, shifted: 0 };
  let current = structuredClone(doc);
  for (const o of ops) {
    current = applyOne(current, o, state);
    yield;
  }
  return current;
}

/**
 * Applies operations in order to a copy of `doc`. `copy` operations may add at most
 * `options.accumulatedCopySizeLimit` bytes in total (default {@link DEFAULT_JSON_PATCH_MAX_COPY_BYTES}).
 */
export function applyJSONPatch(doc: unknown, ops: readonly JSONPatchOperation[], options: JSONPatchOptions = {}): unknown {
  const steps = applySteps(doc, ops, options);
  let step = steps.next();
  while (step.done !== true) step = steps.next();
  return step.value;
}

/** How long {@link applyJSONPatchPaced} runs operations before it awaits its pause, in milliseconds. */
export const JSON_PATCH_SLICE_MILLIS = 50;

/**
 * {@link applyJSONPatch} that awaits `pause` whenever the operations applied since the last pause took
 * {@link JSON_PATCH_SLICE_MILLIS} or more: a patch of many costly operations (each `copy` of a large value) does not
 * hold the event loop for all of them at once (issue #19). `now` is the clock in milliseconds (`performance.now`
 * unless given).
 */
export async function applyJSONPatchPaced(
  doc: unknown,
  ops: readonly JSONPatchOperation[],
  options: JSONPatchOptions,
  pause: () => Promise<void> | undefined,
  now: () => number = () => performance.now(),
): Promise<unknown> {
  const steps = applySteps(doc, ops, options);
  let sliceStart = now();
  let step = steps.next();
  while (step.done !== true) {
    if (now() - sliceStart >= JSON_PATCH_SLICE_MILLIS) {
      await pause();
      sliceStart = now();
    }
    step = steps.next();
  }
  return step.value;
}
