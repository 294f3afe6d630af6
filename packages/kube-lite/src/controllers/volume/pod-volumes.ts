/**
 * How the pvc-protection controller reads a pod (pkg/controller/volume/pvcprotection, pkg/volume/util and
 * component-helpers' storage/ephemeral): the claims it names, whether it is done with them, and whether it uses a
 * given claim. Only a pod bound to a node counts as a user: kubelet only sees scheduled pods, and neither it nor the
 * scheduler start a pod on a claim that is being deleted.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { isRecord, type JSONRecord, recordAt, recordsAt, stringAt } from '../../object-fields.js';

/** The name of the claim created for a pod's generic ephemeral volume: `<pod>-<volume>`. */
export function ephemeralClaimName(pod: ApiObject, volume: JSONRecord): string {
  return `${pod.metadata.name ?? ''}-${stringAt(volume, 'name')}`;
}

/** Whether `claim` is the one made for `pod`'s ephemeral volume: same namespace, and `pod` is its controller. */
export function claimIsForPod(pod: ApiObject, claim: ApiObject): boolean {
  if ((claim.metadata.namespace ?? '') !== (pod.metadata.namespace ?? '')) return false;
  const uid = pod.metadata.uid;
  return (claim.metadata.ownerReferences ?? []).some((ref) => ref.controller === true && ref.uid === uid);
}

/** The names of the claims `pod` refers to: `persistentVolumeClaim.claimName`s and its ephemeral volumes' claims. */
export function claimNamesOf(pod: ApiObject): string[] {
  const names: string[] = [];
  for (const volume of recordsAt(recordAt(pod, 'spec'), 'volumes')) {
    const source = recordAt(volume, 'persistentVolumeClaim');
    if (source !== undefined) names.push(stringAt(source, 'claimName'));
    else if (isRecord(volume['ephemeral'])) names.push(ephemeralClaimName(pod, volume));
  }
  return names;
}

/** Whether none of `statuses` is running (each terminated or waiting; none at all counts). */
function notRunning(statuses: readonly JSONRecord[]): boolean {
  return statuses.every((s) => {
    const state = recordAt(s, 'state');
    return isRecord(state?.['terminated']) || isRecord(state?.['waiting']);
  });
}

/** Whether the pod is over: Failed or Succeeded, or being deleted with no container of any kind running. */
export function isPodTerminated(pod: ApiObject): boolean {
  const status = recordAt(pod, 'status');
  const phase = stringAt(status, 'phase');
  if (phase === 'Failed' || phase === 'Succeeded') return true;
  if (pod.metadata.deletionTimestamp == null) return false;
  return ['initContainerStatuses', 'containerStatuses', 'ephemeralContainerStatuses'].every((key) => notRunning(recordsAt(status, key)));
}

/** Whether kubelet is done with the pod or it was force-deleted: being deleted with a grace period of 0. */
export function podIsShutDown(pod: ApiObject): boolean {
  return pod.metadata.deletionTimestamp != null && pod.metadata.deletionGracePeriodSeconds === 0;
}

/**
 * Whether a scheduled `pod` uses `claim`: through a `persistentVolumeClaim` volume naming it, or through an ephemeral
 * volume whose claim it is, unless the pod is shut down (a pod finalizer waiting for the claim would wait forever).
 */
export function podUsesClaim(pod: ApiObject, claim: ApiObject): boolean {
  const spec = recordAt(pod, 'spec');
  if (stringAt(spec, 'nodeName') === '') return false;
  const name = claim.metadata.name ?? '';
  return recordsAt(spec, 'volumes').some((volume) => {
    const source = recordAt(volume, 'persistentVolumeClaim');
    if (source !== undefined && stringAt(source, 'claimName') === name) return true;
    return isRecord(volume['ephemeral']) && !podIsShutDown(pod) && ephemeralClaimName(pod, volume) === name && claimIsForPod(pod, claim);
  });
}
