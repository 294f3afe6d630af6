/**
 * What "set" means for a gated field of a stored object: Go's `!= nil` for a pointer, `len(...) > 0` for a slice or
 * map, read off the JSON (an explicit `null` decodes to nil).
 * @module
 */
import { isRecord } from '../../../object-fields.js';

/** Whether `parent[key]` is present and not null (a Go pointer field that is not nil). */
export function fieldSet(parent: unknown, key: string): boolean {
  if (!isRecord(parent)) return false;
  const v = parent[key];
  return v !== undefined && v !== null;
}

/** Whether `parent[key]` is a non-empty array or object (a Go slice or map with `len > 0`). */
export function fieldNonEmpty(parent: unknown, key: string): boolean {
  if (!isRecord(parent)) return false;
  const v = parent[key];
  if (Array.isArray(v)) return v.length > 0;
  return isRecord(v) && Object.keys(v).length > 0;
}
