import type { WebService } from '@apiserver/restful';
import type { APIGroupsDiscovery } from '@apiserver/endpoints';
import type { GroupVersionKind } from '@apiserver/runtime';
import type { Handler } from '../handler.js';
import type { TSchema } from '../openapi/component-schemas.js';
import type { HealthChecker } from '../healthz/health-checker.js';
import type { PostStartHookContext } from './hooks.js';
import { notFound } from '../responsewriters.js';

/** What a server exposes to the server that delegates to it (k8s `DelegationTarget`). */
export interface DelegationTarget {
  /** The handler without the filter chain (the director), for paths the delegating server does not serve. */
  unprotectedHandler(): Handler;
  /** Health checks merged up the chain. */
  healthzChecks(): readonly HealthChecker[];
  /** Readiness checks merged up the chain. */
  readyzChecks(): readonly HealthChecker[];
  /** Liveness checks merged up the chain. */
  livezChecks(): readonly HealthChecker[];
  /** Paths listed by the `/` index, merged up the chain. */
  listedPaths(): readonly string[];
  /** WebServices the delegating server publishes in its OpenAPI documents (merged up the chain). */
  openAPIWebServices?(): readonly WebService[];
  /** Registered kinds of a schema in the target's schemes, for the delegating server's OpenAPI documents. */
  openAPIKindsOf?(schema: TSchema): readonly GroupVersionKind[];
  /** The `/apis` groups served by the target and its delegates, merged into the delegating server's `/apis` discovery. */
  apiGroupsDiscovery?(): APIGroupsDiscovery;
  /**
   * Runs the target's post-start hooks (and its delegates'): the delegating server calls this when it starts, since
   * only the outermost server of a chain listens (upstream copies the delegate's hooks into the delegating server).
   */
  runPostStartHooks?(context: PostStartHookContext, onError: (name: string, err: unknown) => void): Promise<void>;
  /** Runs the target's pre-shutdown hooks (and its delegates'), called by the delegating server's shutdown. */
  runPreShutdownHooks?(onError: (name: string, err: unknown) => void): Promise<void>;
  /** Prepares the target to run (upstream `PrepareRun`), called by the delegating server's `prepareRun`. */
  prepareRun?(): void;
}

/** Go's `http.NotFound` as a handler. */
export const notFoundHandler: Handler = (_request, response) => notFound(response);

/** The end of a delegation chain (`NewEmptyDelegate`): everything is `404 page not found`. */
export function newEmptyDelegate(handler: Handler = notFoundHandler): DelegationTarget {
  return {
    unprotectedHandler: () => handler,
    healthzChecks: () => [],
    readyzChecks: () => [],
    livezChecks: () => [],
    listedPaths: () => [],
  };
}
