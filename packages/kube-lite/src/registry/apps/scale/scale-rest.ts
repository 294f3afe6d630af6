/**
 * The Scale of workloads (pkg/registry/apps/{deployment,replicaset}/storage `scaleFromDeployment` /
 * `scaleFromReplicaSet`): `spec.replicas`, `status.replicas` and the selector as a string; the `scale`
 * subresource itself is the registry's `ScaleREST` with this view.
 * @module
 */
import { type ApiObject, newScale, type ScaleView } from '@apiserver/registry';
import { newBadRequest, replicasPathOf } from '@apiserver/runtime';
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

/** `spec.replicas`, where every built-in scalable kind keeps its replicas. */
const SPEC_REPLICAS = replicasPathOf('spec.replicas');

/** apps/v1 workloads' replicas path for scale writes' managedFields (`replicasPathInDeployment` and the like). */
const APPS_V1_REPLICAS_PATHS = { groupVersion: 'apps/v1', mappings: { 'apps/v1': SPEC_REPLICAS } };

/** The replicas path of a core/v1 kind (ReplicationController) for scale writes' managedFields. */
export const CORE_V1_REPLICAS_PATHS = { groupVersion: 'v1', mappings: { v1: SPEC_REPLICAS } };

/** Workloads keep their replicas in `spec.replicas`. */
export const workloadScale: ScaleView = {
  replicasPaths: APPS_V1_REPLICAS_PATHS,
  scaleOf: scaleFromWorkload,
  setReplicas: (obj, replicas) => {
    ensureRecord(obj, 'spec').replicas = replicas;
  },
};
