/**
 * storage.k8s.io/v1 CSIDriver defaulting (pkg/apis/storage/v1 `SetDefaults_CSIDriver` as 1.32 runs it, with
 * SELinuxMountReadWriteOncePod on): attachRequired true, podInfoOnMount false, storageCapacity false,
 * fsGroupPolicy ReadWriteOnceWithFSType, volumeLifecycleModes [Persistent], requiresRepublish false,
 * seLinuxMount false.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ensureRecord } from '../../../object-fields.js';

const unset = (v: unknown): boolean => v === undefined || v === null;

/** Applies `SetDefaults_CSIDriver` in place. */
export function defaultCSIDriver(driver: ApiObject): void {
  const spec = ensureRecord(driver, 'spec');
  if (unset(spec.attachRequired)) spec.attachRequired = true;
  if (unset(spec.podInfoOnMount)) spec.podInfoOnMount = false;
  if (unset(spec.storageCapacity)) spec.storageCapacity = false;
  if (unset(spec.fsGroupPolicy)) spec.fsGroupPolicy = 'ReadWriteOnceWithFSType';
  if (!Array.isArray(spec.volumeLifecycleModes) || spec.volumeLifecycleModes.length === 0) spec.volumeLifecycleModes = ['Persistent'];
  if (unset(spec.requiresRepublish)) spec.requiresRepublish = false;
  if (unset(spec.seLinuxMount)) spec.seLinuxMount = false;
}
