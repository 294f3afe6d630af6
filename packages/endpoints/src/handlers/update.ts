/**
 * UPDATE (handlers/update.go `UpdateResource`): decode, check namespace and name, update through an
 * UpdatedObjectInfo (managedFields Update record, then mutating admission), answer 200 (or 201 when the
 * update created the object).
 */
import { defaultUpdatedObjectInfo, isDryRun, type TransformFunc, type Updater } from '@apiserver/registry';
import { managerOrUserAgent } from '../fieldmanager/manager-name.js';
import { recordUpdatePaced } from '../fieldmanager/scope-field-manager.js';
import { admissionTransformer, attributesFor, validateObjectFunc, validateObjectUpdateFunc } from './admission.js';
import { decodeRequestBody } from './body.js';
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
      const { object: obj, pace } = await decodeRequestBody(scope, request, options.fieldValidation);
      ensureNamespace(scope, obj, request.namespace);
      checkName(obj, request.name, request.namespace);
      const dryRun = isDryRun(options.dryRun);
      const ctx = requestContextOf(request, request.namespace, dryRun, requestInfoOf(scope, request, 'update'), pace);
      const metaOptions = toMetaWriteOptions(options);
      const manager = managerOrUserAgent(options.fieldManager, request.req.headers['user-agent']);
      const trackFields: TransformFunc = async (_ctx, newObj, oldObj) => {
        if (newObj === undefined) return newObj;
        await pace();
        const tracked = await recordUpdatePaced(scope, oldObj, newObj, manager, pace);
        await pace();
        return tracked;
      };
      const info = defaultUpdatedObjectInfo(obj, trackFields, admissionTransformer(scope, request, metaOptions, dryRun));
      const createValidation = validateObjectFunc(scope, attributesFor(scope, request, 'CREATE', { object: obj, options: metaOptions, dryRun }));
      const updateValidation = validateObjectUpdateFunc(scope, attributesFor(scope, request, 'UPDATE', { object: obj, options: metaOptions, dryRun }));
      const result = await finishRequest(scope.requestTimeoutSeconds, () =>
        updater.update(ctx, request.name, info, createValidation, updateValidation, false, metaOptions),
      );
      await pace();
      await writeObjectNegotiated(scope, request, result.created ? 201 : 200, result.object, negotiated, pace.slicer);
    });
}
