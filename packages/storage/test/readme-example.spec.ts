import t from 'tap';
import { Cacher, isNotFound, SetSelector, type StorageInterface } from '../src/index.js';
import { MVCCStore } from './fixtures/mvcc-store.js';

// The README example, verbatim apart from the returned values used for assertions.
async function demo(backend: StorageInterface): Promise<{ names: string[]; first: string }> {
  const pods = new Cacher({ storage: backend, resourcePrefix: '/pods' });
  await pods.waitUntilReady();
  const created = await pods.create('/pods/default/web', { metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } } });
  await pods.guaranteedUpdate('/pods/default/web', (cur) => ({ object: { ...cur!, metadata: { ...cur!.metadata, labels: { app: 'web', v: '2' } } } }));
  const list = await pods.getList('/pods', { recursive: true, resourceVersion: '0', predicate: { label: SetSelector.fromSet({ app: 'web' }), limit: 10 } });
  const watch = await pods.watch('/pods/default', { recursive: true, resourceVersion: created.metadata.resourceVersion });
  let first = '';
  for await (const event of watch) {
    first = `${event.type} ${event.object.metadata.resourceVersion}`;
    break;
  }
  await pods.delete('/pods/default/web').catch((err) => {
    if (!isNotFound(err)) throw err;
  });
  pods.stop();
  return { names: list.items.map((o) => o.metadata.name ?? ''), first };
}

t.test('README example runs', async (t) => {
  const store = new MVCCStore();
  const { names, first } = await demo(store);
  t.ok(names.length <= 1, 'the cache may or may not have seen the pod yet at RV "0"');
  t.match(first, /^MODIFIED \d+$/, 'the watch from the create RV sees the update');
  t.equal(await store.count('/pods'), 0, 'deleted');
  store.close();
});
