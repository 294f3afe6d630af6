/**
 * What both OpenAPI builders need from restful routes: routes grouped by path, the parameters common to every
 * operation of a path (kube-openapi `findCommonParameters`), parameter order and simple type mapping.
 */
import { type ParameterData, ParameterKind, type Route, type WebService } from '@apiserver/restful';

/** The methods an OpenAPI path item holds, lower-cased. */
export const PATH_ITEM_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/** A path item method. */
export type PathItemMethod = (typeof PATH_ITEM_METHODS)[number];

/** The path item key of an HTTP method, or `undefined` for methods OpenAPI paths cannot hold. */
export function pathItemMethod(method: string): PathItemMethod | undefined {
  const m = method.toLowerCase();
  return PATH_ITEM_METHODS.find((x) => x === m);
}

/** Route metadata that leaves a route out of the documents when `true` (the documents' and Swagger UI's own routes). */
export const KEY_OPENAPI_EXCLUDE = 'openapi.exclude';

/** Routes grouped by path, paths in sorted order; routes with {@link KEY_OPENAPI_EXCLUDE} are left out. */
export function routesByPath(routes: readonly Route[]): Map<string, Route[]> {
  const byPath = new Map<string, Route[]>();
  for (const r of routes) {
    if (r.metadata[KEY_OPENAPI_EXCLUDE] === true) continue;
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

/** A route's vendor extensions (`addExtension`) and `x-` metadata (e.g. `x-kubernetes-action`), published on its operation. */
export function routeExtensions(route: Route): Record<string, unknown> {
  const fromMetadata = Object.entries(route.metadata).filter(([k]) => k.startsWith('x-'));
  const extensions = Object.entries(route.extensions).filter(([k]) => k.startsWith('x-'));
  return Object.fromEntries([...fromMetadata, ...extensions]);
}

/** A documented response. */
export interface DocumentedResponse {
  /** The status code, or `default`. */
  readonly code: string;
  /** Its description. */
  readonly message: string;
  /** Its body model (`undefined`: none). */
  readonly model: unknown;
}

/**
 * The responses of a route in status code order: its documented ones (`returns`), a `200 OK` with the `writes`
 * sample when it documents none (go-restful-openapi), then `default` (`defaultReturns`).
 */
export function responsesOf(route: Route): DocumentedResponse[] {
  const documented = Object.values(route.responseErrors)
    .map((r) => ({ code: String(r.code), message: r.message, model: r.model }))
    .sort((a, b) => Number(a.code) - Number(b.code));
  if (documented.length === 0 && route.writeSample !== undefined) documented.push({ code: '200', message: 'OK', model: route.writeSample });
  const d = route.defaultResponse;
  if (d !== undefined) documented.push({ code: 'default', message: d.message, model: d.model });
  return documented;
}

/** The route's doc, with its notes as a second paragraph when it has any. */
export function routeDescription(route: Route): string {
  return route.notes === '' ? route.doc : `${route.doc}\n\n${route.notes}`;
}

function typedDefault(value: string, type: string): unknown {
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** The constraints of a parameter that are set (format, enum, default, pattern, bounds), as schema keywords. */
export function parameterConstraints(p: ParameterData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (p.dataFormat !== '') out.format = p.dataFormat;
  if (p.possibleValues.length > 0) out.enum = [...p.possibleValues];
  if (p.defaultValue !== '') out.default = typedDefault(p.defaultValue, typeFormat(p.dataType).type);
  if (p.pattern !== '') out.pattern = p.pattern;
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    const v = p[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** A parameter object as both versions write it: named and located. */
export type NamedParameter = { readonly name: string; readonly in: string } & Record<string, unknown>;

/** How one document version writes operations and non-body parameters. */
export interface OperationWriter {
  /** The operation of a route, leaving out the parameters whose keys are in `common`. */
  operation(route: Route, common: ReadonlySet<string>): Record<string, unknown>;
  /** A non-body parameter, or `undefined` for kinds not published. */
  parameter(p: ParameterData): NamedParameter | undefined;
}

/** The path item of one path's routes: the first route of each method, the shared parameters on the item. */
function pathItem(routes: readonly Route[], writer: OperationWriter): Record<string, unknown> {
  const commonParams = commonParameters(routes);
  const common = new Set(commonParams.map(parameterKey));
  const item: Record<string, unknown> = {};
  for (const route of routes) {
    const method = pathItemMethod(route.method);
    if (method !== undefined && !(method in item)) item[method] = writer.operation(route, common);
  }
  const shared = commonParams.flatMap((p) => writer.parameter(p) ?? []);
  if (shared.length > 0) item.parameters = sortParameters(shared);
  return item;
}

/** The `paths` object of WebServices' routes, paths sorted. */
export function buildPaths(webServices: readonly WebService[], writer: OperationWriter): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, routes] of routesByPath(webServices.flatMap((ws) => ws.routes()))) paths[path] = pathItem(routes, writer);
  return paths;
}
