/** RFC 7386 JSON Merge Patch (`application/merge-patch+json`): objects merge recursively, `null` deletes. */

import { getOwn, setOwn } from './own-key.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies a merge patch to a document (neither input is modified). */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else setOwn(result, key, applyMergePatch(getOwn(result, key), value));
  }
  return result;
}
