/**
 * The garbage collector (pkg/controller/garbagecollector): watches every collected resource, and
 * - deletes an object once none of its owners exists any more (background cascading deletion), with the
 *   propagation its own finalizers ask for;
 * - removes references to absent owners (and to owners deleting their dependents) from an object that still has
 *   an existing owner;
 * - finishes a foreground deletion: deletes the owner's dependents, and removes `foregroundDeletion` once no
 *   dependent with `blockOwnerDeletion` remains;
 * - finishes an orphaning deletion: removes the owner from its dependents' references, then `orphan`.
 * Owners are looked up by UID in the graph, and by name (checking the UID) when the graph does not know them.
 * @module
 */
import {
  type ApiObject,
  FINALIZER_DELETE_DEPENDENTS,
  FINALIZER_ORPHAN_DEPENDENTS,
  type Getter,
  type GracefulDeleter,
  type Lister,
  type RequestContext,
  type Updater,
  type Watcher,
} from '@apiserver/registry';
import type { DeleteOptions } from '@apiserver/runtime';
import { ControllerRun } from '../controller-run.js';
import { ListWatcher } from '../list-watch.js';
import { ignoreNotFound, mutatedObjectInfo } from '../object-updates.js';
import { RetryQueue, type RetryOptions } from '../retry-queue.js';
import { type CollectedResource, type GraphNode, nodeOf, OwnerGraph, type OwnerReference } from './owner-graph.js';

/** A resource the collector watches and acts on. */
export interface GCResource extends CollectedResource {
  /** API group. */
  readonly group: string;
  /** Kind of its objects. */
  readonly kind: string;
  /** Whether its objects live in namespaces. */
  readonly namespaced: boolean;
  /** Its storage. */
  readonly storage: Lister & Watcher & Getter & GracefulDeleter & Updater;
}

/** What the collector works on. */
export interface GarbageCollectorOptions {
  /** The resources to watch (events are left out, as upstream ignores them). */
  readonly resources: readonly GCResource[];
  /** Called with each failure (the item is retried with backoff). */
  readonly onError?: (err: unknown, what: string) => void;
  /** Backoff of retried items and of the watches. */
  readonly retry?: RetryOptions;
}

/** A node of the collector's graph: an object with the resource it is stored in. */
type GCNode = GraphNode<GCResource>;

type OwnerState = 'solid' | 'dangling' | 'waiting' | 'unknown';

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/** The propagation an object's own finalizers ask for; Background otherwise. */
function policyOf(node: GCNode): NonNullable<DeleteOptions['propagationPolicy']> {
  if (node.finalizers.includes(FINALIZER_ORPHAN_DEPENDENTS)) return 'Orphan';
  if (node.finalizers.includes(FINALIZER_DELETE_DEPENDENTS)) return 'Foreground';
  return 'Background';
}

/** Collects garbage among the objects of the given resources. */
export class GarbageCollector {
  readonly #graph = new OwnerGraph<GCResource>();
  readonly #byKind = new Map<string, GCResource>();
  readonly #attemptToDelete: RetryQueue;
  readonly #attemptToOrphan: RetryQueue;
  readonly #run: ControllerRun;

