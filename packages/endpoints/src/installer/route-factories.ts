/**
 * `routeFor`: one restful route (or one per CONNECT method) for an action, chosen from a verb table of factories
 * (installer.go's 10-case switch, as data). Docs and operation IDs follow installer.go (§2.3).
 */
import type { RouteBuilder, WebService } from '@apiserver/restful';
import { DeleteOptionsSchema, StatusSchema, WatchEventSchema } from '@apiserver/runtime';
import type { Action, ActionVerb } from './action.js';
import {
  createParams,
  deleteCollectionListParams,
  deleteParams,
  listParams,
  patchParams,
  prettyParam,
  type QueryParamDoc,
  toQueryParameter,
} from './query-params.js';
import type { RouteContext } from './route-context.js';

/** The patch media types a PATCH route consumes. */
export const PATCH_MEDIA_TYPES: readonly string[] = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
  'application/apply-patch+yaml',
];

interface VerbRoute {
  readonly method: string;
  readonly op: string;
  readonly doc: (kind: string, sub: string) => string;
  readonly query: (c: RouteContext) => readonly QueryParamDoc[];
  readonly produces: (c: RouteContext) => readonly string[];
  readonly configure?: (b: RouteBuilder, c: RouteContext) => void;
}

/** `GetArticleForNoun(noun, " ")`: " a ", " an ", or " " for plurals ending in s (not ss). */
export function articleFor(noun: string): string {
  if (noun.length > 1 && noun.endsWith('s') && !noun.endsWith('ss')) return ' ';
  return /^[aeiouAEIOU]/.test(noun) ? ' an ' : ' a ';
}

const title = (s: string): string => (s === '' ? '' : `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`);
const media = (verb: string) => (c: RouteContext) => [...c.producesFor(verb), ...c.mediaTypes];
const allMedia = (c: RouteContext) => [...c.mediaTypes, ...c.streamMediaTypes];
const ofSub = (sub: string, text: string) => (sub === '' ? text : `${sub} of ${text}`);

const table: Readonly<Record<Exclude<ActionVerb, 'CONNECT'>, VerbRoute>> = {
  GET: {
    method: 'GET',
    op: 'read',
    doc: (k, s) => (s === '' ? `read the specified ${k}` : `read ${s} of the specified ${k}`),
    query: (c) => c.getOptionsParams,
    produces: media('GET'),
    configure: (b, c) => b.returns(200, 'OK', c.objectSchema),
  },
  LIST: {
    method: 'GET',
    op: 'list',
    doc: (k, s) => `${s === '' ? 'list' : `list ${s} of`} objects of kind ${k}`,
    query: () => listParams,
    produces: (c) => [...c.producesFor('LIST'), ...c.mediaTypes, ...c.streamMediaTypes],
    configure: (b, c) => b.returns(200, 'OK', c.listSchema),
  },
  PUT: {
    method: 'PUT',
    op: 'replace',
    doc: (k, s) => (s === '' ? `replace the specified ${k}` : `replace ${s} of the specified ${k}`),
    query: () => createParams,
    produces: media('PUT'),
    configure: (b, c) => b.reads(c.objectSchema).returns(200, 'OK', c.objectSchema).returns(201, 'Created', c.objectSchema),
  },
  PATCH: {
    method: 'PATCH',
    op: 'patch',
    doc: (k, s) => (s === '' ? `partially update the specified ${k}` : `partially update ${s} of the specified ${k}`),
    query: () => patchParams,
    produces: media('PATCH'),
    configure: (b, c) =>
      b
        .consumes(...PATCH_MEDIA_TYPES)
        .returns(200, 'OK', c.objectSchema)
        .returns(201, 'Created', c.objectSchema),
  },
  POST: {
    method: 'POST',
    op: 'create',
    doc: (k, s) => `create${s === '' ? '' : ` ${s} of`}${articleFor(k)}${k}`,
    query: () => createParams,
    produces: media('POST'),
    configure: (b, c) =>
      b
        .reads(c.objectSchema)
        .returns(200, 'OK', c.objectSchema)
        .returns(201, 'Created', c.objectSchema)
        .returns(202, 'Accepted', c.objectSchema),
  },
  DELETE: {
    method: 'DELETE',
    op: 'delete',
    doc: (k, s) => `delete${s === '' ? '' : ` ${s} of`}${articleFor(k)}${k}`,
    query: () => deleteParams,
    produces: media('DELETE'),
    configure: (b, c) => {
      const returned = c.deleteReturnsDeletedObject ? c.objectSchema : StatusSchema;
      b.reads(DeleteOptionsSchema).returns(200, 'OK', returned).returns(202, 'Accepted', returned);
    },
  },
  DELETECOLLECTION: {
    method: 'DELETE',
    op: 'deletecollection',
    doc: (k, s) => (s === '' ? `delete collection of ${k}` : `delete collection of ${s} of a ${k}`),
    query: () => [...deleteParams, ...deleteCollectionListParams],
    produces: media('DELETECOLLECTION'),
    configure: (b) => b.reads(DeleteOptionsSchema).returns(200, 'OK', StatusSchema),
  },
  WATCH: {
    method: 'GET',
    op: 'watch',
    doc: (k, s) =>
      `watch changes to ${ofSub(s, `an object of kind ${k}`)}. deprecated: use the 'watch' parameter with a list operation instead, filtered to a single item with the 'fieldSelector' parameter.`,
    query: () => listParams,
    produces: allMedia,
    configure: (b) => b.returns(200, 'OK', WatchEventSchema),
  },
  WATCHLIST: {
    method: 'GET',
    op: 'watch',
    doc: (k, s) =>
      `watch individual changes to a list of ${s === '' ? k : `${s} of ${k}`}. deprecated: use the 'watch' parameter with a list operation instead.`,
    query: () => listParams,
    produces: allMedia,
    configure: (b) => b.returns(200, 'OK', WatchEventSchema),
  },
};

