/**
 * `RequestScope` (handlers/rest.go): everything a verb handler needs about its resource, built once per route,
 * and the framework-free handler shape the restful bridge adapts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdmissionInterface, RequestContext, RequestInfo, ResetFieldsStrategy, TableConvertor, UserInfo } from '@apiserver/registry';
import type { CodecFactory, FieldType, GroupVersion, GroupVersionKind, GroupVersionResource, Scheme, SerializerInfo } from '@apiserver/runtime';
import type { TSchema } from 'typebox';
import { requestAuditRecorderOf } from '../audit/request-audit.js';
import { requestUserFrom } from './request-user.js';
import type { ObjectCoercer } from './object-coercer.js';
import type { FieldLabels } from './options.js';
import type { Pace } from './pacing.js';
import type { WatchEventMetrics } from './watch-metrics.js';

/** Per-route facts shared by every request a handler serves. */
export interface RequestScope {
  /** Serializers (JSON, YAML, protobuf) used for bodies and responses. */
  readonly codecs: CodecFactory;
  /** The serializers this resource negotiates (protobuf only for kinds registered in the scheme). */
  readonly serializers: readonly SerializerInfo[];
  /** The scheme the kinds are registered in. */
  readonly scheme: Scheme;
  /** Kind of the objects served. */
  readonly kind: GroupVersionKind;
  /** Resource served (group, version, plural). */
  readonly resource: GroupVersionResource;
  /** Subresource served, `""` for the main resource. */
  readonly subresource: string;
  /** Whether the resource is namespaced. */
  readonly namespaced: boolean;
  /** Server-side printing, when the storage supports it. */
  readonly tableConvertor: TableConvertor | undefined;
  /** Which apiVersions a request body may carry (default: only the scope's). */
  readonly acceptsGroupVersion: (gv: GroupVersion) => boolean;
  /** Watches without `timeoutSeconds` last between this and twice this many seconds. */
  readonly minRequestTimeoutSeconds: number;
  /** Create/update/patch/delete give up after this many seconds (504). */
  readonly requestTimeoutSeconds: number;
  /** Request body limit in bytes (413 above). */
  readonly maxRequestBodyBytes: number;
  /** The most bytes a JSON patch's `copy` operations may add (422 above; default 3 MiB, 0 = unlimited). */
  readonly jsonPatchMaxCopyBytes?: number;
  /** Schema of the served kind (field validation, strategic merge patch), when registered. */
  readonly objectSchema: TSchema | undefined;
  /** Field selector labels beyond `metadata.name`/`metadata.namespace` (AddFieldLabelConversionFunc), or the kind's own conversion. */
  readonly fieldLabels: FieldLabels;
  /** Admission plugins (mutating run by handlers, validating handed to storage); undefined = none. */
  readonly admission: AdmissionInterface | undefined;
  /** The decoder's coercion and defaulting of a kind outside the scheme (custom resources); absent: the scheme defaults. */
  readonly objectCoercer?: ObjectCoercer;
  /** The merge type server-side apply gives the kind's objects when the scheme has no schema for it (custom resources). */
  readonly fieldType?: FieldType;
  /** The storage's reset fields (rest.ResetFieldsStrategy); absent: derived from the object schema's `status`. */
  readonly resetFieldsStrategy?: ResetFieldsStrategy;
  /** Keep system metadata fields on subresource creates (rest.SubresourceObjectMetaPreserver). */
  readonly preserveSystemFieldsOnCreate: boolean;
  /** Where the watch handler counts the events it sends (absent: not counted). */
  readonly watchEvents?: WatchEventMetrics;
}

/** One request as handlers see it: the raw node objects plus the route's path parameters. */
export interface HandlerRequest {
  /** The node request. */
  readonly req: IncomingMessage;
  /** The node response. */
  readonly res: ServerResponse;
  /** `{namespace}` path parameter (`""` when the route has none). */
  readonly namespace: string;
  /** `{name}` path parameter (`""` when the route has none). */
  readonly name: string;
  /** `{path:*}` path parameter (`""` when the route has none). */
  readonly subpath: string;
  /** Query parameters. */
  readonly query: URLSearchParams;
  /** Warnings collected while serving, sent as `Warning: 299 - "<text>"` headers. */
  readonly warnings: string[];
}

/** A verb handler: framework-free, never rejects (errors are written as Status). */
export type Handler = (request: HandlerRequest) => Promise<void>;

/**
 * A HandlerRequest built by {@link handlerRequest}: a class instance rather than an object literal, because V8 may
 * pretenure a literal's allocation site, and an old object referencing the request and response (even one already
 * dead) keeps their young objects alive through every scavenge until the next full collection.
 */
