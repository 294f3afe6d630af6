/**
 * apps/v1 DaemonSet defaulting (pkg/apis/apps/v1 `SetDefaults_DaemonSet` and the generated object defaulter):
 * RollingUpdate with maxUnavailable 1 and maxSurge 0, revision history 10, the pod template's PodSpec defaults.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { defaultPodTemplateSpec } from '@apiserver/runtime/apis';
import { ensureRecord } from '../../../object-fields.js';

/** Applies the DaemonSet defaults in place. */
export function defaultDaemonSet(obj: ApiObject): void {
  const spec = ensureRecord(obj, 'spec');
  const strategy = ensureRecord(spec, 'updateStrategy');
  if (strategy.type === undefined || strategy.type === null || strategy.type === '') strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const rollingUpdate = ensureRecord(strategy, 'rollingUpdate');
    rollingUpdate.maxUnavailable ??= 1;
    rollingUpdate.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  defaultPodTemplateSpec(ensureRecord(spec, 'template'));
}
