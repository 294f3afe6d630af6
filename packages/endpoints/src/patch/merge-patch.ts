/** RFC 7386 JSON Merge Patch (`application/merge-patch+json`): objects merge recursively, `null` deletes. */

import { isJSONObject } from './json-object.js';
import { getOwn, setOwn } from './own-key.js';

/** Applies a merge patch to a document (neither input is modified). */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJSONObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isJSONObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else setOwn(result, key, applyMergePatch(getOwn(result, key), value));
  }
  return result;
}
