/**
 * The Swagger 2.0 document of all routes (kube-openapi `builder.BuildOpenAPISpecFromRoutes`, served at
 * `/openapi/v2`): definitions are the v3 component schemas rewritten to v2 (`$ref` into `#/definitions/`,
 * single-`allOf` references collapsed to a sibling `$ref`).
 */
import { type ParameterData, ParameterKind, type Route, type WebService } from '@apiserver/restful';
import type { OpenAPISchema } from '@apiserver/runtime';
import { ComponentSchemas } from './component-schemas.js';
import { operationIDAndTags } from './operation-id.js';
import {
  commonParameters,
  parameterKey,
  parameterLocation,
  parametersOf,
  pathItemMethod,
  responsesOf,
  routeExtensions,
  routesByPath,
  sortParameters,
  typeFormat,
} from './route-paths.js';
import {
  BEARER_TOKEN_SCHEME,
  isBodylessPatch,
  type OpenAPIBuildOptions,
  UNAUTHORIZED_CODE,
  UNAUTHORIZED_MESSAGE,
} from './spec-info.js';

const V3_REF = '#/components/schemas/';
const V2_REF = '#/definitions/';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Rewrites a v3 component schema (or any value inside one) into its Swagger 2.0 form. */
export function toV2Schema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toV2Schema);
  if (!isRecord(value)) return value;
  const { allOf, ...rest } = value;
  const only = Array.isArray(allOf) && allOf.length === 1 ? allOf[0] : undefined;
  if (isRecord(only) && typeof only.$ref === 'string' && Object.keys(only).length === 1) {
    const { default: _d, ...kept } = rest;
    return { ...mapValues(kept), $ref: only.$ref.replace(V3_REF, V2_REF) };
  }
  const out = mapValues(value);
  if (typeof out.$ref === 'string') out.$ref = out.$ref.replace(V3_REF, V2_REF);
  return out;
}

function mapValues(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = k.startsWith('x-') || k === 'enum' || k === 'default' ? v : toV2Schema(v);
  return out;
}

function bodyParameter(p: ParameterData, route: Route, schemas: ComponentSchemas): OpenAPISchema {
  return { name: p.name, in: 'body', ...(p.required ? { required: true } : {}), schema: schemas.refFor(route.readSample, V2_REF) };
}

function parameter(p: ParameterData): OpenAPISchema | undefined {
  const where = parameterLocation(p.kind);
  if (where === undefined) return undefined;
  return {
    ...(p.allowMultiple ? {} : { uniqueItems: true }),
    ...typeFormat(p.dataType),
    ...(p.description === '' ? {} : { description: p.description }),
    name: p.name,
    in: where,
    ...(p.required ? { required: true } : {}),
  };
}

function byNameIn(params: OpenAPISchema[]): OpenAPISchema[] {
  return sortParameters(params.map((p) => ({ ...p, name: String(p.name), in: String(p.in) })));
}

function operation(route: Route, common: ReadonlySet<string>, schemas: ComponentSchemas): OpenAPISchema {
  const { operationId, tags } = operationIDAndTags(route.operation, route.path);
  const responses: Record<string, OpenAPISchema> = {};
  for (const r of responsesOf(route)) {
    responses[String(r.code)] = { description: r.message, schema: schemas.refFor(r.model, V2_REF) };
  }
  if (!(UNAUTHORIZED_CODE in responses)) responses[String(UNAUTHORIZED_CODE)] = { description: UNAUTHORIZED_MESSAGE };
  const all = parametersOf(route);
  const params: OpenAPISchema[] = all.filter((p) => !common.has(parameterKey(p))).flatMap<OpenAPISchema>((p) => (p.kind === ParameterKind.Body ? bodyParameter(p, route, schemas) : (parameter(p) ?? [])));
  if (isBodylessPatch(route, all.some((p) => p.kind === ParameterKind.Body))) {
    params.push({ name: 'body', in: 'body', required: true, schema: schemas.patchRef(V2_REF) });
  }
  return {
    description: route.doc,
    consumes: [...route.consumes],
    produces: [...route.produces],
    schemes: ['https'],
    tags,
    operationId,
    ...(params.length > 0 ? { parameters: byNameIn(params) } : {}),
    responses,
    ...(route.deprecated ? { deprecated: true } : {}),
    ...routeExtensions(route),
  };
}

function pathItem(routes: readonly Route[], schemas: ComponentSchemas): OpenAPISchema {
  const commonParams = commonParameters(routes);
  const common = new Set(commonParams.map(parameterKey));
  const item: OpenAPISchema = {};
  for (const route of routes) {
    const method = pathItemMethod(route.method);
    if (method !== undefined && !(method in item)) item[method] = operation(route, common, schemas);
  }
  const shared: OpenAPISchema[] = commonParams.flatMap<OpenAPISchema>((p) => parameter(p) ?? []);
  if (shared.length > 0) item.parameters = byNameIn(shared);
  return item;
}

/** Builds the Swagger 2.0 document of all WebServices. */
export function buildSwagger(webServices: readonly WebService[], options: OpenAPIBuildOptions): OpenAPISchema {
  const schemas = new ComponentSchemas(options.kindsOf);
  const paths: Record<string, OpenAPISchema> = {};
  for (const [path, routes] of routesByPath(webServices.flatMap((ws) => ws.routes()))) paths[path] = pathItem(routes, schemas);
  const definitions: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(schemas.toObject())) definitions[name] = toV2Schema(schema);
  return {
    swagger: '2.0',
    info: { title: options.info.title, version: options.info.version },
    paths,
    definitions,
    securityDefinitions: { BearerToken: BEARER_TOKEN_SCHEME },
    security: [{ BearerToken: [] }],
  };
}
