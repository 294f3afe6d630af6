/**
 * OpenAPI v3 documents from restful routes (kube-openapi `builder3.BuildOpenAPISpecFromRoutes`): one document per
 * WebService root (`api/v1`, `apis/apps/v1`, `version`, …) with paths, operations and every referenced component.
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

/** An OpenAPI v3 parameter object. */
interface V3Parameter {
  readonly name: string;
  readonly in: string;
  readonly description?: string;
  readonly required?: boolean;
  readonly schema: OpenAPISchema;
}

function parameter(p: ParameterData): V3Parameter | undefined {
  const where = parameterLocation(p.kind);
  if (where === undefined) return undefined;
  return {
    name: p.name,
    in: where,
    ...(p.description === '' ? {} : { description: p.description }),
    ...(p.required ? { required: true } : {}),
    schema: { ...typeFormat(p.dataType), ...(p.allowMultiple ? {} : { uniqueItems: true }) },
  };
}

function content(types: readonly string[], schema: OpenAPISchema): Record<string, { schema: OpenAPISchema }> {
  return Object.fromEntries(types.map((t) => [t, { schema }]));
}

function requestBody(route: Route, params: readonly ParameterData[], schemas: ComponentSchemas): OpenAPISchema | undefined {
  const body = params.find((p) => p.kind === ParameterKind.Body);
  if (body !== undefined && route.readSample !== undefined) {
    return {
      content: content(route.consumes, schemas.refFor(route.readSample)),
      ...(body.description === '' ? {} : { description: body.description }),
      ...(body.required ? { required: true } : {}),
    };
  }
  if (isBodylessPatch(route, body !== undefined)) return { content: content(route.consumes, schemas.patchRef()), required: true };
  return undefined;
}

function operation(route: Route, common: ReadonlySet<string>, schemas: ComponentSchemas): OpenAPISchema {
  const { operationId, tags } = operationIDAndTags(route.operation, route.path);
  const responses: Record<string, OpenAPISchema> = {};
  for (const r of responsesOf(route)) {
    responses[String(r.code)] = { description: r.message, content: content(route.produces, schemas.refFor(r.model)) };
  }
  if (!(UNAUTHORIZED_CODE in responses)) responses[String(UNAUTHORIZED_CODE)] = { description: UNAUTHORIZED_MESSAGE };
  const params = parametersOf(route);
  const own = params.filter((p) => !common.has(parameterKey(p))).flatMap((p) => parameter(p) ?? []);
  const body = requestBody(route, params, schemas);
  return {
    tags,
    description: route.doc,
    operationId,
    ...(own.length > 0 ? { parameters: sortParameters(own) } : {}),
    ...(body === undefined ? {} : { requestBody: body }),
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
  const shared = commonParams.flatMap((p) => parameter(p) ?? []);
  if (shared.length > 0) item.parameters = sortParameters(shared);
  return item;
}

/** Builds the OpenAPI v3 document of a set of WebServices (one group-version). */
export function buildOpenAPIV3(webServices: readonly WebService[], options: OpenAPIBuildOptions): OpenAPISchema {
  const schemas = new ComponentSchemas(options.kindsOf);
  const paths: Record<string, OpenAPISchema> = {};
  for (const [path, routes] of routesByPath(webServices.flatMap((ws) => ws.routes()))) paths[path] = pathItem(routes, schemas);
  return {
    openapi: '3.0.0',
    info: { title: options.info.title, version: options.info.version },
    paths,
    components: { schemas: schemas.toObject(), securitySchemes: { BearerToken: BEARER_TOKEN_SCHEME } },
    security: [{ BearerToken: [] }],
  };
}
