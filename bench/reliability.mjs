// Load and reliability (GitHub issue 8, "Load"): kube-lite on memory storage in its own process with modest
// max-in-flight limits, W concurrent watches (raw HTTP/1.1 sockets held by several client processes) spread over
// N namespaces, and a steady open-loop write rate (PUT of one ConfigMap per namespace, round robin) for D seconds.
// Reports the server's RSS over time (/proc/<pid>/status VmRSS), p50/p99 write latency, watch event delivery lag,
// whether every watch saw every acknowledged write exactly once and in order, and a burst beyond the max-in-flight
// limits (how many 429s, how fast). Peer in the same run: the same write load on a fresh server with no watches.
//
//   npm run bench -- reliability                         (60 s, 10,000 watches)
//   node bench/reliability.mjs --duration 10 --watches 2000   (quick run; results are written only for a full run
//                                                             unless --write is given)
// Options: --duration <s> --watches <n> --namespaces <n> --rate <writes/s> --clients <processes>
//          --max-inflight <n> --max-mutating-inflight <n> --burst <requests per kind> --write
//          --heap-cap <MiB>  (run kube-lite with --max-old-space-size=<MiB> --trace-gc and report the live heap after
//                             every full GC: whether RSS growth is retained memory or garbage not yet collected)
import { fork, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask } from './lib/child-ask.mjs';
import { send } from './lib/http-send.mjs';
import { percentile, printTable, writeResults } from './lib/results.mjs';

const here = fileURLToPath(import.meta.url);
const root = join(dirname(here), '..');
const KUBE_LITE_MAIN = join(root, 'packages', 'kube-lite', 'dist', 'cli', 'main.js');
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

// ---------------------------------------------------------------- watch client (child process) ----------------

const MARKER = '"t":"';
const RV_MARKER = '"resourceVersion":"';

/**
 * Delivery lags of one client process: exact count and max, and a uniform reservoir sample (Algorithm R) for
 * the percentiles. Keeping every lag would be ~7.5 million numbers per process in a full run, too much to hold
 * and to send over IPC (the first full run died on \`Math.max(...lags)\`).
 */
const LAG_SAMPLE = 50_000;
function lagRecorder() {
  const r = { count: 0, max: 0, sample: [] };
  r.push = (lag) => {
    r.count++;
    if (lag > r.max) r.max = lag;
    if (r.sample.length < LAG_SAMPLE) r.sample.push(lag);
    else {
      const j = Math.floor(Math.random() * r.count);
      if (j < LAG_SAMPLE) r.sample[j] = lag;
    }
  };
  return r;
}

/**
 * One raw watch socket: counts events, checks their order and records delivery lag from the write's stamp.
 * Order is checked on resourceVersion (must strictly increase). `seqInversions` counts events whose client-side
 * sequence number went backwards: not an error, since concurrent unconditional PUTs to one object may be applied
 * in another order than sent (it happens once write latency exceeds the per-object write interval).
 */
