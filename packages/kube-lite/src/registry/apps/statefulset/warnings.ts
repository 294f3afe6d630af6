/**
 * The volume claim templates' warnings of a StatefulSet (pkg/registry/apps/statefulset `WarningsOnCreate`,
 * `WarningsOnUpdate`): fractional storage amounts. Upstream's paths differ between the two: `volumeClaimTemplates[i]`
 * on create, `volumeClaimTemplates[i].Spec` on update.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { newPath } from '@apiserver/runtime';
import { recordAt, recordsAt } from '../../../object-fields.js';
import { persistentVolumeClaimSpecWarnings } from '../../core/persistentvolumeclaim/warnings.js';

/** The claim templates' warnings, with upstream's update path when `onUpdate`. */
export function volumeClaimTemplateWarnings(obj: ApiObject, onUpdate: boolean): string[] {
  return recordsAt(obj.spec, 'volumeClaimTemplates').flatMap((pvc, i) => {
    const at = newPath('spec', 'volumeClaimTemplates').index(i);
    return persistentVolumeClaimSpecWarnings(onUpdate ? at.child('Spec') : at, recordAt(pvc, 'spec'));
  });
}
