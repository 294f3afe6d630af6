// Storage benchmark (GitHub issue 4), three parts in one process:
//  (a) the in-memory MVCC backend (@apiserver/storage-memory): create / get / guaranteedUpdate ops/s and
//      getList of 10,000 objects;
//  (b) the etcd3 backend (@apiserver/storage-etcd3) against the raw `etcd3` client doing the same requests
//      on the same connection (create = txn If(Mod==0) Then(Put); get = range; update = range + CAS txn;
//      list = prefix range of 10,000 keys), µs per operation, interleaved rounds; target ≤ 1.2× raw;
//  (c) the Cacher (@apiserver/storage) over the etcd3 backend with 10,000 watchers on one prefix: exactly one
//      storage watch (counted on the storage handed to the Cacher and in etcd's own metrics), write → every
//      watcher received latency (p50/p99) and heap per watcher.
// Run: `npx tsc -b packages/storage-etcd3 packages/storage-memory packages/testing && node --expose-gc bench/storage.mjs`.
import { performance } from 'node:perf_hooks';
import { Cacher } from '@apiserver/storage';
import { Etcd3Backend } from '@apiserver/storage-etcd3';
import { MemoryBackend } from '@apiserver/storage-memory';
import { startEtcd } from '@apiserver/testing';
import { median, percentile, printTable, writeResults } from './lib/results.mjs';

const ROUNDS = Number(process.env.STORAGE_BENCH_ROUNDS ?? 40);
const OPS_PER_ROUND = Number(process.env.STORAGE_BENCH_OPS ?? 50);
const LIST_SIZE = 10_000;
const CONCURRENCY = Number(process.env.STORAGE_BENCH_CONCURRENCY ?? 16);
const WATCHERS = Number(process.env.STORAGE_BENCH_WATCHERS ?? 10_000);
const WATCH_EVENTS = Number(process.env.STORAGE_BENCH_EVENTS ?? 100);
const startedAt = Date.now();
const budgetLeft = () => 170_000 - (Date.now() - startedAt);

function cpuMicros() {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** A ConfigMap as the registry stores it (about 600 bytes of JSON). */
function configMap(ns, name, i) {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name,
      namespace: ns,
      uid: `6f1c2a8e-0b3d-4c5e-9f7a-${String(100000000000 + i).slice(-12)}`,
      creationTimestamp: '2026-11-20T10:00:00Z',
      labels: { app: 'web', tier: i % 2 === 0 ? 'frontend' : 'backend' },
      annotations: { 'example.com/owner': `team-${i % 7}` },
    },
    data: { mode: 'fast', replicas: String(i % 5), 'config.yaml': `server:\n  port: ${8000 + (i % 1000)}\n  logLevel: info\n` },
  };
}

const bump = (obj) => ({ ...obj, data: { ...obj.data, replicas: String(Number(obj.data.replicas) + 1) } });

/** Runs `op(i)` for i in [0, n) with `concurrency` calls in flight; returns { wallUs, cpuUs } per op. */
async function timeOps(n, op, concurrency = 1) {
  const cpu0 = cpuMicros();
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < n) await op(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  return { wallUs: ((performance.now() - t0) * 1000) / n, cpuUs: (cpuMicros() - cpu0) / n };
}
const timeSequential = (n, op) => timeOps(n, op, 1);

/**
 * Interleaved rounds of several contenders (order rotated each round); each contender's `make(round)`
 * returns `{ n, op }`. Returns rows of median µs/op with median CPU µs/op in the note.
 */
async function race(contenders, rounds, concurrency = 1) {
  const samples = contenders.map(() => ({ wall: [], cpu: [] }));
  for (const c of contenders) {
    const { n, op } = await c.make(-1); // warm-up
    await timeOps(Math.min(n, 20), op, concurrency);
  }
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const idx = (round + k) % contenders.length;
      const { n, op } = await contenders[idx].make(round);
      const r = await timeOps(n, op, concurrency);
      samples[idx].wall.push(r.wallUs);
      samples[idx].cpu.push(r.cpuUs);
    }
  }
  // Paired ratio: each round's time over the first contender's time in the same round (robust to load drift).
  return contenders.map((c, i) => ({
    name: c.name,
    value: median(samples[i].wall),
    cpuUs: median(samples[i].cpu),
    paired: median(samples[i].wall.map((w, r) => w / samples[0].wall[r])),
  }));
}

