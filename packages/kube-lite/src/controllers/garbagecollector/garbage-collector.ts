/**
 * The garbage collector (pkg/controller/garbagecollector): watches every collected resource, and
 * - deletes an object once none of its owners exists any more (background cascading deletion), with the
 *   propagation its own finalizers ask for;
 * - removes references to absent owners (and to owners deleting their dependents) from an object that still has
 *   an existing owner;
 * - finishes a foreground deletion: deletes the owner's dependents, and removes `foregroundDeletion` once no
 *   dependent with `blockOwnerDeletion` remains (looking again when a dependent drops or unblocks its reference);
 *   a dependent that is itself deleting its dependents may close a cycle, so an object between the two first makes
 *   its own references non-blocking, as upstream does;
 * - finishes an orphaning deletion: removes the owner from its dependents' references, then `orphan`.
 * Owners are looked up by UID in the graph, among the owners seen deleted, and by name (checking the UID) when
 * the graph does not know them. Resources may be added and removed while it runs ({@link GarbageCollector.resyncMonitors},
 * upstream's monitors of the resources discovery lists), so custom resources are collected too.
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
import { ControllerRun, RunController } from '../controller-run.js';
import type { EventRecorder } from '../event-recorder.js';
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
  /** Where `OwnerRefInvalidNamespace` events go (none are recorded without it). */
  readonly recorder?: EventRecorder;
}

/** How many UIDs of deleted owners are remembered (upstream's `absentOwnerCache` holds 500). */
const ABSENT_OWNERS = 500;

/** A watch of one resource that joined while running. */
interface Monitor {
  readonly resource: GCResource;
  readonly stop: () => Promise<void>;
  /** No longer served: stopped once its last object is gone. */
  retiring: boolean;
}

/** A node of the collector's graph: an object with the resource it is stored in. */
type GCNode = GraphNode<GCResource>;

type OwnerState = 'solid' | 'dangling' | 'waiting' | 'unknown';

function kindKey(group: string, kind: string): string {
  return `${group}/${kind}`;
}

function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/**
 * Whether the observed `owner` is what `ref` of `dependent` names: the same name and kind, and a cluster-scoped
 * owner or one in the dependent's namespace (an owner reference has no namespace of its own).
 */
function referencedBy(owner: GCNode, ref: OwnerReference, dependent: GCNode): boolean {
  if (owner.name !== ref.name || owner.resource.kind !== ref.kind || owner.resource.group !== groupOf(ref.apiVersion)) return false;
  return owner.namespace === '' || owner.namespace === dependent.namespace;
}

/** Sets `blockOwnerDeletion` of every owner reference of `obj` that has it to false (upstream `unblockOwnerReferences`). */
function unblockOwnerReferences(obj: ApiObject): void {
  for (const ref of obj.metadata.ownerReferences ?? []) if (ref.blockOwnerDeletion === true) ref.blockOwnerDeletion = false;
}

/** The propagation an object's own finalizers ask for; Background otherwise. */
function policyOf(node: GCNode): NonNullable<DeleteOptions['propagationPolicy']> {
  if (node.finalizers.includes(FINALIZER_ORPHAN_DEPENDENTS)) return 'Orphan';
  if (node.finalizers.includes(FINALIZER_DELETE_DEPENDENTS)) return 'Foreground';
  return 'Background';
}

/** Collects garbage among the objects of the given resources. */
export class GarbageCollector extends RunController {
  readonly #graph = new OwnerGraph<GCResource>();
  readonly #byKind = new Map<string, GCResource>();
  readonly #monitors = new Map<string, Monitor>();
  readonly #absentOwners = new Set<string>();
  readonly #objectCounts = new Map<GCResource, number>();
  readonly #attemptToDelete: RetryQueue;
  readonly #attemptToOrphan: RetryQueue;
  protected readonly run: ControllerRun;
  readonly #options: GarbageCollectorOptions;

