/**
 * storage.k8s.io/v1 StorageClass defaulting (pkg/apis/storage/v1 `SetDefaults_StorageClass`): reclaimPolicy
 * Delete and volumeBindingMode Immediate when unset.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';

/** Applies `SetDefaults_StorageClass` in place. */
export function defaultStorageClass(sc: ApiObject): void {
  if (sc.reclaimPolicy === undefined || sc.reclaimPolicy === null) sc.reclaimPolicy = 'Delete';
  if (sc.volumeBindingMode === undefined || sc.volumeBindingMode === null) sc.volumeBindingMode = 'Immediate';
}
