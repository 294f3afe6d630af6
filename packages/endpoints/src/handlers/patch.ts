/**
 * PATCH (handlers/patch.go `PatchResource`): the patch type from Content-Type (415 first), PatchOptions, then an
 * Update whose UpdatedObjectInfo applies the patch to the current object (404 when it does not exist, except
 * for server-side apply, which creates). JSON, merge and strategic merge patches record an Update in
 * `metadata.managedFields`; apply (`application/apply-patch+yaml`) goes through the scope's FieldManager.
 */
import { requestAuditRecorderOf } from '../audit/request-audit.js';
import { type ApiObject, defaultUpdatedObjectInfo, isDryRun, type Patcher } from '@apiserver/registry';
import {
  fieldRequired,
  type JSONObject,
  type KubeObject,
  newBadRequest,
  newConflict,
  newGenericServerResponse,
  newInvalid,
  newNotFound,
  newPath,
  newRequestEntityTooLargeError,
  newUnsupportedMediaType,
  parseMediaType,
  findUnknownFields,
  unknownFieldMessages,
  goSprintValue,
} from '@apiserver/runtime';
import { applyJSONPatch, applyJSONPatchPaced, DEFAULT_JSON_PATCH_MAX_COPY_BYTES, decodeJSONPatch, JSONPatchError } from '../patch/json-patch.js';
import { applyMergePatch } from '../patch/merge-patch.js';
import { applyStrategicMergePatch, StrategicMergePatchError } from '../patch/strategic-merge-patch.js';
import { managerOrUserAgent } from '../fieldmanager/manager-name.js';
import { recordUpdatePaced } from '../fieldmanager/scope-field-manager.js';
import { admissionTransformer, attributesFor, validateObjectFunc, validateObjectUpdateFunc } from './admission.js';
import { applyConfiguration } from './apply.js';
import { readBody, schemaTypeProblem, toApiObject } from './body.js';
import { patchedTypeMeta } from './patched-type-meta.js';
import { dropUnknownFields, duplicateFields } from './field-validation.js';
import { checkName, ensureNamespace } from './object-meta.js';
import { coercePatchedObject, newInvalidPatch } from './patch-coercion.js';
import { type FieldValidation, queryBool, toMetaWriteOptions, type WriteOptions, writeOptionsOf } from './options.js';
import { decodeMergePatch, decodeStrategicMergePatch } from './patch-decode.js';
import { finishRequest } from './finisher.js';
import { type Pace, paceFor, yieldToEventLoop } from './pacing.js';
import { type Handler, type HandlerRequest, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { negotiateOutput, serve, writeObjectNegotiated } from './responsewriters.js';
import { withTypeMeta } from './transform.js';

/** The patch types served. */
export type PatchType = 'json' | 'merge' | 'apply' | 'strategic';

const patchTypes: Readonly<Record<string, PatchType>> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/apply-patch+yaml': 'apply',
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

function jsonPatchOperations(text: string) {
  const ops = decodeJSONPatch(text);
  if (ops.length > MAX_JSON_PATCH_OPERATIONS) {
    throw newRequestEntityTooLargeError(`The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${ops.length}`);
  }
  return ops;
}

function jsonPatchOptions(scope: RequestScope) {
  return { accumulatedCopySizeLimit: scope.jsonPatchMaxCopyBytes ?? DEFAULT_JSON_PATCH_MAX_COPY_BYTES };
}

/** A patch error as the API's Status error (400 for undecodable patches, 422 when a JSON patch fails to apply). */
function patchError(err: unknown): unknown {
  if (err instanceof JSONPatchError && err.stage === 'decode') return newBadRequest(err.message);
  if (err instanceof JSONPatchError) return newGenericServerResponse(422, { serverMessage: err.message });
  if (err instanceof StrategicMergePatchError) return newBadRequest(err.message);
  return err;
}

/** Applies a (non-apply) patch of a type to the JSON form of an object; `fieldValidation` decides how a merge patch is read. */
export function applyPatch(type: Exclude<PatchType, 'apply'>, current: KubeObject, text: string, scope: RequestScope, fieldValidation: FieldValidation): unknown {
  try {
    if (type === 'json') return applyJSONPatch(current, jsonPatchOperations(text), jsonPatchOptions(scope));
    if (type === 'merge') return applyMergePatch(current, decodeMergePatch(text, fieldValidation));
    return applyStrategicMergePatch(current, decodeStrategicMergePatch(text), scope.objectSchema);
  } catch (err) {
    throw patchError(err);
  }
}

/**
 * {@link applyPatch} for the handler: a JSON patch yields to the event loop whenever its operations have run for a
 * while, whatever the size of its body (a short patch may copy a large value many times).
 */
async function applyPatchPaced(type: Exclude<PatchType, 'apply'>, current: KubeObject, text: string, scope: RequestScope, fieldValidation: FieldValidation): Promise<unknown> {
  if (type !== 'json') return applyPatch(type, current, text, scope, fieldValidation);
  try {
    return await applyJSONPatchPaced(current, jsonPatchOperations(text), jsonPatchOptions(scope), yieldToEventLoop);
  } catch (err) {
    throw patchError(err);
  }
}

function fieldProblems(scope: RequestScope, patched: KubeObject, text: string): string[] {
  if (scope.objectSchema === undefined) return [];
  return [
    ...duplicateFields(text).map((f) => `duplicate field ${JSON.stringify(f)}`),
    ...unknownFieldMessages(findUnknownFields(scope.objectSchema, patched)),
  ];
}

/** A PATCH request's decoded parts. */
interface PatchRequest {
  readonly type: PatchType;
  readonly text: string;
  readonly options: WriteOptions;
  /** `force=true` (apply only). */
  readonly force: boolean;
}

/** PatchOptions (`ValidatePatchOptions`): apply needs `fieldManager` and may carry `force`; other patches may not. */
function patchOptionsOf(request: HandlerRequest, type: PatchType): { options: WriteOptions; force: boolean } {
  if (type !== 'apply') return { options: writeOptionsOf(request.query, 'PatchOptions'), force: false };
  if ((request.query.get('fieldManager') ?? '') === '') {
    throw newInvalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', [fieldRequired(newPath('fieldManager'), 'is required for apply patch')]);
  }
  const q = new URLSearchParams(request.query);
  const force = q.get('force');
  q.delete('force');
  return { options: writeOptionsOf(q, 'PatchOptions'), force: force !== null && queryBool(force) };
}

async function patchResult(scope: RequestScope, request: HandlerRequest, p: PatchRequest, old: ApiObject | undefined): Promise<unknown> {
  const live = old === undefined ? undefined : withTypeMeta(scope, structuredClone(old));
  if (p.type === 'apply') {
    const { fieldManager, fieldValidation } = p.options;
    return applyConfiguration(scope, live as JSONObject | undefined, { text: p.text, fieldManager, force: p.force, fieldValidation, warnings: request.warnings });
  }
  if (live === undefined) throw newNotFound({ group: scope.resource.group, resource: scope.resource.resource }, request.name);
  return applyPatchPaced(p.type, live, p.text, scope, p.options.fieldValidation);
}

/**
 * The value upstream's patchers show in a 422 on `patch`: the strategic merge patcher the patch itself as Go prints
 * the decoded map (`map[spec:map[x:1]]`), the JSON and merge patchers the patched object's JSON.
 */
function patchErrorValue(p: PatchRequest, patched: unknown): string {
  if (p.type !== 'strategic') return JSON.stringify(patched) ?? 'null';
  try {
    return goSprintValue(JSON.parse(p.text));
  } catch {
    return p.text;
  }
}

async function checkPatched(scope: RequestScope, request: HandlerRequest, p: PatchRequest, result: unknown, pace: Pace): Promise<KubeObject> {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    throw newInvalidPatch(patchErrorValue(p, result), 'the patched object is not a JSON object');
  }
  const typed = patchedTypeMeta(scope, p.type, { ...result }, patchErrorValue(p, result), p.text);
  // jsonPatcher decodes the patched JSON into the typed object, smpPatcher converts the patched map into it: a wrong
  // JSON type is a 422 on `patch`, worded by Go's JSON decoder or by the unstructured converter.
  const typeProblem = schemaTypeProblem(scope, typed, undefined, p.type === 'strategic' ? 'unstructured' : 'json');
  if (typeProblem !== undefined) throw newInvalidPatch(patchErrorValue(p, result), typeProblem);
  // Apply checked its configuration against the schema already (undeclared fields fail the typed conversion).
  if (p.type === 'apply') return typed;
  await pace();
  const problems = p.options.fieldValidation === 'Ignore' ? [] : fieldProblems(scope, typed, p.type === 'json' ? '{}' : p.text);
  if (problems.length > 0 && p.options.fieldValidation === 'Strict') {
    throw newInvalidPatch(patchErrorValue(p, result), `strict decoding error: ${problems.join(', ')}`);
  }
  request.warnings.push(...problems);
  return typed;
}

