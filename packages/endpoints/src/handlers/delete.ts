/**
 * DELETE and DELETECOLLECTION (handlers/delete.go): DeleteOptions from the body when there is one, else from the
 * query; 200 with the object or a Status, 202 while a graceful deletion with orphanDependents=false is pending.
 */
import type { CollectionDeleter, GracefulDeleter } from '@apiserver/registry';
import { isDryRun } from '@apiserver/registry';
import { requestAuditRecorderOf } from '../audit/request-audit.js';
import { type DeleteOptions, type KubeObject, makeStatus, newInvalid, fieldInvalid, newPath } from '@apiserver/runtime';
import { attributesFor, validateObjectFunc } from './admission.js';
import { decodeWith, inputSerializer, readBody } from './body.js';
import { deleteOptionsFromQuery, listOptionsOf, validateDeleteOptions } from './options.js';
import type { Handler, HandlerRequest, RequestScope } from './request-scope.js';
import { finishRequest } from './finisher.js';
import { requestContextOf, requestInfoOf } from './request-scope.js';
import { negotiateOutput, serve, writeObjectNegotiated } from './responsewriters.js';
import { kubeObject } from './transform.js';

function isDeleteOptions(obj: KubeObject): obj is KubeObject & DeleteOptions {
  return obj.kind === undefined || obj.kind === 'DeleteOptions';
}

/** DeleteOptions of a request: the body (query ignored) when present, else the query; validated (422). */
export async function deleteOptionsOf(scope: RequestScope, request: HandlerRequest): Promise<DeleteOptions> {
  const body = await readBody(request, scope.maxRequestBodyBytes);
  let options: DeleteOptions;
  if (body.length > 0) {
    const { object: decoded } = await decodeWith(inputSerializer(scope, request).serializer, body);
    if (!isDeleteOptions(decoded)) {
      throw newInvalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', [
        fieldInvalid(newPath('kind'), decoded.kind, 'must be DeleteOptions'),
      ]);
    }
    requestAuditRecorderOf(request.req)?.logRequestObject(decoded, () => scope.codecs.json.encode(decoded));
    const { kind: _kind, apiVersion: _apiVersion, ...rest } = decoded;
    options = rest;
  } else {
    options = deleteOptionsFromQuery(request.query);
  }
  validateDeleteOptions(options);
  return options;
}

/** DELETE on an item (rest.GracefulDeleter). */
export function deleteResource(scope: RequestScope, deleter: GracefulDeleter): Handler {
  return (request) =>
    serve(scope, request, async () => {
      const negotiated = negotiateOutput(scope, request);
      const options = await deleteOptionsOf(scope, request);
      const dryRun = isDryRun(options.dryRun);
      const ctx = requestContextOf(request, request.namespace, dryRun, requestInfoOf(scope, request, 'delete'));
      const validation = validateObjectFunc(scope, attributesFor(scope, request, 'DELETE', { options, dryRun }));
      const result = await finishRequest(scope.requestTimeoutSeconds, () => deleter.delete(ctx, request.name, validation, options));
      const status = !result.deleted && options.orphanDependents === false ? 202 : 200;
      // Whatever the storage returns is written as is (the generic store's Success Status has no code).
      await writeObjectNegotiated(scope, request, status, kubeObject(result.object), negotiated);
    });
}

/** DELETE on the collection (rest.CollectionDeleter): ListOptions from the query, 200 with the deleted list. */
export function deleteCollection(scope: RequestScope, deleter: CollectionDeleter): Handler {
  return (request) =>
    serve(scope, request, async () => {
      const negotiated = negotiateOutput(scope, request);
      const listOptions = listOptionsOf(request.query, false, scope.fieldLabels);
      const options = await deleteOptionsOf(scope, request);
      if (request.query.get('ignoreStoreReadErrorWithClusterBreakingPotential') === 'true') {
        throw newInvalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', [
          fieldInvalid(newPath('ignoreStoreReadErrorWithClusterBreakingPotential'), true, 'is not allowed with DELETECOLLECTION, try again after removing the option'),
        ]);
      }
      const dryRun = isDryRun(options.dryRun);
      const ctx = requestContextOf(request, request.namespace, dryRun, requestInfoOf(scope, request, 'deletecollection'));
      const validation = validateObjectFunc(scope, attributesFor(scope, request, 'DELETE', { options, dryRun }));
      const list = await deleter.deleteCollection(ctx, validation, options, { ...listOptions, watch: false });
      const result = kubeObject(list ?? makeStatus({ status: 'Success', code: 200, details: { kind: scope.resource.resource } }));
      await writeObjectNegotiated(scope, request, 200, result, negotiated);
    });
}
