/**
 * Warnings of the workloads that embed a pod template (the `WarningsOnCreate` and `WarningsOnUpdate` of deployments,
 * replicasets, statefulsets, daemonsets, replication controllers and pod templates): the template's pod warnings on
 * create, and on an update that changed the generation; for those whose pods are named after them, a name that is
 * not a DNS label too.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldPath, newPath } from '@apiserver/runtime';
import { recordAt } from '../../../object-fields.js';
import { podNameWarnings } from '../../batch/name-warnings.js';
import { podTemplateWarnings } from './warnings.js';

/** Where most workloads keep their template. */
export const SPEC_TEMPLATE: FieldPath = newPath('spec', 'template');

/** The template at `spec.template` of a workload. */
export function specTemplateOf(obj: ApiObject): unknown {
  return recordAt(obj.spec, 'template');
}

/** A workload's create warnings: its name when its pods are named after it (`namesPods`), then its template's. */
export function workloadWarningsOnCreate(obj: ApiObject, namesPods: boolean): string[] {
  return [...(namesPods ? podNameWarnings(obj) : []), ...podTemplateWarnings(SPEC_TEMPLATE, specTemplateOf(obj))];
}

/** Whether an update changed the object's generation (what the workloads' update warnings are computed on). */
export function generationChanged(obj: ApiObject, old: ApiObject): boolean {
  return (obj.metadata.generation ?? 0) !== (old.metadata.generation ?? 0);
}

/** A workload's update warnings: its template's, when the update changed its generation. */
export function workloadWarningsOnUpdate(obj: ApiObject, old: ApiObject): string[] {
  return generationChanged(obj, old) ? podTemplateWarnings(SPEC_TEMPLATE, specTemplateOf(obj)) : [];
}
