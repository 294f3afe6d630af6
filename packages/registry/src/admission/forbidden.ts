/**
 * `admission.NewForbidden`: a plugin's rejection as a 403 naming the resource and object.
 * @module
 */
import { isForbidden, isStatusError, newForbidden, type StatusError } from '@apiserver/runtime';
import type { Attributes } from './interfaces.js';

/**
 * 403 Forbidden `<resource> "<name>" is forbidden: <reason>` (a Forbidden StatusError is returned as is);
 * the name falls back to the object's name, its generateName, then "Unknown".
 */
export function newAdmissionForbidden(a: Attributes, reason: Error | string): StatusError {
  if (isStatusError(reason) && isForbidden(reason)) return reason;
  let name = a.name;
  if (name === '') {
    const meta = a.object?.metadata;
    name = meta?.name || meta?.generateName || 'Unknown';
  }
  return newForbidden({ group: a.resource.group, resource: a.resource.resource }, name, reason);
}
