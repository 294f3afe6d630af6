/**
 * LimitRange validation (pkg/apis/core/validation `ValidateLimitRange`): item types (standard or qualified, not
 * repeated), resource names per type, no defaults for Pod items, a storage bound for PersistentVolumeClaim items,
 * and the ordering min ≤ defaultRequest ≤ default ≤ max with max/min ratios. Keys are visited in name order
 * (upstream walks a Go map).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldDuplicate, fieldForbidden, fieldInvalid, fieldRequired, isQualifiedName, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { quantityValue } from '../pod/qos.js';
import { validateContainerResourceName, validateResourceName } from '../resourcequota/resource-names.js';

const LIMIT_TYPES = ['Pod', 'Container', 'PersistentVolumeClaim'];
const BOUNDS = ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const;
type Bound = (typeof BOUNDS)[number];

function validateTypeName(type: string, path: FieldPath): FieldError[] {
  const errs = isQualifiedName(type).map((m) => fieldInvalid(path, type, m));
  if (errs.length === 0 && !type.includes('/') && !LIMIT_TYPES.includes(type)) errs.push(fieldInvalid(path, type, 'must be a standard limit type or fully qualified'));
  return errs;
}

const text = (q: unknown): string => (typeof q === 'string' ? q : String(q));

/** The ordering checks of one resource `k` across the item's bounds. */
function validateOrdering(k: string, item: Readonly<Record<Bound, JSONRecord>>, path: FieldPath): FieldError[] {
  const raw = (b: Bound): unknown => item[b][k];
  const num = (b: Bound): number | undefined => (Object.hasOwn(item[b], k) ? quantityValue(raw(b)) : undefined);
  const [min, max, def, req, ratio] = [num('min'), num('max'), num('default'), num('defaultRequest'), num('maxLimitRequestRatio')];
  const at = (b: Bound) => path.child(b).key(k);
  const errs: FieldError[] = [];
  if (min !== undefined && max !== undefined && min > max) errs.push(fieldInvalid(at('min'), raw('min'), `min value ${text(raw('min'))} is greater than max value ${text(raw('max'))}`));
  if (req !== undefined && min !== undefined && min > req) errs.push(fieldInvalid(at('defaultRequest'), raw('defaultRequest'), `min value ${text(raw('min'))} is greater than default request value ${text(raw('defaultRequest'))}`));
  if (req !== undefined && max !== undefined && req > max) errs.push(fieldInvalid(at('defaultRequest'), raw('defaultRequest'), `default request value ${text(raw('defaultRequest'))} is greater than max value ${text(raw('max'))}`));
  if (req !== undefined && def !== undefined && req > def) errs.push(fieldInvalid(at('defaultRequest'), raw('defaultRequest'), `default request value ${text(raw('defaultRequest'))} is greater than default limit value ${text(raw('default'))}`));
  if (def !== undefined && min !== undefined && min > def) errs.push(fieldInvalid(at('default'), raw('min'), `min value ${text(raw('min'))} is greater than default value ${text(raw('default'))}`));
  if (def !== undefined && max !== undefined && def > max) errs.push(fieldInvalid(at('default'), raw('max'), `default value ${text(raw('default'))} is greater than max value ${text(raw('max'))}`));
  if (ratio !== undefined && ratio < 1) errs.push(fieldInvalid(at('maxLimitRequestRatio'), raw('maxLimitRequestRatio'), `ratio ${text(raw('maxLimitRequestRatio'))} is less than 1`));
  if (ratio !== undefined && min !== undefined && max !== undefined && ratio > max / min) {
    errs.push(fieldInvalid(at('maxLimitRequestRatio'), raw('maxLimitRequestRatio'), `ratio ${text(raw('maxLimitRequestRatio'))} is greater than max/min = ${(max / min).toFixed(6)}`));
  }
  return errs;
}

function validateItem(item: JSONRecord, path: FieldPath): FieldError[] {
  const type = stringAt(item, 'type');
  const errs = validateTypeName(type, path.child('type'));
  const bounds = Object.fromEntries(BOUNDS.map((b) => [b, recordAt(item, b) ?? {}])) as Record<Bound, JSONRecord>;
  const nameCheck = type === 'Pod' || type === 'Container' ? validateContainerResourceName : validateResourceName;
  const keys = new Set<string>();
  for (const b of BOUNDS) {
    if (type === 'Pod' && (b === 'default' || b === 'defaultRequest')) {
      if (Object.keys(bounds[b]).length > 0) errs.push(fieldForbidden(path.child(b), "may not be specified when `type` is 'Pod'"));
      bounds[b] = {};
      continue;
    }
    for (const k of Object.keys(bounds[b]).sort()) {
      errs.push(...nameCheck(k, path.child(b).key(k)));
      keys.add(k);
    }
  }
  if (type === 'PersistentVolumeClaim' && !Object.hasOwn(bounds.min, 'storage') && !Object.hasOwn(bounds.max, 'storage')) {
    errs.push(fieldRequired(path.child('limits'), 'either minimum or maximum storage value is required, but neither was provided'));
  }
  for (const k of [...keys].sort()) errs.push(...validateOrdering(k, bounds, path));
  return errs;
}

/** Validates a limit range's items. */
export function validateLimitRange(obj: ApiObject): FieldError[] {
  const path = newPath('spec', 'limits');
  const seen = new Set<string>();
  return recordsAt(recordAt(obj, 'spec'), 'limits').flatMap((item, i) => {
    const type = stringAt(item, 'type');
    const errs = validateItem(item, path.index(i));
    if (seen.has(type)) errs.splice(1, 0, fieldDuplicate(path.index(i).child('type'), type));
    seen.add(type);
    return errs;
  });
}
