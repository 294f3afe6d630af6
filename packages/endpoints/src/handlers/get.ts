/**
 * GET (handlers/get.go `GetResource`, `GetResourceWithOptions`): one generic handler, two thin specialisations.
 */
import { acceptSharedObjects, type ApiObject, type Getter, type GetterWithOptions, isMaybeSyncGetter, isResourceStreamer, type OptionsSpec, type RequestContext, type ResourceStreamer } from '@apiserver/registry';
import { type GetOptions, type NegotiatedMediaType, newBadRequest } from '@apiserver/runtime';
import { cachesEncodedObjects } from './cached-encoding.js';
import { queryBool, queryInt } from './options.js';
import { type Handler, type HandlerRequest, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { negotiateOutput, serveMaybeSync, writeObject } from './responsewriters.js';
import { streamObject } from './stream-object.js';

/**
 * Reads the object of a GET: directly or as a promise. `sharedObjects`: the response only encodes the object, so
 * storage may share it (see `acceptSharedObjects`).
 */
type GetterFunc = (ctx: RequestContext, name: string, request: HandlerRequest, sharedObjects: boolean) => ApiObject | ResourceStreamer | Promise<ApiObject | ResourceStreamer>;

/** The promise of a handler that finished synchronously. */
const settled: Promise<void> = Promise.resolve();

function getResourceHandler(scope: RequestScope, fn: GetterFunc): Handler {
  // No promise when the getter answers at once (a MaybeSyncGetter over in-memory storage): the response is encoded
  // and written in this turn. Otherwise one promise for the getter and one for its continuation.
  return (request) =>
    serveMaybeSync(scope, request, () => {
      const negotiated = negotiateOutput(scope, request);
      const ctx = requestContextOf(request, request.namespace, false, requestInfoOf(scope, request, 'get'));
      // The object is only encoded (no Table or metadata view to build from it): storage may share it.
      const obj = fn(ctx, request.name, request, negotiated.target === undefined && cachesEncodedObjects(scope));
      if (obj instanceof Promise) return obj.then((got) => respondGot(scope, request, ctx, got, negotiated));
      return respondGot(scope, request, ctx, obj, negotiated);
    }) ?? settled;
}

/** Writes what a getter gave: an object, encoded, or a stream. */
function respondGot(scope: RequestScope, request: HandlerRequest, ctx: RequestContext, got: ApiObject | ResourceStreamer, negotiated: NegotiatedMediaType): void | Promise<void> {
  return isResourceStreamer(got) ? streamObject(scope, request, ctx, 200, got) : writeObject(scope, request, 200, got, negotiated);
}

/** Marks `ctx` for a getter that reads the mark (see {@link GetterFunc}'s `sharedObjects`). */
function markShared(ctx: RequestContext, sharedObjects: boolean): RequestContext {
  return sharedObjects ? acceptSharedObjects(ctx) : ctx;
}

/** GetOptions from the query; `export=true` is refused as upstream does since 1.14. */
export function getOptionsOf(q: URLSearchParams): GetOptions {
  if (q.has('export') && queryBool(q.get('export') ?? '')) {
    throw newBadRequest('the export parameter, deprecated since v1.14, is no longer supported');
  }
  const rv = q.get('resourceVersion');
  return rv === null ? {} : { resourceVersion: rv };
}

/** The GET handler of a plain rest.Getter. */
export function getResource(scope: RequestScope, getter: Getter): Handler {
  if (isMaybeSyncGetter(getter)) {
    return getResourceHandler(scope, (ctx, name, request, shared) => getter.getMaybeSync(ctx, name, getOptionsOf(request.query), shared));
  }
  return getResourceHandler(scope, (ctx, name, request, shared) => getter.get(markShared(ctx, shared), name, getOptionsOf(request.query)));
}

/** Decodes a kind-specific options object from the query, by the types of the empty object's fields. */
export function decodeOptionsObject(spec: OptionsSpec, request: HandlerRequest): Record<string, unknown> {
  const options = spec.newOptions();
  for (const [key, sample] of Object.entries(options)) {
    if (!request.query.has(key)) continue;
    const value = request.query.get(key) ?? '';
    if (typeof sample === 'boolean') options[key] = queryBool(value);
    else if (typeof sample === 'number') options[key] = queryInt(key, value);
    else if (Array.isArray(sample)) options[key] = request.query.getAll(key);
    else options[key] = value;
  }
  for (const key of spec.optional ?? []) if (!request.query.has(key)) delete options[key];
  if (spec.subpath && request.subpath !== '') options[spec.subpathKey] = `/${request.subpath}`;
  return options;
}

/** The GET handler of a rest.GetterWithOptions (`pods/log`): options from the query, subpath injected. */
export function getResourceWithOptions(scope: RequestScope, getter: GetterWithOptions): Handler {
  return getResourceHandler(scope, (ctx, name, request, shared) =>
    getter.get(markShared(ctx, shared), name, decodeOptionsObject(getter.newGetOptions(), request)),
  );
}