/**
 * The patched object must fit where a whole object sent in a body would: its JSON is bounded by the request body
 * limit (413). Upstream re-encodes it for etcd, which refuses values past 1.5 MiB ("etcdserver: request is too
 * large", a 500); the memory backend has no such limit, so without this check repeated patches could grow an
 * object without bound.
 */
function checkPatchedSize(scope: RequestScope, result: unknown): void {
  const size = Buffer.byteLength(JSON.stringify(result) ?? '');
  if (size > scope.maxRequestBodyBytes) {
    throw newRequestEntityTooLargeError(`the patched object is ${size} bytes, limit is ${scope.maxRequestBodyBytes}`);
  }
}

/** The patched object without its unknown fields and defaulted: by the kind's own coercer when it has one, else by the scheme. */
function decodePatched(scope: RequestScope, request: HandlerRequest, p: PatchRequest, typed: KubeObject): ApiObject {
  const coercer = scope.objectCoercer;
  if (coercer !== undefined) return coercePatchedObject(coercer, request, { type: p.type, text: p.text, fieldValidation: p.options.fieldValidation }, toApiObject(typed));
  const obj = toApiObject(dropUnknownFields(scope.scheme, scope.kind, scope.objectSchema, typed));
  scope.scheme.default(obj);
  return obj;
}

