import { parseFieldSelector, parseLabelSelector } from '@apiserver/runtime';
import type { WatchEvent } from '@apiserver/storage';
import t from 'tap';
import type { ApiObject } from '../../src/rest/types.js';
import { cachedWidgetStore, nsCtx, statusOf, widget, widgetStore } from '../fixtures.js';

async function seed(store: ReturnType<typeof widgetStore>['store']): Promise<void> {
  await store.create(nsCtx('ns1'), widget('a', {}, { labels: { team: 'red' } }));
  await store.create(nsCtx('ns1'), widget('b', {}, { labels: { team: 'blue' } }));
  await store.create(nsCtx('ns2'), widget('a', {}, { labels: { team: 'red' } }));
  await store.create(nsCtx('ns2'), widget('c'));
}

const names = (items: ApiObject[]) => items.map((o) => `${o.metadata.namespace}/${o.metadata.name}`);

t.test('list with selectors, namespaces and ListMeta', async (t) => {
  const { store } = widgetStore(t);
  await seed(store);
  const cases: { name: string; ns: string; label?: string; field?: string; want: string[] }[] = [
    { name: 'all namespaces', ns: '', want: ['ns1/a', 'ns1/b', 'ns2/a', 'ns2/c'] },
    { name: 'one namespace', ns: 'ns1', want: ['ns1/a', 'ns1/b'] },
    { name: 'label selector', ns: '', label: 'team=red', want: ['ns1/a', 'ns2/a'] },
    { name: 'label set-based', ns: '', label: 'team in (blue),!missing', want: ['ns1/b'] },
    { name: 'name field, one namespace (single key)', ns: 'ns2', field: 'metadata.name=a', want: ['ns2/a'] },
    { name: 'name field, all namespaces', ns: '', field: 'metadata.name=a', want: ['ns1/a', 'ns2/a'] },
    { name: 'namespace field narrows', ns: '', field: 'metadata.namespace=ns2', want: ['ns2/a', 'ns2/c'] },
    { name: 'namespace + name fields', ns: '', field: 'metadata.namespace=ns1,metadata.name=b', want: ['ns1/b'] },
    { name: 'invalid namespace in field is only a filter', ns: '', field: 'metadata.namespace=Bad_NS', want: [] },
    { name: 'name not equal', ns: 'ns1', field: 'metadata.name!=a', want: ['ns1/b'] },
  ];
  for (const c of cases) {
    const list = await store.list(nsCtx(c.ns), {
      ...(c.label !== undefined && { labelSelector: parseLabelSelector(c.label) }),
      ...(c.field !== undefined && { fieldSelector: parseFieldSelector(c.field) }),
    });
    t.same(names(list.items), c.want, c.name);
    t.equal(list.kind, 'WidgetList');
    t.match(list.metadata.resourceVersion, /^[1-9][0-9]*$/, c.name);
  }
});

t.test('list paging passes limit/continue through and fills remainingItemCount', async (t) => {
  const { store } = widgetStore(t);
  await seed(store);
  const first = await store.list(nsCtx(''), { limit: 3 });
  t.same(names(first.items), ['ns1/a', 'ns1/b', 'ns2/a']);
  t.equal(first.metadata.remainingItemCount, 1);
  t.ok(first.metadata.continue);
  const second = await store.list(nsCtx(''), { limit: 3, continue: first.metadata.continue ?? '' });
  t.same(names(second.items), ['ns2/c']);
  t.equal(second.metadata.continue, undefined);
  t.equal(second.metadata.resourceVersion, first.metadata.resourceVersion, 'pages read at one revision');
});

t.test('list errors: Expired (410), too large RV (504), bad continue (400)', async (t) => {
  const { store, backend } = widgetStore(t);
  await seed(store);
  const first = await store.list(nsCtx(''), { limit: 1 });
  await store.create(nsCtx('ns3'), widget('z'));
  backend.compact(backend.currentRevision);
  const expired = await statusOf(t, store.list(nsCtx(''), { limit: 1, continue: first.metadata.continue ?? '' }));
  t.equal(expired.code, 410);
  t.equal(expired.reason, 'Expired');
  const exact = await statusOf(t, store.list(nsCtx(''), { resourceVersion: '2', resourceVersionMatch: 'Exact' }));
  t.equal(exact.code, 410);
  t.equal(exact.reason, 'Expired');
  t.equal(exact.message, 'The resourceVersion for the provided list is too old.');
  const future = await statusOf(t, store.list(nsCtx(''), { resourceVersion: '999999', resourceVersionMatch: 'NotOlderThan' }));
  t.equal(future.code, 504);
  t.equal(future.reason, 'Timeout');
  t.same(future.details?.causes, [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }]);
  const bad = await statusOf(t, store.list(nsCtx(''), { limit: 1, continue: 'garbage' }));
  t.equal(bad.code, 400);
  t.equal(bad.reason, 'BadRequest');
});