function openWatch(port, path, lags) {
  return new Promise((resolve) => {
    const w = { events: 0, outOfOrder: 0, seqInversions: 0, lastSeq: -1, lastRV: -1, ended: false, ok: false, socket: undefined };
    const socket = connect(port, '127.0.0.1');
    w.socket = socket;
    let head = '';
    let carry = '';
    const onBody = (text) => {
      let i = 0;
      for (;;) {
        const at = text.indexOf(MARKER, i);
        if (at === -1) break;
        const end = text.indexOf('"', at + MARKER.length);
        if (end === -1) break;
        const [seq, stamp] = text.slice(at + MARKER.length, end).split('@');
        lags.push(now() - Number(stamp));
        // The event's metadata (with its resourceVersion) comes before its data in the same JSON line.
        const rvAt = text.lastIndexOf(RV_MARKER, at);
        const rv = rvAt >= i ? Number(text.slice(rvAt + RV_MARKER.length, text.indexOf('"', rvAt + RV_MARKER.length))) : Number.NaN;
        if (!(rv > w.lastRV)) w.outOfOrder++;
        w.lastRV = rv;
        if (Number(seq) <= w.lastSeq) w.seqInversions++;
        w.lastSeq = Number(seq);
        w.events++;
        i = end + 1;
      }
      // Keep everything after the last complete event: the next one's resourceVersion may be in it.
      carry = text.slice(i);
    };
    socket.on('data', (chunk) => {
      if (w.ok) return onBody(carry + chunk.toString('latin1'));
      head += chunk.toString('latin1');
      const split = head.indexOf('\r\n\r\n');
      if (split === -1) return;
      w.ok = head.startsWith('HTTP/1.1 200');
      resolve(w);
      if (w.ok) onBody(head.slice(split + 4));
      else socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      w.ended = true;
      resolve(w);
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n`);
  });
}

/** Child mode: opens the watches the parent asks for, then reports counts and lags on request. */
function watchClient() {
  const lags = lagRecorder();
  let watches = [];
  process.on('message', async (m) => {
    if (m.op === 'open') {
      const pending = [...m.paths.entries()];
      const worker = async () => {
        for (let next = pending.shift(); next !== undefined; next = pending.shift()) watches[next[0]] = await openWatch(m.port, next[1], lags);
      };
      const started = now();
      await Promise.all(Array.from({ length: 100 }, worker));
      process.send({ op: 'opened', ok: watches.filter((w) => w.ok).length, ms: now() - started });
    } else if (m.op === 'report') {
      process.send({
        op: 'report',
        events: watches.map((w) => w.events),
        outOfOrder: watches.reduce((n, w) => n + w.outOfOrder, 0),
        seqInversions: watches.reduce((n, w) => n + w.seqInversions, 0),
        endedEarly: watches.filter((w) => w.ok && w.ended).length,
        lags: { count: lags.count, max: lags.max, sample: lags.sample },
      });
    } else if (m.op === 'close') {
      for (const w of watches) w.socket.destroy();
      watches = [];
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- server and requests -----------------------------

/**
 * Spawns kube-lite on memory storage; resolves with its pid and port once /readyz answers 200. With `heapCapMiB`,
 * V8's old space is capped (\`--max-old-space-size\`) and every full GC is traced (\`--trace-gc\`): the live heap
 * after each Mark-Compact goes to \`fullGCs\`, which tells retained memory from garbage V8 has not collected yet.
 */
async function startKubeLite(maxInflight, maxMutating, heapCapMiB = 0) {
  const nodeArgs = heapCapMiB > 0 ? ['--trace-gc', `--max-old-space-size=${heapCapMiB}`] : [];
  const args = [...nodeArgs, KUBE_LITE_MAIN, '--port', '0', '--storage-backend', 'memory', '--max-requests-inflight', String(maxInflight), '--max-mutating-requests-inflight', String(maxMutating)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const fullGCs = [];
  const state = { phase: 'setup' };
  const started = now();
  const port = await new Promise((resolve, reject) => {
    let out = '';
    let lines = '';
    child.stdout.on('data', (chunk) => {
      if (out.length < 4096) out += chunk;
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
      if (heapCapMiB === 0) return;
      lines += chunk;
      const complete = lines.split('\n');
      lines = complete.pop() ?? '';
      for (const line of complete) {
        const gc = /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line);
        if (gc) fullGCs.push({ s: Math.round((now() - started) / 100) / 10, liveMiB: Number(gc[1]), phase: state.phase });
      }
    });
    child.once('exit', (code) => reject(new Error(`kube-lite exited with ${code}: ${out}`)));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const deadline = Date.now() + 15_000;
  while ((await send(agent, port, 'GET', '/readyz').catch(() => ({ status: 0 }))).status !== 200) {
    if (Date.now() > deadline) throw new Error('kube-lite not ready within 15 s');
    await sleep(50);
  }
  return { child, port, agent, pid: child.pid, fullGCs, state };
}

const PAD = 'x'.repeat(200);
const configMap = (ns, name, seq) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data: { t: `${seq}@${now().toFixed(3)}`, pad: PAD } });

/** ConfigMaps of 64 KiB in namespace `big`: the ~1 MiB LIST the read-only burst asks for. */
const BIG_LIST_ITEMS = 16;

/** Namespaces ns-0..ns-(n-1), each with ConfigMap cm; returns the resource version after setup. */
async function populate(server, namespaces) {
  const expect = async (what, p) => {
    const res = await p;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.body}`);
    return res;
  };
  for (let i = 0; i < namespaces; i++) {
    await expect('namespace', send(server.agent, server.port, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: `ns-${i}` } }));
    await expect('configmap', send(server.agent, server.port, 'POST', `/api/v1/namespaces/ns-${i}/configmaps`, configMap(`ns-${i}`, 'cm', 0)));
  }
  for (const name of ['burst', 'big']) {
    await expect('namespace', send(server.agent, server.port, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }));
  }
  for (let i = 0; i < BIG_LIST_ITEMS; i++) {
    const big = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `big-${i}`, namespace: 'big' }, data: { blob: 'b'.repeat(64 * 1024) } };
    await expect('configmap', send(server.agent, server.port, 'POST', '/api/v1/namespaces/big/configmaps', big));
  }
  const list = await expect('list', send(server.agent, server.port, 'GET', '/api/v1/configmaps'));
  return JSON.parse(list.body).metadata.resourceVersion;
}

