/**
 * The OpenAPI v3 document of a set of WebServices (kube-openapi `builder3.BuildOpenAPISpecFromRoutes`): paths,
 * operations and every component they refer to. kube-apiserver builds one per group-version; a plain service
 * usually builds one for its whole Container.
 */
import { type ParameterData, ParameterKind, type Route, type WebService } from '@apiserver/restful';
import { ComponentSchemas } from './component-schemas.js';
import { defaultOperationIDAndTags, type OpenAPIConfig, type OpenAPISchema } from './openapi-config.js';
import {
  buildPaths,
  type NamedParameter,
  parameterConstraints,
  parameterKey,
  parameterLocation,
  parametersOf,
  responsesOf,
  routeDescription,
  routeExtensions,
  sortParameters,
  typeFormat,
} from './route-paths.js';

/** An OpenAPI v3 parameter object. */
type V3Parameter = NamedParameter & { readonly schema: OpenAPISchema };

/** What one document's operations share. */
interface Context {
  readonly config: OpenAPIConfig;
  readonly schemas: ComponentSchemas;
}

function parameter(p: ParameterData): V3Parameter | undefined {
  const where = parameterLocation(p.kind);
  if (where === undefined) return undefined;
  return {
    name: p.name,
    in: where,
    ...(p.description === '' ? {} : { description: p.description }),
    ...(p.required ? { required: true } : {}),
    schema: { ...typeFormat(p.dataType), ...parameterConstraints(p), ...(p.allowMultiple ? {} : { uniqueItems: true }) },
  };
}

function content(types: readonly string[], schema: OpenAPISchema | undefined): Record<string, { schema: OpenAPISchema }> | undefined {
  return schema === undefined ? undefined : Object.fromEntries(types.map((t) => [t, { schema }]));
}

function requestBody(route: Route, params: readonly ParameterData[], ctx: Context): OpenAPISchema | undefined {
  const body = params.find((p) => p.kind === ParameterKind.Body);
  if (body !== undefined) {
    return {
      content: content(route.consumes, ctx.schemas.schemaOf(route.readSample) ?? {}),
      ...(body.description === '' ? {} : { description: body.description }),
      ...(body.required ? { required: true } : {}),
    };
  }
  const implicit = ctx.config.undocumentedBody?.(route);
  if (implicit === undefined) return undefined;
  return { content: content(route.consumes, ctx.schemas.schemaOf(implicit) ?? {}), required: true };
}

function responses(route: Route, ctx: Context): Record<string, OpenAPISchema> {
  const out: Record<string, OpenAPISchema> = {};
  for (const r of responsesOf(route)) {
    const body = content(route.produces, ctx.schemas.schemaOf(r.model));
    out[r.code] = { description: r.message, ...(body === undefined ? {} : { content: body }) };
  }
  for (const [code, common] of Object.entries(ctx.config.commonResponses ?? {})) {
    if (!(code in out)) out[code] = { description: common.description };
  }
  return out;
}

function operation(route: Route, common: ReadonlySet<string>, ctx: Context): OpenAPISchema {
  const { operationId, tags } = (ctx.config.operationIDAndTags ?? defaultOperationIDAndTags)(route);
  const params = parametersOf(route);
  const own = params.filter((p) => !common.has(parameterKey(p))).flatMap((p) => parameter(p) ?? []);
  const body = requestBody(route, params, ctx);
  return {
    tags: [...tags],
    description: routeDescription(route),
    operationId,
    ...(own.length > 0 ? { parameters: sortParameters(own) } : {}),
    ...(body === undefined ? {} : { requestBody: body }),
    responses: responses(route, ctx),
    ...(route.deprecated ? { deprecated: true } : {}),
    ...routeExtensions(route),
  };
}

/**
 * Builds the OpenAPI 3.0 document of WebServices; the first route of a path and method wins. `securitySchemes`
 * and `security` are written only when configured.
 */
export function buildOpenAPIV3(webServices: readonly WebService[], config: OpenAPIConfig): OpenAPISchema {
  const ctx: Context = { config, schemas: new ComponentSchemas(config.resolveModel) };
  const paths = buildPaths(webServices, { operation: (route, common) => operation(route, common, ctx), parameter });
  const schemes = config.securitySchemes ?? config.securityDefinitions;
  const { title, version, description } = config.info;
  return {
    openapi: '3.0.0',
    info: { title, version, ...(description === undefined ? {} : { description }) },
    paths,
    components: { schemas: ctx.schemas.toObject(), ...(schemes === undefined ? {} : { securitySchemes: schemes }) },
    ...(config.defaultSecurity === undefined ? {} : { security: config.defaultSecurity }),
  };
}
