/**
 * PodSpec checks (pkg/apis/core/validation `ValidatePodSpec`, `ValidatePodTemplateSpec`) for the fields
 * kube-lite models; shared by pods, deployments and replicasets.
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldDuplicate,
  fieldInvalid,
  fieldRequired,
  isDNS1123Label,
  isDNS1123Subdomain,
  validateLabels,
} from '@apiserver/runtime';
import { validateContainers, validateEnum } from './container-validation.js';
import { validateEphemeralContainers } from './ephemeral-container-validation.js';
import { isInteger, type JSONRecord, recordAt, recordsAt, stringAt, stringMapAt } from '../../../object-fields.js';
import { inclusiveRangeError } from './port-validation.js';
import { validatePodSpecSecurityContext } from './security-context-validation.js';
import { validatePodSchedulingFields } from './pod-fields-validation.js';

/** Restart policies a pod may use. */
export const RESTART_POLICIES: readonly string[] = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES: readonly string[] = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const MAX_INT32 = 2147483647;

function validateVolumes(spec: JSONRecord, path: FieldPath): { errs: FieldError[]; names: Set<string> } {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  recordsAt(spec, 'volumes').forEach((v, i) => {
    const p = path.index(i).child('name');
    const name = stringAt(v, 'name');
    if (name === '') errs.push(fieldRequired(p, ''));
    else {
      for (const msg of isDNS1123Label(name)) errs.push(fieldInvalid(p, name, msg));
      if (names.has(name)) errs.push(fieldDuplicate(p, name));
      names.add(name);
    }
  });
  return { errs, names };
}

/** Options of PodSpec validation. */
export interface PodSpecValidationOptions {
  /** Container images are required (pods); templates may leave them for admission to fill. */
  readonly requireImages: boolean;
  /** The spec is a pod's, not a template's (upstream's `ResourceIsPod`): host ports were defaulted. */
  readonly resourceIsPod: boolean;
}

/**
 * `validatePodHostNetworkDeps`: with hostNetwork, a container's hostPort must equal its containerPort. A template's
 * may also be unset (0): the pod made from it gets the containerPort by defaulting.
 */
function validateHostNetworkPorts(spec: JSONRecord, path: FieldPath, resourceIsPod: boolean): FieldError[] {
  if (spec.hostNetwork !== true) return [];
  const errs: FieldError[] = [];
  recordsAt(spec, 'containers').forEach((c, i) => {
    recordsAt(c, 'ports').forEach((port, j) => {
      const hostPort = port.hostPort ?? 0;
      if ((resourceIsPod || hostPort !== 0) && hostPort !== (port.containerPort ?? 0)) {
        errs.push(fieldInvalid(path.child('containers').index(i).child('ports').index(j).child('hostPort'), hostPort, 'must match `containerPort` when `hostNetwork` is true'));
      }
    });
  });
  return errs;
}

/**
 * Validates a PodSpec: volumes (DNS-1123 label names, unique), containers, restartPolicy and dnsPolicy
 * enums, activeDeadlineSeconds in 1…2³¹-1, terminationGracePeriodSeconds an integer, nodeName a DNS subdomain.
 */
export function validatePodSpec(spec: JSONRecord, path: FieldPath, options: PodSpecValidationOptions): FieldError[] {
  const volumes = validateVolumes(spec, path.child('volumes'));
  const errs = [...volumes.errs, ...validateContainers(spec, path, volumes.names, options.requireImages)];
  errs.push(...validateEphemeralContainers(spec, path, volumes.names));
  errs.push(...validateHostNetworkPorts(spec, path, options.resourceIsPod));
  errs.push(...validateEnum(spec.restartPolicy, path.child('restartPolicy'), RESTART_POLICIES));
  errs.push(...validateEnum(spec.dnsPolicy, path.child('dnsPolicy'), DNS_POLICIES));
  const deadline = spec.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null && !(isInteger(deadline) && deadline >= 1 && deadline <= MAX_INT32)) {
    errs.push(fieldInvalid(path.child('activeDeadlineSeconds'), deadline, inclusiveRangeError(1, MAX_INT32)));
  }
  const grace = spec.terminationGracePeriodSeconds;
  if (grace !== undefined && grace !== null && !isInteger(grace)) {
    errs.push(fieldInvalid(path.child('terminationGracePeriodSeconds'), grace, 'must be an integer'));
  }
  const nodeName = stringAt(spec, 'nodeName');
  if (nodeName !== '') for (const msg of isDNS1123Subdomain(nodeName)) errs.push(fieldInvalid(path.child('nodeName'), nodeName, msg));
  errs.push(...validatePodSpecSecurityContext(spec, path));
  errs.push(...validatePodSchedulingFields(spec, path));
  return errs;
}

/** Validates a PodTemplateSpec (`ValidatePodTemplateSpec`): template labels, then the pod spec (images optional). */
export function validatePodTemplateSpec(template: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (template === undefined) return [fieldRequired(path, '')];
  const labels = stringMapAt(recordAt(template, 'metadata'), 'labels') ?? {};
  return [
    ...validateLabels(labels, path.child('metadata', 'labels')),
    ...validatePodSpec(recordAt(template, 'spec') ?? {}, path.child('spec'), { requireImages: false, resourceIsPod: false }),
  ];
}
