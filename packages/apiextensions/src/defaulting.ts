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

function defaultInPlace(x: unknown, s: Structural | undefined): void {
  if (s === undefined) return;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      if (isNonNullableNull(x[i], s.items) && s.items?.generic.default !== undefined) {
        x[i] = deepCopyJSON(s.items.generic.default);
      }
      defaultInPlace(x[i], s.items);
    }
    return;
  }
  if (!isJSONObject(x)) return;
  for (const [k, prop] of s.properties ?? []) {
    if (prop.generic.default === undefined) continue;
    if (!Object.hasOwn(x, k) || isNonNullableNull(x[k], prop)) x[k] = deepCopyJSON(prop.generic.default);
  }
  const ap = s.generic.additionalProperties?.structural;
  for (const k of Object.keys(x)) {
    const prop = s.properties?.get(k);
    if (prop !== undefined) {
      defaultInPlace(x[k], prop);
    } else if (s.generic.additionalProperties !== undefined) {
      if (isNonNullableNull(x[k], ap) && ap?.generic.default !== undefined) x[k] = deepCopyJSON(ap.generic.default);
      defaultInPlace(x[k], ap);
    }
  }
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