// ---------------------------------------------------------------- (a) memory backend

/** MemoryStorage list timings, reported next to the etcd3 list. */
let memoryList;

async function benchMemory() {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  try {
    const store = backend.storage({ pathPrefix: '/registry' });
    const rows = [];
    const opsPerSec = (name, r, note = '') => rows.push({ name, value: 1e6 / r.wallUs, note: `${r.wallUs.toFixed(1)} µs/op wall, ${r.cpuUs.toFixed(1)} µs CPU${note}` });
    const N = 5_000;
    for (let i = 0; i < 200; i++) await store.create(`/warm/default/cm-${i}`, configMap('default', `cm-${i}`, i));
    opsPerSec('create', await timeSequential(N, (i) => store.create(`/configmaps/default/cm-${i}`, configMap('default', `cm-${i}`, i))));
    opsPerSec('get', await timeSequential(N, (i) => store.get(`/configmaps/default/cm-${(i * 7919) % N}`)));
    opsPerSec('guaranteedUpdate', await timeSequential(N, (i) => store.guaranteedUpdate(`/configmaps/default/cm-${(i * 7919) % N}`, (cur) => ({ object: bump(cur) }))));
    for (let i = N; i < LIST_SIZE; i++) await store.create(`/configmaps/default/cm-${i}`, configMap('default', `cm-${i}`, i));
    const listed = await store.getList('/configmaps', { recursive: true });
    if (listed.items.length !== LIST_SIZE) throw new Error(`memory list returned ${listed.items.length} items`);
    const list = await timeSequential(10, () => store.getList('/configmaps', { recursive: true }));
    const page = await timeSequential(50, () => store.getList('/configmaps', { recursive: true, predicate: { limit: 500 } }));
    memoryList = { full: list, page };
    opsPerSec(`getList (${LIST_SIZE.toLocaleString('en-US')} objects)`, list, `; ${(list.wallUs / LIST_SIZE).toFixed(2)} µs/object`);
    return {
      title: '(a) MemoryStorage (@apiserver/storage-memory) operations',
      unit: 'ops/s (sequential, wall time)',
      baseline: 'get',
      better: 'higher',
      rows,
    };
  } finally {
    await backend.close();
  }
}

// ---------------------------------------------------------------- (b) etcd3 backend vs raw etcd3

/** The same requests with the raw client on the backend's connection; JSON.stringify/parse for values. */
function rawStore(client, prefix) {
  const key = (k) => Buffer.from(`${prefix}${k}`);
  const decode = (kv) => {
    const obj = JSON.parse(kv.value.toString());
    obj.metadata.resourceVersion = kv.mod_revision;
    return obj;
  };
  const put = (k, value, rev, getOnFailure) =>
    client.kv.txn({
      compare: [{ key: k, target: 'Mod', result: 'Equal', mod_revision: rev }],
      success: [{ request_put: { key: k, value: Buffer.from(value) } }],
      failure: getOnFailure ? [{ request_range: { key: k, limit: 1 } }] : [],
    });
  return {
    async create(k, obj) {
      const value = JSON.stringify(obj);
      const res = await put(key(k), value, '0', false);
      if (!res.succeeded) throw new Error(`raw create: ${k} exists`);
      const out = JSON.parse(value);
      out.metadata.resourceVersion = res.header.revision;
      return out;
    },
    async get(k) {
      const res = await client.kv.range({ key: key(k), limit: 1 });
      if (res.kvs[0] === undefined) throw new Error(`raw get: ${k} not found`);
      return decode(res.kvs[0]);
    },
    async update(k, fn) {
      const kk = key(k);
      let kv = (await client.kv.range({ key: kk, limit: 1 })).kvs[0];
      for (;;) {
        const cur = decode(kv);
        const next = fn(cur);
        delete next.metadata.resourceVersion;
        const value = JSON.stringify(next);
        const res = await put(kk, value, kv.mod_revision, true);
        if (res.succeeded) {
          const out = JSON.parse(value);
          out.metadata.resourceVersion = res.header.revision;
          return out;
        }
        kv = res.responses[0].response_range.kvs[0];
      }
    },
    async list(k) {
      const start = key(`${k}/`);
      const end = Buffer.from(start);
      end[end.length - 1] += 1;
      const res = await client.kv.range({ key: start, range_end: end });
      return { items: res.kvs.map(decode), resourceVersion: res.header.revision };
    },
  };
}

