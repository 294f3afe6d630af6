/**
 * ReplicationController defaulting (pkg/apis/core/v1 `SetDefaults_ReplicationController` and the template's
 * PodSpec defaults): selector and labels from the template labels when empty, replicas 1.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { defaultPodTemplateSpec } from '@apiserver/runtime/apis';
import { ensureRecord, recordAt, stringMapAt } from '../../../object-fields.js';

const isEmpty = (m: unknown): boolean => m === undefined || m === null || (typeof m === 'object' && Object.keys(m).length === 0);

/** Applies the controller defaults in place. */
export function defaultReplicationController(obj: ApiObject): void {
  const spec = ensureRecord(obj, 'spec');
  const template = recordAt(spec, 'template');
  const labels = stringMapAt(recordAt(template, 'metadata'), 'labels');
  if (labels !== undefined) {
    if (isEmpty(spec.selector)) spec.selector = { ...labels };
    if (isEmpty(obj.metadata.labels)) obj.metadata.labels = { ...labels };
  }
  spec.replicas ??= 1;
  if (template !== undefined) defaultPodTemplateSpec(template);
}
