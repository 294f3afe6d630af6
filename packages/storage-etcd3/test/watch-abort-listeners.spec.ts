import { getEventListeners } from 'node:events';
import type { StorageObject } from '@apiserver/storage';
import { startEtcd } from '@apiserver/testing';
import t from 'tap';
import { newEtcd3Client } from '../src/client.js';
import { Etcd3Storage } from '../src/store.js';

const etcd = await startEtcd();
const client = newEtcd3Client({ hosts: etcd.host, requestTimeoutMs: 2000 });
t.teardown(async () => {
  client.close();
  await etcd.stop();
});

const store = new Etcd3Storage({ client, pathPrefix: '/listeners' });
const pod = (name: string): StorageObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' } });

t.test('storage-etcd3 watcher abort listener leak: 1,000 watches opened and stopped on one signal', async (t) => {
  const signal = new AbortController().signal;
  const rv = await store.getCurrentResourceVersion();
  for (let i = 0; i < 1000; i++) {
    const w = await store.watch('/pods/', { recursive: true, resourceVersion: rv, signal });
    w.stop();
  }
  t.equal(getEventListeners(signal, 'abort').length, 0, 'no abort listener left on the shared signal');
});

t.test('a watch ended by an error releases its abort listener', async (t) => {
  const signal = new AbortController().signal;
  await store.create('/pods/ns/a', pod('a'));
  const first = await store.getCurrentResourceVersion();
  await store.create('/pods/ns/b', pod('b'));
  await store.create('/pods/ns/c', pod('c'));
  await client.kv.compact({ revision: await store.getCurrentResourceVersion(), physical: true });
  const w = await store.watch('/pods/', { recursive: true, resourceVersion: first, signal });
  const events: string[] = [];
  for await (const e of w) events.push(e.type);
  t.same(events, ['ERROR'], 'the compacted watch ends with a 410 ERROR');
  t.equal(getEventListeners(signal, 'abort').length, 0, 'listener removed when the watch failed');
});

t.test('aborting the signal still stops the open watches', async (t) => {
  const ac = new AbortController();
  const rv = await store.getCurrentResourceVersion();
  const watches = await Promise.all(Array.from({ length: 5 }, () => store.watch('/pods/', { recursive: true, resourceVersion: rv, signal: ac.signal })));
  t.equal(getEventListeners(ac.signal, 'abort').length, 5);
  ac.abort();
  for (const w of watches) {
    const seen: string[] = [];
    for await (const e of w) seen.push(e.type);
    t.same(seen, [], 'the aborted watch ends');
  }
  t.equal(getEventListeners(ac.signal, 'abort').length, 0);
});
