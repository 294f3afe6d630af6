/**
 * Conformance cases for limit/continue paging and compaction (upstream RunTestListContinuation*, *Paging*, *InconsistentContinuation).
 * @module
 */
import { encodeContinue } from '../continue.js';
import { isAPIError, isExpired } from '../errors.js';
import type { ListResult } from '../interfaces.js';
import { SetSelector } from '../selection-predicate.js';
import { compactTo, type ConformanceCase, createPods, currentRV, expectError, makePod, namesOf, rvOf, settle, updateNote } from './fixtures.js';

/** Paging and compaction cases. */
export const pagingCases: readonly ConformanceCase[] = [
  {
    name: 'paging: limit and continue',
    async run({ t, store }) {
      const created = await createPods(store, [makePod('ns', 'a'), makePod('ns', 'b'), makePod('ns', 'c')]);
      const last = rvOf(created[2]);
      const p1 = await store.getList('/pods', { recursive: true, predicate: { limit: 1 } });
      t.same(namesOf(p1.items), ['a']);
      t.equal(p1.resourceVersion, String(last), 'first page RV is the list revision');
      t.equal(p1.remainingItemCount, 2, 'remainingItemCount');
      t.type(p1.continue, 'string', 'a continue token');
      const rest = await store.getList('/pods', { recursive: true, predicate: { continue: p1.continue ?? '' } });
      t.same(namesOf(rest.items), ['b', 'c'], 'continue without limit returns the rest');
      t.equal(rest.continue, undefined, 'no token on the last page');
      t.equal(rest.remainingItemCount, undefined, 'no count on the last page');
      const p2 = await store.getList('/pods', { recursive: true, predicate: { limit: 1, continue: p1.continue ?? '' } });
      const p3 = await store.getList('/pods', { recursive: true, predicate: { limit: 1, continue: p2.continue ?? '' } });
      t.same([...namesOf(p2.items), ...namesOf(p3.items)], ['b', 'c']);
      t.equal(p3.continue, undefined, 'last page');
      t.same([p2.resourceVersion, p3.resourceVersion, rest.resourceVersion], [p1.resourceVersion, p1.resourceVersion, p1.resourceVersion], 'all pages at the first page RV');
      const cont0 = await store.getList('/pods', { recursive: true, resourceVersion: '0', predicate: { continue: p1.continue ?? '' } });
      t.same(namesOf(cont0.items), ['b', 'c'], 'RV "0" is allowed with continue');
    },
  },
  {
    name: 'paging: filtered pages keep reading until full',
    async run({ t, store }) {
      await createPods(store, [makePod('ns', 'foo1'), makePod('ns', 'bar2'), makePod('ns', 'foo3'), makePod('ns', 'foo4')]);
      const field = new SetSelector([{ key: 'metadata.name', op: '!=', value: 'bar2' }]);
      const p1 = await store.getList('/pods', { recursive: true, predicate: { limit: 2, field } });
      t.same(namesOf(p1.items), ['foo1', 'foo3']);
      t.type(p1.continue, 'string', 'more pages');
      t.equal(p1.remainingItemCount, undefined, 'no remainingItemCount for filtered lists');
      const p2 = await store.getList('/pods', { recursive: true, predicate: { limit: 2, field, continue: p1.continue ?? '' } });
      t.same(namesOf(p2.items), ['foo4']);
      t.equal(p2.continue, undefined, 'no more pages');
      t.equal(p2.resourceVersion, p1.resourceVersion);
    },
  },
  {
    name: 'paging: a rare match on a limit-1 page is found without a continue token',
    async run({ t, store }) {
      const pods = Array.from({ length: 200 }, (_, i) => makePod('ns', `pod-${String(i).padStart(3, '0')}`));
      await createPods(store, pods);
      const list = await store.getList('/pods', {
        recursive: true,
        predicate: { limit: 1, field: SetSelector.fromSet({ 'metadata.name': 'pod-199' }) },
      });
      t.same(namesOf(list.items), ['pod-199']);
      t.equal(list.continue, undefined, 'no continue token');
    },
  },
  {
    name: 'paging: pages are a snapshot at the first page revision',
    async run({ t, store }) {
      await createPods(store, [0, 1, 2, 3].map((i) => makePod('ns', `test-${i}`)));
      const names: string[] = [];
      let token = '';
      let calls = 0;
      do {
        const page: ListResult = await store.getList('/pods', { recursive: true, predicate: { limit: 1, continue: token } });
        calls++;
        names.push(...namesOf(page.items));
        token = page.continue ?? '';
        if (calls === 2) await store.create('/pods/ns/test-5', makePod('ns', 'test-5'));
      } while (token !== '' && calls < 10);
      t.equal(calls, 4, 'four pages');
      t.same(names, ['test-0', 'test-1', 'test-2', 'test-3'], 'the later create is not seen');
    },
  },
  {
    name: 'paging: pregenerated continue tokens',
    async run({ t, store }) {
      await createPods(store, [makePod('first', 'bar'), makePod('second', 'bar'), makePod('second', 'foo'), makePod('third', 'foo')]);
      const rv = await currentRV(store);
      const token = encodeContinue('/pods/second/bar\x00', '/pods/', rv);
      const list = await store.getList('/pods', { recursive: true, predicate: { continue: token } });
      t.same(namesOf(list.items), ['foo', 'foo'], 'resumes after second/bar');
      t.equal(list.resourceVersion, String(rv));
      const latest = await store.getList('/pods', { recursive: true, predicate: { continue: encodeContinue('/pods/third\x00', '/pods/', -1) } });
      t.same(namesOf(latest.items), ['foo'], 'rv -1 continues at the latest revision');
    },
  },
  {
    name: 'compaction: Exact lists below the compacted revision are Expired',
    needs: ['compact'],
    async run(c) {
      const { t, store } = c;
      const created = await store.create('/pods/ns/a', makePod('ns', 'a'));
      const updated = await updateNote(store, '/pods/ns/a', 'v2');
      await compactTo(c, rvOf(updated));
      const err = await expectError(t, store.getList('/pods', { recursive: true, resourceVersion: String(rvOf(created)), resourceVersionMatch: 'Exact' }), isExpired, 'Expired');
      t.equal(isAPIError(err) ? err.code : 0, 410, 'HTTP 410');
      const fresh = await store.getList('/pods', { recursive: true, resourceVersion: String(rvOf(created)), resourceVersionMatch: 'NotOlderThan' });
      t.same(namesOf(fresh.items), ['a'], 'NotOlderThan still works');
    },
  },
  {
    name: 'compaction: an expired continue token gets a recovery token',
    needs: ['compact'],
    async run(c) {
      const { t, store } = c;
      const seeded = await createPods(store, [makePod('ns', 'a'), makePod('ns', 'b'), makePod('ns', 'c')]);
      await settle(store, rvOf(seeded[2]));
      const p1 = await store.getList('/pods', { recursive: true, resourceVersion: '0', predicate: { limit: 1 } });
      const updated = await updateNote(store, '/pods/ns/b', 'v2');
      await compactTo(c, rvOf(updated));
      const err = await expectError(t, store.getList('/pods', { recursive: true, predicate: { limit: 1, continue: p1.continue ?? '' } }), isExpired, 'Expired');
      t.match(err instanceof Error ? err.message : '', 'The provided continue parameter is too old ', 'inconsistent continue message');
      const recovery = isAPIError(err) ? err.continue : undefined;
      t.type(recovery, 'string', 'recovery token');
      const p2 = await store.getList('/pods', { recursive: true, predicate: { limit: 1, continue: recovery ?? '' } });
      t.same(namesOf(p2.items), ['b']);
      t.ok(Number(p2.resourceVersion) >= rvOf(updated), 'served at a revision not older than the compaction');
      t.equal(p2.items[0]?.metadata.resourceVersion, updated.metadata.resourceVersion, 'latest state');
      const p3 = await store.getList('/pods', { recursive: true, predicate: { limit: 1, continue: p2.continue ?? '' } });
      t.same(namesOf(p3.items), ['c']);
      t.equal(p3.resourceVersion, p2.resourceVersion, 'stable after recovery');
    },
  },
];