/** VmRSS of a process in MiB. */
function rssMiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Samples RSS every second with the current phase label (`state`, shared with the server's GC trace). */
function rssSampler(pid, state) {
  const started = now();
  const samples = [];
  const take = () => samples.push({ s: Math.round((now() - started) / 100) / 10, rssMiB: Math.round(rssMiB(pid) * 10) / 10, phase: state.phase });
  take();
  const timer = setInterval(take, 1000);
  return { state, samples, take, stop: () => clearInterval(timer) };
}

/** Open-loop writes: one PUT every 1000/rate ms, round robin over the namespaces, for `seconds`. */
async function steadyWrites(server, namespaces, rate, seconds) {
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const acked = new Array(namespaces).fill(0);
  const seq = new Array(namespaces).fill(0);
  const latencies = [];
  const failures = new Map();
  const inflight = [];
  const started = now();
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - now();
    if (wait > 0) await sleep(wait);
    const ns = i % namespaces;
    const body = configMap(`ns-${ns}`, 'cm', ++seq[ns]);
    inflight.push(
      send(server.agent, server.port, 'PUT', `/api/v1/namespaces/ns-${ns}/configmaps/cm`, body).then(
        (res) => {
          if (res.status === 200) {
            acked[ns]++;
            latencies.push(res.ms);
          } else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
        },
        (err) => failures.set(err.message, (failures.get(err.message) ?? 0) + 1),
      ),
    );
  }
  await Promise.all(inflight);
  return { sent: total, acked, latencies, failures: Object.fromEntries(failures), achievedRate: total / ((now() - started) / 1000) };
}

/**
 * One raw request on its own socket; resolves with the status and the time to the status line. A body is sent
 * `bodyDelayMs` after the headers (a slow upload). With `hold`, the client stops reading after the status line
 * until `hold` resolves (a slow reader). Either keeps the request in flight meanwhile.
 */
