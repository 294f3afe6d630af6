import { runStorageConformance } from '@apiserver/storage/testing';
import t from 'tap';
import { MemoryBackend } from '../src/memory-backend.js';

// One backend (one global revision) per case, like one etcd per test; compaction is driven by the suite.
await runStorageConformance(t, async ({ prefix, transformer }) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  return {
    store: backend.storage({ pathPrefix: prefix, transformer }),
    usesTransformer: true,
    compact: async (rev) => backend.compact(rev),
    destroy: async () => backend.close(),
  };
});
