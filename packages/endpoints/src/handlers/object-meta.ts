/**
 * Object metadata checks shared by create, update and patch (rest.EnsureObjectNamespaceMatchesRequestNamespace,
 * rest.WipeObjectMetaSystemFields, handlers' checkName).
 */
import type { ApiObject } from '@apiserver/registry';
import { fieldInvalid, newBadRequest, newInvalid, newPath, validatePathSegmentName } from '@apiserver/runtime';
import type { RequestScope } from './request-scope.js';

/** Empty namespace → the request's; cluster-scoped → cleared; mismatch → 400. */
export function ensureNamespace(scope: RequestScope, obj: ApiObject, requestNamespace: string): void {
  const ns = obj.metadata.namespace ?? '';
  if (!scope.namespaced) {
    delete obj.metadata.namespace;
    return;
  }
  if (ns === '') obj.metadata.namespace = requestNamespace;
  else if (ns !== requestNamespace) {
    throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
  }
}

/** Clears the fields only the server sets (creationTimestamp, uid, deletionTimestamp, grace period, selfLink). */
export function wipeSystemFields(obj: ApiObject): void {
  const m = obj.metadata;
  delete m.creationTimestamp;
  delete m.uid;
  delete m.deletionTimestamp;
  delete m.deletionGracePeriodSeconds;
  delete m.selfLink;
}

/** The object name must equal the URL name (400 otherwise), as handlers' `checkName`. */
export function checkName(obj: ApiObject, name: string, namespace: string): void {
  const objName = obj.metadata.name ?? '';
  if (objName !== name) {
    throw newBadRequest(`the name of the object (${objName}) does not match the name on the URL (${name})`);
  }
  const objNamespace = obj.metadata.namespace ?? '';
  if (namespace !== '' && objNamespace !== '' && objNamespace !== namespace) {
    throw newBadRequest(`the namespace of the object (${objNamespace}) does not match the namespace on the request (${namespace})`);
  }
}

/** A name that cannot be a URL path segment (`.`, `..`, containing `/` or `%`) is 422 Invalid. */
export function checkPathSegmentName(scope: RequestScope, obj: ApiObject): void {
  const name = obj.metadata.name ?? '';
  if (name === '') return;
  const problems = validatePathSegmentName(name, false);
  if (problems.length > 0) {
    throw newInvalid(
      { group: scope.kind.group, kind: scope.kind.kind },
      name,
      problems.map((p) => fieldInvalid(newPath('metadata', 'name'), name, p)),
    );
  }
}