function operationId(prefix: string, action: Action, c: RouteContext, listSuffix: boolean): string {
  const namespaced = c.namespaced && !action.allNamespaces ? 'Namespaced' : '';
  const suffix = `${action.withPath ? 'WithPath' : ''}${action.allNamespaces ? 'ForAllNamespaces' : ''}`;
  return `${prefix}${namespaced}${c.kind}${title(c.subresource)}${listSuffix ? 'List' : ''}${suffix}`;
}

function pathParams(ws: WebService, b: RouteBuilder, action: Action, c: RouteContext): void {
  const docs = {
    namespace: 'object name and auth scope, such as for teams and projects',
    name: `name of the ${c.kind}`,
    path: 'path to the resource',
  } as const;
  for (const name of action.params) b.param(ws.pathParameter(name, docs[name]).dataType('string'));
}

function metadata(b: RouteBuilder, action: Action, c: RouteContext): void {
  b.metadata('x-kubernetes-group-version-kind', { group: c.gvk.group, version: c.gvk.version, kind: c.gvk.kind });
  b.metadata('x-kubernetes-action', action.verb.toLowerCase());
}

function connectRoutes(ws: WebService, action: Action, c: RouteContext): RouteBuilder[] {
  return c.connectMethods.map((method) => {
    const what = c.subresource === '' ? c.kind : `${c.subresource} of ${c.kind}`;
    const b = ws
      .method(method)
      .path(action.path)
      .to(c.handlerFor(action, method))
      .doc(`connect ${method} requests to ${what}`)
      .operation(operationId(`connect${title(method.toLowerCase())}`, action, c, false))
      .produces('*/*')
      .consumes('*/*');
    pathParams(ws, b, action, c);
    for (const q of c.connectOptionsParams) b.param(toQueryParameter(q));
    metadata(b, action, c);
    return b.returns(200, 'OK', undefined);
  });
}

/** Builds the route(s) of one action (CONNECT: one per method) on a WebService; they are not yet added. */
export function routeFor(ws: WebService, action: Action, c: RouteContext): RouteBuilder[] {
  if (action.verb === 'CONNECT') return connectRoutes(ws, action, c);
  const row = table[action.verb];
  const b = ws
    .method(row.method)
    .path(action.path)
    .to(c.handlerFor(action, row.method))
    .doc(action.verb === 'LIST' && c.watcher ? listOrWatchDoc(c) : row.doc(c.kind, c.subresource))
    .operation(operationId(row.op, action, c, action.verb === 'WATCHLIST'))
    .produces(...row.produces(c));
  pathParams(ws, b, action, c);
  b.param(toQueryParameter(prettyParam));
  for (const q of row.query(c)) b.param(toQueryParameter(q));
  row.configure?.(b, c);
  // DELETE bodies are optional (installer.go: route.ParameterNamed("body").Required(false)).
  b.parameterNamed('body')?.required(action.verb !== 'DELETE' && action.verb !== 'DELETECOLLECTION');
  metadata(b, action, c);
  return [b];
}

function listOrWatchDoc(c: RouteContext): string {
  return `list or watch ${c.subresource === '' ? '' : `${c.subresource} of `}objects of kind ${c.kind}`;
}
