/**
 * `autoregister-completion` (kube-apiserver's `makeAPIServiceAvailableHealthCheck`): healthy once every
 * APIService of a fixed set has been seen Available at least once.
 * @module
 */
import type { HealthChecker } from '@apiserver/server';
import { isAvailable } from '../apis/apiregistration/v1/helpers.js';
import type { APIServiceCache } from '../apiserver/apiservice-cache.js';

/** The check's name upstream. */
export const AUTOREGISTER_COMPLETION = 'autoregister-completion';

/** A check failing with `missing APIService: [<names>]` until each of `names` was observed Available. */
export function apiServiceAvailableHealthCheck(name: string, names: readonly string[], apiServices: APIServiceCache): HealthChecker {
  const pending = new Set(names);
  apiServices.onChange((changed, apiService) => {
    if (apiService !== undefined && isAvailable(apiService)) pending.delete(changed);
  });
  return {
    name,
    check: () => {
      if (pending.size > 0) throw new Error(`missing APIService: [${[...pending].sort().join(' ')}]`);
    },
  };
}
