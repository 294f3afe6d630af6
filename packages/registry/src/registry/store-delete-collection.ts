/**
 * The Store's deletecollection flow (generic/registry/store.go `DeleteCollection`): paged list, parallel
 * deletes, NotFound ignored, first other error stops (not atomic).
 * @module
 */
import { type DeleteOptions, isNotFound, newInternalError } from '@apiserver/runtime';
import { deepCopy } from '@apiserver/storage';
import type { GracefulDeleter } from '../rest/rest.js';
import type { ApiList, ApiObject, InternalListOptions, RequestContext, ValidateObjectFunc } from '../rest/types.js';
import type { StoreCore } from './store-core.js';
import { listObjects } from './store-read.js';

/** Page size used when the request has no limit (`deleteCollectionPageSize`). */
export const DELETE_COLLECTION_PAGE_SIZE = 10000;

function checkAborted(ctx: RequestContext): void {
  if (ctx.signal?.aborted === true) throw newInternalError(ctx.signal.reason instanceof Error ? ctx.signal.reason : 'context canceled');
}

async function deleteAll(
  deleter: GracefulDeleter,
  ctx: RequestContext,
  items: readonly ApiObject[],
  workers: number,
  deleteValidation: ValidateObjectFunc | undefined,
  options: DeleteOptions | undefined,
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const item = items[next++];
      if (item === undefined) return;
      try {
        await deleter.delete(ctx, item.metadata.name ?? '', deleteValidation, options === undefined ? undefined : deepCopy(options));
      } catch (err) {
        if (!isNotFound(err)) failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));
  if (failure !== undefined) throw failure.err;
}

/**
 * Deletes every object the list options select, page by page (one page when the request set a limit),
 * through `deleter` (the store's own delete); returns the selected items.
 */
export async function deleteCollection(
  core: StoreCore,
  deleter: GracefulDeleter,
  ctx: RequestContext,
  deleteValidation: ValidateObjectFunc | undefined,
  options: DeleteOptions | undefined,
  listOptions: InternalListOptions | undefined,
): Promise<ApiList> {
  const opts: InternalListOptions = { ...listOptions };
  const hasLimit = (opts.limit ?? 0) > 0;
  if (!hasLimit) opts.limit = DELETE_COLLECTION_PAGE_SIZE;
  const items: ApiObject[] = [];
  let list: ApiList;
  for (;;) {
    checkAborted(ctx);
    list = await listObjects(core, ctx, opts);
    items.push(...list.items);
    await deleteAll(deleter, ctx, list.items, core.options.deleteCollectionWorkers ?? 1, deleteValidation, options);
    const token = list.metadata.continue ?? '';
    if (hasLimit || token === '') break;
    opts.continue = token;
    opts.resourceVersion = '';
    opts.resourceVersionMatch = '';
  }
  list.items = items;
  return list;
}
