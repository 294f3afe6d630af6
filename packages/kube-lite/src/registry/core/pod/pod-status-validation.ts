/**
 * What a `pods/status` write is checked for (pkg/apis/core/validation `ValidatePodStatusUpdate`, Kubernetes 1.32),
 * beyond the object metadata every update gets, in upstream's order. Ported from a 1.33-development copy of
 * validation.go that predates 1.33's status changes (no `observedGeneration`, IPs still parsed sloppily), checked
 * against a 1.30 copy: 1.31 added the container status users and allocated resource health checks, 1.32 the
 * `qosClass` immutability (kubernetes#127744, with the strategy's back-fill of an empty class).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldDuplicate, fieldForbidden, fieldInvalid, nameIsDNSSubdomain, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { validateNodeName, validateQualifiedName } from '../endpoints/validation.js';
import { validateContainerStateTransition, validateInitContainerStateTransition } from './container-state-transition.js';
import {
  validateContainerStatusAllocatedResourcesStatus,
  validateContainerStatusNoAllocatedResourcesStatus,
  validateContainerStatusUsers,
} from './container-status-validation.js';
import { validateHostIPs, validatePodIPs } from './pod-ip-validation.js';
import { validatePodAnnotationUpdates } from './pod-validation.js';

const STATUS = newPath('status');
const SYSTEM_CONDITIONS: readonly string[] = ['PodScheduled', 'Ready', 'Initialized'];

/**
 * `validatePodConditions`: a condition type other than the kubelet's own must be a qualified name. Upstream reports it
 * under `metadata.conditions[i].Type` (its path starts from `metadata`), and so does kube-lite.
 */
export function validatePodConditions(conditions: readonly JSONRecord[]): FieldError[] {
  const path = newPath('metadata', 'conditions');
  return conditions.flatMap((c, i) => {
    const type = stringAt(c, 'type');
    return SYSTEM_CONDITIONS.includes(type) ? [] : validateQualifiedName(type, path.index(i).child('Type'));
  });
}

/**
 * `validatePodResourceClaimStatuses`: each status names an entry of `spec.resourceClaims`, once, and its claim name is
 * a DNS subdomain (reported under `name`, as upstream).
 */
export function validatePodResourceClaimStatuses(statuses: readonly JSONRecord[], spec: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const claims = new Set(recordsAt(spec, 'resourceClaims').map((c) => stringAt(c, 'name')));
  const seen = new Set<string>();
  const errs: FieldError[] = [];
  statuses.forEach((status, i) => {
    const at = path.index(i).child('name');
    const name = stringAt(status, 'name');
    if (!claims.has(name)) errs.push(fieldInvalid(at, name, 'must match the name of an entry in `spec.resourceClaims`'));
    if (seen.has(name)) errs.push(fieldDuplicate(at, name));
    seen.add(name);
    const claimName = status.resourceClaimName;
    if (typeof claimName === 'string') errs.push(...nameIsDNSSubdomain(claimName, false).map((m) => fieldInvalid(at, claimName, m)));
  });
  return errs;
}

/**
 * The node a status write may not move the pod to, its nominated node, and its QoS class. Upstream compares the
 * *specs'* node names (reported as `status.nodeName`); the status strategy keeps the stored spec, so through
 * `pods/status` it cannot fire.
 */
function validateSchedulingFields(spec: JSONRecord | undefined, status: JSONRecord | undefined, oldSpec: JSONRecord | undefined, oldStatus: JSONRecord | undefined): FieldError[] {
  const errs: FieldError[] = [];
  if (stringAt(spec, 'nodeName') !== stringAt(oldSpec, 'nodeName')) errs.push(fieldForbidden(STATUS.child('nodeName'), 'may not be changed directly'));
  const nominated = stringAt(status, 'nominatedNodeName');
  if (nominated !== stringAt(oldStatus, 'nominatedNodeName') && nominated !== '') errs.push(...validateNodeName(nominated, STATUS.child('nominatedNodeName')));
  const qos = stringAt(status, 'qosClass');
  if (qos !== stringAt(oldStatus, 'qosClass')) errs.push(fieldInvalid(STATUS.child('qosClass'), qos, 'field is immutable'));
  return errs;
}

function validateContainerStatuses(spec: JSONRecord | undefined, status: JSONRecord | undefined, oldSpec: JSONRecord | undefined, oldStatus: JSONRecord | undefined): FieldError[] {
  const lists = (s: JSONRecord | undefined) => ({
    containers: recordsAt(s, 'containerStatuses'),
    init: recordsAt(s, 'initContainerStatuses'),
    ephemeral: recordsAt(s, 'ephemeralContainerStatuses'),
  });
  const now = lists(status);
  const was = lists(oldStatus);
  return [
    ...validateContainerStateTransition(now.containers, was.containers, STATUS.child('containerStatuses'), stringAt(oldSpec, 'restartPolicy')),
    ...validateInitContainerStateTransition(now.init, was.init, STATUS.child('initContainerStatuses'), oldSpec),
    ...validateContainerStateTransition(now.ephemeral, was.ephemeral, STATUS.child('ephemeralContainerStatuses'), 'Never'),
    ...validatePodResourceClaimStatuses(recordsAt(status, 'resourceClaimStatuses'), spec, STATUS.child('resourceClaimStatuses')),
  ];
}

function validateContainerStatusFields(spec: JSONRecord | undefined, status: JSONRecord | undefined): FieldError[] {
  const paths = { containers: STATUS.child('containerStatuses'), init: STATUS.child('initContainerStatuses'), ephemeral: STATUS.child('ephemeralContainerStatuses') };
  const containers = recordsAt(status, 'containerStatuses');
  const init = recordsAt(status, 'initContainerStatuses');
  const ephemeral = recordsAt(status, 'ephemeralContainerStatuses');
  return [
    ...validateContainerStatusUsers(containers, paths.containers, spec),
    ...validateContainerStatusUsers(init, paths.init, spec),
    ...validateContainerStatusUsers(ephemeral, paths.ephemeral, spec),
    ...validateContainerStatusAllocatedResourcesStatus(containers, paths.containers, recordsAt(spec, 'containers')),
    ...validateContainerStatusAllocatedResourcesStatus(init, paths.init, recordsAt(spec, 'initContainers')),
    ...validateContainerStatusNoAllocatedResourcesStatus(ephemeral, paths.ephemeral),
  ];
}

/**
 * `ValidatePodStatusUpdate` without `ValidateObjectMetaUpdate` (the generic update runs it): the annotation rules, the
 * condition types, the node and nominated node, the QoS class, container state transitions, resource claim statuses,
 * pod and host IPs, container users and allocated resource health.
 */
export function validatePodStatusUpdate(pod: ApiObject, old: ApiObject): FieldError[] {
  const spec = recordAt(pod, 'spec');
  const status = recordAt(pod, 'status');
  const oldSpec = recordAt(old, 'spec');
  const oldStatus = recordAt(old, 'status');
  return [
    ...validatePodAnnotationUpdates(pod, old),
    ...validatePodConditions(recordsAt(status, 'conditions')),
    ...validateSchedulingFields(spec, status, oldSpec, oldStatus),
    ...validateContainerStatuses(spec, status, oldSpec, oldStatus),
    ...validatePodIPs(pod),
    ...validateHostIPs(pod),
    ...validateContainerStatusFields(spec, status),
  ];
}