t.test('get honours resourceVersion and maps NotFound', async (t) => {
  const { store } = widgetStore(t);
  const a = await store.create(nsCtx('ns1'), widget('a'));
  t.same(await store.get(nsCtx('ns1'), 'a', { resourceVersion: '0' }), a);
  const s = await statusOf(t, store.get(nsCtx('ns1'), 'zz'));
  t.same(s, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'widgets.example.com "zz" not found',
    reason: 'NotFound',
    details: { name: 'zz', group: 'example.com', kind: 'widgets' },
    code: 404,
  });
});

async function take(w: AsyncIterable<WatchEvent<ApiObject>>, n: number): Promise<WatchEvent<ApiObject>[]> {
  const out: WatchEvent<ApiObject>[] = [];
  for await (const ev of w) {
    out.push(ev);
    if (out.length >= n) break;
  }
  return out;
}

t.test('watch: selectors, single object, namespace, decorator', async (t) => {
  const decorated: string[] = [];
  const { store } = widgetStore(t, { store: { decorator: (o) => void decorated.push(o.metadata.resourceVersion ?? '') } });
  await seed(store);
  const rv = (await store.list(nsCtx(''))).metadata.resourceVersion ?? '';
  const all = await store.watch(nsCtx(''), { resourceVersion: rv, labelSelector: parseLabelSelector('team=red') });
  const single = await store.watch(nsCtx('ns1'), { resourceVersion: rv, fieldSelector: parseFieldSelector('metadata.name=b') });
  const narrowed = await store.watch(nsCtx(''), { resourceVersion: rv, fieldSelector: parseFieldSelector('metadata.namespace=ns2') });
  await store.create(nsCtx('ns1'), widget('d', {}, { labels: { team: 'red' } }));
  const b = await store.get(nsCtx('ns1'), 'b');
  await store.update(nsCtx('ns1'), 'b', { preconditions: () => undefined, updatedObject: async () => ({ ...b, spec: { size: 2 } }) }, undefined, undefined, false);
  await store.create(nsCtx('ns2'), widget('e'));
  const [ev1] = await take(all, 1);
  t.equal(ev1?.type, 'ADDED');
  t.equal(ev1?.type === 'ADDED' ? ev1.object.metadata.name : '', 'd');
  const [ev2] = await take(single, 1);
  t.equal(ev2?.type, 'MODIFIED');
  const [ev3] = await take(narrowed, 1);
  t.equal(ev3?.type === 'ADDED' ? ev3.object.metadata.name : '', 'e');
  all.stop();
  single.stop();
  narrowed.stop();
  t.ok(decorated.length >= 3, 'events decorated');

  const initial = await store.watch(nsCtx('ns1'), { resourceVersion: '0' });
  const evs = await take(initial, 3);
  t.same(
    evs.map((e) => e.type),
    ['ADDED', 'ADDED', 'ADDED'],
  );
  initial.stop();
});

t.test('watch from a compacted resourceVersion reports 410 Expired', async (t) => {
  const { store, backend } = widgetStore(t);
  await seed(store);
  backend.compact(backend.currentRevision);
  try {
    const w = await store.watch(nsCtx(''), { resourceVersion: '1' });
    const [ev] = await take(w, 1);
    w.stop();
    t.equal(ev?.type, 'ERROR');
    t.equal(ev?.type === 'ERROR' ? ev.object.code : 0, 410);
  } catch (err) {
    const s = await statusOf(t, Promise.reject(err));
    t.equal(s.code, 410);
  }
});

t.test('watch over a Cacher: the decorator works on copies of its frozen shared events', async (t) => {
  const store = await cachedWidgetStore(t, {
    decorator: (o) => {
      if ('items' in o) return;
      o.metadata.annotations = { ...o.metadata.annotations, decorated: 'yes' };
    },
  });
  const first = await store.watch(nsCtx('ns1'), { resourceVersion: '0' });
  const second = await store.watch(nsCtx('ns1'), { resourceVersion: '0' });
  await store.create(nsCtx('ns1'), widget('w'));
  const [a] = await take(first, 1);
  const [b] = await take(second, 1);
  first.stop();
  second.stop();
  t.equal(a?.type, 'ADDED');
  t.equal(a?.type === 'ADDED' ? a.object.metadata.annotations?.decorated : '', 'yes', 'first watcher sees the decoration');
  t.equal(b?.type === 'ADDED' ? b.object.metadata.annotations?.decorated : '', 'yes', 'second watcher too');
  t.not(a?.type === 'ADDED' && b?.type === 'ADDED' ? a.object : undefined, b?.type === 'ADDED' ? b.object : null, 'each gets its own copy');
});
