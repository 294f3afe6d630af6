import {
  APIError,
  inconsistentContinueMessage,
  isDatabaseSpaceExceeded,
  isExpired,
  isRequestTooLarge,
  type StorageObject,
} from '@apiserver/storage';
import t from 'tap';
import { DEFAULT_MAX_REQUEST_BYTES, MemoryBackend } from '../src/memory-backend.js';
import { take } from './helpers/take.js';

type ConfigMap = StorageObject & { data: Record<string, string> };
const configMap = (name: string, size: number, fill = 'x'): ConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { namespace: 'ns', name },
  data: { blob: fill.repeat(size) },
});
const rvOf = (o: StorageObject) => Number(o.metadata.resourceVersion);


async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  return undefined;
}

t.test('default ceiling: etcd default --max-request-bytes, refused with the Status kube-apiserver sends for etcd refusals', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage<ConfigMap>();
  t.equal(DEFAULT_MAX_REQUEST_BYTES, 1_572_864);
  const err = await rejection(s.create('/configmaps/ns/big', configMap('big', DEFAULT_MAX_REQUEST_BYTES)));
  t.ok(isRequestTooLarge(err));
  t.match(err, { code: 500, reason: '', message: 'etcdserver: request is too large', causes: [] });
  t.ok(err instanceof APIError);
  t.equal(backend.currentRevision, 1, 'nothing was written');
  await s.create('/configmaps/ns/big', configMap('big', 1_000_000));
});

t.test('quota: a create past the live-data quota is refused; deleting frees it', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0, quotaBackendBytes: 5000 });
  t.teardown(() => backend.close());
  const s = backend.storage<ConfigMap>();
  await s.create('/configmaps/ns/a', configMap('a', 2000));
  await s.create('/configmaps/ns/b', configMap('b', 2000));
  const err = await rejection(s.create('/configmaps/ns/c', configMap('c', 2000)));
  t.ok(isDatabaseSpaceExceeded(err));
  t.match(err, { code: 500, reason: '', message: 'etcdserver: mvcc: database space exceeded' });
  const grow = await rejection(s.guaranteedUpdate('/configmaps/ns/a', (cur) => ({ object: { ...cur!, data: { blob: 'y'.repeat(4000) } } })));
  t.ok(isDatabaseSpaceExceeded(grow), 'growing an object is refused too');
  await s.delete('/configmaps/ns/b');
  await s.create('/configmaps/ns/c', configMap('c', 2000));
  t.ok(backend.stats().liveBytes <= 5000);
});

t.test('history budget: early compaction keeps watch and continue semantics of normal compaction', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0, historyBudgetBytes: 20_000 });
  t.teardown(() => backend.close());
  const s = backend.storage<ConfigMap>();
  const first = await s.create('/configmaps/ns/a', configMap('a', 10));
  await s.create('/configmaps/ns/b', configMap('b', 10));
  const page = await s.getList('/configmaps', { recursive: true, predicate: { limit: 1 } });
  const live = await s.watch('/configmaps', { recursive: true, resourceVersion: String(rvOf(first)) });
  let last = first;
  for (let i = 0; i < 30; i++) {
    last = await s.guaranteedUpdate('/configmaps/ns/a', () => ({ object: configMap('a', 2000, String(i % 10)) }));
    t.ok(backend.stats().historyBytes <= 20_000, `history within the budget after update ${i}`);
  }
  t.ok(backend.compactRevision > rvOf(first), `compacted early to ${backend.compactRevision}`);
  t.equal(rvOf((await s.get('/configmaps/ns/b'))!), rvOf(first) + 1, 'an untouched key keeps its version');

  const events = await take(live, 31);
  t.equal(events.length, 31, 'a watch opened before the compaction still gets every event');
  t.equal(events.at(-1)?.object.metadata.resourceVersion, String(rvOf(last)));
  live.stop();

  const behind = await s.watch('/configmaps', { recursive: true, resourceVersion: String(rvOf(first)) });
  t.match(await take(behind, 1), [{ type: 'ERROR', object: { code: 410, reason: 'Expired' } }], 'a new watch behind it gets 410');
  const expired = await rejection(s.getList('/configmaps', { recursive: true, predicate: { limit: 1, continue: page.continue ?? '' } }));
  t.ok(isExpired(expired));
  t.match(expired, { code: 410, message: inconsistentContinueMessage, continue: /.+/ }, 'a continue token behind it gets 410 with a recovery token');
  const exact = rejection(s.getList('/configmaps', { recursive: true, resourceVersion: String(rvOf(first)), resourceVersionMatch: 'Exact' }));
  t.ok(isExpired(await exact), 'an Exact list behind it gets 410');
});