function rawRequest(port, method, path, body, bodyDelayMs = 0, hold = undefined) {
  return new Promise((resolve) => {
    const started = now();
    const socket = connect(port, '127.0.0.1');
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const length = payload === undefined ? '' : `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n`;
    let head = '';
    let done = false;
    const finish = (status, retryAfter) => {
      if (done) return;
      done = true;
      resolve({ status, ms: now() - started, retryAfter });
      if (hold === undefined) return void socket.destroy();
      socket.pause();
      void hold.then(() => socket.destroy());
    };
    socket.setTimeout(30_000, () => finish('timeout'));
    socket.on('error', (err) => finish(err.code ?? err.message));
    socket.on('close', () => finish('closed'));
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      finish(Number(head.slice(9, 12)), /\r\nretry-after: *(\S+)/i.exec(head)?.[1]);
    });
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nConnection: close\r\n${length}\r\n`);
    if (payload !== undefined) setTimeout(() => socket.write(payload), bodyDelayMs).unref();
  });
}

/** The bursts beyond the limits: what is sent, and how it keeps its requests in flight together. */
function burstKinds(o, rv) {
  return [
    {
      kind: 'mutating',
      limit: o.maxMutating,
      what: 'POSTs of a ConfigMap whose body follows the headers by 2 s (slow uploads)',
      request: (i) => rawRequest(o.port, 'POST', '/api/v1/namespaces/burst/configmaps', configMap('burst', `b-${i}`, i), 2000),
    },
    {
      kind: 'read-only, waiting',
      limit: o.maxInflight,
      what: 'LISTs of one namespace at a resourceVersion far ahead of the store (NotOlderThan): each waits 3 s for the watch cache, then answers 504 Too large resource version',
      request: () => rawRequest(o.port, 'GET', `/api/v1/namespaces/ns-0/configmaps?resourceVersion=${Number(rv) + 1_000_000}&resourceVersionMatch=NotOlderThan`),
    },
    {
      kind: 'read-only, CPU-bound',
      limit: o.maxInflight,
      what: `LISTs of ${BIG_LIST_ITEMS} × 64 KiB ConfigMaps (~1 MiB) whose clients read nothing until every request of the burst has its status line`,
      request: (_i, hold) => rawRequest(o.port, 'GET', '/api/v1/namespaces/big/configmaps', undefined, 0, hold),
    },
  ];
}

/** `count` requests of one burst kind at once, each on a fresh socket: statuses, 429 Retry-After, latencies. */
async function burst(spec, count) {
  let release;
  const hold = new Promise((resolve) => {
    release = resolve;
  });
  const requests = Array.from({ length: count }, (_, i) => spec.request(i, hold));
  const results = await Promise.all(requests);
  release();
  await sleep(200);
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const rejected = results.filter((r) => r.status === 429);
  const admitted = results.filter((r) => typeof r.status === 'number' && r.status !== 429);
  return {
    kind: spec.kind,
    limit: spec.limit,
    what: spec.what,
    count,
    statuses,
    retryAfter: [...new Set(rejected.map((r) => r.retryAfter))],
    p99RejectMs: rejected.length > 0 ? percentile(rejected.map((r) => r.ms), 99) : Number.NaN,
    p99AdmittedMs: admitted.length > 0 ? percentile(admitted.map((r) => r.ms), 99) : Number.NaN,
  };
}

// ---------------------------------------------------------------- the two runs ----------------------------------

/** The soft open-file limit of this process. */
const openFileLimit = () => /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 'unknown';

/** Adds fields writeResults does not know (the RSS series for the chart, the pass/fail checks) to a results file. */
function extendResults(file, extra) {
  writeFileSync(file, `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...extra }, null, 2)}\n`);
}

const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: values.reduce((m, v) => Math.max(m, v), Number.NEGATIVE_INFINITY) });

async function runWithoutWatches(o) {
  const server = await startKubeLite(o.maxInflight, o.maxMutating, o.heapCap);
  try {
    await populate(server, o.namespaces);
    const rss = rssSampler(server.pid, server.state);
    rss.state.phase = 'writes';
    const writes = await steadyWrites(server, o.namespaces, o.rate, o.duration);
    rss.take();
    rss.stop();
    return { writes, rss: rss.samples, fullGCs: server.fullGCs };
  } finally {
    server.child.kill('SIGKILL');
  }
}

async function runWithWatches(o) {
  const server = await startKubeLite(o.maxInflight, o.maxMutating, o.heapCap);
  const clients = [];
  try {
    const rv = await populate(server, o.namespaces);
    const rss = rssSampler(server.pid, server.state);
    const rssBeforeWatches = rssMiB(server.pid);
    rss.state.phase = 'opening watches';
    const timeout = o.duration + 300;
    const nsOf = (i) => i % o.namespaces;
    const paths = Array.from({ length: o.watches }, (_, i) => `/api/v1/namespaces/ns-${nsOf(i)}/configmaps?watch=1&resourceVersion=${rv}&timeoutSeconds=${timeout}`);
    const per = Math.ceil(o.watches / o.clients);
    const opened = await Promise.all(
      Array.from({ length: o.clients }, (_, c) => {
        const child = fork(here, ['--watch-client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        clients.push({ child, first: c * per });
        return new Promise((resolve) => {
          child.once('message', resolve);
          child.send({ op: 'open', port: server.port, paths: paths.slice(c * per, (c + 1) * per) });
        });
      }),
    );
    const openMs = Math.max(...opened.map((m) => m.ms));
    const watchesOpen = opened.reduce((n, m) => n + m.ok, 0);
    await sleep(2000);
    const rssAfterOpen = rssMiB(server.pid);
    rss.take();
    rss.state.phase = 'writes';
    const writes = await steadyWrites(server, o.namespaces, o.rate, o.duration);
    const rssEndOfWrites = rssMiB(server.pid);
    rss.take();
    await sleep(2000);
    const reports = await Promise.all(clients.map(({ child }) => ask(child, 'report', 'report')));
    const delivery = { lags: { count: 0, max: 0, sample: [] }, outOfOrder: 0, seqInversions: 0, endedEarly: 0, missing: 0, extra: 0, watchersWrong: 0 };
    reports.forEach((r, c) => {
      // Pooling the clients' samples unweighted is fair: they hold equal shares of the watches, so alike counts.
      delivery.lags.count += r.lags.count;
      delivery.lags.max = Math.max(delivery.lags.max, r.lags.max);
      for (const lag of r.lags.sample) delivery.lags.sample.push(lag);
      delivery.outOfOrder += r.outOfOrder;
      delivery.seqInversions += r.seqInversions;
      delivery.endedEarly += r.endedEarly;
      r.events.forEach((n, k) => {
        const expected = writes.acked[nsOf(clients[c].first + k)];
        if (n !== expected) delivery.watchersWrong++;
        if (n < expected) delivery.missing += expected - n;
        else delivery.extra += n - expected;
      });
    });
    rss.state.phase = 'burst';
    const current = JSON.parse((await send(server.agent, server.port, 'GET', '/api/v1/namespaces/big/configmaps')).body).metadata.resourceVersion;
    const bursts = [];
    for (const spec of burstKinds({ ...o, port: server.port }, current)) bursts.push(await burst(spec, o.burst));
    await sleep(1000);
    rss.state.phase = 'after burst';
    rss.take();
    rss.stop();
    return { writes, rss: rss.samples, rssBeforeWatches, rssAfterOpen, rssEndOfWrites, openMs, watchesOpen, delivery, bursts, fullGCs: server.fullGCs };
  } finally {
    for (const { child } of clients) child.send({ op: 'close' });
    server.child.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------- main -----------------------------------------

async function main() {
  const o = {
    duration: option('duration', 60),
    watches: option('watches', 10_000),
    namespaces: option('namespaces', 100),
    rate: option('rate', 50),
    clients: option('clients', 4),
    maxInflight: option('max-inflight', 50),
    maxMutating: option('max-mutating-inflight', 25),
    burst: option('burst', 400),
    heapCap: option('heap-cap', 0),
  };
  const full = o.duration >= 60 && o.watches >= 10_000;
  const load = loadavg()[0] ?? 0;
  console.log(`reliability: ${o.watches} watches over ${o.namespaces} namespaces (${o.clients} client processes), ${o.rate} writes/s for ${o.duration} s; max in flight ${o.maxInflight}/${o.maxMutating}`);
  const peer = await runWithoutWatches(o);
  const main = await runWithWatches(o);
  const lat = stats(main.writes.latencies);
  const peerLat = stats(peer.writes.latencies);
  const lag = { ...stats(main.delivery.lags.sample), max: main.delivery.lags.max };
  const rssGrowth = main.rssEndOfWrites / main.rssAfterOpen;
  const bounded = rssGrowth <= 1.5;
  const okEvents = main.delivery.missing === 0 && main.delivery.extra === 0 && main.delivery.outOfOrder === 0 && main.delivery.endedEarly === 0;
  const fmt = (n) => Math.round(n * 10) / 10;
  const tables = [
    {
      title: `PUT latency at ${o.rate} writes/s for ${o.duration} s: ${o.watches.toLocaleString('en-US')} open watches vs none`,
      unit: 'ms (p99)',
      baseline: 'no watches',
      better: 'lower',
      rows: [
        { name: 'no watches', value: peerLat.p99, note: `p50 ${fmt(peerLat.p50)} ms, max ${fmt(peerLat.max)} ms; ${peer.writes.latencies.length} acknowledged` },
        { name: `${o.watches.toLocaleString('en-US')} watches`, value: lat.p99, note: `p50 ${fmt(lat.p50)} ms, max ${fmt(lat.max)} ms; ${main.writes.latencies.length} acknowledged` },
      ],
    },
    {
      title: `server RSS with ${o.watches.toLocaleString('en-US')} watches`,
      unit: 'MiB',
      baseline: 'after the watches opened',
      better: 'lower',
      rows: [
        { name: 'before the watches', value: fmt(main.rssBeforeWatches) },
        { name: 'after the watches opened', value: fmt(main.rssAfterOpen), note: `${main.watchesOpen} open in ${fmt(main.openMs / 1000)} s` },
        { name: `end of ${o.duration} s of writes`, value: fmt(main.rssEndOfWrites), note: bounded ? 'bounded (<= 1.5x after opening)' : 'GREW more than 1.5x (RSS: --heap-cap tells garbage from retained memory)' },
        { name: 'no watches, end of writes', value: fmt(peer.rss.at(-1).rssMiB) },
      ],
    },
  ];
  for (const t of tables) {
    const base = t.rows.find((r) => r.name === t.baseline);
    for (const r of t.rows) r.ratio = r.value / base.value;
    printTable(t);
  }
  console.log(`\nwatch delivery: ${main.delivery.lags.count} events, lag p50 ${fmt(lag.p50)} ms, p99 ${fmt(lag.p99)} ms, max ${fmt(lag.max)} ms;`);
  console.log(`  missing ${main.delivery.missing}, extra ${main.delivery.extra}, resourceVersion out of order ${main.delivery.outOfOrder}, watches ended early ${main.delivery.endedEarly}, watches with a wrong count ${main.delivery.watchersWrong}; client sequence inversions (concurrent PUTs applied in another order than sent) ${main.delivery.seqInversions}`);
  console.log(`writes: with watches ${main.writes.sent} sent at ${fmt(main.writes.achievedRate)}/s, failures ${JSON.stringify(main.writes.failures)}; peer failures ${JSON.stringify(peer.writes.failures)}`);
  if (o.heapCap > 0) {
    const live = (run) => run.fullGCs.map((g) => `${g.s}s ${g.phase}: ${g.liveMiB}`).join('; ');
    console.log(`live heap after each full GC (MiB), --max-old-space-size=${o.heapCap}:\n  ${o.watches} watches: ${live(main)}\n  no watches: ${live(peer)}`);
  }
  for (const b of main.bursts) console.log(`burst ${b.count} ${b.kind}: ${JSON.stringify(b.statuses)}, Retry-After ${b.retryAfter.join(',')}, p99 429 ${fmt(b.p99RejectMs)} ms, p99 admitted ${fmt(b.p99AdmittedMs)} ms`);
  if (!full && !process.argv.includes('--write')) return console.log('\n(quick run: results not written; pass --write to write them)');
  const file = writeResults('reliability', {
    title: `reliability under load: ${o.watches.toLocaleString('en-US')} watches, ${o.rate} writes/s for ${o.duration} s (kube-lite, memory storage)`,
    command: full ? 'npm run bench -- reliability' : `node bench/reliability.mjs ${process.argv.slice(2).join(' ')}`,
    tables,
    notes: [
      `1-minute load average when the run started: ${load.toFixed(2)} on ${cpus().length} cores (other processes share the machine).`,
      `kube-lite (\`packages/kube-lite/dist/cli/main.js --storage-backend memory --max-requests-inflight ${o.maxInflight} --max-mutating-requests-inflight ${o.maxMutating}\`) in its own process; ${o.namespaces} namespaces with one ConfigMap each (~300 bytes of data); writes are PUTs sent open-loop every ${fmt(1000 / o.rate)} ms, round robin over the namespaces.`,
      `${o.watches.toLocaleString('en-US')} watches (${o.watches / o.namespaces} per namespace, from the resource version after setup) held as raw HTTP/1.1 sockets by ${o.clients} client processes; no \`ulimit -n\` change was needed (open-file limit ${openFileLimit()} per process; the server holds ${o.watches} watch sockets, each client process ${Math.ceil(o.watches / o.clients)}).`,
      `Watch delivery: ${main.delivery.lags.count.toLocaleString('en-US')} events received, lag (write sent to event received; percentiles from a uniform sample of ${main.delivery.lags.sample.length.toLocaleString('en-US')}) p50 ${fmt(lag.p50)} ms, p99 ${fmt(lag.p99)} ms, max ${fmt(lag.max)} ms; missing ${main.delivery.missing}, duplicated ${main.delivery.extra}, resourceVersion out of order ${main.delivery.outOfOrder}, watches ended early ${main.delivery.endedEarly} (every watch compared with the acknowledged writes of its namespace).`,
      ...main.bursts.map(
        (b) =>
          `Burst of ${b.count} ${b.kind} requests at once, each on its own connection (${b.what}), limit ${b.limit}: ${Object.entries(b.statuses).map(([s, n]) => `${n} × ${s}`).join(', ')}; 429s carry Retry-After ${b.retryAfter.join(',') || '-'}; p99 time to a 429 ${fmt(b.p99RejectMs)} ms, to the status line of an admitted request ${fmt(b.p99AdmittedMs)} ms.`,
      ),
      `Write failures: with watches ${JSON.stringify(main.writes.failures)}, without ${JSON.stringify(peer.writes.failures)}. RSS growth during the writes ${fmt((rssGrowth - 1) * 100)}% (bounded means at most 50%; the memory backend keeps every revision until its 5-minute compaction, about ${o.rate * o.duration} revisions here).`,
    ],
  });
  extendResults(file, {
    series: { title: `kube-lite RSS over time (MiB), ${o.watches.toLocaleString('en-US')} watches vs none`, unit: 'MiB', lines: { [`${o.watches} watches`]: main.rss, 'no watches': peer.rss } },
    checks: { rssBounded: bounded, eventsExact: okEvents, burstsWith429: main.bursts.filter((b) => (b.statuses[429] ?? 0) > 0).map((b) => b.kind) },
    ...(o.heapCap > 0 && { fullGCs: { heapCapMiB: o.heapCap, watches: main.fullGCs, none: peer.fullGCs } }),
  });
  console.log(`\nwrote ${file}`);
}

if (process.argv.includes('--watch-client')) watchClient();
else await main();
