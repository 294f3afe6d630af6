/**
 * kube-lite's `DefaultStorageClass` and `PersistentVolumeClaimResize` admission plugins over the served
 * `storageclasses` storage (upstream reads an informer's cache; here the storage is read directly). Both are left out
 * when StorageClasses are not served.
 * @module
 */
import { DefaultStorageClass, isGetter, isLister, PersistentVolumeClaimResize } from '@apiserver/registry';
import type { APIGroupInfo } from '@apiserver/server';
import { storageOf } from '../server/group-storage.js';
import { clusterObjectLister, clusterObjectLookup } from './cluster-object-lookup.js';

/** The DefaultStorageClass plugin (classless claims get the default class); undefined when `storageclasses` is not served. */
export function newDefaultStorageClassAdmission(groups: readonly APIGroupInfo[]): DefaultStorageClass | undefined {
  const classes = storageOf(groups, 'storage.k8s.io', 'storageclasses');
  if (classes === undefined || !isLister(classes)) return undefined;
  return new DefaultStorageClass(clusterObjectLister(classes));
}

/** The PersistentVolumeClaimResize plugin (claims grow only as their class allows); undefined when `storageclasses` is not served. */
export function newPersistentVolumeClaimResizeAdmission(groups: readonly APIGroupInfo[]): PersistentVolumeClaimResize | undefined {
  const classes = storageOf(groups, 'storage.k8s.io', 'storageclasses');
  if (classes === undefined || !isGetter(classes)) return undefined;
  return new PersistentVolumeClaimResize(clusterObjectLookup(classes));
}
