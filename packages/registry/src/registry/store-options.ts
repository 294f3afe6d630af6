/**
 * Configuration of the generic `Store`: constructors, names, the storage, and small composed strategies
 * instead of upstream's dozens of hook fields.
 * @module
 */
import type { QualifiedKind, QualifiedResource, TSchema } from '@apiserver/runtime';
import type { AttrFunc, StorageInterface } from '@apiserver/storage';
import type { RESTCreateStrategy } from '../rest/create.js';
import type { RESTDeleteStrategy } from '../rest/delete.js';
import type { TableConvertor } from '../rest/rest.js';
import type { ApiList, ApiObject, RequestContext } from '../rest/types.js';
import type { RESTUpdateStrategy } from '../rest/update.js';

/** The three strategies of a store; one object may implement all of them. */
export interface StoreStrategies {
  /** Create behaviour (also used by create-on-update). */
  create: RESTCreateStrategy;
  /** Update behaviour. */
  update: RESTUpdateStrategy;
  /** Delete behaviour. */
  delete: RESTDeleteStrategy;
}

/**
 * Computes the TTL (seconds, 0 = none) of an object being written; `existing` is the current TTL (0 on
 * create), `update` tells whether the write is an update.
 */
export type TTLFunc = (obj: ApiObject, existing: number, update: boolean) => number;

/** Extra condition for deleting an object when an update removes its last finalizer. */
export type ShouldDeleteDuringUpdateFunc = (ctx: RequestContext, key: string, obj: ApiObject, existing: ApiObject) => boolean;

/** Options of a generic Store. */
export interface StoreOptions {
  /** A new empty object (its `apiVersion`/`kind` name the kind in Invalid errors). */
  newObject(): ApiObject;
  /** A new empty list. */
  newList(): ApiList;
  /** Resource used in error messages when the request context has no RequestInfo. */
  defaultQualifiedResource: QualifiedResource;
  /** The singular resource (`SingularNameProvider`). */
  singularQualifiedResource: QualifiedResource;
  /** Kind used in Invalid errors (default: from `newObject()`). */
  qualifiedKind?: QualifiedKind;
  /**
   * The kind's schema. An update that leaves the object the same Go value (`Semantic.DeepEqual`: `"resources": {}`
   * equals none) then writes nothing and keeps its resourceVersion, as upstream's comparison of the encoded bytes
   * does; without it only byte-identical objects are no-op updates.
   */
  schema?: TSchema;
  /** The backend. */
  storage: StorageInterface<ApiObject>;
  /** Key prefix of the collection (default `/<resource>`, or `/<group>/<resource>` for non-core groups). */
  resourcePrefix?: string;
  /** The strategies. */
  strategies: StoreStrategies;
  /** Table conversion (default: Name and Created At columns). */
  tableConvertor?: TableConvertor;
  /** TTL of written objects (default: none on create, unchanged on update). */
  ttlFunc?: TTLFunc;
  /** DELETE returns the deleted object instead of a Success Status. */
  returnDeletedObject?: boolean;
  /** Whether GC finalizers (`orphan`, `foregroundDeletion`) are managed on delete (default true). */
  enableGarbageCollection?: boolean;
  /** Parallel deletes of a deletecollection (default 1). */
  deleteCollectionWorkers?: number;
  /** Label/field attributes of objects for selectors (default `metadata.name` and `metadata.namespace`). */
  attrFunc?: AttrFunc<ApiObject>;
  /** Called on every object (and list) handed out. */
  decorator?: (obj: ApiObject | ApiList) => void;
  /** Short names for discovery. */
  shortNames?: readonly string[];
  /** Categories for discovery. */
  categories?: readonly string[];
  /** Extra condition AND-ed with the default delete-during-update rule. */
  shouldDeleteDuringUpdate?: ShouldDeleteDuringUpdateFunc;
  /** Clock in milliseconds (tests). */
  clock?: () => number;
  /** Called once by `destroy()` (stop caches, close clients). */
  destroy?: () => void;
}
