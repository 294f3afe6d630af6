/**
 * Strategic merge patch (`application/strategic-merge-patch+json`), driven by the schema's
 * `x-kubernetes-patch-strategy` / `x-kubernetes-patch-merge-key`: lists with strategy `merge` merge by key (or
 * as sets for primitives), other lists replace; maps merge, `null` deletes. Directives: `$patch: replace|delete`
 * (maps and list items), `$retainKeys`, `$deleteFromPrimitiveList/<field>`, `$setElementOrder/<field>`.
 */
import { elementSchema, fieldSchema, patchMetaOf } from '@apiserver/runtime';
import type { TSchema } from 'typebox';
import { isJSONObject, type JSONObject } from './json-object.js';
import { getOwn, setOwn } from './own-key.js';

/** A patch the strategic merge cannot apply (400). */
export class StrategicMergePatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StrategicMergePatchError';
  }
}

type Obj = JSONObject;
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
  return isJSONObject(value) ? stripObject(value) : value;
}

/** Values keyed by identity as JSON text; strings (the usual list items) by themselves, without serializing. */
class ValueSet {
  readonly #strings = new Set<string>();
  readonly #others = new Set<string>();

  has(v: unknown): boolean {
    return typeof v === 'string' ? this.#strings.has(v) : this.#others.has(JSON.stringify(v));
  }

  add(v: unknown): void {
    if (typeof v === 'string') this.#strings.add(v);
    else this.#others.add(JSON.stringify(v));
  }
}

/** A primitive-list set merge: patch values not already present (by their JSON text) are appended. */
function mergePrimitiveList(orig: unknown[], patch: unknown[]): unknown[] {
  const out = [...orig];
  const present = new ValueSet();
  for (const o of out) present.add(o);
  for (const v of patch) {
    if (present.has(v)) continue;
    const item = strip(v);
    out.push(item);
    present.add(item);
  }
  return out;
}

/** List slots indexed by merge-key value; each key's slots stay in list order, so the first is `findIndex`'s. */
class KeyedSlots {
  readonly #slots: { value: unknown; deleted: boolean }[] = [];
  readonly #byKey = new Map<unknown, number[]>();
  readonly #mergeKey: string;

  constructor(items: unknown[], mergeKey: string) {
    this.#mergeKey = mergeKey;
    for (const item of items) this.push(structuredClone(item));
  }

  #keyOf(value: unknown): { readonly key: unknown } | undefined {
    return isJSONObject(value) ? { key: value[this.#mergeKey] } : undefined;
  }

  #index(value: unknown, slot: number): void {
    const k = this.#keyOf(value);
    if (k === undefined) return;
    const list = this.#byKey.get(k.key);
    if (list === undefined) this.#byKey.set(k.key, [slot]);
    else list.splice(sortedIndex(list, slot), 0, slot);
  }

  #unindex(value: unknown, slot: number): void {
    const list = this.#keyOf(value) === undefined ? undefined : this.#byKey.get((value as Obj)[this.#mergeKey]);
    const at = list?.indexOf(slot) ?? -1;
    if (at >= 0) list?.splice(at, 1);
  }

  /** The first live slot whose item has `key` as its merge-key value. */
  find(key: unknown): number | undefined {
    return this.#byKey.get(key)?.[0];
  }

  get(slot: number): unknown {
    return this.#slots[slot]?.value;
  }

  set(slot: number, value: unknown): void {
    const s = this.#slots[slot];
    if (s === undefined) return;
    const before = this.#keyOf(s.value);
    const after = this.#keyOf(value);
    const same = before !== undefined && after !== undefined && before.key === after.key;
    if (!same) this.#unindex(s.value, slot);
    s.value = value;
    if (!same) this.#index(value, slot);
  }

  delete(slot: number): void {
    const s = this.#slots[slot];
    if (s === undefined) return;
    this.#unindex(s.value, slot);
    s.deleted = true;
  }

  push(value: unknown): void {
    this.#slots.push({ value, deleted: false });
    this.#index(value, this.#slots.length - 1);
  }

  values(): unknown[] {
    return this.#slots.filter((s) => !s.deleted).map((s) => s.value);
  }
}

/** Where `n` goes in the ascending `list` (slots are mostly appended, so the search starts at the end). */
function sortedIndex(list: readonly number[], n: number): number {
  let i = list.length;
  while (i > 0 && (list[i - 1] as number) > n) i--;
  return i;
}

/**
 * A keyed list merge: each patch item merges into the first item with the same merge-key value (`===`), is
 * deleted with it (`$patch: delete`), or is appended. Items are indexed by key value, so the merge is linear.
 */
function mergeKeyedList(orig: unknown[], patch: unknown[], schema: TSchema | undefined, mergeKey: string): unknown[] {
  const slots = new KeyedSlots(orig, mergeKey);
  for (const item of patch) {
    if (!isJSONObject(item)) throw new StrategicMergePatchError(`merging list items by ${mergeKey}: item is not an object`);
    const found = slots.find(item[mergeKey]);
    if (item.$patch === 'delete') {
      if (found !== undefined) slots.delete(found);
      continue;
    }
    if (found === undefined) {
      slots.push(mergeMap({}, item, schema));
      continue;
    }
    const base = slots.get(found);
    slots.set(found, mergeMap(isJSONObject(base) ? base : {}, item, schema));
  }
  return slots.values();
}

function mergeList(orig: unknown[], patch: unknown[], schema: TSchema | undefined, mergeKey: string | undefined): unknown[] {
  const replace = patch.find((i) => isJSONObject(i) && i.$patch === 'replace');
  if (replace !== undefined) return patch.filter((i) => i !== replace).map(strip);
  if (mergeKey === undefined) return mergePrimitiveList(orig, patch);
  return mergeKeyedList(orig, patch, schema, mergeKey);
}

function mergeValue(orig: unknown, value: unknown, schema: TSchema | undefined): unknown {
  if (isJSONObject(value)) return mergeMap(isJSONObject(orig) ? orig : {}, value, schema);
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
  const id = (v: unknown): string => JSON.stringify(key !== undefined && isJSONObject(v) ? v[key] : v);
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
      if (Array.isArray(current) && Array.isArray(value)) {
        const doomed = new Set(value);
        result[field] = current.filter((v) => !doomed.has(v));
      }
      continue;
    }
    if (value === null) {
      delete result[key];
      continue;
    }
    if (isJSONObject(value) && value.$patch === 'delete') {
      delete result[key];
      continue;
    }
    setOwn(result, key, mergeValue(getOwn(result, key), value, childSchema(schema, key)));
  }
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith(ORDER)) applyOrder(result, key.slice(ORDER.length), value, childSchema(schema, key.slice(ORDER.length)));
  }
  const retain = patch.$retainKeys;
  if (Array.isArray(retain)) {
    const kept = new Set(retain);
    for (const key of Object.keys(result)) if (!kept.has(key)) delete result[key];
  }
  return result;
}

/** Applies a strategic merge patch to an object using the patch facts of its kind's schema. */
export function applyStrategicMergePatch(
  original: Record<string, unknown>,
  patch: unknown,
  schema: TSchema | undefined,
): Record<string, unknown> {
  if (!isJSONObject(patch)) throw new StrategicMergePatchError('a strategic merge patch must be a JSON object');
  return mergeMap(original, patch, schema);
}
