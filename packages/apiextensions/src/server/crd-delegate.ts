/**
 * The delegation target between the apiextensions GenericAPIServer and the next server: upstream
 * installs the crdHandler on the non-go-restful mux with the delegate behind it; here the CRD
 * handler is the delegate of the apiextensions server's director, and everything else a
 * delegation target offers (health, hooks, OpenAPI, `/apis` discovery) is the next server's plus
 * the served custom resources'.
 *
 * @module
 */
import type { DelegationTarget } from '@apiserver/server';
import type { CRDHandler } from '../customresource/crd-handler.js';

/** The CRD handler in front of `next`. */
export function crdDelegationTarget(handler: CRDHandler, next: DelegationTarget): DelegationTarget {
  return {
    unprotectedHandler: () => handler.serveHTTP,
    healthzChecks: () => next.healthzChecks(),
    readyzChecks: () => next.readyzChecks(),
    livezChecks: () => next.livezChecks(),
    listedPaths: () => next.listedPaths(),
    openAPIWebServices: () => [...handler.webServices(), ...(next.openAPIWebServices?.() ?? [])],
    openAPIKindsOf: (schema) => next.openAPIKindsOf?.(schema) ?? [],
    apiGroupsDiscovery: () => {
      const own = handler.discovery();
      const theirs = next.apiGroupsDiscovery?.() ?? { groups: [], aggregated: [] };
      const names = new Set(own.groups.map((g) => g.name));
      return {
        groups: [...own.groups, ...theirs.groups.filter((g) => !names.has(g.name))],
        aggregated: [...own.aggregated, ...theirs.aggregated.filter((g) => !names.has(g.metadata?.name ?? ''))],
      };
    },
    runPostStartHooks: (context, onError) => next.runPostStartHooks?.(context, onError) ?? Promise.resolve(),
    runPreShutdownHooks: (onError) => next.runPreShutdownHooks?.(onError) ?? Promise.resolve(),
    prepareRun: () => next.prepareRun?.(),
  };
}
