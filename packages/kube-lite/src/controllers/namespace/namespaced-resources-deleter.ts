/**
 * Deletes everything in a terminating namespace, then finalizes it (pkg/controller/namespace/deletion
 * `NamespacedResourcesDeleter.Delete`): content of every namespaced resource removed (deletecollection,
 * or list + delete), conditions written to the namespace status, `kubernetes` removed from spec.finalizers
 * through `namespaces/finalize`, and the namespace removed once nothing holds it.
 * @module
 */
import {
  type ApiObject,
  type Getter,
  type GracefulDeleter,
  isCollectionDeleter,
  isGracefulDeleter,
  isLister,
  type RequestContext,
  type Storage,
  type Updater,
} from '@apiserver/registry';
import { type DeleteOptions, formatGroupResource, type GroupResource } from '@apiserver/runtime';
import { isRecord } from '../../object-fields.js';
import { ignoreNotFound, mutatedObjectInfo } from '../object-updates.js';
import { FINALIZER_KUBERNETES, specFinalizersOf } from '../../registry/core/namespace/validation.js';
import { conditionsOf, NamespaceConditionUpdater, sameConditions } from './deletion-conditions.js';

/** One namespaced resource whose objects the deleter removes. */
export interface NamespacedResource {
  /** Its group and resource (named in condition messages). */
  readonly resource: GroupResource;
  /** Its storage: a CollectionDeleter, or a Lister and GracefulDeleter; others are skipped. */
  readonly storage: Storage;
}

/** What the deleter needs of the namespaces resource. */
export type NamespaceClient = Getter & GracefulDeleter & Updater;

/** Storage the deleter works with. */
export interface NamespacedResourcesDeleterOptions {
  /** The `namespaces` resource. */
  readonly namespaces: NamespaceClient;
  /** `namespaces/finalize`. */
  readonly finalize: Updater;
  /** `namespaces/status`, for the Terminating phase and the deletion conditions (absent = not written). */
  readonly status?: Updater;
  /** The namespaced resources (a function is asked on every pass, so late registrations count). */
  readonly resources: readonly NamespacedResource[] | (() => readonly NamespacedResource[]);
  /** Clock for condition transition times. */
  readonly clock?: () => number;
}

/** The outcome of one pass over a namespace. */
export type DeletionOutcome = 'not-found' | 'not-terminating' | 'content-remaining' | 'finalized';

/** Content is still there after a pass (upstream `ResourcesRemainingError`): the caller retries later. */
export class ResourcesRemainingError extends Error {
  /** Objects counted as remaining. */
  readonly remaining: number;

  /** Creates the error. */
  constructor(remaining: number) {
    super(`some content remains in the namespace: ${remaining} objects`);
    this.name = 'ResourcesRemainingError';
    this.remaining = remaining;
  }
}

const BACKGROUND: DeleteOptions = { propagationPolicy: 'Background' };
const GC_FINALIZERS: readonly string[] = ['orphan', 'foregroundDeletion'];
const none: RequestContext = {};


/** Removes a terminating namespace's content and finalizes it. */
export class NamespacedResourcesDeleter {
  readonly #o: NamespacedResourcesDeleterOptions;

  /** Creates a deleter. */
  constructor(options: NamespacedResourcesDeleterOptions) {
    this.#o = options;
  }

  /** One pass over `name`; throws ResourcesRemainingError while content remains, or the error that stopped it. */
  async delete(name: string): Promise<DeletionOutcome> {
    let ns = await ignoreNotFound(this.#o.namespaces.get(none, name));
    if (ns === undefined) return 'not-found';
    if (ns.metadata.deletionTimestamp === undefined) return 'not-terminating';
    ns = (await this.#ensureTerminating(ns)) ?? ns;
    if (specFinalizersOf(ns).includes(FINALIZER_KUBERNETES)) {
      const remaining = await this.#deleteAllContent(ns);
      if (remaining > 0) throw new ResourcesRemainingError(remaining);
      await this.#finalize(name);
    }
    await this.#release(name);
    return 'finalized';
  }

  async #ensureTerminating(ns: ApiObject): Promise<ApiObject | undefined> {
    const status = this.#o.status;
    if (status === undefined || (isRecord(ns.status) && ns.status.phase === 'Terminating')) return undefined;
    const info = mutatedObjectInfo((o) => {
      o.status = { ...(isRecord(o.status) ? o.status : {}), phase: 'Terminating' };
    });
    const out = await ignoreNotFound(status.update(none, ns.metadata.name ?? '', info, undefined, undefined, false, {}));
    return out?.object;
  }

  #resources(): readonly NamespacedResource[] {
    const r = this.#o.resources;
    return typeof r === 'function' ? r() : r;
  }

