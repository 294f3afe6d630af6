/**
 * The RBAC authorizer's view of the RBAC Stores (upstream's listers): an `RBACRuleSource` reading roles and
 * bindings through the Stores on every call (served by the watch cache when it is on), so there is no index to
 * keep in sync. It reads the Stores' shared, frozen objects and converts each once: a decision over n bindings
 * copies none of them.
 * @module
 */
import {
  type ApiObject,
  acceptSharedObjects,
  type Getter,
  isGetter,
  isLister,
  type Lister,
  type RequestContext,
  type Storage,
} from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import type { BindingObject, ClusterRoleObject, PolicyRule, RBACRuleSource, RoleObject, RoleRef, Subject } from '@apiserver/server';
import { isRecord } from '../../object-fields.js';

/** Thrown when the RBAC storage lacks a capability the rule source needs. */
export class RBACStorageError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'RBACStorageError';
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function metaOf(obj: ApiObject): RoleObject['metadata'] {
  const { name, namespace, labels } = obj.metadata;
  return { ...(name !== undefined && { name }), ...(namespace !== undefined && { namespace }), ...(labels !== undefined && { labels }) };
}

function rulesOf(obj: ApiObject): PolicyRule[] {
  return Array.isArray(obj.rules) ? obj.rules.filter(isRecord) : [];
}

/** A stored Role as the authorizer reads it. */
export function toRoleObject(obj: ApiObject): RoleObject {
  return { metadata: metaOf(obj), rules: rulesOf(obj) };
}

/** A stored ClusterRole as the authorizer reads it (with its aggregationRule). */
export function toClusterRoleObject(obj: ApiObject): ClusterRoleObject {
  const aggregation = isRecord(obj.aggregationRule) ? obj.aggregationRule : undefined;
  if (aggregation === undefined) return toRoleObject(obj);
  const selectors = Array.isArray(aggregation.clusterRoleSelectors) ? aggregation.clusterRoleSelectors.filter(isRecord) : [];
  return { ...toRoleObject(obj), aggregationRule: { clusterRoleSelectors: selectors } };
}

/** A stored RoleBinding or ClusterRoleBinding as the authorizer reads it. */
export function toBindingObject(obj: ApiObject): BindingObject {
  const ref = isRecord(obj.roleRef) ? obj.roleRef : {};
  const roleRef: RoleRef = { apiGroup: str(ref.apiGroup), kind: str(ref.kind), name: str(ref.name) };
  const subjects: Subject[] = (Array.isArray(obj.subjects) ? obj.subjects.filter(isRecord) : []).map((s) => ({
    kind: str(s.kind),
    apiGroup: str(s.apiGroup),
    name: str(s.name),
    namespace: str(s.namespace),
  }));
  return { metadata: metaOf(obj), subjects, roleRef };
}

function readable(storage: Storage | undefined, resource: string): Getter & Lister {
  if (storage === undefined || !isGetter(storage) || !isLister(storage)) throw new RBACStorageError(`the ${resource} storage cannot get and list`);
  return storage;
}

/**
 * `convert` of an object, remembered while the object lives: a Store hands out the same shared object for a
 * revision until it changes, so unchanged roles and bindings are converted once (an unshared object, e.g. one a
 * Store with a decorator built, is converted again on every read).
 */
export function memoized<T>(convert: (obj: ApiObject) => T): (obj: ApiObject) => T {
  const seen = new WeakMap<ApiObject, T>();
  return (obj) => {
    let converted = seen.get(obj);
    if (converted === undefined) {
      converted = convert(obj);
      seen.set(obj, converted);
    }
    return converted;
  };
}

/** A context whose reads return the Stores' shared objects: the rule source only reads them. */
function sharedReads(namespace?: string): RequestContext {
  return acceptSharedObjects(namespace === undefined ? {} : { namespace });
}

async function getOrUndefined(store: Getter, ctx: RequestContext, name: string): Promise<ApiObject | undefined> {
  try {
    return await store.get(ctx, name, {});
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** The four RBAC storages a `StoreRuleSource` reads. */
export interface RBACStorages {
  /** `roles`. */
  readonly roles: Storage | undefined;
  /** `rolebindings`. */
  readonly rolebindings: Storage | undefined;
  /** `clusterroles`. */
  readonly clusterroles: Storage | undefined;
  /** `clusterrolebindings`. */
  readonly clusterrolebindings: Storage | undefined;
}

/** An RBACRuleSource over the RBAC Stores. */
export class StoreRuleSource implements RBACRuleSource {
  readonly #roles: Getter & Lister;
  readonly #roleBindings: Getter & Lister;
  readonly #clusterRoles: Getter & Lister;
  readonly #clusterRoleBindings: Getter & Lister;
  readonly #role = memoized(toRoleObject);
  readonly #clusterRole = memoized(toClusterRoleObject);
  readonly #binding = memoized(toBindingObject);

  /** A source over the four storages; throws RBACStorageError when one cannot get and list. */
  constructor(s: RBACStorages) {
    this.#roles = readable(s.roles, 'roles');
    this.#roleBindings = readable(s.rolebindings, 'rolebindings');
    this.#clusterRoles = readable(s.clusterroles, 'clusterroles');
    this.#clusterRoleBindings = readable(s.clusterrolebindings, 'clusterrolebindings');
  }

  /** The Role `name` of `namespace`, if it exists. */
  async getRole(namespace: string, name: string): Promise<RoleObject | undefined> {
    const obj = await getOrUndefined(this.#roles, sharedReads(namespace), name);
    return obj === undefined ? undefined : this.#role(obj);
  }

  /** The ClusterRole `name`, if it exists. */
  async getClusterRole(name: string): Promise<ClusterRoleObject | undefined> {
    const obj = await getOrUndefined(this.#clusterRoles, sharedReads(), name);
    return obj === undefined ? undefined : this.#clusterRole(obj);
  }

  /** The RoleBindings of `namespace`. */
  async listRoleBindings(namespace: string): Promise<readonly BindingObject[]> {
    return (await this.#roleBindings.list(sharedReads(namespace), {})).items.map(this.#binding);
  }

  /** Every ClusterRoleBinding. */
  async listClusterRoleBindings(): Promise<readonly BindingObject[]> {
    return (await this.#clusterRoleBindings.list(sharedReads(), {})).items.map(this.#binding);
  }
}
