import {
  isExpired,
  isInternalError,
  isStorageError,
  isTooLargeResourceVersion,
  PrefixTransformer,
  type StorageObject,
  type ValueTransformer,
  type Watch,
  type WatchEvent,
} from '@apiserver/storage';
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { defaultRequestTimeoutMs, newEtcd3Client } from '../src/client.js';
import { fileEtcd, rejection } from './fixtures/file-etcd.js';
import { LeaseManager } from '../src/lease-manager.js';
import { Etcd3Storage } from '../src/store.js';

// One etcd for the file; progress notifications every second for the progressNotify case. The client has the default
// request deadline: a first call, which connects the channel, took more than 700 ms under a full `npm test`.
const { etcd, client } = await fileEtcd(defaultRequestTimeoutMs, ['--experimental-watch-progress-notify-interval', '1s']);

const pod = (name: string): StorageObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' } });

/** Linux: whether the process is in the stopped state ("T" in /proc/<pid>/stat). */
async function isStopped(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
}

async function nextEvent(w: Watch, ms = 5000): Promise<WatchEvent | 'closed' | 'timeout'> {
  const it = w[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => {
    timer = setTimeout(() => r('timeout'), ms);
  });
  const r = await Promise.race([it.next(), timeout]);
  clearTimeout(timer);
  if (r === 'timeout') return r;
  return r.done === true ? 'closed' : r.value;
}