/** Seeds `count` keys under `<prefix><path>/` with concurrent single-key transactions (100 in flight). */
async function seed(client, prefix, path, count) {
  for (let i = 0; i < count; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 100); j++) {
      const obj = configMap('default', `cm-${j}`, j);
      batch.push(client.put(`${prefix}${path}/default/cm-${j}`).value(JSON.stringify(obj)));
    }
    await Promise.all(batch);
  }
}

async function benchEtcd(etcd) {
  const backend = new Etcd3Backend({ hosts: etcd.host, prefix: '/registry', compactionIntervalMs: 0 });
  try {
    const ours = backend.newStorage();
    const raw = rawStore(backend.client, '/raw/');
    await ours.getCurrentResourceVersion(); // connect
    const tables = [];
    const table = (op, rows) => {
      const base = rows.find((r) => r.name.startsWith('raw'));
      for (const r of rows) r.note = `paired per-round ratio ${r.paired.toFixed(2)}x; ${r.cpuUs.toFixed(0)} µs client CPU/op (${(r.cpuUs / base.cpuUs).toFixed(2)}x)`;
      tables.push({
        title: `(b) etcd3: ${op}`,
        unit: 'µs per op (sequential, median of rounds)',
        baseline: base.name,
        better: 'lower',
        rows: rows.map(({ name, value, note }) => ({ name, value, note })),
      });
    };
    const n = OPS_PER_ROUND;
    // create: distinct keys per round
    table('create (txn If(Mod==0) Then(Put))', await race([
      { name: 'raw etcd3 txn + JSON.stringify', make: (r) => ({ n, op: (i) => raw.create(`configmaps/default/c${r}-${i}`, configMap('default', `c${r}-${i}`, i)) }) },
      { name: 'Etcd3Storage.create', make: (r) => ({ n, op: (i) => ours.create(`/configmaps/default/c${r}-${i}`, configMap('default', `c${r}-${i}`, i)) }) },
    ], ROUNDS));
    table('get (range, linearizable)', await race([
      { name: 'raw etcd3 range + JSON.parse', make: (r) => ({ n, op: (i) => raw.get(`configmaps/default/c${Math.max(r, 0)}-${i % n}`) }) },
      { name: 'Etcd3Storage.get', make: (r) => ({ n, op: (i) => ours.get(`/configmaps/default/c${Math.max(r, 0)}-${i % n}`) }) },
    ], ROUNDS));
    table('update (range + CAS txn)', await race([
      { name: 'raw etcd3 range + CAS txn', make: (r) => ({ n, op: (i) => raw.update(`configmaps/default/c${Math.max(r, 0)}-${i % n}`, bump) }) },
      { name: 'Etcd3Storage.guaranteedUpdate', make: (r) => ({ n, op: (i) => ours.guaranteedUpdate(`/configmaps/default/c${Math.max(r, 0)}-${i % n}`, (cur) => ({ object: bump(cur) })) }) },
    ], ROUNDS));
    // The same three operations with CONCURRENCY requests in flight (throughput; etcd batches the writes).
    const C = CONCURRENCY;
    const throughput = (op, rows) => {
      const base = rows.find((r) => r.name.startsWith('raw'));
      tables.push({
        title: `(b) etcd3: ${op}, ${C} in flight`,
        unit: 'ops/s (median of rounds)',
        baseline: base.name,
        better: 'higher',
        rows: rows.map(({ name, value, cpuUs, paired }) => ({ name, value: 1e6 / value, note: `time per op paired per-round ratio ${paired.toFixed(2)}x; ${cpuUs.toFixed(0)} µs client CPU/op (${(cpuUs / base.cpuUs).toFixed(2)}x)` })),
      });
    };
    const m = n * 4;
    throughput('create', await race([
      { name: 'raw etcd3 txn + JSON.stringify', make: (r) => ({ n: m, op: (i) => raw.create(`configmaps/default/p${r}-${i}`, configMap('default', `p${r}-${i}`, i)) }) },
      { name: 'Etcd3Storage.create', make: (r) => ({ n: m, op: (i) => ours.create(`/configmaps/default/p${r}-${i}`, configMap('default', `p${r}-${i}`, i)) }) },
    ], ROUNDS, C));
    throughput('get', await race([
      { name: 'raw etcd3 range + JSON.parse', make: (r) => ({ n: m, op: (i) => raw.get(`configmaps/default/p${Math.max(r, 0)}-${i % m}`) }) },
      { name: 'Etcd3Storage.get', make: (r) => ({ n: m, op: (i) => ours.get(`/configmaps/default/p${Math.max(r, 0)}-${i % m}`) }) },
    ], ROUNDS, C));
    throughput('update (distinct keys)', await race([
      { name: 'raw etcd3 range + CAS txn', make: (r) => ({ n: m, op: (i) => raw.update(`configmaps/default/p${Math.max(r, 0)}-${i % m}`, bump) }) },
      { name: 'Etcd3Storage.guaranteedUpdate', make: (r) => ({ n: m, op: (i) => ours.guaranteedUpdate(`/configmaps/default/p${Math.max(r, 0)}-${i % m}`, (cur) => ({ object: bump(cur) })) }) },
    ], ROUNDS, C));
    // list: 10k keys under each prefix
    await seed(backend.client, '/raw/', 'big', LIST_SIZE);
    await seed(backend.client, '/registry/', 'big', LIST_SIZE);
    const [a, b] = await Promise.all([raw.list('big'), ours.getList('/big', { recursive: true })]);
    if (a.items.length !== LIST_SIZE || b.items.length !== LIST_SIZE) throw new Error(`list sizes ${a.items.length} / ${b.items.length}`);
    const listRounds = Math.max(3, Math.min(ROUNDS, 20));
    table(`list of ${LIST_SIZE} keys (prefix range)`, await race([
      { name: 'raw etcd3 range + JSON.parse', make: () => ({ n: 2, op: () => raw.list('big') }) },
      { name: 'Etcd3Storage.getList', make: () => ({ n: 2, op: () => ours.getList('/big', { recursive: true }) }) },
    ], listRounds));
    const listTable = tables[tables.length - 1];
    listTable.rows.push(
      { name: 'MemoryStorage.getList (in-process MVCC)', value: memoryList.full.wallUs, note: `${memoryList.full.cpuUs.toFixed(0)} µs CPU/op; same objects, measured in part (a)` },
      { name: 'MemoryStorage.getList limit 500 (one page)', value: memoryList.page.wallUs, note: `${memoryList.page.cpuUs.toFixed(0)} µs CPU/op` },
    );
    return tables;
  } finally {
    await backend.close();
  }
}

