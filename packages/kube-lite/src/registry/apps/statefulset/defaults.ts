/**
 * apps/v1 StatefulSet defaulting (pkg/apis/apps/v1 `SetDefaults_StatefulSet` with 1.32's feature gates, and the
 * generated object defaulter): OrderedReady pods, RollingUpdate with partition 0, Retain/Retain claim retention,
 * replicas 1, revision history 10, the pod template's PodSpec defaults and the claim templates' volumeMode and phase.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { defaultPodTemplateSpec } from '@apiserver/runtime/apis';
import { ensureRecord, type JSONRecord, recordsAt } from '../../../object-fields.js';

const isUnset = (v: unknown): boolean => v === undefined || v === null || v === '';

function defaultUpdateStrategy(spec: JSONRecord): void {
  const strategy = ensureRecord(spec, 'updateStrategy');
  if (isUnset(strategy.type)) {
    strategy.type = 'RollingUpdate';
    ensureRecord(strategy, 'rollingUpdate');
  }
  const rollingUpdate = strategy.rollingUpdate;
  // MaxUnavailableStatefulSet is off in 1.32: maxUnavailable gets no default.
  if (strategy.type === 'RollingUpdate' && typeof rollingUpdate === 'object' && rollingUpdate !== null) {
    (rollingUpdate as JSONRecord).partition ??= 0;
  }
}

/** A claim template as `SetDefaults_PersistentVolumeClaim` and `SetDefaults_PersistentVolumeClaimSpec` leave it. */
function defaultClaimTemplate(claim: JSONRecord): void {
  const status = ensureRecord(claim, 'status');
  if (isUnset(status.phase)) status.phase = 'Pending';
  ensureRecord(claim, 'spec').volumeMode ??= 'Filesystem';
}

/** Applies the StatefulSet defaults in place. */
export function defaultStatefulSet(obj: ApiObject): void {
  const spec = ensureRecord(obj, 'spec');
  if (isUnset(spec.podManagementPolicy)) spec.podManagementPolicy = 'OrderedReady';
  defaultUpdateStrategy(spec);
  const retention = ensureRecord(spec, 'persistentVolumeClaimRetentionPolicy');
  if (isUnset(retention.whenDeleted)) retention.whenDeleted = 'Retain';
  if (isUnset(retention.whenScaled)) retention.whenScaled = 'Retain';
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultPodTemplateSpec(ensureRecord(spec, 'template'));
  for (const claim of recordsAt(spec, 'volumeClaimTemplates')) defaultClaimTemplate(claim);
}
