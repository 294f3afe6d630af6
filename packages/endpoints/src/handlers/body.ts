/**
 * Request bodies: read with the size limit (413), decoded by the negotiated runtime serializer (415 for unknown
 * Content-Types, 400 for malformed bodies), defaulted to the scope's kind, checked against its apiVersion and
 * schema, field-validated, then defaulted by the scheme (upstream decodes with a defaulting codec).
 */
import { isAscii } from 'node:buffer';
import { requestAuditRecorderOf } from '../audit/request-audit.js';
import type { ApiObject } from '@apiserver/registry';
import { readRawBody, ServiceError } from '@apiserver/restful';
import {
  formatGroupVersion,
  JSONSerializer,
  type KubeObject,
  negotiateInputSerializer,
  newBadRequest,
  newRequestEntityTooLargeError,
  parseGroupVersion,
  type Serializer,
  type SerializerInfo,
  type TimeSlicer,
  YAMLDecodeThreadError,
  decodeAsGoReportingUnknown,
  extensibleCopy,
  findUnknownFields,
  findUnknownFieldsSteps,
  goNumberProblem,
  goNumberProblemSteps,
  goTypeProblem,
  goTypeProblemSteps,
  unstructuredConversionProblem,
  unknownFieldMessages,
} from '@apiserver/runtime';
import { dropUnknownFields, dropUnknownFieldsSteps, duplicateFields, duplicateFieldsSteps, mayHaveDuplicateFields } from './field-validation.js';
import { decodeKindProblem } from './decode-kind.js';
import { type CoercedObject, unknownFieldProblems } from './object-coercer.js';
import type { FieldValidation } from './options.js';
import { type Pace, paceFor } from './pacing.js';
import type { HandlerRequest, RequestScope } from './request-scope.js';

/**
 * Reads the whole request body with restful's reader, rejecting with 413 `Request entity too large: limit is N` past
 * the limit (the rest of an oversized body is not read and the connection closes after the response) and with 400
 * when the body cannot be read: restful's `ServiceError`s as the API's Status errors.
 */
export async function readBody(request: HandlerRequest, limit: number): Promise<Buffer> {
  try {
    return await readRawBody(request.req, limit, request.res);
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    throw err.code === 413 ? newRequestEntityTooLargeError(`limit is ${limit}`) : newBadRequest(err.message);
  }
}

/** The input serializer for the request's Content-Type (415 UnsupportedMediaType when none). */
export function inputSerializer(scope: RequestScope, request: HandlerRequest): SerializerInfo {
  return negotiateInputSerializer(request.req.headers['content-type'], scope.serializers);
}

function scopeAPIVersion(scope: RequestScope): string {
  return formatGroupVersion(scope.kind);
}

