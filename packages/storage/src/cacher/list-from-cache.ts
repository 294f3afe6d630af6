/**
 * Serving a LIST from the watch cache (the cacher's `listItems` + `PrepareContinueToken` path).
 * @module
 */
import { prepareContinueToken } from '../continue.js';
import type { ListOptions, ListResult } from '../interfaces.js';
import { hasPathPrefix } from '../keys.js';
import { deepCopy, type StorageObject } from '../object.js';
import { predicateMatches } from '../selection-predicate.js';
import type { WatchCache } from './watch-cache.js';

/**
 * Lists `key` (exact or recursive) from the cache at the cache RV, honouring the predicate and limit; a `readOnly`
 * list hands out the cache's shared objects, others private copies.
 */
export function listFromCache(cache: WatchCache, key: string, opts: ListOptions): ListResult {
  const rv = cache.resourceVersion;
  const recursive = opts.recursive === true;
  const prefix = recursive ? key.replace(/\/+$/, '') : key;
  const inRange = (k: string): boolean => (recursive ? k !== prefix && hasPathPrefix(k, prefix) : k === prefix);
  const candidates = cache.sorted().filter(([k]) => inRange(k));
  const limit = opts.predicate?.limit ?? 0;
  const items: StorageObject[] = [];
  let lastKey = '';
  let hasMore = false;
  const copy = opts.readOnly !== true;
  for (const [k, obj] of candidates) {
    if (limit > 0 && items.length >= limit) {
      hasMore = true;
      break;
    }
    lastKey = k;
    if (predicateMatches(opts.predicate, obj)) items.push(copy ? deepCopy(obj) : obj);
  }
  const info = prepareContinueToken(lastKey, `${prefix}/`, rv, candidates.length, hasMore, opts.predicate);
  return { items, resourceVersion: String(rv), ...info };
}