class NodeHandlerRequest implements HandlerRequest {
  readonly warnings: string[] = [];
  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly namespace: string,
    readonly name: string,
    readonly subpath: string,
    readonly query: URLSearchParams,
  ) {}
}

/** Builds the HandlerRequest of a node request. */
export function handlerRequest(
  req: IncomingMessage,
  res: ServerResponse,
  params: { readonly namespace?: string; readonly name?: string; readonly path?: string },
): HandlerRequest {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const urlPath = q === -1 ? url : url.slice(0, q);
  // The router drops a trailing slash of `{path:*}`; upstream keeps it (RequestInfo parts).
  const subpath = params.path !== undefined && params.path !== '' && urlPath.endsWith('/') && !params.path.endsWith('/') ? `${params.path}/` : (params.path ?? '');
  const query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  return new NodeHandlerRequest(req, res, params.namespace ?? '', params.name ?? '', subpath, query);
}

/** The RequestInfo of a request served by a scope (what the request-info filter would have parsed). */
export function requestInfoOf(scope: RequestScope, request: HandlerRequest, verb: string): RequestInfo {
  const url = request.req.url ?? '/';
  const q = url.indexOf('?');
  const { group, version, resource } = scope.resource;
  const parts: string[] = [];
  if (resource !== '') parts.push(resource);
  if (request.name !== '') parts.push(request.name);
  if (scope.subresource !== '') parts.push(scope.subresource);
  // Most routes have no `{path:*}`: no split, spread and filter of an empty subpath per request.
  if (request.subpath !== '') for (const p of request.subpath.split('/')) if (p !== '') parts.push(p);
  return {
    isResourceRequest: true,
    path: q === -1 ? url : url.slice(0, q),
    verb,
    apiPrefix: group === '' ? 'api' : 'apis',
    apiGroup: group,
    apiVersion: version,
    namespace: request.namespace,
    resource,
    subresource: scope.subresource,
    name: request.name,
    parts,
  };
}

/**
 * The RequestContext of one request. `signal` is an own enumerable accessor, so that a context spread into a copy
 * (`{ ...ctx, namespace }`) still carries the signal, defined from one shared descriptor: an accessor written in an
 * object literal costs about a microsecond per object, the shared one a fraction of that.
 */
class HandlerRequestContext implements RequestContext {
  readonly namespace: string;
  declare readonly requestInfo?: RequestInfo;
  declare readonly pace?: Pace;
  declare readonly user?: UserInfo;
  declare readonly signal: AbortSignal;
  readonly dryRun: boolean;
  /** Own (not a method): copies and detached calls keep it. */
  readonly addWarning: (text: string) => void;
  /** To the audit event the audit filter attached, if any (own, as addWarning). */
  readonly addAuditAnnotation: NonNullable<RequestContext['addAuditAnnotation']>;
  readonly #request: HandlerRequest;
  #controller: AbortController | undefined;

  static readonly #signalProperty: PropertyDescriptor = {
    enumerable: true,
    configurable: true,
    get(this: HandlerRequestContext): AbortSignal {
      return this.#signal();
    },
  };

  constructor(request: HandlerRequest, namespace: string, dryRun: boolean, requestInfo: RequestInfo | undefined, pace: Pace | undefined) {
    this.namespace = namespace;
    if (requestInfo !== undefined) (this as { requestInfo?: RequestInfo }).requestInfo = requestInfo;
    if (pace !== undefined) (this as { pace?: Pace }).pace = pace;
    const user = requestUserFrom(request.req);
    if (user !== undefined) (this as { user?: UserInfo }).user = user;
    Object.defineProperty(this, 'signal', HandlerRequestContext.#signalProperty);
    this.dryRun = dryRun;
    this.addWarning = (text) => {
      request.warnings.push(text);
    };
    this.addAuditAnnotation = (key, value, minLevel) => requestAuditRecorderOf(request.req)?.addAnnotation(key, value, minLevel);
    this.#request = request;
  }

  // An AbortController, its signal and a 'close' listener cost microseconds per request: all three exist only
  // once someone asks for the signal (a watch, a delete-collection loop); asked for after the close, it is aborted.
  #signal(): AbortSignal {
    if (this.#controller === undefined) {
      const created = new AbortController();
      this.#controller = created;
      const { res } = this.#request;
      if (res.closed) created.abort();
      else res.once('close', () => created.abort());
    }
    return this.#controller.signal;
  }
}

/**
 * The registry RequestContext of a request: namespace, dry run, the user the server's filters attached
 * (`withRequestUser`), warnings and an abort signal tied to the client.
 */
export function requestContextOf(request: HandlerRequest, namespace: string, dryRun = false, requestInfo?: RequestInfo, pace?: Pace): RequestContext {
  return new HandlerRequestContext(request, namespace, dryRun, requestInfo, pace);
}
