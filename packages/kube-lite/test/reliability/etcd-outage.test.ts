/**
 * etcd killed (SIGKILL) under a running kube-lite and restarted on the same data dir and port: requests in the
 * outage get a 5xx Status within the request timeout (also while etcd is hung by SIGSTOP beforehand), /readyz
 * reports the etcd check, and after the restart
 * the server recovers by itself with every acknowledged write in place, new writes working, and watches either
 * continuing without a gap or ending so that a client relists (client-node's informer converges on the list).
 * Two kube-lites share the etcd: one with the watch cache (the default) and one with `--watch-cache=false`, so
 * both watch paths (Cacher over the etcd watch, and the etcd watch served directly) go through the outage.
 */
import { startEtcd } from '@apiserver/testing';
import * as k8s from '@kubernetes/client-node';
import t, { type Test } from 'tap';
import { type Answer, call, closeAgent, dataOf, openWatch, resourceVersionOf, TransportError, type WatchReader, WatchRefused } from './http.js';
import { spawnKubeLite } from './kube-lite-process.js';
import { type StoredValue, WriteLedger } from './ledger.js';
import { startWriter, writeConfigMap } from './writer.js';

const NS = 'outage';
const COLLECTION = `/api/v1/namespaces/${NS}/configmaps`;
const REQUEST_TIMEOUT_MILLIS = 2_000;
/** Slack over the request timeout for a loaded 2-core machine. */
const ANSWER_BOUND_MILLIS = REQUEST_TIMEOUT_MILLIS + 2_000;
const NAMES = Array.from({ length: 8 }, (_, i) => `cm-${i}`);
/** The two servers: which flags, and which of the objects each one's writer updates (disjoint, so writes to one object are ordered). */
const SERVERS = [
  { label: 'watch cache', flags: [] as string[], names: NAMES.slice(0, 4) },
  { label: 'no watch cache', flags: ['--watch-cache=false'], names: NAMES.slice(4) },
];

t.setTimeout(90_000);
t.teardown(closeAgent);

