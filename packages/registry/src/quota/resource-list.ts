/**
 * Resource lists and their arithmetic (k8s.io/apiserver/pkg/quota/v1 `resources.go`): a resource name → quantity
 * map, parsed from and written back to the JSON form (`{"cpu": "500m"}`), added, subtracted, masked and compared
 * key by key.
 * @module
 */
import {
  addQuantities,
  compareQuantities,
  formatQuantity,
  type ParsedQuantity,
  parseQuantity,
  quantitySign,
  subtractQuantities,
  zeroQuantity,
} from '@apiserver/runtime';
import { isRecord } from './json-record.js';

/** A resource list (`corev1.ResourceList`) with parsed quantities. */
export type ResourceList = ReadonlyMap<string, ParsedQuantity>;

/** Parses a JSON resource list; entries that are not quantities are left out (validation refuses them upstream). */
export function parseResourceList(json: unknown): Map<string, ParsedQuantity> {
  const out = new Map<string, ParsedQuantity>();
  if (!isRecord(json)) return out;
  for (const [name, value] of Object.entries(json)) {
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    const q = text === undefined ? undefined : parseQuantity(text);
    if (q !== undefined) out.set(name, q);
  }
  return out;
}

/** The JSON form of a list, keys sorted, quantities canonical. */
export function formatResourceList(list: ResourceList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...list.keys()].sort()) out[name] = formatQuantity(list.get(name) as ParsedQuantity);
  return out;
}

/** `a + b` key by key; keys of only one side are copied (`quota.Add`). */
export function addLists(a: ResourceList, b: ResourceList): Map<string, ParsedQuantity> {
  const out = new Map(a);
  for (const [name, q] of b) {
    const mine = out.get(name);
    out.set(name, mine === undefined ? q : addQuantities(mine, q));
  }
  return out;
}

/** `a - b` key by key, negative results clamped to zero; keys only in `b` become zero (`SubtractWithNonNegativeResult`). */
export function subtractWithNonNegativeResult(a: ResourceList, b: ResourceList): Map<string, ParsedQuantity> {
  const out = new Map<string, ParsedQuantity>();
  for (const [name, q] of a) {
    const other = b.get(name);
    const diff = other === undefined ? q : subtractQuantities(q, other);
    out.set(name, quantitySign(diff) > 0 ? diff : zeroQuantity());
  }
  for (const name of b.keys()) if (!out.has(name)) out.set(name, zeroQuantity());
  return out;
}

/** Only the entries whose names are in `names` (`quota.Mask`). */
export function maskList(list: ResourceList, names: Iterable<string>): Map<string, ParsedQuantity> {
  const keep = new Set(names);
  return new Map([...list].filter(([name]) => keep.has(name)));
}

/** Whether every entry of `a` is at most `b`'s (names missing from `b` are not limited), and the names that exceed. */
export function lessThanOrEqual(a: ResourceList, b: ResourceList): { allowed: boolean; exceeded: string[] } {
  const exceeded: string[] = [];
  for (const [name, q] of a) {
    const limit = b.get(name);
    if (limit !== undefined && compareQuantities(q, limit) > 0) exceeded.push(name);
  }
  return { allowed: exceeded.length === 0, exceeded };
}

/** Same names with equal quantities (`quota.Equals`). */
export function listsEqual(a: ResourceList, b: ResourceList): boolean {
  if (a.size !== b.size) return false;
  for (const [name, q] of a) {
    const other = b.get(name);
    if (other === undefined || compareQuantities(q, other) !== 0) return false;
  }
  return true;
}

/** Whether every quantity is zero (an empty list is). */
export function isZeroList(list: ResourceList): boolean {
  return [...list.values()].every((q) => quantitySign(q) === 0);
}

/** The names whose quantity is negative. */
export function negativeNames(list: ResourceList): string[] {
  return [...list].filter(([, q]) => quantitySign(q) < 0).map(([name]) => name);
}

/** `name=quantity` pairs sorted by name, comma-joined (the quota admission messages' `prettyPrint`). */
export function prettyPrint(list: ResourceList): string {
  return [...list.keys()]
    .sort()
    .map((name) => `${name}=${formatQuantity(list.get(name) as ParsedQuantity)}`)
    .join(',');
}

/** Names sorted and comma-joined (`prettyPrintResourceNames`). */
export function prettyPrintResourceNames(names: Iterable<string>): string {
  return [...names].sort().join(',');
}
