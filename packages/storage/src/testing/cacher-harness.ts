/**
 * Running the conformance suite against the watch cache over any backend: one place for the Cacher's test
 * settings, the hook forwarding and the skips that apply to every cache.
 * @module
 */
import { Cacher, type CacherOptions } from '../cacher/cacher.js';
import type { ConformanceSkips, StorageFactory } from './harness.js';

/** Cases that do not apply to a cache, as upstream skips them for its cacher (each with the reason). */
export const cacherConformanceSkips: ConformanceSkips = {
  'transformer: unreadable values are internal errors':
    'upstream skips RunTestTransformationFailure for the cacher: the cacher passes its cached object as the update/delete suggestion, so the store writes or deletes on a matching revision without reading the unreadable stored value',
  'watch: progress notifications on request':
    'the cacher consumes storage progress notifications itself (upstream skips RunOptionalTestProgressNotify for the cacher)',
};

/** Cacher settings with short timers, so conformance cases do not wait on production intervals. */
const testCacherOptions = { resourcePrefix: '/pods', bookmarkFrequencyMs: 300, blockTimeoutMs: 500, relistBackoffMs: 50 };

/**
 * Wraps a backend's conformance factory: every case gets a {@link Cacher} over a fresh backend store. The
 * backend's `compact` also compacts the cache's event ring, `expireTTLs` and `usesTransformer` are forwarded,
 * and `destroy` stops the cache before releasing the backend. Run it with `{ skip: cacherConformanceSkips }`.
 */
export function cacherFactory(backend: StorageFactory, cacherOptions: Partial<Omit<CacherOptions, 'storage'>> = {}): StorageFactory {
  return async (options) => {
    const inner = await backend(options);
    const cacher = new Cacher({ ...testCacherOptions, ...cacherOptions, storage: inner.store });
    await cacher.waitUntilReady(2000);
    const compactInner = inner.compact?.bind(inner);
    return {
      store: cacher,
      isCache: true,
      ...(inner.usesTransformer !== undefined && { usesTransformer: inner.usesTransformer }),
      ...(compactInner && {
        compact: async (rev: number) => {
          await compactInner(rev);
          cacher.compact(rev);
        },
      }),
      ...(inner.expireTTLs && { expireTTLs: inner.expireTTLs.bind(inner) }),
      destroy: async () => {
        cacher.stop();
        await inner.destroy();
      },
    };
  };
}