/** The patched object; a large patch yields to the event loop between its phases (issue #19). */
function patchedObject(scope: RequestScope, request: HandlerRequest, p: PatchRequest, pace: Pace) {
  return async (_ctx: unknown, _new: ApiObject | undefined, old: ApiObject | undefined): Promise<ApiObject> => {
    const result = await patchResult(scope, request, p, old);
    await pace();
    checkPatchedSize(scope, result);
    const typed = await checkPatched(scope, request, p, result, pace);
    await pace();
    // The patched object is decoded as a body is (upstream: the patchers' decode, or the field manager's
    // objectDefaulter after an apply): pruned and defaulted before managedFields and admission.
    const obj = decodePatched(scope, request, p, typed);
    if (p.type === 'apply') {
      const uid = obj.metadata.uid ?? '';
      if (old === undefined && uid !== '') {
        throw newConflict({ group: scope.resource.group, resource: scope.resource.resource }, request.name, `uid mismatch: the provided object specified uid ${uid}, and no existing object was found`);
      }
      ensureNamespace(scope, obj, request.namespace);
    }
    checkName(obj, request.name, request.namespace);
    if (p.type === 'apply') return obj;
    await pace();
    const tracked = await recordUpdatePaced(scope, old, obj, managerOrUserAgent(p.options.fieldManager, request.req.headers['user-agent']), pace);
    await pace();
    return tracked;
  };
}

/** PATCH on an item (rest.Patcher). */
export function patchResource(scope: RequestScope, patcher: Patcher): Handler {
  return (request) =>
    serve(scope, request, async () => {
      const type = patchTypeOf(request);
      const negotiated = negotiateOutput(scope, request);
      const { options, force } = patchOptionsOf(request, type);
      const body = await readBody(request, scope.maxRequestBodyBytes);
      requestAuditRecorderOf(request.req)?.logRequestPatch(body);
      const pace = paceFor(body.length);
      const text = body.toString('utf8');
      const dryRun = isDryRun(options.dryRun);
      const ctx = requestContextOf(request, request.namespace, dryRun, requestInfoOf(scope, request, 'patch'), pace);
      const metaOptions = toMetaWriteOptions(options);
      const info = defaultUpdatedObjectInfo(
        undefined,
        patchedObject(scope, request, { type, text, options, force }, pace),
        admissionTransformer(scope, request, metaOptions, dryRun),
      );
      const createValidation = validateObjectFunc(scope, attributesFor(scope, request, 'CREATE', { options: metaOptions, dryRun }));
      const updateValidation = validateObjectUpdateFunc(scope, attributesFor(scope, request, 'UPDATE', { options: metaOptions, dryRun }));
      // Apply creates a missing object (patcher.forceAllowCreate); other patches answer 404.
      const result = await finishRequest(scope.requestTimeoutSeconds, () =>
        patcher.update(ctx, request.name, info, createValidation, updateValidation, type === 'apply', metaOptions),
      );
      await pace();
      await writeObjectNegotiated(scope, request, result.created ? 201 : 200, result.object, negotiated, pace.slicer);
    });
}
