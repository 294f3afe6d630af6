/**
 * How upstream's patchers read a merge or strategic merge patch before applying it, with their errors:
 *
 * - merge (`jsonPatcher`): under `fieldValidation=Strict|Warn` the patch is first decoded strictly into a
 *   `map[string]interface{}` (`error decoding patch: …`); then evanphx/json-patch's `MergePatch` refuses text that
 *   is not JSON, `null` and scalars with `Invalid JSON Patch`, and takes an array as the whole patched document
 *   (without its nulls), which then fails to decode as the object (a 422 on `patch`);
 * - strategic merge (`strategicPatchObject`): the patch is decoded into a `map[string]interface{}` and a failure is
 *   a 400 with encoding/json's text alone; `null` decodes to an empty map, a patch that changes nothing.
 *
 * @module
 */
import { goJSONValueName, goUnmarshalTypeError, newBadRequest, parseJSONLimited } from '@apiserver/runtime';
import { isJSONObject } from '../patch/json-object.js';
import type { FieldValidation } from './options.js';

/** The Go type upstream decodes a merge or strategic merge patch into. */
const PATCH_MAP_TYPE = 'map[string]interface {}';
/** evanphx/json-patch's `ErrBadJSONPatch`. */
const BAD_JSON_PATCH = 'Invalid JSON Patch';

type ParsedPatch = { readonly value: unknown } | { readonly error: string };

function parsed(text: string): ParsedPatch {
  try {
    return { value: parseJSONLimited(text) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** The text encoding/json gives for a JSON value that is not an object, decoded into the patch map. */
function notAMap(value: unknown): string {
  return goUnmarshalTypeError(goJSONValueName(value) ?? 'null', PATCH_MAP_TYPE);
}

/** A value with the nulls of its arrays and the null members of its objects left out (json-patch v4's pruneNulls). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(withoutNulls);
  if (!isJSONObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = withoutNulls(v);
  return out;
}

/** A merge patch as `jsonPatcher` reads it under `fieldValidation`: an object, or an array that replaces the document. */
export function decodeMergePatch(text: string, fieldValidation: FieldValidation): unknown {
  const patch = parsed(text);
  const strict = fieldValidation !== 'Ignore';
  if ('error' in patch) throw newBadRequest(strict ? `error decoding patch: ${patch.error}` : BAD_JSON_PATCH);
  const { value } = patch;
  if (isJSONObject(value)) return value;
  if (strict && value !== null) throw newBadRequest(`error decoding patch: ${notAMap(value)}`);
  if (Array.isArray(value)) return withoutNulls(value);
  throw newBadRequest(BAD_JSON_PATCH);
}

/** A strategic merge patch as `strategicPatchObject` reads it: an object (`null` is an empty one). */
export function decodeStrategicMergePatch(text: string): Record<string, unknown> {
  const patch = parsed(text);
  if ('error' in patch) throw newBadRequest(patch.error);
  const { value } = patch;
  if (value === null) return {};
  if (!isJSONObject(value)) throw newBadRequest(notAMap(value));
  return value;
}
