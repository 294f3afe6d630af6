/**
 * PATCH (handlers/patch.go `PatchResource`): the patch type from Content-Type (415 first), PatchOptions, then an
 * Update whose UpdatedObjectInfo applies the patch to the current object (404 when it does not exist).
 * Server-side apply (`application/apply-patch+yaml`) is not implemented and answers 415.
 */
import { type ApiObject, defaultUpdatedObjectInfo, isDryRun, type Patcher } from '@apiserver/registry';
import {
  fieldInvalid,
  type KubeObject,
  newBadRequest,
  newGenericServerResponse,
  newInvalid,
  newNotFound,
  newPath,
  newRequestEntityTooLargeError,
  newUnsupportedMediaType,
  parseMediaType,
  findUnknownFields,
  unknownFieldMessages,
  parseJSONLimited,
} from '@apiserver/runtime';
import { applyJSONPatch, decodeJSONPatch, JSONPatchError } from '../patch/json-patch.js';
import { applyMergePatch } from '../patch/merge-patch.js';
import { applyStrategicMergePatch, StrategicMergePatchError } from '../patch/strategic-merge-patch.js';
import { admissionTransformer, attributesFor, validateObjectFunc, validateObjectUpdateFunc } from './admission.js';
import { checkTypeMeta, readBody, schemaTypeProblem, toApiObject } from './body.js';
import { dropUnknownFields, duplicateFields } from './field-validation.js';
import { checkName } from './object-meta.js';
import { toMetaWriteOptions, type WriteOptions, writeOptionsOf } from './options.js';
import { finishRequest } from './finisher.js';
import { type Handler, type HandlerRequest, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { negotiateOutput, serve, writeObjectNegotiated } from './responsewriters.js';
import { withTypeMeta } from './transform.js';

/** The patch types served (server-side apply excluded). */
export type PatchType = 'json' | 'merge' | 'strategic';

const patchTypes: Readonly<Record<string, PatchType>> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
};

/** Upstream caps JSON patches at 10000 operations (413). */
export const MAX_JSON_PATCH_OPERATIONS = 10000;

function patchTypeOf(request: HandlerRequest): PatchType {
  const mediaType = parseMediaType(request.req.headers['content-type'] ?? '')?.mediaType ?? '';
  const type = patchTypes[mediaType];
  if (type === undefined) throw newUnsupportedMediaType(Object.keys(patchTypes));
  return type;
}

function parsePatch(text: string): unknown {
  try {
    return parseJSONLimited(text);
  } catch (err) {
    throw newBadRequest(`error decoding patch: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Applies a patch of a type to the JSON form of an object. */
export function applyPatch(type: PatchType, current: KubeObject, text: string, scope: RequestScope): unknown {
  try {
    if (type === 'json') {
      const ops = decodeJSONPatch(text);
      if (ops.length > MAX_JSON_PATCH_OPERATIONS) {
        throw newRequestEntityTooLargeError(`The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${ops.length}`);
      }
      return applyJSONPatch(current, ops);
    }
    const patch = parsePatch(text);
    if (type === 'merge') return applyMergePatch(current, patch);
    return applyStrategicMergePatch(current, patch, scope.objectSchema);
  } catch (err) {
    if (err instanceof JSONPatchError && err.stage === 'decode') throw newBadRequest(err.message);
    if (err instanceof JSONPatchError) throw newGenericServerResponse(422, { serverMessage: err.message });
    if (err instanceof StrategicMergePatchError) throw newBadRequest(err.message);
    throw err;
  }
}

function fieldProblems(scope: RequestScope, patched: KubeObject, text: string): string[] {
  if (scope.objectSchema === undefined) return [];
  return [
    ...duplicateFields(text).map((f) => `duplicate field ${JSON.stringify(f)}`),
    ...unknownFieldMessages(findUnknownFields(scope.objectSchema, patched)),
  ];
}

function patchedObject(scope: RequestScope, request: HandlerRequest, type: PatchType, text: string, options: WriteOptions) {
  return async (_ctx: unknown, _new: ApiObject | undefined, old: ApiObject | undefined): Promise<ApiObject> => {
    if (old === undefined) throw newNotFound({ group: scope.resource.group, resource: scope.resource.resource }, request.name);
    const current = withTypeMeta(scope, structuredClone(old));
    const result = applyPatch(type, current, text, scope);
    if (typeof result !== 'object' || result === null || Array.isArray(result)) {
      throw newInvalid({ group: scope.kind.group, kind: scope.kind.kind }, request.name, [
        fieldInvalid(newPath('patch'), text, 'the patched object is not a JSON object'),
      ]);
    }
    const typed = checkTypeMeta(scope, { ...result }, Buffer.from(text));
    // jsonPatcher/smpPatcher decode the patched JSON into the typed object: a wrong JSON type is a 422 on `patch`.
    const typeProblem = schemaTypeProblem(scope, typed);
    if (typeProblem !== undefined) {
      throw newInvalid({ group: scope.kind.group, kind: scope.kind.kind }, request.name, [fieldInvalid(newPath('patch'), text, typeProblem)]);
    }
    const problems = options.fieldValidation === 'Ignore' ? [] : fieldProblems(scope, typed, type === 'json' ? '{}' : text);
    if (problems.length > 0 && options.fieldValidation === 'Strict') {
      throw newInvalid({ group: scope.kind.group, kind: scope.kind.kind }, request.name, [
        fieldInvalid(newPath('patch'), text, `strict decoding error: ${problems.join(', ')}`),
      ]);
    }
    request.warnings.push(...problems);
    const obj = toApiObject(dropUnknownFields(scope.scheme, scope.kind, scope.objectSchema, typed));
    checkName(obj, request.name, request.namespace);
    return obj;
  };
}

/** PATCH on an item (rest.Patcher). */
export function patchResource(scope: RequestScope, patcher: Patcher): Handler {
  return (request) =>
    serve(scope, request, async () => {
      const type = patchTypeOf(request);
      const negotiated = negotiateOutput(scope, request);
      const options = writeOptionsOf(request.query, 'PatchOptions');
      const text = (await readBody(request, scope.maxRequestBodyBytes)).toString('utf8');
      const dryRun = isDryRun(options.dryRun);
      const ctx = requestContextOf(request, request.namespace, dryRun, requestInfoOf(scope, request, 'patch'));
      const metaOptions = toMetaWriteOptions(options);
      const info = defaultUpdatedObjectInfo(
        undefined,
        patchedObject(scope, request, type, text, options),
        admissionTransformer(scope, request, metaOptions, dryRun),
      );
      const createValidation = validateObjectFunc(scope, attributesFor(scope, request, 'CREATE', { options: metaOptions, dryRun }));
      const updateValidation = validateObjectUpdateFunc(scope, attributesFor(scope, request, 'UPDATE', { options: metaOptions, dryRun }));
      const result = await finishRequest(scope.requestTimeoutSeconds, () =>
        patcher.update(ctx, request.name, info, createValidation, updateValidation, false, metaOptions),
      );
      await writeObjectNegotiated(scope, request, result.created ? 201 : 200, result.object, negotiated);
    });
}
