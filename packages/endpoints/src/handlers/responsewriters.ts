/**
 * Response writers (handlers/responsewriters): `writeObjectNegotiated` and `errorNegotiated`, the one error path
 * of every handler.
 */
import { requestAuditRecorderOf } from '../audit/request-audit.js';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import {
  isValidPathSegmentName,
  type KubeObject,
  type NegotiatedMediaType,
  negotiateOutputMediaType,
  newBadRequest,
  resourceEndpointRestrictions,
  retryAfterHeader,
  type TimeSlicer,
  toStatus,
} from '@apiserver/runtime';
import { encodeForScope } from './cached-encoding.js';
import type { HandlerRequest, RequestScope } from './request-scope.js';
import { statusErrorOf } from './status-of.js';
import { isList, kubeObject, transformResponseObject, withTypeMeta } from './transform.js';
import { utf8HeaderValue, warningHeaderValues } from './warning-headers.js';

const gzipAsync = promisify(gzip);

/** Whether the response should be indented: `?pretty=true`, Accept `pretty=1`, or a curl/wget/browser agent. */
export function wantsPretty(request: HandlerRequest, negotiated?: NegotiatedMediaType): boolean {
  const pretty = request.query.get('pretty');
  if (pretty !== null) return pretty === 'true' || pretty === '1';
  if (negotiated?.pretty === true) return true;
  const ua = request.req.headers['user-agent'] ?? '';
  return ua.startsWith('curl') || ua.startsWith('Wget') || ua.startsWith('Mozilla/5.0');
}

/**
 * A `{namespace}` path segment of `.`/`..` (or holding `/`, `%`) would make a storage key leave its collection:
 * 400 before any storage call (upstream's storage answers these with an internal error).
 */
function checkNamespaceSegment(namespace: string): void {
  if (namespace === '') return;
  const msgs = isValidPathSegmentName(namespace);
  if (msgs.length > 0) throw newBadRequest(`Namespace parameter invalid: ${JSON.stringify(namespace)}: ${msgs.join(';')}`);
}

/** Negotiation results per scope and Accept header (clients send a handful of distinct headers). */
const negotiations = new WeakMap<RequestScope, Map<string, NegotiatedMediaType>>();
/** Distinct Accept headers remembered per scope before the memory is cleared. */
const MAX_REMEMBERED_ACCEPTS = 64;

/**
 * Negotiates the response media type of a resource endpoint (406 as a thrown NotAcceptableError). The outcome
 * depends only on the scope and the Accept header, so successful ones are remembered per scope.
 */
export function negotiateOutput(scope: RequestScope, request: HandlerRequest): NegotiatedMediaType {
  const accept = request.req.headers.accept;
  let remembered = negotiations.get(scope);
  const hit = accept === undefined ? undefined : remembered?.get(accept);
  if (hit !== undefined) return hit;
  const negotiated = negotiateOutputMediaType(
    accept,
    scope.serializers,
    resourceEndpointRestrictions({ tableConvertor: scope.tableConvertor !== undefined }),
  );
  if (accept === undefined) return negotiated;
  if (remembered === undefined) {
    remembered = new Map();
    negotiations.set(scope, remembered);
  } else if (remembered.size >= MAX_REMEMBERED_ACCEPTS) {
    remembered.clear();
  }
  remembered.set(accept, negotiated);
  return negotiated;
}

/**
 * Sets a header whose value may carry user text, as a last resort dropping it (and logging) when node refuses
 * the value: a response must never fail after its request was served (a created object answered with a 500
 * would have its client retry into a 409).
 */
