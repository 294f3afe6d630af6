import { type Codec, createJSONCodec, isSharedObject, PrefixTransformer, type StorageObject } from '@apiserver/storage';
import t from 'tap';
import { MemoryBackend } from '../src/memory-backend.js';

/** The default JSON codec, counting its decodes. */
function countingCodec(): { codec: Codec; decodes: () => number } {
  const inner = createJSONCodec();
  let decodes = 0;
  const codec: Codec = {
    encode: (obj) => inner.encode(obj),
    decode: (data) => {
      decodes++;
      return inner.decode(data);
    },
  };
  return { codec, decodes: () => decodes };
}

/** A ConfigMap as storage holds it. */
interface ConfigMap extends StorageObject {
  data: Record<string, string>;
}

const configMap = (name: string, data: Record<string, string>): ConfigMap => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data });

t.test('reads of the same stored bytes decode them once and hand out copies', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const { codec, decodes } = countingCodec();
  const s = backend.storage<ConfigMap>({ codec: codec as Codec<ConfigMap> });
  const created = await s.create('/configmaps/ns/a', configMap('a', { k: 'v' }));
  const afterCreate = decodes();
  const reads = [];
  for (let i = 0; i < 5; i++) reads.push(await s.get('/configmaps/ns/a'));
  reads.push(...(await s.getList('/configmaps/ns', { recursive: true })).items);
  t.equal(decodes() - afterCreate, 1, 'five gets and a list decoded the stored bytes once');
  for (const r of reads) {
    t.same(r, created, 'every read gives the stored object with its resourceVersion');
  }
  t.equal(new Set(reads).size, reads.length, 'each read is its own object');
  const first = reads[0];
  if (first !== undefined) first.data['k'] = 'changed';
  t.same(await s.get('/configmaps/ns/a'), created, 'changing a read object does not reach the next read');

  const updated = await s.guaranteedUpdate('/configmaps/ns/a', (cur) => {
    if (cur === undefined) throw new Error('the object is gone');
    return { object: { ...cur, data: { k: 'v2' } } };
  });
  const got = await s.get('/configmaps/ns/a');
  t.same(got, updated, 'new bytes after an update are decoded again');
  t.equal(got?.data['k'], 'v2');
});

t.test('bytes a transformer hands back anew are decoded on every read', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const { codec, decodes } = countingCodec();
  const s = backend.storage({ codec, transformer: new PrefixTransformer('k8s:enc:a:') });
  await s.create('/configmaps/ns/a', configMap('a', { k: 'v' }));
  const before = decodes();
  await s.get('/configmaps/ns/a');
  await s.get('/configmaps/ns/a');
  t.equal(decodes() - before, 2, 'no object is remembered for bytes that are not the stored ones');
});

t.test('only latest versions are remembered: an update forgets the superseded object, history reads decode anew', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const { codec, decodes } = countingCodec();
  const s = backend.storage<ConfigMap>({ codec: codec as Codec<ConfigMap> });
  const first = await s.create('/configmaps/ns/a', configMap('a', { k: 'v1' }));
  await s.get('/configmaps/ns/a'); // remembered
  await s.guaranteedUpdate('/configmaps/ns/a', (cur) => ({ object: { ...cur!, data: { k: 'v2' } } }));
  const exact = { recursive: true, resourceVersion: first.metadata.resourceVersion ?? '', resourceVersionMatch: 'Exact' as const };
  const before = decodes();
  const old = (await s.getList('/configmaps/ns', exact)).items;
  await s.getList('/configmaps/ns', exact);
  t.same(old, [first], 'the old version is still readable');
  t.equal(decodes() - before, 2, 'the superseded object was forgotten at the update, and history reads are not remembered');
});

t.test('get gives the same objects with and without a transformer: shared for readOnly reads, copies otherwise', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const plain = backend.storage<ConfigMap>({ pathPrefix: '/plain' });
  const transformed = backend.storage<ConfigMap>({ pathPrefix: '/enc', transformer: new PrefixTransformer('k8s:enc:a:') });
  for (const s of [plain, transformed]) await s.create('/configmaps/ns/a', configMap('a', { k: 'v' }));
  for (const [name, s] of [['identity', plain], ['prefix', transformed]] as const) {
    const copy = await s.get('/configmaps/ns/a');
    const shared = await s.get('/configmaps/ns/a', { readOnly: true });
    t.same(shared, copy, `${name}: a readOnly read gives the same object`);
    t.notOk(isSharedObject(copy), `${name}: a plain read gives a private copy`);
    t.ok(isSharedObject(shared), `${name}: a readOnly read gives a shared object`);
    t.ok(Object.isFrozen(shared));
    t.same(await s.get('/configmaps/ns/a', { readOnly: true }), shared);
  }
  const withoutVersion = (o: ConfigMap | undefined) => ({ ...o, metadata: { ...o?.metadata, resourceVersion: undefined } });
  const [a, b] = [await plain.get('/configmaps/ns/a'), await transformed.get('/configmaps/ns/a')];
  t.strictSame(withoutVersion(a), withoutVersion(b), 'both views decode the same object (created at two revisions)');
  t.equal(await plain.get('/configmaps/ns/b', { ignoreNotFound: true, readOnly: true }), undefined);
  await t.rejects(plain.get('/configmaps/ns/b', { readOnly: true }), { code: 'KeyNotFound' });
  await t.rejects(plain.get('/configmaps/ns/a', { resourceVersion: '999' }), /Too large resource version/);
});
