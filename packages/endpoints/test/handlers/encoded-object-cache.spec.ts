/** The encoded object cache: LRU by bytes, its metrics, and responses encoded from kept bytes equal to plain encoding. */
import { CodecFactory, type KubeObject, type ObjectEncoding } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { acceptSharedObjects, type ApiObject, defaultUpdatedObjectInfo, GenericStrategy, type RequestContext, Store } from '@apiserver/registry';
import { MetricsRegistry, shareObject } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import t from 'tap';
import { cachesEncodedObjects, encodeForScope, useEncodedObjectCache } from '../../src/handlers/cached-encoding.js';
import { EncodedObjectCache } from '../../src/handlers/encoded-object-cache.js';
import type { RequestScope } from '../../src/handlers/request-scope.js';

const encodingOf = (size: number): ObjectEncoding => ({ bytes: new Uint8Array(size) });
const variant = {};

t.test('keeps encodings up to maxBytes, dropping the least recently used first', async (t) => {
  const cache = new EncodedObjectCache({ maxBytes: 250 });
  const [a, b, c] = [{}, {}, {}];
  let encoded = 0;
  const encode = (size: number) => () => {
    encoded++;
    return encodingOf(size);
  };
  cache.encoding(a, variant, encode(100));
  cache.encoding(b, variant, encode(100));
  t.same(cache.stats(), { bytes: 200, entries: 2, hits: 0, misses: 2, evictions: 0 });
  cache.encoding(a, variant, encode(100));
  t.equal(encoded, 2, 'a hit encodes nothing');
  cache.encoding(c, variant, encode(100));
  t.same(cache.stats(), { bytes: 200, entries: 2, hits: 1, misses: 3, evictions: 1 }, 'b, least recently used, was dropped');
  cache.encoding(a, variant, encode(100));
  cache.encoding(b, variant, encode(100));
  t.equal(encoded, 4, 'a was kept, b encoded again');
  t.same(cache.stats(), { bytes: 200, entries: 2, hits: 2, misses: 4, evictions: 2 });
});

t.test('variants are kept apart; an encoding above the bound is not kept; forget drops an object', async (t) => {
  const cache = new EncodedObjectCache({ maxBytes: 100 });
  const obj = {};
  const [compact, pretty] = [{}, {}];
  const first = cache.encoding(obj, compact, () => encodingOf(10));
  t.not(cache.encoding(obj, pretty, () => encodingOf(20)), first, 'another variant, another encoding');
  t.equal(cache.encoding(obj, compact, () => encodingOf(10)), first, 'the kept one');
  cache.encoding({}, compact, () => encodingOf(101));
  t.same(cache.stats(), { bytes: 30, entries: 2, hits: 1, misses: 3, evictions: 0 }, 'too large: encoded, not kept');
  cache.forget(obj);
  t.same(cache.stats(), { bytes: 0, entries: 0, hits: 1, misses: 3, evictions: 0 });
  t.not(cache.encoding(obj, compact, () => encodingOf(10)), first, 'encoded again after forget');
});

t.test('a separate item buffer counts; size 0 is disabled; a bad size throws', async (t) => {
  const cache = new EncodedObjectCache({ maxBytes: 100 });
  cache.encoding({}, variant, () => ({ bytes: new Uint8Array(10), item: new Uint8Array(5) }));
  const bytes = new Uint8Array(10);
  cache.encoding({}, variant, () => ({ bytes, item: bytes.subarray(0, 9) }));
  t.equal(cache.stats().bytes, 25, 'a view of the bytes is not counted twice');
  t.ok(cache.enabled);
  t.notOk(new EncodedObjectCache({ maxBytes: 0 }).enabled);
  t.throws(() => new EncodedObjectCache({ maxBytes: -1 }), RangeError);
  t.throws(() => new EncodedObjectCache({ maxBytes: 1.5 }), RangeError);
});

t.test('metrics: capacity, size, entries, hits, misses, evictions', async (t) => {
  const metrics = new MetricsRegistry();
  const cache = new EncodedObjectCache({ maxBytes: 150, metrics });
  const [a, b] = [{}, {}];
  cache.encoding(a, variant, () => encodingOf(100));
  cache.encoding(a, variant, () => encodingOf(100));
  cache.encoding(b, variant, () => encodingOf(100));
  const text = metrics.text();
  for (const line of [
    'apiserver_encoded_object_cache_capacity_bytes 150',
    'apiserver_encoded_object_cache_size_bytes 100',
    'apiserver_encoded_object_cache_entries 1',
    'apiserver_encoded_object_cache_hits_total 1',
    'apiserver_encoded_object_cache_misses_total 2',
    'apiserver_encoded_object_cache_evictions_total 1',
  ]) {
    t.ok(text.split('\n').includes(line), line);
  }
});

const scheme = newBuiltinScheme();
const codecs = new CodecFactory(scheme);
// Only the identity of a scope matters to the cache (it is a WeakMap key): a bare object stands for one here.
const newScope = () => ({}) as RequestScope;

const configMap = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns', resourceVersion: '7', labels: { app: '<web>' } },
  data: { 'a.properties': 'x=1 & y=2\n' },
  ...extra,
});
const listOf = (items: KubeObject[]): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: { resourceVersion: '9', continue: 'c', remainingItemCount: 3 }, items });

