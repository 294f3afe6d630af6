/**
 * Object metadata helpers of pkg/registry/rest (meta.go, create.go): system fields and namespace
 * enforcement between the request and the object.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { newBadRequest, nowTime } from '@apiserver/runtime';
import type { ApiObjectMeta } from './types.js';

/** Sets `creationTimestamp` (now) and a fresh `uid` (`rest.FillObjectMetaSystemFields`). */
export function fillObjectMetaSystemFields(meta: ApiObjectMeta, clock: () => number = Date.now): void {
  meta.creationTimestamp = nowTime(clock);
  meta.uid = randomUUID();
}

/**
 * Clears the fields clients may not set on create (`rest.WipeObjectMetaSystemFields`): creationTimestamp,
 * uid, deletionTimestamp, deletionGracePeriodSeconds and selfLink.
 */
export function wipeObjectMetaSystemFields(meta: ApiObjectMeta): void {
  delete meta.creationTimestamp;
  delete meta.uid;
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  delete meta.selfLink;
}

/** The namespace an object must have: the request's for namespaced resources, "" for cluster-scoped ones. */
export function expectedNamespaceForScope(requestNamespace: string, namespaceScoped: boolean): string {
  return namespaceScoped ? requestNamespace : '';
}

/**
 * Makes the object's namespace agree with the request's (`rest.EnsureObjectNamespaceMatchesRequestNamespace`):
 * equal is fine, an empty object namespace is filled, a cluster-scoped request clears it, anything else is
 * a 400 BadRequest.
 */
export function ensureObjectNamespaceMatchesRequestNamespace(requestNamespace: string, meta: ApiObjectMeta): void {
  const objNamespace = meta.namespace ?? '';
  if (objNamespace === requestNamespace) return;
  if (objNamespace === '') {
    meta.namespace = requestNamespace;
    return;
  }
  if (requestNamespace === '') {
    delete meta.namespace;
    return;
  }
  throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
}

