import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runStorageConformance } from '@apiserver/storage/testing';
import t from 'tap';
import { MemoryBackend } from '../src/memory-backend.js';

// The same suite with durability on: every commit is journaled and fsync'd, snapshots every 50 records.
await runStorageConformance(t, async ({ prefix, transformer }) => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-memory-conformance-'));
  const backend = new MemoryBackend({ dataDir: dir, compactionIntervalMs: 0, snapshotIntervalMs: 0, snapshotEveryRecords: 50 });
  return {
    store: backend.storage({ pathPrefix: prefix, transformer }),
    usesTransformer: true,
    compact: async (rev) => backend.compact(rev),
    destroy: async () => {
      backend.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
