/**
 * The resolved configuration shared by the Store's flows (create, update, delete, read).
 * @module
 */
import { parseGroupVersion, type QualifiedKind, type QualifiedResource } from '@apiserver/runtime';
import { defaultClusterScopedAttrs, defaultNamespaceScopedAttrs, type SelectionPredicate } from '@apiserver/storage';
import type { ApiList, ApiObject, InternalListOptions, RequestContext } from '../rest/types.js';
import { DryRunnableStorage } from './dry-run.js';
import { namespaceKeyFunc, namespaceKeyRootFunc, noNamespaceKeyFunc } from './keys.js';
import type { StoreOptions } from './store-options.js';

/** Everything a Store flow needs, computed once from StoreOptions. */
export interface StoreCore {
  /** The original options. */
  readonly options: StoreOptions;
  /** The dry-runnable storage. */
  readonly storage: DryRunnableStorage;
  /** Whether the resource is namespaced (from the create strategy). */
  readonly namespaced: boolean;
  /** Kind for Invalid errors. */
  readonly kind: QualifiedKind;
  /** Clock in milliseconds. */
  readonly clock: () => number;
  /** Whether GC finalizers are managed. */
  readonly enableGarbageCollection: boolean;
  /** Key of the collection for a request. */
  keyRoot(ctx: RequestContext): string;
  /** Key of one object for a request. */
  key(ctx: RequestContext, name: string): string;
  /** Resource named in errors: the RequestInfo's, else the default. */
  qualifiedResource(ctx: RequestContext): QualifiedResource;
  /** TTL of an object being written (`calculateTTL`). */
  ttl(obj: ApiObject, existing: number, update: boolean): number;
  /** Runs the decorator (if any) and returns its argument. */
  decorate<T extends ApiObject | ApiList>(obj: T): T;
  /** Selection predicate of list/watch options. */
  predicate(options: InternalListOptions | undefined): SelectionPredicate<ApiObject>;
}

function kindOf(options: StoreOptions): QualifiedKind {
  if (options.qualifiedKind !== undefined) return options.qualifiedKind;
  const sample = options.newObject();
  const group = sample.apiVersion === undefined ? options.defaultQualifiedResource.group : parseGroupVersion(sample.apiVersion).group;
  return { group, kind: sample.kind ?? options.defaultQualifiedResource.resource };
}

function defaultPrefix(resource: QualifiedResource): string {
  return resource.group === '' ? `/${resource.resource}` : `/${resource.group}/${resource.resource}`;
}

/** Resolves StoreOptions into a StoreCore; throws a TypeError on an unusable configuration. */
export function resolveStore(options: StoreOptions): StoreCore {
  const prefix = options.resourcePrefix ?? defaultPrefix(options.defaultQualifiedResource);
  if (!prefix.startsWith('/') || prefix.length < 2 || prefix.endsWith('/')) {
    throw new TypeError(`resourcePrefix must start with "/", be non-empty and not end with "/": ${JSON.stringify(prefix)}`);
  }
  const namespaced = options.strategies.create.namespaceScoped();
  if (options.strategies.update.namespaceScoped() !== namespaced) {
    throw new TypeError('create and update strategies disagree on namespaceScoped()');
  }
  const attrFunc = options.attrFunc ?? (namespaced ? defaultNamespaceScopedAttrs : defaultClusterScopedAttrs);
  const { ttlFunc, decorator } = options;
  return {
    options,
    storage: new DryRunnableStorage(options.storage),
    namespaced,
    kind: kindOf(options),
    clock: options.clock ?? Date.now,
    enableGarbageCollection: options.enableGarbageCollection ?? true,
    keyRoot: (ctx) => (namespaced ? namespaceKeyRootFunc(ctx, prefix) : prefix),
    key: (ctx, name) => (namespaced ? namespaceKeyFunc(ctx, prefix, name) : noNamespaceKeyFunc(ctx, prefix, name)),
    qualifiedResource: (ctx) =>
      ctx.requestInfo === undefined
        ? options.defaultQualifiedResource
        : { group: ctx.requestInfo.apiGroup, resource: ctx.requestInfo.resource },
    ttl: (obj, existing, update) => {
      const base = existing < 0 ? 1 : existing;
      return ttlFunc === undefined ? base : ttlFunc(obj, base, update);
    },
    decorate: (obj) => {
      decorator?.(obj);
      return obj;
    },
    predicate: (o) => ({
      ...(o?.labelSelector && { label: o.labelSelector }),
      ...(o?.fieldSelector && { field: o.fieldSelector }),
      getAttrs: attrFunc,
      ...(o?.limit !== undefined && { limit: o.limit }),
      ...(o?.continue !== undefined && { continue: o.continue }),
      ...(o?.allowWatchBookmarks !== undefined && { allowWatchBookmarks: o.allowWatchBookmarks }),
    }),
  };
}