t.test('key layout and stored bytes', async (t) => {
  const store = new Etcd3Storage({ client });
  t.equal(store.pathPrefix, '/registry/', 'default --etcd-prefix');
  t.equal(new Etcd3Storage({ client, pathPrefix: 'custom//p/' }).pathPrefix, '/custom/p/');
  const created = await store.create('/pods/ns/a', { ...pod('a'), metadata: { ...pod('a').metadata, selfLink: '/x' } });
  const raw = await client.get('/registry/pods/ns/a').exec();
  const kv = raw.kvs[0];
  t.equal(kv?.mod_revision, created.metadata.resourceVersion, 'RV is the ModRevision');
  t.same(JSON.parse(kv?.value.toString() ?? ''), { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', namespace: 'ns' } }, 'JSON without RV or selfLink');
  t.equal(kv?.lease, '0', 'no lease without TTL');
});

t.test('TTL leases are attached on create and dropped by an update without TTL', async (t) => {
  const store = new Etcd3Storage({ client, pathPrefix: '/ttl' });
  await store.create('/pods/ns/a', pod('a'), { ttl: 300 });
  const leased = (await client.get('/ttl/pods/ns/a').exec()).kvs[0]?.lease ?? '0';
  t.not(leased, '0', 'create with ttl attaches a lease');
  await store.create('/pods/ns/b', pod('b'), { ttl: 300 });
  t.equal((await client.get('/ttl/pods/ns/b').exec()).kvs[0]?.lease, leased, 'the lease is reused');
  await store.guaranteedUpdate('/pods/ns/a', (cur) => ({ object: { ...cur!, spec: { x: 1 } } }));
  t.equal((await client.get('/ttl/pods/ns/a').exec()).kvs[0]?.lease, '0', 'an update without TTL drops it (as upstream)');
});

t.test('a revoked reused lease is replaced once', async (t) => {
  const leases = new LeaseManager(client);
  const store = new Etcd3Storage({ client, pathPrefix: '/revoked', leaseManager: leases });
  const id = await leases.getLease(300);
  await client.leaseClient.leaseRevoke({ ID: id });
  const created = await store.create('/pods/ns/a', pod('a'), { ttl: 300 });
  const lease = (await client.get('/revoked/pods/ns/a').exec()).kvs[0]?.lease ?? '0';
  t.not(lease, '0', 'stored with a lease');
  t.not(lease, id, 'a new one');
  await client.leaseClient.leaseRevoke({ ID: lease });
  const updated = await store.guaranteedUpdate('/pods/ns/b', () => ({ object: pod('b'), ttl: 300 }), { ignoreNotFound: true });
  t.ok(Number(updated.metadata.resourceVersion) > Number(created.metadata.resourceVersion), 'update path retries too');
});

t.test('unreadable stored values', async (t) => {
  const store = new Etcd3Storage({ client, pathPrefix: '/corrupt' });
  const before = await store.getCurrentResourceVersion();
  const w = await store.watch('/pods', { recursive: true, resourceVersion: before });
  await client.put('/corrupt/pods/ns/bad').value('not json');
  t.ok(isInternalError(await rejection(store.get('/pods/ns/bad'))), 'get: InternalError');
  t.ok(isInternalError(await rejection(store.getList('/pods', { recursive: true }))), 'list: InternalError');
  t.ok(isInternalError(await rejection(store.delete('/pods/ns/bad'))), 'delete: InternalError');
  const e = await nextEvent(w);
  t.equal(e !== 'closed' && e !== 'timeout' ? e.type : e, 'ERROR', 'watch: ERROR event');
  t.equal(await nextEvent(w), 'closed', 'then the watch ends');
  const gone = await store.delete('/pods/ns/bad', { ignoreStoreReadError: true });
  t.same(Object.keys(gone.metadata), ['resourceVersion'], 'ignoreStoreReadError deletes; output carries only the deletion RV');
  await client.put('/corrupt/pods/ns/bad2').value('{{');
  const cached = { ...pod('bad2'), metadata: { ...pod('bad2').metadata, resourceVersion: '1' } };
  const out = await store.delete('/pods/ns/bad2', { ignoreStoreReadError: true, cachedExistingObject: cached });
  t.equal(out.metadata.name, 'bad2', 'the cached copy is returned');
  t.ok(Number(out.metadata.resourceVersion) > Number(before), 'with the deletion RV');
  t.equal((await client.getAll().prefix('/corrupt/').keys()).length, 0, 'both removed');
});

t.test('an asynchronous value transformer is awaited on get, list and watch', async (t) => {
  const prefix = new PrefixTransformer('k8s:enc:test:v1:');
  const asyncTransformer: ValueTransformer = {
    transformFromStorage: async (data, ctx) => prefix.transformFromStorage(data, ctx),
    transformToStorage: async (data) => prefix.transformToStorage(data),
  };
  const store = new Etcd3Storage({ client, pathPrefix: '/async-transformer', transformer: asyncTransformer });
  const before = await store.getCurrentResourceVersion();
  const w = await store.watch('/pods', { recursive: true, resourceVersion: before });
  await store.create('/pods/ns/a', pod('a'));
  await store.create('/pods/ns/b', pod('b'));
  t.equal((await store.get('/pods/ns/a'))?.metadata.name, 'a', 'get');
  t.same((await store.getList('/pods', { recursive: true })).items.map((o) => o.metadata.name), ['a', 'b'], 'list');
  const e = await nextEvent(w);
  t.equal(e !== 'closed' && e !== 'timeout' && e.type === 'ADDED' ? e.object.metadata.name : e, 'a', 'watch');
  w.stop();
  const raw = (await client.get('/async-transformer/pods/ns/a').exec()).kvs[0]?.value.toString() ?? '';
  t.ok(raw.startsWith('k8s:enc:test:v1:'), 'stored transformed');
  await client.put('/async-transformer/pods/ns/c').value('no prefix');
  t.ok(isInternalError(await rejection(store.getList('/pods', { recursive: true }))), 'a rejected transform is an InternalError');
});

t.test('list resource-version edge cases', async (t) => {
  const store = new Etcd3Storage({ client, pathPrefix: '/rv' });
  await store.create('/pods/ns/a', pod('a'));
  const current = Number(await store.getCurrentResourceVersion());
  const future = await rejection(
    store.getList('/pods', { recursive: true, resourceVersion: String(current + 100), resourceVersionMatch: 'Exact' }),
  );
  t.ok(isTooLargeResourceVersion(future), 'Exact at a future revision is a 504 TooLarge (deviation: upstream 500)');
  t.match(future instanceof Error ? future.message : '', `current: ${current}`);
  await client.kv.compact({ revision: current });
  const expired = await rejection(store.getList('/pods', { recursive: true, resourceVersion: String(current - 1), resourceVersionMatch: 'Exact' }));
  t.ok(isExpired(expired), 'Exact below the compaction is 410');
  const at = await store.getList('/pods', { recursive: true, resourceVersion: String(current), resourceVersionMatch: 'Exact' });
  t.equal(at.items.length, 1, 'the compact revision itself is still readable');
  const single = await store.getList('/pods/ns/a', { resourceVersion: String(current), resourceVersionMatch: 'Exact' });
  t.equal(single.resourceVersion, String(current), 'non-recursive list reads one key at the revision');
});

t.test('progress notifications', async (t) => {
  const store = new Etcd3Storage({ client, pathPrefix: '/progress' });
  const rv = await store.getCurrentResourceVersion();
  const w = await store.watch('/pods', { recursive: true, resourceVersion: rv, progressNotify: true });
  const plain = await store.watch('/pods', { recursive: true, resourceVersion: rv });
  const e = await nextEvent(w, 4000);
  t.equal(e !== 'closed' && e !== 'timeout' ? e.type : e, 'BOOKMARK', 'etcd periodic progress (1 s) becomes a BOOKMARK');
  t.equal(await nextEvent(plain, 1500), 'timeout', 'watches without progressNotify get none');
  w.stop();
  plain.stop();
  let end: Awaited<ReturnType<typeof nextEvent>> = 'timeout';
  for (let i = 0; i < 10 && end !== 'closed'; i++) end = await nextEvent(w); // buffered bookmarks first
  t.equal(end, 'closed', 'stop ends the watch');
  await store.requestWatchProgress();
  t.pass('requesting progress with no open progress watch is a no-op');
});

t.test('a slow consumer pauses the stream and loses nothing', async (t) => {
  const store = new Etcd3Storage({ client, pathPrefix: '/slow' });
  const w = await store.watch('/pods', { recursive: true, resourceVersion: await store.getCurrentResourceVersion() });
  const n = 260;
  for (let i = 0; i < n; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, j) => store.create(`/pods/ns/p${i + j}`, pod(`p${i + j}`))));
  }
  await new Promise((r) => setTimeout(r, 300)); // let etcd push while nobody reads
  const seen: number[] = [];
  for (let i = 0; i < n; i++) {
    const e = await nextEvent(w, 3000);
    if (e === 'closed' || e === 'timeout' || e.type !== 'ADDED') break;
    seen.push(Number(e.object.metadata.resourceVersion));
  }
  t.equal(seen.length, n, 'every event arrives after the backlog drains');
  t.ok(seen.every((rv, i) => i === 0 || rv > seen[i - 1]!), 'in revision order');
  w.stop();
});