function cannotHandle(scope: RequestScope, detail: string): Error {
  const { kind, version } = scope.kind;
  return newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${detail}`);
}

/** `body.toString('utf8')`: an ASCII body (most are) is copied as latin1, the same string in about half the time (Node 20). */
function bodyText(body: Buffer): string {
  return isAscii(body) ? body.toString('latin1') : body.toString('utf8');
}

/** Upstream's `summarizeData(body, 30)`: the first 30 bytes, as text when the body starts with `{`, else in hex. */
function summary(body: Buffer): string {
  if (body.length === 0) return '<empty>';
  const head = body.subarray(0, 30);
  const text = body[0] === 0x7b ? head.toString('utf8') : head.toString('hex');
  return body.length > 30 ? `${text} ...` : text;
}

/**
 * Upstream's `transformDecodeError` for a body whose kind could not be read (the serializer's `Interpret` failed:
 * `couldn't get version/kind; …`, so no kind to name): `the object provided is unrecognized (must be of type K): …
 * (<summary>)`; other decode errors name the kind, as {@link cannotHandle} does.
 */
function decodeFailure(scope: RequestScope, err: unknown, body: Buffer): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (!message.startsWith("couldn't get version/kind;")) return cannotHandle(scope, message);
  return newBadRequest(`the object provided is unrecognized (must be of type ${scope.kind.kind}): ${message} (${summary(body)})`);
}

/**
 * Defaults kind/apiVersion to the scope's and rejects bodies of another apiVersion or kind (400). When `decoding` a
 * request body, a kind the scheme cannot decode into the scope's type is refused first, worded as upstream's decoder
 * (see decode-kind.ts); the apiVersion check follows, as in upstream's create and update handlers.
 */
export function checkTypeMeta(scope: RequestScope, obj: KubeObject, body: Buffer, decoding = false): KubeObject {
  const apiVersion = typeof obj.apiVersion === 'string' && obj.apiVersion !== '' ? obj.apiVersion : scopeAPIVersion(scope);
  const kind = typeof obj.kind === 'string' && obj.kind !== '' ? obj.kind : scope.kind.kind;
  let gv: ReturnType<typeof parseGroupVersion>;
  try {
    gv = parseGroupVersion(apiVersion);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Go's serializers read the group/version before the kind, and return no kind with the error.
    if (decoding) throw newBadRequest(`the object provided is unrecognized (must be of type ${scope.kind.kind}): ${message} (${summary(body)})`);
    throw cannotHandle(scope, message);
  }
  const expected = scope.kind;
  if (decoding && (kind !== expected.kind || gv.group !== expected.group || gv.version !== expected.version)) {
    const problem = decodeKindProblem(scope.scheme, expected, { group: gv.group, version: gv.version, kind });
    if (problem !== undefined) {
      throw newBadRequest(`${kind} in version ${JSON.stringify(gv.version)} cannot be handled as a ${expected.kind}: ${problem}`);
    }
  }
  if (!scope.acceptsGroupVersion(gv)) {
    throw newBadRequest(
      `the API version in the data (${apiVersion}) does not match the expected API version (${scopeAPIVersion(scope)})`,
    );
  }
  if (kind !== scope.kind.kind) {
    throw newBadRequest(
      `the object provided is unrecognized (must be of type ${scope.kind.kind}): object kind ${JSON.stringify(kind)} does not match (${summary(body)})`,
    );
  }
  return { ...obj, apiVersion, kind };
}

/** The value at a JSON pointer (RFC 6901) in `obj`; `undefined` when absent. */
function valueAtPointer(obj: unknown, pointer: string): unknown {
  let current = obj;
  for (const token of pointer.split('/').slice(1)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, token.replaceAll('~1', '/').replaceAll('~0', '~'));
  }
  return current;
}

/** `obj` as its kind's schema sees it (the scope's apiVersion and kind), or undefined when the scheme does not know the kind. */
function typedProbe(scope: RequestScope, obj: KubeObject): KubeObject | undefined {
  if (scope.objectSchema === undefined || !scope.scheme.recognizes(scope.kind)) return undefined;
  return { ...obj, apiVersion: scopeAPIVersion(scope), kind: scope.kind.kind };
}

/** The first field of a typed probe whose JSON type the schema rejects, as `/path: message`. */
function schemaViolation(scope: RequestScope, probe: KubeObject, violations = scope.scheme.validate(probe)): string | undefined {
  // Go decodes into structs: missing fields and JSON nulls are zero values, only wrong types fail.
  const first = violations.find((p) => !/required/i.test(p.message) && valueAtPointer(probe, p.path) !== null);
  return first === undefined ? undefined : `${first.path || '/'}: ${first.message}`;
}

/**
 * Go's typed decode error for `obj`: the first value whose JSON kind its field's Go type refuses (`json: cannot
 * unmarshal string into Go struct field …`; `/path: message` where the schema refuses what that walk lets through),
 * else the first number Go would not decode into its integer field (read as written in `jsonText`, the body's JSON,
 * when given).
 */
export function schemaTypeProblem(scope: RequestScope, obj: KubeObject, jsonText?: string, decoder: GoDecoder = 'json'): string | undefined {
  const probe = typedProbe(scope, obj);
  if (probe === undefined || scope.objectSchema === undefined) return undefined;
  const violation = schemaViolation(scope, probe);
  const numbers = violation === undefined ? goNumberProblem(scope.objectSchema, probe, jsonText) : undefined;
  if (violation === undefined && numbers === undefined) return undefined;
  // A strategic merge patch's map is refused in the converter's words (it wraps the base64 error too).
  if (decoder === 'unstructured') return unstructuredConversionProblem(scope.objectSchema, probe) ?? numbers ?? violation;
  if (violation === undefined) return numbers;
  // The schema check finds a wrong JSON kind fast; Go's walk words it. A value of the right kind the schema refuses
  // (a time it cannot read) is worded by Go's reader of that type.
  return goTypeProblem(scope.objectSchema, probe) ?? goNumberProblem(scope.objectSchema, probe, jsonText) ?? violation;
}

/**
 * How upstream turns a request's JSON into the typed object, which decides the words of a type error: Go's JSON
 * decoder (bodies, JSON and merge patches) or the unstructured converter (the map a strategic merge patch made).
 */
export type GoDecoder = 'json' | 'unstructured';

/** {@link schemaTypeProblem} as a 400 for a large body: both checks run in `slicer`'s slices, `pace` awaited between them. */
async function checkSchemaSliced(scope: RequestScope, obj: KubeObject, jsonText: string | undefined, pace: Pace, slicer: TimeSlicer): Promise<void> {
  const probe = typedProbe(scope, obj);
  if (probe === undefined || scope.objectSchema === undefined) return;
  const violation = schemaViolation(scope, probe, await slicer.run(scope.scheme.validateSteps(probe)));
  await pace();
  const problem =
    violation === undefined
      ? await slicer.run(goNumberProblemSteps(scope.objectSchema, probe, jsonText))
      : ((await slicer.run(goTypeProblemSteps(scope.objectSchema, probe))) ?? (await slicer.run(goNumberProblemSteps(scope.objectSchema, probe, jsonText))) ?? violation);
  if (problem !== undefined) throw cannotHandle(scope, problem);
}

/** Applies a `fieldValidation` directive: Strict → 400, Warn → warnings, Ignore → nothing. */
export function validateFields(
  scope: RequestScope,
  request: HandlerRequest,
  obj: KubeObject,
  jsonText: string | undefined,
  mode: FieldValidation,
  strictDecodeErrors: readonly string[] = [],
): void {
  if (mode === 'Ignore' || scope.objectSchema === undefined) return;
  const problems = [...strictDecodeErrors, ...duplicateFieldMessages(jsonText), ...unknownFieldMessages(findUnknownFields(scope.objectSchema, obj))];
  reportFieldProblems(scope, request, mode, problems);
}

function duplicateFieldMessage(field: string): string {
  return `duplicate field ${JSON.stringify(field)}`;
}

/** The duplicate-field messages of a JSON body; `parsed`, when given, is `JSON.parse(jsonText)` (see {@link mayHaveDuplicateFields}). */
function duplicateFieldMessages(jsonText: string | undefined, parsed?: unknown): string[] {
  if (jsonText === undefined || (parsed !== undefined && !mayHaveDuplicateFields(jsonText, parsed))) return [];
  return duplicateFields(jsonText).map(duplicateFieldMessage);
}

/** What runtime's JSON serializer itself decodes (not a subclass's override): `JSON.parse` of the body's text. */
function parsedByJSONSerializer(serializer: Serializer, decoded: KubeObject): KubeObject | undefined {
  return Object.getPrototypeOf(serializer) === JSONSerializer.prototype ? decoded : undefined;
}

/** {@link validateFields} for a large body: the duplicate-field scan and the unknown-field walk run in `slicer`'s slices. */
async function validateFieldsSliced(
  scope: RequestScope,
  request: HandlerRequest,
  obj: KubeObject,
  jsonText: string | undefined,
  mode: FieldValidation,
  strictDecodeErrors: readonly string[],
  slicer: TimeSlicer,
): Promise<void> {
  if (mode === 'Ignore' || scope.objectSchema === undefined) return;
  const duplicates = jsonText === undefined ? [] : await slicer.run(duplicateFieldsSteps(jsonText));
  const unknown = await slicer.run(findUnknownFieldsSteps(scope.objectSchema, obj));
  reportFieldProblems(scope, request, mode, [...strictDecodeErrors, ...duplicates.map(duplicateFieldMessage), ...unknownFieldMessages(unknown)]);
}

function reportFieldProblems(scope: RequestScope, request: HandlerRequest, mode: FieldValidation, problems: readonly string[]): void {
  if (problems.length === 0) return;
  // transformDecodeError wraps the strict decoder's error: `ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: …`.
  if (mode === 'Strict') throw cannotHandle(scope, `strict decoding error: ${problems.join(', ')}`);
  request.warnings.push(...problems);
}

/**
 * {@link validateFields}, then the object without its unknown fields (`dropUnknownFields`). For a kind the scheme
 * knows, validated Strict or Warn, one walk both lists the unknown fields and makes the copy.
 */
function validateAndDropUnknownFields(
  scope: RequestScope,
  request: HandlerRequest,
  obj: KubeObject,
  jsonText: string | undefined,
  mode: FieldValidation,
  strictDecodeErrors: readonly string[],
  parsed: KubeObject | undefined,
): KubeObject {
  const schema = scope.objectSchema;
  if (mode === 'Ignore' || schema === undefined || !scope.scheme.recognizes(scope.kind)) {
    validateFields(scope, request, obj, jsonText, mode, strictDecodeErrors);
    return dropUnknownFields(scope.scheme, scope.kind, schema, obj);
  }
  const { value, unknown } = decodeAsGoReportingUnknown(schema, obj);
  reportFieldProblems(scope, request, mode, [...strictDecodeErrors, ...duplicateFieldMessages(jsonText, parsed), ...unknownFieldMessages(unknown)]);
  return value as KubeObject;
}

/**
 * A serializer with a strict decode (runtime's YAML serializer: `decodeStrictAsync` reports repeated keys and
 * converts a large body in a worker thread, leaving the event loop free).
 */
interface StrictDecoder {
  decodeStrictAsync(data: Uint8Array): Promise<{ object: KubeObject; strictErrors: readonly string[] }>;
}

function hasStrictDecode(serializer: object): serializer is StrictDecoder {
  return typeof (serializer as Partial<StrictDecoder>).decodeStrictAsync === 'function';
}

/**
 * Decodes a body with a serializer, off the event loop when the serializer can (`decodeAsync`); the strict errors
 * (repeated YAML keys) when `strict` and the serializer reports them.
 */
export async function decodeWith(
  serializer: Serializer,
  body: Uint8Array,
  strict = false,
  slicer?: TimeSlicer,
): Promise<{ object: KubeObject; strictErrors: readonly string[] }> {
  if (strict && hasStrictDecode(serializer)) return serializer.decodeStrictAsync(body);
  if (slicer !== undefined && serializer.decodeSteps !== undefined) return { object: await slicer.run(serializer.decodeSteps(body)), strictErrors: [] };
  const object = serializer.decodeAsync === undefined ? serializer.decode(body) : await serializer.decodeAsync(body);
  return { object, strictErrors: [] };
}

/** A decoded request body, with the pace its size asks for between the later phases of the request. */
export interface DecodedBody {
  /** The object. */
  readonly object: ApiObject;
  /** Yields to the event loop between phases when the body was large. */
  readonly pace: Pace;
}

/**
 * The decoded object defaulted by the scheme, or, for a kind with its own coercer (custom resources' schema-coercing
 * decoder), pruned with its unknown fields reported per `mode` after the strict decode errors and duplicate fields
 * (upstream's order), then defaulted by its schema.
 */
function coerceAndDefault(
  scope: RequestScope,
  request: HandlerRequest,
  obj: ApiObject,
  mode: FieldValidation,
  jsonText: string | undefined,
  strictDecodeErrors: readonly string[],
): ApiObject {
  const coercer = scope.objectCoercer;
  if (coercer === undefined) {
    scope.scheme.default(obj);
    return obj;
  }
  let coerced: CoercedObject;
  try {
    coerced = coercer.coerce(obj);
  } catch (err) {
    throw cannotHandle(scope, err instanceof Error ? err.message : String(err));
  }
  if (mode !== 'Ignore') {
    reportFieldProblems(scope, request, mode, [...strictDecodeErrors, ...duplicateFieldMessages(jsonText), ...unknownFieldProblems(coerced.unknownFields)]);
  }
  coercer.default(coerced.object);
  return coerced.object;
}

/**
 * Reads and decodes the request body into an object of the scope's kind; a large body yields to the event loop
 * between the decode, the schema check and the field validation (issue #19).
 */
export async function decodeRequestBody(scope: RequestScope, request: HandlerRequest, mode: FieldValidation): Promise<DecodedBody> {
  const info = inputSerializer(scope, request);
  const body = await readBody(request, scope.maxRequestBodyBytes);
  const pace = paceFor(body.length);
  let decoded: KubeObject;
  let strictDecodeErrors: readonly string[];
  try {
    // A strict decode (Strict or Warn) also reports what Go's strict YAML decoder refuses: repeated keys.
    ({ object: decoded, strictErrors: strictDecodeErrors } = await decodeWith(info.serializer, body, mode !== 'Ignore', pace.slicer));
  } catch (err) {
    if (err instanceof YAMLDecodeThreadError) throw err;
    throw decodeFailure(scope, err, body);
  }
  const obj = checkTypeMeta(scope, decoded, body, true);
  const jsonText = info.mediaType === 'application/json' ? bodyText(body) : undefined;
  const { slicer } = pace;
  let known: KubeObject;
  if (slicer === undefined) {
    // A small body never pauses: the same checks in the same order, without a microtask between them.
    const problem = schemaTypeProblem(scope, obj, jsonText);
    if (problem !== undefined) throw cannotHandle(scope, problem);
    const parsed = jsonText === undefined ? undefined : parsedByJSONSerializer(info.serializer, decoded);
    known = validateAndDropUnknownFields(scope, request, obj, jsonText, mode, strictDecodeErrors, parsed);
  } else {
    await pace();
    await checkSchemaSliced(scope, obj, jsonText, pace, slicer);
    await pace();
    await validateFieldsSliced(scope, request, obj, jsonText, mode, strictDecodeErrors, slicer);
    await pace();
    known = await slicer.run(dropUnknownFieldsSteps(scope.scheme, scope.kind, scope.objectSchema, obj));
  }
  // Upstream's request decoder is a defaulting codec: the object is defaulted before the managedFields record,
  // admission (mutating webhooks see the defaults) and the audit log.
  const object = coerceAndDefault(scope, request, toApiObject(known), mode, jsonText, strictDecodeErrors);
  requestAuditRecorderOf(request.req)?.logRequestObject(object, () => scope.codecs.json.encode(object));
  return { object, pace };
}

/** Reads and decodes the request body into an object of the scope's kind. */
export async function decodeBody(scope: RequestScope, request: HandlerRequest, mode: FieldValidation): Promise<ApiObject> {
  return (await decodeRequestBody(scope, request, mode)).object;
}

/** Ensures `metadata` is an object (ApiObject's shape). */
export function toApiObject(obj: KubeObject): ApiObject {
  const metadata = obj.metadata;
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
    throw newBadRequest('metadata must be an object');
  }
  // The metadata copy takes the fields set on the way to storage (namespace, managedFields) cheaply: not a spread.
  return { ...obj, metadata: metadata === undefined ? {} : extensibleCopy(metadata) };
}
