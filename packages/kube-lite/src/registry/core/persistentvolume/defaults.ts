/**
 * PersistentVolume defaulting (pkg/apis/core/v1 `SetDefaults_PersistentVolume`): phase Pending, reclaim policy
 * Retain, volumeMode Filesystem.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ensureRecord } from '../../../object-fields.js';

const isUnset = (v: unknown): boolean => v === undefined || v === null || v === '';

/** Applies the volume defaults in place. */
export function defaultPersistentVolume(obj: ApiObject): void {
  const spec = ensureRecord(obj, 'spec');
  if (isUnset(spec.persistentVolumeReclaimPolicy)) spec.persistentVolumeReclaimPolicy = 'Retain';
  spec.volumeMode ??= 'Filesystem';
  const status = ensureRecord(obj, 'status');
  if (isUnset(status.phase)) status.phase = 'Pending';
}
