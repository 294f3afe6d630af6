import { isStorageError } from '@apiserver/storage';
import t from 'tap';
import { fileEtcd, rejection } from './fixtures/file-etcd.js';
import { Etcd3Backend } from '../src/backend.js';
import { newEtcd3Client } from '../src/client.js';
import { Compactor, compactRevKey, compactTo } from '../src/compactor.js';
import { isCompactedError } from '../src/etcd-errors.js';
import { LeaseManager } from '../src/lease-manager.js';

const { etcd, client } = await fileEtcd(2000);

async function ttlOf(id: string): Promise<number> {
  return Number((await client.leaseClient.leaseTimeToLive({ ID: id })).TTL);
}

t.test('lease manager: reuse window, object cap, expiry and invalidation', async (t) => {
  const leases = new LeaseManager(client, { maxObjectCount: 3 });
  let now = Date.now();
  leases.now = () => now;
  const first = await leases.getLease(100);
  t.type(first, 'string', 'lease IDs stay strings');
  t.match(first, /^[1-9][0-9]*$/);
  const granted = await ttlOf(first);
  t.ok(granted > 100 && granted <= 105, `granted ttl + 5 % reuse window (${granted})`);
  now += 10;
  t.equal(await leases.getLease(100), first, 'reused within the window');
  now += 2000;
  t.equal(await leases.getLease(100), first, 'still reusable 2 s later');
  const fourth = await leases.getLease(100);
  t.not(fourth, first, 'a new lease after maxObjectCount objects');
  now += 6000;
  t.not(await leases.getLease(100), fourth, 'a lease expiring too early is not reused');
  const before = await leases.getLease(100);
  leases.invalidate();
  t.not(await leases.getLease(100), before, 'invalidate forces a new grant');
  const short = new LeaseManager(client);
  const a = await short.getLease(10);
  t.not(await short.getLease(10), a, 'no reuse window for short TTLs (floor(5 % of 10 s) = 0)');
  const parallel = new LeaseManager(client);
  const ids = await Promise.all([1, 2, 3, 4].map(() => parallel.getLease(200)));
  t.equal(new Set(ids).size, 1, 'concurrent calls are serialised and share one lease');
});

t.test('compactor: CAS on compact_rev_key, one winner, compacts one round late', async (t) => {
  const a = new Compactor(client, { intervalMs: 0 });
  const b = new Compactor(client, { intervalMs: 0 });
  await client.put('/lab/x').value('1');
  const first = await a.compactOnce();
  t.same(first, { won: true }, 'first round only records a revision');
  const key = await client.get(compactRevKey).exec();
  t.equal(key.kvs[0]?.version, '1', 'compact_rev_key has no prefix and version 1');
  t.same(await b.compactOnce(), { won: false }, 'a second compactor loses the CAS and adopts the version');
  const winner = await b.compactOnce();
  t.equal(winner.won, true, 'after adopting it wins');
  t.type(winner.compacted, 'string');
  t.same(await a.compactOnce(), { won: false }, 'the other one now lags');
  const gone = await rejection(client.kv.range({ key: Buffer.from('/lab/x'), revision: '1' }));
  t.ok(isCompactedError(gone), 'history below the compacted revision is gone');
  await compactTo(client, '1');
  t.pass('compacting an already compacted revision is not an error');
});

t.test('compactor: interval timer, stop, and errors', async (t) => {
  const before = (await client.get(compactRevKey).exec()).kvs[0]?.version ?? '0';
  const errors: unknown[] = [];
  const c = new Compactor(client, { intervalMs: 40, onError: (e) => errors.push(e) });
  c.start();
  c.start();
  const deadline = Date.now() + 5000;
  let version = before;
  while (Date.now() < deadline && Number(version) < Number(before) + 2) {
    await new Promise((r) => setTimeout(r, 40));
    version = (await client.get(compactRevKey).exec()).kvs[0]?.version ?? '0';
  }
  await c.stop();
  t.ok(Number(version) >= Number(before) + 2, `the timer compacts repeatedly (version ${before} → ${version})`);
  new Compactor(client, { intervalMs: 0 }).start();
  const closed = newEtcd3Client({ hosts: etcd.host });
  closed.close();
  t.ok(isStorageError(await rejection(new Compactor(closed).compactOnce()), 'Unreachable'), 'CAS on a closed client');
  t.ok(isStorageError(await rejection(compactTo(closed, '5')), 'Unreachable'), 'compact on a closed client');
  t.ok(isStorageError(await rejection(new LeaseManager(closed).getLease(5)), 'Unreachable'), 'grant on a closed client');
  t.same(errors, [], 'no background errors');
});

t.test('backend: stores share the client and lease manager; health; compaction; close', async (t) => {
  const errors: unknown[] = [];
  const backend = new Etcd3Backend({
    hosts: etcd.host,
    prefix: '/be',
    compactionIntervalMs: 30,
    leaseReuseDurationSeconds: 30,
    onCompactionError: (e) => errors.push(e),
  });
  const pods = backend.newStorage();
  const nodes = backend.newStorage();
  t.equal(pods.pathPrefix, '/be/');
  await pods.create('/pods/ns/a', { metadata: { name: 'a', namespace: 'ns' } }, { ttl: 300 });
  await nodes.create('/nodes/n1', { metadata: { name: 'n1' } }, { ttl: 300 });
  const leaseOf = async (key: string): Promise<string | undefined> => (await client.get(key).exec()).kvs[0]?.lease;
  t.equal(await leaseOf('/be/pods/ns/a'), await leaseOf('/be/nodes/n1'), 'one lease manager for all resources');
  await backend.healthCheck();
  const start = Number((await client.get(compactRevKey).exec()).kvs[0]?.version ?? '0');
  let version = start;
  for (let i = 0; i < 100 && version < start + 2; i++) {
    await new Promise((r) => setTimeout(r, 30));
    version = Number((await client.get(compactRevKey).exec()).kvs[0]?.version ?? '0');
  }
  t.ok(version >= start + 2, 'the backend runs its compactor');
  await backend.close();
  t.ok(isStorageError(await rejection(backend.healthCheck()), 'Unreachable'), 'health after close is Unreachable');
  t.same(errors, []);
});
