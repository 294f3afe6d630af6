/**
 * CREATE (handlers/create.go `createHandler`): decode, check namespace and name, wipe system fields, create,
 * answer 201.
 */
import type { ApiObject, Creater, NamedCreater, RequestContext } from '@apiserver/registry';
import { isDryRun } from '@apiserver/registry';
import type { CreateOptions } from '@apiserver/runtime';
import { decodeBody } from './body.js';
import { checkPathSegmentName, ensureNamespace, wipeSystemFields } from './object-meta.js';
import { toMetaWriteOptions, writeOptionsOf } from './options.js';
import { finishRequest } from './finisher.js';
import { type Handler, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { negotiateOutput, serve, writeObjectNegotiated } from './responsewriters.js';

type CreateFunc = (ctx: RequestContext, name: string, obj: ApiObject, options: CreateOptions) => Promise<ApiObject>;

function createHandler(scope: RequestScope, named: boolean, fn: CreateFunc): Handler {
  return (request) =>
    serve(scope, request, async () => {
      const negotiated = negotiateOutput(scope, request);
      const options = writeOptionsOf(request.query, 'CreateOptions');
      const obj = await decodeBody(scope, request, options.fieldValidation);
      if (!(named && scope.preserveSystemFieldsOnCreate)) wipeSystemFields(obj);
      ensureNamespace(scope, obj, request.namespace);
      checkPathSegmentName(scope, obj);
      const ctx = requestContextOf(request, request.namespace, isDryRun(options.dryRun), requestInfoOf(scope, request, 'create'));
      const name = named ? request.name : (obj.metadata.name ?? '');
      const created = await finishRequest(scope.requestTimeoutSeconds, () => fn(ctx, name, obj, toMetaWriteOptions(options)));
      await writeObjectNegotiated(scope, request, 201, created, negotiated);
    });
}

/** POST on the collection (rest.Creater). */
export function createResource(scope: RequestScope, creater: Creater): Handler {
  return createHandler(scope, false, (ctx, _name, obj, options) => creater.create(ctx, obj, undefined, options));
}

/** POST on an item's subresource with the name from the URL (rest.NamedCreater). */
export function createNamedResource(scope: RequestScope, creater: NamedCreater): Handler {
  return createHandler(scope, true, (ctx, name, obj, options) => creater.createNamed(ctx, name, obj, undefined, options));
}
