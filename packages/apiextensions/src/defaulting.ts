/**
 * Defaulting of custom resources from their structural schema (`defaulting.Default` and
 * `PruneNonNullableNullsWithoutDefaults` in apiextensions-apiserver): a missing field, or a
 * `null` in a field that is not nullable, takes the schema's default, recursively through
 * properties, array items and additionalProperties.
 *
 * @module
 */
import { deepCopyJSON, isJSONObject } from './json-value.js';
import type { Structural } from './structural-schema.js';

function isNonNullableNull(x: unknown, s: Structural | undefined): boolean {
  return x === null && s !== undefined && !s.generic.nullable;
}

function schemaForField(key: string, s: Structural | undefined): Structural | undefined {
  return s?.properties?.get(key) ?? s?.generic.additionalProperties?.structural;
}

/**
 * Walks `x` by `s` to each place a default applies (a missing field, a non-nullable `null`): with `apply`, sets the
 * default there and goes on; without, stops at the first and answers true. Answers whether any default applied.
 */
function defaultWalk(x: unknown, s: Structural | undefined, apply: boolean): boolean {
  if (s === undefined) return false;
  let applied = false;
  /** Notes a default at one place (setting it with `apply`); true when the walk can stop. */
  const place = (set: () => void): boolean => {
    if (apply) set();
    applied = true;
    return !apply;
  };
  /** Walks a child; true when the walk can stop. */
  const below = (child: unknown, cs: Structural | undefined): boolean => defaultWalk(child, cs, apply) && place(() => undefined);
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      if (isNonNullableNull(x[i], s.items) && s.items?.generic.default !== undefined) {
        const d = s.items.generic.default;
        if (place(() => { x[i] = deepCopyJSON(d); })) return true;
      }
      if (below(x[i], s.items)) return true;
    }
    return applied;
  }
  if (!isJSONObject(x)) return false;
  for (const [k, prop] of s.properties ?? []) {
    const d = prop.generic.default;
    if (d === undefined) continue;
    if ((!Object.hasOwn(x, k) || isNonNullableNull(x[k], prop)) && place(() => { x[k] = deepCopyJSON(d); })) return true;
  }
  const ap = s.generic.additionalProperties?.structural;
  for (const k of Object.keys(x)) {
    const prop = s.properties?.get(k);
    const fs = prop ?? (s.generic.additionalProperties === undefined ? undefined : ap);
    if (prop === undefined && fs !== undefined && isNonNullableNull(x[k], fs) && fs.generic.default !== undefined) {
      const d = fs.generic.default;
      if (place(() => { x[k] = deepCopyJSON(d); })) return true;
    }
    if (below(x[k], fs)) return true;
  }
  return applied;
}

function defaultInPlace(x: unknown, s: Structural | undefined): void {
  defaultWalk(x, s, true);
}

/**
 * Returns a copy of `obj` with the schema's defaults applied to missing fields and to
 * non-nullable `null`s, in objects, array items and additionalProperties values. Defaults are
 * deep-copied; a nullable field keeps its `null`.
 */
export function applyDefaults<T>(obj: T, schema: Structural | undefined): T {
  const out = deepCopyJSON(obj);
  defaultInPlace(out, schema);
  return out;
}

/**
 * `obj` with the schema's defaults applied: `obj` itself when none applies, else a defaulted copy (`obj` is not
 * changed, so it may be shared, e.g. an object a storage or its watch cache holds).
 */
export function withDefaults<T>(obj: T, schema: Structural | undefined): T {
  return defaultWalk(obj, schema, false) ? applyDefaults(obj, schema) : obj;
}

/** Applies the schema's defaults to `obj` itself (as {@link applyDefaults}, without the copy). */
export function applyDefaultsInPlace(obj: unknown, schema: Structural | undefined): void {
  defaultInPlace(obj, schema);
}

function pruneNullsInPlace(x: unknown, s: Structural | undefined): void {
  if (Array.isArray(x)) {
    for (const v of x) pruneNullsInPlace(v, s?.items);
    return;
  }
  if (!isJSONObject(x)) return;
  for (const k of Object.keys(x)) {
    const fs = schemaForField(k, s);
    if (isNonNullableNull(x[k], fs) && fs?.generic.default === undefined) delete x[k];
    else pruneNullsInPlace(x[k], fs);
  }
}

/**
 * Returns a copy of `obj` without the `null` values of fields that are neither nullable nor
 * defaulted; the ones with a default are left for {@link applyDefaults}, which runs after it.
 */
export function pruneNonNullableNullsWithoutDefaults<T>(obj: T, schema: Structural | undefined): T {
  const out = deepCopyJSON(obj);
  pruneNullsInPlace(out, schema);
  return out;
}

/** Whether any node of `s` has a default. */
export function hasDefaults(s: Structural | undefined): boolean {
  if (s === undefined) return false;
  if (s.generic.default !== undefined) return true;
  return hasDefaults(s.items) || hasDefaults(s.generic.additionalProperties?.structural) || [...(s.properties?.values() ?? [])].some(hasDefaults);
}
