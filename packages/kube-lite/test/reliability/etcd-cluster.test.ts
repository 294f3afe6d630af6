/**
 * Issue #20 at the API level: two kube-lites (watch cache on and off) on a real 3-member etcd, with a writer and a
 * watch per server, while the etcd leader is kill -9'd (and restarted) and then a follower is SIGSTOPped for 5 s.
 * Requests fail only until a new leader is elected, writes keep being acknowledged while a follower is stopped,
 * `/readyz` stays green while a quorum is up, nothing acknowledged is lost and the watches have no gap.
 */
import { type EtcdCluster, startEtcdCluster } from '@apiserver/testing';
import t, { type Test } from 'tap';
import { call, closeAgent, dataOf, openWatch, resourceVersionOf, type WatchReader } from './http.js';
import { spawnKubeLite } from './kube-lite-process.js';
import { type StoredValue, WriteLedger } from './ledger.js';
import { writeConfigMap } from './writer.js';

const NS = 'members';
const COLLECTION = `/api/v1/namespaces/${NS}/configmaps`;
const NAMES = Array.from({ length: 8 }, (_, i) => `cm-${i}`);
const SERVERS = [
  { label: 'watch cache', flags: [] as string[], names: NAMES.slice(0, 4) },
  { label: 'no watch cache', flags: ['--watch-cache=false'], names: NAMES.slice(4) },
];

t.setTimeout(90_000);
t.teardown(closeAgent);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface Request {
  readonly issuedAt: number;
  doneAt: number;
  status: string;
}

