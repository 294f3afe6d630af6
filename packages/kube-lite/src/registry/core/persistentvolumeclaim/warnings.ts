/**
 * Warnings for persistent volume claims (pkg/api/persistentvolumeclaim `GetWarningsForPersistentVolumeClaim`): the
 * beta storage class annotation, and fractional storage requests and limits — of a claim, and of the claim templates
 * of ephemeral volumes and StatefulSets.
 * @module
 */
import { type FieldPath, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt } from '../../../object-fields.js';
import { fractionalByteWarnings } from '../pod/fractional-quantity.js';

/** The annotation that named a claim's class before `storageClassName`. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** The warnings of a claim spec at `path`: storage requested or limited in fractions of a byte. */
export function persistentVolumeClaimSpecWarnings(path: FieldPath, spec: unknown): string[] {
  const resources = recordAt(spec, 'resources');
  return [
    ...fractionalByteWarnings(resources?.['requests'], 'storage', path.child('resources', 'requests')),
    ...fractionalByteWarnings(resources?.['limits'], 'storage', path.child('resources', 'limits')),
  ];
}

/** The warnings of a claim being created or updated. */
export function persistentVolumeClaimWarnings(claim: JSONRecord): string[] {
  const warnings: string[] = [];
  if (BETA_STORAGE_CLASS_ANNOTATION in (recordAt(recordAt(claim, 'metadata'), 'annotations') ?? {})) {
    warnings.push(`${newPath('metadata', 'annotations').key(BETA_STORAGE_CLASS_ANNOTATION)}: deprecated since v1.8; use "storageClassName" attribute instead`);
  }
  return [...warnings, ...persistentVolumeClaimSpecWarnings(newPath('spec'), claim['spec'])];
}
