/** Shared fixtures of the core registry tests (not a test file): storage on a memory backend, contexts, errors. */
import {
  type ApiObject,
  defaultUpdatedObjectInfo,
  type RequestContext,
  type Store,
  type UpdatedObjectInfo,
} from '@apiserver/registry';
import { type FieldError, parseFieldSelector, StatusError } from '@apiserver/runtime';
import { MemoryBackend, type MemoryBackendOptions } from '@apiserver/storage-memory';
import type { Test } from 'tap';
import type { RESTOptionsGetter } from '../../../src/registry/rest-options.js';

/** A RESTOptionsGetter over one fresh memory backend; closes it at test teardown. */
export function memoryGetter(t: Test, options: MemoryBackendOptions = {}): RESTOptionsGetter {
  const backend = new MemoryBackend({ compactionIntervalMs: 0, ...options });
  t.teardown(() => backend.close());
  return {
    getRESTOptions: (gr) => ({
      resourcePrefix: gr.group === '' ? `/${gr.resource}` : `/${gr.group}/${gr.resource}`,
      storage: backend.storage<ApiObject>({ pathPrefix: '/registry' }),
    }),
  };
}

/** A request context in `namespace` ('' = cluster scope). */
export function ctxIn(namespace = ''): RequestContext {
  return namespace === '' ? {} : { namespace };
}

/** The status error a promise rejects with (fails the test when it resolves or rejects otherwise). */
export async function statusErrorOf(t: Test, p: Promise<unknown>): Promise<StatusError> {
  const err: unknown = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof StatusError)) {
    t.fail(`expected a StatusError, got ${String(err)}`);
    return new StatusError({ code: 0, message: 'none' });
  }
  return err;
}

/** The `field: detail` causes of an Invalid error as strings (`data[a b]: Invalid value…`). */
export function causesOf(err: StatusError): string[] {
  return (err.status.details?.causes ?? []).map((c) => `${c.field ?? ''}: ${c.message ?? ''}`);
}

/** Field errors as `field: message` strings. */
export function fieldErrorStrings(errs: readonly FieldError[]): string[] {
  return errs.map((e) => e.toString());
}

/** PUT semantics: replace the stored object with `obj`. */
export function replaceWith(obj: ApiObject): UpdatedObjectInfo {
  return defaultUpdatedObjectInfo(obj);
}

/** Read-modify-write: the current object changed by `mutate`. */
export function mutated(mutate: (obj: ApiObject) => void): UpdatedObjectInfo {
  return defaultUpdatedObjectInfo(undefined, (_ctx, _n, old) => {
    if (old === undefined) return undefined;
    const copy = structuredClone(old);
    mutate(copy);
    return copy;
  });
}

/** Updates `name` in `store` with `info` (no admission, no force-create). */
export async function update(store: Store, ctx: RequestContext, name: string, info: UpdatedObjectInfo): Promise<ApiObject> {
  return (await store.update(ctx, name, info, undefined, undefined, false, {})).object;
}

/** Names of the items a field selector selects in `store` (namespace `ns`). */
export async function namesSelectedBy(store: Store, ns: string, selector: string): Promise<string[]> {
  const list = await store.list(ctxIn(ns), { fieldSelector: parseFieldSelector(selector) });
  return list.items.map((o) => o.metadata.name ?? '').sort();
}