  /** A stopped collector. */
  constructor(options: GarbageCollectorOptions) {
    for (const r of options.resources) this.#byKind.set(`${r.group}/${r.kind}`, r);
    this.#attemptToDelete = new RetryQueue((uid) => this.#attemptToDeleteItem(uid), (uid, err) => options.onError?.(err, `attempt to delete ${uid}`), options.retry);
    this.#attemptToOrphan = new RetryQueue((uid) => this.#orphanDependents(uid), (uid, err) => options.onError?.(err, `orphan dependents of ${uid}`), options.retry);
    const loop = { ...(options.retry !== undefined && { retry: options.retry }), onError: (err: unknown) => options.onError?.(err, 'watch') };
    const watchers = options.resources.map((r) => new ListWatcher(r.storage, (type, obj) => this.#observe(r, type === 'DELETED', obj), loop));
    this.#run = new ControllerRun(watchers, [this.#attemptToDelete, this.#attemptToOrphan]);
  }

  /** Starts watching; `signal` aborting stops the collector. Calling it twice is a no-op. */
  start(signal?: AbortSignal): void {
    this.#run.start(signal);
  }

  /** Stops the watches and queues; resolves when the running items are done. */
  stop(): Promise<void> {
    return this.#run.stop();
  }

  /** Updates the graph with one event and queues what it may have changed (upstream `processGraphChanges`). */
  #observe(resource: GCResource, deleted: boolean, obj: ApiObject): void {
    const uid = obj.metadata.uid ?? '';
    if (uid === '') return;
    if (deleted) {
      const gone = this.#graph.remove(uid);
      for (const dependent of this.#graph.dependents(uid)) this.#attemptToDelete.add(dependent);
      // An owner deleting in the foreground re-checks whether a blocking dependent remains.
      for (const owner of gone?.owners ?? []) if (this.#graph.node(owner.uid)?.deletingDependents === true) this.#attemptToDelete.add(owner.uid);
      return;
    }
    const node = nodeOf(obj, resource);
    this.#graph.upsert(node);
    if (node.orphaningDependents) this.#attemptToOrphan.add(uid);
    if (node.deletingDependents || node.owners.length > 0) this.#attemptToDelete.add(uid);
  }

  async #attemptToDeleteItem(uid: string): Promise<void> {
    const node = this.#graph.node(uid);
    if (node === undefined) return;
    if (node.deletingDependents) {
      await this.#processDeletingDependents(node);
      return;
    }
    if (node.beingDeleted || node.owners.length === 0) return;
    const states = await Promise.all(node.owners.map(async (owner) => ({ owner, state: await this.#ownerState(node, owner) })));
    if (states.some((s) => s.state === 'unknown')) return;
    const solid = states.filter((s) => s.state === 'solid');
    const gone = states.filter((s) => s.state !== 'solid').map((s) => s.owner.uid);
    if (solid.length > 0) {
      if (gone.length > 0) await this.#removeOwnerReferences(node, gone);
      return;
    }
    const waiting = states.some((s) => s.state === 'waiting');
    const hasDependents = this.#graph.dependents(uid).length > 0;
    await this.#delete(node, waiting && hasDependents ? 'Foreground' : policyOf(node));
  }

  /** Whether an owner exists (solid), is gone (dangling), or is deleting its dependents first (waiting). */
  async #ownerState(node: GCNode, ref: OwnerReference): Promise<OwnerState> {
    const known = this.#graph.node(ref.uid);
    if (known !== undefined) return known.deletingDependents ? 'waiting' : 'solid';
    const resource = this.#byKind.get(`${groupOf(ref.apiVersion)}/${ref.kind}`);
    // Upstream retries an owner kind it cannot map; here it stays as it is (custom resources are not collected).
    if (resource === undefined) return 'unknown';
    if (resource.namespaced && node.namespace === '') return 'dangling';
    const ctx: RequestContext = { namespace: resource.namespaced ? node.namespace : '' };
    const owner = await ignoreNotFound(resource.storage.get(ctx, ref.name, {}));
    if (owner === undefined || owner.metadata.uid !== ref.uid) return 'dangling';
    return nodeOf(owner, resource).deletingDependents ? 'waiting' : 'solid';
  }

  /**
   * Deletes an object whose owners are all gone (upstream `deleteObject`), on the condition that it is still the
   * version looked at: a changed object (e.g. a new owner) answers 409 and is looked at again.
   */
  async #delete(node: GCNode, policy: NonNullable<DeleteOptions['propagationPolicy']>): Promise<void> {
    const { resource } = node;
    const options: DeleteOptions = { preconditions: { uid: node.uid, resourceVersion: node.resourceVersion }, propagationPolicy: policy };
    await ignoreNotFound(resource.storage.delete({ namespace: node.namespace }, node.name, undefined, options));
  }

  async #update(node: GCNode, fn: (obj: ApiObject) => void): Promise<void> {
    const { resource } = node;
    const info = mutatedObjectInfo((obj) => {
      if (obj.metadata.uid === node.uid) fn(obj);
    });
    await ignoreNotFound(resource.storage.update({ namespace: node.namespace }, node.name, info, undefined, undefined, false, {}));
  }

  #removeOwnerReferences(node: GCNode, uids: readonly string[]): Promise<void> {
    return this.#update(node, (obj) => {
      const refs = obj.metadata.ownerReferences;
      if (!Array.isArray(refs)) return;
      const kept = refs.filter((r) => !uids.includes(String((r as { uid?: unknown }).uid)));
      if (kept.length === 0) delete obj.metadata.ownerReferences;
      else obj.metadata.ownerReferences = kept;
    });
  }

  #removeFinalizer(node: GCNode, finalizer: string): Promise<void> {
    return this.#update(node, (obj) => {
      const finalizers = (obj.metadata.finalizers ?? []).filter((f) => f !== finalizer);
      if (finalizers.length === 0) delete obj.metadata.finalizers;
      else obj.metadata.finalizers = finalizers;
    });
  }

  /** A foreground deletion: dependents are deleted; the owner goes once no blocking dependent is left. */
  async #processDeletingDependents(owner: GCNode): Promise<void> {
    const dependents = this.#graph
      .dependents(owner.uid)
      .map((uid) => this.#graph.node(uid))
      .filter((n) => n !== undefined);
    const blocking = dependents.filter((d) => d.owners.some((o) => o.uid === owner.uid && o.blockOwnerDeletion === true));
    if (blocking.length === 0) {
      await this.#removeFinalizer(owner, FINALIZER_DELETE_DEPENDENTS);
      return;
    }
    for (const d of dependents) if (!d.beingDeleted) this.#attemptToDelete.add(d.uid);
  }

  /** An orphaning deletion: the owner leaves its dependents' references, then drops `orphan`. */
  async #orphanDependents(uid: string): Promise<void> {
    const owner = this.#graph.node(uid);
    if (owner === undefined || !owner.orphaningDependents) return;
    for (const dependent of this.#graph.dependents(uid)) {
      const node = this.#graph.node(dependent);
      if (node !== undefined) await this.#removeOwnerReferences(node, [uid]);
    }
    await this.#removeFinalizer(owner, FINALIZER_ORPHAN_DEPENDENTS);
  }
}