export function setHeaderSafely(request: HandlerRequest, name: string, value: string | readonly string[]): void {
  try {
    request.res.setHeader(name, value);
  } catch (err) {
    request.res.removeHeader(name);
    console.error(`[endpoints] dropped the ${name} response header of ${request.req.method} ${request.req.url}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function sendWarnings(request: HandlerRequest): void {
  if (request.warnings.length === 0 || request.res.headersSent) return;
  const values = warningHeaderValues(request.warnings);
  if (values.length > 0) setHeaderSafely(request, 'Warning', values.map(utf8HeaderValue));
}

/** Responses above this size are gzipped when the client accepts it (`defaultGzipThresholdBytes`). */
export const GZIP_THRESHOLD_BYTES = 128 * 1024;

function acceptsGzip(request: HandlerRequest): boolean {
  const header = request.req.headers['accept-encoding'] ?? '';
  return header.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().split(';');
    return coding.trim().toLowerCase() === 'gzip' && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

function sendBody(request: HandlerRequest, status: number, contentType: string, body: Uint8Array): void {
  const { res } = request;
  // One writeHead with the headers as a flat list: when nothing set a header before, node writes them without
  // building its header map (two setHeader calls validate and store each); otherwise it replaces them by name,
  // appended after the headers already set, in this order, as the setHeader calls did.
  res.writeHead(status, ['Content-Type', contentType, 'Content-Length', String(body.length)]);
  res.end(body);
}

/** Writes a response; a body over {@link GZIP_THRESHOLD_BYTES} for a client accepting gzip is compressed first. */
function send(request: HandlerRequest, status: number, contentType: string, raw: Uint8Array): void {
  const gzipped = startResponse(request, raw);
  if (gzipped !== false) sendBody(request, status, contentType, gzipped === true ? gzipSync(raw) : raw);
}

/**
 * {@link send} for a large request's response (issue #19): a body to gzip is compressed by zlib's thread pool
 * (3 MiB took ~100 ms on the event loop); resolves once the response is written.
 */
async function sendAsync(request: HandlerRequest, status: number, contentType: string, raw: Uint8Array): Promise<void> {
  const gzipped = startResponse(request, raw);
  if (gzipped !== false) sendBody(request, status, contentType, gzipped === true ? await gzipAsync(raw) : raw);
}

/**
 * Starts a response: false when one was already sent (the response is ended), true when the body is to be
 * gzipped (the headers saying so are set), the body itself otherwise. Warnings are set as headers.
 */
function startResponse(request: HandlerRequest, raw: Uint8Array): boolean | Uint8Array {
  const { res } = request;
  if (res.headersSent || res.writableEnded) {
    res.end();
    return false;
  }
  sendWarnings(request);
  if (raw.length <= GZIP_THRESHOLD_BYTES || !acceptsGzip(request)) return raw;
  res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Vary', 'Accept-Encoding');
  return true;
}

/** Transforms (Table, PartialObjectMetadata), encodes and writes an object with the negotiated serializer. */
export async function writeObjectNegotiated(
  scope: RequestScope,
  request: HandlerRequest,
  status: number,
  obj: KubeObject,
  negotiated: NegotiatedMediaType = negotiateOutput(scope, request),
  slicer?: TimeSlicer,
): Promise<void> {
  if (slicer === undefined) await writeObject(scope, request, status, obj, negotiated);
  else await writeObjectSliced(scope, request, status, obj, negotiated, slicer);
}

/**
 * {@link writeObject} for a large request (issue #19): a serializer that can (compact JSON) encodes in time slices
 * of `slicer`, giving the same bytes.
 */
async function writeObjectSliced(scope: RequestScope, request: HandlerRequest, status: number, obj: KubeObject, negotiated: NegotiatedMediaType, slicer: TimeSlicer): Promise<void> {
  const typed = typedResponse(scope, obj);
  const out = negotiated.target === undefined ? typed : await transformResponseObject(scope, { namespace: request.namespace }, typed, negotiated.target, request.query);
  const { serializer } = negotiated.info;
  const options = { pretty: wantsPretty(request, negotiated) };
  const steps = serializer.encodeSteps?.(out, options);
  const body = steps === undefined ? serializer.encode(out, options) : await slicer.run(steps);
  auditResponse(scope, request, out, negotiated, body);
  await sendAsync(request, status, negotiated.info.mediaType, body);
}

/** The object to encode: kind and apiVersion set, a list's `items` never absent. */
function typedResponse(scope: RequestScope, obj: KubeObject): KubeObject {
  return withTypeMeta(scope, isList(obj) ? { ...obj, items: obj.items ?? [] } : obj);
}

/**
 * {@link writeObjectNegotiated} without a promise when none is needed: most responses need no transformation,
 * and are encoded and written before this returns; a transformation (Table, PartialObjectMetadata) gives a promise.
 */
export function writeObject(scope: RequestScope, request: HandlerRequest, status: number, obj: KubeObject, negotiated: NegotiatedMediaType): void | Promise<void> {
  const typed = typedResponse(scope, obj);
  if (negotiated.target === undefined) {
    encodeAndSend(scope, request, status, typed, negotiated);
    return undefined;
  }
  return transformResponseObject(scope, { namespace: request.namespace }, typed, negotiated.target, request.query).then((out) =>
    encodeAndSend(scope, request, status, out, negotiated),
  );
}

/** Hands the response object to the request's audit event: its JSON is the body when the body is JSON. */
function auditResponse(scope: RequestScope, request: HandlerRequest, out: KubeObject, negotiated: NegotiatedMediaType, body: Uint8Array): void {
  const recorder = requestAuditRecorderOf(request.req);
  if (recorder === undefined) return;
  recorder.logResponseObject(out, () => (negotiated.info.mediaType === 'application/json' ? body : scope.codecs.json.encode(out)));
}

function encodeAndSend(scope: RequestScope, request: HandlerRequest, status: number, out: KubeObject, negotiated: NegotiatedMediaType): void {
  const body = encodeForScope(scope, negotiated.info.serializer, out, wantsPretty(request, negotiated));
  auditResponse(scope, request, out, negotiated, body);
  send(request, status, negotiated.info.mediaType, body);
}

/** Writes any error as a negotiated Status (JSON when the client accepts nothing we produce). */
export function errorNegotiated(scope: RequestScope, request: HandlerRequest, err: unknown): void {
  const status = toStatus(statusErrorOf(err));
  const statusObject = kubeObject(status);
  requestAuditRecorderOf(request.req)?.logResponseObject(statusObject, () => scope.codecs.json.encode(statusObject));
  const retryAfter = retryAfterHeader(status);
  if (retryAfter !== undefined && !request.res.headersSent) setHeaderSafely(request, 'Retry-After', retryAfter);
  let info = scope.codecs.supportedMediaTypes[0];
  try {
    info = negotiateOutputMediaType(request.req.headers.accept, scope.codecs.supportedMediaTypes).info;
  } catch {
    // ErrorNegotiated falls back to the first serializer when the Accept header cannot be met.
  }
  const serializer = info?.serializer ?? scope.codecs.json;
  let body: Uint8Array;
  try {
    body = serializer.encode(statusObject, { pretty: wantsPretty(request) });
  } catch {
    body = scope.codecs.json.encode(statusObject);
    info = scope.codecs.supportedMediaTypes[0];
  }
  send(request, status.code ?? 500, info?.mediaType ?? 'application/json', body);
}

/** Runs a handler body and turns any rejection into a negotiated Status. */
export async function serve(scope: RequestScope, request: HandlerRequest, body: () => Promise<void>): Promise<void> {
  try {
    checkNamespaceSegment(request.namespace);
    await body();
  } catch (err) {
    errorNegotiated(scope, request, err);
  }
}

/**
 * {@link serve} for a body that may finish synchronously: no promise and no microtask when it does, and any throw
 * or rejection becomes a negotiated Status as there.
 */
export function serveMaybeSync(scope: RequestScope, request: HandlerRequest, body: () => void | Promise<void>): void | Promise<void> {
  let pending: void | Promise<void>;
  try {
    checkNamespaceSegment(request.namespace);
    pending = body();
  } catch (err) {
    errorNegotiated(scope, request, err);
    return undefined;
  }
  return pending?.then(undefined, (err: unknown) => errorNegotiated(scope, request, err));
}
