/**
 * Resource names of quotas, limit ranges and containers (pkg/apis/core/helper `IsStandardResourceName`,
 * `IsStandardQuotaResourceName`, `IsStandardContainerResourceName`, `IsIntegerResourceName`; pkg/apis/core/validation
 * `validateResourceName`, `validateContainerResourceName`, `ValidateResourceQuotaResourceName`,
 * `ValidateResourceQuantityValue`).
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, isQualifiedName } from '@apiserver/runtime';
import { quantityValue } from '../pod/qos.js';
import { validateNonNegativeQuantity } from '../persistentvolumeclaim/quantity-validation.js';

const CONTAINER_RESOURCES = ['cpu', 'memory', 'ephemeral-storage'];
const QUOTA_RESOURCES = [
  ...CONTAINER_RESOURCES,
  'requests.cpu',
  'requests.memory',
  'requests.storage',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
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
const STANDARD_RESOURCES = [...QUOTA_RESOURCES, 'storage'];
const INTEGER_RESOURCES = ['pods', 'services', 'replicationcontrollers', 'resourcequotas', 'services.nodeports', 'services.loadbalancers', 'secrets', 'configmaps', 'persistentvolumeclaims'];

const isHugePages = (name: string): boolean => name.startsWith('hugepages-');
const isQuotaHugePages = (name: string): boolean => isHugePages(name) || name.startsWith('requests.hugepages-') || name.startsWith('limits.hugepages-');
const unqualified = (name: string): boolean => !name.includes('/');

/** Whether `name` is a standard quota resource (hugepages included). */
export function isStandardQuotaResourceName(name: string): boolean {
  return QUOTA_RESOURCES.includes(name) || isQuotaHugePages(name);
}

/** Whether quantities of `name` must be whole numbers (object counts, `count/*`, extended resources). */
export function isIntegerResourceName(name: string): boolean {
  return INTEGER_RESOURCES.includes(name) || name.startsWith('count/') || isExtendedResourceName(name);
}

/** A qualified name that, unless it has a domain, is a standard resource (`validateResourceName`). */
export function validateResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = isQualifiedName(name).map((m) => fieldInvalid(path, name, m));
  if (errs.length > 0) return errs;
  if (unqualified(name) && !STANDARD_RESOURCES.includes(name) && !isQuotaHugePages(name)) return [fieldInvalid(path, name, 'must be a standard resource type or fully qualified')];
  return [];
}

/** Whether `name` is a Kubernetes resource: no domain, or a `kubernetes.io/` one (`IsNativeResource`). */
export function isNativeResource(name: string): boolean {
  return unqualified(name) || name.includes('kubernetes.io/');
}

/** Whether `name` is an extended resource: not native, and a qualified name once `requests.` is put before it. */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** A resource name of a container or pod limit (`validateContainerResourceName`). */
export function validateContainerResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = validateResourceName(name, path);
  if (unqualified(name)) {
    if (!CONTAINER_RESOURCES.includes(name) && !isHugePages(name)) errs.push(fieldInvalid(path, name, 'must be a standard resource for containers'));
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errs.push(fieldInvalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** A resource name of a quota (`ValidateResourceQuotaResourceName`). */
export function validateQuotaResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = validateResourceName(name, path);
  if (unqualified(name) && !isStandardQuotaResourceName(name)) errs.push(fieldInvalid(path, name, 'must be a standard resource for quota'));
  return errs;
}

/** Not negative, and whole for integer resources (`ValidateResourceQuantityValue`). */
export function validateResourceQuantityValue(name: string, q: unknown, path: FieldPath): FieldError[] {
  const errs = validateNonNegativeQuantity(q, path);
  const v = quantityValue(q);
  if (errs.length === 0 && isIntegerResourceName(name) && v !== undefined && Math.round(v * 1000) % 1000 !== 0) errs.push(fieldInvalid(path, q, 'must be an integer'));
  return errs;
}
