import { freePort, startEtcd } from '@apiserver/testing';
import { GRPCDeadlineExceededError, GRPCUnavailableError } from 'etcd3';
import t from 'tap';
import { Etcd3Backend } from '../src/backend.js';
import { EtcdClusterClient } from '../src/client.js';
import { isMemberDownError, isNotSentError } from '../src/etcd-errors.js';

t.test('which errors prove a call never left (the only ones a write is resent on)', async (t) => {
  const refused = new GRPCUnavailableError(
    '14 UNAVAILABLE: No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:1. Resolution note: ',
  );
  const dropped = new GRPCUnavailableError('14 UNAVAILABLE: Connection dropped');
  const reset = Object.assign(new Error('14 UNAVAILABLE: read ECONNRESET'), { code: 14 });
  const timedOut = new GRPCUnavailableError('14 UNAVAILABLE: etcdserver: request timed out');
  const deadline = new GRPCDeadlineExceededError('4 DEADLINE_EXCEEDED: Deadline exceeded after 9.999s');
  t.same(
    [refused, dropped, reset, timedOut, deadline].map((e) => [isNotSentError(e), isMemberDownError(e)]),
    [
      [true, true],
      [false, true],
      [false, true],
      [false, false],
      [false, false],
    ],
    'refused: resend anything; dropped/reset: member down but the call is ambiguous; etcd timeouts: neither',
  );
});

t.test('a dead member among the hosts: writes and reads go to the live one, logged once, quorum check red', async (t) => {
  const etcd = await startEtcd();
  const deadHost = `127.0.0.1:${await freePort()}`;
  const logs: string[] = [];
  const backend = new Etcd3Backend({ hosts: [deadHost, etcd.host], compactionIntervalMs: 0, log: (l) => logs.push(l) });
  t.teardown(async () => {
    await backend.close();
    await etcd.stop();
  });
  const store = backend.newStorage();
  for (let i = 0; i < 20; i++) {
    await store.create(`/things/ns/t${i}`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `t${i}`, namespace: 'ns' } });
  }
  const list = await store.getList('/things/', { recursive: true });
  t.equal(list.items.length, 20, 'all 20 creates applied once, none failed');
  const down = logs.map((l) => JSON.parse(l) as { msg: string; endpoint: string }).filter((l) => l.msg === 'etcd member unhealthy');
  t.same(
    down.map((l) => l.endpoint),
    [deadHost],
    'the dead member was marked unhealthy once',
  );
  await t.rejects(backend.healthCheck(), { code: 'Unreachable' }, '1 of 2 members is no majority: red');
});

t.test('the quorum check is green with every member up', async (t) => {
  const etcd = await startEtcd();
  const client = new EtcdClusterClient({ hosts: [etcd.host], log: () => undefined });
  t.teardown(async () => {
    client.close();
    await etcd.stop();
  });
  await client.pool.quorumRead(Buffer.from('/registry/health'), 2000);
  t.pass('green');
});

t.test('a read on the only member waits for its answer when the member is marked unhealthy (a slow, not a lost, member)', async (t) => {
  const etcd = await startEtcd();
  const logs: string[] = [];
  // Probes with a short deadline: a member stopped for 600 ms is marked unhealthy while the read waits.
  const client = new EtcdClusterClient({ hosts: [etcd.host], probeIntervalMs: 50, probeTimeoutMs: 150, log: (l) => logs.push(l) });
  t.teardown(async () => {
    client.close();
    await etcd.stop();
  });
  await client.kv.range({ key: Buffer.from('/warm-up') });
  etcd.pause();
  const read = client.kv.range({ key: Buffer.from('/slow') }).then(
    () => 'answered',
    (err: unknown) => `failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  await new Promise((r) => setTimeout(r, 600));
  etcd.resume();
  t.equal(await read, 'answered', 'the read was not abandoned: there was no other member to send it to');
  t.ok(
    logs.some((l) => l.includes('etcd member unhealthy')),
    'the member had been marked unhealthy meanwhile',
  );
});