t.test('responses from kept bytes are the bytes the serializer gives, for JSON and protobuf', async (t) => {
  const scope = newScope();
  const cache = new EncodedObjectCache({ maxBytes: 1 << 20 });
  useEncodedObjectCache(scope, cache);
  t.ok(cachesEncodedObjects(scope));
  const shared = [shareObject(configMap('a')), shareObject(configMap('b'))];
  const pod = shareObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] } });
  const cases: [string, KubeObject][] = [
    ['a shared object', shared[0] as KubeObject],
    ['a list of shared objects', listOf(shared)],
    ['a list mixing shared and copied objects', listOf([shared[0] as KubeObject, configMap('c')])],
    ['an empty list', listOf([])],
    ['a list holding another kind', listOf([shared[0] as KubeObject, pod])],
    ['an object not shared', configMap('d')],
  ];
  for (const serializer of [codecs.json, codecs.protobuf, codecs.yaml]) {
    for (const pretty of [false, true]) {
      for (const [name, obj] of cases) {
        for (const round of [1, 2]) {
          let want: Uint8Array | Error;
          try {
            want = serializer.encode(obj, { pretty });
          } catch (err) {
            want = err as Error;
          }
          const label = `${serializer.mediaType} ${pretty ? 'pretty' : 'compact'}: ${name} (${round})`;
          if (want instanceof Error) t.throws(() => encodeForScope(scope, serializer, obj, pretty), { message: want.message }, label);
          else t.same(Buffer.from(encodeForScope(scope, serializer, obj, pretty)), Buffer.from(want), label);
        }
      }
    }
  }
  t.ok(cache.stats().hits > 0, 'bytes were reused');
});

t.test('an object without a protobuf form gives the serializer’s error, alone and in a list', async (t) => {
  const scope = newScope();
  useEncodedObjectCache(scope, new EncodedObjectCache({ maxBytes: 1 << 20 }));
  const odd = shareObject(configMap('odd', { extraField: 1 }));
  for (const obj of [odd, listOf([shareObject(configMap('a')), odd])]) {
    let message = '';
    try {
      codecs.protobuf.encode(obj);
    } catch (err) {
      message = (err as Error).message;
    }
    t.not(message, '', 'the serializer refuses it');
    t.throws(() => encodeForScope(scope, codecs.protobuf, obj, false), { message });
  }
});

t.test('a disabled cache leaves the scope encoding as before', async (t) => {
  const scope = newScope();
  const cache = new EncodedObjectCache({ maxBytes: 0 });
  useEncodedObjectCache(scope, cache);
  t.notOk(cachesEncodedObjects(scope));
  const obj = shareObject(configMap('a'));
  t.same(Buffer.from(encodeForScope(scope, codecs.json, obj, false)), Buffer.from(codecs.json.encode(obj)));
  t.same(cache.stats(), { bytes: 0, entries: 0, hits: 0, misses: 0, evictions: 0 });
});

t.test('an update or delete: the next read is a new object, encoded anew; the old bytes are never served for it', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const strategy = new GenericStrategy({ namespaceScoped: true });
  const store = new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'configmaps' },
    singularQualifiedResource: { group: '', resource: 'configmap' },
    storage: backend.storage<ApiObject>(),
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
  const scope = newScope();
  const cache = new EncodedObjectCache({ maxBytes: 1 << 20 });
  useEncodedObjectCache(scope, cache);
  const ctx = () => acceptSharedObjects<RequestContext>({ namespace: 'ns' });
  await store.create({ namespace: 'ns' }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { v: '1' } });
  const served = async () => {
    const obj = await store.get(ctx(), 'a');
    const list = await store.list(ctx());
    return {
      get: Buffer.from(encodeForScope(scope, codecs.json, obj, false)).toString(),
      list: Buffer.from(encodeForScope(scope, codecs.json, { ...list }, false)).toString(),
      plain: Buffer.from(codecs.json.encode(obj)).toString(),
      plainList: Buffer.from(codecs.json.encode({ ...list })).toString(),
    };
  };
  const first = await served();
  t.equal(first.get, first.plain);
  t.equal(first.list, first.plainList);
  t.equal((await served()).get, first.get, 'the same bytes while nothing changed');
  const hits = cache.stats().hits;
  t.ok(hits >= 2, 'served from the cache');
  const current = await store.get({ namespace: 'ns' }, 'a');
  await store.update({ namespace: 'ns' }, 'a', defaultUpdatedObjectInfo({ ...current, data: { v: '2' } }), undefined, undefined, false);
  const second = await served();
  t.equal(second.get, second.plain, 'the updated object’s bytes');
  t.equal(second.list, second.plainList);
  t.not(second.get, first.get);
  t.match(second.get, /"v":"2"/);
  await store.delete({ namespace: 'ns' }, 'a');
  const emptied = await store.list(ctx());
  t.same(emptied.items, [], 'deleted: not listed');
  t.equal(Buffer.from(encodeForScope(scope, codecs.json, { ...emptied }, false)).toString(), Buffer.from(codecs.json.encode({ ...emptied })).toString());
});
