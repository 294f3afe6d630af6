/**
 * The garbage collector's view of ownership (pkg/controller/garbagecollector `GraphBuilder` and `node`): every
 * watched object by UID with its owner references and deletion state, and the dependents of each owner UID —
 * also of owners that are not (or no longer) in the graph.
 * @module
 */
import { type ApiObject, FINALIZER_DELETE_DEPENDENTS, FINALIZER_ORPHAN_DEPENDENTS } from '@apiserver/registry';
import { isRecord } from '../../object-fields.js';

/** One `metadata.ownerReferences` entry. */
export interface OwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly blockOwnerDeletion?: boolean;
}

/** A watched resource, as the collector addresses it. */
export interface CollectedResource {
  /** `group/resource` for messages. */
  readonly key: string;
}

/** An object in the graph, stored in resource `R`. */
export interface GraphNode<R extends CollectedResource = CollectedResource> {
  readonly uid: string;
  /** The object's apiVersion, as observed. */
  readonly apiVersion: string;
  readonly resource: R;
  readonly namespace: string;
  readonly name: string;
  readonly owners: readonly OwnerReference[];
  /** The resourceVersion seen (a deletion is conditional on it). */
  readonly resourceVersion: string;
  /** `metadata.finalizers`. */
  readonly finalizers: readonly string[];
  /** `deletionTimestamp` is set. */
  readonly beingDeleted: boolean;
  /** Being deleted in the foreground: waits for its blocking dependents. */
  readonly deletingDependents: boolean;
  /** Being deleted with its dependents orphaned. */
  readonly orphaningDependents: boolean;
}

/** The owner references of an object (malformed entries skipped). */
export function ownerReferencesOf(obj: ApiObject): OwnerReference[] {
  const refs = obj.metadata.ownerReferences;
  if (!Array.isArray(refs)) return [];
  return refs.filter((r): r is OwnerReference => isRecord(r) && typeof r.uid === 'string' && typeof r.kind === 'string' && typeof r.apiVersion === 'string' && typeof r.name === 'string');
}

/** The node of a watched object. */
export function nodeOf<R extends CollectedResource>(obj: ApiObject, resource: R): GraphNode<R> {
  const beingDeleted = obj.metadata.deletionTimestamp !== undefined && obj.metadata.deletionTimestamp !== null;
  const finalizers = obj.metadata.finalizers ?? [];
  return {
    uid: obj.metadata.uid ?? '',
    apiVersion: obj.apiVersion ?? '',
    resource,
    namespace: obj.metadata.namespace ?? '',
    name: obj.metadata.name ?? '',
    owners: ownerReferencesOf(obj),
    resourceVersion: obj.metadata.resourceVersion ?? '',
    finalizers,
    beingDeleted,
    deletingDependents: beingDeleted && finalizers.includes(FINALIZER_DELETE_DEPENDENTS),
    orphaningDependents: beingDeleted && finalizers.includes(FINALIZER_ORPHAN_DEPENDENTS),
  };
}

/** Objects by UID (each with its resource `R`) and dependents by owner UID. */
export class OwnerGraph<R extends CollectedResource = CollectedResource> {
  readonly #nodes = new Map<string, GraphNode<R>>();
  readonly #dependents = new Map<string, Set<string>>();

  /** The node of `uid`, if the object is known and not deleted. */
  node(uid: string): GraphNode<R> | undefined {
    return this.#nodes.get(uid);
  }

  /** Every object in the graph. */
  nodes(): IterableIterator<GraphNode<R>> {
    return this.#nodes.values();
  }

  /** The UIDs of the objects naming `ownerUID` as an owner. */
  dependents(ownerUID: string): readonly string[] {
    return [...(this.#dependents.get(ownerUID) ?? [])];
  }

  /** Records an added, changed or listed object; returns its previous node. */
  upsert(node: GraphNode<R>): GraphNode<R> | undefined {
    const previous = this.#nodes.get(node.uid);
    if (previous !== undefined) this.#unlink(previous);
    this.#nodes.set(node.uid, node);
    for (const owner of node.owners) {
      let set = this.#dependents.get(owner.uid);
      if (set === undefined) {
        set = new Set();
        this.#dependents.set(owner.uid, set);
      }
      set.add(node.uid);
    }
    return previous;
  }

  /** Forgets a deleted object; returns its last node. */
  remove(uid: string): GraphNode<R> | undefined {
    const node = this.#nodes.get(uid);
    if (node === undefined) return undefined;
    this.#unlink(node);
    this.#nodes.delete(uid);
    return node;
  }

  #unlink(node: GraphNode<R>): void {
    for (const owner of node.owners) {
      const set = this.#dependents.get(owner.uid);
      set?.delete(node.uid);
      if (set?.size === 0) this.#dependents.delete(owner.uid);
    }
  }
}
