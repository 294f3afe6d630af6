/**
 * The divisor of a downward API `resourceFieldRef` (pkg/apis/core/validation `validateContainerResourceDivisor`):
 * a few canonical quantities per resource kind.
 * @module
 */
import { canonicalQuantity, type FieldError, type FieldPath, fieldInvalid } from '@apiserver/runtime';

const CPU_DIVISORS: readonly string[] = ['1m', '1'];
const BYTE_DIVISORS: readonly string[] = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];
const BYTE_DIVISOR_LIST = BYTE_DIVISORS.join(', ');

/** The divisors allowed for `resource` and the words of the error, or undefined when any divisor goes. */
function divisorRule(resource: string): { allowed: readonly string[]; message: string } | undefined {
  switch (resource) {
    case 'limits.cpu':
    case 'requests.cpu':
      return { allowed: CPU_DIVISORS, message: "only divisor's values 1m and 1 are supported with the cpu resource" };
    case 'limits.memory':
    case 'requests.memory':
      return { allowed: BYTE_DIVISORS, message: `only divisor's values ${BYTE_DIVISOR_LIST} are supported with the memory resource` };
    case 'limits.ephemeral-storage':
    case 'requests.ephemeral-storage':
      return { allowed: BYTE_DIVISORS, message: `only divisor's values ${BYTE_DIVISOR_LIST} are supported with the local ephemeral storage resource` };
  }
  if (resource.startsWith('requests.hugepages-') || resource.startsWith('limits.hugepages-')) {
    return { allowed: BYTE_DIVISORS, message: `only divisor's values ${BYTE_DIVISOR_LIST} are supported with the hugepages resource` };
  }
  return undefined;
}

/**
 * Checks `divisor` (a quantity, absent or zero meaning unset) against the divisors `resource` allows; the error
 * names the resource, as upstream's does.
 */
export function validateContainerResourceDivisor(resource: string, divisor: unknown, path: FieldPath): FieldError[] {
  if (divisor === undefined || divisor === null) return [];
  const text = canonicalQuantity(divisor);
  if (text === '0') return [];
  const rule = divisorRule(resource);
  if (rule === undefined || (text !== undefined && rule.allowed.includes(text))) return [];
  return [fieldInvalid(path.child('divisor'), resource, rule.message)];
}
