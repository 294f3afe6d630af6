import type { FilterFunction } from '../filter-chain.js';

/**
 * go-restful's `NoBrowserCacheFilter`: sets `Cache-Control: no-cache, no-store,
 * must-revalidate`, `Pragma: no-cache` and `Expires: 0`, then continues the chain.
 */
export const noBrowserCacheFilter: FilterFunction = (request, response, chain) => {
  response.header().set('Cache-Control', 'no-cache, no-store, must-revalidate');
  response.header().set('Pragma', 'no-cache');
  response.header().set('Expires', '0');
  return chain.processFilter(request, response);
};
