/**
 * RFC 6902 JSON Patch (`application/json-patch+json`), as evanphx/json-patch applies it: add, remove, replace,
 * move, copy, test over RFC 6901 pointers (`-` appends to arrays).
 */
import { parseJSONLimited } from '@apiserver/runtime';

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
const isRecord = (v: unknown): v is Record<string, unknown> => isContainer(v) && !Array.isArray(v);

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
  if (isRecord(value) && Object.hasOwn(value, key)) return value[key];
  throw new JSONPatchError('apply', `doc is missing path: ${JSON.stringify(pointer)}: missing value`);
}

function get(doc: unknown, pointer: string): unknown {
  let current = doc;
  for (const part of tokens(pointer)) current = child(current, part, pointer);
  return current;
}

function add(doc: unknown, pointer: string, value: unknown): unknown {
  if (pointer === '') return structuredClone(value);
  const { container, key } = parent(doc, pointer);
  if (Array.isArray(container)) container.splice(arrayIndex(container, key, pointer, true), 0, structuredClone(value));
  else container[key] = structuredClone(value);
  return doc;
}

function remove(doc: unknown, pointer: string): unknown {
  const { container, key } = parent(doc, pointer);
  if (Array.isArray(container)) container.splice(arrayIndex(container, key, pointer, false), 1);
  else if (Object.hasOwn(container, key)) delete container[key];
  else throw new JSONPatchError('apply', `Unable to remove nonexistent key: ${key}: missing value`);
  return doc;
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (isRecord(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  return v;
}

function applyOne(doc: unknown, o: JSONPatchOperation): unknown {
  switch (o.op) {
    case 'add':
      return add(doc, o.path, o.value);
    case 'remove':
      return remove(doc, o.path);
    case 'replace':
      if (o.path === '') return structuredClone(o.value);
      get(doc, o.path);
      return add(remove(doc, o.path), o.path, o.value);
    case 'move': {
      const value = get(doc, o.from ?? '');
      return add(remove(doc, o.from ?? ''), o.path, value);
    }
    case 'copy':
      return add(doc, o.path, get(doc, o.from ?? ''));
    case 'test':
      if (!equal(get(doc, o.path), o.value)) throw new JSONPatchError('apply', `testing value ${o.path} failed: test failed`);
      return doc;
    default:
      throw new JSONPatchError('apply', `Unexpected kind: ${o.op}`);
  }
}

/** Applies operations in order to a copy of `doc`. */
export function applyJSONPatch(doc: unknown, ops: readonly JSONPatchOperation[]): unknown {
  let current = structuredClone(doc);
  for (const o of ops) current = applyOne(current, o);
  return current;
}