async function until(what: string, cond: () => boolean | Promise<boolean>, timeoutMillis: number): Promise<number> {
  const started = Date.now();
  while (!(await cond())) {
    if (Date.now() - started > timeoutMillis) throw new Error(`${what}: not within ${timeoutMillis} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

async function readyz(base: string): Promise<Answer | TransportError> {
  return call(base, 'GET', '/readyz?verbose', undefined, { timeoutMillis: ANSWER_BOUND_MILLIS }).catch((e: unknown) => {
    if (e instanceof TransportError) return e;
    throw e;
  });
}

/** The requests probed during the outage. */
function outageProbes(base: string): Record<string, () => Promise<Answer>> {
  const o = { timeoutMillis: ANSWER_BOUND_MILLIS + 5_000 };
  return {
    'GET object': () => call(base, 'GET', `${COLLECTION}/cm-0`, undefined, o),
    'LIST': () => call(base, 'GET', COLLECTION, undefined, o),
    'POST create': () => call(base, 'POST', COLLECTION, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'during' }, data: { v: 'x' } }, o),
    'PUT update': () => call(base, 'PUT', `${COLLECTION}/cm-1`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm-1', namespace: NS }, data: { v: 'put' } }, o),
    'PATCH': () => call(base, 'PATCH', `${COLLECTION}/cm-2`, { data: { v: 'patch' } }, { ...o, contentType: 'application/merge-patch+json' }),
    'DELETE': () => call(base, 'DELETE', `${COLLECTION}/cm-3`, undefined, o),
  };
}

async function probeOutage(t: Test, base: string, label: string): Promise<void> {
  const timings: string[] = [];
  const answers = await Promise.all(Object.entries(outageProbes(base)).map(async ([name, probe]) => [name, await probe()] as const));
  for (const [name, res] of answers) {
    timings.push(`${name} ${res.status} in ${res.millis} ms`);
    const what = `${label}: ${name} in the outage`;
    t.ok(res.status >= 500 && res.status < 600 && res.body.reason === 'ServerTimeout', `${what}: 5xx ServerTimeout (got ${res.status} ${String(res.body.reason)})`);
    t.equal(res.body.kind, 'Status', `${what}: a Status body`);
    t.ok(res.millis <= ANSWER_BOUND_MILLIS, `${what}: answered in ${res.millis} ms (request timeout ${REQUEST_TIMEOUT_MILLIS} ms)`);
  }
  t.comment(`${label}: outage answers: ${timings.join(', ')}`);
}

/**
 * etcd hung (SIGSTOP): connections stay open and nothing answers. Reads, a create and /readyz must still be
 * answered (a 5xx Status) by the request timeout. Writes to the ledger's objects are left out: a write that timed
 * out is queued in etcd and applied on SIGCONT, which the ledger allows only for the writer's own attempts.
 */
async function probeHung(t: Test, rig: Rig, round: number): Promise<void> {
  const o = { timeoutMillis: ANSWER_BOUND_MILLIS + 5_000 };
  const probes: Record<string, () => Promise<Answer>> = {
    'GET object': () => call(rig.base, 'GET', `${COLLECTION}/cm-0`, undefined, o),
    'LIST': () => call(rig.base, 'GET', COLLECTION, undefined, o),
    'POST create': () => call(rig.base, 'POST', COLLECTION, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `hung-${round}` }, data: { v: 'x' } }, o),
    '/readyz': () => call(rig.base, 'GET', '/readyz', undefined, o),
  };
  const answers = await Promise.all(Object.entries(probes).map(async ([name, probe]) => [name, await probe()] as const));
  for (const [name, res] of answers) {
    t.ok(res.status >= 500 && res.status < 600, `${rig.label}: ${name} with etcd hung: 5xx (got ${res.status} ${String(res.body.reason ?? res.text.slice(0, 40))})`);
    t.ok(res.millis <= ANSWER_BOUND_MILLIS, `${rig.label}: ${name} with etcd hung: answered in ${res.millis} ms (request timeout ${REQUEST_TIMEOUT_MILLIS} ms)`);
  }
  t.comment(`${rig.label}: etcd hung: ${answers.map(([name, res]) => `${name} ${res.status} in ${res.millis} ms`).join(', ')}`);
}

async function storedValues(base: string, names: readonly string[]): Promise<Map<string, StoredValue>> {
  const list = await call(base, 'GET', COLLECTION);
  const items = Array.isArray(list.body.items) ? (list.body.items as Record<string, unknown>[]) : [];
  const stored = new Map<string, StoredValue>();
  for (const item of items) {
    const meta = item.metadata as Record<string, unknown> | undefined;
    const name = typeof meta?.name === 'string' ? meta.name : '';
    if (names.includes(name)) stored.set(name, { value: dataOf(item, 'v'), resourceVersion: resourceVersionOf(item) });
  }
  return stored;
}

/** The leading synthetic ADDED events of a watch opened without a resourceVersion (the state at open, in key order). */
function initialStateCount(events: WatchReader['events']): number {
  const names = new Set<string>();
  let n = 0;
  for (const e of events) {
    if (e.type !== 'ADDED') break;
    const name = String((e.object.metadata as Record<string, unknown> | undefined)?.name ?? '');
    if (names.has(name)) break;
    names.add(name);
    n++;
  }
  return n;
}

/**
 * The raw watch: strictly increasing resourceVersions, and every acknowledged write up to its last event seen. With
 * `initialState`, the leading ADDED events of a watch opened without a resourceVersion are the state at open (as
 * upstream's, not in resourceVersion order): the checks start after them.
 */
function checkRawWatch(t: Test, label: string, watch: WatchReader, ackedRVs: readonly string[], fromRV: bigint, initialState = false): string {
  const skip = initialState ? initialStateCount(watch.events) : 0;
  const rvOf = (e: WatchReader['events'][number]): bigint => BigInt(resourceVersionOf(e.object) || '0');
  // bigint resourceVersions: Math.max does not take them.
  for (const e of watch.events.slice(0, skip)) {
    const rv = rvOf(e);
    if (rv > fromRV) fromRV = rv;
  }
  const rvs = watch.events.slice(skip).filter((e) => e.type !== 'ERROR' && e.type !== 'BOOKMARK').map(rvOf);
  t.ok(
    rvs.every((rv, i) => i === 0 || rv > (rvs[i - 1] ?? 0n)),
    `${label}: raw watch: resourceVersions strictly increase across the outage`,
  );
  const lastSeen = rvs.at(-1) ?? fromRV;
  const expected = ackedRVs.map(BigInt).filter((rv) => rv > fromRV && rv <= lastSeen);
  const seen = new Set(rvs);
  t.same(
    expected.filter((rv) => !seen.has(rv)).map(String),
    [],
    `${label}: raw watch: no acknowledged write missing up to its last event (no gap)`,
  );
  const error = watch.events.find((e) => e.type === 'ERROR');
  return error === undefined ? `${rvs.length} events, no ERROR` : `${rvs.length} events, then ERROR ${String(error.object.code)}`;
}

/** After a watch ended, a client re-watches from its last event: it gets 410 Gone, or the rest without a gap. */
async function checkRewatch(t: Test, label: string, base: string, watch: WatchReader, ledger: WriteLedger, listRV: string): Promise<string> {
  const lastEvent = watch.events.filter((e) => e.type !== 'ERROR').at(-1);
  const from = lastEvent === undefined ? listRV : resourceVersionOf(lastEvent.object);
  const again = await openWatch(base, `${COLLECTION}?watch=1&resourceVersion=${from}`);
  const expected = ledger
    .ackedResourceVersions()
    .map(BigInt)
    .filter((rv) => rv > BigInt(from))
    .sort((a, b) => (a < b ? -1 : 1));
  // Wait for the acknowledged writes themselves: unacknowledged writes that were applied add events too, so a count
  // of events can be reached before the last acknowledged one arrives.
  const rvOf = (e: { object: Record<string, unknown> }): bigint => BigInt(resourceVersionOf(e.object) || '0');
  await again.waitUntil((events) => events[0]?.type === 'ERROR' || expected.every((rv) => events.some((e) => rvOf(e) === rv)), 5_000);
  again.close();
  const first = again.events[0];
  if (first?.type === 'ERROR') {
    t.equal(first.object.code, 410, `${label}: re-watch: an ERROR is 410 Gone (the client relists)`);
    return `ERROR ${String(first.object.code)}`;
  }
  const rvs = again.events.map((e) => BigInt(resourceVersionOf(e.object) || '0'));
  // Writes that timed out may have been applied too (e.g. a create queued in a hung etcd): extra events are fine.
  const seen = new Set(rvs);
  t.same(
    expected.filter((rv) => !seen.has(rv)).map(String),
    [],
    `${label}: re-watch: every acknowledged write after the last event is there (no gap)`,
  );
  t.ok(
    rvs.every((rv, i) => i === 0 || rv > (rvs[i - 1] ?? 0n)),
    `${label}: re-watch: in order`,
  );
  return `${rvs.length} events, no gap`;
}

/** One server of the test with what runs against it. */
interface Rig {
  readonly label: string;
  readonly base: string;
  readonly watch: WatchReader;
  readonly informer: k8s.Informer<k8s.V1ConfigMap> & k8s.ObjectCache<k8s.V1ConfigMap>;
  readonly informerErrors: () => number;
}

/** client-node's informer on the collection, restarted 500 ms after an error (the documented pattern). */
async function startInformer(t: Test, kubeconfigPath: string): Promise<{ informer: Rig['informer']; errors: () => number }> {
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(kubeconfigPath);
  const core = kc.makeApiClient(k8s.CoreV1Api);
  const informer = k8s.makeInformer(kc, COLLECTION, () => core.listNamespacedConfigMap({ namespace: NS }));
  let errors = 0;
  let restarting = false;
  let done = false;
  informer.on('error', () => {
    errors++;
    if (restarting || done) return;
    restarting = true;
    setTimeout(() => {
      restarting = false;
      if (!done) informer.start().catch(() => undefined);
    }, 500);
  });
  await informer.start();
  t.teardown(() => {
    done = true;
    return informer.stop();
  });
  return { informer, errors: () => errors };
}

/** A watch opened while etcd is down: it must answer (a stream, or an error Status) within the bound. */
async function watchInOutage(t: Test, rig: Rig): Promise<WatchReader | undefined> {
  const started = Date.now();
  try {
    const w = await openWatch(rig.base, `${COLLECTION}?watch=1`, ANSWER_BOUND_MILLIS + 5_000);
    t.ok(Date.now() - started <= ANSWER_BOUND_MILLIS, `${rig.label}: a watch opened in the outage answers 200 in ${Date.now() - started} ms`);
    return w;
  } catch (e) {
    if (e instanceof WatchRefused) {
      t.ok(e.status === 429 || e.status >= 500, `${rig.label}: a watch opened in the outage is refused with ${e.status} ${e.reason} (429 or 5xx)`);
      t.ok(e.reason === 'ServerTimeout' || e.reason === 'TooManyRequests', `${rig.label}: the refusal says ServerTimeout or TooManyRequests (got ${e.reason})`);
      t.ok(Date.now() - started <= ANSWER_BOUND_MILLIS, `${rig.label}: in ${Date.now() - started} ms`);
      return undefined;
    }
    t.fail(`${rig.label}: a watch opened in the outage: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  }
}

async function checkAfterRecovery(t: Test, rig: Rig, ledger: WriteLedger, listRV: string, outageWatch: WatchReader | undefined): Promise<void> {
  const list = await call(rig.base, 'GET', COLLECTION);
  const serverView = (Array.isArray(list.body.items) ? (list.body.items as Record<string, unknown>[]) : [])
    .map((i) => `${String((i.metadata as Record<string, unknown>).name)}@${resourceVersionOf(i)}`)
    .sort();
  const informerView = (): string[] => rig.informer.list().map((o) => `${o.metadata?.name ?? ''}@${o.metadata?.resourceVersion ?? ''}`).sort();
  const convergedIn = await until(`${rig.label}: informer cache equals the server list`, () => JSON.stringify(informerView()) === JSON.stringify(serverView), 20_000).catch(() => -1);
  t.same(informerView(), serverView, `${rig.label}: client-node informer cache equals the server's list (${rig.informerErrors()} informer errors)`);
  t.comment(`${rig.label}: informer converged ${convergedIn} ms after the final write`);

  const { watch } = rig;
  const watchEnd = await Promise.race([watch.ended.then(() => 'ended'), new Promise((r) => setTimeout(r, 1_000, 'open'))]);
  if (watchEnd === 'open') await watch.waitFor(watch.events.length + 1, 3_000);
  watch.close();
  const summary = checkRawWatch(t, rig.label, watch, ledger.ackedResourceVersions(), BigInt(listRV));
  if (watchEnd === 'open') {
    const last = watch.events.at(-1);
    t.equal(last === undefined ? '' : resourceVersionOf(last.object), ledger.maxAckedResourceVersion.toString(), `${rig.label}: raw watch still open: it saw the last write`);
  }
  t.comment(`${rig.label}: raw watch opened before the kill: ${watchEnd} at the end; ${summary}`);
  if (watchEnd === 'ended') t.comment(`${rig.label}: the client's re-watch from its last event: ${await checkRewatch(t, rig.label, rig.base, watch, ledger, listRV)}`);
  if (outageWatch !== undefined) {
    outageWatch.close();
    const first = outageWatch.events.find((e) => e.type !== 'ERROR');
    const from = first === undefined ? ledger.maxAckedResourceVersion : BigInt(resourceVersionOf(first.object) || '0') - 1n;
    // A watch cache that kept its etcd watch through the outage (resumed after the restart) serves this watch
    // from memory: it starts with the state at open.
    const summary = checkRawWatch(t, `${rig.label} (opened in the outage)`, outageWatch, ledger.ackedResourceVersions(), from, true);
    t.comment(`${rig.label}: watch opened in the outage: ${summary}`);
  }
}

t.test('etcd killed and restarted under kube-lite', async (t) => {
  const etcd = await startEtcd();
  t.teardown(() => etcd.stop());
  const servers = await Promise.all(
    SERVERS.map((s) => spawnKubeLite(['--storage-backend=etcd3', `--etcd-servers=${etcd.endpoint}`, `--request-timeout=${REQUEST_TIMEOUT_MILLIS}ms`, ...s.flags])),
  );
  for (const s of servers) t.teardown(() => s.stop());
  const first = servers[0]?.url ?? '';
  t.equal((await call(first, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })).status, 201, 'namespace created');
  const ledger = new WriteLedger();
  for (const name of NAMES) t.equal(await writeConfigMap(first, NS, name, 'initial', true, ledger), '201', `${name} created`);
  const listRV = resourceVersionOf((await call(first, 'GET', COLLECTION)).body);
  const rigs: Rig[] = [];
  for (const [i, s] of servers.entries()) {
    const label = SERVERS[i]?.label ?? '';
    const watch = await openWatch(s.url, `${COLLECTION}?watch=1&resourceVersion=${listRV}`);
    const { informer, errors } = await startInformer(t, s.kubeconfigPath);
    rigs.push({ label, base: s.url, watch, informer, informerErrors: errors });
  }

  const writers = rigs.map((rig, i) => startWriter(rig.base, NS, SERVERS[i]?.names ?? [], ledger));
  await new Promise((r) => setTimeout(r, 1_000));
  process.kill(etcd.pid, 'SIGSTOP');
  // Every probe ends before etcd is thawed: with Promise.all, one probe that threw thawed etcd while the other
  // server's probes were still waiting, and those then got 200 "with etcd hung".
  const hung = await Promise.allSettled(rigs.map((rig, i) => probeHung(t, rig, i)));
  process.kill(etcd.pid, 'SIGCONT');
  for (const [i, result] of hung.entries()) {
    if (result.status === 'rejected') t.fail(`${rigs[i]?.label}: probes with etcd hung threw: ${String(result.reason)}`);
  }
  await new Promise((r) => setTimeout(r, 1_000));
  const ackedBeforeKill = ledger.acked;
  await etcd.kill();
  const killedAt = Date.now();
  t.comment(`etcd killed after ${ackedBeforeKill} acknowledged writes`);

  await Promise.all(rigs.map((rig) => probeOutage(t, rig.base, rig.label)));
  const outageWatches = await Promise.all(rigs.map((rig) => watchInOutage(t, rig)));
  for (const rig of rigs) {
    const ready = await readyz(rig.base);
    t.ok(!(ready instanceof TransportError) && ready.status === 500, `${rig.label}: /readyz fails in the outage (${ready instanceof TransportError ? ready.message : ready.status})`);
    t.match(ready instanceof TransportError ? '' : ready.text, /\[-\]etcd failed/, `${rig.label}: /readyz names the etcd check`);
  }
  // Longer than the request timeout into the outage (the client's reconnect backoff is under way): still quick 5xx.
  await new Promise((r) => setTimeout(r, Math.max(0, REQUEST_TIMEOUT_MILLIS + 500 - (Date.now() - killedAt))));
  await Promise.all(rigs.map((rig) => probeOutage(t, rig.base, `${rig.label}, ${Date.now() - killedAt} ms into the outage`)));

  await etcd.restart();
  const outageMillis = Date.now() - killedAt;
  for (const rig of rigs) {
    const recoveredIn = await until(`${rig.label}: /readyz after the etcd restart`, async () => {
      const r = await readyz(rig.base);
      return !(r instanceof TransportError) && r.status === 200;
    }, 30_000);
    t.comment(`${rig.label}: /readyz 200 again ${recoveredIn} ms after the restart`);
  }
  t.comment(`etcd down for ${outageMillis} ms`);
  // Keep writing a moment after the recovery, then stop.
  await new Promise((r) => setTimeout(r, 1_000));
  await Promise.all(writers.map((w) => w.stop()));
  const failures = writers.flatMap((w) => [...w.failures].map(([s, n]) => `${s}: ${n}`));
  t.comment(`writers: ${ledger.acked} acknowledged, ${ledger.failed} failed (${failures.join(', ')})`);

  t.same(ledger.check(await storedValues(first, NAMES)), [], 'every acknowledged write is there after the restart');
  for (const [i, s] of servers.entries()) {
    // A handler finishing after the timeout filter answered used to throw ERR_HTTP_HEADERS_SENT (logged as a panic).
    t.notMatch(s.stderr(), /panic'd/, `${SERVERS[i]?.label}: no handler panicked (stderr)`);
  }
  for (const [i, rig] of rigs.entries()) {
    t.equal(await writeConfigMap(rig.base, NS, `after-${i}`, 'new', true, ledger), '201', `${rig.label}: a new create works after the restart`);
    t.equal(await writeConfigMap(rig.base, NS, SERVERS[i]?.names[0] ?? '', 'final', false, ledger), '200', `${rig.label}: a new update works after the restart`);
  }
  t.ok(ledger.acked > ackedBeforeKill + 4, 'writes were acknowledged after the restart too');
  for (const [i, rig] of rigs.entries()) await checkAfterRecovery(t, rig, ledger, listRV, outageWatches[i]);
});
