/**
 * Resource scope: namespaced and cluster-scoped resources differ only by the path prefix and its parameter.
 */
import type { PathParamName } from './action.js';

/** Where a resource lives in the URL space. */
export interface ResourceScope {
  /** True when objects live in namespaces. */
  readonly namespaced: boolean;
  /** Prefixes a collection path (`pods` → `namespaces/{namespace}/pods`, or unchanged when cluster-scoped). */
  prefix(path: string): string;
  /** Path parameters the prefix introduces. */
  readonly params: readonly PathParamName[];
}

const clusterScope: ResourceScope = { namespaced: false, prefix: (path) => path, params: [] };
const namespaceScope: ResourceScope = {
  namespaced: true,
  prefix: (path) => `namespaces/{namespace}/${path}`,
  params: ['namespace'],
};

/** The scope of a resource; subresources take their parent's scope (the caller passes the parent's flag). */
export function scopeOf(namespaced: boolean): ResourceScope {
  return namespaced ? namespaceScope : clusterScope;
}
