/**
 * What both OpenAPI builders need from restful routes: routes grouped by path, the parameters common to every
 * operation of a path (kube-openapi `findCommonParameters`), parameter order and simple type mapping.
 */
import { type ParameterData, ParameterKind, type Route } from '@apiserver/restful';

/** The methods an OpenAPI path item holds, lower-cased. */
export const PATH_ITEM_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/** A path item method. */
export type PathItemMethod = (typeof PATH_ITEM_METHODS)[number];

/** The path item key of an HTTP method, or `undefined` for methods OpenAPI paths cannot hold. */
export function pathItemMethod(method: string): PathItemMethod | undefined {
  const m = method.toLowerCase();
  return PATH_ITEM_METHODS.find((x) => x === m);
}

/** Routes grouped by path, paths in sorted order. */
export function routesByPath(routes: readonly Route[]): Map<string, Route[]> {
  const byPath = new Map<string, Route[]>();
  for (const r of routes) {
    const list = byPath.get(r.path);
    if (list === undefined) byPath.set(r.path, [r]);
    else list.push(r);
  }
  return new Map([...byPath.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The identity of a parameter within a path: its name and kind. */
export function parameterKey(p: ParameterData): string {
  return `${p.kind}\u0000${p.name}`;
}

/** Parameters documented on a route, as data. */
export function parametersOf(route: Route): ParameterData[] {
  return route.parameterDocs.map((p) => p.data());
}

/** Non-body parameters present in every route of a path (they move to the path item). */
export function commonParameters(routes: readonly Route[]): ParameterData[] {
  const counts = new Map<string, { data: ParameterData; count: number }>();
  for (const r of routes) {
    for (const p of parametersOf(r)) {
      const key = parameterKey(p);
      const seen = counts.get(key);
      counts.set(key, { data: p, count: (seen?.count ?? 0) + 1 });
    }
  }
  return [...counts.values()].filter((c) => c.count === routes.length && c.data.kind !== ParameterKind.Body).map((c) => c.data);
}

/** kube-openapi's parameter order: by name, then by location. */
export function sortParameters<T extends { readonly name: string; readonly in: string }>(params: T[]): T[] {
  return params.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.in < b.in ? -1 : a.in > b.in ? 1 : 0));
}

/** The OpenAPI location of a non-body parameter kind, or `undefined` for kinds not published (body, form). */
export function parameterLocation(kind: number): 'path' | 'query' | 'header' | undefined {
  if (kind === ParameterKind.Path) return 'path';
  if (kind === ParameterKind.Query) return 'query';
  if (kind === ParameterKind.Header) return 'header';
  return undefined;
}

const TYPE_FORMATS: Readonly<Record<string, readonly [string, string]>> = {
  string: ['string', ''],
  boolean: ['boolean', ''],
  bool: ['boolean', ''],
  integer: ['integer', ''],
  int: ['integer', 'int32'],
  int32: ['integer', 'int32'],
  int64: ['integer', 'int64'],
  number: ['number', ''],
  float32: ['number', 'float'],
  float64: ['number', 'double'],
};

/** The OpenAPI type and format of a simple parameter data type (kube-openapi `OpenAPITypeFormat`); strings by default. */
export function typeFormat(dataType: string): { type: string; format?: string } {
  const [type, format] = TYPE_FORMATS[dataType] ?? ['string', ''];
  return format === '' ? { type } : { type, format };
}

/** A route's `x-` metadata (e.g. `x-kubernetes-action`), published as operation extensions. */
export function routeExtensions(route: Route): Record<string, unknown> {
  return Object.fromEntries(Object.entries(route.metadata).filter(([k]) => k.startsWith('x-')));
}

/** The documented responses of a route in status code order. */
export function responsesOf(route: Route): { code: number; message: string; model: unknown }[] {
  return Object.values(route.responseErrors)
    .map((r) => ({ code: r.code, message: r.message, model: r.model }))
    .sort((a, b) => a.code - b.code);
}
