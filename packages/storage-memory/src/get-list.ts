/**
 * Lists at a revision with paging and filtering (etcd3 `(*store).GetList`).
 * @module
 */
import {
  expiredListMessage,
  type ListOptions,
  type ListResult,
  newResourceExpiredError,
  newTooLargeResourceVersionError,
  encodeContinue,
  inconsistentContinueMessage,
  prepareContinueToken,
  predicateMatches,
  resolveListRevision,
  type StorageObject,
  validateMinimumResourceVersion,
} from '@apiserver/storage';
import { CompactedError, FutureRevisionError } from './mvcc/errors.js';
import { prefixRangeEnd } from './mvcc/key-index.js';
import type { RangeResult } from './mvcc/mvcc-store.js';
import { decodeKeyValue, decodeKeyValueNow, type StorageContext } from './object-state.js';

/** Upper bound of one internal read when a filter keeps pages from filling (upstream `maxLimit`). */
const MAX_LIMIT = 10_000;

/** Lists `key` (exact) or everything under `key/` (recursive) following the RV/continue/limit rules. */
export async function getList<T extends StorageObject>(
  ctx: StorageContext<T>,
  key: string,
  opts: ListOptions<T>,
): Promise<ListResult<T>> {
  const recursive = opts.recursive === true;
  const keyPrefix = recursive && !key.endsWith('/') ? `${key}/` : key;
  const resolved = resolveListRevision(keyPrefix, ctx.versioner, opts);
  const pred = opts.predicate;
  const paging = (pred?.limit ?? 0) > 0;
  let limit = paging ? (pred?.limit ?? 0) : 0;
  let withRev = resolved.withRev;
  let start = resolved.continueKey ?? keyPrefix;
  const end = recursive ? prefixRangeEnd(keyPrefix) : undefined;
  const items: T[] = [];
  const mode = { remember: true, readOnly: opts.readOnly === true };
  let lastKey = '';
  let hasMore = false;
  let resp: RangeResult;
  for (;;) {
    resp = readRange(ctx, start, end, withRev, limit, resolved.continueKey, keyPrefix);
    validateMinimumResourceVersion(ctx.versioner, opts.resourceVersion, resp.revision);
    hasMore = resp.kvs.length < resp.count;
    if (withRev === 0) withRev = resp.revision;
    for (const kv of resp.kvs) {
      if (paging && items.length >= (pred?.limit ?? 0)) {
        hasMore = true;
        break;
      }
      lastKey = kv.key;
      const { obj } = decodeKeyValueNow(ctx, kv, mode) ?? (await decodeKeyValue(ctx, kv, mode));
      if (obj !== undefined && predicateMatches(pred, obj)) items.push(obj);
    }
    if (!hasMore || !paging || items.length >= (pred?.limit ?? 0)) break;
    start = `${lastKey}\x00`;
    limit = Math.min(limit * 2, MAX_LIMIT);
  }
  const info = recursive ? prepareContinueToken(lastKey, keyPrefix, withRev, resp.count, hasMore, pred) : {};
  return { items, resourceVersion: String(withRev), ...info };
}

/** One range read; an exact key reads just that key. Compaction and future revisions become API errors. */
function readRange<T extends StorageObject>(
  ctx: StorageContext<T>,
  start: string,
  end: string | undefined,
  rev: number,
  limit: number,
  continueKey: string | undefined,
  keyPrefix: string,
): RangeResult {
  try {
    if (end !== undefined) return ctx.mvcc.range(start, end, rev, limit);
    const kv = ctx.mvcc.get(start, rev);
    return { kvs: kv === undefined ? [] : [kv], count: kv === undefined ? 0 : 1, revision: rev || ctx.mvcc.currentRevision };
  } catch (err) {
    if (err instanceof CompactedError) {
      if (continueKey !== undefined) {
        throw newResourceExpiredError(inconsistentContinueMessage, encodeContinue(continueKey, keyPrefix, -1));
      }
      throw newResourceExpiredError(expiredListMessage);
    }
    // etcd answers a raw "future revision" error here; a 504 TooLargeResourceVersion is what clients can act on.
    if (err instanceof FutureRevisionError) throw newTooLargeResourceVersionError(err.revision, err.currentRevision, 0);
    throw err;
  }
}