// ---------------------------------------------------------------- (c) Cacher with 10k watchers

/** Delegates to `store`, counting watch() calls (the Cacher must make exactly one). */
function countingStorage(store) {
  const counter = { watches: 0 };
  const wrapped = {
    get versioner() {
      return store.versioner;
    },
    create: (...a) => store.create(...a),
    delete: (...a) => store.delete(...a),
    get: (...a) => store.get(...a),
    getList: (...a) => store.getList(...a),
    guaranteedUpdate: (...a) => store.guaranteedUpdate(...a),
    count: (...a) => store.count(...a),
    readinessCheck: () => store.readinessCheck(),
    requestWatchProgress: () => store.requestWatchProgress(),
    getCurrentResourceVersion: () => store.getCurrentResourceVersion(),
    watch: (...a) => {
      counter.watches++;
      return store.watch(...a);
    },
  };
  return { wrapped, counter };
}

/** etcd's own count of open watch streams and watchers (Prometheus text from /metrics). */
async function etcdWatchMetrics(etcd) {
  const text = await (await fetch(`${etcd.endpoint}/metrics`)).text();
  const read = (name) => Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? Number.NaN);
  return { streams: read('etcd_debugging_mvcc_watch_stream_total'), watchers: read('etcd_debugging_mvcc_watcher_total') };
}

