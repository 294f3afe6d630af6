/**
 * Reading a pod's metadata and spec held as JSON the way the Pod Security checks read Go structs: absent and null
 * fields are Go's nil, a missing string is "", containers are visited init containers first, then containers,
 * then ephemeral containers.
 * @module
 */
import { isRecord, type JSONRecord, recordAt } from '../../../quota/json-record.js';

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** Every container of the spec, in the checks' order. */
export function podContainers(podSpec: JSONRecord): JSONRecord[] {
  const out: JSONRecord[] = [];
  for (const list of CONTAINER_LISTS) {
    const items = podSpec[list];
    if (Array.isArray(items)) for (const c of items) if (isRecord(c)) out.push(c);
  }
  return out;
}

/** `obj[key]` when it is a JSON object (Go's non-nil pointer to a struct), else undefined. */
export function child(obj: JSONRecord | undefined, key: string): JSONRecord | undefined {
  const v = obj?.[key];
  return isRecord(v) ? v : undefined;
}

/** `obj[key]` as a string, "" when absent or not a string. */
export function stringAt(obj: JSONRecord | undefined, key: string): string {
  const v = obj?.[key];
  return typeof v === 'string' ? v : '';
}

/** `obj[key]` as an array, empty when absent. */
export function listAt(obj: JSONRecord | undefined, key: string): unknown[] {
  const v = obj?.[key];
  return Array.isArray(v) ? v : [];
}

/** A container's name. */
export function containerName(c: JSONRecord): string {
  return stringAt(c, 'name');
}

/** A container's `securityContext`, if set. */
export function containerSecurityContext(c: JSONRecord): JSONRecord | undefined {
  return child(c, 'securityContext');
}

/** The pod-level `securityContext`, if set. */
export function podSecurityContext(podSpec: JSONRecord): JSONRecord | undefined {
  return child(podSpec, 'securityContext');
}

/** The annotations of the metadata (string values only). */
export function annotationsOf(podMetadata: JSONRecord): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(recordAt(podMetadata, 'annotations'))) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Whether `spec.os.name` is `windows` (the 1.25 revisions of some restricted checks exempt such pods). */
export function isWindowsPod(podSpec: JSONRecord): boolean {
  return stringAt(child(podSpec, 'os'), 'name') === 'windows';
}

/** `"a", "b"`: each item in double quotes, joined by `, ` ("" for none). */
export function joinQuote(items: readonly string[]): string {
  return items.length === 0 ? '' : `"${items.join('", "')}"`;
}

/** `singular` for a count of 1, else `plural`. */
export function pluralize(singular: string, plural: string, count: number): string {
  return count === 1 ? singular : plural;
}

/** The distinct values, sorted (Go's `sets.String.List()`). */
export function sortedSet(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareStrings);
}

/** Go's byte-wise string order for ASCII text. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `pluralize('container', 'containers', n) + ' ' + joinQuote(names)`: `container "a"`, `containers "a", "b"`. */
export function containersPhrase(names: readonly string[]): string {
  return `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;
}