/** Sequential merge patches over `names` through `base`, each timed and recorded in the ledger. */
function startTimedWriter(base: string, names: readonly string[], ledger: WriteLedger, requests: Request[]): () => Promise<void> {
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const r: Request = { issuedAt: Date.now(), doneAt: 0, status: '' };
      requests.push(r);
      r.status = await writeConfigMap(base, NS, names[i % names.length] ?? '', `w${i}`, false, ledger);
      r.doneAt = Date.now();
      await sleep(10);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

/** `/readyz` of every server every 250 ms until stopped; the answers that were not 200. */
function probeReadyz(bases: readonly string[]): () => Promise<string[]> {
  let stopped = false;
  const red: string[] = [];
  const loop = (async () => {
    while (!stopped) {
      for (const base of bases) {
        const r = await call(base, 'GET', '/readyz?verbose', undefined, { timeoutMillis: 5_000 }).catch((e: unknown) => ({ status: 0, text: String(e) }));
        if (r.status !== 200) red.push(`${r.status} ${r.text.split('\n').filter((l) => l.startsWith('[-]')).join(' ')}`);
      }
      await sleep(250);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return red;
  };
}

function longestAckGap(requests: readonly Request[], from: number, to: number): number {
  const acks = requests.filter((r) => r.status === '200' && r.doneAt >= from && r.doneAt <= to).map((r) => r.doneAt).sort((a, b) => a - b);
  let gap = acks.length === 0 ? to - from : Math.max(acks[0]! - from, to - acks.at(-1)!);
  for (let i = 1; i < acks.length; i++) gap = Math.max(gap, acks[i]! - acks[i - 1]!);
  return gap;
}

/** Strictly increasing resourceVersions and every acknowledged write up to the last event present (no gap). */
function checkWatch(t: Test, label: string, watch: WatchReader, acked: readonly string[], fromRV: bigint): string {
  const rvs = watch.events.filter((e) => e.type !== 'BOOKMARK').map((e) => (e.type === 'ERROR' ? -1n : BigInt(resourceVersionOf(e.object) || '0')));
  t.notOk(rvs.includes(-1n), `${label}: the watch never got an ERROR`);
  t.ok(
    rvs.every((rv, i) => i === 0 || rv > (rvs[i - 1] ?? 0n)),
    `${label}: watch resourceVersions strictly increase`,
  );
  const last = rvs.at(-1) ?? fromRV;
  const seen = new Set(rvs);
  t.same(
    acked.map(BigInt).filter((rv) => rv > fromRV && rv <= last && !seen.has(rv)).map(String),
    [],
    `${label}: no acknowledged write missing from the watch`,
  );
  return `${rvs.length} events`;
}

async function stored(base: string): Promise<Map<string, StoredValue>> {
  const list = await call(base, 'GET', COLLECTION);
  const items = Array.isArray(list.body.items) ? (list.body.items as Record<string, unknown>[]) : [];
  return new Map(items.map((i) => [String((i.metadata as Record<string, unknown>).name), { value: dataOf(i, 'v'), resourceVersion: resourceVersionOf(i) }]));
}

async function leaderFault(t: Test, cluster: EtcdCluster, requests: Request[]): Promise<void> {
  // Waits for one: on a loaded machine etcd may be re-electing, or a member's status probe may time out, just now.
  const leader = await cluster.waitForLeader();
  const killedAt = Date.now();
  await leader.kill();
  const next = await cluster.waitForLeader({ except: leader });
  const electedAt = Date.now();
  await sleep(500);
  const stopProbe = probeReadyz(probeBases);
  await sleep(3_000);
  const red = await stopProbe();
  const downUntil = Date.now();
  const failed = requests.filter((r) => r.doneAt > 0 && r.status !== '200');
  const failedDuring = failed.filter((r) => r.doneAt >= killedAt);
  const afterElection = failed.filter((r) => r.issuedAt >= electedAt && r.issuedAt < downUntil);
  t.comment(
    `leader kill -9: new leader ${next.name} after ${electedAt - killedAt} ms; longest ack gap ${longestAckGap(requests, killedAt, downUntil)} ms; ${failedDuring.length} failed requests (${failedDuring.map((r) => r.status).join(',')}), ${afterElection.length} issued after the election`,
  );
  // How soon etcd elects a leader is etcd's and the machine's, not kube-lite's: 1-2 s when idle, 3.9 s in a CI matrix
  // run on 2 cores even at nice -5 (ETCD_NICE). waitForLeader fails the test past 10 s; what is asserted is what the
  // API does around the election (the comment above reports its time).
  t.same(afterElection.map((r) => r.status), [], 'leader kill: no API request issued after the election failed');
  t.same(red, [], 'leader kill: /readyz green on both servers with 2 of 3 members');
  await leader.restart();
  await sleep(1_000);
}

let probeBases: string[] = [];

t.test('two kube-lites on a 3-member etcd: leader kill -9, follower SIGSTOP', async (t) => {
  const cluster = await startEtcdCluster();
  t.teardown(() => cluster.stop());
  const servers = await Promise.all(
    SERVERS.map((s) => spawnKubeLite(['--storage-backend=etcd3', `--etcd-servers=${cluster.members.map((m) => m.endpoint).join(',')}`, ...s.flags])),
  );
  for (const s of servers) t.teardown(() => s.stop());
  probeBases = servers.map((s) => s.url);
  const first = servers[0]?.url ?? '';
  t.equal((await call(first, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status, 201);
  const ledger = new WriteLedger();
  for (const name of NAMES) t.equal(await writeConfigMap(first, NS, name, 'initial', true, ledger), '201', `${name} created`);
  const listRV = resourceVersionOf((await call(first, 'GET', COLLECTION)).body);
  const watches = await Promise.all(servers.map((s) => openWatch(s.url, `${COLLECTION}?watch=1&resourceVersion=${listRV}`)));
  const requests: Request[] = [];
  const stops = servers.map((s, i) => startTimedWriter(s.url, SERVERS[i]?.names ?? [], ledger, requests));
  await sleep(1_000);

  await leaderFault(t, cluster, requests);

  const leader = await cluster.waitForLeader();
  const follower = cluster.members.find((m) => m !== leader && m.running)!;
  const stoppedAt = Date.now();
  follower.pause();
  const stopProbe = probeReadyz(probeBases);
  await sleep(5_000);
  const red = await stopProbe();
  follower.resume();
  const resumedAt = Date.now();
  const gap = longestAckGap(requests, stoppedAt, resumedAt);
  await sleep(1_000);
  for (const stop of stops) await stop();
  const failedStop = requests.filter((r) => r.issuedAt >= stoppedAt && r.status !== '200');
  t.comment(`follower SIGSTOP 5 s: longest ack gap ${gap} ms; ${failedStop.length} failed requests (${failedStop.map((r) => r.status).join(',')})`);
  t.ok(gap <= 3_000, `follower stop: longest gap between acknowledged writes ${gap} ms ≤ 3 s`);
  t.same(red, [], 'follower stop: /readyz green on both servers');

  t.same(ledger.check(await stored(first)), [], `no acknowledged write lost (${ledger.acked} acknowledged, ${ledger.failed} failed)`);
  const lastRV = ledger.maxAckedResourceVersion;
  for (const [i, w] of watches.entries()) {
    await w.waitUntil((events) => events.some((e) => BigInt(resourceVersionOf(e.object) || '0') >= lastRV), 5_000);
    w.close();
    t.comment(`${SERVERS[i]?.label}: ${checkWatch(t, SERVERS[i]?.label ?? '', w, ledger.ackedResourceVersions(), BigInt(listRV))}`);
  }

  // A kube-lite (watch cache on) killed with SIGKILL and started again on the cluster: time until /readyz is 200.
  await servers[0]?.kill();
  const restartedAt = Date.now();
  const again = await spawnKubeLite(['--storage-backend=etcd3', `--etcd-servers=${cluster.members.map((m) => m.endpoint).join(',')}`]);
  t.teardown(() => again.stop());
  const readyIn = Date.now() - restartedAt;
  // Issue #20's 3 s target is measured by `npm run bench -- etcd-restart` (interleaved with the memory backend and
  // a bare node:http spawn), not asserted here: the start is CPU-bound, and beside the other suites in CI (load ~9)
  // it took 2,924-4,034 ms, against 1,207-1,797 ms at load 6-10 (docs/reliability.md §6).
  t.comment(`killed kube-lite back to ready in ${readyIn} ms (process start included)`);
  t.same(ledger.check(await stored(again.url)), [], 'the restarted server lists every acknowledged write');
});
