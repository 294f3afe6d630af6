/**
 * PersistentVolumeClaim defaulting (pkg/apis/core/v1 `SetDefaults_PersistentVolumeClaim` and
 * `SetDefaults_PersistentVolumeClaimSpec`): phase Pending, volumeMode Filesystem.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ensureRecord, type JSONRecord } from '../../../object-fields.js';

/** A claim spec's defaults (also what statefulset claim templates get). */
export function defaultClaimSpec(spec: JSONRecord): void {
  spec.volumeMode ??= 'Filesystem';
}

/** Applies the claim defaults in place. */
export function defaultPersistentVolumeClaim(obj: ApiObject): void {
  defaultClaimSpec(ensureRecord(obj, 'spec'));
  const status = ensureRecord(obj, 'status');
  if (status.phase === undefined || status.phase === null || status.phase === '') status.phase = 'Pending';
}