  /** A stopped collector. */
  constructor(options: GarbageCollectorOptions) {
    super();
    this.#options = options;
    for (const r of options.resources) this.#byKind.set(kindKey(r.group, r.kind), r);
    this.#attemptToDelete = new RetryQueue((uid) => this.#attemptToDeleteItem(uid), (uid, err) => options.onError?.(err, `attempt to delete ${uid}`), options.retry);
    this.#attemptToOrphan = new RetryQueue((uid) => this.#orphanDependents(uid), (uid, err) => options.onError?.(err, `orphan dependents of ${uid}`), options.retry);
    this.run = new ControllerRun(
      options.resources.map((r) => this.#watcher(r)),
      [this.#attemptToDelete, this.#attemptToOrphan],
    );
  }

  #watcher(resource: GCResource): ListWatcher {
    const { retry, onError } = this.#options;
    const loop = { ...(retry !== undefined && { retry }), onError: (err: unknown) => onError?.(err, `watch ${resource.key}`) };
    return new ListWatcher(resource.storage, (type, obj) => this.#observe(resource, type === 'DELETED', obj), loop);
  }

  /**
   * Makes `resources` the set of resources watched beside the ones given at construction (upstream
   * `resyncMonitors`): new ones are listed and watched, ones whose storage changed are watched anew. One that went
   * away keeps its watch until none of its objects is left — a deleted CRD stops being served before its objects
   * are deleted, and those deletions must still reach their dependents. Dependents naming a newly watched kind are
   * looked at again.
   */
  async resyncMonitors(resources: readonly GCResource[]): Promise<void> {
    const wanted = new Map(resources.map((r) => [r.key, r]));
    const stopping: Promise<void>[] = [];
    for (const [key, monitor] of this.#monitors) {
      const next = wanted.get(key);
      monitor.retiring = next === undefined;
      if (next === undefined) stopping.push(this.#retireIfDrained(monitor));
      else if (next.storage !== monitor.resource.storage) stopping.push(this.#removeMonitor(monitor));
    }
    for (const [key, resource] of wanted) {
      if (this.#monitors.has(key)) continue;
      this.#byKind.set(kindKey(resource.group, resource.kind), resource);
      this.#monitors.set(key, { resource, stop: this.run.add(this.#watcher(resource)), retiring: false });
      this.#requeueDependentsOfKind(resource);
    }
    await Promise.all(stopping);
  }

  /** The resources watched now, by `group/resource`. */
  monitoredResources(): string[] {
    return [...this.#options.resources.map((r) => r.key), ...this.#monitors.keys()].sort();
  }

  #retireIfDrained(monitor: Monitor): Promise<void> {
    if (!monitor.retiring || (this.#objectCounts.get(monitor.resource) ?? 0) > 0) return Promise.resolve();
    return this.#removeMonitor(monitor);
  }

  #removeMonitor(monitor: Monitor): Promise<void> {
    const { resource } = monitor;
    this.#monitors.delete(resource.key);
    if (this.#byKind.get(kindKey(resource.group, resource.kind)) === resource) this.#byKind.delete(kindKey(resource.group, resource.kind));
    return monitor.stop();
  }

  #count(resource: GCResource, delta: number): void {
    const count = (this.#objectCounts.get(resource) ?? 0) + delta;
    if (count === 0) this.#objectCounts.delete(resource);
    else this.#objectCounts.set(resource, count);
  }

  #requeueDependentsOfKind(resource: GCResource): void {
    for (const node of this.#graph.nodes()) {
      if (node.owners.some((o) => o.kind === resource.kind && groupOf(o.apiVersion) === resource.group)) this.#attemptToDelete.add(node.uid);
    }
  }

  /** Updates the graph with one event and queues what it may have changed (upstream `processGraphChanges`). */
  #observe(resource: GCResource, deleted: boolean, obj: ApiObject): void {
    const uid = obj.metadata.uid ?? '';
    if (uid === '') return;
    if (deleted) {
      this.#forget(uid);
      return;
    }
    const node = nodeOf(obj, resource);
    const previous = this.#graph.upsert(node);
    if (previous?.resource !== resource) {
      if (previous !== undefined) this.#count(previous.resource, -1);
      this.#count(resource, 1);
    }
    if (previous !== undefined) this.#queueUnblockedOwners(previous, node);
    // As upstream's graph builder: a dependent naming an owner seen in another namespace is reported when either of
    // the two is first seen, or the reference is added.
    if (previous === undefined || node.owners.some((o) => !previous.owners.some((p) => p.uid === o.uid))) this.#reportInvalidNamespaceOwnerRefs(node);
    if (previous === undefined) this.#reportInvalidNamespaceOwnerRefsTo(node);
    if (node.orphaningDependents) this.#attemptToOrphan.add(uid);
    if (node.deletingDependents || node.owners.length > 0) this.#attemptToDelete.add(uid);
  }

  /**
   * Queues the owners deleting their dependents first that an update of one dependent unblocked: a blocking
   * reference removed or made non-blocking (upstream `addUnblockedOwnersToDeleteQueue`).
   */
  #queueUnblockedOwners(previous: GCNode, node: GCNode): void {
    for (const ref of previous.owners) {
      if (ref.blockOwnerDeletion !== true) continue;
      if (node.owners.some((o) => o.uid === ref.uid && o.blockOwnerDeletion === true)) continue;
      if (this.#graph.node(ref.uid)?.deletingDependents === true) this.#attemptToDelete.add(ref.uid);
    }
  }

  /** Drops a deleted object: its dependents are looked at, and so is an owner waiting for it in the foreground. */
  #forget(uid: string): void {
    const gone = this.#graph.remove(uid);
    this.#rememberAbsent(uid);
    if (gone !== undefined) {
      this.#count(gone.resource, -1);
      const monitor = this.#monitors.get(gone.resource.key);
      if (monitor?.resource === gone.resource) void this.#retireIfDrained(monitor);
    }
    for (const dependent of this.#graph.dependents(uid)) this.#attemptToDelete.add(dependent);
    for (const owner of gone?.owners ?? []) if (this.#graph.node(owner.uid)?.deletingDependents === true) this.#attemptToDelete.add(owner.uid);
  }

  #rememberAbsent(uid: string): void {
    this.#absentOwners.add(uid);
    if (this.#absentOwners.size <= ABSENT_OWNERS) return;
    const oldest = this.#absentOwners.values().next().value;
    if (oldest !== undefined) this.#absentOwners.delete(oldest);
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
    const dependents = this.#graph.dependents(uid);
    if (!waiting || dependents.length === 0) {
      await this.#delete(node, policyOf(node));
      return;
    }
    // An owner waits for this object, and a dependent of it waits for its own dependents: perhaps a cycle (upstream's
    // detection, false positives included). This object's references stop blocking first; their update queues it again.
    const cycle = dependents.some((d) => this.#graph.node(d)?.deletingDependents === true);
    if (cycle && node.owners.some((o) => o.blockOwnerDeletion === true)) {
      await this.#update(node, unblockOwnerReferences);
      return;
    }
    await this.#delete(node, 'Foreground');
  }

  /**
   * Whether an owner exists (solid), is gone (dangling), or is deleting its dependents first (waiting); `unknown`
   * leaves the dependent alone. As upstream's `isDangling`, the owner is the object of the reference's kind and name
   * in the dependent's namespace (or cluster-scoped) with the reference's UID: an object with that UID elsewhere (in
   * another namespace, or under another name) does not count. A cluster-scoped dependent naming an owner of a
   * namespaced kind has nowhere to look: upstream leaves it alone for good.
   */
  async #ownerState(node: GCNode, ref: OwnerReference): Promise<OwnerState> {
    const resource = this.#byKind.get(kindKey(groupOf(ref.apiVersion), ref.kind));
    if (resource?.namespaced === true && node.namespace === '') return 'unknown';
    const known = this.#graph.node(ref.uid);
    if (known !== undefined && referencedBy(known, ref, node)) return known.deletingDependents ? 'waiting' : 'solid';
    if (this.#absentOwners.has(ref.uid)) return 'dangling';
    // A kind not served (yet): the dependent stays; it is looked at again when a resource of that kind is watched.
    if (resource === undefined) return 'unknown';
    const ctx: RequestContext = { namespace: resource.namespaced ? node.namespace : '' };
    const owner = await ignoreNotFound(resource.storage.get(ctx, ref.name, {}));
    if (owner === undefined || owner.metadata.uid !== ref.uid) return 'dangling';
    return nodeOf(owner, resource).deletingDependents ? 'waiting' : 'solid';
  }

  /** Reports the dependents of a newly seen `owner` that name it from another namespace. */
  #reportInvalidNamespaceOwnerRefsTo(owner: GCNode): void {
    if (owner.namespace === '') return;
    for (const uid of this.#graph.dependents(owner.uid)) {
      const dependent = this.#graph.node(uid);
      if (dependent !== undefined && dependent.namespace !== owner.namespace) {
        this.#reportInvalidNamespaceOwnerRefs(dependent, owner.uid);
        this.#attemptToDelete.add(uid);
      }
    }
  }

  /**
   * Reports each owner reference of `node` naming, by UID, an object observed in another namespace (upstream's
   * `OwnerRefInvalidNamespace` event on the dependent); `onlyUID` narrows it to the references to one object.
   */
  #reportInvalidNamespaceOwnerRefs(node: GCNode, onlyUID?: string): void {
    const recorder = this.#options.recorder;
    if (recorder === undefined) return;
    for (const ref of node.owners) {
      if (onlyUID !== undefined && ref.uid !== onlyUID) continue;
      const known = this.#graph.node(ref.uid);
      if (known === undefined || known.namespace === '' || known.namespace === node.namespace) continue;
      const regarding = { apiVersion: node.apiVersion, kind: node.resource.kind, namespace: node.namespace, name: node.name, uid: node.uid };
      const message = `ownerRef [${ref.apiVersion}/${ref.kind}, namespace: ${node.namespace}, name: ${ref.name}, uid: ${ref.uid}] does not exist in namespace "${node.namespace}"`;
      recorder.event(regarding, 'Warning', 'OwnerRefInvalidNamespace', message).catch((err: unknown) => this.#options.onError?.(err, `event about ${node.resource.key} ${node.name}`));
    }
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
