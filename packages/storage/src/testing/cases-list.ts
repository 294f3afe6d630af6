/**
 * Conformance cases for getList: recursion, RV match rules, predicates (upstream RunTestList, *NonRecursive, *RecursivePrefix).
 * @module
 */
import { isBadRequest, isInternalError, isInvalidError, isTooLargeResourceVersion } from '../errors.js';
import type { ListOptions } from '../interfaces.js';
import type { StorageObject } from '../object.js';
import { SetSelector } from '../selection-predicate.js';
import { createPods, type ConformanceCase, currentRV, expectError, makePod, namesOf, nodeNameOf, rvOf, settle, updateNote } from './fixtures.js';
import type { StorageInterface } from '../interfaces.js';

const maxInt64 = '9223372036854775807';

/** Seeds `/pods/{first,second,third}/…` (with one deleted object) and returns RVs around the seeding. */
async function seedMultiLevel(store: StorageInterface): Promise<{ beforeDelete: number; objects: StorageObject[] }> {
  const objects = await createPods(store, [
    makePod('first', 'bar'),
    makePod('second', 'bar', { labels: { tier: 'web' } }),
    makePod('second', 'foo', { labels: { tier: 'db' } }),
    makePod('second', 'baz'),
    makePod('third', 'barfoo'),
    makePod('third', 'foo', { labels: { tier: 'web' } }),
  ]);
  const beforeDelete = await currentRV(store);
  await store.delete('/pods/second/baz');
  objects.push(await store.guaranteedUpdate('/pods/first/bar', (cur) => {
    const next = structuredClone(cur ?? makePod('first', 'bar'));
    Reflect.set(next, 'spec', { nodeName: 'node-1' });
    return { object: next };
  }));
  return { beforeDelete, objects };
}

