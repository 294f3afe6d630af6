/**
 * `transformResponseObject` (handlers/response.go): converts a response to the negotiated target — Table
 * (server-side printing) or PartialObjectMetadata(List) — and fills a list's kind and `items: []`.
 */
import type { ApiList, ApiObject, RequestContext, TableOptions } from '@apiserver/registry';
import { type GroupVersionKind, type KubeObject, newBadRequest, StatusError } from '@apiserver/runtime';
import type { RequestScope } from './request-scope.js';

/** A typed API value (Status, list) as a plain JSON record (shallow). */
export function kubeObject(value: object): KubeObject {
  return Object.fromEntries(Object.entries(value));
}

function toObject(obj: KubeObject): ApiObject {
  return { ...obj, metadata: metaOf(obj) };
}

/** Whether a value is a list (`items` array). */
export function isList(obj: unknown): obj is ApiList {
  return typeof obj === 'object' && obj !== null && Array.isArray((obj as { items?: unknown }).items);
}

function metaOf(obj: KubeObject): Record<string, unknown> {
  const m = obj.metadata;
  return typeof m === 'object' && m !== null ? { ...m } : {};
}

function partial(obj: KubeObject, version: string): KubeObject {
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: metaOf(obj) };
}

/** Fills the kind/apiVersion a storage may leave out (object: the scope's kind; list: `<Kind>List`). */
export function withTypeMeta(scope: RequestScope, obj: KubeObject): KubeObject {
  const apiVersion = scope.kind.group === '' ? scope.kind.version : `${scope.kind.group}/${scope.kind.version}`;
  if (isList(obj)) {
    return { ...obj, kind: obj.kind ?? `${scope.kind.kind}List`, apiVersion: obj.apiVersion ?? apiVersion, items: obj.items };
  }
  // An object that has both already is returned as it is (the callers only read it): no copy per response.
  if (obj.kind === 'Status' || (obj.kind != null && obj.apiVersion != null)) return obj;
  return { ...obj, kind: obj.kind ?? scope.kind.kind, apiVersion: obj.apiVersion ?? apiVersion };
}

function includeObjectOf(query: URLSearchParams): NonNullable<TableOptions['includeObject']> {
  const raw = query.get('includeObject') ?? '';
  if (raw === '' || raw === 'Metadata') return 'Metadata';
  if (raw === 'None' || raw === 'Object') return raw;
  throw newBadRequest(`unrecognized includeObject value: ${JSON.stringify(raw)}`);
}

async function asTable(
  scope: RequestScope,
  ctx: RequestContext,
  obj: KubeObject,
  target: GroupVersionKind,
  query: URLSearchParams,
  noHeaders: boolean,
): Promise<KubeObject> {
  const convertor = scope.tableConvertor;
  if (convertor === undefined) {
    throw new StatusError({ code: 406, reason: 'NotAcceptable', message: `the resource ${scope.resource.resource} does not support being converted to a Table` });
  }
  const includeObject = includeObjectOf(query);
  const source: ApiObject | ApiList = isList(obj) ? obj : toObject(obj);
  const table = await convertor.convertToTable(ctx, source, { includeObject, noHeaders });
  const items: KubeObject[] = isList(obj) ? obj.items : [obj];
  const rows = table.rows.map((row, i) => {
    const item = items[i];
    if (includeObject === 'None' || item === undefined) return { ...row, object: undefined };
    return { ...row, object: includeObject === 'Object' ? item : partial(item, target.version) };
  });
  return {
    ...table,
    kind: 'Table',
    apiVersion: `meta.k8s.io/${target.version}`,
    columnDefinitions: noHeaders ? [] : table.columnDefinitions,
    rows: rows.map(({ object, ...rest }) => (object === undefined ? rest : { ...rest, object })),
  };
}

/** Converts `obj` to what the client negotiated (`target` from the Accept `as`/`g`/`v` parameters). */
export async function transformResponseObject(
  scope: RequestScope,
  ctx: RequestContext,
  obj: KubeObject,
  target: GroupVersionKind | undefined,
  query: URLSearchParams,
  noHeaders = false,
): Promise<KubeObject> {
  if (target === undefined || obj.kind === 'Status') return obj;
  if (target.kind === 'Table') return asTable(scope, ctx, obj, target, query, noHeaders);
  const list = isList(obj);
  if (target.kind === 'PartialObjectMetadata' && !list) return partial(obj, target.version);
  if (target.kind === 'PartialObjectMetadataList' && isList(obj)) {
    return {
      kind: 'PartialObjectMetadataList',
      apiVersion: `meta.k8s.io/${target.version}`,
      metadata: { ...obj.metadata },
      items: obj.items.map((item) => partial(item, target.version)),
    };
  }
  throw new StatusError({
    code: 406,
    reason: 'NotAcceptable',
    message: `you requested ${target.kind}, but the requested object is ${list ? 'a list' : 'not a list'}`,
  });
}
