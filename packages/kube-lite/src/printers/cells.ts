/**
 * Cell helpers shared by the kinds' row functions.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { translateTimestampSince } from '@apiserver/runtime';

/** The AGE cell of an object: the human duration since `metadata.creationTimestamp`, `<unknown>` without one. */
export function ageCell(obj: ApiObject, now: number): string {
  return translateTimestampSince(obj.metadata.creationTimestamp, now);
}

/** The number of keys of a map-valued field (`data`, `binaryData`), 0 when absent or not an object. */
export function mapSize(value: unknown): number {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value).length : 0;
}
