/**
 * The RBAC authorizer's view of roles and bindings as kube-apiserver's has it: informer caches of the four RBAC
 * resources (list, then watch), read without a storage call per decision. Until every cache has had its first
 * list, reads go to the Stores ({@link StoreRuleSource}), so no request is judged on an empty cache; after that, a
 * change counts once its watch event has arrived, as on a cluster (milliseconds here).
 * @module
 */
import { type ApiObject, isLister, isWatcher, type Storage } from '@apiserver/registry';
import type { BindingObject, ClusterRoleObject, RBACRuleSource, RoleObject } from '@apiserver/server';
import { InformerCache } from '../../controllers/informer-cache.js';
import type { ListWatchSource } from '../../controllers/list-watch.js';
import { memoized, type RBACStorages, StoreRuleSource, toBindingObject, toClusterRoleObject, toRoleObject } from './rule-source.js';

/** One namespace's converted objects: in a list, and by name. */
interface NamespaceObjects<T> {
  readonly items: T[];
  readonly byName: Map<string, T>;
}

const EMPTY: readonly never[] = Object.freeze([]);

/**
 * The objects of one informer cache, converted for the authorizer and grouped by namespace (`''` for cluster-scoped
 * ones); rebuilt on the first read after the cache changed, converting only objects it has not seen.
 */
class AuthorizerView<T> {
  readonly #cache: InformerCache;
  readonly #convert: (obj: ApiObject) => T;
  #generation = -1;
  #namespaces = new Map<string, NamespaceObjects<T>>();

  constructor(cache: InformerCache, convert: (obj: ApiObject) => T) {
    this.#cache = cache;
    this.#convert = memoized(convert);
  }

  /** The object `name` of `namespace`. */
  get(namespace: string, name: string): T | undefined {
    return this.#current().get(namespace)?.byName.get(name);
  }

  /** The objects of `namespace`. */
  list(namespace: string): readonly T[] {
    return this.#current().get(namespace)?.items ?? EMPTY;
  }

  #current(): Map<string, NamespaceObjects<T>> {
    if (this.#generation === this.#cache.generation) return this.#namespaces;
    this.#generation = this.#cache.generation;
    const namespaces = new Map<string, NamespaceObjects<T>>();
    for (const obj of this.#cache.objects()) {
      const namespace = obj.metadata.namespace ?? '';
      let objects = namespaces.get(namespace);
      if (objects === undefined) {
        objects = { items: [], byName: new Map() };
        namespaces.set(namespace, objects);
      }
      const converted = this.#convert(obj);
      objects.items.push(converted);
      objects.byName.set(obj.metadata.name ?? '', converted);
    }
    this.#namespaces = namespaces;
    return namespaces;
  }
}

function watchable(storage: Storage | undefined): (Storage & ListWatchSource) | undefined {
  return storage !== undefined && isLister(storage) && isWatcher(storage) ? storage : undefined;
}

/** An RBACRuleSource over informer caches of the RBAC Stores (the Stores themselves until the caches have synced). */
export class InformerRuleSource implements RBACRuleSource {
  readonly #stores: StoreRuleSource;
  readonly #caches: readonly InformerCache[];
  readonly #roles: AuthorizerView<RoleObject>;
  readonly #roleBindings: AuthorizerView<BindingObject>;
  readonly #clusterRoles: AuthorizerView<ClusterRoleObject>;
  readonly #clusterRoleBindings: AuthorizerView<BindingObject>;
  #synced = false;
  #onError: (err: unknown) => void = () => undefined;

  /**
   * A source over the four storages; throws RBACStorageError when one cannot get and list, and TypeError when one
   * cannot be watched (see {@link InformerRuleSource.supports}).
   */
  constructor(s: RBACStorages) {
    this.#stores = new StoreRuleSource(s);
    const cacheOf = (storage: Storage | undefined, resource: string): InformerCache => {
      const source = watchable(storage);
      if (source === undefined) throw new TypeError(`the ${resource} storage cannot be listed and watched`);
      return new InformerCache(source, (err) => this.#onError(err));
    };
    const roles = cacheOf(s.roles, 'roles');
    const roleBindings = cacheOf(s.rolebindings, 'rolebindings');
    const clusterRoles = cacheOf(s.clusterroles, 'clusterroles');
    const clusterRoleBindings = cacheOf(s.clusterrolebindings, 'clusterrolebindings');
    this.#caches = [roles, roleBindings, clusterRoles, clusterRoleBindings];
    this.#roles = new AuthorizerView(roles, toRoleObject);
    this.#roleBindings = new AuthorizerView(roleBindings, toBindingObject);
    this.#clusterRoles = new AuthorizerView(clusterRoles, toClusterRoleObject);
    this.#clusterRoleBindings = new AuthorizerView(clusterRoleBindings, toBindingObject);
  }

  /** Whether the storages can back a source: each can be listed and watched. */
  static supports(s: RBACStorages): boolean {
    return [s.roles, s.rolebindings, s.clusterroles, s.clusterrolebindings].every((storage) => watchable(storage) !== undefined);
  }

  /**
   * Starts the caches' list-watches (no-op when running); reads use them once each has listed. `onError` hears each
   * list or watch failure (the caches keep trying, and keep their objects meanwhile).
   */
  start(onError: (err: unknown) => void = () => undefined): void {
    this.#onError = onError;
    for (const cache of this.#caches) cache.start();
  }

  /** Stops the list-watches; resolves when they have ended. Reads keep the last objects seen. */
  async stop(): Promise<void> {
    await Promise.all(this.#caches.map((cache) => cache.stop()));
  }

  /** True once every cache has had its first list (from then on, reads are the caches'). */
  hasSynced(): boolean {
    this.#synced ||= this.#caches.every((cache) => cache.hasSynced());
    return this.#synced;
  }

  /** The Role `name` of `namespace`, if it exists. */
  async getRole(namespace: string, name: string): Promise<RoleObject | undefined> {
    return this.hasSynced() ? this.#roles.get(namespace, name) : this.#stores.getRole(namespace, name);
  }

  /** The ClusterRole `name`, if it exists. */
  async getClusterRole(name: string): Promise<ClusterRoleObject | undefined> {
    return this.hasSynced() ? this.#clusterRoles.get('', name) : this.#stores.getClusterRole(name);
  }

  /** The RoleBindings of `namespace`. */
  async listRoleBindings(namespace: string): Promise<readonly BindingObject[]> {
    return this.hasSynced() ? this.#roleBindings.list(namespace) : this.#stores.listRoleBindings(namespace);
  }

  /** Every ClusterRoleBinding. */
  async listClusterRoleBindings(): Promise<readonly BindingObject[]> {
    return this.hasSynced() ? this.#clusterRoleBindings.list('') : this.#stores.listClusterRoleBindings();
  }
}
