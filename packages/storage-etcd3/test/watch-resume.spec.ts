import type { StorageObject, WatchEvent } from '@apiserver/storage';
import { startEtcdCluster } from '@apiserver/testing';
import t from 'tap';
import { Etcd3Backend } from '../src/backend.js';

const pod = (name: string): StorageObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' } });

/** Open watchers on one member, from its Prometheus metrics. */
async function watchersOn(endpoint: string): Promise<number> {
  const text = await (await fetch(`${endpoint}/metrics`, { signal: AbortSignal.timeout(2000) })).text();
  return Number(/^etcd_debugging_mvcc_watcher_total (\d+)/m.exec(text)?.[1] ?? '0');
}

t.test('a watch whose member is killed resumes on another member from its last event: no gap, no duplicate', async (t) => {
  const cluster = await startEtcdCluster();
  t.teardown(() => cluster.stop());
  const logs: string[] = [];
  const backend = new Etcd3Backend({ hosts: cluster.hosts, compactionIntervalMs: 0, log: (l) => logs.push(l) });
  t.teardown(() => backend.close());
  const store = backend.newStorage();
  const rv = await store.getCurrentResourceVersion();
  const watch = await store.watch('/pods/', { recursive: true, resourceVersion: rv });
  const events: WatchEvent[] = [];
  const reading = (async () => {
    for await (const e of watch) events.push(e);
  })();
  for (let i = 0; i < 5; i++) await store.create(`/pods/ns/a${i}`, pod(`a${i}`));
  const counts = await Promise.all(cluster.members.map((m) => watchersOn(m.endpoint)));
  t.same(counts.filter((n) => n > 0), [1], `one member serves the watch (${counts.join('/')})`);
  const victim = cluster.members[counts.indexOf(1)]!;
  await victim.kill();
  // The writes below must be acknowledged: when the victim led, a write proposed before the election ends times
  // out ambiguously (and is rightly not resent), so they wait for a new leader and for the backend to see the loss.
  await cluster.waitForLeader({ except: victim });
  const noticed = Date.now() + 5_000;
  while (!logs.some((l) => l.includes('etcd member unhealthy') && l.includes(victim.host)) && Date.now() < noticed) {
    await new Promise((r) => setTimeout(r, 20));
  }
  for (let i = 0; i < 5; i++) await store.create(`/pods/ns/b${i}`, pod(`b${i}`));
  const deadline = Date.now() + 10_000;
  while (events.length < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  watch.stop();
  await reading;
  t.same(
    events.map((e) => `${e.type} ${e.object.metadata.name}`),
    [...['a0', 'a1', 'a2', 'a3', 'a4'], ...['b0', 'b1', 'b2', 'b3', 'b4']].map((n) => `ADDED ${n}`),
    'every event once, in order, across the member failure',
  );
  const resumed = logs.filter((l) => l.includes('etcd watch restarted')).map((l) => JSON.parse(l) as Record<string, unknown>);
  t.equal(resumed.length, 1, 'the watch was resumed once');
  t.match(resumed[0], { key: '/registry/pods/', from: victim.host }, 'logged with the failed member');
  t.not(resumed[0]?.to, victim.host, 'on another member');
});
