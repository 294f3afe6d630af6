/**
 * CREATE (handlers/create.go `createHandler`): decode, check namespace and name, wipe system fields, record the
 * Update in managedFields, create, answer 201.
 */
import type { ApiObject, Creater, NamedCreater, RequestContext, ValidateObjectFunc } from '@apiserver/registry';
import { admit, attributesFor, validateObjectFunc } from './admission.js';
import { isDryRun } from '@apiserver/registry';
import type { CreateOptions } from '@apiserver/runtime';
import { managerOrUserAgent } from '../fieldmanager/manager-name.js';
import { recordUpdate, recordUpdatePaced } from '../fieldmanager/scope-field-manager.js';
import { decodeRequestBody } from './body.js';
import { checkPathSegmentName, ensureNamespace, wipeSystemFields } from './object-meta.js';
import { toMetaWriteOptions, writeOptionsOf } from './options.js';
import { finishRequest } from './finisher.js';
import { type Handler, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { negotiateOutput, serve, writeObjectNegotiated } from './responsewriters.js';

type CreateFunc = (
  ctx: RequestContext,
  name: string,
  obj: ApiObject,
  validation: ValidateObjectFunc | undefined,
  options: CreateOptions,
) => Promise<ApiObject>;

function createHandler(scope: RequestScope, named: boolean, fn: CreateFunc): Handler {
  return (request) =>
    serve(scope, request, async () => {
      const negotiated = negotiateOutput(scope, request);
      const options = writeOptionsOf(request.query, 'CreateOptions');
      const { object: decoded, pace } = await decodeRequestBody(scope, request, options.fieldValidation);
      if (!(named && scope.preserveSystemFieldsOnCreate)) wipeSystemFields(decoded);
      ensureNamespace(scope, decoded, request.namespace);
      checkPathSegmentName(scope, decoded);
      const manager = managerOrUserAgent(options.fieldManager, request.req.headers['user-agent']);
      // A small body never pauses (its pace is a no-op): its managedFields are recorded without the awaits.
      const large = pace.slicer !== undefined;
      const obj = large ? await recordUpdatePaced(scope, undefined, decoded, manager, pace) : recordUpdate(scope, undefined, decoded, manager);
      if (large) await pace();
      const dryRun = isDryRun(options.dryRun);
      const ctx = requestContextOf(request, request.namespace, dryRun, requestInfoOf(scope, request, 'create'), pace);
      const name = named ? request.name : (obj.metadata.name ?? '');
      const metaOptions = toMetaWriteOptions(options);
      const attributes = attributesFor(scope, request, 'CREATE', { object: obj, options: metaOptions, dryRun, name });
      const created = await finishRequest(scope.requestTimeoutSeconds, async () => {
        await admit(scope, ctx, attributes);
        return fn(ctx, name, obj, validateObjectFunc(scope, attributes), metaOptions);
      });
      if (large) await pace();
      await writeObjectNegotiated(scope, request, 201, created, negotiated, pace.slicer);
    });
}

/** POST on the collection (rest.Creater). */
export function createResource(scope: RequestScope, creater: Creater): Handler {
  return createHandler(scope, false, (ctx, _name, obj, validation, options) => creater.create(ctx, obj, validation, options));
}

/** POST on an item's subresource with the name from the URL (rest.NamedCreater). */
export function createNamedResource(scope: RequestScope, creater: NamedCreater): Handler {
  return createHandler(scope, true, (ctx, name, obj, validation, options) =>
    creater.createNamed(ctx, name, obj, validation, options),
  );
}
