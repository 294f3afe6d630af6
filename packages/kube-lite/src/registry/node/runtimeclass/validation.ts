/**
 * RuntimeClass validation (pkg/apis/node/validation `ValidateRuntimeClass`, `ValidateRuntimeClassUpdate`): a
 * DNS-label handler that cannot change, overhead podFixed as container resource limits, and scheduling's node
 * selector labels and tolerations.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, isQualifiedName, nameIsDNSLabel, newPath, validateLabels } from '@apiserver/runtime';
import { recordAt, recordsAt, stringAt, stringMapAt } from '../../../object-fields.js';
import { quantityValue } from '../../core/pod/qos.js';
import { validateTolerations } from './toleration-validation.js';

const STANDARD_CONTAINER_RESOURCES = ['cpu', 'memory', 'ephemeral-storage'];
// `standardResources` (pkg/apis/core/helper): what a one-segment resource name may be anywhere.
const STANDARD_RESOURCES = [
  ...STANDARD_CONTAINER_RESOURCES,
  ...['cpu', 'memory', 'ephemeral-storage', 'storage'].map((r) => `requests.${r}`),
  ...['cpu', 'memory', 'ephemeral-storage'].map((r) => `limits.${r}`),
  'pods',
  'services',
  'replicationcontrollers',
  'resourcequotas',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers',
];
const isHugePages = (name: string): boolean => name.startsWith('hugepages-');
const isNative = (name: string): boolean => !name.includes('/') || name.includes('kubernetes.io/');

/** `IsExtendedResourceName`: a prefixed, non-native name that stays qualified under `requests.`. */
function isExtendedResourceName(name: string): boolean {
  if (isNative(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** `validateContainerResourceName`: qualified, standard when unprefixed, extended when prefixed and not native. */
function validateContainerResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = isQualifiedName(name).map((m) => fieldInvalid(path, name, m));
  if (!name.includes('/')) {
    if (!STANDARD_RESOURCES.includes(name) && !isHugePages(name) && !isHugePages(name.replace(/^requests\./, ''))) {
      errs.push(fieldInvalid(path, name, 'must be a standard resource type or fully qualified'));
    }
    if (!STANDARD_CONTAINER_RESOURCES.includes(name) && !isHugePages(name)) errs.push(fieldInvalid(path, name, 'must be a standard resource for containers'));
  } else if (!isNative(name) && !isExtendedResourceName(name)) {
    errs.push(fieldInvalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** `validateOverhead`: podFixed (RuntimeClass) or a pod's overhead checked as the `limits` of container resource requirements. */
export function validateOverhead(podFixed: Record<string, unknown>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const [name, quantity] of Object.entries(podFixed)) {
    const p = path.child('limits').key(name);
    errs.push(...validateContainerResourceName(name, p));
    const value = quantityValue(quantity);
    if (value !== undefined && value < 0) errs.push(fieldInvalid(p, quantity, 'must be greater than or equal to 0'));
    else if (value !== undefined && isExtendedResourceName(name) && !Number.isInteger(value)) errs.push(fieldInvalid(p, quantity, 'must be an integer'));
  }
  return errs;
}

/** Validates a RuntimeClass (create and update). */
export function validateRuntimeClass(rc: ApiObject): FieldError[] {
  const handler = stringAt(rc, 'handler');
  const errs = nameIsDNSLabel(handler, false).map((m) => fieldInvalid(newPath('handler'), handler, m));
  const podFixed = recordAt(recordAt(rc, 'overhead'), 'podFixed');
  if (podFixed !== undefined) errs.push(...validateOverhead(podFixed, newPath('overhead')));
  const scheduling = recordAt(rc, 'scheduling');
  if (scheduling !== undefined) {
    const nodeSelector = stringMapAt(scheduling, 'nodeSelector');
    if (nodeSelector !== undefined) errs.push(...validateLabels(nodeSelector, newPath('scheduling', 'nodeSelector')));
    errs.push(...validateTolerations(recordsAt(scheduling, 'tolerations'), newPath('scheduling', 'tolerations')));
  }
  return errs;
}

/** Validates a RuntimeClass update: the class itself and an unchanged handler. */
export function validateRuntimeClassUpdate(rc: ApiObject, old: ApiObject): FieldError[] {
  const handler = stringAt(rc, 'handler');
  const errs = validateRuntimeClass(rc);
  if (handler !== stringAt(old, 'handler')) errs.push(fieldInvalid(newPath('handler'), handler, 'field is immutable'));
  return errs;
}
