/**
 * Strategic merge patch (`application/strategic-merge-patch+json`), driven by the schema's
 * `x-kubernetes-patch-strategy` / `x-kubernetes-patch-merge-key`: lists with strategy `merge` merge by key (or
 * as sets for primitives), other lists replace; maps merge, `null` deletes. Directives: `$patch: replace|delete`
 * (maps and list items), `$retainKeys`, `$deleteFromPrimitiveList/<field>`, `$setElementOrder/<field>`.
 */
import { elementSchema, fieldSchema, patchMetaOf } from '@apiserver/runtime';
import type { TSchema } from 'typebox';

/** A patch the strategic merge cannot apply (400). */
export class StrategicMergePatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StrategicMergePatchError';
  }
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const DELETE_FROM = '$deleteFromPrimitiveList/';
const ORDER = '$setElementOrder/';

function childSchema(schema: TSchema | undefined, key: string): TSchema | undefined {
  if (schema === undefined) return undefined;
  return fieldSchema(schema, key) ?? elementSchema(schema);
}

function stripObject(value: Obj): Obj {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !k.startsWith('$'))
      .map(([k, v]) => [k, strip(v)]),
  );
}

/** Removes directive keys from a patch value that is copied verbatim. */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  return isObject(value) ? stripObject(value) : value;
}

function mergeList(orig: unknown[], patch: unknown[], schema: TSchema | undefined, mergeKey: string | undefined): unknown[] {
  const replace = patch.find((i) => isObject(i) && i.$patch === 'replace');
  if (replace !== undefined) return patch.filter((i) => i !== replace).map(strip);
  if (mergeKey === undefined) {
    const out = [...orig];
    for (const v of patch) if (!out.some((o) => JSON.stringify(o) === JSON.stringify(v))) out.push(strip(v));
    return out;
  }
  const out = orig.map((o) => structuredClone(o));
  for (const item of patch) {
    if (!isObject(item)) throw new StrategicMergePatchError(`merging list items by ${mergeKey}: item is not an object`);
    const index = out.findIndex((o) => isObject(o) && o[mergeKey] === item[mergeKey]);
    if (item.$patch === 'delete') {
      if (index >= 0) out.splice(index, 1);
      continue;
    }
    const base = index >= 0 ? out[index] : {};
    const merged = mergeMap(isObject(base) ? base : {}, item, schema);
    if (index >= 0) out[index] = merged;
    else out.push(merged);
  }
  return out;
}

function mergeValue(orig: unknown, value: unknown, schema: TSchema | undefined): unknown {
  if (isObject(value)) return mergeMap(isObject(orig) ? orig : {}, value, schema);
  if (!Array.isArray(value)) return value;
  const meta = schema === undefined ? undefined : patchMetaOf(schema);
  if (meta?.strategies.includes('merge') === true) {
    return mergeList(Array.isArray(orig) ? orig : [], value, elementSchema(schema ?? {}), meta.mergeKey);
  }
  return strip(value);
}

function applyOrder(result: Obj, field: string, order: unknown, schema: TSchema | undefined): void {
  const list = result[field];
  if (!Array.isArray(list) || !Array.isArray(order)) return;
  const key = schema === undefined ? undefined : patchMetaOf(schema).mergeKey;
  const id = (v: unknown): string => JSON.stringify(key !== undefined && isObject(v) ? v[key] : v);
  const rank = new Map(order.map((v, i) => [id(v), i]));
  result[field] = [...list].sort((a, b) => (rank.get(id(a)) ?? order.length) - (rank.get(id(b)) ?? order.length));
}

function mergeMap(orig: Obj, patch: Obj, schema: TSchema | undefined): Obj {
  const directive = patch.$patch;
  if (directive === 'replace') return stripObject(patch);
  if (directive !== undefined && directive !== 'merge') {
    throw new StrategicMergePatchError(`Unknown patch type: ${String(directive)} in map`);
  }
  const result: Obj = { ...orig };
  for (const [key, value] of Object.entries(patch)) {
    if (key === '$patch' || key === '$retainKeys' || key.startsWith(ORDER)) continue;
    if (key.startsWith(DELETE_FROM)) {
      const field = key.slice(DELETE_FROM.length);
      const current = result[field];
      if (Array.isArray(current) && Array.isArray(value)) result[field] = current.filter((v) => !value.includes(v));
      continue;
    }
    if (value === null) {
      delete result[key];
      continue;
    }
    if (isObject(value) && value.$patch === 'delete') {
      delete result[key];
      continue;
    }
    result[key] = mergeValue(result[key], value, childSchema(schema, key));
  }
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith(ORDER)) applyOrder(result, key.slice(ORDER.length), value, childSchema(schema, key.slice(ORDER.length)));
  }
  const retain = patch.$retainKeys;
  if (Array.isArray(retain)) {
    for (const key of Object.keys(result)) if (!retain.includes(key)) delete result[key];
  }
  return result;
}

/** Applies a strategic merge patch to an object using the patch facts of its kind's schema. */
export function applyStrategicMergePatch(
  original: Record<string, unknown>,
  patch: unknown,
  schema: TSchema | undefined,
): Record<string, unknown> {
  if (!isObject(patch)) throw new StrategicMergePatchError('a strategic merge patch must be a JSON object');
  return mergeMap(original, patch, schema);
}
