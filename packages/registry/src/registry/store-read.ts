/**
 * The Store's read flows (generic/registry/store.go `Get`, `List`/`ListPredicate`, `Watch`/`WatchPredicate`).
 * @module
 */
import { type GetOptions, nameIsDNSLabel } from '@apiserver/runtime';
import {
  deepCopy,
  hasMaybeSyncGet,
  type ListOptions as StorageListOptions,
  matchesSingle,
  matchesSingleNamespace,
  type SelectionPredicate,
  type Watch,
} from '@apiserver/storage';
import type { ApiList, ApiObject, InternalListOptions, RequestContext } from '../rest/types.js';
import type { StoreCore } from './store-core.js';
import { acceptsSharedObjects } from '../rest/shared-objects.js';
import { interpretGetError, interpretListError, interpretWatchError } from './storage-errors.js';

/**
 * Whether a read may hand out shared objects: the caller only encodes them (`sharedObjects`, what
 * {@link acceptSharedObjects} marks on a context) and no decorator changes them.
 */
function readsShared(core: StoreCore, sharedObjects: boolean): boolean {
  return sharedObjects && core.options.decorator === undefined;
}

/** Reads one object; KeyNotFound becomes 404 NotFound with the qualified resource. */
export function getObject(core: StoreCore, ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
  try {
    return Promise.resolve(readObject(core, ctx, name, options, acceptsSharedObjects(ctx)));
  } catch (err) {
    return Promise.reject(err);
  }
}

/**
 * {@link getObject} without a promise when the storage answers at once (`getMaybeSync`): the decorated object, or
 * a promise of it when the read waits; errors (already interpreted) are thrown or reject that promise.
 * `sharedObjects`: the caller only encodes the object (as {@link acceptSharedObjects} marks a context).
 */
export function readObject(core: StoreCore, ctx: RequestContext, name: string, options: GetOptions | undefined, sharedObjects: boolean): ApiObject | Promise<ApiObject> {
  try {
    const key = core.key(ctx, name);
    const resourceVersion = options?.resourceVersion ?? '';
    const opts = readsShared(core, sharedObjects) ? { resourceVersion, readOnly: true } : { resourceVersion };
    const storage = core.storage.storage;
    const obj = hasMaybeSyncGet(storage) ? storage.getMaybeSync(key, opts) : storage.get(key, opts);
    if (!(obj instanceof Promise)) return storedObject(core, obj);
    return obj.then((stored) => storedObject(core, stored)).catch((err: unknown) => {
      throw interpretGetError(err, core.qualifiedResource(ctx), name);
    });
  } catch (err) {
    throw interpretGetError(err, core.qualifiedResource(ctx), name);
  }
}

/** The object a read without `ignoreNotFound` gave, decorated. */
function storedObject(core: StoreCore, obj: ApiObject | undefined): ApiObject {
  if (obj === undefined) throw new TypeError('storage returned no object without ignoreNotFound');
  return core.decorate(obj);
}

/** Narrows an all-namespaces request to the namespace a `metadata.namespace=` field selector pins. */
function narrowedContext(ctx: RequestContext, p: SelectionPredicate<ApiObject>): RequestContext {
  if ((ctx.namespace ?? '') !== '') return ctx;
  const ns = matchesSingleNamespace(p);
  if (ns === undefined || nameIsDNSLabel(ns, false).length > 0) return ctx;
  return { ...ctx, namespace: ns };
}

/** The key to read and whether it is a prefix: a single-object key when `metadata.name=` pins one name. */
function keyFor(core: StoreCore, ctx: RequestContext, p: SelectionPredicate<ApiObject>): { key: string; recursive: boolean } {
  const name = matchesSingle(p);
  if (name !== undefined) {
    try {
      return { key: core.key(ctx, name), recursive: false };
    } catch {
      // No key from this context (e.g. no namespace): fall back to the collection.
    }
  }
  return { key: core.keyRoot(ctx), recursive: true };
}

/**
 * Gives `opts` the context's abort signal as an accessor, read only when the storage asks for it: a request's
 * signal (an AbortController aborted when the client goes) costs more than listing a few objects from memory, and
 * none of the backends here reads it in a list.
 */
function withLazySignal(opts: StorageListOptions<ApiObject>, ctx: RequestContext): void {
  if (!('signal' in ctx)) return;
  Object.defineProperty(opts, 'signal', { enumerable: true, configurable: true, get: () => ctx.signal });
}

/** Lists objects with selectors, paging and resourceVersion semantics; fills ListMeta. */
export async function listObjects(core: StoreCore, ctx: RequestContext, options?: InternalListOptions): Promise<ApiList> {
  const p = core.predicate(options);
  const narrowed = narrowedContext(ctx, p);
  const { key, recursive } = keyFor(core, narrowed, p);
  const storageOpts: StorageListOptions<ApiObject> = {
    resourceVersion: options?.resourceVersion ?? '',
    resourceVersionMatch: options?.resourceVersionMatch ?? '',
    predicate: p,
    recursive,
    ...(readsShared(core, acceptsSharedObjects(ctx)) && { readOnly: true }),
  };
  withLazySignal(storageOpts, ctx);
  try {
    const result = await core.storage.storage.getList(key, storageOpts);
    const list = core.options.newList();
    list.items = result.items;
    list.metadata = {
      resourceVersion: result.resourceVersion,
      ...(result.continue !== undefined && result.continue !== '' && { continue: result.continue }),
      ...(result.remainingItemCount !== undefined && { remainingItemCount: result.remainingItemCount }),
    };
    return core.decorate(list);
  } catch (err) {
    throw interpretListError(err, core.qualifiedResource(ctx));
  }
}

/**
 * Decorates each object event on a copy: storage may hand out shared read-only objects (the Cacher
 * deep-freezes its events and gives every watcher the same one), so decorating in place is not allowed.
 */
async function* decorated(core: StoreCore, w: Watch<ApiObject>) {
  for await (const ev of w) {
    if (ev.type === 'ADDED' || ev.type === 'MODIFIED' || ev.type === 'DELETED') {
      yield { ...ev, object: core.decorate(deepCopy(ev.object)) };
    } else {
      yield ev;
    }
  }
}

function decoratedWatch(core: StoreCore, w: Watch<ApiObject>): Watch<ApiObject> {
  if (core.options.decorator === undefined) return w;
  return { stop: () => w.stop(), [Symbol.asyncIterator]: () => decorated(core, w) };
}

/** Starts a watch with selectors, resourceVersion, bookmarks and initial events. */
export async function watchObjects(core: StoreCore, ctx: RequestContext, options?: InternalListOptions): Promise<Watch<ApiObject>> {
  const p = core.predicate(options);
  const narrowed = narrowedContext(ctx, p);
  const { key, recursive } = keyFor(core, narrowed, p);
  const storageOpts: StorageListOptions<ApiObject> = {
    resourceVersion: options?.resourceVersion ?? '',
    predicate: p,
    recursive,
    ...(options?.sendInitialEvents !== undefined && { sendInitialEvents: options.sendInitialEvents }),
    ...(ctx.signal && { signal: ctx.signal }),
    ...(ctx.deadline !== undefined && { deadline: ctx.deadline }),
  };
  try {
    return decoratedWatch(core, await core.storage.storage.watch(key, storageOpts));
  } catch (err) {
    throw interpretWatchError(err, core.qualifiedResource(ctx), '');
  }
}
