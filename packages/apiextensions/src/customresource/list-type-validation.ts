/**
 * The uniqueness of `x-kubernetes-list-type: set` and `map` lists in a custom resource (apiextensions-apiserver
 * pkg/apiserver/schema/listtype `ValidateListSetsAndMaps`): a set holds no item twice, a map list no two items with
 * the same key values (an item that omits a key counts as one whose key is unspecified). Each value that repeats is
 * reported once, at its second place, as a Duplicate whose bad value Go prints with `%#v`. On update the check
 * ratchets: an object whose stored version already broke it is not checked (see {@link validateListSetsAndMapsUpdate}).
 * @module
 */
import { duplicateGoRendered, invalidGoRendered } from '@apiserver/registry';
import { childPath, type FieldError, type FieldPath, goSyntaxJSON } from '@apiserver/runtime';
import { isJSONObject } from '../json-value.js';
import type { Structural } from '../structural-schema.js';

/** A key a map-list item does not set: equal only to other unset keys (upstream's `unspecifiedKeyValue`). */
const UNSPECIFIED = Symbol('unspecified key');

/** What two items are compared by: scalars as they are, objects and lists as Go's `json.Marshal` (keys sorted). */
function identity(value: unknown): unknown {
  if (value === UNSPECIFIED || typeof value !== 'object' || value === null) return value;
  return `json:${canonicalJSON(value)}`;
}

function canonicalJSON(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(',')}]`;
  if (isJSONObject(value)) {
    const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJSON(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `validateListSet`: the indexes of the second appearance of each value that appears more than once. */
function secondAppearances(values: readonly unknown[]): number[] {
  const seen = new Map<unknown, number>();
  const indexes: number[] = [];
  values.forEach((value, i) => {
    const key = identity(value);
    const times = seen.get(key) ?? 0;
    seen.set(key, times + 1);
    if (times === 1) indexes.push(i);
  });
  return indexes;
}

/** The key values of a map-list item, in the order of the list's keys (absent keys left out). */
function keyOf(item: unknown, keys: readonly string[]): Record<string, unknown> {
  const key: Record<string, unknown> = {};
  if (!isJSONObject(item)) return key;
  for (const k of keys) if (k in item) key[k] = item[k];
  return key;
}

function validateListMap(path: FieldPath, s: Structural, list: readonly unknown[]): FieldError[] {
  const bad = list.findIndex((x) => x !== null && !isJSONObject(x));
  if (bad >= 0) return [invalidGoRendered(path.index(bad), list[bad], goSyntaxJSON(list[bad]), 'must be an object for an array of list-type map')];
  const keys = s.extensions.xListMapKeys;
  if (keys.length === 1) {
    const [field = ''] = keys;
    const values = list.map((x) => (isJSONObject(x) && field in x ? x[field] : UNSPECIFIED));
    return secondAppearances(values).map((i) => {
      const key = values[i] === UNSPECIFIED ? {} : { [field]: values[i] };
      return duplicateGoRendered(path.index(i), key, goSyntaxJSON(key));
    });
  }
  const values = list.map((x) => keyOf(x, keys));
  return secondAppearances(values).map((i) => duplicateGoRendered(path.index(i), values[i], goSyntaxJSON(values[i])));
}

function validateArray(path: FieldPath, s: Structural, list: readonly unknown[]): FieldError[] {
  const errs: FieldError[] = [];
  if (s.extensions.xListType === 'set') {
    for (const i of secondAppearances(list)) errs.push(duplicateGoRendered(path.index(i), list[i], goSyntaxJSON(list[i])));
  } else if (s.extensions.xListType === 'map') {
    errs.push(...validateListMap(path, s, list));
  }
  const items = s.items;
  if (items !== undefined) errs.push(...list.flatMap((item, i) => validateValue(path.index(i), items, item)));
  return errs;
}

function validateValue(path: FieldPath, s: Structural, value: unknown): FieldError[] {
  if (Array.isArray(value)) return validateArray(path, s, value);
  if (isJSONObject(value)) return validateObject(path, s, value);
  return [];
}

/** `path.Child(k)`, or `path.Key(k)` for a map entry; at the root (no path) the field `k` itself. */
export function pathBelow(path: FieldPath | undefined, k: string, entry: boolean): FieldPath {
  return entry && path !== undefined ? path.key(k) : childPath(path, k);
}

function validateObject(path: FieldPath | undefined, s: Structural, obj: Readonly<Record<string, unknown>>): FieldError[] {
  const errs: FieldError[] = [];
  const additional = s.generic.additionalProperties?.structural;
  if (additional !== undefined) for (const [k, v] of Object.entries(obj)) errs.push(...validateValue(pathBelow(path, k, true), additional, v));
  const properties = s.properties;
  if (properties !== undefined) {
    for (const [k, v] of Object.entries(obj)) {
      const sub = properties.get(k);
      if (sub !== undefined) errs.push(...validateValue(pathBelow(path, k, false), sub, v));
    }
  }
  return errs;
}

/** `ValidateListSetsAndMaps` of a custom resource against its version's structural schema. */
export function validateListSetsAndMaps(s: Structural | undefined, obj: Readonly<Record<string, unknown>>): FieldError[] {
  return s === undefined ? [] : validateObject(undefined, s, obj);
}

/** On update: checked only when the stored object was valid (upstream's ratcheting of this check). */
export function validateListSetsAndMapsUpdate(s: Structural | undefined, obj: Readonly<Record<string, unknown>>, old: Readonly<Record<string, unknown>>): FieldError[] {
  return validateListSetsAndMaps(s, old).length > 0 ? [] : validateListSetsAndMaps(s, obj);
}
