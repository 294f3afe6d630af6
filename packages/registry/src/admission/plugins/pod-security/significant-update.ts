/**
 * Whether a pod update can change the Pod Security verdict (`isSignificantPodUpdate`): a pod's spec is immutable
 * but for images, and container seccomp annotations may change; added ephemeral containers count too.
 * @module
 */
import { isRecord, type JSONRecord, recordAt } from '../../../quota/json-record.js';
import type { ApiObject } from '../../../rest/types.js';
import { containerName, listAt, stringAt } from './pod-spec.js';

const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

function containers(pod: ApiObject, list: string): JSONRecord[] {
  return listAt(recordAt(pod, 'spec'), list).map((c) => (isRecord(c) ? c : {}));
}

function significantContainerUpdate(c: JSONRecord, old: JSONRecord, pod: ApiObject, oldPod: ApiObject): boolean {
  if (stringAt(c, 'image') !== stringAt(old, 'image')) return true;
  const key = SECCOMP_CONTAINER_PREFIX + containerName(c);
  return stringAt(recordAt(pod.metadata, 'annotations'), key) !== stringAt(recordAt(oldPod.metadata, 'annotations'), key);
}

/** Whether the update from `oldPod` to `pod` must be evaluated. */
export function isSignificantPodUpdate(pod: ApiObject, oldPod: ApiObject): boolean {
  for (const list of ['containers', 'initContainers']) {
    const now = containers(pod, list);
    const before = containers(oldPod, list);
    if (now.length !== before.length) return true;
    if (now.some((c, i) => significantContainerUpdate(c, before[i] ?? {}, pod, oldPod))) return true;
  }
  const oldEphemeral = containers(oldPod, 'ephemeralContainers');
  return containers(pod, 'ephemeralContainers').some((c) => {
    const old = oldEphemeral.find((o) => containerName(o) === containerName(c));
    return old === undefined || significantContainerUpdate(c, old, pod, oldPod);
  });
}
