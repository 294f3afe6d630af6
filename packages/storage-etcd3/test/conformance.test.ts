import { startEtcd } from '@apiserver/testing';
import { runStorageConformance } from '@apiserver/storage/testing';
import t from 'tap';
import { newEtcd3Client } from '../src/client.js';
import { compactTo } from '../src/compactor.js';
import { Etcd3Storage } from '../src/store.js';

// One etcd and one client for the file; every case gets its own store under its own key prefix.
const etcd = await startEtcd();
const client = newEtcd3Client({ hosts: etcd.host });
t.teardown(async () => {
  client.close();
  await etcd.stop();
});

await runStorageConformance(t, async ({ prefix, transformer }) => ({
  store: new Etcd3Storage({ client, pathPrefix: prefix, transformer }),
  compact: (rev) => compactTo(client, String(rev)),
  usesTransformer: true,
  destroy: async () => undefined,
}));
