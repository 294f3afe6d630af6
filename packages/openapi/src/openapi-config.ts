/**
 * What a document is built with besides the routes (kube-openapi `common.Config` / go-restful-openapi `Config`):
 * `info`, the security declarations (only when configured), responses common to every operation, and hooks for the
 * operation IDs, tags and models an API server names its own way.
 */
import type { Route } from '@apiserver/restful';
import type { ModelResolver } from './component-schemas.js';

/** A JSON object: an OpenAPI schema or any other part of a document. */
export type OpenAPISchema = Record<string, unknown>;

/** The `info` object of a published document. */
export interface OpenAPIInfo {
  /** Title (kube-apiserver: `Kubernetes`). */
  readonly title: string;
  /** Version of the API (kube-apiserver: its gitVersion, e.g. `v1.32.0`). */
  readonly version: string;
  /** Longer description (CommonMark). */
  readonly description?: string;
}

/** An operation ID and its tags. */
export interface OperationIDAndTags {
  /** The operation ID. */
  readonly operationId: string;
  /** The operation's tags (Swagger UI groups operations by their first tag). */
  readonly tags: readonly string[];
}

/**
 * A security scheme as both versions write it: `apiKey` (`name`, `in`), `basic` (v2) / `http` with `scheme: basic`
 * or `bearer` (v3), `oauth2`, … The object is published as given; v2 and v3 differ here, so
 * {@link OpenAPIConfig.securityDefinitions} and {@link OpenAPIConfig.securitySchemes} are separate.
 */
export type SecurityScheme = Readonly<Record<string, unknown>>;

/** A security requirement: scheme name → scopes (empty for non-OAuth2 schemes). */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** A response every operation gets unless its route documents that code (kube-openapi `CommonResponses`). */
export interface CommonResponse {
  /** The response description. */
  readonly description: string;
}

/** Settings of {@link buildSwagger} and {@link buildOpenAPIV3}. Everything but `info` is optional. */
export interface OpenAPIConfig {
  /** The document's `info`. */
  readonly info: OpenAPIInfo;
  /** Swagger 2.0 `securityDefinitions`; absent: none declared. */
  readonly securityDefinitions?: Readonly<Record<string, SecurityScheme>>;
  /** OpenAPI 3 `components.securitySchemes`; absent: {@link OpenAPIConfig.securityDefinitions} is used for v3 too. */
  readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>;
  /** The document-level `security` requirements (kube-openapi `DefaultSecurity`); absent: none. */
  readonly defaultSecurity?: readonly SecurityRequirement[];
  /** Responses added to every operation that does not document their code (kube-apiserver adds `401 Unauthorized`). */
  readonly commonResponses?: Readonly<Record<number, CommonResponse>>;
  /** Swagger 2.0 per-operation `schemes` (kube-openapi writes `['https']`); absent: none written. */
  readonly operationSchemes?: readonly string[];
  /**
   * An operation's ID and tags (kube-openapi `GetOperationIDAndTags`). Default: the route's `operation` and the
   * string array in its `openapi.tags` metadata (go-restful-openapi `KeyOpenAPITags`).
   */
  readonly operationIDAndTags?: (route: Route) => OperationIDAndTags;
  /**
   * Resolves route models (reads/returns samples) before the built-in resolution; return `undefined` to fall back
   * to it. `@apiserver/server` resolves Kubernetes' named types here.
   */
  readonly resolveModel?: ModelResolver;
  /** The body model of a route that documents no body parameter, or `undefined` (kube: a PATCH's `metav1.Patch`). */
  readonly undocumentedBody?: (route: Route) => unknown;
}

/** go-restful-openapi's metadata key for an operation's tags (`restfulspec.KeyOpenAPITags`). */
export const KEY_OPENAPI_TAGS = 'openapi.tags';

/** The default {@link OpenAPIConfig.operationIDAndTags}: the route's operation and its `openapi.tags` metadata. */
export function defaultOperationIDAndTags(route: Route): OperationIDAndTags {
  const tags = route.metadata[KEY_OPENAPI_TAGS];
  return {
    operationId: route.operation,
    tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [],
  };
}

