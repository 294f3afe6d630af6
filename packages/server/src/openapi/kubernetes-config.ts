/**
 * kube-apiserver's OpenAPI settings (`DefaultOpenAPIConfig`/`DefaultOpenAPIV3Config` as its config completes them)
 * for `@apiserver/openapi`: the `BearerToken` security definition and requirement, `401 Unauthorized` on every
 * operation, `https` operation schemes, Kubernetes operation IDs and tags, Kubernetes named types, and the
 * `metav1.Patch` body of PATCH routes that document none.
 */
import type { OpenAPIConfig, OpenAPIInfo } from '@apiserver/openapi';
import { buildOpenAPIV3 as buildV3, buildSwagger as buildV2, type OpenAPISchema, pruneDefaults } from '@apiserver/openapi';
import type { Route, WebService } from '@apiserver/restful';
import { type KindsOf, kubernetesModelResolver, PATCH_MODEL } from './component-schemas.js';
import { operationIDAndTags } from './operation-id.js';

/** What a Kubernetes document needs besides the routes. */
export interface OpenAPIBuildOptions {
  /** The document's `info`. */
  readonly info: OpenAPIInfo;
  /** Registered kinds of a schema, for `x-kubernetes-group-version-kind`. */
  readonly kindsOf: KindsOf;
}

/** The bearer-token security scheme kube-apiserver declares. */
export const BEARER_TOKEN_SCHEME = {
  type: 'apiKey',
  description: 'Bearer Token authentication',
  name: 'authorization',
  in: 'header',
} as const;

/** Whether a route is a PATCH that documents no body (our installer declares the patch media types only). */
export function isBodylessPatch(route: Route): boolean {
  return route.method === 'PATCH' && route.consumes.length > 0;
}

/** The `@apiserver/openapi` config of kube-apiserver's documents. */
export function kubernetesOpenAPIConfig(options: OpenAPIBuildOptions): OpenAPIConfig {
  return {
    info: { title: options.info.title, version: options.info.version },
    securityDefinitions: { BearerToken: BEARER_TOKEN_SCHEME },
    defaultSecurity: [{ BearerToken: [] }],
    commonResponses: { 401: { description: 'Unauthorized' } },
    operationSchemes: ['https'],
    operationIDAndTags: (route) => operationIDAndTags(route.operation, route.path),
    resolveModel: kubernetesModelResolver(options.kindsOf),
    undocumentedBody: (route) => (isBodylessPatch(route) ? PATCH_MODEL : undefined),
  };
}

/**
 * The Swagger 2.0 document of all WebServices as kube-apiserver publishes it at `/openapi/v2`: its definitions
 * without defaults (`handler.PruneDefaults`, as `routes.OpenAPI.InstallV2` serves them).
 */
export function buildSwagger(webServices: readonly WebService[], options: OpenAPIBuildOptions): OpenAPISchema {
  const swagger = buildV2(webServices, kubernetesOpenAPIConfig(options));
  return { ...swagger, definitions: pruneDefaults(swagger.definitions as Record<string, OpenAPISchema>) };
}

/** The OpenAPI v3 document of a set of WebServices (one group-version) as kube-apiserver publishes it. */
export function buildOpenAPIV3(webServices: readonly WebService[], options: OpenAPIBuildOptions): OpenAPISchema {
  return buildV3(webServices, kubernetesOpenAPIConfig(options));
}
