/**
 * LimitRange defaulting (pkg/apis/core/v1 `SetDefaults_LimitRangeItem`): for Container items, the default limit
 * falls back to max, the default request to the default limit, then to min.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';

function fillFrom(target: JSONRecord, source: JSONRecord | undefined): void {
  for (const [name, q] of Object.entries(source ?? {})) if (!Object.hasOwn(target, name)) target[name] = q;
}

/** Applies the item defaults in place (empty maps stay absent, as Go omits them). */
export function defaultLimitRange(obj: ApiObject): void {
  for (const item of recordsAt(recordAt(obj, 'spec'), 'limits')) {
    if (stringAt(item, 'type') !== 'Container') continue;
    const defaults: JSONRecord = { ...(recordAt(item, 'default') ?? {}) };
    fillFrom(defaults, recordAt(item, 'max'));
    const requests: JSONRecord = { ...(recordAt(item, 'defaultRequest') ?? {}) };
    fillFrom(requests, defaults);
    fillFrom(requests, recordAt(item, 'min'));
    if (Object.keys(defaults).length > 0) item.default = defaults;
    if (Object.keys(requests).length > 0) item.defaultRequest = requests;
  }
}
