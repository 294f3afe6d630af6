/**
 * A container's `resources` (pkg/apis/core/validation `ValidateContainerResourceRequirements`,
 * `validateResourceRequirements`, `validateResourceQuantityHugePageValue`; pkg/apis/core/helper
 * `IsOvercommitAllowed`, `IsHugePageResourceValueDivisible`): resource names, quantities, requests within limits,
 * extended resources and hugepages.
 *
 * Go walks the limits and requests maps in random order; kube-lite walks them in name order. `resources.claims`
 * is not checked: DynamicResourceAllocation is beta and off by default in 1.32, where upstream drops the claims
 * before validation.
 * @module
 */
import {
  compareQuantities,
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
  formatQuantity,
  type ParsedQuantity,
  parseQuantity,
  quantityMilliValue,
} from '@apiserver/runtime';
import { type JSONRecord, recordAt } from '../../../object-fields.js';
import { isNativeResource, validateContainerResourceName, validateResourceQuantityValue } from '../resourcequota/resource-names.js';

const HUGEPAGES_PREFIX = 'hugepages-';

const isHugePages = (name: string): boolean => name.startsWith(HUGEPAGES_PREFIX);
const isCPUOrMemory = (name: string): boolean => name === 'cpu' || name === 'memory';

/** Whether requests of `name` may be below its limit (`IsOvercommitAllowed`): native resources but hugepages. */
export function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !isHugePages(name);
}

/** A quantity given as text or a JSON number, parsed; undefined when it is none. */
function parsed(q: unknown): ParsedQuantity | undefined {
  if (typeof q === 'string') return parseQuantity(q);
  return typeof q === 'number' && Number.isFinite(q) ? parseQuantity(String(q)) : undefined;
}

/** `Quantity.Value()`: the whole value, rounded up. */
function wholeValue(q: ParsedQuantity): bigint {
  if (q.exp10 >= 0) return q.digits * 10n ** BigInt(q.exp10);
  const divisor = 10n ** BigInt(-q.exp10);
  const magnitude = q.digits < 0n ? -q.digits : q.digits;
  const rounded = (magnitude + divisor - 1n) / divisor;
  return q.digits < 0n ? -rounded : rounded;
}

/** `IsHugePageResourceValueDivisible`: the page size in the name is a positive whole number dividing `q`. */
function isHugePageValueDivisible(name: string, q: ParsedQuantity): boolean {
  const page = parseQuantity(name.slice(HUGEPAGES_PREFIX.length));
  if (page === undefined || page.digits <= 0n) return false;
  if (quantityMilliValue(page) % 1000n !== 0n) return false;
  return wholeValue(q) % wholeValue(page) === 0n;
}

/** The hugepages check of one quantity (indivisible values are never allowed on create). */
function validateHugePageValue(name: string, q: unknown, path: FieldPath): FieldError[] {
  const value = parsed(q);
  if (value === undefined || isHugePageValueDivisible(name, value)) return [];
  const text = formatQuantity(value);
  return [fieldInvalid(path, text, `${text} is not positive integer multiple of ${name}`)];
}

/** A request checked against the limit of the same resource, when there is one. */
function validateRequestWithinLimit(name: string, q: unknown, limits: JSONRecord, resources: FieldPath): FieldError[] {
  const overcommit = isOvercommitAllowed(name);
  if (!Object.hasOwn(limits, name)) return overcommit ? [] : [fieldRequired(resources.child('limits'), 'Limit must be set for non overcommitable resources')];
  const request = parsed(q);
  const limit = parsed(limits[name]);
  if (request === undefined || limit === undefined) return [];
  const cmp = compareQuantities(request, limit);
  const reqPath = resources.child('requests');
  if (cmp !== 0 && !overcommit) return [fieldInvalid(reqPath, formatQuantity(request), `must be equal to ${name} limit of ${formatQuantity(limit)}`)];
  if (cmp > 0) return [fieldInvalid(reqPath, formatQuantity(request), `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`)];
  return [];
}

/**
 * Validates one container's `resources` (`ValidateContainerResourceRequirements`): each limit then each request
 * has a container resource name and a valid quantity; requests are at most their limit (equal to it, and the limit
 * required, for extended resources and hugepages); hugepages values are whole pages and need cpu or memory beside
 * them.
 */
export function validateContainerResourceRequirements(resources: JSONRecord | undefined, path: FieldPath): FieldError[] {
  const limits = recordAt(resources, 'limits') ?? {};
  const requests = recordAt(resources, 'requests') ?? {};
  const errs: FieldError[] = [];
  let hugePages = false;
  let cpuOrMemory = false;
  for (const [field, list] of [
    ['limits', limits],
    ['requests', requests],
  ] as const) {
    for (const name of Object.keys(list).sort()) {
      const p = path.child(field).key(name);
      errs.push(...validateContainerResourceName(name, p), ...validateResourceQuantityValue(name, list[name], p));
      if (field === 'requests') errs.push(...validateRequestWithinLimit(name, list[name], limits, path));
      if (isHugePages(name)) {
        hugePages = true;
        errs.push(...validateHugePageValue(name, list[name], p));
      }
      if (isCPUOrMemory(name)) cpuOrMemory = true;
    }
  }
  if (hugePages && !cpuOrMemory) errs.push(fieldForbidden(path, 'HugePages require cpu or memory'));
  return errs;
}

/** The `resources` of one container, as `validateContainerCommon` checks them. */
export function validateContainerResources(c: JSONRecord, path: FieldPath): FieldError[] {
  return validateContainerResourceRequirements(recordAt(c, 'resources'), path.child('resources'));
}
