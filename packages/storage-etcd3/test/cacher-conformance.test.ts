import { cacherConformanceSkips, cacherFactory, runStorageConformance } from '@apiserver/storage/testing';
import { startEtcd } from '@apiserver/testing';
import t from 'tap';
import { newEtcd3Client } from '../src/client.js';
import { etcd3Factory } from './fixtures/etcd3-factory.js';

// kube-apiserver's production stack: the watch cache over the etcd3 store, one etcd for the file.
const etcd = await startEtcd();
const client = newEtcd3Client({ hosts: etcd.host });
t.teardown(async () => {
  client.close();
  await etcd.stop();
});

await runStorageConformance(t, cacherFactory(etcd3Factory(client)), { skip: cacherConformanceSkips });
