/** Document-level settings shared by the v2 and v3 builders (kube-apiserver's `DefaultOpenAPIConfig`). */
import type { Route } from '@apiserver/restful';
import type { KindsOf } from './component-schemas.js';

/** The `info` object of a published document. */
export interface OpenAPIInfo {
  /** Title (kube-apiserver: `Kubernetes`). */
  readonly title: string;
  /** Version (kube-apiserver: its gitVersion, e.g. `v1.32.0`). */
  readonly version: string;
}

/** What a builder needs besides the routes. */
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

/** The response added to every operation that does not document it (kube-apiserver `CommonResponses`). */
export const UNAUTHORIZED_CODE = 401;

/** The response message of {@link UNAUTHORIZED_CODE}. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

/** Whether a route is a PATCH that documents no body (our installer declares the patch media types only). */
export function isBodylessPatch(route: Route, hasBody: boolean): boolean {
  return route.method === 'PATCH' && !hasBody && route.consumes.length > 0;
}
