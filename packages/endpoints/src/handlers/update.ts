/**
 * UPDATE (handlers/update.go `UpdateResource`): decode, check namespace and name, update through an
 * UpdatedObjectInfo, answer 200 (or 201 when the update created the object).
 */
import { defaultUpdatedObjectInfo, isDryRun, type Updater } from '@apiserver/registry';
import { decodeBody } from './body.js';
import { checkName, ensureNamespace } from './object-meta.js';
import { toMetaWriteOptions, writeOptionsOf } from './options.js';
import { finishRequest } from './finisher.js';
import { type Handler, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { negotiateOutput, serve, writeObjectNegotiated } from './responsewriters.js';

/** PUT on an item (rest.Updater). */
export function updateResource(scope: RequestScope, updater: Updater): Handler {
  return (request) =>
    serve(scope, request, async () => {
      const negotiated = negotiateOutput(scope, request);
      const options = writeOptionsOf(request.query, 'UpdateOptions');
      const obj = await decodeBody(scope, request, options.fieldValidation);
      ensureNamespace(scope, obj, request.namespace);
      checkName(obj, request.name, request.namespace);
      const ctx = requestContextOf(request, request.namespace, isDryRun(options.dryRun), requestInfoOf(scope, request, 'update'));
      const info = defaultUpdatedObjectInfo(obj);
      const result = await finishRequest(scope.requestTimeoutSeconds, () =>
        updater.update(ctx, request.name, info, undefined, undefined, false, toMetaWriteOptions(options)),
      );
      await writeObjectNegotiated(scope, request, result.created ? 201 : 200, result.object, negotiated);
    });
}