t.test('abort signal ends a watch without an error', async (t) => {
  const store = new Etcd3Storage({ client, pathPrefix: '/abort' });
  const ac = new AbortController();
  const w = await store.watch('/pods', { recursive: true, signal: ac.signal });
  ac.abort();
  t.equal(await nextEvent(w), 'closed');
  const already = await store.watch('/pods', { recursive: true, signal: ac.signal });
  t.equal(await nextEvent(already), 'closed', 'an aborted signal gives a closed watch');
});

t.test('etcd unreachable: Unreachable errors, watch ERROR, recovery', async (t) => {
  // A client with a short deadline for the hung etcd, its channel connected before the deadlines count.
  const short = newEtcd3Client({ hosts: etcd.host, requestTimeoutMs: 700 });
  t.teardown(() => short.close());
  for (let i = 0; i < 20 && !(await short.get('/warm').string().then(() => true, () => false)); i++);
  const store = new Etcd3Storage({ client: short, pathPrefix: '/down', watchCreateTimeoutMs: 700 });
  await store.create('/pods/ns/a', pod('a'));
  const watch = await store.watch('/pods', { recursive: true, resourceVersion: await store.getCurrentResourceVersion() });

  process.kill(etcd.pid, 'SIGSTOP'); // hung etcd: the per-call deadline fires
  for (let i = 0; i < 100 && !(await isStopped(etcd.pid)); i++) await new Promise((r) => setTimeout(r, 10));
  const started = Date.now();
  const hung = await rejection(store.get('/pods/ns/a'));
  t.ok(isStorageError(hung, 'Unreachable'), 'deadline exceeded is Unreachable');
  t.ok(Date.now() - started < 3000, `bounded by the request timeout (${Date.now() - started} ms)`);
  const unacknowledged = await rejection(store.watch('/pods', { recursive: true, resourceVersion: '1' }));
  process.kill(etcd.pid, 'SIGCONT');
  t.ok(isStorageError(unacknowledged, 'Unreachable'), 'a watch etcd does not acknowledge in time is Unreachable');
  t.match(unacknowledged instanceof Error ? unacknowledged.message : '', 'did not acknowledge the watch');

  await etcd.kill(); // refused connections
  const ops: [string, () => Promise<unknown>][] = [
    ['get', () => store.get('/pods/ns/a')],
    ['create', () => store.create('/pods/ns/b', pod('b'))],
    ['getList', () => store.getList('/pods', { recursive: true })],
    ['count', () => store.count('/pods')],
    ['guaranteedUpdate', () => store.guaranteedUpdate('/pods/ns/a', (cur) => ({ object: cur! }))],
    ['delete', () => store.delete('/pods/ns/a')],
    ['watch', () => store.watch('/pods', { recursive: true })],
    ['getCurrentResourceVersion', () => store.getCurrentResourceVersion()],
  ];
  for (const [name, op] of ops) t.ok(isStorageError(await rejection(op()), 'Unreachable'), `${name}: Unreachable`);
  const e = await nextEvent(watch);
  t.match(e, { type: 'ERROR', object: { code: 500, reason: 'ServerTimeout' } }, 'open watch ends with an Unreachable ERROR');
  t.equal(await nextEvent(watch), 'closed');

  await etcd.restart();
  // gRPC reconnects on its own backoff after the refused connections (up to seconds on a loaded machine): a call
  // before the channel is back fails Unreachable, as before the restart; the same client must work within 10 s.
  const back = Date.now();
  let recovered: unknown;
  for (;;) {
    recovered = await store.get('/pods/ns/a').catch((err: unknown) => err);
    if (!isStorageError(recovered, 'Unreachable') || Date.now() - back > 10_000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  t.equal((recovered as StorageObject | undefined)?.metadata?.name, 'a', `the same client works again after etcd is back (${Date.now() - back} ms)`);
});