  async #deleteAllContent(ns: ApiObject): Promise<number> {
    const namespace = ns.metadata.name ?? '';
    const ctx: RequestContext = { namespace };
    const conditions = new NamespaceConditionUpdater();
    let remaining = 0;
    for (const { resource, storage } of this.#resources()) {
      try {
        await deleteContent(ctx, storage);
      } catch (err) {
        conditions.add('NamespaceDeletionContentFailure', `${formatGroupResource(resource)}: ${err instanceof Error ? err.message : String(err)}`);
        remaining += 1;
        continue;
      }
      if (!isLister(storage)) continue;
      const left = (await storage.list(ctx, {})).items;
      if (left.length === 0) continue;
      remaining += left.length;
      conditions.add('NamespaceContentRemaining', `${formatGroupResource(resource)} has ${left.length} resource instances`);
      for (const [finalizer, count] of finalizerCounts(left)) {
        conditions.add('NamespaceFinalizersRemaining', `${finalizer} in ${count} resource instances`);
      }
    }
    await this.#writeConditions(namespace, conditions);
    return remaining;
  }

  async #writeConditions(name: string, updater: NamespaceConditionUpdater): Promise<void> {
    const status = this.#o.status;
    if (status === undefined) return;
    const info = mutatedObjectInfo((o) => {
      const next = updater.conditions(conditionsOf(o), this.#o.clock);
      if (sameConditions(next, conditionsOf(o))) return;
      o.status = { ...(isRecord(o.status) ? o.status : {}), conditions: next };
    });
    await ignoreNotFound(status.update(none, name, info, undefined, undefined, false, {}));
  }

  async #finalize(name: string): Promise<void> {
    const info = mutatedObjectInfo((o) => {
      const finalizers = [...new Set(specFinalizersOf(o).filter((f) => f !== FINALIZER_KUBERNETES))].sort();
      o.spec = { ...(isRecord(o.spec) ? o.spec : {}), finalizers };
    });
    await ignoreNotFound(this.#o.finalize.update(none, name, info, undefined, undefined, false, {}));
  }

  // Once the content is gone the deleter also drops the GC finalizers (`orphan`, `foregroundDeletion`) a
  // propagation policy put on the namespace (the garbage collector may have done so already), then deletes it.
  async #release(name: string): Promise<void> {
    const ns = await ignoreNotFound(this.#o.namespaces.get(none, name));
    if (ns === undefined || specFinalizersOf(ns).length > 0) return;
    const finalizers = ns.metadata.finalizers ?? [];
    if (finalizers.some((f) => GC_FINALIZERS.includes(f))) {
      const info = mutatedObjectInfo((o) => {
        o.metadata.finalizers = (o.metadata.finalizers ?? []).filter((f) => !GC_FINALIZERS.includes(f));
      });
      await ignoreNotFound(this.#o.namespaces.update(none, name, info, undefined, undefined, false, {}));
    }
    await ignoreNotFound(this.#o.namespaces.delete(none, name, undefined, { ...BACKGROUND }));
  }
}

async function deleteContent(ctx: RequestContext, storage: Storage): Promise<void> {
  if (isCollectionDeleter(storage)) {
    await storage.deleteCollection(ctx, undefined, { ...BACKGROUND }, {});
    return;
  }
  if (!isLister(storage) || !isGracefulDeleter(storage)) return;
  const items = (await storage.list(ctx, {})).items;
  for (const item of items) await ignoreNotFound(storage.delete(ctx, item.metadata.name ?? '', undefined, { ...BACKGROUND }));
}

function finalizerCounts(items: readonly ApiObject[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) for (const f of item.metadata.finalizers ?? []) counts.set(f, (counts.get(f) ?? 0) + 1);
  return counts;
}
