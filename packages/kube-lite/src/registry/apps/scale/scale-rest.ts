/**
 * The Scale of workloads (pkg/registry/apps/{deployment,replicaset}/storage `scaleFromDeployment` /
 * `scaleFromReplicaSet`): `spec.replicas`, `status.replicas` and the selector as a string; the `scale`
 * subresource itself is the registry's `ScaleREST` with this view.
 * @module
 */
import { type ApiObject, newScale, type ScaleView } from '@apiserver/registry';
import { newBadRequest } from '@apiserver/runtime';
import { ensureRecord, isInteger, recordAt } from '../../../object-fields.js';
import { selectorString } from '../replicaset/workload-validation.js';

/** The autoscaling/v1 Scale of a workload; 400 `invalid label selector` when its selector cannot be written. */
export function scaleFromWorkload(obj: ApiObject): ApiObject {
  const selector = selectorString(recordAt(obj, 'spec')?.selector);
  if (selector === undefined) throw newBadRequest('invalid label selector');
  const replicas = recordAt(obj, 'spec')?.replicas;
  const statusReplicas = recordAt(obj, 'status')?.replicas;
  return newScale(obj, isInteger(replicas) ? replicas : 0, isInteger(statusReplicas) ? statusReplicas : 0, selector);
}

/** Workloads keep their replicas in `spec.replicas`. */
export const workloadScale: ScaleView = {
  scaleOf: scaleFromWorkload,
  setReplicas: (obj, replicas) => {
    ensureRecord(obj, 'spec').replicas = replicas;
  },
};
