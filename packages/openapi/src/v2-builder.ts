/**
 * The Swagger 2.0 document of a set of WebServices (kube-openapi `builder.BuildOpenAPISpecFromRoutes`, as served at
 * `/openapi/v2`): definitions are the v3 component schemas rewritten to v2 (`$ref` into `#/definitions/`,
 * single-`allOf` references collapsed to a sibling `$ref`, `nullable` as `x-nullable`, no `anyOf`/`oneOf`/`not`).
 */
import { type ParameterData, ParameterKind, type Route, type WebService } from '@apiserver/restful';
import { COMPONENTS_REF } from './component-name.js';
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

const V2_REF = '#/definitions/';
/** v3-only schema keywords Swagger 2.0 has no place for. */
const V3_ONLY = new Set(['anyOf', 'oneOf', 'not', 'writeOnly', 'deprecated']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Rewrites a v3 schema (or any value inside one) into its Swagger 2.0 form. */
export function toV2Schema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toV2Schema);
  if (!isRecord(value)) return value;
  const { allOf, ...rest } = value;
  const only = Array.isArray(allOf) && allOf.length === 1 ? allOf[0] : undefined;
  if (isRecord(only) && typeof only.$ref === 'string' && Object.keys(only).length === 1) {
    const { default: _d, ...kept } = rest;
    return { ...mapValues(kept), $ref: only.$ref.replace(COMPONENTS_REF, V2_REF) };
  }
  const out = mapValues(value);
  if (typeof out.$ref === 'string') out.$ref = out.$ref.replace(COMPONENTS_REF, V2_REF);
  return out;
}

/** Keywords whose value maps names to schemas (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);

function mapValues(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'nullable') {
      if (v === true) out['x-nullable'] = true;
    } else if (SCHEMA_MAPS.has(k) && isRecord(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, toV2Schema(s)]));
    } else if (!V3_ONLY.has(k)) out[k] = k.startsWith('x-') || k === 'enum' || k === 'default' || k === 'example' ? v : toV2Schema(v);
  }
  return out;
}

/** What one document's operations share. */
interface Context {
  readonly config: OpenAPIConfig;
  readonly schemas: ComponentSchemas;
}

function schemaOf(model: unknown, ctx: Context): OpenAPISchema | undefined {
  const schema = ctx.schemas.schemaOf(model);
  return schema === undefined ? undefined : (toV2Schema(schema) as OpenAPISchema);
}

function bodyParameter(p: ParameterData, route: Route, ctx: Context): NamedParameter {
  return {
    ...(p.description === '' ? {} : { description: p.description }),
    name: p.name,
    in: 'body',
    ...(p.required ? { required: true } : {}),
    schema: schemaOf(route.readSample, ctx) ?? {},
  };
}

function parameter(p: ParameterData): NamedParameter | undefined {
  const where = parameterLocation(p.kind);
  if (where === undefined) return undefined;
  return {
    ...(p.allowMultiple ? {} : { uniqueItems: true }),
    ...typeFormat(p.dataType),
    ...parameterConstraints(p),
    ...(p.description === '' ? {} : { description: p.description }),
    name: p.name,
    in: where,
    ...(p.required ? { required: true } : {}),
  };
}

function responses(route: Route, ctx: Context): Record<string, OpenAPISchema> {
  const out: Record<string, OpenAPISchema> = {};
  for (const r of responsesOf(route)) {
    const schema = schemaOf(r.model, ctx);
    out[r.code] = { description: r.message, ...(schema === undefined ? {} : { schema }) };
  }
  for (const [code, common] of Object.entries(ctx.config.commonResponses ?? {})) {
    if (!(code in out)) out[code] = { description: common.description };
  }
  return out;
}

function parameters(route: Route, common: ReadonlySet<string>, ctx: Context): NamedParameter[] {
  const all = parametersOf(route);
  const params = all
    .filter((p) => !common.has(parameterKey(p)))
    .flatMap<NamedParameter>((p) => (p.kind === ParameterKind.Body ? bodyParameter(p, route, ctx) : (parameter(p) ?? [])));
  const implicit = all.some((p) => p.kind === ParameterKind.Body) ? undefined : ctx.config.undocumentedBody?.(route);
  if (implicit !== undefined) params.push({ name: 'body', in: 'body', required: true, schema: schemaOf(implicit, ctx) ?? {} });
  return params;
}

function operation(route: Route, common: ReadonlySet<string>, ctx: Context): OpenAPISchema {
  const { operationId, tags } = (ctx.config.operationIDAndTags ?? defaultOperationIDAndTags)(route);
  const params = parameters(route, common, ctx);
  const schemes = ctx.config.operationSchemes;
  return {
    description: routeDescription(route),
    // kube-openapi omits empty lists (`omitempty`).
    ...(route.consumes.length > 0 ? { consumes: [...route.consumes] } : {}),
    ...(route.produces.length > 0 ? { produces: [...route.produces] } : {}),
    ...(schemes === undefined ? {} : { schemes: [...schemes] }),
    ...(tags.length > 0 ? { tags: [...tags] } : {}),
    operationId,
    ...(params.length > 0 ? { parameters: sortParameters(params) } : {}),
    responses: responses(route, ctx),
    ...(route.deprecated ? { deprecated: true } : {}),
    ...routeExtensions(route),
  };
}

/**
 * Builds the Swagger 2.0 document of WebServices (a Container's `registeredWebServices()`); the first route of a
 * path and method wins. `securityDefinitions` and `security` are written only when configured.
 */
export function buildSwagger(webServices: readonly WebService[], config: OpenAPIConfig): OpenAPISchema {
  const ctx: Context = { config, schemas: new ComponentSchemas(config.resolveModel, { swagger2: true }) };
  const paths = buildPaths(webServices, { operation: (route, common) => operation(route, common, ctx), parameter });
  const definitions: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(ctx.schemas.toObject())) definitions[name] = toV2Schema(schema);
  const { title, version, description } = config.info;
  return {
    swagger: '2.0',
    info: { title, version, ...(description === undefined ? {} : { description }) },
    paths,
    definitions,
    ...(config.securityDefinitions === undefined ? {} : { securityDefinitions: config.securityDefinitions }),
    ...(config.defaultSecurity === undefined ? {} : { security: config.defaultSecurity }),
  };
}
