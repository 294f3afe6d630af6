/**
 * kube-lite's `Priority` and `RuntimeClass` admission plugins over the served `priorityclasses` and `runtimeclasses`
 * storage (upstream reads them through informers, RuntimeClass with a live GET when its cache misses; here the storage
 * is read directly). A plugin whose storage is not served is left out.
 * @module
 */
import { isGetter, isLister, PriorityAdmission, RuntimeClassAdmission } from '@apiserver/registry';
import type { APIGroupInfo } from '@apiserver/server';
import { storageOf } from '../server/group-storage.js';
import { clusterObjectLister, clusterObjectLookup } from './cluster-object-lookup.js';

/** The Priority plugin (pods' priority from their PriorityClass); undefined when `priorityclasses` is not served. */
export function newPriorityAdmission(groups: readonly APIGroupInfo[]): PriorityAdmission | undefined {
  const classes = storageOf(groups, 'scheduling.k8s.io', 'priorityclasses');
  if (classes === undefined || !isGetter(classes) || !isLister(classes)) return undefined;
  return new PriorityAdmission({
    getPriorityClass: clusterObjectLookup(classes),
    listPriorityClasses: clusterObjectLister(classes),
  });
}

/** The RuntimeClass plugin (pods' overhead and scheduling from their RuntimeClass); undefined when `runtimeclasses` is not served. */
export function newRuntimeClassAdmission(groups: readonly APIGroupInfo[]): RuntimeClassAdmission | undefined {
  const classes = storageOf(groups, 'node.k8s.io', 'runtimeclasses');
  if (classes === undefined || !isGetter(classes)) return undefined;
  return new RuntimeClassAdmission(clusterObjectLookup(classes));
}