function heapAfterGc() {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * Starts one consumer per watch recording when each resource version arrived, and returns `measure(n, write)`:
 * n sequential writes, each awaited until every watch received it (10 s bound). An event may arrive before
 * the write's response does, so arrivals are kept per RV.
 */
function deliveryMeter(watches) {
  const arrivals = new Map(); // rv -> { times: number[], resolve?: () => void }
  const arrival = (rv) => {
    let a = arrivals.get(rv);
    if (a === undefined) arrivals.set(rv, (a = { times: [] }));
    return a;
  };
  const consumers = watches.map(async (w) => {
    for await (const ev of w) {
      if (ev.type === 'ERROR') throw new Error(`watch ERROR ${ev.object.message}`);
      if (ev.type === 'BOOKMARK') continue;
      const a = arrival(ev.object.metadata.resourceVersion);
      a.times.push(performance.now());
      if (a.times.length === watches.length) a.resolve?.();
    }
  });
  /** One write, awaited until every watch received it; returns the arrival times and the write time. */
  async function measureOne(e, write) {
    const writeAt = performance.now();
    const rv = (await write(e)).metadata.resourceVersion;
    const a = arrival(rv);
    if (a.times.length < watches.length) {
      let timer;
      const done = new Promise((resolve, reject) => {
        a.resolve = resolve;
        timer = setTimeout(() => reject(new Error(`event ${e}: ${watches.length - a.times.length} of ${watches.length} watchers did not receive RV ${rv} within 10 s`)), 10_000);
      });
      await done.finally(() => clearTimeout(timer));
    }
    arrivals.delete(rv);
    return { writeAt, times: a.times };
  }
  async function measure(n, write, deadline, warmup = 5) {
    for (let e = 0; e < warmup; e++) await measureOne(e, write);
    const all = [];
    const each = [];
    for (let e = 0; e < n && Date.now() < deadline; e++) {
      const { writeAt, times } = await measureOne(e, write);
      all.push(Math.max(...times) - writeAt);
      for (const t of times) each.push(t - writeAt);
    }
    return { all, each };
  }
  async function stop() {
    for (const w of watches) w.stop();
    await Promise.all(consumers);
  }
  return { measure, stop };
}

async function benchCacher(etcd) {
  const backend = new Etcd3Backend({ hosts: etcd.host, prefix: '/registry', compactionIntervalMs: 0 });
  const store = backend.newStorage();
  const { wrapped, counter } = countingStorage(store);
  const cacher = new Cacher({ storage: wrapped, resourcePrefix: '/watched' });
  const watches = [];
  const write = (e) => cacher.guaranteedUpdate(`/watched/default/cm-${e % 100}`, (cur) => ({ object: bump(cur) }));
  const phaseDeadline = (share) => Date.now() + Math.max(5_000, (budgetLeft() - 20_000) * share);
  try {
    for (let i = 0; i < 100; i++) await wrapped.create(`/watched/default/cm-${i}`, configMap('default', `cm-${i}`, i));
    await cacher.waitUntilReady(10_000);
    const metricsBefore = await etcdWatchMetrics(etcd);
    // Peers: one direct etcd3 watch (no cache), then one Cacher watcher.
    let rv = await store.getCurrentResourceVersion();
    const direct = deliveryMeter([await store.watch('/watched', { recursive: true, resourceVersion: rv })]);
    const directRun = await direct.measure(WATCH_EVENTS, write, phaseDeadline(0.15));
    await direct.stop();
    rv = await cacher.getCurrentResourceVersion();
    const single = deliveryMeter([await cacher.watch('/watched', { recursive: true, resourceVersion: rv })]);
    const singleRun = await single.measure(WATCH_EVENTS, write, phaseDeadline(0.2));
    await single.stop();

    rv = await cacher.getCurrentResourceVersion();
    const heap0 = heapAfterGc();
    for (let i = 0; i < WATCHERS; i++) watches.push(await cacher.watch('/watched', { recursive: true, resourceVersion: rv }));
    const heap1 = heapAfterGc();
    const many = deliveryMeter(watches);
    const heap2 = heapAfterGc();
    const manyRun = await many.measure(WATCH_EVENTS, write, phaseDeadline(1));
    const metricsDuring = await etcdWatchMetrics(etcd);
    const storageWatches = counter.watches;
    await many.stop();
    const n = watches.length.toLocaleString('en-US');
    return {
      table: {
        title: `(c) write → watch event delivered: Cacher over etcd3 with ${n} watchers on one prefix vs a direct etcd3 watch`,
        unit: 'ms',
        baseline: 'direct Etcd3Storage.watch, 1 watcher: p50',
        better: 'lower',
        rows: [
          { name: 'direct Etcd3Storage.watch, 1 watcher: p50', value: percentile(directRun.all, 50), note: `${directRun.all.length} writes` },
          { name: 'direct Etcd3Storage.watch, 1 watcher: p99', value: percentile(directRun.all, 99) },
          { name: 'Cacher, 1 watcher: p50', value: percentile(singleRun.all, 50), note: `${singleRun.all.length} writes` },
          { name: 'Cacher, 1 watcher: p99', value: percentile(singleRun.all, 99) },
          { name: `Cacher, ${n} watchers, every watcher received: p50`, value: percentile(manyRun.all, 50), note: `${manyRun.all.length} writes` },
          { name: `Cacher, ${n} watchers, every watcher received: p99`, value: percentile(manyRun.all, 99) },
          { name: `Cacher, ${n} watchers, per delivery: p50`, value: percentile(manyRun.each, 50), note: `${manyRun.each.length.toLocaleString('en-US')} deliveries` },
          { name: `Cacher, ${n} watchers, per delivery: p99`, value: percentile(manyRun.each, 99) },
        ],
      },
      facts: {
        watchers: watches.length,
        events: manyRun.all.length,
        deliveries: manyRun.each.length,
        storageWatches,
        etcdBefore: metricsBefore,
        etcdDuring: metricsDuring,
        bytesPerWatcher: (heap1 - heap0) / watches.length,
        bytesPerWatcherWithConsumer: (heap2 - heap0) / watches.length,
      },
    };
  } finally {
    for (const w of watches) w.stop();
    cacher.stop();
    await backend.close();
  }
}

// ---------------------------------------------------------------- main

if (typeof globalThis.gc !== 'function') console.warn('storage bench: run with --expose-gc for the memory-per-watcher figure');
const tables = [];
const notes = [];
tables.push(await benchMemory());
const etcd = await startEtcd();
try {
  tables.push(...(await benchEtcd(etcd)));
  const cacher = await benchCacher(etcd);
  tables.push(cacher.table);
  const f = cacher.facts;
  const oneWatch = f.storageWatches === 1 && f.etcdDuring.watchers === 1;
  notes.push(
    `(c) storage.watch() calls made by the Cacher: ${f.storageWatches}; etcd metrics with ${f.watchers} client watchers open: ${f.etcdDuring.streams} watch stream(s), ${f.etcdDuring.watchers} etcd watcher(s) (before the client watchers: ${f.etcdBefore.streams} / ${f.etcdBefore.watchers}) — ${oneWatch ? 'exactly one underlying etcd watch' : 'NOT exactly one underlying etcd watch'}.`,
  );
  notes.push(`(c) ${f.events} writes (sequential, each waited for until all ${f.watchers} watchers had it), ${f.deliveries.toLocaleString('en-US')} deliveries; no watcher missed an event.`);
  notes.push(
    typeof globalThis.gc === 'function'
      ? `(c) heap per watcher (heapUsed delta after gc / ${f.watchers}): ${Math.round(f.bytesPerWatcher)} B for the Cacher's watcher alone, ${Math.round(f.bytesPerWatcherWithConsumer)} B including a pending \`for await\` consumer.`
      : '(c) heap per watcher not measured (run with --expose-gc).',
  );
  if (!oneWatch) process.exitCode = 1;
} finally {
  await etcd.stop();
}
notes.push(`(b) etcd 3.4.23 on loopback (one member, fsync on, data in the OS temp dir); both contenders share the backend's client (no retries, per-call deadlines). ${ROUNDS} interleaved rounds of ${OPS_PER_ROUND} sequential ops (list of 10,000: 2 per round, up to 20 rounds); µs per op is wall time, the note gives client-process CPU per op; the throughput tables run ${CONCURRENCY} requests in flight.`);
notes.push('(b) raw etcd3 does the same requests with JSON.stringify/JSON.parse; Etcd3Storage adds canonical (key-sorted) JSON, structuredClone of the input, key validation, transformer and resource-version handling. Target: Etcd3Storage ≤ 1.2× raw.');
notes.push('(a) MemoryStorage without durability (no dataDir), compaction off; 5,000 sequential ops each, then getList over 10,000 objects.');
for (const table of tables) {
  const base = table.rows.find((r) => r.name === table.baseline);
  for (const row of table.rows) if (base) row.ratio = row.value / base.value;
  printTable(table);
}
for (const note of notes) console.log(`  ${note}`);
const file = writeResults('storage', {
  title: 'Storage backends (memory, etcd3 vs raw etcd3) and the watch cache',
  command: 'npx tsc -b packages/storage-etcd3 packages/storage-memory packages/testing && node --expose-gc bench/storage.mjs',
  tables,
  notes,
});
console.log(`\nwrote ${file} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
