/** Helpers of the storage.k8s.io tests: a resource's Store out of its storage map, and a fixed clock. */
import { StatusREST, type Storage, Store } from '@apiserver/registry';

/** The printers' clock. */
export const NOW = Date.parse('2026-01-01T01:00:00Z');

/** The Store registered as `resource`. */
export function storeOf(map: Record<string, Storage>, resource: string): Store {
  const s = map[resource];
  if (!(s instanceof Store)) throw new TypeError(`${resource} is not a Store`);
  return s;
}

/** The StatusREST registered as `resource/status`. */
export function statusOf(map: Record<string, Storage>, resource: string): StatusREST {
  const s = map[`${resource}/status`];
  if (!(s instanceof StatusREST)) throw new TypeError(`${resource}/status is not a StatusREST`);
  return s;
}
