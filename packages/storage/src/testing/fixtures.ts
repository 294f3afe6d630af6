/**
 * Objects, keys and assertion helpers used by the conformance cases.
 * @module
 */
import type { Test } from 'tap';
import type { StorageInterface } from '../interfaces.js';
import { isPlainObject, type StorageObject } from '../object.js';
import type { PrefixTransformer } from '../value-transformer.js';
import type { StorageHarness } from './harness.js';

/** A pod-like test object. */
export interface TestPod extends StorageObject {
  /** Pod spec subset. */
  spec?: {
    /** Node the pod is bound to (used for custom field selectors). */
    nodeName?: string;
    /** Free text changed by updates. */
    note?: string;
  };
}

/** Builds a test pod (`namespace` "" means cluster-scoped). */
export function makePod(namespace: string, name: string, extra: Partial<TestPod['metadata']> = {}, spec?: TestPod['spec']): TestPod {
  const metadata: TestPod['metadata'] = { name, ...extra };
  if (namespace !== '') metadata.namespace = namespace;
  const pod: TestPod = { apiVersion: 'v1', kind: 'Pod', metadata };
  if (spec !== undefined) pod.spec = spec;
  return pod;
}

/** Storage key of a test pod: `/pods/<ns>/<name>` (or `/pods/<name>`). */
export function podKey(pod: StorageObject): string {
  const { namespace, name } = pod.metadata;
  return namespace === undefined ? `/pods/${name ?? ''}` : `/pods/${namespace}/${name ?? ''}`;
}

/** `spec.nodeName` of a test object, if any. */
export function nodeNameOf(obj: StorageObject): string {
  const spec: unknown = Reflect.get(obj, 'spec');
  const node = isPlainObject(spec) ? spec['nodeName'] : undefined;
  return typeof node === 'string' ? node : '';
}

/** `spec.note` of a test object, if any. */
export function noteOf(obj: StorageObject): string {
  const spec: unknown = Reflect.get(obj, 'spec');
  const note = isPlainObject(spec) ? spec['note'] : undefined;
  return typeof note === 'string' ? note : '';
}

/** Returns a copy with `spec.note` set (a content change for updates). */
export function withNote<T extends StorageObject>(obj: T, note: string): T {
  const copy = structuredClone(obj);
  const spec: unknown = Reflect.get(copy, 'spec');
  Reflect.set(copy, 'spec', { ...(isPlainObject(spec) ? spec : {}), note });
  return copy;
}

/** Returns a copy with the given labels. */
export function withLabels<T extends StorageObject>(obj: T, labels: Record<string, string>): T {
  const copy = structuredClone(obj);
  copy.metadata.labels = labels;
  return copy;
}

/** Numeric RV of an object (0 if absent). */
export function rvOf(obj: StorageObject | undefined): number {
  const rv = obj?.metadata.resourceVersion;
  return rv === undefined || rv === '' ? 0 : Number(rv);
}

/** Copy without `metadata.resourceVersion`, for comparing content. */
export function withoutRV<T extends StorageObject>(obj: T): T {
  const copy = structuredClone(obj);
  delete copy.metadata.resourceVersion;
  return copy;
}

/** Names of objects, in order. */
export function namesOf(objs: readonly StorageObject[]): string[] {
  return objs.map((o) => o.metadata.name ?? '');
}

/** Asserts that `p` rejects with an error accepted by `guard`; returns the error. */
export async function expectError(t: Test, p: Promise<unknown>, guard: (err: unknown) => boolean, what: string): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    t.ok(guard(err), `${what} (got ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)})`);
    return err;
  }
  t.fail(`${what}: expected an error, the call succeeded`);
  return undefined;
}

/** Creates each pod under its podKey and returns the stored objects. */
export async function createPods(store: StorageInterface, pods: readonly TestPod[]): Promise<StorageObject[]> {
  const out: StorageObject[] = [];
  for (const p of pods) out.push(await store.create(podKey(p), p));
  return out;
}

/** Updates `key` by setting `spec.note` (unconditionally) and returns the stored result. */
export function updateNote(store: StorageInterface, key: string, note: string): Promise<StorageObject> {
  return store.guaranteedUpdate(key, (cur) => {
    if (cur === undefined) throw new Error(`updateNote: ${key} does not exist`);
    return { object: withNote(cur, note) };
  });
}

/** Current RV of the store as a number. */
export async function currentRV(store: StorageInterface): Promise<number> {
  return Number(await store.getCurrentResourceVersion());
}

/** Everything a conformance case receives. */
export interface CaseContext {
  /** The tap test of this case. */
  t: Test;
  /** The store under test. */
  store: StorageInterface;
  /** The harness (for hooks). */
  harness: StorageHarness;
  /** The transformer handed to the factory (swap `prefix`/`stale` to test transformer rules). */
  transformer: PrefixTransformer;
}

/** Optional harness capabilities a case can need. */
export type Capability = 'compact' | 'transformer';

/** One conformance case with a stable name. */
export interface ConformanceCase {
  /** Stable name, used for skips. */
  name: string;
  /** Capabilities the case needs (it is skipped with a reason when the harness lacks them). */
  needs?: readonly Capability[];
  /** The case body. */
  run(c: CaseContext): Promise<void>;
}

/** Compacts via the harness hook (cases needing it declare `needs: ['compact']`). */
export async function compactTo(c: CaseContext, rev: number): Promise<void> {
  if (c.harness.compact === undefined) throw new Error('harness has no compact hook');
  await c.harness.compact(rev);
}

/**
 * Barrier for caching stores: a NotOlderThan list at `rv` returns once the store has observed `rv`, so a
 * following RV "0" read or watch sees at least that state (a no-op for stores without a cache).
 */
export async function settle(store: StorageInterface, rv: number): Promise<void> {
  await store.getList('/pods', { recursive: true, resourceVersion: String(rv), resourceVersionMatch: 'NotOlderThan', predicate: { limit: 1 } });
}
