/**
 * Conformance cases for create, get, count and the small methods (upstream RunTestCreate*, RunTestGet, RunTestCount).
 * @module
 */
import {
  isBadRequest,
  isExist,
  isInvalidError,
  isNotFound,
  isTooLargeResourceVersion,
  ResourceVersionSetOnCreateError,
} from '../errors.js';
import { isInvalidKeyError } from '../keys.js';
import { type ConformanceCase, currentRV, expectError, makePod, podKey, rvOf, updateNote, withoutRV } from './fixtures.js';

const maxInt64 = '9223372036854775807';

/** Create, get, count and metadata cases. */
export const createGetCases: readonly ConformanceCase[] = [
  {
    name: 'create: stores the object and sets its resourceVersion',
    async run({ t, store }) {
      const pod = makePod('ns', 'foo', { uid: 'u1', labels: { a: 'b' } });
      await expectError(t, store.get(podKey(pod)), isNotFound, 'get before create is KeyNotFound');
      const out = await store.create(podKey(pod), pod);
      t.equal(out.metadata.name, 'foo');
      t.ok(rvOf(out) > 0, 'created object has a resourceVersion');
      t.same(withoutRV(out), pod, 'content is unchanged');
      t.equal(pod.metadata.resourceVersion, undefined, 'the input object is not given an RV');
      const got = await store.get(podKey(pod));
      t.same(got, out, 'get returns the created object');
      t.equal(await currentRV(store), rvOf(out), 'current RV is the create RV');
      out.metadata.labels = { mutated: 'yes' };
      t.same((await store.get(podKey(pod)))?.metadata.labels, { a: 'b' }, 'returned objects do not alias stored state');
    },
  },
  {
    name: 'get and getList: every read hands out a private copy',
    async run({ t, store }) {
      const pod = makePod('ns', 'copies', { labels: { a: 'b' } });
      await store.create(podKey(pod), pod);
      const first = await store.get(podKey(pod));
      if (first === undefined) throw new Error('get returned nothing');
      first.metadata.labels = { mutated: 'yes' };
      first.metadata.name = 'renamed';
      t.same((await store.get(podKey(pod)))?.metadata.labels, { a: 'b' }, 'a changed get result leaves later reads alone');
      const [item] = (await store.getList(podKey(pod), {})).items;
      if (item === undefined) throw new Error('getList returned nothing');
      t.equal(item.metadata.name, 'copies');
      item.metadata.labels = { mutated: 'again' };
      t.same((await store.get(podKey(pod)))?.metadata.labels, { a: 'b' }, 'a changed list item leaves later reads alone');
      t.same((await store.getList(podKey(pod), {})).items[0]?.metadata.labels, { a: 'b' });
    },
  },
  {
    name: 'create: selfLink and resourceVersion are not persisted',
    async run({ t, store }) {
      const pod = makePod('ns', 'foo', { selfLink: '/api/v1/x' });
      const out = await store.create(podKey(pod), pod);
      t.equal(out.metadata.selfLink, undefined, 'selfLink cleared on output');
      t.equal((await store.get(podKey(pod)))?.metadata.selfLink, undefined, 'selfLink not stored');
    },
  },
  {
    name: 'create: an object with resourceVersion set is rejected',
    async run({ t, store }) {
      const pod = makePod('ns', 'foo', { resourceVersion: '1' });
      await expectError(t, store.create(podKey(pod), pod), (e) => e instanceof ResourceVersionSetOnCreateError, 'ResourceVersionSetOnCreateError');
      await expectError(t, store.get(podKey(pod)), isNotFound, 'nothing was stored');
    },
  },
  {
    name: 'create: an existing key is KeyExists',
    async run({ t, store }) {
      const pod = makePod('ns', 'foo');
      const first = await store.create(podKey(pod), pod);
      await expectError(t, store.create(podKey(pod), makePod('ns', 'foo', { uid: 'other' })), isExist, 'second create is KeyExists');
      t.same(await store.get(podKey(pod)), first, 'the first object is kept');
    },
  },
  {
    name: 'create: invalid keys are rejected',
    async run({ t, store }) {
      for (const key of ['', '/', '/pods/../secrets/x', '../x', '/pods/./x', '/pods/..']) {
        await expectError(t, store.create(key, makePod('ns', 'x')), isInvalidKeyError, `create ${JSON.stringify(key)}`);
        await expectError(t, store.get(key), isInvalidKeyError, `get ${JSON.stringify(key)}`);
      }
    },
  },
  {
    name: 'get: resourceVersion rules',
    async run({ t, store, harness }) {
      const created = await store.create('/pods/ns/foo', makePod('ns', 'foo'));
      const updated = await updateNote(store, '/pods/ns/foo', 'v2');
      t.ok(rvOf(updated) > rvOf(created), 'update moves the RV');
      t.same(await store.get('/pods/ns/foo'), updated, 'RV "" returns the latest');
      t.same(await store.get('/pods/ns/foo', { resourceVersion: String(rvOf(updated)) }), updated, 'RV = current returns the latest');
      const atCreated = await store.get('/pods/ns/foo', { resourceVersion: String(rvOf(created)) });
      t.ok(rvOf(atCreated) >= rvOf(created), 'RV = created is served not older than created');
      const any = await store.get('/pods/ns/foo', { resourceVersion: '0', ignoreNotFound: true });
      if (harness.isCache === true) t.ok(any === undefined || rvOf(any) >= rvOf(created), 'RV 0 may be stale for a cache');
      else t.same(any, updated, 'RV 0 from storage is the latest');
      await expectError(t, store.get('/pods/ns/foo', { resourceVersion: maxInt64 }), isTooLargeResourceVersion, 'RV MaxInt64 is TooLarge');
      await expectError(t, store.get('/pods/ns/foo', { resourceVersion: 'abc' }), (e) => isBadRequest(e) || isInvalidError(e), 'garbage RV is rejected');
    },
  },
  {
    name: 'get: missing keys',
    async run({ t, store }) {
      await store.create('/pods/ns/foo', makePod('ns', 'foo'));
      await expectError(t, store.get('/pods/ns/bar'), isNotFound, 'missing key is KeyNotFound');
      t.equal(await store.get('/pods/ns/bar', { ignoreNotFound: true }), undefined, 'ignoreNotFound gives undefined');
      await expectError(t, store.get('/pods/ns/bar', { resourceVersion: maxInt64 }), isTooLargeResourceVersion, 'TooLarge is checked before NotFound');
    },
  },
  {
    name: 'count: counts keys under the prefix on a segment boundary',
    async run({ t, store }) {
      for (let i = 0; i < 5; i++) await store.create(`/foo.bar.io/abc/${i}`, makePod('', `abc-${i}`));
      for (let i = 0; i < 4; i++) await store.create(`/foo.bar.io/abcdef/${i}`, makePod('', `abcdef-${i}`));
      t.equal(await store.count('/foo.bar.io/abc'), 5);
      t.equal(await store.count('/foo.bar.io/abc/'), 5, 'a trailing slash is accepted');
      t.equal(await store.count('/foo.bar.io/abcdef'), 4);
      t.equal(await store.count('/foo.bar.io/none'), 0);
    },
  },
  {
    name: 'store: readiness, progress requests and the current resource version',
    async run({ t, store }) {
      await store.readinessCheck();
      await store.requestWatchProgress();
      const before = await currentRV(store);
      const out = await store.create('/pods/ns/foo', makePod('ns', 'foo'));
      t.ok(rvOf(out) > before, 'a write moves the global revision');
      t.equal(await currentRV(store), rvOf(out), 'current RV is the last write');
      t.match(await store.getCurrentResourceVersion(), /^[1-9][0-9]*$/, 'decimal string');
      t.ok(store.versioner !== undefined, 'versioner is exposed');
    },
  },
];
