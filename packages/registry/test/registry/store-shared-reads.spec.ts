/** Read-only requests (acceptSharedObjects) read shared, deep-frozen objects; other reads and decorated Stores get copies. */
import { isSharedObject } from '@apiserver/storage';
import t from 'tap';
import { defaultUpdatedObjectInfo } from '../../src/rest/updated-object-info.js';
import { acceptSharedObjects, acceptsSharedObjects } from '../../src/rest/shared-objects.js';
import type { ApiObject } from '../../src/rest/types.js';
import { cachedWidgetStore, nsCtx, widget, widgetStore } from '../fixtures.js';

const readOnly = (namespace: string) => acceptSharedObjects(nsCtx(namespace));

t.test('acceptSharedObjects marks the context itself, not its copies', async (t) => {
  const ctx = readOnly('ns1');
  t.ok(acceptsSharedObjects(ctx));
  t.notOk(acceptsSharedObjects({ ...ctx }), 'a copy is not marked');
  t.notOk(acceptsSharedObjects(nsCtx('ns1')));
});

t.test('a read-only get and list hand out one shared frozen object per revision; other reads copies', async (t) => {
  const { store } = widgetStore(t);
  await store.create(nsCtx('ns1'), widget('a', {}, { labels: { team: 'red' } }));
  await store.create(nsCtx('ns1'), widget('b'));
  const shared = await store.get(readOnly('ns1'), 'a');
  t.ok(isSharedObject(shared), 'shared');
  t.ok(Object.isFrozen(shared) && Object.isFrozen(shared.metadata) && Object.isFrozen(shared.metadata.labels), 'deep-frozen');
  t.throws(() => {
    (shared.metadata as { name?: string }).name = 'changed';
  }, TypeError, 'changing it throws');
  t.equal(await store.get(readOnly('ns1'), 'a'), shared, 'the next read-only read gets the same object');
  const copy = await store.get(nsCtx('ns1'), 'a');
  t.notOk(isSharedObject(copy), 'an ordinary get gets a copy');
  t.notOk(Object.isFrozen(copy));
  t.same(copy, shared, 'with the same content');
  const list = await store.list(readOnly('ns1'));
  t.ok(list.items.every(isSharedObject), 'read-only list items are shared');
  t.equal(list.items[0], shared, 'the same object as the get');
  t.notOk(Object.isFrozen(list), 'the list itself is the caller’s');
  const plain = await store.list(nsCtx('ns1'));
  t.notOk(plain.items.some(isSharedObject), 'an ordinary list copies');
  const selected = await store.list(readOnly('ns1'), { labelSelector: (await import('@apiserver/runtime')).parseLabelSelector('team=red') });
  t.same(selected.items.map((o) => o.metadata.name), ['a'], 'selectors filter the shared objects');
});

t.test('an update or delete leaves the old shared object as it was; reads get the new one', async (t) => {
  const { store } = widgetStore(t);
  await store.create(nsCtx('ns1'), widget('a'));
  const before = await store.get(readOnly('ns1'), 'a');
  await store.update(nsCtx('ns1'), 'a', defaultUpdatedObjectInfo({ ...before, spec: { size: 2 } } as ApiObject), undefined, undefined, false);
  const after = await store.get(readOnly('ns1'), 'a');
  t.not(after, before, 'a new object for the new revision');
  t.same((after as { spec?: unknown }).spec, { size: 2 });
  t.same((before as { spec?: unknown }).spec, { size: 1 }, 'the old one unchanged');
  t.not(after.metadata.resourceVersion, before.metadata.resourceVersion);
  await store.delete(nsCtx('ns1'), 'a');
  await t.rejects(store.get(readOnly('ns1'), 'a'), { code: 404 }, 'deleted: not found');
});

t.test('a Store with a decorator never reads shared objects', async (t) => {
  const { store } = widgetStore(t, {
    store: {
      // Changes every object in place, list items included: they must be the Store's copies.
      decorator: (o) => {
        const objects = Array.isArray(o.items) ? (o.items as ApiObject[]) : [o as ApiObject];
        for (const obj of objects) obj.metadata.annotations = { ...obj.metadata.annotations, decorated: 'yes' };
      },
    },
  });
  await store.create(nsCtx('ns1'), widget('a'));
  const got = await store.get(readOnly('ns1'), 'a');
  t.notOk(isSharedObject(got), 'a private copy');
  t.equal(got.metadata.annotations?.decorated, 'yes', 'decorated');
  const list = await store.list(readOnly('ns1'));
  t.notOk(list.items.some(isSharedObject));
  t.equal(list.items[0]?.metadata.annotations?.decorated, 'yes');
});

t.test('a read-only list served by the Cacher hands out the cache’s own objects', async (t) => {
  const store = await cachedWidgetStore(t);
  const created = await store.create(nsCtx('ns1'), widget('a'));
  const rv = created.metadata.resourceVersion ?? '';
  const first = await store.list(readOnly('ns1'), { resourceVersion: rv });
  const second = await store.list(readOnly('ns1'), { resourceVersion: rv });
  t.equal(first.items.length, 1);
  t.ok(isSharedObject(first.items[0]), 'shared');
  t.equal(first.items[0], second.items[0], 'the same cached object each time');
  const copied = await store.list(nsCtx('ns1'), { resourceVersion: rv });
  t.notOk(isSharedObject(copied.items[0]), 'an ordinary list from the cache copies');
  const got = await store.get(readOnly('ns1'), 'a', { resourceVersion: rv });
  t.equal(got, first.items[0], 'a read-only get from the cache too');
});
