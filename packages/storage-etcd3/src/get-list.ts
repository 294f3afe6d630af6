/**
 * @module get-list — `GetList` (upstream `(*store).GetList`, 1.32): resource-version rules, paging at the
 * first page's revision, filling filtered pages, continue tokens and 410 on compaction.
 */
import {
  expiredListMessage,
  inconsistentContinueMessage,
  type ListOptions,
  type ListResult,
  newInternalError,
  newResourceExpiredError,
  newTooLargeResourceVersionError,
  predicateMatches,
  prepareContinueToken,
  resolveListRevision,
  type StorageObject,
  validateMinimumResourceVersion,
  type Versioner,
  encodeContinue,
} from '@apiserver/storage';
import { isCompactedError, isFutureRevisionError } from './etcd-errors.js';
import { type KV, type ListResponse, prefixRangeEnd } from './kv.js';
import type { ObjectSerializer } from './state.js';

/** Upstream's cap on how far a filtered list grows its page size while filling a page. */
export const maxListPageSize = 10_000;

/** What GetList needs from the store. */
export interface ListContext<T extends StorageObject> {
  readonly kv: KV;
  readonly serializer: ObjectSerializer<T>;
  readonly versioner: Versioner;
}

async function interpretListError(
  kv: KV,
  err: unknown,
  continueKey: string | undefined,
  keyPrefix: string,
  readRev: string,
): Promise<unknown> {
  if (isCompactedError(err)) {
    if (continueKey !== undefined) {
      return newResourceExpiredError(inconsistentContinueMessage, encodeContinue(continueKey, keyPrefix, -1));
    }
    return newResourceExpiredError(expiredListMessage);
  }
  // Deviation: upstream returns etcd's raw "future revision" error (a 500); the intent is a 504 TooLarge.
  if (isFutureRevisionError(err)) {
    const current = await kv.get(keyPrefix).then((r) => Number(r.revision), () => 0);
    return newTooLargeResourceVersionError(readRev, current, 1);
  }
  return err;
}

async function readPage(
  kv: KV,
  keyPrefix: string,
  recursive: boolean,
  start: string,
  revision: string,
  limit: number,
): Promise<ListResponse> {
  if (!recursive) {
    const res = await kv.get(keyPrefix, revision);
    return { kvs: res.kv === undefined ? [] : [res.kv], count: res.kv === undefined ? 0 : 1, revision: res.revision };
  }
  return kv.list(start, prefixRangeEnd(Buffer.from(keyPrefix)), revision, limit);
}

/** Lists `keyPrefix` (already prepared; recursive lists end in `/`) following the 1.32 algorithm. */
export async function getList<T extends StorageObject>(
  ctx: ListContext<T>,
  keyPrefix: string,
  opts: ListOptions<T>,
): Promise<ListResult<T>> {
  const recursive = opts.recursive === true;
  const pred = opts.predicate;
  const resolved = resolveListRevision(keyPrefix, ctx.versioner, opts);
  // Revisions stay decimal strings; the contract's resolver hands out a number.
  let readRev = String(resolved.withRev);
  let continueKey = resolved.continueKey ?? keyPrefix;
  let limit = pred?.limit ?? 0;
  const paging = limit > 0;
  const items: T[] = [];
  let lastKey = '';
  let hasMore = false;
  let count = 0;
  for (;;) {
    let page: ListResponse;
    try {
      page = await readPage(ctx.kv, keyPrefix, recursive, continueKey, readRev, limit);
    } catch (err) {
      throw await interpretListError(ctx.kv, err, resolved.continueKey, keyPrefix, readRev);
    }
    validateMinimumResourceVersion(ctx.versioner, opts.resourceVersion, Number(page.revision));
    hasMore = page.kvs.length < page.count;
    count = page.count;
    if (page.kvs.length === 0 && hasMore) {
      throw newInternalError(new Error('no results were found, but etcd indicated there were more values remaining'));
    }
    // The first page fixes the revision: later pages read the same snapshot.
    if (readRev === '0') readRev = page.revision;
    for (const kv of page.kvs) {
      if (paging && items.length >= (pred?.limit ?? 0)) {
        hasMore = true;
        break;
      }
      lastKey = kv.key.toString();
      const decoded = ctx.serializer.decodeKv(kv);
      const obj = decoded instanceof Promise ? await decoded : decoded;
      if (predicateMatches(pred, obj)) items.push(obj);
    }
    if (!hasMore || !paging || items.length >= (pred?.limit ?? 0)) break;
    continueKey = `${lastKey}\x00`;
    limit = Math.min(limit * 2, maxListPageSize);
  }
  const info = prepareContinueToken(lastKey, keyPrefix, Number(readRev), count, hasMore, pred);
  const result: ListResult<T> = { items, resourceVersion: readRev };
  if (info.continue !== undefined) result.continue = info.continue;
  if (info.remainingItemCount !== undefined) result.remainingItemCount = info.remainingItemCount;
  return result;
}