function keysOf(items: readonly StorageObject[]): string[] {
  return items.map((o) => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`);
}

const recursive = (extra: ListOptions = {}): ListOptions => ({ recursive: true, ...extra });

/** getList cases. */
export const listCases: readonly ConformanceCase[] = [
  {
    name: 'getList: recursive lists are sorted by key and read at the current revision',
    async run({ t, store }) {
      await seedMultiLevel(store);
      const list = await store.getList('/pods', recursive());
      t.same(keysOf(list.items), ['first/bar', 'second/bar', 'second/foo', 'third/barfoo', 'third/foo']);
      t.equal(Number(list.resourceVersion), await currentRV(store), 'list RV is the current revision');
      t.equal(nodeNameOf(list.items[0] ?? makePod('', '')), 'node-1', 'latest state of updated objects');
      t.same(keysOf((await store.getList('/pods/second', recursive())).items), ['second/bar', 'second/foo'], 'one level');
      t.same((await store.getList('/pods/sec', recursive())).items, [], 'prefix matches on segment boundaries only');
      t.same(keysOf((await store.getList('/pods/second/', recursive())).items), ['second/bar', 'second/foo'], 'trailing slash');
      const empty = await store.getList('/nothing', recursive());
      t.same(empty.items, [], 'empty list has items []');
      t.ok(Number(empty.resourceVersion) > 0, 'empty list still has an RV');
    },
  },
  {
    name: 'getList: recursive and exact keys',
    async run({ t, store }) {
      await createPods(store, [makePod('test-ns', 'foo'), makePod('test-ns', 'foobar'), makePod('test-ns2', 'baz')]);
      const rv = String(await currentRV(store));
      const variants: [string, ListOptions][] = [
        ['consistent', {}],
        ['NotOlderThan', { resourceVersion: rv, resourceVersionMatch: 'NotOlderThan' }],
        ['Exact', { resourceVersion: rv, resourceVersionMatch: 'Exact' }],
      ];
      for (const [label, o] of variants) {
        t.same((await store.getList('/pods/', { ...o })).items, [], `${label}: non-recursive on a prefix`);
        t.same((await store.getList('/pods/test-ns', { ...o })).items, [], `${label}: non-recursive on a namespace`);
        t.same(keysOf((await store.getList('/pods/test-ns', { ...o, recursive: true })).items), ['test-ns/foo', 'test-ns/foobar'], `${label}: recursive`);
        t.same((await store.getList('/pods/test-ns/foo', { ...o, recursive: true })).items, [], `${label}: recursive on an object key`);
        t.same(keysOf((await store.getList('/pods/test-ns/foo', { ...o })).items), ['test-ns/foo'], `${label}: exact key, not foobar`);
      }
    },
  },
  {
    name: 'getList: non-recursive resourceVersion rules',
    async run({ t, store, harness }) {
      const created = await store.create('/pods/ns/foo', makePod('ns', 'foo'));
      const updated = await updateNote(store, '/pods/ns/foo', 'v2');
      const get = (o: ListOptions) => store.getList('/pods/ns/foo', o);
      const any = await get({ resourceVersion: '0' });
      t.ok(any.items.length <= 1, 'RV 0: at most the object');
      if (harness.isCache !== true) t.same(any.items, [updated], 'RV 0 from storage is the latest');
      t.same((await get({ resourceVersion: String(rvOf(updated)) })).items, [updated], 'RV current');
      const notOlder = await get({ resourceVersion: String(rvOf(created)), resourceVersionMatch: 'NotOlderThan' });
      t.ok(rvOf(notOlder.items[0]) >= rvOf(created), 'NotOlderThan previous');
      t.same((await get({ resourceVersion: String(rvOf(created)), resourceVersionMatch: 'Exact' })).items, [created], 'Exact previous');
      const exactCur = await get({ resourceVersion: String(rvOf(updated)), resourceVersionMatch: 'Exact' });
      t.same(exactCur.items, [updated], 'Exact current');
      t.equal(exactCur.resourceVersion, String(rvOf(updated)), 'Exact lists report the requested RV');
      await expectError(t, get({ resourceVersion: maxInt64, resourceVersionMatch: 'NotOlderThan' }), isTooLargeResourceVersion, 'too high NotOlderThan');
      await expectError(t, get({ resourceVersion: maxInt64 }), isTooLargeResourceVersion, 'too high legacy');
      t.same((await store.getList('/pods/ns/missing')).items, [], 'missing key is an empty list');
      const excluded = await get({ predicate: { label: SetSelector.fromSet({ absent: 'x' }) } });
      t.same(excluded.items, [], 'predicate excludes the object');
    },
  },
  {
    name: 'getList: Exact reads historic state',
    async run({ t, store }) {
      const { beforeDelete } = await seedMultiLevel(store);
      const list = await store.getList('/pods', recursive({ resourceVersion: String(beforeDelete), resourceVersionMatch: 'Exact' }));
      t.same(keysOf(list.items), ['first/bar', 'second/bar', 'second/baz', 'second/foo', 'third/barfoo', 'third/foo'], 'includes the later deleted object');
      t.equal(list.resourceVersion, String(beforeDelete));
      t.equal(nodeNameOf(list.items[0] ?? makePod('', '')), '', 'first/bar before its update');
      const limited = await store.getList('/pods', recursive({ resourceVersion: String(beforeDelete), predicate: { limit: 3 } }));
      t.same(keysOf(limited.items), ['first/bar', 'second/bar', 'second/baz'], 'legacy RV with limit is exact');
      t.equal(limited.resourceVersion, String(beforeDelete));
    },
  },
  {
    name: 'getList: consistent and RV "0" list resource versions',
    async run({ t, store }) {
      const created = await createPods(store, [makePod('ns', 'a'), makePod('ns', 'b')]);
      const last = rvOf(created[1]);
      const consistent = await store.getList('/pods', recursive());
      t.equal(consistent.resourceVersion, await store.getCurrentResourceVersion(), 'RV "" reads at the current revision');
      await settle(store, last);
      const any = await store.getList('/pods', recursive({ resourceVersion: '0' }));
      t.ok(Number(any.resourceVersion) >= last, 'RV "0" after the barrier is not older than the last write');
      t.same(namesOf(any.items), ['a', 'b']);
      const notOlder = await store.getList('/pods', recursive({ resourceVersion: String(last), resourceVersionMatch: 'NotOlderThan' }));
      t.ok(Number(notOlder.resourceVersion) >= last, 'NotOlderThan list RV');
      t.same(namesOf(notOlder.items), ['a', 'b']);
    },
  },
  {
    name: 'getList: invalid options are rejected',
    async run({ t, store }) {
      await seedMultiLevel(store);
      const first = await store.getList('/pods', recursive({ predicate: { limit: 1 } }));
      await expectError(t, store.getList('/pods', recursive({ resourceVersion: 'abc' })), (e) => isBadRequest(e) || isInvalidError(e), 'garbage RV');
      await expectError(t, store.getList('/pods', recursive({ resourceVersion: first.resourceVersion, predicate: { continue: first.continue ?? '' } })), isBadRequest, 'RV with continue');
      await expectError(t, store.getList('/pods', recursive({ predicate: { continue: 'not-a-token' } })), isBadRequest, 'invalid continue token');
      await expectError(t, store.getList('/pods', recursive({ resourceVersion: '1', resourceVersionMatch: 'Bogus' as 'Exact' })), (e) => isInternalError(e) || isBadRequest(e), 'unknown match');
      await expectError(t, store.getList('/pods', recursive({ resourceVersion: maxInt64, resourceVersionMatch: 'Exact' })), isTooLargeResourceVersion, 'Exact in the future is TooLarge (deliberate mapping)');
    },
  },
  {
    name: 'getList: label and field selectors',
    async run({ t, store }) {
      await seedMultiLevel(store);
      const web = await store.getList('/pods', recursive({ predicate: { label: SetSelector.fromSet({ tier: 'web' }) } }));
      t.same(keysOf(web.items), ['second/bar', 'third/foo'], 'label selector');
      const foo = await store.getList('/pods', recursive({ predicate: { field: SetSelector.fromSet({ 'metadata.name': 'foo' }) } }));
      t.same(keysOf(foo.items), ['second/foo', 'third/foo'], 'metadata.name');
      const ns = await store.getList('/pods', recursive({ predicate: { field: SetSelector.fromSet({ 'metadata.namespace': 'third' }) } }));
      t.same(keysOf(ns.items), ['third/barfoo', 'third/foo'], 'metadata.namespace');
      const node = await store.getList('/pods', recursive({
        predicate: {
          field: SetSelector.fromSet({ 'spec.nodeName': 'node-1' }),
          getAttrs: (o) => ({ labels: o.metadata.labels ?? {}, fields: { 'spec.nodeName': nodeNameOf(o) } }),
        },
      }));
      t.same(keysOf(node.items), ['first/bar'], 'custom getAttrs');
      const broken = await store.getList('/pods', recursive({
        predicate: { label: SetSelector.fromSet({ tier: 'web' }), getAttrs: () => { throw new Error('no attrs'); } },
      }));
      t.same(broken.items, [], 'getAttrs errors drop items');
    },
  },
];
